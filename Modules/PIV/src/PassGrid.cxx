#include "src/PassGrid.h"

#include <algorithm>
#include <cmath>

namespace cumed::piv::detail {

PassGrid PlanPass(int width, int height, int windowSize, double overlap, int extension,
                  bool zeroPadding) {
  PassGrid g;
  g.windowSize = windowSize;
  g.step = std::max(1, int(std::lround(windowSize * (1.0 - overlap))));
  g.columns = (width - windowSize) / g.step + 1;
  g.rows = (height - windowSize) / g.step + 1;
  g.extension = extension;
  g.fftSize = (windowSize + 2 * extension) * (zeroPadding ? 2 : 1);
  return g;
}

PassGrid PlanPass(int width, int height, const PivOptions& options, std::size_t pass) {
  PassGrid g = PlanPass(width, height, options.windowSizes[pass], options.overlap,
                        pass == 0 ? options.searchExtension : 0, options.zeroPadding);
  g.correctPairLoss = options.pairLossCorrection == PairLossCorrection::AllPasses ||
                      (options.pairLossCorrection == PairLossCorrection::FirstPass && pass == 0);
  return g;
}

} // namespace cumed::piv::detail
