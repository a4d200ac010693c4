// cumed-piv --png: the picture exists, has the frame's size, shows the frame in grey and the
// arrows in colour (by magnitude or vorticity), and the summary says where the arrows were built
// and how they were drawn. Needs an OpenGL context: PivAppPng runs as its own CTest entry (under
// xvfb-run where installed) and skips unless CUMED_PIV_PNG_TEST is set; PivAppPngCuda (the .cuda
// entry, headless on the GPU machine) needs a CUDA device and an EGL context on it.
#include "PivAppFiles.h"

#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>

#include <gtest/gtest.h>

#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"

#include <cstdlib>

namespace {

using namespace cumed::pivtest;
namespace fs = std::filesystem;

struct PictureCounts {
  int coloured = 0; ///< pixels with different channels: arrows
  int grey = 0;     ///< non-black grey pixels: the particles
};

/// Reads `png` (expected 128 x 96) and counts its pixels.
PictureCounts CountPixels(const fs::path& png) {
  PictureCounts counts;
  vtkNew<vtkPNGReader> reader;
  EXPECT_TRUE(reader->CanReadFile(png.c_str())) << png;
  reader->SetFileName(png.c_str());
  reader->Update();
  vtkImageData* picture = reader->GetOutput();
  int dims[3];
  picture->GetDimensions(dims);
  EXPECT_EQ(dims[0], 128);
  EXPECT_EQ(dims[1], 96);
  if (picture->GetNumberOfScalarComponents() < 3) {
    ADD_FAILURE() << png << " has " << picture->GetNumberOfScalarComponents() << " components";
    return counts;
  }
  for (int y = 0; y < dims[1]; ++y)
    for (int x = 0; x < dims[0]; ++x) {
      const auto* p = static_cast<unsigned char*>(picture->GetScalarPointer(x, y, 0));
      if (p[0] != p[1] || p[1] != p[2])
        ++counts.coloured;
      else if (p[0] > 0)
        ++counts.grey;
    }
  return counts;
}

/// cumed-piv run with `arguments` in a fresh directory holding the pair a.png, b.png (2.5, 1.5 px).
struct PairRun {
  fs::path dir;
  cumed::apptest::RunResult run;
};
PairRun RunOnPair(const std::vector<std::string>& arguments) {
  PairRun result{FreshWorkDirectory(), {}};
  WritePair(result.dir / "a.png", result.dir / "b.png", 2.5, 1.5);
  result.run = RunPiv(arguments, result.dir);
  return result;
}

#define CUMED_SKIP_WITHOUT_PNG_TEST()                                                              \
  if (!std::getenv("CUMED_PIV_PNG_TEST"))                                                          \
  GTEST_SKIP() << "set CUMED_PIV_PNG_TEST=1 (CTest entry cumed_piv_app_png.cpu)"

TEST(PivAppPng, ArrowsInColourOverTheGreyFrame) {
  CUMED_SKIP_WITHOUT_PNG_TEST();
  const auto [dir, run] = RunOnPair(
      {"--output", "out", "--png", "--window", "32", "--backend", "cpu", "a.png", "b.png"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const PictureCounts counts = CountPixels(dir / "out" / "a.png");
  EXPECT_GT(counts.coloured, 100); // 7 x 5 arrows
  // The longest arrow spans one grid step (16 px): 35 arrows of about 30 px each, not more.
  EXPECT_LT(counts.coloured, 3000);
  EXPECT_GT(counts.grey, 1000); // the particles
  EXPECT_NE(run.out.find("png_arrows=cpu render_mesh=host render_host_copies=0"), std::string::npos)
      << run.out;
}

TEST(PivAppPng, ArrowsColouredByVorticity) {
  CUMED_SKIP_WITHOUT_PNG_TEST();
  const auto [dir, run] =
      RunOnPair({"--output", "out", "--png", "--colour-by", "vorticity", "--window", "32",
                 "--backend", "cpu", "--json", "a.png", "b.png"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_GT(CountPixels(dir / "out" / "a.png").coloured, 100);
  EXPECT_NE(run.out.find("\"png\":{\"arrows\":\"cpu\",\"render_mesh\":\"host\""), std::string::npos)
      << run.out;
}

TEST(PivAppPng, PathlinesDrawnAsRibbons) {
  CUMED_SKIP_WITHOUT_PNG_TEST();
  const auto [dir, run] = RunOnPair({"--output", "out", "--png", "--window", "32", "--backend",
                                     "cpu", "--pathlines", "out/paths.vtp", "a.png", "b.png"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  // 4 x 3 seeds (every 2nd of 7 x 5 centres), each 2 px wide and about 12 px long.
  const PictureCounts counts = CountPixels(dir / "out" / "pathlines.png");
  EXPECT_GT(counts.coloured, 50);
  EXPECT_LT(counts.coloured, 1500);
  EXPECT_GT(counts.grey, 1000);
  EXPECT_NE(run.out.find("png_arrows=cpu png_pathlines=cpu pathline_png=\"out/pathlines.png\" "
                         "render_mesh=host render_host_copies=0"),
            std::string::npos)
      << run.out;
}

TEST(PivAppPngCuda, PathlinesTracedBuiltAndDrawnOnTheGpu) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  const auto [dir, run] = RunOnPair({"--output", "out", "--png", "--window", "32", "--backend",
                                     "cuda", "--pathlines", "out/paths.vtp", "a.png", "b.png"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const PictureCounts counts = CountPixels(dir / "out" / "pathlines.png");
  EXPECT_GT(counts.coloured, 50);
  EXPECT_LT(counts.coloured, 1500);
  EXPECT_NE(run.out.find("png_pathlines=cuda"), std::string::npos) << run.out;
  if (run.out.find("render_mesh=interop") == std::string::npos)
    GTEST_SKIP() << "the meshes were drawn through the host: " << run.out;
  EXPECT_NE(run.out.find("render_mesh=interop render_host_copies=0"), std::string::npos) << run.out;
}

TEST(PivAppPngCuda, ArrowsBuiltAndDrawnOnTheGpu) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  const auto [dir, run] = RunOnPair(
      {"--output", "out", "--png", "--window", "32", "--backend", "cuda", "a.png", "b.png"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const PictureCounts counts = CountPixels(dir / "out" / "a.png");
  EXPECT_GT(counts.coloured, 100);
  EXPECT_LT(counts.coloured, 3000);
  EXPECT_NE(run.out.find("png_arrows=cuda"), std::string::npos) << run.out;
  // Interop needs the OpenGL context on the NVIDIA GPU (EGL device; DISPLAY unset).
  if (run.out.find("render_mesh=interop") == std::string::npos)
    GTEST_SKIP() << "the arrows were drawn through the host: " << run.out;
  EXPECT_NE(run.out.find("render_mesh=interop render_host_copies=0"), std::string::npos) << run.out;
}

} // namespace
