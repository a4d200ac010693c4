#pragma once
// The pixel types CuMed's algorithms accept, as a runtime tag for type-erased images.
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace cumed {

enum class PixelType { UInt8, Int16, UInt16, Float32 };

const char* ToString(PixelType type) noexcept;
std::size_t SizeOf(PixelType type) noexcept;

template <class T> constexpr PixelType PixelTypeOf() {
  if constexpr (std::is_same_v<T, std::uint8_t>)
    return PixelType::UInt8;
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return PixelType::Int16;
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return PixelType::UInt16;
  else if constexpr (std::is_same_v<T, float>)
    return PixelType::Float32;
  else
    static_assert(sizeof(T) == 0, "CuMed supports uint8, int16, uint16 and float pixels");
}

} // namespace cumed

/// Expands MACRO(T) for every pixel type CuMed computes on, e.g. for explicit instantiations.
#define CUMED_FOR_EACH_PIXEL_TYPE(MACRO)                                                           \
  MACRO(std::uint8_t) MACRO(std::int16_t) MACRO(std::uint16_t) MACRO(float)
/// Expands MACRO(TIn, TOut) for every pair of them (filters whose output type may differ).
#define CUMED_FOR_EACH_PIXEL_TYPE_PAIR(MACRO)                                                      \
  CUMED_PIXEL_PAIRS_WITH_(MACRO, std::uint8_t)                                                     \
  CUMED_PIXEL_PAIRS_WITH_(MACRO, std::int16_t)                                                     \
  CUMED_PIXEL_PAIRS_WITH_(MACRO, std::uint16_t)                                                    \
  CUMED_PIXEL_PAIRS_WITH_(MACRO, float)
#define CUMED_PIXEL_PAIRS_WITH_(MACRO, TIn)                                                        \
  MACRO(TIn, std::uint8_t) MACRO(TIn, std::int16_t) MACRO(TIn, std::uint16_t) MACRO(TIn, float)
