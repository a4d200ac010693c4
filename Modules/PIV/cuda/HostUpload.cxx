#include "cuda/HostUpload.h"

#include "cumed/core/Staging.h"
#include "cumed/core/Transfer.h"

namespace cumed::piv::detail {

void UploadThroughStaging(std::initializer_list<UploadPart> parts, const Stream& stream) {
  std::size_t total = 0;
  for (const UploadPart& part : parts) total += part.bytes;
  if (!total) return;
  StagingLease staging = LeaseStaging(total);
  std::size_t offset = 0;
  for (const UploadPart& part : parts) {
    if (!part.bytes) continue;
    ParallelCopy(staging.data() + offset, part.host, part.bytes);
    CopyHostToDevice(part.device, staging.data() + offset, part.bytes, &stream);
    offset += part.bytes;
  }
  stream.synchronize();
}

} // namespace cumed::piv::detail
