// cumed-isosurface-benchmark: CuMed CUDA (input on the device, with the upload, to a host mesh,
// and the pinned PCIe round trip of the same bytes that the host-mesh time is judged against),
// CuMed CPU, vtkFlyingEdges3D and vtkMarchingCubes on the same volumes in one run; prints a
// Markdown table with throughputs and ratios, and checks that CuMed's CPU and CUDA meshes are
// identical and that CuMed's counts equal vtkFlyingEdges3D's.
//
//   cumed-isosurface-benchmark [--ct DICOM_DIR] [--metaball-sizes 512,1024] [--repeat N]
//                              [--threads N] [--only NAME_PART] [--no-vtk] [--no-vtk-mc]
//                              [--no-vtk-mc-large] [--vtk-smp BACKEND]
#include "cumed/benchmark/PinnedRoundTrip.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Image.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/surface/ExclusiveScan.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <omp.h>
#include <vtkAOSDataArrayTemplate.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkMarchingCubes.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSMPTools.h>
#include <vtkSmartPointer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#if CUMED_WITH_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using cumed::benchmark::Median;
using cumed::benchmark::Ms;
using cumed::benchmark::Over;
using cumed::benchmark::PinnedRoundTripSeconds;
using cumed::benchmark::Ratio;

using namespace cumed::surface;

struct Settings {
  std::string ct;
  std::vector<std::size_t> metaballSizes{512, 1024};
  int repeat = 10;
  int threads = 0; ///< 0: every core
  std::string only;
  bool vtk = true;
  bool vtkMc = true;
  bool vtkMcLarge = true;
  std::string vtkSmp; ///< empty: the backend VTK was built with
};

/// Volumes above this many voxels are "large" for --no-vtk-mc-large.
constexpr std::size_t kLargeVoxels = std::size_t{512} * 512 * 512;

template <class T> struct Volume {
  std::string name;
  cumed::ImageGeometry geometry;
  std::vector<T> data;
};

Volume<std::int16_t> LoadCt(const std::string& directory) {
  const auto series = cumed::io::ReadDicomCtSeries(directory);
  const auto& image = *series.image;
  Volume<std::int16_t> v;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  v.geometry = cumed::GeometryOf(image);
  v.data.assign(image.GetBufferPointer(), image.GetBufferPointer() + v.geometry.numberOfPixels());
  v.name = "CT " + std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" +
           std::to_string(size[2]);
  return v;
}

/// Metaballs: f = sum of r_i^2 / d_i^2 over 12 balls (fixed seed), contoured at 1; unit spacing.
Volume<float> Metaballs(std::size_t n) {
  struct Ball {
    double c[3], r2;
  };
  std::mt19937 random(2024);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Ball> balls(12);
  const double size = static_cast<double>(n);
  for (auto& b : balls) {
    for (double& c : b.c) c = (0.2 + 0.6 * unit(random)) * size;
    const double r = (0.05 + 0.07 * unit(random)) * size;
    b.r2 = r * r;
  }
  Volume<float> v;
  v.name = "metaballs " + std::to_string(n) + "^3";
  v.geometry.size = {n, n, n};
  v.data.resize(n * n * n);
#pragma omp parallel for schedule(static)
  for (std::int64_t z = 0; z < static_cast<std::int64_t>(n); ++z)
    for (std::size_t y = 0; y < n; ++y)
      for (std::size_t x = 0; x < n; ++x) {
        double f = 0.0;
        for (const auto& b : balls) {
          const double dx = x - b.c[0], dy = y - b.c[1], dz = z - b.c[2];
          f += b.r2 / (dx * dx + dy * dy + dz * dz + 1e-6);
        }
        v.data[(z * n + y) * n + x] = static_cast<float>(f);
      }
  return v;
}

