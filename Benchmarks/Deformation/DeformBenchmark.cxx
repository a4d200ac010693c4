// cumed-deform-benchmark: how long a frame of free-form deformation with normals takes, per mesh
// and lattice, on the CPU (OpenMP, all cores) and with CUDA (the mesh and its output on the device;
// and host in/out: the deformed points and normals downloaded every frame), with VTK's
// vtkTriangleMeshPointNormals on the same mesh as the reference for the normals alone; then the
// CUDA time per frame for every threads-per-block of the sweep; and (RenderedFrames.h) the frames
// drawn offscreen through CUDA-OpenGL interop against the host round trip. Markdown tables on
// stdout.
#include "RenderedFrames.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/deformation/SampleMeshes.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkTriangleMeshPointNormals.h>

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

using namespace cumed;
using namespace cumed::deformation;
namespace bench = cumed::benchmark;

namespace {

constexpr const char* kUsage = R"(Usage: cumed-deform-benchmark [options]
Times one frame of free-form deformation + vertex normals (median of --frames frames).
  --mesh-dir DIR        where stanford-bunny.obj and igea.ply are (default ../shared/data/mesh,
                        or $CUMED_SOURCE_DIR/../shared/data/mesh when set); missing ones are skipped
  --large-triangles N   also a generated closed mesh of about N triangles (default 10000000; 0: none)
  --frames N            frames timed per case (default 200; the large mesh: N/10, at least 5)
  --threads N           CPU threads (default: every core)
  --no-cpu-large        skip the CPU on the large mesh
  --no-sweep            skip the threads-per-block sweep
  --no-render           skip the rendering section (bunny and Igea deformed and drawn offscreen:
                        CUDA-OpenGL interop against the host round trip; needs an OpenGL context)
  --size WxH            the rendering's offscreen window (default 1024x768)
  --msaa N              the rendering's samples per pixel, 0..16 (default: VTK's, 8; 0: none)
  --help                this text
Exit status: 0 done, 1 an error (message on stderr), 2 bad arguments.
)";

struct Settings {
  std::string meshDir;
  long largeTriangles = 10000000;
  int frames = 200;
  int threads = 0;
  bool cpuLarge = true;
  bool sweep = true;
  bool render = true;
  int width = 1024, height = 768;
  int multiSamples = -1; ///< -1: VTK's default
};

struct Workload {
  std::string name;
  SurfaceMesh mesh;
  int frames = 0;
  bool cpu = true;
};

/// A frame's control points: the lattice twisted by an angle that changes per frame (so no two
/// frames are equal).
std::vector<double> Frame(const Lattice& lattice, int frame) {
  return samples::TwistedControlPoints(lattice, 0.3 * std::sin(0.1 * frame));
}

/// Median seconds of one deform() into `output`, after two warm-up frames.
template <class TOutput>
double TimeFrames(MeshDeformation& deformation, const std::vector<std::vector<double>>& frames,
                  TOutput& output) {
  for (int w = 0; w < 2; ++w) deformation.deform(frames[w % frames.size()], output);
  std::vector<double> seconds;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const Stopwatch watch;
    deformation.deform(frames[f], output);
    seconds.push_back(watch.elapsedSeconds());
  }
  return bench::Median(seconds);
}

double TimeVtkNormals(const SurfaceMesh& mesh, int repeats) {
  vtkNew<vtkPolyData> data;
  ToVtkPolyData(mesh, data);
  std::vector<double> seconds;
  for (int r = 0; r < repeats; ++r) {
    vtkNew<vtkTriangleMeshPointNormals> normals;
    normals->SetInputData(data);
    const Stopwatch watch;
    normals->Update();
    seconds.push_back(watch.elapsedSeconds());
  }
  return bench::Median(seconds);
}

