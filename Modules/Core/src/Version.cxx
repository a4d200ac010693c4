// The version compiled into the library: a program compares it with the header it was built with.
#include "cumed/core/Version.h"

namespace cumed {

const char* VersionString() noexcept {
  return CUMED_VERSION_STRING;
}

int VersionNumber() noexcept {
  return CUMED_VERSION_NUMBER;
}

} // namespace cumed
