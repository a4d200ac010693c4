#include "cumed/registration/ParameterFile.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace cumed::registration {
namespace {

double FiniteNumber(const std::string& where, const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(begin, &end);
  if (text.empty() || end != begin + text.size() || errno == ERANGE || !std::isfinite(value))
    throw InvalidArgument(where + ": '" + text + "' is not a finite number");
  return value;
}

int WholeNumber(const std::string& where, const std::string& text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw InvalidArgument(where + ": '" + text + "' is not a whole number");
  if (value < low || value > high)
    throw InvalidArgument(where + " " + text + " is outside " + std::to_string(low) + ".." +
                          std::to_string(high));
  return value;
}

double AtLeastZero(const std::string& where, const std::string& text) {
  const double value = FiniteNumber(where, text);
  if (value < 0) throw InvalidArgument(where + " must be >= 0 (got " + text + ")");
  return value;
}

double Positive(const std::string& where, const std::string& text) {
  const double value = FiniteNumber(where, text);
  if (!(value > 0)) throw InvalidArgument(where + " must be > 0 (got " + text + ")");
  return value;
}

} // namespace

void ApplySetting(const std::string& option, const std::string& value, const std::string& where,
                  RegistrationOptions& o) {
  if (option == "--metric") {
    try {
      o.metric = ParseSimilarityMetric(value.c_str());
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(where + ": " + e.what());
    }
  } else if (option == "--levels") {
    o.levels = WholeNumber(where, value, 1, 8);
  } else if (option == "--grid-spacing") {
    o.gridSpacing = Positive(where, value);
  } else if (option == "--iterations") {
    o.maximumIterations = WholeNumber(where, value, 0, 100000);
  } else if (option == "--tolerance") {
    o.relativeTolerance = AtLeastZero(where, value);
  } else if (option == "--bending") {
    o.bendingEnergyWeight = AtLeastZero(where, value);
  } else if (option == "--elasticity") {
    o.linearElasticityWeight = AtLeastZero(where, value);
  } else if (option == "--log-jacobian") {
    o.logJacobianWeight = AtLeastZero(where, value);
  } else if (option == "--bins") {
    o.histogramBins = WholeNumber(where, value, 4, 1024); // the Parzen window spans 4 bins
  } else if (option == "--lncc-sigma") {
    o.localNccSigma = Positive(where, value);
  } else if (option == "--default-value") {
    o.defaultPixelValue = FiniteNumber(where, value);
  } else if (option == "--backend") {
    try {
      o.backend = ParseBackend(value);
    } catch (const Error& e) {
      throw InvalidArgument(where + ": " + e.what());
    }
  } else {
    throw InvalidArgument(where + ": not a registration setting");
  }
}

} // namespace cumed::registration
