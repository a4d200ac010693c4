#include "cuda/PivCudaEngine.h"

#include "cuda/ArrowGlyphsCuda.h"
#include "cuda/EnsembleCuda.h"
#include "cuda/PathlineRibbonsCuda.h"
#include "cuda/PathlineTracingCuda.h"
#include "cuda/PivCuda.h"
#include "cuda/PivSequenceCuda.h"

namespace cumed::piv::detail {

PivField PivCudaEngine::correlate(const RawPair& pair, int width, int height,
                                  const PivOptions& options, ExecutionScope& scope) {
  return RunPivCuda(pair.first.pixels, pair.second.pixels, pair.first.type, pair.first.location,
                    width, height, options, scope);
}

PivField PivCudaEngine::correlateEnsemble(const std::vector<RawPair>& pairs, int width, int height,
                                          const PivOptions& options, ExecutionScope& scope) {
  return RunEnsemblePivCuda(pairs, width, height, options, scope);
}

void PivCudaEngine::sequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                             const std::function<void(std::size_t)>& progress,
                             const FieldConsumer& consume, ExecutionScope& scope) {
  RunPivSequenceCuda(pairs, options, progress, consume, scope);
}

void PivCudaEngine::arrows(const PivField& field, const std::vector<float>& scalars,
                           const ArrowShape& shape, ArrowGlyphs& glyphs) {
  glyphs.device = BuildArrowGlyphsCuda(field, scalars, shape);
}

void PivCudaEngine::trace(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
                          const Stepping<float>& stepping, PathlineSet& lines) {
  if (seeds.empty()) {
    lines.backendUsed = Backend::CUDA;
    lines.device = std::make_shared<DevicePathlines>();
    return;
  }
  TracePathlinesCuda(flow, seeds, stepping, lines);
}

void PivCudaEngine::ribbons(const PathlineSet& lines, const RibbonShape& shape,
                            PathlineRibbons& ribbons) {
  ribbons.device = BuildPathlineRibbonsCuda(*lines.device, lines.seeds, shape);
}

} // namespace cumed::piv::detail
