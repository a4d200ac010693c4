// cumed-piv --png: the picture exists, has the frame's size, shows the frame in grey and the
// arrows in colour. Needs an OpenGL context: runs as its own CTest entry (under xvfb-run where
// installed) and skips unless CUMED_PIV_PNG_TEST is set.
#include "PivAppFiles.h"

#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

using namespace cumed::pivtest;
namespace fs = std::filesystem;

TEST(PivAppPng, ArrowsInColourOverTheGreyFrame) {
  if (!std::getenv("CUMED_PIV_PNG_TEST"))
    GTEST_SKIP() << "set CUMED_PIV_PNG_TEST=1 (CTest entry cumed_piv_app_png.cpu)";
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 2.5, 1.5);
  const auto run = RunPiv({"--output", "out", "--png", "--window", "32", "a.png", "b.png"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  vtkNew<vtkPNGReader> reader;
  ASSERT_TRUE(reader->CanReadFile((dir / "out" / "a.png").c_str()));
  reader->SetFileName((dir / "out" / "a.png").c_str());
  reader->Update();
  vtkImageData* picture = reader->GetOutput();
  int dims[3];
  picture->GetDimensions(dims);
  EXPECT_EQ(dims[0], 128);
  EXPECT_EQ(dims[1], 96);
  ASSERT_GE(picture->GetNumberOfScalarComponents(), 3);
  int coloured = 0, grey = 0;
  for (int y = 0; y < dims[1]; ++y)
    for (int x = 0; x < dims[0]; ++x) {
      const auto* p = static_cast<unsigned char*>(picture->GetScalarPointer(x, y, 0));
      if (p[0] != p[1] || p[1] != p[2])
        ++coloured;
      else if (p[0] > 0)
        ++grey;
    }
  EXPECT_GT(coloured, 100); // 7 x 5 arrows
  EXPECT_GT(grey, 1000);    // the particles
}

} // namespace
