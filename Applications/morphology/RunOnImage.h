#pragma once
// The typed part of a run, for one ITK image type: element from the image's spacing, the
// operation into a new image of the same geometry, and the output written. Pipeline.cxx picks
// the image type from the input.
#include "ApplyOperation.h"
#include "Arguments.h"
#include "DicomOutput.h"
#include "Element.h"
#include "ImageFiles.h"
#include "Locations.h"
#include "Summary.h"

#include "cumed/app/ElementLimits.h"
#include "cumed/app/StageProgress.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/itk/ItkImageBridge.h"

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
  cumed::Backend backend;          ///< resolved: cpu or cuda
  std::optional<DicomStudy> study; ///< a DICOM input's study, for a DICOM output
};

/// "CuMed close ball r=2x2x1", within the 64 characters of a DICOM LO value.
inline std::string SeriesDescription(const Arguments& arguments, const std::array<int, 3>& radius) {
  return std::string("CuMed ") + arguments.operation->name + " " + ToString(arguments.element) +
         " r=" + RadiusText(radius);
}

template <class TImage>
void RunOnImage(const TImage* input, const RunContext& context, RunSummary& summary) {
  using Pixel = typename TImage::PixelType;
  constexpr unsigned D = TImage::ImageDimension;
  const Arguments& arguments = context.arguments;

  const cumed::ImageGeometry geometry = cumed::GeometryOf(*input);
  summary.size.assign(geometry.size.begin(), geometry.size.begin() + D);
  summary.spacing.assign(geometry.spacing.begin(), geometry.spacing.begin() + D);
  const std::array<int, 3> radius = VoxelRadius(arguments.radius, geometry.spacing, D);
  summary.radiusVoxels = radius;
  app::CheckElementAgainstVolume(RequestText(arguments.radius), radius, geometry.size,
                                 arguments.allowLargeElement);
  const cumed::morphology::StructuringElement element = MakeElement(arguments.element, radius);
  app::NoteElementWork(kProgramName, arguments.operation->name, radius, element.chords().size(),
                       geometry.size, FilterPasses(*arguments.operation),
                       context.backend == cumed::Backend::CPU);

  auto result = TImage::New();
  result->CopyInformation(input); // spacing, origin, direction
  result->SetRegions(input->GetLargestPossibleRegion());
  result->Allocate();

  app::StageProgress computing(kProgramName, arguments.operation->name, kProgressSilentAbove);
  const cumed::ImageView<const Pixel> in{input->GetBufferPointer(), geometry,
                                         cumed::MemoryLocation::Host};
  const cumed::ImageView<Pixel> out{result->GetBufferPointer(), geometry,
                                    cumed::MemoryLocation::Host};
  const cumed::Backend ran = ApplyOperation<Pixel>(in, out, element, arguments, context.backend,
                                                   [&](double f) { computing.Report(f); });
  summary.seconds.compute = computing.Finish();
  summary.backend = cumed::ToString(ran);

  app::StageProgress writing(kProgramName, "writing " + context.output.path.string(),
                             kProgressSilentAbove);
  if (context.output.kind == LocationKind::ImageFile) {
    WriteImageFile(result.GetPointer(), context.output, arguments.force);
  } else if constexpr (std::is_same_v<Pixel, std::int16_t> && D == 3) {
    summary.outputSeriesUid = WriteDicomOutput(result.GetPointer(), context.output.path.string(),
                                               SeriesDescription(arguments, radius), context.study);
  } else {
    throw std::logic_error("DICOM output of a non-int16 or 2D image passed the checks");
  }
  summary.seconds.write = writing.Finish();
}

} // namespace cumed::morphologyapp
