#include "ParameterFileSeeds.h"

#include "ParameterFileSelector.h"

#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace cumed::fuzz {
namespace {

// A 3x3x3 lattice's 27 displacements, all (dx, 0, 0).
std::string Displacements(const std::string& dx) {
  std::string list = "[";
  for (int i = 0; i < 27; ++i) list += (i ? ", [" : "[") + dx + ", 0, 0]";
  return list + "]";
}

} // namespace

void WriteParameterFileSeeds(const std::filesystem::path& output) {
  const std::filesystem::path directory = output / "parameter_file";
  std::filesystem::create_directories(directory);
  const std::vector<std::pair<int, std::string>> seeds{
      {0, "// elastix parameters\n(Metric \"AdvancedMeanSquares\")\n(NumberOfResolutions 3)\n"
          "(MaximumNumberOfIterations 100)\n(FinalGridSpacingInPhysicalUnits 10 10 10)\n"
          "(DefaultPixelValue -1000)\n(AffineStage \"true\")\n(Metric0Weight 1.0)\n"},
      {0, "(Metric \"AdvancedNormalizedCorrelation\")\n(NumberOfResolutions 2 2)\n"
          "(GridSpacingSchedule 4 2 1)\n(ImagePyramidSchedule 4 4 4 2 2 2)\n"},
      {1, "point\n3\n1.5 2.5 3.5\n-4 5e1 6\n0 0 0\n"},
      {1, "index\n2\n1 2\n3 4\n"},
      {2, "#Insight Transform File V1.0\n#Transform 0\nTransform: AffineTransform_double_3_3\n"
          "Parameters: 1 0 0 0 1 0 0 0 1 0 0 0\nFixedParameters: 0 0 0\n"},
      {2, "(Transform \"BSplineTransform\")\n(NumberOfParameters 3)\n"
          "(TransformParameters 0 0 0)\n"},
      {3, "{\"keyframes\": [{\"frame\": 0, \"displacements\": " + Displacements("0") +
              "}, {\"frame\": 10, \"displacements\": " + Displacements("0.25") + "}]}\n"},
      {3, "{\"keyframes\": [{\"frame\": 5, \"displacements\": []}]}\n"},
      {4, "# PIV settings\n--window 64,32,16\n--overlap=0.5\n--output out\n--ensemble\n"},
      {4, "--dt 0.001\n--pixel-size 1e-3\n--settings other.txt\n"},
  };
  const auto& kinds = ParameterFileKinds();
  int number = 0;
  for (const auto& [kind, text] : seeds) {
    const std::string name = kinds[kind].name + "-" + std::to_string(number++);
    std::ofstream(directory / name, std::ios::binary) << char(kind) << text;
  }
}

} // namespace cumed::fuzz
