#include "Settings.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <charconv>
#include <cmath>
#include <set>

namespace cumed::registerapp {
using app::UsageError;
namespace {

const std::set<std::string> kSettingOptions{"--metric",     "--levels",        "--grid-spacing",
                                            "--iterations", "--tolerance",     "--bending",
                                            "--elasticity", "--log-jacobian",  "--bins",
                                            "--lncc-sigma", "--default-value", "--backend"};

int WholeNumber(const std::string& where, const std::string& text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw UsageError(where + ": '" + text + "' is not a whole number");
  if (value < low || value > high)
    throw UsageError(where + " " + text + " is outside " + std::to_string(low) + ".." +
                     std::to_string(high));
  return value;
}

double AtLeastZero(const std::string& where, const std::string& text) {
  const double value = app::ParseFiniteNumber(where, text);
  if (value < 0) throw UsageError(where + " must be >= 0 (got " + text + ")");
  return value;
}

double Positive(const std::string& where, const std::string& text) {
  const double value = app::ParseFiniteNumber(where, text);
  if (!(value > 0)) throw UsageError(where + " must be > 0 (got " + text + ")");
  return value;
}

} // namespace

bool IsSettingOption(const std::string& option) {
  return kSettingOptions.count(option) != 0;
}

void ApplySetting(const std::string& option, const std::string& value, const std::string& where,
                  registration::RegistrationOptions& o) {
  if (option == "--metric") {
    try {
      o.metric = registration::ParseSimilarityMetric(value.c_str());
    } catch (const cumed::InvalidArgument& e) {
      throw UsageError(where + ": " + e.what());
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
    o.histogramBins = WholeNumber(where, value, 2, 1024);
  } else if (option == "--lncc-sigma") {
    o.localNccSigma = Positive(where, value);
  } else if (option == "--default-value") {
    o.defaultPixelValue = app::ParseFiniteNumber(where, value);
  } else if (option == "--backend") {
    o.backend = app::ParseBackendOption(where, value);
  } else {
    throw UsageError(where + ": not a registration setting");
  }
}

} // namespace cumed::registerapp
