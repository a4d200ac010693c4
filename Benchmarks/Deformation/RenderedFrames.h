#pragma once
// cumed-deform-benchmark's rendering section: frames deformed and drawn offscreen, through
// CUDA-OpenGL interop (vtkCuMedDeviceMeshMapper fills the VBOs from the device mesh: "GPU2")
// against the host round trip of the same frames (ForceHostUpload: the mesh downloaded and
// uploaded by VTK every frame: "GPU1"), and CPU frames drawn from the host. No pixels are read.
#include "cumed/core/Mesh.h"

#include <ostream>
#include <string>
#include <vector>

namespace cumed::deformbenchmark {

struct RenderedMesh {
  std::string name;
  const SurfaceMesh* mesh = nullptr;
};

/// Prints the section (a Markdown table and the targets' lines) to `out`, or a line saying why it
/// was skipped (no OpenGL context). multiSamples: the window's samples per pixel (-1: VTK's).
void PrintRenderedFrames(const std::vector<RenderedMesh>& meshes, int frames, int width, int height,
                         int multiSamples, int threads, std::ostream& out);

} // namespace cumed::deformbenchmark
