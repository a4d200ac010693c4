#include "cumed/core/NumberRules.h"

#include "cumed/core/Error.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace cumed::numbers {

namespace {

bool IsWordCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

std::string Outside(std::string_view name, const std::string& value, const std::string& low,
                    const std::string& high, std::string_view why) {
  std::string text = std::string(name) + " = " + value + " is outside " + low + ".." + high;
  if (!why.empty()) text += " (" + std::string(why) + ")";
  return text;
}

template <class T> std::size_t NonFinite(const T* values, std::size_t count) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < count; ++i) n += !std::isfinite(values[i]);
  return n;
}

template <class T> double Largest(const T* values, std::size_t count) {
  double largest = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double v = std::abs(double(values[i]));
    if (std::isnan(v)) return v;
    largest = std::max(largest, v);
  }
  return largest;
}

} // namespace

std::string FormatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string FormatNumber(long long value) {
  return std::to_string(value);
}

void RequireFinite(std::string_view name, double value) {
  if (!std::isfinite(value))
    throw InvalidArgument(std::string(name) + " = " + FormatNumber(value) +
                          " is not a finite number");
}

void RequireInRange(std::string_view name, double value, double low, double high,
                    std::string_view why) {
  RequireFinite(name, value);
  if (!(value >= low && value <= high))
    throw InvalidArgument(
        Outside(name, FormatNumber(value), FormatNumber(low), FormatNumber(high), why));
}

void RequireInRange(std::string_view name, long long value, long long low, long long high,
                    std::string_view why) {
  if (value < low || value > high)
    throw InvalidArgument(
        Outside(name, FormatNumber(value), FormatNumber(low), FormatNumber(high), why));
}

void RequirePositive(std::string_view name, double value, double high, std::string_view why) {
  RequireFinite(name, value);
  if (!(value > 0)) {
    std::string text = std::string(name) + " = " + FormatNumber(value) + " is not positive";
    if (!why.empty()) text += " (" + std::string(why) + ")";
    throw InvalidArgument(text);
  }
  if (value > high)
    throw InvalidArgument(Outside(name, FormatNumber(value), "0", FormatNumber(high), why));
}

void RequireWorldCoordinates(const ImageGeometry& g, std::string_view prefix) {
  static constexpr std::string_view why = "world coordinates must fit float outputs";
  const std::string p(prefix);
  for (int a = 0; a < 3; ++a) {
    RequireInRange(p + "origin[" + std::to_string(a) + "]", g.origin[a], -kFloatSafe, kFloatSafe,
                   why);
    RequireSpacing(p + "spacing[" + std::to_string(a) + "]", g.spacing[a], why);
  }
  for (int corner = 0; corner < 8; ++corner) {
    double index[3];
    for (int a = 0; a < 3; ++a)
      index[a] = (corner >> a & 1) ? double(g.size[a] > 0 ? g.size[a] - 1 : 0) * g.spacing[a] : 0;
    for (int r = 0; r < 3; ++r) {
      double x = g.origin[r];
      for (int a = 0; a < 3; ++a) x += g.direction[3 * r + a] * index[a];
      RequireInRange(p + "corner " + std::to_string(corner) + " coordinate " + "xyz"[r], x,
                     -kFloatSafe, kFloatSafe, why);
    }
  }
}

std::size_t CountNonFinite(const float* values, std::size_t count) {
  return NonFinite(values, count);
}
std::size_t CountNonFinite(const double* values, std::size_t count) {
  return NonFinite(values, count);
}
double LargestMagnitude(const float* values, std::size_t count) {
  return Largest(values, count);
}
double LargestMagnitude(const double* values, std::size_t count) {
  return Largest(values, count);
}

std::size_t CountSubnormal(const float* values, std::size_t count) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < count; ++i) n += std::fpclassify(values[i]) == FP_SUBNORMAL;
  return n;
}

std::string Respell(std::string message, const std::vector<Spelling>& spellings) {
  for (const auto& [library, caller] : spellings) {
    if (library.empty() || library == caller) continue;
    std::size_t at = 0;
    while ((at = message.find(library, at)) != std::string::npos) {
      const std::size_t end = at + library.size();
      const bool wordStart = at == 0 || !IsWordCharacter(message[at - 1]);
      const bool wordEnd = end == message.size() || !IsWordCharacter(message[end]);
      if (wordStart && wordEnd) {
        message.replace(at, library.size(), caller);
        at += caller.size();
      } else {
        at = end;
      }
    }
  }
  return message;
}

std::string Respell(std::string message, std::initializer_list<Spelling> spellings) {
  return Respell(std::move(message), std::vector<Spelling>(spellings));
}

std::size_t CheckedBytes(std::initializer_list<std::size_t> factors) {
  std::size_t bytes = 1;
  for (const std::size_t f : factors) {
    if (f != 0 && bytes > SIZE_MAX / f) return SIZE_MAX;
    bytes *= f;
  }
  return bytes;
}

std::size_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0) return 0;
  return CheckedBytes({std::size_t(pages), std::size_t(pageSize)});
}

std::string FormatBytes(std::size_t bytes) {
  char buffer[64];
  if (bytes >= 1000ull * 1000 * 1000)
    std::snprintf(buffer, sizeof buffer, "%.1f GB", double(bytes) / 1e9);
  else if (bytes >= 1000ull * 1000)
    std::snprintf(buffer, sizeof buffer, "%.1f MB", double(bytes) / 1e6);
  else if (bytes >= 1000)
    std::snprintf(buffer, sizeof buffer, "%.1f kB", double(bytes) / 1e3);
  else
    std::snprintf(buffer, sizeof buffer, "%zu bytes", bytes);
  return buffer;
}

void RequireMemory(std::string_view what, std::size_t bytes, std::size_t limit) {
  const char* whose = "this machine's memory";
  if (limit == 0) {
    limit = PhysicalMemoryBytes();
    // A process limited below the machine (ulimit -v, a fuzzing child) cannot have more either:
    // a request between the two failed as a bare bad_alloc.
    rlimit space{};
    if (getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY &&
        (limit == 0 || space.rlim_cur < limit)) {
      limit = static_cast<std::size_t>(space.rlim_cur);
      whose = "this process's address-space limit";
    }
  }
  if (bytes != SIZE_MAX && (limit == 0 || bytes <= limit)) return;
  const std::string need = bytes == SIZE_MAX
                               ? std::string("more than 2^64 bytes")
                               : std::to_string(bytes) + " bytes (" + FormatBytes(bytes) + ")";
  throw InvalidArgument(std::string(what) + " needs " + need + " of memory, more than " +
                        FormatBytes(limit) + " (" + whose + "); use smaller values");
}

} // namespace cumed::numbers
