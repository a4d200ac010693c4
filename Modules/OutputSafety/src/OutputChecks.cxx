// The refusals of SafeOutput.h: checked before anything is read or written.
#include "cumed/output/Paths.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/core/Error.h"

#include <sys/stat.h>
#include <unistd.h>

#include <system_error>

namespace fs = std::filesystem;

namespace cumed::output {
namespace {

bool SameInode(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The same file under two names: equal resolved paths (symlinks, ".."), or the same inode.
bool IsSameFile(const fs::path& a, const fs::path& b) {
  std::error_code error;
  const fs::path resolvedA = fs::weakly_canonical(fs::absolute(a, error), error);
  const fs::path resolvedB = fs::weakly_canonical(fs::absolute(b, error), error);
  if (!resolvedA.empty() && resolvedA == resolvedB) return true;
  struct stat statusA {
  }, statusB{};
  return ::stat(a.c_str(), &statusA) == 0 && ::stat(b.c_str(), &statusB) == 0 &&
         SameInode(statusA, statusB);
}

// The file of the input directory (not its subdirectories) that `status` is another name of.
fs::path SameInodeIn(const fs::path& directory, const struct stat& status) {
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    struct stat entry {};
    if (::stat(it->path().c_str(), &entry) == 0 && SameInode(entry, status)) return it->path();
  }
  return {};
}

} // namespace

void CheckNotInput(const std::string& label, const fs::path& path, const ProtectedInputs& inputs) {
  const std::string named = label + " '" + path.string() + "'";
  for (const fs::path& file : inputs.files) {
    if (IsSameFile(path, file)) {
      throw OutputRefused(named + " would overwrite the input file '" + file.string() +
                       "' (the same file, by name, link or inode); the input is never written "
                       "to, even with --force");
    }
  }
  for (const fs::path& directory : inputs.directories) {
    if (IsSameOrInside(path, directory)) {
      throw OutputRefused(named + " is or lies inside the input directory '" + directory.string() +
                       "' (resolved through links); the input is never written to, even with "
                       "--force");
    }
  }
}

void CheckReplaceable(const std::string& label, const fs::path& file, bool force,
                      const ProtectedInputs& inputs) {
  CheckNotInput(label, file, inputs);
  const std::string named = label + " '" + file.string() + "'";
  struct stat status {};
  if (::lstat(file.c_str(), &status) != 0) return; // nothing there: a new file
  if (S_ISLNK(status.st_mode)) {
    std::error_code error;
    const fs::path target = fs::read_symlink(file, error);
    throw OutputRefused(named + " is a symbolic link (to '" + target.string() +
                     "'); an output never replaces or writes through a link, even with --force: "
                     "remove it or name another file");
  }
  if (S_ISDIR(status.st_mode)) {
    throw OutputRefused(named + " is an existing directory; name a file");
  }
  if (S_ISREG(status.st_mode) && status.st_nlink > 1) {
    std::string other;
    for (const fs::path& directory : inputs.directories) {
      const fs::path same = SameInodeIn(directory, status);
      if (!same.empty()) other = ", one of them the input file '" + same.string() + "'";
    }
    throw OutputRefused(named + " has " + std::to_string(status.st_nlink) + " hard links" + other +
                     "; an output never replaces a file with more than one name, even with "
                     "--force: remove it or name another file");
  }
  if (!force) throw OutputRefused(named + " exists; --force replaces it");
}

} // namespace cumed::output
