#pragma once
// The library's checks (cumed/core/NumberRules.h) name fields as the C++ API spells them
// (timeBetweenFrames); a Python user knows the keyword (time_between_frames). WithKeywords runs
// a call and respells the names in its InvalidArgument, so the rules stay in the library.
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <initializer_list>
#include <vector>

namespace cumed::python {

template <class Work>
decltype(auto) WithKeywords(std::initializer_list<numbers::Spelling> spellings, Work&& work) {
  const std::vector<numbers::Spelling> names(spellings);
  try {
    return work();
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(numbers::Respell(e.what(), names));
  }
}

} // namespace cumed::python
