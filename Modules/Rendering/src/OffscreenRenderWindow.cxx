#include "cumed/rendering/OffscreenRenderWindow.h"

#include "GlewNoticeFilter.h"
#include "X11DisplayConnection.h"
#include "cumed/rendering/EglDeviceContext.h"
#include "cumed/rendering/RenderingError.h"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkNew.h>
#include <vtkObject.h>
#include <vtkRenderWindow.h>
#include <vtkSetGet.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace cumed::rendering {

const char* ToString(RenderPath path) noexcept {
  switch (path) {
  case RenderPath::Auto:
    return "auto";
  case RenderPath::EglDevice:
    return "egl";
  case RenderPath::X11Offscreen:
    return "x11";
  }
  return "unknown";
}

RenderPath ParseRenderPath(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "auto") return RenderPath::Auto;
  if (lower == "egl") return RenderPath::EglDevice;
  if (lower == "x11") return RenderPath::X11Offscreen;
  throw cumed::InvalidArgument("unknown render path '" + std::string(text) +
                               "' (expected auto, egl or x11)");
}

struct OffscreenRenderWindow::Impl {
  RenderPath path = RenderPath::Auto;
  // Declaration order is destruction order in reverse: the VTK window goes first, then the
  // context or display it draws on.
  std::unique_ptr<EglDeviceContext> eglContext;
  std::unique_ptr<X11DisplayConnection> x11Display;
  vtkSmartPointer<vtkRenderWindow> window;

  ~Impl() {
    if (!window) return;
    // VTK frees its buffers and shaders in Finalize(), which needs the context current.
    try {
      if (eglContext) eglContext->MakeCurrent();
      window->Finalize();
    } catch (const RenderingError&) {
      // The context is gone (driver reset): nothing left to free in it.
    }
    window = nullptr;
  }
};

namespace {

std::string FirstLineAfter(const std::string& text, const std::string& key) {
  const auto start = text.find(key);
  if (start == std::string::npos) return "";
  auto value = text.substr(start + key.size());
  value = value.substr(0, value.find('\n'));
  const auto first = value.find_first_not_of(" \t");
  const auto last = value.find_last_not_of(" \t\r");
  return first == std::string::npos ? "" : value.substr(first, last - first + 1);
}

bool DisplayIsSet() {
  const char* display = std::getenv("DISPLAY");
  return display && *display;
}

} // namespace

std::unique_ptr<OffscreenRenderWindow::Impl> OffscreenRenderWindow::OpenEglDevice(int width,
                                                                                  int height) {
  auto impl = std::make_unique<OffscreenRenderWindow::Impl>();
  impl->path = RenderPath::EglDevice;
  impl->eglContext = EglDeviceContext::Create(width, height);

  // VTK draws into its own framebuffer object inside the context we own and made current.
  vtkNew<vtkGenericOpenGLRenderWindow> window;
  window->SetSize(width, height);
  window->SetOwnContext(false);
  window->SetIsCurrent(true);
  window->SetReadyForRendering(true);
  window->SetFrameBlitModeToNoBlit();
  // Whenever VTK asks for its context (e.g. in Finalize), make ours current again.
  vtkNew<vtkCallbackCommand> makeCurrent;
  makeCurrent->SetClientData(impl->eglContext.get());
  makeCurrent->SetCallback([](vtkObject*, unsigned long, void* context, void*) {
    try {
      static_cast<EglDeviceContext*>(context)->MakeCurrent();
    } catch (const RenderingError& e) {
      vtkGenericWarningMacro(<< e.what()); // no exceptions through VTK's event loop
    }
  });
  window->AddObserver(vtkCommand::WindowMakeCurrentEvent, makeCurrent);
  DropGlewInitNotice(window);
  impl->window = window;
  return impl;
}

std::unique_ptr<OffscreenRenderWindow::Impl> OffscreenRenderWindow::OpenX11Offscreen(int width,
                                                                                     int height) {
  if (!DisplayIsSet()) {
    throw RenderingError("X11: DISPLAY is not set");
  }
  auto impl = std::make_unique<OffscreenRenderWindow::Impl>();
  impl->path = RenderPath::X11Offscreen;
  // Opened and checked here because VTK aborts the process when it cannot open the display.
  impl->x11Display = X11DisplayConnection::Open();
  auto window = vtkSmartPointer<vtkRenderWindow>::New();
  window->SetDisplayId(impl->x11Display->Handle());
  window->SetOffScreenRendering(1);
  window->SetSize(width, height);
  impl->window = window;
  return impl;
}

OffscreenRenderWindow::OffscreenRenderWindow(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

OffscreenRenderWindow::~OffscreenRenderWindow() = default;

std::unique_ptr<OffscreenRenderWindow> OffscreenRenderWindow::Create(int width, int height,
                                                                     RenderPath path) {
  if (width <= 0 || height <= 0) {
    throw RenderingError("invalid render window size " + std::to_string(width) + "x" +
                         std::to_string(height));
  }
  std::vector<RenderPath> candidates;
  if (path == RenderPath::Auto) {
    // An X display that is set was asked for (xvfb-run, a desktop); EGL covers headless machines
    // and a display that turns out to be unusable.
    if (DisplayIsSet()) candidates.push_back(RenderPath::X11Offscreen);
    candidates.push_back(RenderPath::EglDevice);
  } else {
    candidates.push_back(path);
  }

  std::string failures;
  for (const RenderPath candidate : candidates) {
    try {
      auto impl = candidate == RenderPath::EglDevice ? OpenEglDevice(width, height)
                                                     : OpenX11Offscreen(width, height);
      return std::unique_ptr<OffscreenRenderWindow>(new OffscreenRenderWindow(std::move(impl)));
    } catch (const RenderingError& e) {
      failures += std::string("\n  ") + e.what();
    }
  }
  std::string advice =
      "\nRun under a virtual X server, e.g. `xvfb-run -a <command>` (package xvfb), "
      "or on a machine whose GPU driver offers EGL devices.";
  if (!DisplayIsSet() && path == RenderPath::Auto) advice = "\nDISPLAY is not set." + advice;
  throw RenderingError("cannot open an offscreen OpenGL render window:" + failures + advice);
}

vtkRenderWindow* OffscreenRenderWindow::GetRenderWindow() const {
  return impl_->window;
}

RenderPath OffscreenRenderWindow::GetPath() const {
  return impl_->path;
}

std::string OffscreenRenderWindow::Describe() const {
  const std::string name = impl_->path == RenderPath::EglDevice ? "EGL device" : "X11 offscreen";
  if (impl_->window->GetNeverRendered()) return name;
  const std::string capabilities = impl_->window->ReportCapabilities();
  const auto renderer = FirstLineAfter(capabilities, "OpenGL renderer string:");
  const auto version = FirstLineAfter(capabilities, "OpenGL version string:");
  std::ostringstream text;
  text << name << " (" << (renderer.empty() ? "unknown renderer" : renderer);
  if (!version.empty()) text << ", OpenGL " << version;
  text << ")";
  return text.str();
}

} // namespace cumed::rendering
