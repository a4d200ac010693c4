#include "cuda/PivSequenceCuda.h"

#include "cuda/DeviceField.h"
#include "cuda/PivCuda.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Event.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace cumed::piv::detail {

namespace {

/// Pairs in flight on the GPU at once, each on a lane of its own. While the host unpacks and
/// hands over pair k's field, pairs k + 1 and k + 2 are queued: the GPU never waits for the host
/// between pairs (before, every pair ended in a stream synchronisation, and the GPU idled while
/// the host unpacked, consumed and queued the next pair), and a pair's latency-bound validation
/// (one cooperative launch on a few dozen SMs) overlaps the next pair's correlation.
constexpr std::size_t kLanes = 3;

/// Host pairs staged ahead of the one being queued: pair k + 2's host copy and upload overlap the
/// computation of the pairs in flight, so the host copy, the link and the GPU all run at once.
constexpr std::size_t kStagedAhead = 2;

constexpr std::size_t kNoPair = std::numeric_limits<std::size_t>::max();

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

/// A pair in flight: the stream its passes are queued on (its own, or the caller's stream for
/// every lane), the page-locked memory its field comes back to, and the event after the copy.
struct Lane {
  std::optional<Stream> own;
  const Stream* stream = nullptr;
  void* result = nullptr;
  Event done;
  std::size_t pair = kNoPair;
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

/// Both frames of a pair into the page-locked slot in one parallel region (two ParallelCopy calls
/// were two fork-joins of the thread team per pair): blocks of 64 KiB or more, at least four per
/// thread, over the two frames.
void CopyPairToSlot(char* slot, const void* first, const void* second, std::size_t frameBytes) {
  const std::size_t threads = std::size_t(omp_get_max_threads());
  const std::size_t block =
      std::max<std::size_t>(std::size_t(64) << 10, 2 * frameBytes / (4 * threads) + 1);
  const auto perFrame = std::int64_t((frameBytes + block - 1) / block);
  const char* sources[2] = {static_cast<const char*>(first), static_cast<const char*>(second)};
#pragma omp parallel for schedule(static) if (perFrame > 1)
  for (std::int64_t b = 0; b < 2 * perFrame; ++b) {
    const int frame = int(b / perFrame);
    const std::size_t begin = std::size_t(b % perFrame) * block;
    std::memcpy(slot + std::size_t(frame) * frameBytes + begin, sources[frame] + begin,
                std::min(block, frameBytes - begin));
  }
}

/// Waits, when the sequence ends (also by an exception from a consumer or a cancellation), for
/// every stream it queued work on, before the page-locked and device memory that work reads or
/// writes is reused or freed.
class DrainOnExit {
public:
  void add(const Stream& stream) { streams_.push_back(&stream); }
  ~DrainOnExit() {
    for (const Stream* stream : streams_) {
      try {
        stream->synchronize();
      } catch (...) { // an error of queued work was (or will be) reported by the sequence
      }
    }
  }

private:
  std::vector<const Stream*> streams_;
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
  const int passes = int(options.windowSizes.size());
  const Stream& base = options.stream ? *options.stream : ProcessStream(CurrentDevice());

  // The mask goes up once.
  DeviceBuffer maskCopy;
  const std::uint8_t* mask = options.mask.data;
  if (mask && onHost) {
    maskCopy = DeviceBuffer(pixels);
    maskCopy.upload(mask, pixels);
    mask = maskCopy.as<std::uint8_t>();
  }

  // Page-locked memory for the lanes' fields and the slots' frames. A slot is refilled once the
  // pair that used it finished, which is the pair a lane handed over just before: no waiting.
  const PassGrid grid = FinalGrid(width, height, options);
  const std::size_t fieldBytes = (DeviceField::Bytes(grid) + 255) / 256 * 256;
  const std::size_t laneCount = std::min(kLanes, pairs.size());
  const std::size_t slotCount = onHost ? laneCount + kStagedAhead : 0;
  SequenceMemory staging(laneCount * fieldBytes + slotCount * 2 * frameBytes);
  char* frameMemory = staging.data() + laneCount * fieldBytes;

  // Lanes on streams of their own, unless the caller named one: then all of the sequence's work
  // stays ordered on it (still several pairs queued ahead of the host).
  std::vector<Lane> lanes(laneCount);
  for (std::size_t i = 0; i < laneCount; ++i) {
    Lane& lane = lanes[i];
    if (!options.stream && laneCount > 1) lane.own.emplace();
    lane.stream = lane.own ? &*lane.own : &base;
    lane.result = staging.data() + i * fieldBytes;
  }
  std::optional<Stream> copies;
  std::vector<FrameSlot> slots;
  if (onHost) {
    copies.emplace();
    slots.reserve(slotCount);
    for (std::size_t i = 0; i < slotCount; ++i)
      slots.emplace_back(frameMemory + i * 2 * frameBytes, 2 * frameBytes, base);
  }
  // Work queued before the call (frames written on the base stream) and the slots' allocations
  // come first on every stream.
  Event ready;
  ready.record(base);
  for (const Lane& lane : lanes)
    if (lane.own) ready.makeWait(*lane.stream);
  if (copies) ready.makeWait(*copies);
  DrainOnExit drain; // destroyed first: nothing in flight when the memory above goes
  drain.add(base);
  for (const Lane& lane : lanes)
    if (lane.own) drain.add(*lane.stream);
  if (copies) drain.add(*copies);

  // Pair k's frames into their slot and up on the copy stream.
  const auto stage = [&](std::size_t k) {
    FrameSlot& slot = slots[k % slots.size()];
    slot.uploaded.synchronize(); // the slot's previous pair left the host memory
    CopyPairToSlot(slot.host, pairs[k].first->data(), pairs[k].second->data(), frameBytes);
    slot.consumed.makeWait(*copies); // the previous pair no longer reads the device memory
    CopyHostToDevice(slot.device.data(), slot.host, 2 * frameBytes, &*copies);
    slot.uploaded.record(*copies);
  };
  // The lane's pair's field to the consumer, once it is on the host.
  const auto handOver = [&](Lane& lane) {
    lane.done.synchronize();
    const std::size_t k = lane.pair;
    lane.pair = kNoPair;
    PivField field = UnpackField(lane.result, grid, passes);
    consume(k, field);
  };

  for (std::size_t k = 0; onHost && k < kStagedAhead && k < pairs.size(); ++k) stage(k);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    Lane& lane = lanes[k % laneCount];
    if (lane.pair != kNoPair) handOver(lane); // pair k - laneCount: the fields go out in order
    scope.checkCancelled();
    progress(k);
    const void* first = pairs[k].first->data();
    const void* second = pairs[k].second->data();
    if (onHost) {
      FrameSlot& slot = slots[k % slots.size()];
      slot.uploaded.makeWait(*lane.stream);
      first = slot.device.data();
      second = slot.device.as<char>() + frameBytes;
    }
    EnqueuePivCuda(first, second, type, width, height, mask, options, *lane.stream, lane.result,
                   scope);
    lane.done.record(*lane.stream);
    lane.pair = k;
    if (onHost) {
      slots[k % slots.size()].consumed.record(*lane.stream);
      if (k + kStagedAhead < pairs.size()) stage(k + kStagedAhead); // while pairs compute
    }
  }
  for (std::size_t j = pairs.size(); j < pairs.size() + laneCount; ++j) {
    Lane& lane = lanes[j % laneCount];
    if (lane.pair != kNoPair) handOver(lane);
  }
}

} // namespace cumed::piv::detail
