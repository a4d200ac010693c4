// cumed-mesh-io-benchmark: CuMed's writers (cumed::meshio::WriteVtp, WriteStl) against VTK's
// (vtkXMLPolyDataWriter, vtkSTLWriter) on the same ~1 M triangle surface: the isosurface of a
// metaball volume made by CuMed's CPU marching cubes, with point normals, as vtkPolyData (what
// the programs write). Prints a Markdown table: median seconds of --repeat runs, file size, and
// how many times faster than the VTK writer named in the last column. Each run writes a new file
// into the page cache after a sync() (no run pays for the write-back of earlier files).
//
//   cumed-mesh-io-benchmark [--size N] [--repeat N] [--dir DIRECTORY] [--threads N]
#include "cumed/benchmark/Table.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/core/Timer.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <omp.h>
#include <unistd.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSTLWriter.h>
#include <vtkXMLPolyDataWriter.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using cumed::benchmark::Median;

struct Options {
  std::size_t size = 448; ///< metaball volume edge in voxels (448: about 1 M triangles)
  int repeat = 5;
  fs::path dir;
  int threads = 0;
};

[[noreturn]] void Usage(const std::string& problem) {
  std::fprintf(stderr,
               "cumed-mesh-io-benchmark: %s\nusage: cumed-mesh-io-benchmark [--size N] "
               "[--repeat N] [--dir DIRECTORY] [--threads N]\n",
               problem.c_str());
  std::exit(2);
}

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string name = argv[i];
    if (i + 1 >= argc) Usage(name + " needs a value");
    const std::string value = argv[++i];
    const auto number = [&] {
      const long n = std::strtol(value.c_str(), nullptr, 10);
      if (n < 1) Usage(name + ": '" + value + "' is not a positive number");
      return n;
    };
    if (name == "--size")
      o.size = static_cast<std::size_t>(number());
    else if (name == "--repeat")
      o.repeat = static_cast<int>(number());
    else if (name == "--threads")
      o.threads = static_cast<int>(number());
    else if (name == "--dir")
      o.dir = value;
    else
      Usage("unknown option " + name);
  }
  return o;
}

/// f = sum of r_i^2 / d_i^2 over 12 balls (fixed seed), as cumed-isosurface-benchmark's.
cumed::Image Metaballs(std::size_t n) {
  struct Ball {
    double c[3], r2;
  };
  std::mt19937 random(2024);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Ball> balls(12);
  for (auto& b : balls) {
    for (double& c : b.c) c = (0.2 + 0.6 * unit(random)) * n;
    const double r = (0.05 + 0.07 * unit(random)) * n;
    b.r2 = r * r;
  }
  cumed::ImageGeometry geometry;
  geometry.size = {n, n, n};
  cumed::Image volume =
      cumed::Image::Allocate(cumed::PixelType::Float32, geometry, cumed::MemoryLocation::Host);
  float* f = volume.view<float>().data;
#pragma omp parallel for schedule(static)
  for (std::int64_t z = 0; z < static_cast<std::int64_t>(n); ++z)
    for (std::size_t y = 0; y < n; ++y)
      for (std::size_t x = 0; x < n; ++x) {
        double sum = 0.0;
        for (const auto& b : balls) {
          const double dx = x - b.c[0], dy = y - b.c[1], dz = z - b.c[2];
          sum += b.r2 / (dx * dx + dy * dy + dz * dz + 1e-6);
        }
        f[(z * n + y) * n + x] = static_cast<float>(sum);
      }
  return volume;
}

struct Result {
  std::string writer;
  double seconds = 0;
  double megabytes = 0;
  std::string baselineName;
  double baselineSeconds = 0;
};

/// Median seconds of `repeat` runs of `write`, each into a fresh file (removed first), each after
/// a sync(), so that no run pays for the write-back of the files before it.
double Time(int repeat, const fs::path& file, const std::function<void()>& write) {
  std::vector<double> times;
  for (int r = 0; r < repeat; ++r) {
    fs::remove(file);
    ::sync();
    const cumed::Stopwatch watch;
    write();
    times.push_back(watch.elapsedSeconds());
  }
  return Median(times);
}

template <class TWriter> void RunVtk(TWriter* writer, vtkPolyData* surface, const fs::path& file) {
  writer->SetInputData(surface);
  writer->SetFileName(file.c_str());
  if (writer->Write() != 1) throw cumed::Error("VTK could not write '" + file.string() + "'");
}

} // namespace

