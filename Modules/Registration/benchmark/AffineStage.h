#pragma once
// RegistrationOptions::affineStage (issue 13, branch reg-affine) where this build has it: the
// lung pair needs a pre-alignment, and the benchmark must build before and after that merge.
#include <type_traits>
#include <utility>

namespace cumed::regbench {

template <typename Options, typename = void> struct AffineStageBuilt : std::false_type {};
template <typename Options>
struct AffineStageBuilt<Options, std::void_t<decltype(std::declval<Options&>().affineStage)>>
    : std::true_type {};

template <typename Options> void SetAffineStage(Options& options, bool on) {
  if constexpr (AffineStageBuilt<Options>::value) options.affineStage = on;
}

template <typename Options> bool AffineStageOn(const Options& options) {
  if constexpr (AffineStageBuilt<Options>::value)
    return options.affineStage;
  else
    return false;
}

} // namespace cumed::regbench
