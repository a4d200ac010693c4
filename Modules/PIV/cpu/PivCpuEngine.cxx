#include "cpu/PivCpuEngine.h"

#include "cpu/PivCpu.h"
#include "cumed/core/Error.h"
#include "src/FlatMesh.h"

#include <cstdint>
#include <string>

namespace cumed::piv::detail {

namespace {

/// A host frame of `pixels` pixels as float: the frame's memory for float, else `copy`.
const float* HostFloatPixels(const RawFrame& frame, std::size_t pixels, std::vector<float>& copy) {
  const auto convert = [&](auto* data) {
    copy.assign(data, data + pixels);
    return copy.data();
  };
  switch (frame.type) {
  case PixelType::UInt8:
    return convert(static_cast<const std::uint8_t*>(frame.pixels));
  case PixelType::Int16:
    return convert(static_cast<const std::int16_t*>(frame.pixels));
  case PixelType::UInt16:
    return convert(static_cast<const std::uint16_t*>(frame.pixels));
  case PixelType::Float32:
    return static_cast<const float*>(frame.pixels);
  }
  throw InvalidArgument("PIV: unsupported pixel type");
}

const char* const kFramesOnDevice = "the frames are in device memory but the CPU backend runs; "
                                    "copy them to the host (Image::toHost) or use the CUDA backend";

} // namespace

PivField PivCpuEngine::correlate(const RawPair& pair, int width, int height,
                                 const PivOptions& options, ExecutionScope& scope) {
  if (pair.first.location == MemoryLocation::Device)
    throw InvalidArgument(std::string("PIV: ") + kFramesOnDevice);
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  std::vector<float> firstCopy, secondCopy;
  const std::vector<FramePair> pairs{{HostFloatPixels(pair.first, pixels, firstCopy),
                                      HostFloatPixels(pair.second, pixels, secondCopy), width,
                                      height}};
  return RunPivCpu(pairs, options.mask.data, options, scope);
}

PivField PivCpuEngine::correlateEnsemble(const std::vector<RawPair>& pairs, int width, int height,
                                         const PivOptions& options, ExecutionScope& scope) {
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (pairs[i].first.location == MemoryLocation::Device)
      throw InvalidArgument("PIV: ensemble pair " + std::to_string(i) + ": " + kFramesOnDevice);
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  std::vector<std::vector<float>> copies(2 * pairs.size());
  std::vector<FramePair> frames;
  frames.reserve(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i)
    frames.push_back({HostFloatPixels(pairs[i].first, pixels, copies[2 * i]),
                      HostFloatPixels(pairs[i].second, pixels, copies[2 * i + 1]), width, height});
  return RunPivCpu(frames, options.mask.data, options, scope);
}

void PivCpuEngine::sequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                            const std::function<void(std::size_t)>& progress,
                            const FieldConsumer& consume, ExecutionScope& scope) {
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    scope.checkCancelled();
    progress(i);
    PivField field = ComputePiv(*pairs[i].first, *pairs[i].second, options);
    consume(i, field);
  }
}

void PivCpuEngine::arrows(const PivField& field, const std::vector<float>& scalars,
                          const ArrowShape& shape, ArrowGlyphs& glyphs) {
  const auto count = static_cast<std::int64_t>(field.size());
  SurfaceMesh& mesh = glyphs.host;
  ResizeFlatMesh(mesh, count, kArrowPoints, kArrowTriangles);
  for (std::int64_t i = 0; i < count; ++i)
    WriteArrow(i, field.x[i], field.y[i], field.u[i], field.v[i], field.flags[i], scalars[i], shape,
               mesh.points.data(), mesh.normals.data(), mesh.attributes[0].data(),
               mesh.triangles.data());
}

void PivCpuEngine::trace(const FlowArrays& flow, const std::vector<std::array<float, 2>>& seeds,
                         const Stepping<float>& stepping, PathlineSet& lines) {
  TraceOnCpu(flow.grid(), stepping, seeds, lines.x, lines.y, lines.speed, lines.length);
}

void PivCpuEngine::ribbons(const PathlineSet& lines, const RibbonShape& shape,
                           PathlineRibbons& ribbons) {
  const int segments = lines.pointsPerLine - 1;
  const std::int64_t count = std::int64_t(lines.seeds) * segments;
  SurfaceMesh& mesh = ribbons.host;
  ResizeFlatMesh(mesh, count, kRibbonPoints, kRibbonTriangles);
  for (int s = 0; s < lines.seeds; ++s)
    for (int n = 0; n < segments; ++n)
      WriteRibbonSegment(s, n, lines.x.data(), lines.y.data(), lines.speed.data(),
                         lines.length.data(), shape, mesh.points.data(), mesh.normals.data(),
                         mesh.attributes[0].data(), mesh.triangles.data());
}

} // namespace cumed::piv::detail
