#pragma once
// Grayscale and binary morphology of one volume split into z-slabs over the ranks of a
// communicator, identical voxel for voxel to cumed::morphology::Grayscale / Binary on the whole
// volume (ITK's boundary and SafeBorder semantics at the volume's faces, never at slab cuts).
//
// Each rank passes its own planes (slabs[rank] of the global volume) and receives its own planes
// of the result. The halo is the element's z-reach for dilate, erode and gradient, and twice it
// for the two-pass operations (open, close, top-hats), fetched in one nonblocking exchange while
// the rank filters its slab alone (whose planes at least a halo away from a cut are already
// right); the planes near the cuts are then filtered from the halo-extended block.
// Every rank must call with the same slabs, global geometry, element, operation and options;
// any rank's bad argument or failure makes every rank throw RankFailed with the same message.
#include "cumed/core/Image.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/morphology/Operation.h"
#include "cumed/morphology/StructuringElement.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/SlabPartition.h"

#include <cstdint>
#include <vector>

namespace cumed::parallel {

/// Planes of halo one rank needs on each side: reach()[2] for one-pass operations and the
/// gradient, 2 * reach()[2] for open, close and the top-hats.
std::int64_t HaloPlanes(const morphology::StructuringElement& element,
                        morphology::GrayscaleOperation operation);
std::int64_t HaloPlanes(const morphology::StructuringElement& element,
                        morphology::BinaryOperation operation);

/// `owned` and `ownedOutput`: host images of size global.x * global.y * slabs[rank].planes()
/// (an empty slab: zero planes, data may be null); different buffers. options.backend picks
/// where each block is filtered (CUDA uploads the host blocks); progress counts all blocks;
/// options.report describes the last block filtered.
template <class T>
void DistributedGrayscale(const Communicator& comm, const std::vector<Slab>& slabs,
                          ImageView<const T> owned, ImageView<T> ownedOutput,
                          const ImageGeometry& global,
                          const morphology::StructuringElement& element,
                          morphology::GrayscaleOperation operation,
                          const morphology::GrayscaleOptions& options = {});

template <class T>
void DistributedBinary(const Communicator& comm, const std::vector<Slab>& slabs,
                       ImageView<const T> owned, ImageView<T> ownedOutput,
                       const ImageGeometry& global, const morphology::StructuringElement& element,
                       morphology::BinaryOperation operation,
                       const morphology::BinaryOptions& options);

/// Type-erased forms: the result's planes of this rank in a new host image of `owned`'s pixel
/// type and geometry (an empty Image on a rank whose slab is empty; `owned` is then ignored and
/// `pixelType` says the type every rank uses).
Image DistributedGrayscale(const Communicator& comm, const std::vector<Slab>& slabs,
                           const Image& owned, PixelType pixelType, const ImageGeometry& global,
                           const morphology::StructuringElement& element,
                           morphology::GrayscaleOperation operation,
                           const morphology::GrayscaleOptions& options = {});
Image DistributedBinary(const Communicator& comm, const std::vector<Slab>& slabs,
                        const Image& owned, PixelType pixelType, const ImageGeometry& global,
                        const morphology::StructuringElement& element,
                        morphology::BinaryOperation operation,
                        const morphology::BinaryOptions& options);

/// An operation given by name (cumed/morphology/Operation.h): DistributedBinary or
/// DistributedGrayscale with the options `options` sets for it. Throws InvalidArgument (on every
/// rank, before any communication) for a binary operation without a foreground.
Image DistributedOperation(const Communicator& comm, const std::vector<Slab>& slabs,
                           const Image& owned, PixelType pixelType, const ImageGeometry& global,
                           const morphology::StructuringElement& element,
                           const morphology::Operation& operation,
                           const morphology::OperationOptions& options);

} // namespace cumed::parallel