std::string Us(double seconds) {
  if (seconds < 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", seconds * 1e6);
  return text;
}

int Run(const Settings& settings) {
  std::vector<Workload> workloads;
  for (const auto& [name, file] :
       {std::pair<std::string, std::string>{"bunny", "stanford-bunny.obj"}, {"Igea", "igea.ply"}}) {
    const auto path = std::filesystem::path(settings.meshDir) / file;
    if (!std::filesystem::is_regular_file(path)) {
      std::cerr << "note: " << path.string() << " not found; " << name << " skipped\n";
      continue;
    }
    workloads.push_back({name, meshio::ReadSurfaceMesh(path.string()), settings.frames, true});
  }
  if (settings.largeTriangles > 0) {
    // 2 (rings - 1) segments triangles, rings : segments = 4 : 5.
    const int rings = std::max(3, int(std::sqrt(settings.largeTriangles / 2.0 * 0.8)));
    const int segments = std::max(3, int(settings.largeTriangles / (2.0 * (rings - 1))));
    Workload large{"generated sphere", samples::BumpySphere(rings, segments, 0.01, 1),
                   std::max(5, settings.frames / 10), settings.cpuLarge};
    workloads.push_back(std::move(large));
  }
  const int threads = settings.threads > 0 ? settings.threads : omp_get_num_procs();
  const bool cuda = CudaUsable();
  std::cout << "# cumed-deform-benchmark\n\n"
            << DescribeDevices() << "; CPU: " << threads
            << " OpenMP threads. Median wall time of one frame (deformation + normals, area "
               "weighted), after 2 warm-up frames.\n"
               "CUDA device: mesh and output on the device (the control points travel as kernel "
               "parameters). CUDA host in/out: the deformed points and normals downloaded every "
               "frame. VTK normals: vtkTriangleMeshPointNormals alone on the input mesh.\n\n";
  std::cout << "| mesh | points | triangles | lattice | CPU ms | CUDA device ms | CUDA device us | "
               "CUDA host in/out ms | VTK normals ms | CPU / CUDA device | host in/out / device | "
               "block (deform, normals) |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  struct SweepCase {
    std::string name;
    const SurfaceMesh* mesh;
    int frames;
  };
  for (const Workload& w : workloads) {
    const double vtkNormals = TimeVtkNormals(w.mesh, std::max(3, std::min(w.frames, 20)));
    for (const std::array<int, 3> dimensions :
         {std::array<int, 3>{3, 3, 3}, std::array<int, 3>{8, 8, 8}}) {
      const Lattice lattice = LatticeAroundBounds(MeshBounds(w.mesh), dimensions);
      std::vector<std::vector<double>> frames;
      for (int f = 0; f < w.frames; ++f) frames.push_back(Frame(lattice, f));
      double cpu = -1, device = -1, host = -1;
      LaunchConfiguration launch;
      if (w.cpu) {
        DeformationOptions options;
        options.backend = Backend::CPU;
        options.threads = threads;
        MeshDeformation deformation(w.mesh, lattice, options);
        SurfaceMesh out;
        cpu = TimeFrames(deformation, frames, out);
      }
      if (cuda) {
        DeformationOptions options;
        options.backend = Backend::CUDA;
        MeshDeformation deformation(w.mesh, lattice, options);
        DeviceSurfaceMesh out;
        device = TimeFrames(deformation, frames, out);
        launch = deformation.launchConfiguration();
        SurfaceMesh hostOut;
        host = TimeFrames(deformation, frames, hostOut);
      }
      std::cout << "| " << w.name << " | " << w.mesh.numberOfPoints() << " | "
                << w.mesh.numberOfTriangles() << " | " << dimensions[0] << "x" << dimensions[1]
                << "x" << dimensions[2] << " | " << bench::Ms(cpu) << " | " << bench::Ms(device)
                << " | " << Us(device) << " | " << bench::Ms(host) << " | " << bench::Ms(vtkNormals)
                << " | " << bench::Ratio(cpu, device) << " | " << bench::Ratio(host, device)
                << " | " << launch.deformThreadsPerBlock << ", " << launch.normalsThreadsPerBlock
                << " |\n"
                << std::flush;
    }
  }
  if (settings.render) {
    std::vector<deformbenchmark::RenderedMesh> rendered;
    for (const Workload& w : workloads)
      if (w.name != "generated sphere") rendered.push_back({w.name, &w.mesh});
    deformbenchmark::PrintRenderedFrames(rendered, settings.frames, settings.width, settings.height,
                                         settings.multiSamples, threads, std::cout);
  }
  if (!cuda) {
    std::cout << "\nCUDA not usable: no sweep.\n";
    return 0;
  }
  if (!settings.sweep) return 0;
  std::cout << "\n## Threads per block (CUDA, device-resident, both kernels; median us per frame)"
               "\n\n| mesh | lattice | occupancy API |";
  std::vector<int> blocks;
  for (int b = 32; b <= 1024; b += (b < 256 ? 32 : (b < 512 ? 64 : 128))) blocks.push_back(b);
  for (int b : blocks) std::cout << " " << b << " |";
  std::cout << "\n|---|---|---|";
  for (std::size_t i = 0; i < blocks.size(); ++i) std::cout << "---|";
  std::cout << "\n";
  for (const Workload& w : workloads) {
    if (w.name == "bunny") continue;
    for (const std::array<int, 3> dimensions :
         {std::array<int, 3>{3, 3, 3}, std::array<int, 3>{8, 8, 8}}) {
      const Lattice lattice = LatticeAroundBounds(MeshBounds(w.mesh), dimensions);
      std::vector<std::vector<double>> frames;
      for (int f = 0; f < std::max(5, w.frames / 2); ++f) frames.push_back(Frame(lattice, f));
      DeformationOptions options;
      options.backend = Backend::CUDA;
      MeshDeformation deformation(w.mesh, lattice, options);
      DeviceSurfaceMesh out;
      std::cout << "| " << w.name << " | " << dimensions[0] << "x" << dimensions[1] << "x"
                << dimensions[2] << " | " << Us(TimeFrames(deformation, frames, out)) << " |";
      for (int b : blocks) {
        deformation.setThreadsPerBlock(b);
        std::cout << " " << Us(TimeFrames(deformation, frames, out)) << " |" << std::flush;
      }
      std::cout << "\n";
    }
  }
  return 0;
}

