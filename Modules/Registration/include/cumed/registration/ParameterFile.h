#pragma once
// Registration settings by name, and elastix-like parameter files (cumed-register --params): one
// "(Key value ...)" a line, strings in double quotes, "//" starting a comment. The keys understood
// and the settings (named as cumed-register's options) they set:
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
// Settings given elsewhere (a command line) win over the file. Other keys (elastix's Optimizer,
// Transform, Interpolator...) do not apply and are listed in the outcome.
#include "cumed/registration/Registration.h"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace cumed::registration {

/// Parses `value` for the setting `name` into `options`: --metric (ssd, ncc, lncc, nmi), --levels
/// (1..8), --grid-spacing (> 0, mm), --iterations (0..100000), --tolerance, --bending,
/// --elasticity, --log-jacobian (>= 0), --bins (2..1024), --lncc-sigma (> 0, mm),
/// --default-value (finite), --backend (auto, cpu, cuda). Throws InvalidArgument "WHERE: ..."
/// naming the value and the accepted range; `where` names the source (the option, or a parameter
/// file's line and key).
void ApplySetting(const std::string& name, const std::string& value, const std::string& where,
                  RegistrationOptions& options);

struct ParameterFileOutcome {
  std::vector<std::string> ignored;  ///< keys that do not apply
  std::vector<std::string> warnings; ///< keys read but not used, and why (file, line, key, value)
};

/// Applies the file's settings whose names (as ApplySetting's, and "--affine" for AffineStage) are
/// not in `givenElsewhere`. Throws Error "'FILE': ..." for a file that is missing, not a
/// regular file (a FIFO or directory is refused by stat, never opened), over 1 MiB or unreadable,
/// and InvalidArgument naming the file, the line and the problem: a line that is not
/// "(Key value ...)", a key given twice, values that differ per level or axis, an unknown or
/// refused metric, or a value its setting refuses.
ParameterFileOutcome ApplyParameterFile(const std::filesystem::path& file,
                                        const std::set<std::string>& givenElsewhere,
                                        RegistrationOptions& options);

} // namespace cumed::registration
