#pragma once
// Readable names for the (element, operation) parameterised tests: "ball3d_r2_dilate".
#include "RandomVolumes.h"
#include "cumed/core/Backend.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace cumed::morphology::test {

template <class Operation>
std::string CaseName(const testing::TestParamInfo<std::tuple<int, Operation>>& info) {
  std::string name =
      TestElements()[std::get<0>(info.param)].name + "_" + ToString(std::get<1>(info.param));
  for (char& c : name)
    if (c == '-') c = '_'; // test names allow letters, digits and '_'
  return name;
}

/// The same for suites that also take the backend first (cumed/test/Backends.h); the backend is
/// already in the instantiation's name ("Cpu/" or "Cuda/").
template <class Operation>
std::string
BackendCaseName(const testing::TestParamInfo<std::tuple<cumed::Backend, int, Operation>>& info) {
  std::string name =
      TestElements()[std::get<1>(info.param)].name + "_" + ToString(std::get<2>(info.param));
  for (char& c : name)
    if (c == '-') c = '_'; // test names allow letters, digits and '_'
  return name;
}

} // namespace cumed::morphology::test