std::string Rate(double count, double seconds, double unit) {
  if (seconds <= 0 || count < 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", count / seconds / unit);
  return text;
}

std::string Count(std::int64_t n) {
  return n < 0 ? "-" : std::to_string(n);
}

/// A vtkImageData over the volume's pixels (no copy), with its geometry.
template <class T> vtkSmartPointer<vtkImageData> ToVtk(const Volume<T>& v) {
  auto image = vtkSmartPointer<vtkImageData>::New();
  cumed::ApplyGeometry(v.geometry, image);
  auto scalars = vtkSmartPointer<vtkAOSDataArrayTemplate<T>>::New();
  scalars->SetArray(const_cast<T*>(v.data.data()), static_cast<vtkIdType>(v.data.size()), 1);
  scalars->SetName("scalars");
  image->GetPointData()->SetScalars(scalars);
  return image;
}

struct Row {
  std::string name;
  double voxels = 0;
  std::int64_t triangles = -1, points = -1;
  double cudaDevice = -1, cudaUpload = -1, cudaHost = -1, roundTrip = -1, cpu = -1, fe = -1,
         mc = -1;
  std::string check;
};

void PrintRow(const Row& r) {
  const double t = static_cast<double>(r.triangles);
  std::printf(
      "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
      "| %s |\n",
      r.name.c_str(), Count(r.triangles).c_str(), Count(r.points).c_str(), Ms(r.cudaDevice).c_str(),
      Ms(r.cudaUpload).c_str(), Ms(r.cudaHost).c_str(), Ms(r.roundTrip).c_str(),
      Over(r.cudaHost, r.roundTrip).c_str(), Ms(r.cpu).c_str(), Ms(r.fe).c_str(), Ms(r.mc).c_str(),
      Rate(t, r.cudaDevice, 1e6).c_str(), Rate(r.voxels, r.cudaDevice, 1e9).c_str(),
      Rate(t, r.cpu, 1e6).c_str(), Rate(r.voxels, r.cpu, 1e9).c_str(), Ratio(r.fe, r.cpu).c_str(),
      Ratio(r.fe, r.cudaDevice).c_str(), r.check.c_str());
  std::fflush(stdout);
}

bool SameMesh(const SurfaceMesh& a, const SurfaceMesh& b) {
  const auto same = [](const auto& x, const auto& y) {
    return x.size() == y.size() &&
           (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0);
  };
  return same(a.points, b.points) && same(a.triangles, b.triangles) && same(a.normals, b.normals);
}

template <class F> double TimeMedian(int runs, F&& once) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const cumed::Stopwatch watch;
    once();
    times.push_back(watch.elapsedSeconds());
  }
  return Median(times);
}

