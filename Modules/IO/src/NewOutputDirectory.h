#pragma once
// A directory that is about to receive a new DICOM series, written whole or not at all: the
// files go into a private directory ".cumed-partial-PID-N" created exclusively beside it, which
// is renamed to the final name once complete. A failed write removes it (and the parents this
// object created); a killed process can leave only that hidden directory, never a partial series
// under the final name.
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io::detail {

/// Accepts a new `directory` (creating missing parents) or an existing empty one; DicomError when
/// it exists and is not an empty directory, so nothing is ever overwritten. Until Commit(), the
/// destructor removes the private directory and the parents this object created.
class NewOutputDirectory {
public:
  explicit NewOutputDirectory(const std::string& directory);
  ~NewOutputDirectory();
  NewOutputDirectory(const NewOutputDirectory&) = delete;
  NewOutputDirectory& operator=(const NewOutputDirectory&) = delete;

  /// The path to write the new file `name` to (inside the private directory).
  std::string Add(const std::string& name);
  /// The write succeeded: renames the private directory to the final name (replacing it only
  /// while it is still empty). DicomError naming the directory when that fails, e.g. because it
  /// was filled meanwhile.
  void Commit();

private:
  std::filesystem::path directory_;
  std::filesystem::path staging_;
  std::vector<std::filesystem::path> createdDirectories_; ///< innermost last
  bool committed_ = false;
};

} // namespace cumed::io::detail
