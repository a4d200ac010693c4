#include "cuda/CorrelationBuffers.h"

#include "cuda/CufftPlans.h"
#include "cuda/PivKernels.h"

namespace cumed::piv::detail {

namespace {
std::size_t RealFloats(const PassGrid& g) {
  return std::size_t(g.count()) * g.fftSize * g.fftSize;
}
std::size_t ComplexValues(const PassGrid& g) {
  return std::size_t(g.count()) * g.fftSize * (g.fftSize / 2 + 1);
}
} // namespace

CorrelationBuffers::CorrelationBuffers(const PassGrid& g, const Stream& stream)
    : g_(g), stream_(stream), a_(RealFloats(g) * sizeof(float), stream),
      b_(RealFloats(g) * sizeof(float), stream),
      spectrumA_(ComplexValues(g) * sizeof(cufftComplex), stream),
      spectrumB_(ComplexValues(g) * sizeof(cufftComplex), stream),
      energies_(2 * std::size_t(g.count()) * sizeof(float), stream) {}

void CorrelationBuffers::correlate(const float* first, const float* second, int width, int height,
                                   const PivOptions& options, float* planes) {
  cudaStream_t stream = stream_.native();
  LaunchExtractWindows(first, second, width, height, g_, options.removeMean, a_.as<float>(),
                       b_.as<float>(), energies_.as<float>(), stream);
  const cufftHandle forward = CachedPlan(g_, CUFFT_R2C, stream);
  CheckCufft(cufftExecR2C(forward, a_.as<cufftReal>(), spectrumA_.as<cufftComplex>()),
             "cufftExecR2C", g_);
  CheckCufft(cufftExecR2C(forward, b_.as<cufftReal>(), spectrumB_.as<cufftComplex>()),
             "cufftExecR2C", g_);
  LaunchConjugateMultiply(spectrumA_.as<float>(), spectrumB_.as<float>(), energies_.as<float>(), g_,
                          options.normalizedCorrelation, stream);
  const cufftHandle inverse = CachedPlan(g_, CUFFT_C2R, stream);
  CheckCufft(cufftExecC2R(inverse, spectrumA_.as<cufftComplex>(), planes), "cufftExecC2R", g_);
  LaunchClearEmptyPlanes(planes, energies_.as<float>(), g_, stream);
}

} // namespace cumed::piv::detail
