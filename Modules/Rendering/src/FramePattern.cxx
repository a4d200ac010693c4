#include "cumed/rendering/FramePattern.h"

#include "cumed/core/Error.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace cumed::rendering {

std::string FramePatternProblem(const std::string& pattern) {
  int numbers = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') continue;
    if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    if (j < pattern.size() && pattern[j] == '0') ++j;
    std::size_t digits = 0;
    while (j < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[j])))
      ++j, ++digits;
    if (j >= pattern.size() || pattern[j] != 'd' || digits > 2)
      return "'%' at position " + std::to_string(i) + " is not %d, %Nd or %0Nd (N < 100)";
    ++numbers;
    i = j;
  }
  if (numbers != 1)
    return numbers == 0 ? "no %d in the pattern" : "more than one %d in the pattern";
  if (std::filesystem::path(pattern).extension() != ".png") return "the name must end in .png";
  return {};
}

void CheckFramePattern(const std::string& pattern) {
  const std::string problem = FramePatternProblem(pattern);
  if (!problem.empty())
    throw InvalidArgument("frame pattern '" + pattern + "': " + problem +
                          " (e.g. frames/f%04d.png: one %d for the frame number)");
}

std::string FrameFileName(const std::string& pattern, int frame) {
  std::vector<char> name(pattern.size() + 128);
  std::snprintf(name.data(), name.size(), pattern.c_str(), frame);
  return name.data();
}

} // namespace cumed::rendering
