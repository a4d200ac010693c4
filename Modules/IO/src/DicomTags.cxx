#include "DicomTags.h"

#include <cstdio>

namespace cumed::io::detail {

std::string Describe(const DicomTag& tag) {
  char code[16];
  std::snprintf(code, sizeof(code), "(%04X,%04X)", tag.group, tag.element);
  return std::string(tag.keyword) + " " + code;
}

} // namespace cumed::io::detail
