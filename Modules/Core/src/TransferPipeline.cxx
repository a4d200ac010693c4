#include "cumed/core/TransferPipeline.h"

#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <algorithm>
#include <string>

namespace cumed {

std::size_t StagingChunkBytes(std::size_t bytes) {
  if (bytes == 0) return 0;
  constexpr std::size_t kPage = std::size_t(4) << 10;
  constexpr std::size_t kMin = std::size_t(256) << 10, kMax = std::size_t(8) << 20;
  const std::size_t sixteenth = (bytes / 16 + kPage - 1) / kPage * kPage;
  return std::clamp(sixteenth, kMin, kMax);
}

std::vector<ByteRange> SplitIntoChunks(std::size_t bytes, std::size_t chunkBytes) {
  std::vector<ByteRange> chunks;
  if (bytes == 0) return chunks;
  if (chunkBytes == 0)
    throw InvalidArgument("transfer of " + std::to_string(bytes) +
                          " bytes split into chunks of 0 bytes");
  chunks.reserve((bytes + chunkBytes - 1) / chunkBytes);
  for (std::size_t offset = 0; offset < bytes; offset += chunkBytes)
    chunks.push_back({offset, std::min(chunkBytes, bytes - offset)});
  return chunks;
}

TransferPipeline::TransferPipeline(std::size_t slotBytes, const Stream* upload,
                                   const Stream* download)
    : slotBytes_(slotBytes), upload_(upload), download_(download),
      staging_(LeaseStaging(((upload ? 2 : 0) + (download ? 2 : 0)) * slotBytes)) {}

TransferPipeline::~TransferPipeline() {
  for (const Stream* stream : {upload_, download_})
    if (stream) try {
        stream->synchronize();
      } catch (...) { // an earlier failure was reported by whoever saw it first
      }
}

char* TransferPipeline::uploadSlot(std::size_t chunk) noexcept {
  return staging_.data() + (chunk % 2) * slotBytes_;
}

char* TransferPipeline::downloadSlot(std::size_t chunk) noexcept {
  return staging_.data() + ((upload_ ? 2 : 0) + chunk % 2) * slotBytes_;
}

const Event& TransferPipeline::upload(void* deviceDst, const void* hostSrc, std::size_t bytes) {
  if (!upload_)
    throw InvalidArgument("TransferPipeline: upload on a pipeline without an upload stream");
  for (const ByteRange& chunk : SplitIntoChunks(bytes, slotBytes_)) {
    const std::size_t c = uploaded_.size();
    if (c >= 2) uploaded_[c - 2].synchronize(); // that upload still reads this slot
    ParallelCopy(uploadSlot(c), static_cast<const char*>(hostSrc) + chunk.offset, chunk.bytes);
    CopyHostToDevice(static_cast<char*>(deviceDst) + chunk.offset, uploadSlot(c), chunk.bytes,
                     upload_);
    uploaded_.emplace_back().record(*upload_);
  }
  if (bytes == 0) uploaded_.emplace_back().record(*upload_);
  return uploaded_.back();
}

void TransferPipeline::download(void* hostDst, const void* deviceSrc, std::size_t bytes) {
  if (!download_)
    throw InvalidArgument("TransferPipeline: download on a pipeline without a download stream");
  for (const ByteRange& chunk : SplitIntoChunks(bytes, slotBytes_)) {
    const std::size_t k = downloadCount_;
    if (k >= 2) copyOutUpTo(k - 1); // frees this chunk's slot
    char* slot = downloadSlot(k);
    CopyDeviceToHost(slot, static_cast<const char*>(deviceSrc) + chunk.offset, chunk.bytes,
                     download_);
    downloads_.push_back({static_cast<char*>(hostDst) + chunk.offset, slot, chunk.bytes, Event()});
    downloads_.back().done.record(*download_);
    ++downloadCount_;
  }
}

void TransferPipeline::finishDownloads() {
  copyOutUpTo(downloadCount_);
}

void TransferPipeline::copyOutUpTo(std::size_t end) {
  while (copiedOutCount_ < end) {
    PendingDownload& next = downloads_.front();
    next.done.synchronize();
    ParallelCopy(next.host, next.slot, next.bytes);
    const std::size_t bytes = next.bytes;
    downloads_.pop_front();
    ++copiedOutCount_;
    if (copiedOut_) copiedOut_(bytes);
  }
}

void UploadThroughStaging(void* deviceDst, const void* hostSrc, std::size_t bytes,
                          const Stream& stream) {
  if (bytes == 0) return;
  TransferPipeline pipeline(StagingChunkBytes(bytes), &stream, nullptr);
  pipeline.upload(deviceDst, hostSrc, bytes).synchronize();
}

void DownloadThroughStaging(const std::vector<HostDestination>& pieces, const Stream& stream) {
  std::size_t total = 0;
  for (const HostDestination& piece : pieces) total += piece.bytes;
  if (total == 0) return;
  TransferPipeline pipeline(StagingChunkBytes(total), nullptr, &stream);
  for (const HostDestination& piece : pieces)
    pipeline.download(piece.host, piece.device, piece.bytes);
  pipeline.finishDownloads();
}

} // namespace cumed
