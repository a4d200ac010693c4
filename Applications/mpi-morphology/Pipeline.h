#pragma once
// The distributed run: rank 0 checks the output and reads the input, every rank receives its
// planes, filters them with the halo of its neighbours, and writes its piece (or rank 0 the
// gathered file). Returns the summary line rank 0 prints.
#include "Arguments.h"
#include "cumed/parallel/Communicator.h"

#include <string>

namespace cumed::mpimorphology {

std::string RunPipeline(const Arguments& arguments, const parallel::Communicator& world);

} // namespace cumed::mpimorphology
