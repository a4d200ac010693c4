#include "HounsfieldVolumeReader.h"

#include "JpegDecoderWarnings.h"
#include "NumberText.h"
#include "cumed/core/Log.h"

#include <gdcmImageHelper.h>
#include <itkGDCMImageIO.h>
#include <itkImageFileReader.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>

namespace cumed::io::detail {
namespace {

// GDCMImageIO applies RescaleSlope/Intercept (into double where they are not integers). Reading
// into double keeps every value it can produce exact within (and well beyond) the int16 range,
// so values outside it are detected instead of wrapping, and fractions are rounded from the
// value GDCM computed.
using SliceImage = itk::Image<double, 2>;
using IOComponent = itk::IOComponentEnum;

// A decoded value this close to an integer (relative) is that integer: slope x stored +
// intercept in double is off by a few ulp where the exact result is whole (2.0002 x 5000).
constexpr double kIntegerTolerance = 1e-9;

// Converts decoded values as ImageFileReader<double image> does (static_cast to double), then to
// int16, rounding non-integers when `rounding` is set. Returns the error for the first value
// that is not an int16 integer (after any rounding), "" when none.
template <class T>
std::string StoreHounsfield(const T* in, std::size_t columns, std::size_t count, std::int16_t* out,
                            const std::string& file, HounsfieldRounding* rounding) {
  for (std::size_t i = 0; i < count; ++i) {
    const double value = static_cast<double>(in[i]);
    const double nearest = std::round(value);
    const double fraction = std::abs(value - nearest);
    const bool whole = fraction <= kIntegerTolerance * std::max(1.0, std::abs(value));
    if (!whole && rounding) {
      ++rounding->roundedValues;
      rounding->maxRoundingHu = std::max(rounding->maxRoundingHu, fraction);
    }
    if (!(nearest >= std::numeric_limits<std::int16_t>::min() &&
          nearest <= std::numeric_limits<std::int16_t>::max()) ||
        (!whole && !rounding))
      return file + ": Hounsfield value " + FormatNumber(value) + " at column " +
             std::to_string(i % columns) + ", row " + std::to_string(i / columns) +
             " is not an int16 value";
    out[i] = static_cast<std::int16_t>(nearest);
  }
  return {};
}

// libjpeg decodes on after a corrupt-data warning, filling in wrong values: for CT an error.
std::string DamagedJpegMessage(const std::string& file, const std::string& warning) {
  return file + ": the JPEG decoder reported damaged compressed " + Describe(kPixelData) + " ('" +
         warning + "'); its values would be wrong";
}

// The reference path: ITK's reader pipeline, as the reader has always decoded a slice. Used for
// what the direct path below leaves to it (damaged files, unusual pixel layouts), on the calling
// thread, so that those slices give exactly the result and the message they always gave.
void ReadSliceThroughPipeline(const std::string& file, std::size_t columns, std::size_t rows,
                              std::int16_t* out, HounsfieldRounding* rounding) {
  auto reader = itk::ImageFileReader<SliceImage>::New();
  reader->SetImageIO(itk::GDCMImageIO::New());
  reader->SetFileName(file);
  const JpegWarningCapture jpegWarnings;
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& error) {
    throw DicomError(
        file + ": cannot read the pixel data with ITK's GDCMImageIO: " + error.GetDescription());
  }
  if (!jpegWarnings.FirstWarning().empty())
    throw DicomError(DamagedJpegMessage(file, jpegWarnings.FirstWarning()));
  SliceImage::Pointer slice = reader->GetOutput();
  const SliceImage::SizeType size = slice->GetLargestPossibleRegion().GetSize();
  if (size[0] != columns || size[1] != rows)
    throw DicomError(file + ": ITK decoded " + std::to_string(size[0]) + " x " +
                     std::to_string(size[1]) + " pixels but the header says " +
                     std::to_string(columns) + " x " + std::to_string(rows));
  const std::string error =
      StoreHounsfield(slice->GetBufferPointer(), columns, columns * rows, out, file, rounding);
  if (!error.empty()) throw DicomError(error);
}

// ImageFileReader first asks GDCMImageIO::CanReadFile, which accepts a file with "DICM" at
// offset 128 exactly when GDCM parses it, as ReadImageInformation does again. Files without the
// marker are left to the pipeline, whose sniffing for raw data sets is ITK's own.
bool HasPartTenMarker(const std::string& file) {
  std::ifstream stream(file, std::ios::binary);
  char marker[4] = {};
  stream.seekg(128);
  stream.read(marker, sizeof(marker));
  return stream.gcount() == 4 && std::memcmp(marker, "DICM", 4) == 0;
}

// Outcome of one slice on a worker thread.
struct SliceDecode {
  bool done = false;           ///< the slice is in the volume
  std::string valueError;      ///< a value that is not int16, or JPEG damage (done stays false)
  HounsfieldRounding rounding; ///< what rounding changed in this slice
  std::exception_ptr failure;  ///< anything else that went wrong (e.g. out of memory)
};

// Decodes one slice with GDCMImageIO alone: ReadImageInformation + Read, without the pipeline
// (and without CanReadFile, which would parse the file a third time). int16 output is read
// straight into the volume; other types go through `scratch` (one slice) and the int16 check.
// Returns false, leaving the slice to the pipeline, where the pipeline could differ: a failure
// (its message is the pipeline's), several components (palette colour), an unexpected size.
bool DecodeDirect(itk::GDCMImageIO& io, const std::string& file, std::size_t columns,
                  std::size_t rows, std::vector<char>& scratch, std::int16_t* out,
                  std::string& valueError, HounsfieldRounding* rounding) {
  if (!HasPartTenMarker(file)) return false;
  const JpegWarningCapture jpegWarnings;
  const auto damaged = [&] {
    if (jpegWarnings.FirstWarning().empty()) return false;
    valueError = DamagedJpegMessage(file, jpegWarnings.FirstWarning());
    return true;
  };
  try {
    io.SetFileName(file);
    io.ReadImageInformation();
    if (io.GetNumberOfComponents() != 1 || io.GetPixelType() != itk::IOPixelEnum::SCALAR ||
        io.GetDimensions(0) != columns || io.GetDimensions(1) != rows)
      return false;
    for (unsigned int d = 2; d < io.GetNumberOfDimensions(); ++d)
      if (io.GetDimensions(d) != 1) return false;
    const std::size_t count = columns * rows;
    const IOComponent type = io.GetComponentType();
    if (type == IOComponent::SHORT) { // int16 HU: every value fits, nothing to check
      if (io.GetImageSizeInBytes() != count * sizeof(std::int16_t)) return false;
      io.Read(out);
      return !damaged();
    }
    scratch.resize(io.GetImageSizeInBytes());
    const auto store = [&](auto* typed) {
      if (scratch.size() != count * sizeof(*typed)) return false;
      io.Read(scratch.data());
      if (damaged()) return false;
      valueError = StoreHounsfield(typed, columns, count, out, file, rounding);
      return valueError.empty();
    };
    const char* data = scratch.data();
    switch (type) { // the types GDCMImageIO produces, read as ImageFileReader reads them
    case IOComponent::CHAR:
      return store(reinterpret_cast<const char*>(data));
    case IOComponent::UCHAR:
      return store(reinterpret_cast<const unsigned char*>(data));
    case IOComponent::USHORT:
      return store(reinterpret_cast<const unsigned short*>(data));
    case IOComponent::INT:
      return store(reinterpret_cast<const int*>(data));
    case IOComponent::UINT:
      return store(reinterpret_cast<const unsigned int*>(data));
    case IOComponent::FLOAT:
      return store(reinterpret_cast<const float*>(data));
    case IOComponent::DOUBLE:
      return store(reinterpret_cast<const double*>(data));
    default:
      return false;
    }
  } catch (const itk::ExceptionObject&) {
    damaged();    // a decoder warning explains the failure better than the pipeline would
    return false; // else the pipeline reads it again and words the error as it always has
  }
}

} // namespace

