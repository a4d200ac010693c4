#include "cumed/core/PixelType.h"

namespace cumed {

const char* ToString(PixelType type) noexcept {
  switch (type) {
  case PixelType::UInt8:
    return "uint8";
  case PixelType::Int16:
    return "int16";
  case PixelType::UInt16:
    return "uint16";
  case PixelType::Float32:
    return "float";
  }
  return "unknown";
}

std::size_t SizeOf(PixelType type) noexcept {
  switch (type) {
  case PixelType::UInt8:
    return 1;
  case PixelType::Int16:
  case PixelType::UInt16:
    return 2;
  case PixelType::Float32:
    return 4;
  }
  return 0;
}

} // namespace cumed
