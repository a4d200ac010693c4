#include "cumed/app/Paths.h"

namespace fs = std::filesystem;

namespace cumed::app {

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

} // namespace cumed::app