HounsfieldImage::Pointer ReadHounsfieldVolume(const std::vector<std::string>& sortedFiles,
                                              const SliceStackGeometry& geometry, int threads,
                                              HounsfieldRounding* rounding) {
  HounsfieldImage::Pointer volume = AllocateHounsfieldVolume(geometry);
  const std::size_t columns = geometry.size[0];
  const std::size_t rows = geometry.size[1];
  std::int16_t* out = volume->GetBufferPointer();
  const long slices = static_cast<long>(sortedFiles.size());
  const int workers = static_cast<int>(std::max(1L, std::min<long>(threads, slices)));

  // One GDCMImageIO per slice, made here: New() goes through ITK's object factories, which the
  // workers then never touch. Each IO object is used by one thread only.
  std::vector<itk::GDCMImageIO::Pointer> ios(sortedFiles.size());
  for (auto& io : ios) io = itk::GDCMImageIO::New();
  // GDCMImageIO::ReadImageInformation sets this GDCM-wide flag to true on every call (a plain
  // static bool, the one global that reading writes). Set here first, the workers' stores only
  // rewrite the value it already has, and GDCM's reads of it during decoding see true. Still a
  // formal data race; not locked, since the lock would have to cover the whole
  // ReadImageInformation (a full parse of the file).
  gdcm::ImageHelper::SetForceRescaleInterceptSlope(true);

  std::vector<SliceDecode> decoded(sortedFiles.size());
  std::vector<std::vector<char>> scratch(static_cast<std::size_t>(workers));
#pragma omp parallel for num_threads(workers) schedule(dynamic, 1)
  for (long k = 0; k < slices; ++k) {
    SliceDecode& result = decoded[k];
    try { // nothing may leave the region: failures are kept and rethrown below in slice order
      result.done = DecodeDirect(*ios[k], sortedFiles[k], columns, rows,
                                 scratch[omp_get_thread_num()], out + k * columns * rows,
                                 result.valueError, rounding ? &result.rounding : nullptr);
      ios[k] = nullptr; // drop its copy of the header now
    } catch (...) {
      result.failure = std::current_exception();
    }
  }

  // In slice order, so that of several bad slices the first is named whatever the threads did.
  for (std::size_t k = 0; k < sortedFiles.size(); ++k) {
    const SliceDecode& result = decoded[k];
    if (result.failure) std::rethrow_exception(result.failure);
    if (!result.valueError.empty()) throw DicomError(result.valueError);
    HounsfieldRounding pipelineRounding;
    if (!result.done)
      ReadSliceThroughPipeline(sortedFiles[k], columns, rows, out + k * columns * rows,
                               rounding ? &pipelineRounding : nullptr);
    if (rounding) { // a slice left to the pipeline counts what the pipeline rounded
      const HounsfieldRounding& slice = result.done ? result.rounding : pipelineRounding;
      rounding->roundedValues += slice.roundedValues;
      rounding->maxRoundingHu = std::max(rounding->maxRoundingHu, slice.maxRoundingHu);
    }
  }
  return volume;
}

