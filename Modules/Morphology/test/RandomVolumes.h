#pragma once
// Random test inputs: volumes over the pixel type's whole range (so boundaries and the
// top-hat/gradient subtraction wrap-around are exercised) and random masks.
#include "cumed/morphology/StructuringElement.h"

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::morphology::test {

template <class T> std::vector<T> RandomVolume(std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<T> values(count);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<float> distribution(-1000.0f, 1000.0f);
    for (T& v : values) v = distribution(random);
  } else {
    std::uniform_int_distribution<int> distribution(std::numeric_limits<T>::lowest(),
                                                    std::numeric_limits<T>::max());
    for (T& v : values) v = static_cast<T>(distribution(random));
  }
  return values;
}

inline StructuringElement RandomMask(std::array<std::size_t, 3> size, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<std::uint8_t> mask(size[0] * size[1] * size[2]);
  for (auto& m : mask) m = static_cast<std::uint8_t>(random() % 2);
  return StructuringElement::FromMask(size, mask);
}

/// The elements every operation is checked with, 3D and 2D (z radius 0), odd and even sizes.
struct NamedElement {
  std::string name;
  StructuringElement element;
};

inline std::vector<NamedElement> TestElements() {
  return {{"ball3d_r2", StructuringElement::Ball({2, 2, 2})},
          {"ball3d_r3x2x1", StructuringElement::Ball({3, 2, 1})},
          {"disk2d_r4", StructuringElement::Ball({4, 4, 0})},
          {"box3d_2x1x1", StructuringElement::Box({2, 1, 1})},
          {"cross3d_2", StructuringElement::Cross({2, 2, 2})},
          {"random3d_5x5x3", RandomMask({5, 5, 3}, 11)},
          {"random3d_even_4x6x2", RandomMask({4, 6, 2}, 12)},
          {"random2d_even_6x4", RandomMask({6, 4, 1}, 13)}};
}

} // namespace cumed::morphology::test