template <class T>
void RunContour(const Volume<T>& v, double value, const std::string& label, const Settings& s,
                std::vector<std::string>& notes) {
  Row row;
  row.name = v.name + " " + label;
  if (row.name.find(s.only) == std::string::npos) return;
  row.voxels = static_cast<double>(v.geometry.numberOfPixels());
  const int slowRuns = std::max(1, std::min(s.repeat, 3));
  IsosurfaceOptions options;
  options.values = {value};
  options.computeNormals = true;
  const cumed::ImageView<const T> host{v.data.data(), v.geometry, cumed::MemoryLocation::Host};

  options.backend = cumed::Backend::CPU;
  SurfaceMesh cpu;
  ExtractIsosurface(host, options); // warm-up: first-touch of the allocator, OpenMP threads
  row.cpu = TimeMedian(slowRuns, [&] { cpu = ExtractIsosurface(host, options).mesh; });
  row.triangles = cpu.numberOfTriangles();
  row.points = cpu.numberOfPoints();

  std::vector<std::string> checks;
  if (cumed::CudaUsable()) {
    cumed::Image image =
        cumed::Image::Allocate(cumed::PixelTypeOf<T>(), v.geometry, cumed::MemoryLocation::Host);
    std::memcpy(image.data(), v.data.data(), v.data.size() * sizeof(T));
    const cumed::Image device = image.toDevice();
    image = cumed::Image();
    // CuMed's own stream: ExtractIsosurface returns when the mesh is complete.
    options.backend = cumed::Backend::CUDA;
    options.keepOnDevice = true;
    IsosurfaceResult kept;
    const auto deviceRun = [&] {
      kept = IsosurfaceResult();
      const cumed::Stopwatch watch;
      kept = ExtractIsosurface(device.view<T>(), options);
      return watch.elapsedSeconds();
    };
    for (int i = 0; i < 2; ++i) deviceRun(); // warm-up: module load, allocator pools
    std::vector<double> times;
    for (int r = 0; r < s.repeat; ++r) times.push_back(deviceRun());
    row.cudaDevice = Median(times);
    times.clear();
    for (int r = 0; r < s.repeat; ++r) {
      kept = IsosurfaceResult();
      const cumed::Stopwatch watch;
      kept = ExtractIsosurface(host, options);
      times.push_back(watch.elapsedSeconds());
    }
    row.cudaUpload = Median(times);
    const SurfaceMesh fromDevice = kept.deviceMesh->toHost();
    kept = IsosurfaceResult();
    options.keepOnDevice = false;
    SurfaceMesh cudaHost;
    row.cudaHost = TimeMedian(s.repeat, [&] { cudaHost = ExtractIsosurface(host, options).mesh; });
    // The floor for the to-host column: the volume up and the host mesh's arrays down, pinned.
    const std::size_t meshBytes =
        (cudaHost.points.size() + cudaHost.normals.size()) * sizeof(float) +
        cudaHost.triangles.size() * sizeof(cudaHost.triangles[0]);
    row.roundTrip = PinnedRoundTripSeconds(v.data.size() * sizeof(T), meshBytes);
    checks.push_back(SameMesh(cudaHost, cpu) && SameMesh(fromDevice, cpu) ? "cpu=cuda"
                                                                          : "CPU!=CUDA");
    // Every GPU of the machine: z-slabs, one host thread per GPU, host input and host mesh.
    const int gpus = static_cast<int>(cumed::ProbeDevices().devices.size());
    if (gpus > 1) {
      options.numberOfDevices = 0;
      SurfaceMesh multi;
      const double allGpus =
          TimeMedian(s.repeat, [&] { multi = ExtractIsosurface(host, options).mesh; });
      options.numberOfDevices = 1;
      checks.push_back(SameMesh(multi, cpu) ? std::to_string(gpus) + " GPUs=cpu"
                                            : std::to_string(gpus) + " GPUs!=CPU");
      char line[256];
      std::snprintf(
          line, sizeof line, "%s: CUDA to host on %d GPUs %.3f ms vs 1 GPU %.3f ms (%.2fx).",
          row.name.c_str(), gpus, allGpus * 1e3, row.cudaHost * 1e3, row.cudaHost / allGpus);
      notes.push_back(line);
    }
  }

  if (s.vtk) {
    const auto image = ToVtk(v);
    vtkNew<vtkFlyingEdges3D> fe;
    fe->SetInputData(image);
    fe->SetValue(0, value);
    fe->ComputeNormalsOn();
    fe->ComputeScalarsOff();
    row.fe = TimeMedian(slowRuns, [&] {
      fe->Modified();
      fe->Update();
    });
    const std::int64_t feTriangles = fe->GetOutput()->GetNumberOfPolys();
    const std::int64_t fePoints = fe->GetOutput()->GetNumberOfPoints();
    if (feTriangles == row.triangles && fePoints == row.points)
      checks.push_back("identical counts");
    else
      checks.push_back("counts differ from FE: triangles " + std::to_string(row.triangles) +
                       " vs " + std::to_string(feTriangles) + ", points " +
                       std::to_string(row.points) + " vs " + std::to_string(fePoints));
    fe->RemoveAllInputs();
    fe->GetOutput()->Initialize(); // free FE's mesh before MC runs

    const bool large = v.geometry.numberOfPixels() > kLargeVoxels;
    if (s.vtkMc && (s.vtkMcLarge || !large)) {
      vtkNew<vtkMarchingCubes> mc;
      mc->SetInputData(image);
      mc->SetValue(0, value);
      mc->ComputeNormalsOn();
      mc->ComputeScalarsOff();
      const cumed::Stopwatch watch;
      mc->Update();
      row.mc = watch.elapsedSeconds();
      notes.push_back(row.name + ": vtkMarchingCubes made " +
                      std::to_string(mc->GetOutput()->GetNumberOfPolys()) + " triangles and " +
                      std::to_string(mc->GetOutput()->GetNumberOfPoints()) +
                      " points (it merges coincident points and drops the triangles that "
                      "merging makes degenerate; one run, single-threaded).");
    } else if (s.vtkMc) {
      notes.push_back(row.name + ": vtkMarchingCubes skipped (--no-vtk-mc-large).");
    }
  }
  for (std::size_t c = 0; c < checks.size(); ++c) row.check += (c ? ", " : "") + checks[c];
  PrintRow(row);
}

