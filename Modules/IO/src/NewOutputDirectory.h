#pragma once
// A directory that is about to receive new files, and the undo of a write that failed half-way.
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io::detail {

/// Creates `directory` (and missing parents) or accepts an existing empty one; DicomError when it
/// exists and is not an empty directory, so nothing is ever overwritten. Until Commit(), the
/// destructor removes the files that were Add()ed and the directories this object created.
class NewOutputDirectory {
public:
  explicit NewOutputDirectory(const std::string& directory);
  ~NewOutputDirectory();
  NewOutputDirectory(const NewOutputDirectory&) = delete;
  NewOutputDirectory& operator=(const NewOutputDirectory&) = delete;

  /// The path of a new file `name` in the directory, remembered for the undo. DicomError if such
  /// a file appeared meanwhile.
  std::string Add(const std::string& name);
  /// The write succeeded: keep everything.
  void Commit() { committed_ = true; }

private:
  std::filesystem::path directory_;
  std::vector<std::filesystem::path> createdDirectories_; ///< innermost last
  std::vector<std::filesystem::path> files_;
  bool committed_ = false;
};

} // namespace cumed::io::detail