long ParseNumber(const std::string& option, const char* text, long minimum) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (!*text || *end || value < minimum)
    throw InvalidArgument(option + " needs a whole number >= " + std::to_string(minimum) +
                          ", not '" + text + "'");
  return value;
}

} // namespace

int main(int argc, char** argv) {
  Settings settings;
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  settings.meshDir =
      source ? (std::filesystem::path(source) / ".." / "shared" / "data" / "mesh").string()
             : std::string("../shared/data/mesh");
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      auto value = [&]() -> const char* {
        if (i + 1 >= argc) throw InvalidArgument(arg + " needs a value");
        return argv[++i];
      };
      if (arg == "--help" || arg == "-h") {
        std::cout << kUsage;
        return 0;
      } else if (arg == "--mesh-dir") {
        settings.meshDir = value();
      } else if (arg == "--large-triangles") {
        settings.largeTriangles = ParseNumber(arg, value(), 0);
      } else if (arg == "--frames") {
        settings.frames = static_cast<int>(ParseNumber(arg, value(), 1));
      } else if (arg == "--threads") {
        settings.threads = static_cast<int>(ParseNumber(arg, value(), 1));
      } else if (arg == "--no-cpu-large") {
        settings.cpuLarge = false;
      } else if (arg == "--no-sweep") {
        settings.sweep = false;
      } else if (arg == "--no-render") {
        settings.render = false;
      } else if (arg == "--msaa") {
        settings.multiSamples = static_cast<int>(ParseNumber(arg, value(), 0));
        if (settings.multiSamples > 16)
          throw InvalidArgument("--msaa " + std::to_string(settings.multiSamples) +
                                ": expected 0..16 samples per pixel");
      } else if (arg == "--size") {
        const std::string size = value();
        char end = 0;
        if (std::sscanf(size.c_str(), "%dx%d%c", &settings.width, &settings.height, &end) != 2 ||
            settings.width < 16 || settings.height < 16)
          throw InvalidArgument("--size '" + size + "': expected WxH, each at least 16");
      } else {
        throw InvalidArgument("unknown option '" + arg + "' (see --help)");
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "cumed-deform-benchmark: " << e.what() << "\n";
    return 2;
  }
  try {
    return Run(settings);
  } catch (const std::exception& e) {
    std::cerr << "cumed-deform-benchmark: " << e.what() << "\n";
    return 1;
  }
}
