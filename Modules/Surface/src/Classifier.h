#pragma once
// "Is this grid point inside?" for one contour value, decided in the pixel type: VTK compares
// double(s) >= value (or == for labels); the same answer comes from one integer or float compare
// against a threshold prepared once, which keeps the classification pass memory bound.
#include "ContourGrid.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace cumed::surface::detail {

template <class T> struct Classifier {
  /// Integer pixels (8 and 16 bit) compare exactly as int32, float pixels as float.
  using Compare = std::conditional_t<std::is_floating_point_v<T>, float, std::int32_t>;
  Compare threshold;
  bool labelMode;

  CUMED_HOST_DEVICE_FORCEINLINE bool inside(T s) const {
    return labelMode ? static_cast<Compare>(s) == threshold : static_cast<Compare>(s) >= threshold;
  }

  static Classifier make(double value, bool labelMode) {
    Classifier c{};
    c.labelMode = labelMode;
    if constexpr (std::is_floating_point_v<T>) {
      const float rounded = static_cast<float>(value);
      if (labelMode) {
        // No float equals a value that float cannot represent.
        c.threshold = static_cast<double>(rounded) == value
                          ? rounded
                          : std::numeric_limits<float>::quiet_NaN();
      } else {
        // The smallest float whose double is >= value.
        c.threshold = static_cast<double>(rounded) < value
                          ? std::nextafter(rounded, std::numeric_limits<float>::infinity())
                          : rounded;
      }
    } else {
      const double lowest = std::numeric_limits<T>::lowest();
      const double never = static_cast<double>(std::numeric_limits<T>::max()) + 1.0;
      if (labelMode) {
        const bool representable = value == std::floor(value) && value >= lowest && value < never;
        c.threshold = static_cast<std::int32_t>(representable ? value : never);
      } else {
        const double above = std::ceil(value);
        c.threshold =
            static_cast<std::int32_t>(above < lowest ? lowest : (above > never ? never : above));
      }
    }
    return c;
  }
};

} // namespace cumed::surface::detail
