#include "cumed/output/Paths.h"

namespace fs = std::filesystem;

namespace cumed::output {

bool IsSameOrInside(const fs::path& path, const fs::path& ancestor) {
  const fs::path resolvedPath = fs::weakly_canonical(fs::absolute(path));
  const fs::path resolvedAncestor = fs::weakly_canonical(fs::absolute(ancestor));
  auto a = resolvedAncestor.begin();
  auto p = resolvedPath.begin();
  for (; a != resolvedAncestor.end(); ++a, ++p) {
    if (a->empty()) continue; // trailing separator
    if (p == resolvedPath.end() || *a != *p) return false;
  }
  return true;
}

fs::path ExecutablePath() {
  std::error_code error;
  const fs::path path = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : path;
}

} // namespace cumed::output