/// The scan alone: 128^3 x 10 uint32 counts (values 0..15) to uint64 offsets.
void RunScan(const Settings& s, std::vector<std::string>& notes) {
  const std::size_t n = std::size_t{128} * 128 * 128 * 10;
  Row row;
  row.name = "exclusive scan 128^3 x 10 uint32 -> uint64";
  if (row.name.find(s.only) == std::string::npos) return;
  row.voxels = static_cast<double>(n);
  std::vector<std::uint32_t> in(n);
  std::mt19937 random(5);
  for (auto& x : in) x = random() & 15u;
  std::vector<std::uint64_t> expected(n);
  std::uint64_t total = 0;
  row.cpu = TimeMedian(std::max(1, std::min(s.repeat, 5)),
                       [&] { total = ExclusiveScanHost(in.data(), expected.data(), n); });
  std::vector<std::string> checks;
  if (cumed::CudaUsable()) {
    cumed::DeviceBuffer deviceIn(n * sizeof(std::uint32_t)), deviceOut(n * sizeof(std::uint64_t));
    deviceIn.upload(in.data(), n * sizeof(std::uint32_t));
    std::uint64_t deviceTotal = 0;
    const auto once = [&] {
      deviceTotal =
          ExclusiveScanDevice(deviceIn.as<std::uint32_t>(), deviceOut.as<std::uint64_t>(), n);
    };
    once();
    row.cudaDevice = TimeMedian(s.repeat, once);
    std::vector<std::uint64_t> out(n);
    deviceOut.download(out.data(), n * sizeof(std::uint64_t));
    checks.push_back(out == expected && deviceTotal == total ? "device=host" : "DEVICE!=HOST");
  }
  for (std::size_t c = 0; c < checks.size(); ++c) row.check += (c ? ", " : "") + checks[c];
  PrintRow(row);
  notes.push_back("Scan rows: CUDA = ExclusiveScanDevice on device-resident data (its result "
                  "total comes back with one small synchronous copy); CPU = ExclusiveScanHost; "
                  "the check compares every offset with the host's.");

#if CUMED_WITH_CUDA
  // The scan kernels alone, as the seed timed them: ExclusiveScanDeviceAsync between two CUDA
  // events, uint32 -> uint32 (the seed's workload) and uint32 -> uint64 (what the passes use).
  if (cumed::CudaUsable()) {
    cumed::DeviceBuffer deviceIn(n * sizeof(std::uint32_t)), out32(n * sizeof(std::uint32_t)),
        out64(n * sizeof(std::uint64_t));
    deviceIn.upload(in.data(), n * sizeof(std::uint32_t));
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    const auto eventTime = [&](auto&& queue) {
      std::vector<double> times;
      queue(); // warm-up: temporary storage pool
      for (int r = 0; r < std::max(s.repeat, 5); ++r) {
        cudaEventRecord(start, nullptr);
        queue();
        cudaEventRecord(stop, nullptr);
        cudaEventSynchronize(stop);
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        times.push_back(ms * 1e-3);
      }
      return Median(times);
    };
    Row kernel32;
    kernel32.name = "scan kernels only (CUDA events), 128^3 x 10 uint32 -> uint32";
    kernel32.voxels = static_cast<double>(n);
    kernel32.cudaDevice = eventTime([&] {
      ExclusiveScanDeviceAsync(deviceIn.as<std::uint32_t>(), out32.as<std::uint32_t>(), n, nullptr);
    });
    std::vector<std::uint32_t> back32(n);
    out32.download(back32.data(), n * sizeof(std::uint32_t));
    bool same = true;
    for (std::size_t i = 0; i < n; ++i)
      same = same && back32[i] == static_cast<std::uint32_t>(expected[i]);
    kernel32.check = same ? "device=host" : "DEVICE!=HOST";
    PrintRow(kernel32);
    Row kernel64;
    kernel64.name = "scan kernels only (CUDA events), 128^3 x 10 uint32 -> uint64";
    kernel64.voxels = static_cast<double>(n);
    kernel64.cudaDevice = eventTime([&] {
      ExclusiveScanDeviceAsync(deviceIn.as<std::uint32_t>(), out64.as<std::uint64_t>(), n, nullptr);
    });
    std::vector<std::uint64_t> back64(n);
    out64.download(back64.data(), n * sizeof(std::uint64_t));
    kernel64.check = back64 == expected ? "device=host" : "DEVICE!=HOST";
    PrintRow(kernel64);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
#endif

#if CUMED_WITH_CUDA
  const auto& devices = cumed::ProbeDevices().devices;
  if (!cumed::CudaUsable() || devices.size() < 2) {
    notes.push_back("ExclusiveScanMultiDevice: one GPU, not run.");
    return;
  }
  Row multi;
  multi.name =
      "exclusive scan, " + std::to_string(devices.size()) + " GPUs (ExclusiveScanMultiDevice)";
  multi.voxels = static_cast<double>(n);
  struct Part {
    int device;
    cumed::DeviceBuffer in, out;
  };
  std::vector<Part> parts;
  std::vector<DeviceScanPart> views;
  for (std::size_t d = 0; d < devices.size(); ++d) {
    const std::size_t first = n * d / devices.size(), last = n * (d + 1) / devices.size();
    cudaSetDevice(devices[d].index);
    parts.push_back({devices[d].index, cumed::DeviceBuffer((last - first) * sizeof(std::uint32_t)),
                     cumed::DeviceBuffer((last - first) * sizeof(std::uint64_t))});
    parts.back().in.upload(in.data() + first, (last - first) * sizeof(std::uint32_t));
    views.push_back({devices[d].index, parts.back().in.as<std::uint32_t>(),
                     parts.back().out.as<std::uint64_t>(), last - first});
  }
  cudaSetDevice(devices[0].index);
  std::uint64_t multiTotal = 0;
  const auto once = [&] { multiTotal = ExclusiveScanMultiDevice(views); };
  once();
  multi.cudaDevice = TimeMedian(s.repeat, once);
  bool same = multiTotal == total;
  for (std::size_t d = 0; d < parts.size(); ++d) {
    cudaSetDevice(parts[d].device);
    std::vector<std::uint64_t> out(views[d].n);
    parts[d].out.download(out.data(), out.size() * sizeof(std::uint64_t));
    same = same && std::equal(out.begin(), out.end(), expected.begin() + n * d / devices.size());
    parts[d] = Part{parts[d].device, {}, {}};
  }
  cudaSetDevice(devices[0].index);
  multi.check = same ? "device=host" : "DEVICE!=HOST";
  PrintRow(multi);
#endif
}

std::vector<std::size_t> ParseSizes(const std::string& text) {
  std::vector<std::size_t> sizes;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string part = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (!part.empty()) sizes.push_back(std::stoul(part));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return sizes;
}

void PrintUsage() {
  std::printf("usage: cumed-isosurface-benchmark [--ct DICOM_DIR] [--metaball-sizes 512,1024] "
              "[--repeat N] [--threads N] [--only NAME_PART] [--no-vtk] [--no-vtk-mc] "
              "[--no-vtk-mc-large] [--vtk-smp Sequential|STDThread|TBB|OpenMP]\n");
}

} // namespace

