#include "cumed/registration/DisplacementField.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "src/DisplacementFieldBackends.h"
#include "src/Matrix3.h"
#include "src/RegistrationEngine.h"

#include <cstdint>

namespace cumed::registration {
namespace detail {

Sampling DescribeSampling(const BSplineGrid& grid, const ImageGeometry& fixed) {
  Sampling s{};
  const ImageGeometry& g = grid.coefficientGeometry();
  const Matrix3 fixedMatrix = IndexToPhysical(fixed.direction, fixed.spacing);
  const Matrix3 toGrid = Inverse(IndexToPhysical(g.direction, g.spacing));
  for (int a = 0; a < 3; ++a) {
    s.fixedOrigin[a] = fixed.origin[a];
    s.fixedSize[a] = static_cast<std::int64_t>(fixed.size[a]);
    s.gridOrigin[a] = g.origin[a];
    s.gridSize[a] = static_cast<std::int64_t>(g.size[a]);
  }
  for (int e = 0; e < 9; ++e) {
    s.fixedIndexToPhysical[e] = fixedMatrix[e];
    s.physicalToGridIndex[e] = toGrid[e];
  }
  return s;
}

} // namespace detail

Image DisplacementField(const BSplineGrid& grid, const ImageGeometry& fixedGeometry,
                        const DisplacementFieldOptions& options) {
  fixedGeometry.validate();
  detail::CheckDirection(fixedGeometry.direction, "fixed image direction");
  const detail::Sampling sampling = detail::DescribeSampling(grid, fixedGeometry);
  const double* coefficients[3] = {grid.coefficients(0).data(), grid.coefficients(1).data(),
                                   grid.coefficients(2).data()};
  const std::vector<detail::AxisSupport> separable = detail::SeparableSupports(sampling);
  ExecutionScope scope(options, fixedGeometry.numberOfPixels());
  const Backend backend = ResolveBackend(options.backend);
  const auto engine = detail::MakeRegistrationEngine(backend);
  Image field = Image::Allocate(PixelType::Float32, fixedGeometry, engine->memory(), 3);
  engine->displacementField(sampling, separable, coefficients, grid.numberOfControlPoints(),
                            field.view<float>().data);
  if (field.location() != options.output)
    field = options.output == MemoryLocation::Device ? field.toDevice() : field.toHost();
  scope.finish(backend, backend == Backend::CUDA ? 1 : 0);
  return field;
}

} // namespace cumed::registration
