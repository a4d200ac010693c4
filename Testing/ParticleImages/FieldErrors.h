#pragma once
// Error statistics of a PIV field against a known displacement, over interior vectors (one
// window from the frame's edges, where windows see particles leave and enter).
#include "ParticleImages.h"
#include "cumed/piv/Piv.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::piv::test {

struct FieldErrors {
  double biasU = 0, biasV = 0; ///< mean error
  double rms = 0;              ///< of the error vector's components, together
  double max = 0;              ///< largest component error
  int vectors = 0;
  std::string text() const {
    return "bias " + std::to_string(biasU) + ", " + std::to_string(biasV) + " px, rms " +
           std::to_string(rms) + " px, max " + std::to_string(max) + " px over " +
           std::to_string(vectors) + " vectors";
  }
};

inline FieldErrors ErrorsOf(const PivField& field, const testing::DisplacementField& truth,
                            int border = 1) {
  FieldErrors e;
  double sum2 = 0;
  for (int r = border; r < field.rows - border; ++r)
    for (int c = border; c < field.columns - border; ++c) {
      const int i = r * field.columns + c;
      double dx, dy;
      truth(field.x[i], field.y[i], dx, dy);
      const double eu = field.u[i] - dx, ev = field.v[i] - dy;
      e.biasU += eu;
      e.biasV += ev;
      sum2 += eu * eu + ev * ev;
      e.max = std::max({e.max, std::abs(eu), std::abs(ev)});
      ++e.vectors;
    }
  if (e.vectors) {
    e.biasU /= e.vectors;
    e.biasV /= e.vectors;
    e.rms = std::sqrt(sum2 / (2.0 * e.vectors));
  }
  return e;
}

inline PivField Evaluate(const testing::ParticleImagePair& pair, const PivOptions& options) {
  return ComputePiv(pair.first, pair.second, options);
}

/// Single pass, CPU unless the caller says otherwise.
inline PivOptions SinglePass(int window, double overlap = 0.5) {
  PivOptions options;
  options.backend = Backend::CPU;
  options.windowSizes = {window};
  options.overlap = overlap;
  return options;
}

} // namespace cumed::piv::test
