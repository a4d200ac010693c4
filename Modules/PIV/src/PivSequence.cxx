// ComputePivSequence: the checks common to every pair, then the CUDA backend's streaming loop
// or ComputePiv pair by pair on the CPU.
#include "cumed/core/Error.h"
#include "cumed/piv/Piv.h"
#include "src/PivArguments.h"
#include "src/PivEngine.h"

#include <string>

namespace cumed::piv {

namespace {

/// One pixel type and one memory for the whole sequence (the streaming buffers are shared).
void CheckUniform(const std::vector<ImagePair>& pairs) {
  const Image& reference = *pairs.front().first;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    for (const Image* frame : {pairs[i].first, pairs[i].second}) {
      const std::string which = "PIV: sequence pair " + std::to_string(i) + ": ";
      if (frame->pixelType() != reference.pixelType())
        throw InvalidArgument(which + "a frame is " + ToString(frame->pixelType()) +
                              " but pair 0's first frame is " + ToString(reference.pixelType()) +
                              "; a sequence takes one pixel type");
      if (frame->location() != reference.location())
        throw InvalidArgument(which + "a frame is in " +
                              (frame->location() == MemoryLocation::Host ? "host" : "device") +
                              " memory but pair 0's first frame is not; a sequence is all on "
                              "the host or all on the device");
    }
}

} // namespace

void ComputePivSequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                        const FieldConsumer& consume) {
  detail::CheckPairs(pairs, options, "sequence");
  CheckUniform(pairs);
  if (!consume) throw InvalidArgument("PIV: sequence: no consumer for the fields (empty function)");
  PivOptions perPair = options; // progress is reported per pair, not per pass
  perPair.progress = nullptr;
  const auto progress = [&](std::size_t pair) {
    if (options.progress) options.progress(double(pair) / double(pairs.size()));
  };
  ExecutionScope scope(options);
  const Backend backend = ResolveBackend(options.backend);
  detail::MakePivEngine(backend)->sequence(pairs, perPair, progress, consume, scope);
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
}

} // namespace cumed::piv
