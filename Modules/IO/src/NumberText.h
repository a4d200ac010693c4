#pragma once
// Numbers to and from DICOM text, independent of the C locale (a user's locale may use a decimal
// comma; DICOM never does).
#include <optional>
#include <string>
#include <string_view>

namespace cumed::io::detail {

/// One decimal number ("-1.5", "+2", " 3e-1 "); nullopt when the text is anything else.
std::optional<double> ParseNumber(std::string_view text);
/// For messages: up to 10 significant digits, no trailing zeros ("-26.5").
std::string FormatNumber(double value);
/// A DICOM Decimal String value: at most 16 characters with as many digits as fit.
std::string FormatDecimalString(double value);

} // namespace cumed::io::detail
