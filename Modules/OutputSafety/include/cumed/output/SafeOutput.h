#pragma once
// CuMed::OutputSafety: the rules every program and library writer follows for what it writes (Documentation/reliability.md, "Outputs"):
//  - no output is, replaces, or lies inside an input, whatever --force says (paths are compared
//    resolved, and files also by device and inode);
//  - an output never replaces a symbolic link or a file with more than one hard link (writing
//    "through" it would change another file), whatever --force says;
//  - an existing file is replaced only with --force, and then atomically (rename over it);
//  - an output appears under its final name only once complete: it is written inside a private
//    directory ".cumed-partial-PID-N" created exclusively beside it, then renamed into place;
//    without --force that rename refuses to replace (RENAME_NOREPLACE), so of several runs
//    writing the same new file exactly one succeeds;
//  - a failed or interrupted (SIGINT, SIGTERM, SIGHUP) run removes its staging directory and the
//    directories it created and left empty. After SIGKILL only the hidden staging directory can
//    remain; no reader takes it for the output, and later runs ignore it.
#include "cumed/core/Error.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cumed::output {

/// An output the rules above refuse (it is an input, a link, a directory, or exists without
/// `force`). Programs report it as a usage error (exit status 2): the command line names it.
class OutputRefused : public cumed::InvalidArgument {
public:
  using cumed::InvalidArgument::InvalidArgument;
};

/// What a run reads.
struct ProtectedInputs {
  std::vector<std::filesystem::path> files;       ///< e.g. an .mhd header and its data files
  std::vector<std::filesystem::path> directories; ///< e.g. a DICOM series: nothing inside either
};

/// Throws OutputRefused "LABEL 'PATH' ..." when `path` is an input file (resolved, or the same
/// device and inode) or is or lies inside an input directory. --force never overrides this.
void CheckNotInput(const std::string& label, const std::filesystem::path& path,
                   const ProtectedInputs& inputs);

/// CheckNotInput(), then throws OutputRefused naming `file` when it is a symbolic link (also a
/// dangling one), a directory, or a file with more than one hard link, whatever `force`; and
/// "LABEL 'FILE' exists; --force replaces it" when it exists and `force` is false.
void CheckReplaceable(const std::string& label, const std::filesystem::path& file, bool force,
                      const ProtectedInputs& inputs = {});

/// The directories a run creates for its outputs.
class CreatedDirectories {
public:
  CreatedDirectories() = default;
  CreatedDirectories(const CreatedDirectories&) = delete;
  CreatedDirectories& operator=(const CreatedDirectories&) = delete;
  /// Unless Keep() was called: removes the directories Create() made, innermost first, where
  /// they are empty.
  ~CreatedDirectories();

  /// Creates `directory` and its missing parents, remembering which were new (also for an
  /// interrupted run). Throws cumed::Error naming the directory when that fails or a file is in
  /// the way.
  void Create(const std::filesystem::path& directory);
  /// The run succeeded: keep them.
  void Keep() { keep_ = true; }

private:
  std::vector<std::filesystem::path> created_; ///< outermost first
  std::vector<std::uint64_t> interruptTokens_;
  bool keep_ = false;
};

/// Outputs (files, or directories such as a DICOM series) written under a temporary name and
/// renamed to their final names once complete.
class StagedFiles {
public:
  /// `replace` (--force): Commit() replaces an existing file, atomically. Without it, a file
  /// that appeared after the checks stops the commit. A directory replaces only an empty one.
  explicit StagedFiles(bool replace) : replace_(replace) {}
  StagedFiles(const StagedFiles&) = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;
  /// Removes whatever was staged and not committed.
  ~StagedFiles();

  /// Where to write `output`: the same name inside a private directory ".cumed-partial-PID-N"
  /// beside it, created exclusively (one per parent directory, so a header and its data file
  /// stay together and the extension still names the format). The parent must exist.
  std::filesystem::path Stage(const std::filesystem::path& output);
  /// Renames every staged output that was written to its final name, the last staged first (a
  /// header after its data file), as one step that a signal cannot split; then removes the
  /// private directories. Throws cumed::Error naming the output when a rename fails (e.g. it
  /// appeared meanwhile); what this call had moved into place is then removed again.
  void Commit();

private:
  void RemoveStaging() noexcept;
  struct Staging {
    std::filesystem::path directory;
    std::uint64_t interruptToken;
  };
  bool replace_;
  std::vector<std::pair<std::filesystem::path, Staging>> stagingDirectories_;  ///< parent, dir
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> files_; ///< staged, final
};

/// The name an output is renamed to: "out/" (and "out//") is "out"; "." and ".." become the
/// directory's absolute name.
std::filesystem::path OutputName(const std::filesystem::path& path);

/// Writes a new directory (a DICOM series) whole or not at all: `write(path)` creates it at `path`
/// inside a private staging directory beside `directory` (missing parents are created first, and
/// removed again on failure); it is then renamed to `directory`, replacing only an empty
/// directory. Returns what `write` returns.
template <class Write>
auto WriteWholeDirectory(const std::filesystem::path& directory, Write&& write) {
  const std::filesystem::path target = OutputName(directory);
  CreatedDirectories created;
  created.Create(target.parent_path());
  StagedFiles staged(false); // a directory replaces only an empty one, --force or not
  auto result = write(staged.Stage(target));
  staged.Commit();
  created.Keep();
  return result;
}

} // namespace cumed::output
