#pragma once
// Debian's VTK is built with GLEW for GLX. With an EGL context there is no GLX display, so
// glewInit() reports "GLEW could not be initialized" although every OpenGL function was loaded
// and rendering works (see GPU.md). This drops exactly that message from one render window and
// passes its other errors on to VTK's output window.

class vtkObject;

namespace cumed::rendering {

void DropGlewInitNotice(vtkObject* renderWindow);

} // namespace cumed::rendering
