#include "X11DisplayConnection.h"

#include "cumed/rendering/RenderingError.h"

#include <GL/glx.h>
#include <X11/Xlib.h>

#include <cstdlib>
#include <string>

namespace cumed::rendering {

std::unique_ptr<X11DisplayConnection> X11DisplayConnection::Open() {
  const char* name = std::getenv("DISPLAY");
  const std::string displayName = name ? name : "";
  Display* display = XOpenDisplay(nullptr);
  if (!display) {
    throw RenderingError("X11: cannot open display '" + displayName + "'");
  }
  int errorBase = 0, eventBase = 0;
  if (!glXQueryExtension(display, &errorBase, &eventBase)) {
    XCloseDisplay(display);
    throw RenderingError("X11: display '" + displayName + "' has no GLX extension");
  }
  return std::unique_ptr<X11DisplayConnection>(new X11DisplayConnection(display));
}

X11DisplayConnection::~X11DisplayConnection() {
  XCloseDisplay(static_cast<Display*>(display_));
}

} // namespace cumed::rendering
