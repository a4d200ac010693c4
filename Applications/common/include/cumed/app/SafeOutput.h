#pragma once
// The rules every program follows for what it writes: an existing file is replaced only with
// --force; a file appears under its final name only once it is complete (written under a
// temporary name beside it, then renamed over the old one); a failed run removes the directories
// it created and left empty. Directories the user had are never removed.
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cumed::app {

/// Throws UsageError "LABEL 'FILE' exists; --force replaces it" when `file` exists (also as a
/// dangling link) and `force` is false, and "LABEL 'FILE' is a directory" whatever `force`.
void CheckReplaceable(const std::string& label, const std::filesystem::path& file, bool force);

/// The directories a run creates for its outputs.
class CreatedDirectories {
public:
  CreatedDirectories() = default;
  CreatedDirectories(const CreatedDirectories&) = delete;
  CreatedDirectories& operator=(const CreatedDirectories&) = delete;
  /// Unless Keep() was called: removes the directories Create() made, innermost first, where
  /// they are empty.
  ~CreatedDirectories();

  /// Creates `directory` and its missing parents, remembering which were new. Throws
  /// cumed::Error naming the directory when that fails or a file is in the way.
  void Create(const std::filesystem::path& directory);
  /// The run succeeded: keep them.
  void Keep() { keep_ = true; }

private:
  std::vector<std::filesystem::path> created_; ///< outermost first
  bool keep_ = false;
};

/// Files written under a temporary name and renamed to their final names once complete.
class StagedFiles {
public:
  StagedFiles() = default;
  StagedFiles(const StagedFiles&) = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;
  /// Removes whatever was staged and not committed.
  ~StagedFiles();

  /// Where to write `file`: the same name inside a private directory ".cumed-partial-PID-N"
  /// beside it (one per parent directory, so a header and its data file stay together and the
  /// extension still names the format). The parent must exist.
  std::filesystem::path Stage(const std::filesystem::path& file);
  /// Renames every staged file that was written over its final name (replacing an old file) and
  /// removes the private directories. Throws cumed::Error naming the file when a rename fails.
  void Commit();

private:
  void RemoveStaging() noexcept;
  std::map<std::filesystem::path, std::filesystem::path> stagingDirectories_;  ///< parent -> dir
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> files_; ///< staged, final
};

} // namespace cumed::app
