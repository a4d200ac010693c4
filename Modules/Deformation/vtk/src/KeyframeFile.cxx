#include "cumed/deformation/KeyframeFile.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <json/json.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>

namespace cumed::deformation {

std::vector<Keyframe> ReadKeyframeFile(const std::filesystem::path& path, const Lattice& lattice) {
  auto fail = [&](const std::string& what) -> InvalidArgument {
    return InvalidArgument("keyframes " + path.string() + ": " + what);
  };
  // The parser holds the whole document in memory: a size beyond any lattice's keyframes
  // (2048 control points x 3 numbers x ~25 characters per keyframe) is refused by its bytes
  // before it reads, instead of failing with a bare "out of memory". A FIFO or a directory is
  // refused by stat before anything opens it (opening a FIFO would wait for a writer).
  constexpr std::uint64_t kMaxBytes = std::uint64_t(1) << 30;
  std::istringstream file(
      ReadRegularInputFile(path, "keyframes " + path.string() + ":", kMaxBytes));
  Json::CharReaderBuilder builder;
  Json::Value root;
  std::string errors;
  bool parsed = false;
  try {
    parsed = Json::parseFromStream(builder, file, &root, &errors);
  } catch (const std::exception& e) { // jsoncpp throws for nesting deeper than its stack limit
    throw fail(std::string("not JSON: ") + e.what() + " (nested more than 1000 levels deep)");
  }
  if (!parsed) throw fail("not JSON: " + errors.substr(0, errors.find('\n')));
  if (!root.isObject() || !root["keyframes"].isArray() || root["keyframes"].empty())
    throw fail("expected an object with a non-empty array \"keyframes\"");
  const auto controlPoints = static_cast<Json::ArrayIndex>(lattice.numberOfControlPoints());
  const std::string latticeName = std::to_string(lattice.dimensions[0]) + "x" +
                                  std::to_string(lattice.dimensions[1]) + "x" +
                                  std::to_string(lattice.dimensions[2]);
  std::vector<Keyframe> result;
  const Json::Value& keyframes = root["keyframes"];
  for (Json::ArrayIndex k = 0; k < keyframes.size(); ++k) {
    const std::string which = "keyframe " + std::to_string(k);
    const Json::Value& key = keyframes[k];
    if (!key.isObject() || !key["frame"].isInt() || key["frame"].asInt() < 0)
      throw fail(which + ": \"frame\" must be a whole number >= 0");
    const int frame = key["frame"].asInt();
    if (!result.empty() && frame <= result.back().frame)
      throw fail(which + ": frame " + std::to_string(frame) + " does not follow frame " +
                 std::to_string(result.back().frame));
    const Json::Value& displacements = key["displacements"];
    if (!displacements.isArray() || displacements.size() != controlPoints)
      throw fail(which + " has " +
                 (displacements.isArray() ? std::to_string(displacements.size()) : "no") +
                 " displacements; the " + latticeName + " lattice has " +
                 std::to_string(controlPoints) + " control points");
    Keyframe keyframe;
    keyframe.frame = frame;
    for (Json::ArrayIndex p = 0; p < controlPoints; ++p) {
      const Json::Value& d = displacements[p];
      if (!d.isArray() || d.size() != 3 || !d[0].isNumeric() || !d[1].isNumeric() ||
          !d[2].isNumeric())
        throw fail(which + ", displacement " + std::to_string(p) + ": expected [dx, dy, dz]");
      for (Json::ArrayIndex c = 0; c < 3; ++c) {
        const double v = d[c].asDouble();
        if (!std::isfinite(v))
          throw fail(which + ", displacement " + std::to_string(p) + " is not finite");
        keyframe.displacements.push_back(v);
      }
    }
    result.push_back(std::move(keyframe));
  }
  return result;
}

Animation ReadKeyframeAnimation(const std::filesystem::path& path, const Lattice& lattice) {
  std::vector<Keyframe> keyframes = ReadKeyframeFile(path, lattice);
  try {
    return Animation::FromKeyframes(std::move(keyframes), lattice);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument("keyframes " + path.string() + ": " + e.what());
  }
}

} // namespace cumed::deformation
