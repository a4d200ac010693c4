#pragma once
// Copies between pageable host memory and the device that run at link speed and hide behind
// other work. Straight from pageable memory a copy crawls (the driver stages it through a small
// bounce buffer); here it goes in chunks through Core's page-locked staging memory (Staging.h):
// while one chunk crosses PCIe, all host threads move the next one between the caller's memory
// and a second staging slot. Every chunk is a counted transfer (Transfer.h). CUDA-free interface.
#include "cumed/core/Event.h"
#include "cumed/core/Staging.h"

#include <cstddef>
#include <deque>
#include <functional>
#include <vector>

namespace cumed {

class Stream;

/// A part [offset, offset + bytes) of a transfer.
struct ByteRange {
  std::size_t offset = 0;
  std::size_t bytes = 0;
};

/// The staging chunk for a transfer of `bytes`: about a sixteenth of it, so the first chunk
/// (which nothing hides) is short, but 256 KiB to 8 MiB, so per-copy overheads stay small and
/// four slots of staging memory stay modest. A multiple of 4 KiB; 0 for an empty transfer.
std::size_t StagingChunkBytes(std::size_t bytes);

/// [0, bytes) in consecutive chunks of `chunkBytes` (the last one shorter); none when bytes is 0.
/// Throws InvalidArgument for a zero chunk size with bytes to split.
std::vector<ByteRange> SplitIntoChunks(std::size_t bytes, std::size_t chunkBytes);

/// Chunked, overlapped transfers through two upload and two download slots of the current
/// device's staging memory, leased for the pipeline's lifetime (other callers on the device wait).
/// Uploads are queued on `upload`, downloads on `download` (either may be absent if unused; both
/// may be the same stream). Work that must precede a download is ordered by the caller, e.g. by
/// making the download stream wait for an Event. Host threads: ParallelCopy.
class TransferPipeline {
public:
  /// slotBytes: the largest chunk; longer transfers are split into chunks of this size.
  TransferPipeline(std::size_t slotBytes, const Stream* upload, const Stream* download);
  /// Waits for every queued copy (never throws): the staging memory and the caller's buffers
  /// must outlive them. Downloads not yet copied out by finishDownloads() are dropped.
  ~TransferPipeline();
  TransferPipeline(const TransferPipeline&) = delete;
  TransferPipeline& operator=(const TransferPipeline&) = delete;

  /// Stages `bytes` of host memory chunk by chunk (a slot is refilled once its previous upload
  /// has finished) and queues each chunk's upload. Returns when the last chunk is queued; the
  /// returned event (valid while the pipeline lives) marks the end of its upload.
  const Event& upload(void* deviceDst, const void* hostSrc, std::size_t bytes);

  /// Queues the download of `bytes` into staging chunk by chunk; earlier chunks are copied out to
  /// their host destinations, in order, when their slot is needed again.
  void download(void* hostDst, const void* deviceSrc, std::size_t bytes);

  /// Copies out every queued download, in order; afterwards the host memory holds them.
  void finishDownloads();

  /// Called on the calling thread after each downloaded chunk reached its host destination, with
  /// its size; it may throw (e.g. cancellation), which stops the transfers.
  void onCopiedOut(std::function<void(std::size_t bytes)> callback) {
    copiedOut_ = std::move(callback);
  }

  std::size_t slotBytes() const noexcept { return slotBytes_; }

private:
  struct PendingDownload {
    void* host;
    const char* slot;
    std::size_t bytes;
    Event done;
  };
  void copyOutUpTo(std::size_t end); ///< downloads [copiedOutCount_, end)
  char* uploadSlot(std::size_t chunk) noexcept;
  char* downloadSlot(std::size_t chunk) noexcept;

  std::size_t slotBytes_;
  const Stream* upload_;
  const Stream* download_;
  StagingLease staging_;
  std::deque<Event> uploaded_; ///< one per upload chunk (a deque: references stay valid)
  std::deque<PendingDownload> downloads_;
  std::size_t copiedOutCount_ = 0; ///< downloads_ before this index are copied out (and popped)
  std::size_t downloadCount_ = 0;
  std::function<void(std::size_t)> copiedOut_;
};

/// Uploads pageable host memory through staging in StagingChunkBytes chunks on `stream`; returns
/// when the copy is complete (the staging memory is then free for other callers).
void UploadThroughStaging(void* deviceDst, const void* hostSrc, std::size_t bytes,
                          const Stream& stream);

/// A piece of device memory to bring to pageable host memory.
struct HostDestination {
  void* host;
  const void* device;
  std::size_t bytes;
};

/// Downloads the pieces through staging, after the work already queued on `stream`, in
/// StagingChunkBytes chunks of their total, each copied out while later ones cross PCIe; returns
/// when every piece is in host memory.
void DownloadThroughStaging(const std::vector<HostDestination>& pieces, const Stream& stream);

} // namespace cumed
