#pragma once
// A headless OpenGL 3.2 core context on an EGL device (EGL_EXT_platform_device) with a pbuffer
// surface: rendering on a GPU machine that has no X server. EGL types stay out of this header
// so that users of the class need no EGL headers.
#include <memory>
#include <string>
#include <vector>

namespace cumed::rendering {

struct EglDeviceInfo {
  int index = -1;         ///< position in eglQueryDevicesEXT's list
  std::string extensions; ///< the device's extension string
  bool software = false;  ///< EGL_MESA_device_software: Mesa's llvmpipe, no GPU
};

/// Devices EGL reports; empty when EGL lacks the device extensions. Never throws.
std::vector<EglDeviceInfo> ListEglDevices();

class EglDeviceContext {
public:
  /// Creates a context on the first hardware device, or on a software device when there is no
  /// hardware one. Throws RenderingError naming the step that failed for every device tried.
  static std::unique_ptr<EglDeviceContext> Create(int width, int height);

  ~EglDeviceContext();
  EglDeviceContext(const EglDeviceContext&) = delete;
  EglDeviceContext& operator=(const EglDeviceContext&) = delete;

  /// Makes the context current on the calling thread; throws RenderingError on failure.
  void MakeCurrent();
  bool IsCurrent() const;
  /// The device the context lives on.
  const EglDeviceInfo& Device() const { return device_; }

private:
  struct Handles;
  EglDeviceContext(std::unique_ptr<Handles> handles, EglDeviceInfo device);
  /// Display, pbuffer and context on one EGLDeviceEXT; throws RenderingError naming the step.
  static std::unique_ptr<Handles> CreateOnDevice(void* device, int width, int height);

  std::unique_ptr<Handles> handles_;
  EglDeviceInfo device_;
};

} // namespace cumed::rendering
