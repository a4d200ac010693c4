#pragma once
// What every comparison returns, and the error for a file that cannot be read or written (exit
// status 2, unlike a difference, which is 1).
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cumed::compareapp {

struct Comparison {
  bool withinTolerance = true;
  std::string report; ///< lines for stdout, each ending in '\n'
  /// The numbers behind the verdict, by name (e.g. "differing_voxels"), for --json.
  std::vector<std::pair<std::string, double>> measures;
};

/// A file cannot be read (missing, unknown format, corrupt) or written; the message names it.
class FileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace cumed::compareapp
