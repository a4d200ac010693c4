#pragma once
// The CUDA engine of PIV (src/PivEngine.h): cuFFT and kernels (cuda/PivCuda.h, EnsembleCuda.h,
// PivSequenceCuda.h, ArrowGlyphsCuda.h, PathlineTracingCuda.h, PathlineRibbonsCuda.h).
#include "src/PivEngine.h"

namespace cumed::piv::detail {

class PivCudaEngine final : public PivEngine {
public:
  Backend backend() const noexcept override { return Backend::CUDA; }
  PivField correlate(const RawPair& pair, int width, int height, const PivOptions& options,
                     ExecutionScope& scope) override;
  PivField correlateEnsemble(const std::vector<RawPair>& pairs, int width, int height,
                             const PivOptions& options, ExecutionScope& scope) override;
  void sequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                const std::function<void(std::size_t)>& progress, const FieldConsumer& consume,
                ExecutionScope& scope) override;
  void arrows(const PivField& field, const std::vector<float>& scalars, const ArrowShape& shape,
              ArrowGlyphs& glyphs) override;
  void trace(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
             const Stepping<float>& stepping, PathlineSet& lines) override;
  void ribbons(const PathlineSet& lines, const RibbonShape& shape,
               PathlineRibbons& ribbons) override;
};

} // namespace cumed::piv::detail
