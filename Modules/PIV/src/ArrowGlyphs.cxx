#include "cumed/piv/ArrowGlyphs.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "src/ArrowGeometry.h"
#include "src/PivEngine.h"

#include <cmath>
#include <string>

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
  glyphs.backendUsed = ResolveBackend(options.backend);
  detail::MakePivEngine(glyphs.backendUsed)->arrows(field, scalars, shape, glyphs);
  scope.finish(glyphs.backendUsed, glyphs.backendUsed == Backend::CUDA ? 1 : 0);
  return glyphs;
}

} // namespace cumed::piv