int main(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool hasValue = i + 1 < argc;
    if (a == "--ct" && hasValue)
      s.ct = argv[++i];
    else if (a == "--metaball-sizes" && hasValue)
      s.metaballSizes = ParseSizes(argv[++i]);
    else if (a == "--repeat" && hasValue)
      s.repeat = std::max(1, std::atoi(argv[++i]));
    else if (a == "--threads" && hasValue)
      s.threads = std::max(1, std::atoi(argv[++i]));
    else if (a == "--only" && hasValue)
      s.only = argv[++i];
    else if (a == "--no-vtk")
      s.vtk = false;
    else if (a == "--no-vtk-mc")
      s.vtkMc = false;
    else if (a == "--no-vtk-mc-large")
      s.vtkMcLarge = false;
    else if (a == "--vtk-smp" && hasValue)
      s.vtkSmp = argv[++i];
    else if (a == "--help") {
      PrintUsage();
      return 0;
    } else {
      std::fprintf(stderr, "cumed-isosurface-benchmark: unknown or incomplete option '%s'\n",
                   a.c_str());
      PrintUsage();
      return 2;
    }
  }
  try {
    if (s.threads > 0) omp_set_num_threads(s.threads);
    if (!s.vtkSmp.empty() && !vtkSMPTools::SetBackend(s.vtkSmp.c_str())) {
      std::fprintf(stderr, "cumed-isosurface-benchmark: VTK has no SMP backend '%s'\n",
                   s.vtkSmp.c_str());
      return 2;
    }
    vtkSMPTools::Initialize(s.threads > 0 ? s.threads : omp_get_max_threads());
    std::vector<std::string> notes;
    std::printf(
        "CuMed isosurface benchmark. %s. CPU threads: CuMed (OpenMP) %d, vtkFlyingEdges3D %d "
        "(vtkSMPTools backend %s); vtkMarchingCubes is single-threaded. Every workload: one "
        "isovalue, normals on, scalars off. CUDA on device: input already on the GPU, mesh kept "
        "there (keepOnDevice), stream synchronized, median of %d; CUDA + upload: host input, mesh "
        "kept on the GPU, median of %d; CUDA to host: host input, host mesh, median of %d; pinned "
        "round trip: the volume up and the host mesh's arrays down between page-locked memory and "
        "the GPU, measured in this run (median of 5), and CUDA to host over it. CPU "
        "and FE: median of %d after a warm-up (CPU); MC: one run. Mtri/s and Gvox/s use the "
        "CUDA-on-device and the CPU columns (scan rows: G elements/s).\n\n",
        cumed::DescribeDevices().c_str(), omp_get_max_threads(),
        vtkSMPTools::GetEstimatedNumberOfThreads(), vtkSMPTools::GetBackend(), s.repeat, s.repeat,
        s.repeat, std::max(1, std::min(s.repeat, 3)));
    std::printf("| workload | triangles | points | CUDA on device (ms) | CUDA + upload (ms) | "
                "CUDA to host (ms) | pinned round trip (ms) | to host / round trip | CuMed CPU "
                "(ms) | VTK FE (ms) | VTK MC (ms) | CUDA Mtri/s | "
                "CUDA Gvox/s | CPU Mtri/s | CPU Gvox/s | FE / CPU | FE / CUDA | check |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    if (!s.ct.empty()) {
      const auto ct = LoadCt(s.ct);
      RunContour(ct, 300.0, "300 HU", s, notes);
      RunContour(ct, -400.0, "-400 HU", s, notes);
    } else {
      notes.push_back("CT rows not run: no --ct DIR.");
    }
    for (std::size_t n : s.metaballSizes) {
      const std::string name = "metaballs " + std::to_string(n) + "^3 iso 1";
      if (name.find(s.only) == std::string::npos) continue;
      const auto volume = Metaballs(n);
      RunContour(volume, 1.0, "iso 1", s, notes);
    }
    RunScan(s, notes);
    if (!cumed::CudaUsable()) notes.push_back("CUDA: not usable; CUDA columns not run.");
    std::printf("\n");
    for (const auto& note : notes) std::printf("- %s\n", note.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cumed-isosurface-benchmark: %s\n", e.what());
    return 1;
  }
  return 0;
}
