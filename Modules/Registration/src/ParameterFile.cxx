#include "cumed/registration/ParameterFile.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <cstdint>
#include <map>
#include <sstream>
#include <utility>

namespace cumed::registration {
namespace {

struct Entry {
  int line = 0;
  std::vector<std::string> values;
};

/// The words of "(Key v1 "v 2" v3)" after the parentheses are removed; quotes keep blanks.
bool SplitWords(const std::string& text, std::vector<std::string>& words) {
  std::string word;
  bool quoted = false, inWord = false;
  for (char c : text) {
    if (c == '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return !quoted;
}

/// "//" outside quotes starts a comment.
std::string WithoutComment(const std::string& line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (!quoted && line.compare(i, 2, "//") == 0) return line.substr(0, i);
  }
  return line;
}

std::string Trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::map<std::string, Entry> ReadEntries(const std::filesystem::path& file) {
  // A parameter file is a few dozen lines: a FIFO, a directory or a huge file is a mistake.
  constexpr std::uint64_t kMaxParameterFileBytes = 1 << 20;
  std::istringstream in;
  try {
    in.str(ReadRegularInputFile(file, "'" + file.string() + "':", kMaxParameterFileBytes));
  } catch (const InvalidArgument& e) { // the file, not its content: an Error as documented
    throw Error(e.what());
  }
  std::map<std::string, Entry> entries;
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string line = Trim(WithoutComment(raw));
    if (line.empty()) continue;
    const std::string where = file.string() + " line " + std::to_string(number);
    std::vector<std::string> words;
    if (line.size() < 2 || line.front() != '(' || line.back() != ')' ||
        !SplitWords(line.substr(1, line.size() - 2), words) || words.size() < 2)
      throw InvalidArgument(where + ": expected (Key value ...), got '" + Trim(raw) + "'");
    const std::string key = words.front();
    if (entries.count(key))
      throw InvalidArgument(where + ": " + key + " was already given on line " +
                            std::to_string(entries[key].line));
    entries[key] = Entry{number, std::vector<std::string>(words.begin() + 1, words.end())};
  }
  return entries;
}

std::string Where(const std::filesystem::path& file, const std::string& key, const Entry& entry) {
  return file.string() + " line " + std::to_string(entry.line) + " (" + key + ")";
}

/// The one value of an entry that may repeat it per level or axis (elastix's form).
std::string SingleValue(const std::filesystem::path& file, const std::string& key,
                        const Entry& entry, const char* perWhat) {
  for (const std::string& value : entry.values)
    if (value != entry.values.front())
      throw InvalidArgument(Where(file, key, entry) + ": the values differ per " + perWhat + " ('" +
                            value + "' and '" + entry.values.front() +
                            "'); cumed-register uses one value for all");
  return entry.values.front();
}

/// elastix's metric names, and CuMed's own. Mattes mutual information is refused by name:
/// CuMed has none, and its nearest metric (normalised MI) has another cost scale, so running it
/// in its place would change the run behind the user's back.
std::string MetricName(const std::string& name, const std::string& where) {
  static const std::map<std::string, std::string> elastix{{"AdvancedMeanSquares", "ssd"},
                                                          {"AdvancedNormalizedCorrelation", "ncc"},
                                                          {"NormalizedMutualInformation", "nmi"}};
  if (name == "AdvancedMattesMutualInformation")
    throw InvalidArgument(
        where + ": \"" + name +
        "\" is Mattes mutual information, which CuMed does not have; it is not "
        "replaced by CuMed's normalised mutual information silently (another "
        "cost, another weight scale): write (Metric \"NormalizedMutualInformation\") "
        "or give --metric nmi, or --metric lncc for CT-CT");
  const auto found = elastix.find(name);
  return found != elastix.end() ? found->second : name; // else ApplySetting judges it
}

std::string ValueOf(const std::map<std::string, Entry>& entries, const std::string& key) {
  const auto found = entries.find(key);
  return found == entries.end() || found->second.values.empty() ? "" : found->second.values.front();
}

/// An elastix iteration is an optimiser step on the ImageSampler's points: with the usual
/// stochastic optimisers and samplers a few thousand random voxels, with QuasiNewtonLBFGS and the
/// Full sampler every voxel, as in cumed-register. Only then (or in a file without an Optimizer,
/// cumed-register's own) is MaximumNumberOfIterations the same number; otherwise the text of the
/// warning saying why it is not used, else "".
std::string IterationsMismatch(const std::map<std::string, Entry>& entries,
                               const std::string& where, const std::string& value) {
  const std::string optimizer = ValueOf(entries, "Optimizer");
  const std::string sampler = ValueOf(entries, "ImageSampler");
  if (optimizer.empty() || (optimizer == "QuasiNewtonLBFGS" && sampler == "Full")) return "";
  const std::string samples = ValueOf(entries, "NumberOfSpatialSamples");
  return where + ": " + value + " is not used: with Optimizer \"" + optimizer +
         "\" and ImageSampler \"" + (sampler.empty() ? "(elastix's default)" : sampler) +
         "\" an elastix iteration is one step on " +
         (samples.empty() ? "a few thousand" : samples) +
         " sampled voxels, a cumed-register iteration an L-BFGS step on every voxel (usually "
         "converged in tens); --iterations keeps its value (give --iterations N to choose)";
}

} // namespace

ParameterFileOutcome ApplyParameterFile(const std::filesystem::path& file,
                                        const std::set<std::string>& givenElsewhere,
                                        RegistrationOptions& options) {
  ParameterFileOutcome outcome;
  std::map<std::string, Entry> entries = ReadEntries(file);
  // key -> (option, what repeats)
  static const std::map<std::string, std::pair<const char*, const char*>> keys{
      {"NumberOfResolutions", {"--levels", "entry"}},
      {"FinalGridSpacingInPhysicalUnits", {"--grid-spacing", "axis"}},
      {"MaximumNumberOfIterations", {"--iterations", "level"}},
      {"NumberOfHistogramBins", {"--bins", "level"}},
      {"DefaultPixelValue", {"--default-value", "entry"}},
      {"BendingEnergyWeight", {"--bending", "entry"}},
      {"LinearElasticityWeight", {"--elasticity", "entry"}},
      {"LogJacobianWeight", {"--log-jacobian", "entry"}},
      {"LocalNCCSigma", {"--lncc-sigma", "level"}},
      {"RelativeTolerance", {"--tolerance", "entry"}},
      {"Backend", {"--backend", "entry"}}};
  auto apply = [&](const char* option, const std::string& value, const std::string& where) {
    if (!givenElsewhere.count(option)) ApplySetting(option, value, where, options);
  };
  std::set<std::string> used;
  for (const auto& [key, target] : keys) {
    const auto found = entries.find(key);
    if (found == entries.end()) continue;
    used.insert(key);
    const std::string value = SingleValue(file, key, found->second, target.second);
    const std::string where = Where(file, key, found->second);
    if (key == "MaximumNumberOfIterations" && !givenElsewhere.count(target.first)) {
      const std::string mismatch = IterationsMismatch(entries, where, value);
      if (!mismatch.empty()) {
        RegistrationOptions scratch; // the value is still checked
        ApplySetting(target.first, value, where, scratch);
        outcome.warnings.push_back(mismatch);
        continue;
      }
    }
    apply(target.first, value, where);
  }
  if (const auto stage = entries.find("AffineStage"); stage != entries.end()) {
    used.insert("AffineStage");
    const std::string value = SingleValue(file, "AffineStage", stage->second, "entry");
    if (value != "true" && value != "false")
      throw InvalidArgument(Where(file, "AffineStage", stage->second) + ": expected \"true\" or " +
                            "\"false\", got '" + value + "'");
    if (!givenElsewhere.count("--affine")) options.affineStage = value == "true";
  }
  if (const auto metric = entries.find("Metric"); metric != entries.end()) {
    used.insert("Metric");
    const std::string where = Where(file, "Metric", metric->second);
    const std::vector<std::string>& names = metric->second.values;
    if (!givenElsewhere.count("--metric"))
      apply("--metric", MetricName(names.front(), where), where);
    for (std::size_t i = 1; i < names.size(); ++i) {
      if (names[i] != "TransformBendingEnergyPenalty")
        throw InvalidArgument(
            where + ": metric " + std::to_string(i) + " '" + names[i] +
            "' is not supported (only TransformBendingEnergyPenalty may follow the "
            "similarity)");
      const std::string weightKey = "Metric" + std::to_string(i) + "Weight";
      std::string weight = "1";
      if (const auto w = entries.find(weightKey); w != entries.end()) {
        used.insert(weightKey);
        weight = SingleValue(file, weightKey, w->second, "level");
        apply("--bending", weight, Where(file, weightKey, w->second));
      } else {
        apply("--bending", weight, where);
      }
    }
  }
  for (const auto& [key, entry] : entries)
    if (!used.count(key)) outcome.ignored.push_back(key);
  return outcome;
}

} // namespace cumed::registration
