#include "cumed/app/ProgramMain.h"

#include <iostream>

namespace cumed::app {

int Fail(std::string_view program, int code, const std::string& message) {
  std::cerr << program << ": error: " << message << "\n";
  if (code == kUsageError) std::cerr << "Try '" << program << " --help'.\n";
  return code;
}

} // namespace cumed::app
