#include "TextTransformFile.h"

#include <fstream>
#include <string>

namespace cumed::registration {

TextTransformFileShape ReadTextTransformFileShape(const std::filesystem::path& file) {
  TextTransformFileShape shape;
  std::ifstream in(file, std::ios::binary);
  std::string line;
  bool lastFixed = false;
  while (std::getline(in, line)) {
    const bool complete = !in.eof(); // getline stopped at a newline
    if (line.rfind("Transform: ", 0) == 0) {
      ++shape.transforms;
      shape.composites += line.find("CompositeTransform") != std::string::npos;
    }
    const bool fixed = line.rfind("FixedParameters:", 0) == 0;
    shape.fixedParameters += fixed && complete;
    if (line.find_first_not_of(" \t\r") != std::string::npos) lastFixed = fixed && complete;
  }
  shape.endsWithFixedParameters = lastFixed;
  return shape;
}

bool IsTextTransformFile(const std::filesystem::path& file) {
  const std::string extension = file.extension().string();
  return extension == ".tfm" || extension == ".txt";
}

} // namespace cumed::registration
