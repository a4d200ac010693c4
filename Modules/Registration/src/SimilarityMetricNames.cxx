// The similarity metrics' names, as the programs, parameter files and Python spell them: apart from
// the registration engine, so that what parses settings needs no more of the module.
#include "cumed/registration/Registration.h"

#include "cumed/core/Error.h"

#include <cctype>
#include <string>

namespace cumed::registration {

const char* ToString(SimilarityMetric metric) noexcept {
  switch (metric) {
  case SimilarityMetric::SSD:
    return "ssd";
  case SimilarityMetric::NCC:
    return "ncc";
  case SimilarityMetric::LocalNCC:
    return "lncc";
  case SimilarityMetric::NMI:
    return "nmi";
  }
  return "?";
}

SimilarityMetric ParseSimilarityMetric(const char* text) {
  std::string lower(text ? text : "");
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (SimilarityMetric m : {SimilarityMetric::SSD, SimilarityMetric::NCC,
                             SimilarityMetric::LocalNCC, SimilarityMetric::NMI})
    if (lower == ToString(m)) return m;
  throw InvalidArgument("unknown similarity metric '" + std::string(text ? text : "") +
                        "' (expected ssd, ncc, lncc or nmi)");
}

} // namespace cumed::registration
