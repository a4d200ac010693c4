#include "SegOutput.h"

#include "cumed/output/SafeOutput.h"
#include "cumed/seg/DicomSeg.h"

#include <cstdio>
#include <limits>

namespace cumed::ctsurface {

void CheckSegFile(const Arguments& arguments, const OutputFiles& files) {
  if (arguments.segFile.empty()) return;
  cumed::seg::CheckSegTarget("--seg", arguments.segFile, {{}, {arguments.inputDirectory}});
  const auto seg = output::OutputName(arguments.segFile);
  for (const auto& file : {files.vtp, files.stl, files.png})
    if (!file.empty() && seg == output::OutputName(file))
      throw output::OutputRefused("--seg '" + arguments.segFile + "' is also the surface file '" +
                                  file.string() + "'; give the SEG a name of its own");
}

std::string WriteClosingMaskSeg(const cumed::io::HounsfieldImage& closed,
                                const Arguments& arguments, const cumed::io::CtSeries& series,
                                const std::array<int, 3>& radius) {
  char description[128];
  std::snprintf(description, sizeof description,
                "CuMed closing mask: ball r=%dx%dx%d vox, HU >= %g", radius[0], radius[1],
                radius[2], arguments.isoHu);
  cumed::seg::DicomSegOptions options;
  options.segmentLabels[1] = "Closing mask";
  options.seriesDescription = "CuMed closing mask";
  options.contentDescription = description;
  const auto mask =
      cumed::seg::ThresholdLabels(closed, arguments.isoHu, std::numeric_limits<double>::infinity());
  return cumed::seg::WriteDicomSeg(mask.GetPointer(), series, arguments.segFile, options);
}

} // namespace cumed::ctsurface
