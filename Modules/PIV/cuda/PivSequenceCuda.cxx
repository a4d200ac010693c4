#include "cuda/PivSequenceCuda.h"

#include "cuda/DeviceField.h"
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

/// One of the buffers a pair's frames travel through: page-locked host memory (part of the
/// staging memory), device memory, and the events that say when each may be reused.
struct FrameSlot {
  char* host;
  DeviceBuffer device;
  Event uploaded; ///< the frames reached the device: the host memory may be refilled
  Event consumed; ///< the pair was computed: the device memory may be overwritten
  FrameSlot(char* hostMemory, std::size_t bytes, const Stream& stream)
      : host(hostMemory), device(bytes, stream) {}
};

/// Page-locked memory for the sequences of the calling thread, kept between calls (allocating
/// it costs milliseconds, a pair's computation a tenth of one) and grown when too small. Per
/// thread and not Core's staging lease, so a consumer may run any CuMed call, even another
/// sequence (which then takes memory of its own). Never freed: the CUDA runtime may be gone when
/// thread-local destructors run.
class SequenceMemory {
public:
  explicit SequenceMemory(std::size_t bytes) {
    thread_local PinnedBuffer* kept = new PinnedBuffer();
    thread_local bool busy = false;
    if (busy) {
      own_ = PinnedBuffer(bytes);
      memory_ = &own_;
      return;
    }
    if (kept->size() < bytes) *kept = PinnedBuffer(bytes);
    memory_ = kept;
    busy_ = &busy;
    busy = true;
  }
  ~SequenceMemory() {
    if (busy_) *busy_ = false;
  }
  SequenceMemory(const SequenceMemory&) = delete;
  SequenceMemory& operator=(const SequenceMemory&) = delete;
  char* data() { return memory_->as<char>(); }

private:
  PinnedBuffer own_;
  PinnedBuffer* memory_ = nullptr;
  bool* busy_ = nullptr;
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

  // Page-locked memory for the field and the slots' frames.
  const PassGrid grid = FinalGrid(width, height, options);
  const std::size_t fieldBytes = (DeviceField::Bytes(grid) + 255) / 256 * 256;
  const std::size_t slotCount = onHost ? kStagedAhead + 1 : 0;
  SequenceMemory staging(fieldBytes + slotCount * 2 * frameBytes);
  void* result = staging.data();
  std::optional<Stream> copies;
  std::vector<FrameSlot> slots;
  if (onHost) {
    copies.emplace();
    slots.reserve(slotCount);
    for (std::size_t i = 0; i < slotCount; ++i)
      slots.emplace_back(staging.data() + fieldBytes + i * 2 * frameBytes, 2 * frameBytes, compute);
    Event allocated; // the slots' device memory is allocated in the compute stream's order
    allocated.record(compute);
    allocated.makeWait(*copies);
  }
  // Pair k's frames into their slot and up on the copy stream.
  const auto stage = [&](std::size_t k) {
    FrameSlot& slot = slots[k % slots.size()];
    slot.uploaded.synchronize(); // the slot's previous pair left the host memory
    ParallelCopy(slot.host, pairs[k].first->data(), frameBytes);
    ParallelCopy(slot.host + frameBytes, pairs[k].second->data(), frameBytes);
    slot.consumed.makeWait(*copies); // the previous pair no longer reads the device memory
    CopyHostToDevice(slot.device.data(), slot.host, 2 * frameBytes, &*copies);
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
    EnqueuePivCuda(first, second, type, width, height, mask, options, compute, result, scope);
    if (onHost) {
      slots[k % slots.size()].consumed.record(compute);
      if (k + kStagedAhead < pairs.size()) stage(k + kStagedAhead); // while pair k computes
    }
    compute.synchronize();
    PivField field = UnpackField(result, grid, int(options.windowSizes.size()));
    consume(k, field);
  }
}

} // namespace cumed::piv::detail
