#include "cumed/registration/ParameterFile.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

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

std::int64_t SamplingNumber(const std::string& text, const std::string& part, std::int64_t low) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
  if (part.empty() || error != std::errc() || end != part.data() + part.size())
    throw InvalidArgument("sampling '" + text + "': '" + part + "' is not a whole number");
  if (value < low)
    throw InvalidArgument("sampling '" + text + "': " + part +
                          " must be >= " + std::to_string(low));
  return value;
}

} // namespace

std::string ToString(const VoxelSampling& s) {
  switch (s.kind) {
  case VoxelSampling::Kind::Strided:
    return "strided:" + std::to_string(s.step);
  case VoxelSampling::Kind::Random:
    return "random:" + std::to_string(s.count) + ":" + std::to_string(s.seed);
  case VoxelSampling::Kind::Full:
    break;
  }
  return "full";
}

void CheckVoxelSampling(const VoxelSampling& s) {
  if (s.kind == VoxelSampling::Kind::Strided && s.step < 1)
    throw InvalidArgument("sampling strided:" + std::to_string(s.step) + ": the step must be >= 1");
  if (s.kind == VoxelSampling::Kind::Random && s.count < 1)
    throw InvalidArgument("sampling random:" + std::to_string(s.count) +
                          ": the count must be >= 1");
}

VoxelSampling ParseVoxelSampling(const std::string& text) {
  VoxelSampling s;
  if (text == "full") return s;
  const std::size_t colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (kind == "strided" && colon != std::string::npos) {
    s.kind = VoxelSampling::Kind::Strided;
    s.step = static_cast<int>(std::min<std::int64_t>(SamplingNumber(text, rest, 1), 1 << 30));
    return s;
  }
  if (kind == "random" && colon != std::string::npos) {
    s.kind = VoxelSampling::Kind::Random;
    const std::size_t second = rest.find(':');
    s.count = SamplingNumber(text, rest.substr(0, second), 1);
    if (second != std::string::npos) {
      const std::string seed = rest.substr(second + 1);
      const auto [end, error] = std::from_chars(seed.data(), seed.data() + seed.size(), s.seed);
      if (seed.empty() || error != std::errc() || end != seed.data() + seed.size())
        throw InvalidArgument("sampling '" + text + "': the seed '" + seed +
                              "' is not a whole number >= 0");
    }
    return s;
  }
  throw InvalidArgument("sampling '" + text +
                        "': expected full, strided:STEP or random:COUNT[:SEED]");
}

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
  } else if (option == "--sampling") {
    try {
      o.sampling = ParseVoxelSampling(value);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(where + ": " + e.what());
    }
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
