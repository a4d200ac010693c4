#pragma once
// --params FILE: an elastix-like parameter file, one "(Key value ...)" a line, strings in double
// quotes, "//" starting a comment. The keys cumed-register understands and the options they set:
//   (Metric "AdvancedMeanSquares")             --metric ssd   (also "AdvancedNormalizedCorrelation"
//                                              ncc, "NormalizedMutualInformation" nmi, or CuMed's
//                                              names ssd, ncc, lncc, nmi; elastix's
//                                              "AdvancedMattesMutualInformation" is refused: CuMed
//                                              has no Mattes MI); a further metric
//                                              "TransformBendingEnergyPenalty" sets --bending to
//                                              its MetricNWeight (elastix's default 1)
//   (NumberOfResolutions 3)                    --levels
//   (FinalGridSpacingInPhysicalUnits 10)       --grid-spacing (one value, or equal ones per axis)
//   (MaximumNumberOfIterations 100)            --iterations (one value, or equal ones per level),
//                                              only where an iteration means the same: no
//                                              Optimizer key, or QuasiNewtonLBFGS with the Full
//                                              ImageSampler; with elastix's stochastic optimisers
//                                              (a step on a few thousand samples) it is not used,
//                                              with a warning
//   (NumberOfHistogramBins 64)                 --bins
//   (DefaultPixelValue 0)                      --default-value
//   (BendingEnergyWeight 0.01), (LinearElasticityWeight w), (LogJacobianWeight w),
//   (LocalNCCSigma 3), (RelativeTolerance 1e-6), (Backend "cuda")   CuMed's own keys
//   (AffineStage "true")                       --affine ("true" or "false", CuMed's own key)
// Options given on the command line win over the file. Other keys (elastix's Optimizer,
// Transform, Interpolator...) do not apply and are listed in a note.
#include "cumed/registration/Registration.h"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace cumed::registerapp {

struct ParameterFileOutcome {
  std::vector<std::string> ignored;  ///< keys that do not apply
  std::vector<std::string> warnings; ///< keys read but not used, and why (file, line, key, value)
};

/// Applies the file's settings whose options are not in `commandLine`. Throws UsageError naming
/// the file, the line and the problem: unreadable file, a line that is not "(Key value ...)", a
/// key given twice, values that differ per level or axis, an unknown or refused metric, or a
/// value its option refuses.
ParameterFileOutcome ApplyParameterFile(const std::filesystem::path& file,
                                        const std::set<std::string>& commandLine,
                                        registration::RegistrationOptions& options);

} // namespace cumed::registerapp
