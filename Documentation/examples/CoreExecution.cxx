// CuMed's core API without ITK or VTK: one set of execution options for every algorithm
// (backend, threads, progress on the calling thread, cancellation) and a report of what ran.
// Exit 0 when the dilation is right and the cancelled call stopped.
#include <cumed/core/Error.h>
#include <cumed/core/Execution.h>
#include <cumed/core/Image.h>
#include <cumed/morphology/GrayscaleMorphology.h>

#include <iostream>

int main() {
  cumed::ImageGeometry geometry;
  geometry.size = {96, 96, 64};
  cumed::Image ct =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  ct.view<std::int16_t>().data[(32 * 96 + 48) * 96 + 48] = 1000; // one bright voxel

  cumed::morphology::GrayscaleOptions options; // derives from cumed::ExecutionOptions
  cumed::ExecutionReport report;
  options.backend = cumed::Backend::Auto;
  options.threads = 2;
  options.report = &report;
  int progressCalls = 0;
  options.progress = [&](double) { ++progressCalls; };
  const cumed::Image dilated =
      cumed::morphology::Grayscale(ct, cumed::morphology::StructuringElement::Ball({2, 2, 2}),
                                   cumed::morphology::GrayscaleOperation::Dilate, options);
  const std::int16_t neighbour =
      dilated.toHost().view<std::int16_t>().data[(32 * 96 + 48) * 96 + 50];
  std::cout << "ran on " << cumed::ToString(report.backend) << " in " << report.seconds * 1e3
            << " ms, " << report.transfers.hostToDeviceCopies << " upload(s), " << progressCalls
            << " progress call(s)\n";

  options.cancelRequested = [] { return true; }; // e.g. a Cancel button
  bool stopped = false;
  try {
    cumed::morphology::Grayscale(ct, cumed::morphology::StructuringElement::Ball({2, 2, 2}),
                                 cumed::morphology::GrayscaleOperation::Dilate, options);
  } catch (const cumed::Cancelled&) {
    stopped = true;
  }
  std::cout << "cancelled call stopped: " << (stopped ? "yes" : "NO") << "\n";
  return neighbour == 1000 && stopped ? 0 : 1;
}
