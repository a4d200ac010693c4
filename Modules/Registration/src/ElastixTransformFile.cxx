#include "cumed/registration/ElastixFiles.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <fstream>
#include <string>

namespace cumed::registration {
namespace {

std::string Trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

bool StartsWith(const std::string& text, const char* prefix) {
  return text.rfind(prefix, 0) == 0;
}

} // namespace

void RefuseElastixTransformParameters(const std::filesystem::path& file, const std::string& label) {
  CheckRegularInputFile(file, label + " '" + file.string() + "':"); // a FIFO would block
  std::ifstream in(file);
  std::string line, transformLine;
  bool sawEntry = false;
  // elastix writes its few dozen entries first; 200 lines is more than enough to decide.
  for (int n = 0; n < 200 && std::getline(in, line); ++n) {
    const std::string text = Trimmed(line);
    if (text.empty() || StartsWith(text, "//")) continue;
    if (!StartsWith(text, "(")) return; // ITK's .tfm starts "#Insight Transform File"
    sawEntry = true;
    if (StartsWith(text, "(Transform ") || StartsWith(text, "(TransformParameters ")) {
      transformLine = text;
      break;
    }
  }
  if (!sawEntry || transformLine.empty()) return;
  throw cumed::Error(
      label + " '" + file.string() + "' is an elastix TransformParameters file (" +
      transformLine.substr(0, 80) +
      "), not an ITK transform file; CuMed reads ITK transform files (.tfm or .txt "
      "starting \"#Insight Transform File\", .h5), e.g. cumed-register's transform.tfm");
}

} // namespace cumed::registration
