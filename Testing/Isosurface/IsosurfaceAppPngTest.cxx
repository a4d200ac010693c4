// --png: the picture of the surface, next to the surface file. Needs an OpenGL context, so it runs
// as its own CTest entry (cumed_isosurface_app_png.cpu, under xvfb-run where installed) and skips
// itself elsewhere.
#include "IsosurfaceAppSupport.h"

#include <gtest/gtest.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>

#include <cstdlib>

namespace fs = std::filesystem;
using namespace cumed::isosurfacetest;

namespace {

TEST(IsosurfaceAppPng, WritesThePictureAndTheSurface) {
  if (!std::getenv("CUMED_ISOSURFACE_PNG_TEST")) {
    GTEST_SKIP() << "runs as cumed_isosurface_app_png.cpu (with a display)";
  }
  const fs::path work = FreshWorkDirectory();
  WriteItkImage(SphereVolume<Int16Volume>({{31, 27, 23}}).GetPointer(), work / "sphere.mha");
  const RunResult run = RunIsosurface(
      {"--iso", "500.5", "--output", "sphere.stl", "--png", "pictures/sphere.png", "sphere.mha"},
      work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(fs::exists(work / "sphere.stl"));
  ASSERT_TRUE(fs::exists(work / "pictures" / "sphere.png"));
  EXPECT_NE(FieldOf(run.out, "render"), "\"none\"") << run.out;
  // How the picture's mesh reached OpenGL: from the host here (CPU backend, or a CUDA mesh that
  // the file needed on the host and a context that is not on the GPU), or from the GPU through
  // interop, which downloads only the bounds (six floats).
  const std::string mesh = FieldOf(run.out, "render_mesh");
  EXPECT_TRUE(mesh == "host" || mesh == "interop") << run.out;
  if (mesh == "interop") {
    EXPECT_EQ(FieldOf(run.out, "render_copies_down"), "1") << run.out;
    EXPECT_EQ(FieldOf(run.out, "render_bytes_down"), "24") << run.out;
  } else if (FieldOf(run.out, "backend") == "cpu") {
    EXPECT_EQ(FieldOf(run.out, "render_copies_down"), "0") << run.out;
    EXPECT_NE(run.out.find("render_fallback=\"the input holds host arrays\""), std::string::npos)
        << run.out;
  }
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName((work / "pictures" / "sphere.png").string().c_str());
  reader->Update();
  int dims[3];
  reader->GetOutput()->GetDimensions(dims);
  EXPECT_EQ(dims[0], 1024);
  EXPECT_EQ(dims[1], 768);
}

} // namespace
