#pragma once
// A VTK render window that draws without a visible window, on whichever path this machine has:
//   EGL device   headless; a GPU through its EGL device, or Mesa's software device
//   X11 offscreen VTK's own X render window with SetOffScreenRendering(1) (e.g. under xvfb-run)
#include <vtkSmartPointer.h>

#include <memory>
#include <string>
#include <string_view>

class vtkRenderWindow;

namespace cumed::rendering {

enum class RenderPath {
  Auto,        ///< X11 offscreen when DISPLAY is set, else EGL device
  EglDevice,   ///< headless EGL context handed to vtkGenericOpenGLRenderWindow
  X11Offscreen ///< VTK's X render window, offscreen; needs DISPLAY
};

/// "auto", "egl" or "x11".
const char* ToString(RenderPath path) noexcept;
/// Parses "auto", "egl" or "x11" (any case); throws cumed::InvalidArgument naming the text.
RenderPath ParseRenderPath(std::string_view text);

class OffscreenRenderWindow {
public:
  /// Opens a window of the given size on `path`. With Auto: X11 offscreen when DISPLAY is set
  /// (a display that was asked for is used), otherwise the EGL device path. Throws
  /// RenderingError that names every path tried and suggests xvfb-run when none works.
  static std::unique_ptr<OffscreenRenderWindow> Create(int width, int height,
                                                       RenderPath path = RenderPath::Auto);
  ~OffscreenRenderWindow();
  OffscreenRenderWindow(const OffscreenRenderWindow&) = delete;
  OffscreenRenderWindow& operator=(const OffscreenRenderWindow&) = delete;

  /// The VTK window; valid while this object lives (it owns the OpenGL context behind it).
  vtkRenderWindow* GetRenderWindow() const;
  /// EglDevice or X11Offscreen: the path that was taken.
  RenderPath GetPath() const;
  /// After the first Render(): "EGL device (<GL renderer>, OpenGL <version>)" or
  /// "X11 offscreen (<GL renderer>, OpenGL <version>)".
  std::string Describe() const;

private:
  struct Impl;
  explicit OffscreenRenderWindow(std::unique_ptr<Impl> impl);
  static std::unique_ptr<Impl> OpenEglDevice(int width, int height);
  static std::unique_ptr<Impl> OpenX11Offscreen(int width, int height);
  std::unique_ptr<Impl> impl_;
};

} // namespace cumed::rendering
