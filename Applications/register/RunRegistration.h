#pragma once
// The typed part of a run, for 2D or 3D images: read the inputs as float, run
// cumed::BSplineRegistrationFilter, write the outputs staged and renamed into place together.
#include "Arguments.h"
#include "OutputFiles.h"
#include "Summary.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Timer.h"
#include "cumed/registration/itk/RegistrationInputs.h"

#include <optional>

namespace cumed::registerapp {

struct RegistrationRun {
  const Arguments& arguments;
  const registration::InputImage& fixed;
  const registration::InputImage& moving;
  const std::optional<registration::InputImage>& mask;
  const std::optional<registration::InputImage>& movingMask;
  const OutputFiles& outputs;
  cumed::Backend backend; ///< resolved: cpu or cuda
};

template <unsigned D>
RunSummary RunRegistration(const RegistrationRun& run, const Stopwatch& total);

} // namespace cumed::registerapp