HounsfieldImage::Pointer AllocateHounsfieldVolume(const SliceStackGeometry& geometry) {
  auto volume = HounsfieldImage::New();
  HounsfieldImage::SizeType size;
  HounsfieldImage::SpacingType spacing;
  HounsfieldImage::PointType origin;
  HounsfieldImage::DirectionType direction;
  for (unsigned int i = 0; i < 3; ++i) {
    size[i] = geometry.size[i];
    spacing[i] = geometry.spacing[i];
    origin[i] = geometry.origin[i];
    for (unsigned int j = 0; j < 3; ++j) direction(i, j) = geometry.direction[i * 3 + j];
  }
  volume->SetRegions(HounsfieldImage::RegionType(size));
  volume->SetSpacing(spacing);
  volume->SetOrigin(origin);
  volume->SetDirection(direction);
  volume->Allocate();
  return volume;
}

std::string StoreHounsfieldValues(const double* values, std::size_t columns, std::size_t count,
                                  std::int16_t* out, const std::string& file,
                                  HounsfieldRounding* rounding) {
  return StoreHounsfield(values, columns, count, out, file, rounding);
}

void ReportRounding(const HounsfieldRounding& rounding,
                    const std::vector<DicomFileHeader>& sortedSlices, DicomSeriesInfo& info) {
  info.roundedValues = rounding.roundedValues;
  info.maxRoundingHu = rounding.maxRoundingHu;
  if (rounding.roundedValues == 0) return;
  // Name the first slice whose rescale is not whole, and how many share that.
  const auto fractional = [](const DicomFileHeader& slice) {
    for (double value :
         {slice.NumberOr(kRescaleSlope, 1.0), slice.NumberOr(kRescaleIntercept, 0.0)})
      if (value != std::round(value)) return true;
    return false;
  };
  const auto first = std::find_if(sortedSlices.begin(), sortedSlices.end(), fractional);
  std::string rescale = "slopes and intercepts";
  if (first != sortedSlices.end())
    rescale = Describe(kRescaleSlope) + " " + FormatNumber(first->NumberOr(kRescaleSlope, 1.0)) +
              " and " + Describe(kRescaleIntercept) + " " +
              FormatNumber(first->NumberOr(kRescaleIntercept, 0.0)) + " of '" + first->path +
              "' (" +
              std::to_string(std::count_if(sortedSlices.begin(), sortedSlices.end(), fractional)) +
              " of " + std::to_string(sortedSlices.size()) + " slices have a fractional rescale)";
  Log(LogLevel::Warning, std::to_string(rounding.roundedValues) + " voxels of series " +
                             info.seriesUid +
                             " were rounded to whole Hounsfield units (by at most " +
                             FormatNumber(rounding.maxRoundingHu) + " HU): " + rescale);
}

} // namespace cumed::io::detail
