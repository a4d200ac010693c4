#pragma once
// Internal: what PIV's backends do differently, behind one interface, in the pattern every CuMed
// module follows (Documentation/platform.md, "One CPU/CUDA pattern"): the CPU engine
// (cpu/PivCpuEngine.h: FFTW3f and OpenMP, the reference), the CUDA engine (cuda/PivCudaEngine.h:
// cuFFT and kernels) and MakePivEngine (src/PivEngine.cxx), the one place that picks. The public
// functions check their arguments, resolve the backend and hand the work to an engine.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/piv/ArrowGlyphs.h"
#include "cumed/piv/PathlineRibbons.h"
#include "cumed/piv/PathlineTracing.h"
#include "cumed/piv/Piv.h"
#include "src/ArrowGeometry.h"
#include "src/PathlineInput.h"
#include "src/RibbonGeometry.h"

#include <array>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace cumed::piv::detail {

/// One frame as the caller holds it: width x height pixels of `type` in `location` memory.
struct RawFrame {
  const void* pixels = nullptr;
  PixelType type = PixelType::Float32;
  MemoryLocation location = MemoryLocation::Host;
};

struct RawPair {
  RawFrame first, second;
};

class PivEngine {
public:
  virtual ~PivEngine() = default;
  virtual Backend backend() const noexcept = 0;
  /// ComputePiv of one checked pair of width x height frames.
  virtual PivField correlate(const RawPair& pair, int width, int height, const PivOptions& options,
                             ExecutionScope& scope) = 0;
  /// ComputeEnsemblePiv of checked pairs of width x height frames.
  virtual PivField correlateEnsemble(const std::vector<RawPair>& pairs, int width, int height,
                                     const PivOptions& options, ExecutionScope& scope) = 0;
  /// ComputePivSequence of checked pairs; `options` carry no progress: progress(i) reports pair i.
  virtual void sequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                        const std::function<void(std::size_t)>& progress,
                        const FieldConsumer& consume, ExecutionScope& scope) = 0;
  /// BuildArrowGlyphs of a checked field: fills `glyphs.host` (CPU) or `glyphs.device` (CUDA).
  virtual void arrows(const PivField& field, const std::vector<float>& scalars,
                      const ArrowShape& shape, ArrowGlyphs& glyphs) = 0;
  /// TraceFieldPathlines: fills the lines' points (CPU) or their device copy too (CUDA).
  virtual void trace(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
                     const Stepping<float>& stepping, PathlineSet& lines) = 0;
  /// BuildPathlineRibbons of checked lines (the CUDA engine reads `lines.device`).
  virtual void ribbons(const PathlineSet& lines, const RibbonShape& shape,
                       PathlineRibbons& ribbons) = 0;
};

/// The engine of `backend` (CPU or CUDA, resolved). CudaError naming the missing backend when
/// CUDA is asked for in a build without it.
std::unique_ptr<PivEngine> MakePivEngine(Backend backend);

} // namespace cumed::piv::detail
