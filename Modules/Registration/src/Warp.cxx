#include "cumed/registration/Warp.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "src/LevelImage.h"
#include "src/RegistrationOutputs.h"

#include <cmath>
#include <string>

namespace cumed::registration {

Image WarpImage(const Image& moving, const Image& displacementField, const WarpOptions& options) {
  if (displacementField.empty())
    throw InvalidArgument("WarpImage: the displacement field is empty");
  if (displacementField.pixelType() != PixelType::Float32 || displacementField.components() != 3)
    throw InvalidArgument(std::string("WarpImage: the displacement field must have pixel type "
                                      "float and 3 components, got ") +
                          ToString(displacementField.pixelType()) + " and " +
                          std::to_string(displacementField.components()) + " components");
  if (!std::isfinite(options.defaultPixelValue))
    throw InvalidArgument("WarpImage: the default pixel value is not finite");
  ExecutionScope scope(options, displacementField.geometry().numberOfPixels());
  const detail::LevelImage level = detail::ToLevelImage(moving, "moving");
  const bool onDevice = displacementField.location() == MemoryLocation::Device;
  const Image hostField = onDevice ? displacementField.toHost() : Image();
  Image warped = detail::ResampleMoving(level, onDevice ? hostField : displacementField,
                                        static_cast<float>(options.defaultPixelValue));
  if (onDevice) warped = warped.toDevice();
  scope.finish(Backend::CPU);
  return warped;
}

} // namespace cumed::registration
