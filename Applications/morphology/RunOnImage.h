#pragma once
// The typed part of a run, for one ITK image type: element from the image's spacing, the
// operation into a new image of the same geometry, and the output written. Pipeline.cxx picks
// the image type from the input.
#include "Arguments.h"
#include "DicomOutput.h"
#include "Locations.h"
#include "Summary.h"

#include "cumed/app/ElementLimits.h"
#include "cumed/app/StageProgress.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/io/WriteImageFile.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/ApplyOperationToImage.h"

#include <itkImage.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <type_traits>

namespace cumed::morphologyapp {

/// What every typed run shares.
struct RunContext {
  const Arguments& arguments;
  const Location& output;
  cumed::Backend backend;               ///< resolved: cpu or cuda
  const io::CtSeries* source = nullptr; ///< the DICOM input: what DICOM outputs refer to
};

/// "CuMed close ball r=2x2x1", within the 64 characters of a DICOM LO value.
inline std::string SeriesDescription(const Arguments& arguments, const std::array<int, 3>& radius) {
  return std::string("CuMed ") + arguments.operation->name + " " +
         morphology::ToString(arguments.element) + " r=" + morphology::RadiusText(radius);
}

template <class TImage>
void RunOnImage(const TImage* input, const RunContext& context, RunSummary& summary) {
  using Pixel = typename TImage::PixelType;
  constexpr unsigned D = TImage::ImageDimension;
  const Arguments& arguments = context.arguments;

  const cumed::ImageGeometry geometry = cumed::GeometryOf(*input);
  summary.size.assign(geometry.size.begin(), geometry.size.begin() + D);
  summary.spacing.assign(geometry.spacing.begin(), geometry.spacing.begin() + D);
  const std::array<int, 3> radius = CheckedVoxelRadius(arguments.radius, geometry.spacing, D);
  summary.radiusVoxels = radius;
  app::CheckElementAgainstVolume(RequestText(arguments.radius), radius, geometry.size,
                                 arguments.allowLargeElement, app::kAllowLargeElementFlag);
  const cumed::morphology::StructuringElement element = CheckedElement(arguments.element, radius);
  app::NoteElementWork(kProgramName, arguments.operation->name, radius, element.chords().size(),
                       geometry.size, morphology::FilterPasses(*arguments.operation),
                       context.backend == cumed::Backend::CPU);

  app::StageProgress computing(kProgramName, arguments.operation->name, kProgressSilentAbove);
  morphology::OperationOptions options;
  options.backend = context.backend;
  options.threads = arguments.tool.threads;
  options.boundary = arguments.boundary;
  options.safeBorder = arguments.safeBorder;
  options.foreground = arguments.foreground;
  options.background = arguments.background;
  options.progress = [&](double f) { computing.Report(f); };
  cumed::Backend ran = cumed::Backend::Auto;
  const auto result =
      morphology::ApplyOperationToImage(*input, *arguments.operation, element, options, &ran);
  summary.seconds.compute = computing.Finish();
  summary.backend = cumed::ToString(ran);

  app::StageProgress writing(kProgramName, "writing " + context.output.path.string(),
                             kProgressSilentAbove);
  if (!arguments.segFile.empty()) { // Pipeline.cxx checked: binary operation, DICOM input
    if constexpr (std::is_same_v<Pixel, std::int16_t> && D == 3) {
      summary.outputSegUid =
          WriteSegOutput(result.GetPointer(), *arguments.foreground, *context.source,
                         arguments.segFile, SeriesDescription(arguments, radius));
    } else {
      throw std::logic_error("--seg of a non-DICOM input passed the checks");
    }
  }
  if (context.output.kind == LocationKind::ImageFile) {
    io::WriteItkImageFile(result.GetPointer(), context.output.files, arguments.force);
  } else if constexpr (std::is_same_v<Pixel, std::int16_t> && D == 3) {
    summary.outputSeriesUid =
        WriteDicomOutput(result.GetPointer(), context.output.path.string(),
                         SeriesDescription(arguments, radius), context.source);
  } else {
    throw std::logic_error("DICOM output of a non-int16 or 2D image passed the checks");
  }
  summary.seconds.write = writing.Finish();
}

} // namespace cumed::morphologyapp
