#pragma once
// The true B-spline of a known warp as an ITK transform file (itk::BSplineTransform<double, 3, 3>,
// ITK's coefficient layout), for checks that go through ITK's resampler.
#include "cumed/registration/BSplineGrid.h"

#include <string>

namespace cumed::regdata {

/// Writes the grid with ITK's transform IO (.tfm, .txt, .h5 as ITK supports); throws Error
/// naming the file when ITK cannot write it.
void WriteBSplineTransform(const registration::BSplineGrid& grid, const std::string& path);

} // namespace cumed::regdata
