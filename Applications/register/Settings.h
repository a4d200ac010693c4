#pragma once
// The registration settings cumed-register takes from its command line and from a parameter file
// (ParameterFile.h): one parser per setting, so both sources accept and refuse the same values.
#include "cumed/registration/Registration.h"

#include <string>

namespace cumed::registerapp {

/// True for the options that set a RegistrationOptions member (--metric, --levels, --grid-spacing,
/// --iterations, --tolerance, --bending, --elasticity, --log-jacobian, --bins, --lncc-sigma,
/// --default-value, --backend).
bool IsSettingOption(const std::string& option);

/// Parses `value` for `option` into `options`. Throws UsageError "WHERE: ..." naming the value and
/// the accepted range; `where` is the option ("--levels") or the parameter file's line and key.
void ApplySetting(const std::string& option, const std::string& value, const std::string& where,
                  registration::RegistrationOptions& options);

} // namespace cumed::registerapp
