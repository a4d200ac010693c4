#pragma once
// Whether two files hold the same bytes: a copy of a baseline is equal to it whatever its
// content, so it needs no reading as a mesh or image and no measuring.
#include <string>

namespace cumed::compareapp {

/// Compares sizes, then contents; throws FileError naming a file that cannot be read.
bool SameBytes(const std::string& a, const std::string& b);

} // namespace cumed::compareapp
