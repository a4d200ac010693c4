#pragma once
// An X display connection checked for GLX before VTK sees it: VTK's X render window aborts the
// process when the display cannot be opened, so CuMed opens it first and reports a clear error.
#include <memory>

namespace cumed::rendering {

class X11DisplayConnection {
public:
  /// Opens $DISPLAY; throws RenderingError when it cannot be opened or lacks GLX.
  static std::unique_ptr<X11DisplayConnection> Open();
  ~X11DisplayConnection();
  X11DisplayConnection(const X11DisplayConnection&) = delete;
  X11DisplayConnection& operator=(const X11DisplayConnection&) = delete;

  /// The Display*, for vtkRenderWindow::SetDisplayId.
  void* Handle() const { return display_; }

private:
  explicit X11DisplayConnection(void* display) : display_(display) {}
  void* display_;
};

} // namespace cumed::rendering
