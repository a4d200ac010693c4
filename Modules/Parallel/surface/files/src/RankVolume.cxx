#include "cumed/parallel/RankVolume.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/HaloExchange.h"

#include <itkImageFileReader.h>

#include <cstring>

namespace cumed::parallel {
namespace fs = std::filesystem;

namespace {

/// The rank's image of the extent's planes (empty for an empty slab).
Image AllocatePlanes(PixelType type, const ImageGeometry& whole, const HaloExtent& extent) {
  if (extent.owned.empty()) return Image();
  ImageGeometry local = whole;
  local.size[2] = static_cast<std::size_t>(extent.all().planes());
  return Image::Allocate(type, local, MemoryLocation::Host);
}

std::size_t PlaneBytes(const ImageGeometry& whole, PixelType type) {
  return whole.size[0] * whole.size[1] * SizeOf(type);
}

/// The pixel type a file is read as: its own when CuMed contours it, else float.
PixelType ReadTypeOf(itk::IOComponentEnum component) {
  switch (component) {
  case itk::IOComponentEnum::UCHAR:
    return PixelType::UInt8;
  case itk::IOComponentEnum::SHORT:
    return PixelType::Int16;
  case itk::IOComponentEnum::USHORT:
    return PixelType::UInt16;
  default:
    return PixelType::Float32;
  }
}

/// Reads planes `owned` of `file` into `planes` at plane `at`; says whether ITK streamed them.
template <class T>
bool ReadOwnPlanes(const fs::path& file, const Slab& owned, const ImageGeometry& whole,
                   Image& planes, std::int64_t at) {
  using ItkImage = itk::Image<T, 3>;
  auto reader = itk::ImageFileReader<ItkImage>::New();
  reader->SetFileName(file.string());
  typename ItkImage::RegionType region;
  region.SetIndex({0, 0, owned.begin});
  region.SetSize({whole.size[0], whole.size[1], static_cast<itk::SizeValueType>(owned.planes())});
  try {
    reader->UpdateOutputInformation();
    reader->GetOutput()->SetRequestedRegion(region);
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("INPUT '" + file.string() + "': reading planes [" +
                       std::to_string(owned.begin) + ", " + std::to_string(owned.end) +
                       ") failed: " + io::ItkErrorText(e));
  }
  const ItkImage* image = reader->GetOutput();
  const auto buffered = image->GetBufferedRegion();
  const std::size_t plane = whole.size[0] * whole.size[1];
  // A reader that cannot stream hands back more than the region: copy the region's planes.
  const T* from = image->GetBufferPointer() + (owned.begin - buffered.GetIndex()[2]) * plane;
  std::memcpy(static_cast<T*>(planes.data()) + at * plane, from,
              owned.planes() * plane * sizeof(T));
  return buffered.GetSize()[2] == static_cast<itk::SizeValueType>(owned.planes()) &&
         buffered.GetNumberOfPixels() == region.GetNumberOfPixels();
}

ImageGeometry GeometryOfHeader(const itk::ImageIOBase& io, const fs::path& file) {
  if (io.GetNumberOfDimensions() != 3) {
    throw cumed::Error("INPUT '" + file.string() + "' is a " +
                       std::to_string(io.GetNumberOfDimensions()) +
                       "D image; an isosurface needs a 3D volume");
  }
  ImageGeometry g;
  for (unsigned c = 0; c < 3; ++c) {
    g.size[c] = io.GetDimensions(c);
    g.spacing[c] = io.GetSpacing(c);
    g.origin[c] = io.GetOrigin(c);
    const auto column = io.GetDirection(c);
    for (unsigned r = 0; r < 3; ++r) g.direction[3 * r + c] = column[r];
  }
  return g;
}

RankVolume ReadItkVolumeFile(const Communicator& comm, const fs::path& file,
                             const surface::IsosurfaceOptions& options) {
  RankVolume input;
  PixelType type = PixelType::Float32;
  RunCollectively(comm, [&] {
    // The memory check is the rank's own (its planes), not the whole volume's: copies 0.
    const auto io =
        io::ReadScalarItkImageHeader(file, "an isosurface needs one value per voxel", {0, 0});
    input.whole = GeometryOfHeader(*io, file);
    type = ReadTypeOf(io->GetComponentType());
    input.slabs = PartitionPlanes(static_cast<std::int64_t>(input.whole.size[2]), comm.size());
  });
  const HaloExtent extent = IsosurfaceExtentOf(input.slabs, comm.rank(), options);
  int streamed = 1;
  RunCollectively(comm, [&] {
    input.planes = AllocatePlanes(type, input.whole, extent);
    if (extent.owned.empty()) return;
    const std::int64_t at = extent.owned.begin - extent.all().begin;
    bool whole = false;
    switch (type) {
    case PixelType::UInt8:
      whole = !ReadOwnPlanes<std::uint8_t>(file, extent.owned, input.whole, input.planes, at);
      break;
    case PixelType::Int16:
      whole = !ReadOwnPlanes<std::int16_t>(file, extent.owned, input.whole, input.planes, at);
      break;
    case PixelType::UInt16:
      whole = !ReadOwnPlanes<std::uint16_t>(file, extent.owned, input.whole, input.planes, at);
      break;
    case PixelType::Float32:
      whole = !ReadOwnPlanes<float>(file, extent.owned, input.whole, input.planes, at);
      break;
    }
    streamed = whole ? 0 : 1;
  });
  int allStreamed = 1;
  CUMED_MPI_CHECK(MPI_Allreduce(&streamed, &allStreamed, 1, MPI_INT, MPI_MIN, comm.native()));
  input.source = allStreamed ? "streamed" : "read whole and cropped";
  return input;
}

RankVolume ReadDicomDirectory(const Communicator& comm, const fs::path& directory,
                              const surface::IsosurfaceOptions& options,
                              const std::string& choice) {
  RankVolume input;
  std::unique_ptr<io::CtSeries> series;
  RunCollectively(comm, [&] {
    if (comm.rank() != 0) return;
    io::DicomReadOptions read;
    read.series = choice;
    series = std::make_unique<io::CtSeries>(io::ReadDicomCtSeries(directory.string(), read));
    const auto& image = *series->image;
    const auto size = image.GetLargestPossibleRegion().GetSize();
    for (int r = 0; r < 3; ++r) {
      input.whole.size[r] = size[r];
      input.whole.spacing[r] = image.GetSpacing()[r];
      input.whole.origin[r] = image.GetOrigin()[r];
      for (int c = 0; c < 3; ++c) input.whole.direction[3 * r + c] = image.GetDirection()[r][c];
    }
  });
  std::uint64_t size[3] = {input.whole.size[0], input.whole.size[1], input.whole.size[2]};
  CUMED_MPI_CHECK(MPI_Bcast(size, 3, MPI_UINT64_T, 0, comm.native()));
  CUMED_MPI_CHECK(MPI_Bcast(input.whole.spacing.data(), 3, MPI_DOUBLE, 0, comm.native()));
  CUMED_MPI_CHECK(MPI_Bcast(input.whole.origin.data(), 3, MPI_DOUBLE, 0, comm.native()));
  CUMED_MPI_CHECK(MPI_Bcast(input.whole.direction.data(), 9, MPI_DOUBLE, 0, comm.native()));
  for (int a = 0; a < 3; ++a) input.whole.size[a] = static_cast<std::size_t>(size[a]);
  input.slabs = PartitionPlanes(static_cast<std::int64_t>(input.whole.size[2]), comm.size());
  const HaloExtent extent = IsosurfaceExtentOf(input.slabs, comm.rank(), options);
  RunCollectively(comm,
                  [&] { input.planes = AllocatePlanes(PixelType::Int16, input.whole, extent); });
  const std::size_t planeBytes = PlaneBytes(input.whole, PixelType::Int16);
  char* owned = extent.owned.empty() ? nullptr
                                     : static_cast<char*>(input.planes.data()) +
                                           (extent.owned.begin - extent.all().begin) * planeBytes;
  ScatterSlabs(comm, input.slabs, planeBytes, series ? series->image->GetBufferPointer() : nullptr,
               owned);
  input.source = "scattered";
  return input;
}

} // namespace

RankVolume ReadRankVolume(const Communicator& comm, const fs::path& input,
                          const surface::IsosurfaceOptions& options, const std::string& series) {
  bool directory = false;
  RunCollectively(comm, [&] {
    std::error_code error;
    const auto status = fs::status(input, error);
    if (!fs::exists(status)) throw cumed::Error("INPUT '" + input.string() + "' does not exist");
    directory = fs::is_directory(status);
  });
  return directory ? ReadDicomDirectory(comm, input, options, series)
                   : ReadItkVolumeFile(comm, input, options);
}

} // namespace cumed::parallel
