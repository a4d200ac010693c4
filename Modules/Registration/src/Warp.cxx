#include "cumed/registration/Warp.h"

#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "cumed/core/NumberRules.h"
#include "src/LevelImage.h"
#include "src/RegistrationOutputs.h"

#include <cmath>
#include <limits>
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
  // The warped image is float32: the same range as RegistrationOptions::defaultPixelValue.
  numbers::RequireInRange("defaultPixelValue", options.defaultPixelValue,
                          -double(std::numeric_limits<float>::max()),
                          double(std::numeric_limits<float>::max()), "the warped image is float32");
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
