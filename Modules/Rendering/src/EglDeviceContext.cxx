#include "cumed/rendering/EglDeviceContext.h"

#include "cumed/rendering/RenderingError.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <sstream>

namespace cumed::rendering {
namespace {

struct EglDeviceFunctions {
  PFNEGLQUERYDEVICESEXTPROC queryDevices = nullptr;
  PFNEGLQUERYDEVICESTRINGEXTPROC queryDeviceString = nullptr;
  PFNEGLGETPLATFORMDISPLAYEXTPROC getPlatformDisplay = nullptr;
  bool available() const { return queryDevices && queryDeviceString && getPlatformDisplay; }
};

const EglDeviceFunctions& DeviceFunctions() {
  static const EglDeviceFunctions functions = [] {
    EglDeviceFunctions f;
    f.queryDevices =
        reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    f.queryDeviceString = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
        eglGetProcAddress("eglQueryDeviceStringEXT"));
    f.getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    return f;
  }();
  return functions;
}

std::vector<EGLDeviceEXT> QueryDevices() {
  const auto& f = DeviceFunctions();
  if (!f.available()) return {};
  EGLint count = 0;
  if (!f.queryDevices(0, nullptr, &count) || count <= 0) return {};
  std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
  if (!f.queryDevices(count, devices.data(), &count)) return {};
  devices.resize(static_cast<std::size_t>(count));
  return devices;
}

std::string ErrorName(EGLint code) {
  switch (code) {
  case EGL_NOT_INITIALIZED:
    return "EGL_NOT_INITIALIZED";
  case EGL_BAD_ACCESS:
    return "EGL_BAD_ACCESS";
  case EGL_BAD_ALLOC:
    return "EGL_BAD_ALLOC";
  case EGL_BAD_ATTRIBUTE:
    return "EGL_BAD_ATTRIBUTE";
  case EGL_BAD_CONFIG:
    return "EGL_BAD_CONFIG";
  case EGL_BAD_CONTEXT:
    return "EGL_BAD_CONTEXT";
  case EGL_BAD_DISPLAY:
    return "EGL_BAD_DISPLAY";
  case EGL_BAD_MATCH:
    return "EGL_BAD_MATCH";
  case EGL_BAD_PARAMETER:
    return "EGL_BAD_PARAMETER";
  case EGL_BAD_SURFACE:
    return "EGL_BAD_SURFACE";
  default: {
    std::ostringstream text;
    text << "EGL error 0x" << std::hex << code;
    return text.str();
  }
  }
}

// Displays of the device platform are one handle per device and process, so two contexts on the
// same device share one: eglTerminate must wait until the last of them is gone.
class DisplayReferences {
public:
  static void Acquire(EGLDisplay display) {
    std::lock_guard<std::mutex> lock(Mutex());
    ++Counts()[display];
  }
  static void Release(EGLDisplay display) {
    std::lock_guard<std::mutex> lock(Mutex());
    auto it = Counts().find(display);
    if (it == Counts().end() || --it->second > 0) return;
    Counts().erase(it);
    eglTerminate(display);
  }

private:
  static std::mutex& Mutex() {
    static std::mutex mutex;
    return mutex;
  }
  static std::map<EGLDisplay, int>& Counts() {
    static std::map<EGLDisplay, int> counts;
    return counts;
  }
};

} // namespace

struct EglDeviceContext::Handles {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext context = EGL_NO_CONTEXT;
  bool displayAcquired = false;

