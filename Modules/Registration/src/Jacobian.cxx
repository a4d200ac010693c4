#include "cumed/registration/Jacobian.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "src/JacobianMath.h"
#include "src/RegistrationEngine.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace cumed::registration {
namespace {

void CheckScalarOrVector(const Image& image, const char* what, PixelType type, int components) {
  if (image.empty()) throw InvalidArgument(std::string(what) + " is empty");
  if (image.pixelType() != type || image.components() != components) {
    std::ostringstream message;
    message << what << " is " << ToString(image.pixelType()) << " with " << image.components()
            << " component(s); expected " << ToString(type) << " with " << components;
    throw InvalidArgument(message.str());
  }
}

std::string SizeText(const ImageGeometry& g) {
  return std::to_string(g.size[0]) + "x" + std::to_string(g.size[1]) + "x" +
         std::to_string(g.size[2]);
}

/// `image` in `memory`: the image itself, or its copy there in `copy`.
const Image& InMemory(const Image& image, MemoryLocation memory, Image& copy) {
  if (image.location() == memory) return image;
  copy = memory == MemoryLocation::Host ? image.toHost() : image.toDevice();
  return copy;
}

/// A host image: `image` itself, or its host copy in `copy`.
const Image& OnHost(const Image& image, Image& copy) {
  return InMemory(image, MemoryLocation::Host, copy);
}

} // namespace

Image JacobianDeterminant(const Image& field, const JacobianOptions& options) {
  CheckScalarOrVector(field, "JacobianDeterminant: the displacement field", PixelType::Float32, 3);
  const ImageGeometry& g = field.geometry();
  detail::FieldShape shape{};
  for (int a = 0; a < 3; ++a) {
    shape.size[a] = static_cast<std::int64_t>(g.size[a]);
    shape.halfInverseSpacing[a] = 0.5 / g.spacing[a];
  }
  ExecutionScope scope(options, g.numberOfPixels());
  const Backend backend = ResolveBackend(options.backend);
  const auto engine = detail::MakeRegistrationEngine(backend);
  Image copy;
  const Image& input = InMemory(field, engine->memory(), copy);
  Image jacobian = Image::Allocate(PixelType::Float32, g, engine->memory());
  engine->jacobianDeterminant(shape, input.view<float>().data, jacobian.view<float>().data);
  if (jacobian.location() != field.location())
    jacobian = field.location() == MemoryLocation::Device ? jacobian.toDevice() : jacobian.toHost();
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
  return jacobian;
}

JacobianStatistics SummarizeJacobian(const Image& jacobian, const Image* mask) {
  CheckScalarOrVector(jacobian, "SummarizeJacobian: the Jacobian image", PixelType::Float32, 1);
  if (mask) {
    CheckScalarOrVector(*mask, "SummarizeJacobian: the mask", PixelType::UInt8, 1);
    if (!(mask->geometry() == jacobian.geometry()))
      throw InvalidArgument("SummarizeJacobian: the mask's geometry (size " +
                            SizeText(mask->geometry()) + ") is not the Jacobian image's (size " +
                            SizeText(jacobian.geometry()) +
                            "); expected the same size, spacing, origin and direction");
  }
  // Device images are summarised on the host: one copy, and a sequential (deterministic) sum.
  Image jacobianCopy, maskCopy;
  const float* det = OnHost(jacobian, jacobianCopy).view<float>().data;
  const std::uint8_t* inside = mask ? OnHost(*mask, maskCopy).view<std::uint8_t>().data : nullptr;
  JacobianStatistics stats;
  stats.minimum = std::numeric_limits<double>::infinity();
  stats.maximum = -std::numeric_limits<double>::infinity();
  double sum = 0.0;
  const std::size_t n = jacobian.geometry().numberOfPixels();
  for (std::size_t v = 0; v < n; ++v) {
    if (inside && !inside[v]) continue;
    const double d = det[v];
    ++stats.voxels;
    stats.minimum = std::min(stats.minimum, d);
    stats.maximum = std::max(stats.maximum, d);
    sum += d;
    if (!(d > 0.0)) ++stats.foldedVoxels;
  }
  if (stats.voxels == 0)
    throw InvalidArgument("SummarizeJacobian: the mask has no nonzero voxel among its " +
                          std::to_string(n) + "; expected at least one to summarise");
  stats.mean = sum / double(stats.voxels);
  stats.foldedPercent = 100.0 * double(stats.foldedVoxels) / double(stats.voxels);
  return stats;
}

} // namespace cumed::registration
