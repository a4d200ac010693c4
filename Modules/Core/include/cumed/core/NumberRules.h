#pragma once
// The one place where CuMed checks numbers that callers give it (options, keywords, settings
// files): finiteness and range, with one message shape shared by every library, program and the
// Python module:
//   "NAME = VALUE is not a finite number"
//   "NAME = VALUE is outside LOW..HIGH (WHY)"
// NAME is the library's field name; a program or the Python module that spells it differently
// (--dt, time_between_frames) rewrites it with Respell, so the rules live once, in the library.
//
// After a computation, CountNonFinite / LargestMagnitude scan an output so that a product of
// options that overflows (dt x displacement, amplitude x displacement) is refused instead of
// writing inf/NaN: "outputs never contain inf/NaN unless the input did, and then the summary
// says how many".
#include "cumed/core/Image.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cumed::numbers {

/// Largest magnitude CuMed accepts for a coordinate, a length or a value that ends up in a float
/// output (float's own limit is 3.4e38): leaves room for the sums and products of an algorithm.
inline constexpr double kFloatSafe = 1e30;

/// VALUE as the messages print it: shortest round-trip form ("1e-40", "0.5", "nan", "inf").
std::string FormatNumber(double value);
std::string FormatNumber(long long value);

/// Throws cumed::InvalidArgument "NAME = VALUE is not a finite number" for NaN and +-inf.
void RequireFinite(std::string_view name, double value);

/// RequireFinite, then InvalidArgument "NAME = VALUE is outside LOW..HIGH (WHY)" unless
/// low <= value <= high. `why` (may be empty) says what the limits protect.
void RequireInRange(std::string_view name, double value, double low, double high,
                    std::string_view why = {});

/// The same for whole numbers (no conversion to double, so 2^63-1 prints as it was given).
void RequireInRange(std::string_view name, long long value, long long low, long long high,
                    std::string_view why = {});

/// RequireFinite and value > 0 (then "NAME = VALUE is not positive (WHY)"), and value <= high.
void RequirePositive(std::string_view name, double value, double high = kFloatSafe,
                     std::string_view why = {});

/// Smallest spacing of an image axis CuMed accepts: below it (denormals such as 5e-324) the
/// world coordinates and the per-mm quantities derived from the spacing overflow.
inline constexpr double kMinimumSpacing = 1e-30;

/// The spacing rule, one for the programs, the library and Python: "NAME = VALUE is outside
/// 1e-30..1e+30 (WHY)" (or "is not a finite number").
inline void RequireSpacing(std::string_view name, double value, std::string_view why = {}) {
  RequireInRange(name, value, kMinimumSpacing, kFloatSafe, why);
}

/// The world coordinates of an image's voxels fit float outputs (surface points, fields): every
/// origin and spacing component and every corner origin + direction x (index x spacing) within
/// +-kFloatSafe. Throws InvalidArgument "origin[0] = 1e+308 is outside -1e+30..1e+30 (world
/// coordinates must fit float outputs)" or names the corner; `prefix` (e.g. "volume ") is put
/// before the field names.
void RequireWorldCoordinates(const ImageGeometry& geometry, std::string_view prefix = {});

/// Non-finite entries (NaN, +-inf) among `count` values.
std::size_t CountNonFinite(const float* values, std::size_t count);
std::size_t CountNonFinite(const double* values, std::size_t count);
inline std::size_t CountNonFinite(const std::vector<float>& v) {
  return CountNonFinite(v.data(), v.size());
}
inline std::size_t CountNonFinite(const std::vector<double>& v) {
  return CountNonFinite(v.data(), v.size());
}

/// Largest |value| among the finite entries and, when there is any, "inf" / "nan" takes over:
/// what a message quotes as "largest ..." (inf when an entry overflowed).
double LargestMagnitude(const float* values, std::size_t count);
double LargestMagnitude(const double* values, std::size_t count);

/// Denormal (subnormal) floats among `count` values.
std::size_t CountSubnormal(const float* values, std::size_t count);

/// A name as the library spells it and as the caller (a program, the Python module) does.
using Spelling = std::pair<std::string_view, std::string_view>;

/// `message` with every whole-word occurrence of each library name replaced by the caller's
/// spelling ("timeBetweenFrames = 1e-40 ..." -> "--dt = 1e-40 ..."). A word is delimited by
/// anything but a letter, digit, '_' or '-'.
std::string Respell(std::string message, std::initializer_list<Spelling> spellings);
std::string Respell(std::string message, const std::vector<Spelling>& spellings);

/// The product of `factors` (bytes a request needs), SIZE_MAX when it overflows size_t.
std::size_t CheckedBytes(std::initializer_list<std::size_t> factors);

/// Throws cumed::InvalidArgument "WHAT needs BYTES (HUMAN) of memory, more than LIMIT (the
/// machine's memory); reduce ..." when `bytes` (SIZE_MAX = overflow) exceeds `limit` (0 = the
/// machine's physical memory). `what` names the options, e.g. "--frames 1000000 x --lattice 12".
void RequireMemory(std::string_view what, std::size_t bytes, std::size_t limit = 0);

/// The machine's physical memory in bytes (sysconf), or 0 when unknown.
std::size_t PhysicalMemoryBytes();

/// "41.0 GB", "512 MB", "10 kB", "12 bytes".
std::string FormatBytes(std::size_t bytes);

} // namespace cumed::numbers