  ~Handles() {
    if (display == EGL_NO_DISPLAY) return;
    if (eglGetCurrentContext() == context && context != EGL_NO_CONTEXT) {
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    if (displayAcquired) DisplayReferences::Release(display);
    eglReleaseThread();
  }
};

std::vector<EglDeviceInfo> ListEglDevices() {
  std::vector<EglDeviceInfo> result;
  const auto devices = QueryDevices();
  for (std::size_t i = 0; i < devices.size(); ++i) {
    EglDeviceInfo info;
    info.index = static_cast<int>(i);
    const char* extensions = DeviceFunctions().queryDeviceString(devices[i], EGL_EXTENSIONS);
    info.extensions = extensions ? extensions : "";
    info.software = info.extensions.find("EGL_MESA_device_software") != std::string::npos;
    result.push_back(info);
  }
  return result;
}

EglDeviceContext::EglDeviceContext(std::unique_ptr<Handles> handles, EglDeviceInfo device)
    : handles_(std::move(handles)), device_(std::move(device)) {}

EglDeviceContext::~EglDeviceContext() = default;

std::unique_ptr<EglDeviceContext> EglDeviceContext::Create(int width, int height) {
  if (width <= 0 || height <= 0) {
    throw RenderingError("EGL: invalid pbuffer size " + std::to_string(width) + "x" +
                         std::to_string(height));
  }
  if (!DeviceFunctions().available()) {
    throw RenderingError("EGL: the EGL library lacks the device extensions "
                         "(EGL_EXT_device_enumeration, EGL_EXT_platform_device)");
  }
  auto devices = ListEglDevices();
  if (devices.empty()) throw RenderingError("EGL: no EGL device found");
  // A GPU first; Mesa's software device only when there is nothing else.
  std::stable_sort(
      devices.begin(), devices.end(),
      [](const EglDeviceInfo& a, const EglDeviceInfo& b) { return !a.software && b.software; });
  const auto handles = QueryDevices();
  std::string failures;
  for (const auto& info : devices) {
    try {
      auto created =
          CreateOnDevice(handles.at(static_cast<std::size_t>(info.index)), width, height);
      return std::unique_ptr<EglDeviceContext>(new EglDeviceContext(std::move(created), info));
    } catch (const RenderingError& e) {
      failures += "\n  device " + std::to_string(info.index) + ": " + e.what();
    }
  }
  throw RenderingError("EGL: no device could make an OpenGL 3.2 context:" + failures);
}

void EglDeviceContext::MakeCurrent() {
  // VTK asks for its context several times a frame; when it is current already, that is all.
  if (eglGetCurrentContext() == handles_->context &&
      eglGetCurrentSurface(EGL_DRAW) == handles_->surface &&
      eglGetCurrentSurface(EGL_READ) == handles_->surface) {
    return;
  }
  if (!eglMakeCurrent(handles_->display, handles_->surface, handles_->surface, handles_->context)) {
    throw RenderingError("EGL: eglMakeCurrent failed: " + ErrorName(eglGetError()));
  }
}

bool EglDeviceContext::IsCurrent() const {
  return eglGetCurrentContext() == handles_->context;
}

std::unique_ptr<EglDeviceContext::Handles> EglDeviceContext::CreateOnDevice(void* device, int width,
                                                                            int height) {
  auto handles = std::make_unique<EglDeviceContext::Handles>();
  handles->display = DeviceFunctions().getPlatformDisplay(
      EGL_PLATFORM_DEVICE_EXT, static_cast<EGLDeviceEXT>(device), nullptr);
  if (handles->display == EGL_NO_DISPLAY) {
    throw RenderingError("eglGetPlatformDisplayEXT failed: " + ErrorName(eglGetError()));
  }
  EGLint major = 0, minor = 0;
  if (!eglInitialize(handles->display, &major, &minor)) {
    const auto error = ErrorName(eglGetError());
    handles->display = EGL_NO_DISPLAY; // nothing to terminate
    throw RenderingError("eglInitialize failed: " + error);
  }
  DisplayReferences::Acquire(handles->display);
  handles->displayAcquired = true;

  const EGLint configAttributes[] = {EGL_SURFACE_TYPE,
                                     EGL_PBUFFER_BIT,
                                     EGL_RED_SIZE,
                                     8,
                                     EGL_GREEN_SIZE,
                                     8,
                                     EGL_BLUE_SIZE,
                                     8,
                                     EGL_ALPHA_SIZE,
                                     8,
                                     EGL_DEPTH_SIZE,
                                     24,
                                     EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT,
                                     EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configCount = 0;
  if (!eglChooseConfig(handles->display, configAttributes, &config, 1, &configCount) ||
      configCount < 1) {
    throw RenderingError("no RGBA8/depth24 pbuffer config with desktop OpenGL");
  }
  const EGLint pbufferAttributes[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
  handles->surface = eglCreatePbufferSurface(handles->display, config, pbufferAttributes);
  if (handles->surface == EGL_NO_SURFACE) {
    throw RenderingError("eglCreatePbufferSurface failed: " + ErrorName(eglGetError()));
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    throw RenderingError("eglBindAPI(EGL_OPENGL_API) failed: " + ErrorName(eglGetError()));
  }
  // VTK's OpenGL2 backend needs 3.2 core.
  const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                      3,
                                      EGL_CONTEXT_MINOR_VERSION,
                                      2,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
  handles->context = eglCreateContext(handles->display, config, EGL_NO_CONTEXT, contextAttributes);
  if (handles->context == EGL_NO_CONTEXT) {
    throw RenderingError("eglCreateContext (OpenGL 3.2 core) failed: " + ErrorName(eglGetError()));
  }
  if (!eglMakeCurrent(handles->display, handles->surface, handles->surface, handles->context)) {
    throw RenderingError("eglMakeCurrent failed: " + ErrorName(eglGetError()));
  }
  return handles;
}

} // namespace cumed::rendering
