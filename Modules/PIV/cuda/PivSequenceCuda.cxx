#include "cuda/PivSequenceCuda.h"

#include "cuda/PivCuda.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Event.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Staging.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <optional>

namespace cumed::piv::detail {

namespace {

/// Pairs staged ahead of the one computing: pair k + 2's host copy and upload overlap pair k + 1's
/// upload wait and pair k's computation, so the host copy, the link and the GPU all run at once.
constexpr std::size_t kStagedAhead = 2;

/// One of the buffers a pair's frames travel through: page-locked host memory, device memory,
/// and the events that say when each may be reused.
struct FrameSlot {
  PinnedBuffer host;
  DeviceBuffer device;
  Event uploaded; ///< the frames reached the device: the host memory may be refilled
  Event consumed; ///< the pair was computed: the device memory may be overwritten
  FrameSlot(std::size_t bytes) : host(bytes), device(bytes) {}
};

} // namespace

void RunPivSequenceCuda(const std::vector<ImagePair>& pairs, const PivOptions& options,
                        const std::function<void(std::size_t)>& progress,
                        const FieldConsumer& consume, ExecutionScope& scope) {
  const Image& reference = *pairs.front().first;
  const int width = int(reference.geometry().size[0]), height = int(reference.geometry().size[1]);
  const PixelType type = reference.pixelType();
  const bool onHost = reference.location() == MemoryLocation::Host;
  const std::size_t pixels = std::size_t(width) * height, frameBytes = pixels * SizeOf(type);
  const Stream& compute = options.stream ? *options.stream : ProcessStream(CurrentDevice());

  // The mask goes up once.
  DeviceBuffer maskCopy;
  const std::uint8_t* mask = options.mask.data;
  if (mask && onHost) {
    maskCopy = DeviceBuffer(pixels);
    maskCopy.upload(mask, pixels);
    mask = maskCopy.as<std::uint8_t>();
  }

  const PassGrid grid = FinalGrid(width, height, options);
  PinnedBuffer result(FieldBytes(grid));
  std::optional<Stream> copies;
  std::vector<FrameSlot> slots;
  if (onHost) {
    copies.emplace();
    slots.reserve(kStagedAhead + 1);
    for (std::size_t i = 0; i <= kStagedAhead; ++i) slots.emplace_back(2 * frameBytes);
  }
  // Pair k's frames into their slot and up on the copy stream.
  const auto stage = [&](std::size_t k) {
    FrameSlot& slot = slots[k % slots.size()];
    slot.uploaded.synchronize(); // the slot's previous pair left the host memory
    ParallelCopy(slot.host.as<char>(), pairs[k].first->data(), frameBytes);
    ParallelCopy(slot.host.as<char>() + frameBytes, pairs[k].second->data(), frameBytes);
    slot.consumed.makeWait(*copies); // the previous pair no longer reads the device memory
    CopyHostToDevice(slot.device.data(), slot.host.data(), 2 * frameBytes, &*copies);
    slot.uploaded.record(*copies);
  };

  for (std::size_t k = 0; onHost && k < kStagedAhead && k < pairs.size(); ++k) stage(k);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    scope.checkCancelled();
    progress(k);
    const void* first = pairs[k].first->data();
    const void* second = pairs[k].second->data();
    if (onHost) {
      FrameSlot& slot = slots[k % slots.size()];
      slot.uploaded.makeWait(compute);
      first = slot.device.data();
      second = slot.device.as<char>() + frameBytes;
    }
    EnqueuePivCuda(first, second, type, width, height, mask, options, compute, result.data(),
                   scope);
    if (onHost) {
      slots[k % slots.size()].consumed.record(compute);
      if (k + kStagedAhead < pairs.size()) stage(k + kStagedAhead); // while pair k computes
    }
    compute.synchronize();
    PivField field = UnpackField(result.data(), grid, int(options.windowSizes.size()));
    consume(k, field);
  }
}

} // namespace cumed::piv::detail
