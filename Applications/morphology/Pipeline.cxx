#include "Pipeline.h"

#include "OutputSafety.h"
#include "RunOnImage.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ScalarImageType.h"
#include "cumed/morphology/PixelRange.h"

namespace fs = std::filesystem;

namespace cumed::morphologyapp {
using app::StageProgress;
using app::UsageError;
namespace {

void CheckValueFitsPixelType(const char* option, double value, cumed::PixelType type) {
  try {
    morphology::CheckValueFitsPixelType(option, value, type);
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(e.what());
  }
}

// The rules between the options and the input, known from the header alone.
void CheckOptionsAgainstInput(const Arguments& arguments, const Location& input,
                              const Location& output, const io::ScalarImageType& header) {
  app::CheckSeriesApplies(arguments.dicomSeries, input.kind == LocationKind::DicomDirectory,
                          input.path.string());
  if (!arguments.seriesUid.empty() && input.kind != LocationKind::DicomDirectory) {
    throw UsageError("--series-uid applies to a DICOM series directory; INPUT '" +
                     input.path.string() + "' is an image file");
  }
  if (arguments.foreground) {
    CheckValueFitsPixelType("--foreground", *arguments.foreground, header.pixelType);
  }
  if (arguments.background) {
    CheckValueFitsPixelType("--background", *arguments.background, header.pixelType);
  }
  if (arguments.boundary) {
    CheckValueFitsPixelType("--boundary", *arguments.boundary, header.pixelType);
  }
  if (output.kind == LocationKind::DicomDirectory &&
      (header.pixelType != cumed::PixelType::Int16 || header.dimension != 3)) {
    throw UsageError("a DICOM OUTPUT is a CT series of int16 values; INPUT '" +
                     input.path.string() + "' is a " + std::to_string(header.dimension) + "D " +
                     cumed::ToString(header.pixelType) + " image (write an image file instead)");
  }
}

// Before any header is read: a SEG references the slices of a DICOM input.
void CheckSegApplies(const Arguments& arguments, const Location& input) {
  if (!arguments.segFile.empty() && input.kind != LocationKind::DicomDirectory) {
    throw UsageError("--seg needs a DICOM series INPUT (a SEG references the slices it "
                     "segments); INPUT '" +
                     input.path.string() + "' is an image file");
  }
}

template <class TImage>
void RunImageFileOfType(const fs::path& file, const RunContext& context, RunSummary& summary) {
  StageProgress reading(kProgramName, "reading " + file.string(), kProgressSilentAbove);
  const typename TImage::Pointer image = io::ReadItkImageFile<TImage>(file);
  summary.seconds.read = reading.Finish();
  RunOnImage(image.GetPointer(), context, summary);
}

void RunImageFile(const fs::path& file, const io::ScalarImageType& header,
                  const RunContext& context, RunSummary& summary) {
  // The image type of the header's pixel type and dimension (2 or 3).
  const auto run = [&](auto pixel) {
    using T = decltype(pixel);
    if (header.dimension == 2) return RunImageFileOfType<itk::Image<T, 2>>(file, context, summary);
    RunImageFileOfType<itk::Image<T, 3>>(file, context, summary);
  };
  switch (header.pixelType) {
  case cumed::PixelType::UInt8:
    return run(std::uint8_t());
  case cumed::PixelType::Int16:
    return run(std::int16_t());
  case cumed::PixelType::UInt16:
    return run(std::uint16_t());
  case cumed::PixelType::Float32:
    return run(float());
  }
}

void RunDicomSeries(const Arguments& arguments, RunContext& context, RunSummary& summary) {
  StageProgress reading(kProgramName, "reading DICOM series " + arguments.input,
                        kProgressSilentAbove);
  cumed::io::DicomReadOptions options;
  options.seriesUid = arguments.seriesUid;
  options.series = arguments.dicomSeries.series;
  const cumed::io::CtSeries series = cumed::io::ReadDicomCtSeries(arguments.input, options);
  context.source = &series; // DICOM outputs join its study and reference its slices
  summary.inputAdjustments = cumed::io::DescribeReadAdjustments(series.info);
  summary.seconds.read = reading.Finish();
  RunOnImage(series.image.GetPointer(), context, summary);
}

} // namespace

RunSummary RunPipeline(const Arguments& arguments) {
  const cumed::Stopwatch total;
  RunSummary summary;
  summary.operation = arguments.operation->name;
  summary.element = ToString(arguments.element);
  summary.radiusMm = arguments.radius.millimetres;
  summary.requestedBackend = cumed::ToString(arguments.backend);
  summary.output = arguments.output;

  // Everything that can be checked before the slow stages is checked first; nothing is read
  // beyond a header and nothing is written before these pass.
  const Location input = LocateInput(arguments.input);
  CheckSegApplies(arguments, input);
  const Location output = LocateOutput(arguments.output, arguments.dicomOutput);
  CheckOutputIsSafe(output, input, arguments.force, arguments.segFile);
  if (output.kind == LocationKind::ImageFile) {
    io::CheckItkWritesFile(output.path, ImageFileExtensions());
  }
  io::ScalarImageType header; // a DICOM series is read as 3D int16 HU
  // The input and the result are in memory together (the operation's scratch comes on top).
  if (input.kind == LocationKind::ImageFile) header = io::ReadScalarImageType(input.path, {0, 2});
  summary.pixelType = cumed::ToString(header.pixelType);
  CheckOptionsAgainstInput(arguments, input, output, header);
  RunContext context{arguments, output, app::ResolveRequestedBackend(arguments.backend), nullptr};

  if (input.kind == LocationKind::DicomDirectory) {
    RunDicomSeries(arguments, context, summary);
  } else {
    RunImageFile(input.path, header, context, summary);
  }
  summary.seconds.total = total.elapsedSeconds();
  return summary;
}

} // namespace cumed::morphologyapp
