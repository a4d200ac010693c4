#include "cumed/piv/ArrowGlyphs.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "src/ArrowGeometry.h"
#include "src/FlatMesh.h"

#include <cmath>
#include <string>

#if CUMED_WITH_CUDA
#include "cuda/ArrowGlyphsCuda.h"
#endif

namespace cumed::piv {

namespace {

void CheckOption(const char* name, float value, bool inRange, const char* expected) {
  if (!std::isfinite(value) || !inRange)
    throw InvalidArgument(std::string("arrow glyphs: ") + name + " = " + std::to_string(value) +
                          " is out of range: expected " + expected);
}

detail::ArrowShape CheckedShape(const ArrowGlyphOptions& o) {
  CheckOption("scale", o.scale, o.scale > 0, "a positive number");
  CheckOption("headLength", o.headLength, o.headLength > 0 && o.headLength <= 1,
              "a fraction of the arrow's length in (0, 1]");
  CheckOption("headHalfWidth", o.headHalfWidth, o.headHalfWidth > 0,
              "a positive fraction of the arrow's length");
  CheckOption("shaftHalfWidth", o.shaftHalfWidth,
              o.shaftHalfWidth > 0 && o.shaftHalfWidth <= o.headHalfWidth,
              "a positive fraction of the arrow's length, at most headHalfWidth");
  CheckOption("z", o.z, true, "a finite number");
  return {o.scale, o.headLength, o.headHalfWidth, o.shaftHalfWidth, o.z, o.z < 0 ? -1.f : 1.f};
}

void CheckField(const PivField& field, const std::vector<float>& scalars) {
  const std::size_t n = std::size_t(field.columns) * std::size_t(field.rows);
  if (field.x.size() != n || field.y.size() != n || field.u.size() != n || field.v.size() != n ||
      field.flags.size() != n || scalars.size() != n)
    throw InvalidArgument(
        "arrow glyphs need x, y, u, v, flags and scalars of columns x rows = " + std::to_string(n) +
        " values; the field has " + std::to_string(field.u.size()) + " u values and " +
        std::to_string(scalars.size()) + " scalars");
}

} // namespace

bool ArrowVisible(std::uint8_t flags, float u, float v, float scalar) {
  return detail::ArrowIsVisible(flags, u, v, scalar);
}

ArrowGlyphs BuildArrowGlyphs(const PivField& field, const std::vector<float>& scalars,
                             const ArrowGlyphOptions& options) {
  const detail::ArrowShape shape = CheckedShape(options);
  CheckField(field, scalars);
  ExecutionScope scope(options, field.size());
  ArrowGlyphs glyphs;
  if (ResolveBackend(options.backend) == Backend::CUDA) {
#if CUMED_WITH_CUDA
    glyphs.device = detail::BuildArrowGlyphsCuda(field, scalars, shape);
    glyphs.backendUsed = Backend::CUDA;
    scope.finish(Backend::CUDA, 1);
    return glyphs;
#endif
  }
  const auto count = static_cast<std::int64_t>(field.size());
  SurfaceMesh& mesh = glyphs.host;
  detail::ResizeFlatMesh(mesh, count, kArrowPoints, kArrowTriangles);
  for (std::int64_t i = 0; i < count; ++i)
    detail::WriteArrow(i, field.x[i], field.y[i], field.u[i], field.v[i], field.flags[i],
                       scalars[i], shape, mesh.points.data(), mesh.normals.data(),
                       mesh.attributes[0].data(), mesh.triangles.data());
  glyphs.backendUsed = Backend::CPU;
  scope.finish(Backend::CPU);
  return glyphs;
}

} // namespace cumed::piv
