#pragma once
// The error CuMed's rendering throws when no offscreen OpenGL context can be made or an image
// cannot be written; the message says which path failed and what to try instead.
#include "cumed/core/Error.h"

namespace cumed::rendering {

class RenderingError : public cumed::Error {
public:
  using cumed::Error::Error;
};

} // namespace cumed::rendering