int main(int argc, char** argv) try {
  Options options = Parse(argc, argv);
  if (options.threads > 0) omp_set_num_threads(options.threads);
  const bool ownDir = options.dir.empty();
  if (ownDir)
    options.dir =
        fs::temp_directory_path() / ("cumed-mesh-io-benchmark-" + std::to_string(::getpid()));
  fs::create_directories(options.dir);

  cumed::surface::IsosurfaceOptions contour;
  contour.backend = cumed::Backend::CPU;
  contour.values = {1.0};
  contour.computeNormals = true;
  const cumed::SurfaceMesh mesh =
      cumed::surface::ExtractIsosurface(Metaballs(options.size), contour).mesh;
  vtkNew<vtkPolyData> surface;
  cumed::ToVtkPolyData(mesh, surface);
  std::printf("mesh: metaballs %zu^3, %lld triangles, %lld points, with normals; %d threads; "
              "median of %d runs; files in %s\n\n",
              options.size, static_cast<long long>(mesh.numberOfTriangles()),
              static_cast<long long>(mesh.numberOfPoints()), omp_get_max_threads(), options.repeat,
              options.dir.c_str());

  std::vector<Result> results;
  const auto measure = [&](const std::string& name, const std::string& fileName,
                           const std::function<void(const fs::path&)>& write) {
    const fs::path file = options.dir / fileName;
    Result r;
    r.writer = name;
    r.seconds = Time(options.repeat, file, [&] { write(file); });
    r.megabytes = static_cast<double>(fs::file_size(file)) / 1e6;
    results.push_back(r);
    return r.seconds;
  };
  using cumed::meshio::VtpCompression;
  using cumed::meshio::VtpOptions;
  const double vtkDefault = measure("vtkXMLPolyDataWriter, default (appended base64, zlib)",
                                    "vtk-default.vtp", [&](const fs::path& f) {
                                      vtkNew<vtkXMLPolyDataWriter> w;
                                      RunVtk(w.Get(), surface, f);
                                    });
  measure("vtkXMLPolyDataWriter, appended raw, zlib (the programs before)", "vtk-raw-zlib.vtp",
          [&](const fs::path& f) {
            vtkNew<vtkXMLPolyDataWriter> w;
            w->SetDataModeToAppended();
            w->EncodeAppendedDataOff();
            RunVtk(w.Get(), surface, f);
          });
  const double vtkRaw = measure("vtkXMLPolyDataWriter, appended raw, no compression", "vtk-raw.vtp",
                                [&](const fs::path& f) {
                                  vtkNew<vtkXMLPolyDataWriter> w;
                                  w->SetDataModeToAppended();
                                  w->EncodeAppendedDataOff();
                                  w->SetCompressorTypeToNone();
                                  RunVtk(w.Get(), surface, f);
                                });
  measure("vtkXMLPolyDataWriter, appended raw, LZ4, UInt64 headers (option A)", "vtk-lz4.vtp",
          [&](const fs::path& f) {
            vtkNew<vtkXMLPolyDataWriter> w;
            w->SetDataModeToAppended();
            w->EncodeAppendedDataOff();
            w->SetCompressorTypeToLZ4();
            w->SetHeaderTypeToUInt64();
            w->SetBlockSize(1 << 18);
            RunVtk(w.Get(), surface, f);
          });
  const std::size_t vtkRows = results.size();
  for (const VtpCompression c : {VtpCompression::None, VtpCompression::LZ4, VtpCompression::ZLib}) {
    measure(std::string("cumed::meshio::WriteVtp(vtkPolyData), ") + cumed::meshio::ToString(c),
            std::string("cumed-") + cumed::meshio::ToString(c) + ".vtp",
            [&](const fs::path& f) { cumed::meshio::WriteVtp(surface, f, c); });
  }
  measure("cumed::meshio::WriteVtp(SurfaceMesh), lz4", "cumed-mesh-lz4.vtp",
          [&](const fs::path& f) { cumed::meshio::WriteVtp(mesh, f, VtpCompression::LZ4); });
  for (std::size_t r = vtkRows; r < results.size(); ++r) {
    results[r].baselineName = "VTK default / appended raw";
    results[r].baselineSeconds = vtkDefault;
  }
  const double vtkStl = measure("vtkSTLWriter, binary", "vtk.stl", [&](const fs::path& f) {
    vtkNew<vtkSTLWriter> w;
    w->SetFileTypeToBinary();
    RunVtk(w.Get(), surface, f);
  });
  const std::size_t stlRows = results.size();
  measure("cumed::meshio::WriteStl(vtkPolyData)", "cumed-polydata.stl",
          [&](const fs::path& f) { cumed::meshio::WriteStl(surface, f); });
  measure("cumed::meshio::WriteStl(SurfaceMesh)", "cumed-mesh.stl",
          [&](const fs::path& f) { cumed::meshio::WriteStl(mesh, f); });
  for (std::size_t r = stlRows; r < results.size(); ++r) {
    results[r].baselineName = "vtkSTLWriter";
    results[r].baselineSeconds = vtkStl;
  }

  std::printf("| writer | seconds | MB | faster than |\n|---|---|---|---|\n");
  for (const Result& r : results) {
    std::string ratio = "-";
    char text[96];
    if (r.baselineName == "vtkSTLWriter") {
      std::snprintf(text, sizeof text, "vtkSTLWriter %.1fx", vtkStl / r.seconds);
      ratio = text;
    } else if (!r.baselineName.empty()) {
      std::snprintf(text, sizeof text, "VTK default %.1fx, VTK appended raw %.1fx",
                    vtkDefault / r.seconds, vtkRaw / r.seconds);
      ratio = text;
    }
    std::printf("| %s | %.4f | %.1f | %s |\n", r.writer.c_str(), r.seconds, r.megabytes,
                ratio.c_str());
  }
  const auto seconds = [&](const std::string& prefix) {
    for (const Result& r : results)
      if (r.writer.rfind(prefix, 0) == 0) return r.seconds;
    return 0.0;
  };
  std::printf("\n.vtp + .stl as the programs write them: before (VTK, appended raw zlib + "
              "vtkSTLWriter) %.3f s, now (CuMed, lz4 + STL) %.3f s\n",
              seconds("vtkXMLPolyDataWriter, appended raw, zlib") + vtkStl,
              seconds("cumed::meshio::WriteVtp(vtkPolyData), lz4") +
                  seconds("cumed::meshio::WriteStl(vtkPolyData)"));
  if (ownDir) fs::remove_all(options.dir);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "cumed-mesh-io-benchmark: %s\n", e.what());
  return 1;
}
