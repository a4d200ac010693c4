// Distributed morphology: argument agreement across ranks, the overlapped halo exchange, and the
// blocks each rank filters with CuMed::Morphology's single-process code (see SlabBlocks.h).
#include "cumed/parallel/DistributedMorphology.h"

#include "SlabBlocks.h"
#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/HaloExchange.h"
#include "cumed/parallel/RankTools.h"
#include "cumed/parallel/SlabGeometry.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

namespace cumed::parallel {

namespace morph = cumed::morphology;

std::int64_t HaloPlanes(const morph::StructuringElement& element,
                        morph::GrayscaleOperation operation) {
  // The gradient filters the input twice, each pass reading one reach; open, close and the
  // top-hats filter the first pass's result again, so their planes depend on twice the reach.
  const bool twoPasses = operation != morph::GrayscaleOperation::Dilate &&
                         operation != morph::GrayscaleOperation::Erode &&
                         operation != morph::GrayscaleOperation::Gradient;
  return std::int64_t(element.reach()[2]) * (twoPasses ? 2 : 1);
}

std::int64_t HaloPlanes(const morph::StructuringElement& element,
                        morph::BinaryOperation operation) {
  const bool twoPasses =
      operation == morph::BinaryOperation::Open || operation == morph::BinaryOperation::Close;
  return std::int64_t(element.reach()[2]) * (twoPasses ? 2 : 1);
}

namespace {

std::string SizeText(const std::array<std::size_t, 3>& size) {
  return std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" + std::to_string(size[2]);
}

/// FNV-1a: a short name for a mask or a partition in the agreement text.
struct Fnv {
  std::uint64_t value = 1469598103934665603ull;
  void add(const void* data, std::size_t bytes) {
    for (std::size_t i = 0; i < bytes; ++i) {
      value ^= static_cast<const unsigned char*>(data)[i];
      value *= 1099511628211ull;
    }
  }
  std::string text() const {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
    return buffer;
  }
};

std::string Describe(const std::vector<Slab>& slabs, const ImageGeometry& global,
                     const morph::StructuringElement& element) {
  Fnv mask, partition;
  mask.add(element.size().data(), sizeof(std::size_t) * 3);
  mask.add(element.mask().data(), element.mask().size());
  for (const Slab& slab : slabs) partition.add(&slab, sizeof slab);
  return " of a " + SizeText(global.size) + " volume in " + std::to_string(slabs.size()) +
         " slabs (partition " + partition.text() + "), element " + SizeText(element.size()) +
         " (mask " + mask.text() + ")";
}

std::string OptionalText(const std::optional<double>& value) {
  return value ? std::to_string(*value) : std::string("default");
}

template <class T>
void CheckArguments(const Communicator& comm, const std::vector<Slab>& slabs,
                    const ImageView<const T>& owned, const ImageView<T>& output,
                    const ImageGeometry& global) {
  const std::string where = "distributed morphology: ";
  global.validate();
  if (slabs.size() != std::size_t(comm.size()))
    throw InvalidArgument(where + std::to_string(slabs.size()) + " slabs for " +
                          std::to_string(comm.size()) + " ranks");
  CheckPartition(slabs, std::int64_t(global.size[2]));
  const Slab own = slabs[std::size_t(comm.rank())];
  const std::array<std::size_t, 3> expected{global.size[0], global.size[1],
                                            std::size_t(own.planes())};
  const auto check = [&](const char* name, const auto& view) {
    if (view.geometry.size != expected)
      throw InvalidArgument(where + "the " + name + " slab is " + SizeText(view.geometry.size) +
                            ", expected " + SizeText(expected) + " (planes " +
                            std::to_string(own.begin) + " to " + std::to_string(own.end) +
                            " of the " + SizeText(global.size) + " volume)");
    if (view.location != MemoryLocation::Host)
      throw InvalidArgument(where + "the " + name + " slab must be in host memory");
    if (view.components != 1)
      throw InvalidArgument(where + "scalar images only, but the " + name + " slab has " +
                            std::to_string(view.components) + " components per pixel");
    if (!own.empty() && !view.data) throw InvalidArgument(where + "null " + name + " data");
  };
  check("input", owned);
  check("output", output);
  if (!own.empty() && static_cast<const void*>(owned.data) == static_cast<const void*>(output.data))
    throw InvalidArgument(where + "input and output must be different buffers");
}

/// ExecutionOptions for one block: its progress is its share of all the rank's block planes.
template <class Options>
Options BlockOptions(const Options& options, double done, double planes, double total) {
  Options block = options;
  if (options.progress && total > 0)
    block.progress = [progress = options.progress, done, planes, total](double fraction) {
      progress(std::min(1.0, (done + fraction * planes) / total));
    };
  return block;
}

/// Runs `filter(blockIn, blockOut, options)` (the single-process operation) on the blocks of the
/// plan, the interior ones while the halos travel.
template <class T, class Options, class Filter>
void RunDistributed(const Communicator& comm, const std::vector<Slab>& slabs,
                    ImageView<const T> owned, ImageView<T> output, const ImageGeometry& global,
                    std::int64_t halo, const std::string& description, const Options& options,
                    const std::string& localProblem, const Filter& filter) {
  const std::string reference = BroadcastText(comm, description);
  std::vector<T> block; // halo below + own slab + halo above; outlives the exchange
  std::optional<HaloExchange> exchange;
  std::size_t planeVoxels = 0;
  RunCollectively(comm, [&] {
    if (!localProblem.empty()) throw InvalidArgument(localProblem);
    CheckArguments(comm, slabs, owned, output, global);
    if (description != reference)
      throw InvalidArgument("distributed morphology: this rank was asked for" + description +
                            ", but rank 0 for" + reference);
    planeVoxels = global.size[0] * global.size[1];
    exchange.emplace(comm, slabs, planeVoxels * sizeof(T), halo, halo);
    block.resize(std::size_t(exchange->extent().all().planes()) * planeVoxels);
    const Slab own = exchange->extent().owned;
    if (!own.empty())
      std::memcpy(block.data() +
                      std::size_t(own.begin - exchange->extent().all().begin) * planeVoxels,
                  owned.data, std::size_t(own.planes()) * planeVoxels * sizeof(T));
  });
  const HaloExtent extent = exchange->extent();
  const detail::BlockPlan plan = detail::PlanBlocks(extent, std::int64_t(global.size[2]), halo);
  double total = 0, done = 0;
  for (const auto* passes : {&plan.interior, &plan.border})
    for (const auto& pass : *passes) total += double(pass.input.planes());

  std::vector<T> result;
  const auto run = [&](const detail::BlockPass& pass, const T* source) {
    const ImageGeometry geometry = PlanesGeometry(global, pass.input);
    result.resize(geometry.numberOfPixels());
    filter(ImageView<const T>{source, geometry, MemoryLocation::Host, 1},
           ImageView<T>{result.data(), geometry, MemoryLocation::Host, 1},
           BlockOptions(options, done, double(pass.input.planes()), total));
    done += double(pass.input.planes());
    std::memcpy(output.data + std::size_t(pass.output.begin - extent.owned.begin) * planeVoxels,
                result.data() + std::size_t(pass.output.begin - pass.input.begin) * planeVoxels,
                std::size_t(pass.output.planes()) * planeVoxels * sizeof(T));
  };

  exchange->start(block.data());
  RunCollectively(comm, [&] {
    for (const auto& pass : plan.interior)
      run(pass, owned.data + std::size_t(pass.input.begin - extent.owned.begin) * planeVoxels);
  });
  exchange->finish();
  RunCollectively(comm, [&] {
    for (const auto& pass : plan.border)
      run(pass, block.data() + std::size_t(pass.input.begin - extent.all().begin) * planeVoxels);
  });
}

} // namespace

namespace {

template <class T>
void GrayscaleChecked(const Communicator& comm, const std::vector<Slab>& slabs,
                      ImageView<const T> owned, ImageView<T> ownedOutput,
                      const ImageGeometry& global, const morph::StructuringElement& element,
                      morph::GrayscaleOperation operation, const morph::GrayscaleOptions& options,
                      const std::string& localProblem) {
  const std::string description = std::string(" ") + ToString(PixelTypeOf<T>()) + " " +
                                  morph::ToString(operation) + Describe(slabs, global, element) +
                                  ", boundary " + OptionalText(options.boundary) +
                                  ", safe border " + (options.safeBorder ? "on" : "off");
  RunDistributed(comm, slabs, owned, ownedOutput, global, HaloPlanes(element, operation),
                 description, options, localProblem,
                 [&](ImageView<const T> in, ImageView<T> out, const morph::GrayscaleOptions& o) {
                   morph::Grayscale<T>(in, out, element, operation, o);
                 });
}

template <class T>
void BinaryChecked(const Communicator& comm, const std::vector<Slab>& slabs,
                   ImageView<const T> owned, ImageView<T> ownedOutput, const ImageGeometry& global,
                   const morph::StructuringElement& element, morph::BinaryOperation operation,
                   const morph::BinaryOptions& options, const std::string& localProblem) {
  const std::string description =
      std::string(" ") + ToString(PixelTypeOf<T>()) + " " + morph::ToString(operation) +
      Describe(slabs, global, element) + ", foreground " + std::to_string(options.foreground) +
      ", background " + OptionalText(options.background) + ", boundary to foreground " +
      (options.boundaryToForeground ? (*options.boundaryToForeground ? "on" : "off") : "default") +
      ", safe border " + (options.safeBorder ? "on" : "off");
  RunDistributed(comm, slabs, owned, ownedOutput, global, HaloPlanes(element, operation),
                 description, options, localProblem,
                 [&](ImageView<const T> in, ImageView<T> out, const morph::BinaryOptions& o) {
                   morph::Binary<T>(in, out, element, operation, o);
                 });
}

/// The type-erased forms: allocate this rank's result and hand a local problem (wrong pixel
/// type, no memory) to the collective check instead of throwing alone, which would leave the
/// other ranks waiting.
template <class Run>
Image OnImages(const Communicator& comm, const std::vector<Slab>& slabs, const Image& owned,
               PixelType pixelType, const ImageGeometry& global, const Run& run) {
  std::string problem;
  Image result;
  const std::size_t rank = std::size_t(comm.rank());
  const bool holdsPlanes = rank < slabs.size() && !slabs[rank].empty();
  try {
    if (holdsPlanes && owned.pixelType() != pixelType)
      throw InvalidArgument(std::string("distributed morphology: the input slab is ") +
                            ToString(owned.pixelType()) + ", but the ranks compute on " +
                            ToString(pixelType));
    if (holdsPlanes)
      result =
          Image::Allocate(pixelType, PlanesGeometry(global, slabs[rank]), MemoryLocation::Host);
  } catch (const std::exception& error) {
    problem = error.what();
  }
  const auto typed = [&](auto zero) {
    using T = decltype(zero);
    ImageView<const T> in{nullptr, PlanesGeometry(global, Slab{}), MemoryLocation::Host, 1};
    ImageView<T> out{nullptr, in.geometry, MemoryLocation::Host, 1};
    if (problem.empty() && holdsPlanes) {
      in = owned.view<T>();
      out = result.view<T>();
    }
    run(in, out, problem);
  };
  WithPixelType(pixelType, typed);
  return result;
}

} // namespace

template <class T>
void DistributedGrayscale(const Communicator& comm, const std::vector<Slab>& slabs,
                          ImageView<const T> owned, ImageView<T> ownedOutput,
                          const ImageGeometry& global, const morph::StructuringElement& element,
                          morph::GrayscaleOperation operation,
                          const morph::GrayscaleOptions& options) {
  GrayscaleChecked(comm, slabs, owned, ownedOutput, global, element, operation, options, {});
}

template <class T>
void DistributedBinary(const Communicator& comm, const std::vector<Slab>& slabs,
                       ImageView<const T> owned, ImageView<T> ownedOutput,
                       const ImageGeometry& global, const morph::StructuringElement& element,
                       morph::BinaryOperation operation, const morph::BinaryOptions& options) {
  BinaryChecked(comm, slabs, owned, ownedOutput, global, element, operation, options, {});
}

Image DistributedGrayscale(const Communicator& comm, const std::vector<Slab>& slabs,
                           const Image& owned, PixelType pixelType, const ImageGeometry& global,
                           const morph::StructuringElement& element,
                           morph::GrayscaleOperation operation,
                           const morph::GrayscaleOptions& options) {
  return OnImages(
      comm, slabs, owned, pixelType, global, [&](auto in, auto out, const std::string& problem) {
        GrayscaleChecked(comm, slabs, in, out, global, element, operation, options, problem);
      });
}

Image DistributedBinary(const Communicator& comm, const std::vector<Slab>& slabs,
                        const Image& owned, PixelType pixelType, const ImageGeometry& global,
                        const morph::StructuringElement& element, morph::BinaryOperation operation,
                        const morph::BinaryOptions& options) {
  return OnImages(
      comm, slabs, owned, pixelType, global, [&](auto in, auto out, const std::string& problem) {
        BinaryChecked(comm, slabs, in, out, global, element, operation, options, problem);
      });
}

Image DistributedOperation(const Communicator& comm, const std::vector<Slab>& slabs,
                           const Image& owned, PixelType pixelType, const ImageGeometry& global,
                           const morph::StructuringElement& element,
                           const morph::Operation& operation,
                           const morph::OperationOptions& options) {
  if (operation.binary) {
    return DistributedBinary(comm, slabs, owned, pixelType, global, element,
                             operation.binaryOperation, morph::BinaryOptionsOf(operation, options));
  }
  return DistributedGrayscale(comm, slabs, owned, pixelType, global, element, operation.grayscale,
                              morph::GrayscaleOptionsOf(options));
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template void DistributedGrayscale<T>(                                                           \
      const Communicator&, const std::vector<Slab>&, ImageView<const T>, ImageView<T>,             \
      const ImageGeometry&, const morph::StructuringElement&, morph::GrayscaleOperation,           \
      const morph::GrayscaleOptions&);                                                             \
  template void DistributedBinary<T>(const Communicator&, const std::vector<Slab>&,                \
                                     ImageView<const T>, ImageView<T>, const ImageGeometry&,       \
                                     const morph::StructuringElement&, morph::BinaryOperation,     \
                                     const morph::BinaryOptions&);
CUMED_FOR_EACH_PIXEL_TYPE(CUMED_INSTANTIATE)
#undef CUMED_INSTANTIATE

} // namespace cumed::parallel
