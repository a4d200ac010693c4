#include "cumed/core/Error.h"

#include <sstream>

namespace cumed::detail {

void ThrowCudaError(int code, const char* errorName, const char* errorText, const char* call,
                    const char* file, int line, const char* kernel) {
  std::ostringstream message;
  message << "CUDA error " << errorName << " (" << code << "): " << errorText << " in ";
  if (kernel)
    message << "launch of kernel '" << kernel << "'";
  else
    message << "'" << call << "'";
  message << " at " << file << ":" << line;
  throw CudaError(message.str(), code);
}

} // namespace cumed::detail
