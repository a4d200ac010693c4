#pragma once
// The CPU implementation of the morphology primitives (host memory, OpenMP).
#include "../src/MorphologyEngine.h"

#include <memory>
#include <vector>

namespace cumed::morphology::cpu {

template <class T> class CpuEngine final : public detail::MorphologyEngine<T> {
public:
  T* scratch(std::size_t n) override;
  void filter(const T* in, T* out, const detail::Size3& size, const StructuringElement& element,
              Extremum extremum, T boundary) override;
  void pad(const T* in, const detail::Size3& size, T* out, const std::array<int, 3>& pad,
           T value) override;
  void crop(const T* in, const detail::Size3& size, T* out, const std::array<int, 3>& pad) override;
  void subtract(const T* a, const T* b, T* out, std::size_t n) override;
  void foregroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n) override;
  void applyDilated(const std::uint8_t* reached, const T* in, T foreground, T background, T* out,
                    std::size_t n) override;
  void applyEroded(const std::uint8_t* kept, const T* in, T foreground, T background, T* out,
                   std::size_t n) override;
  void restoreUnclosed(const T* closed, const T* in, T foreground, T* out, std::size_t n) override;

private:
  std::vector<std::unique_ptr<T[]>> buffers_;
};

} // namespace cumed::morphology::cpu
