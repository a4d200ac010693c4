// Frame patterns (FramePattern.h) and a mesh drawn frame after frame (FrameSequenceRenderer.h):
// the pattern's rules and file names, the PNG files checked and their directories made before
// any drawing, written every K-th frame and moved into place only by Commit(), and the report.
#include "cumed/core/Error.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/rendering/EglDeviceContext.h"
#include "cumed/rendering/FramePattern.h"
#include "cumed/rendering/FrameSequenceRenderer.h"

#include <gtest/gtest.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using namespace cumed;
using namespace cumed::rendering;

namespace {

fs::path FreshDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "cumed_frame_sequence_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// A unit tetrahedron, no normals.
SurfaceMesh Tetrahedron() {
  SurfaceMesh mesh;
  mesh.points = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  mesh.triangles = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  return mesh;
}

bool CanRender() {
  const char* display = std::getenv("DISPLAY");
  return (display && *display) || !ListEglDevices().empty();
}

TEST(FramePattern, NamesWhatIsWrong) {
  EXPECT_EQ(FramePatternProblem("frames/f%04d.png"), "");
  EXPECT_EQ(FramePatternProblem("f%d.png"), "");
  EXPECT_EQ(FramePatternProblem("f%3d.png"), "");
  EXPECT_EQ(FramePatternProblem("100%%_%d.png"), "");
  EXPECT_EQ(FramePatternProblem("f.png"), "no %d in the pattern");
  EXPECT_EQ(FramePatternProblem("f%d_%d.png"), "more than one %d in the pattern");
  EXPECT_EQ(FramePatternProblem("f%s.png"), "'%' at position 1 is not %d, %Nd or %0Nd (N < 100)");
  EXPECT_EQ(FramePatternProblem("f%123d.png"),
            "'%' at position 1 is not %d, %Nd or %0Nd (N < 100)");
  EXPECT_EQ(FramePatternProblem("f%d.jpg"), "the name must end in .png");
  try {
    CheckFramePattern("f.png");
    ADD_FAILURE() << "no exception";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("frame pattern 'f.png': no %d in the pattern"),
              std::string::npos)
        << e.what();
  }
}

TEST(FramePattern, FileNames) {
  EXPECT_EQ(FrameFileName("frames/f%04d.png", 7), "frames/f0007.png");
  EXPECT_EQ(FrameFileName("f%d.png", 123), "f123.png");
  EXPECT_EQ(FrameFileName("100%%_%3d.png", 5), "100%_  5.png");
}

TEST(FrameSequenceRenderer, ChecksThePngsBeforeDrawing) {
  const fs::path dir = FreshDirectory("checks");
  FrameSequenceOptions options;
  options.frames = 5;
  options.pngEvery = 2;
  options.outputLabel = "--png";
  // Missing directories are made at construction, before anything is drawn, and removed again
  // when the sequence ends without Commit().
  options.pngPattern = (dir / "made" / "f%d.png").string();
  {
    FrameSequenceRenderer sequence(options);
    EXPECT_TRUE(fs::is_directory(dir / "made"));
  }
  EXPECT_FALSE(fs::exists(dir / "made")) << "kept only by Commit()";

  // Frame 2's file exists: refused without `replace`, naming it with the label.
  options.pngPattern = (dir / "f%d.png").string();
  std::ofstream(dir / "f2.png") << "not a picture";
  try {
    FrameSequenceRenderer sequence(options);
    ADD_FAILURE() << "no exception";
  } catch (const output::OutputRefused& e) {
    EXPECT_NE(std::string(e.what()).find("--png '"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("f2.png' exists"), std::string::npos) << e.what();
  }
  // Frame 1 is not written (every 2nd), so its file does not matter; with replace, 2 may go.
  options.replace = true;
  EXPECT_NO_THROW(FrameSequenceRenderer sequence(options));

  options.pngPattern = (dir / "f.png").string();
  EXPECT_THROW(FrameSequenceRenderer sequence(options), InvalidArgument);
  options.pngPattern = (dir / "f%d.png").string();
  options.pngEvery = 0;
  EXPECT_THROW(FrameSequenceRenderer sequence(options), InvalidArgument);
}

TEST(FrameSequenceRenderer, DrawsTimesAndWritesEveryKthFrame) {
  if (!CanRender()) GTEST_SKIP() << "no display and no EGL device";
  const fs::path dir = FreshDirectory("draws");
  FrameSequenceOptions options;
  options.width = 160;
  options.height = 120;
  options.frames = 3;
  options.pngEvery = 2;
  options.pngPattern = (dir / "png" / "f%02d.png").string();
  FrameSequenceRenderer sequence(options);
  EXPECT_EQ(sequence.MeshUpload(), "none");
  SurfaceMesh mesh = Tetrahedron();
  for (int frame = 0; frame < 3; ++frame) {
    mesh.points[0] = -0.1f * float(frame); // moves every frame
    const FrameDrawTimes times = sequence.Draw(frame, mesh);
    EXPECT_GE(times.totalMs, 0.0);
    EXPECT_EQ(times.gpuWaitMs, -1.0) << "not waited for without waitEveryFrame";
  }
  sequence.Finish();
  EXPECT_EQ(sequence.MeshUpload(), "host");
  EXPECT_FALSE(fs::exists(dir / "png" / "f00.png")) << "staged until Commit()";
  sequence.Commit();
  EXPECT_TRUE(fs::exists(dir / "png" / "f00.png"));
  EXPECT_FALSE(fs::exists(dir / "png" / "f01.png"));
  EXPECT_TRUE(fs::exists(dir / "png" / "f02.png"));
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName((dir / "png" / "f02.png").string().c_str());
  reader->Update();
  int dims[3];
  reader->GetOutput()->GetDimensions(dims);
  EXPECT_EQ(dims[0], 160);
  EXPECT_EQ(dims[1], 120);

  const FrameSequenceReport report = sequence.Report({1.0, 2.0, 3.0});
  EXPECT_FALSE(report.path.empty());
  EXPECT_EQ(report.mesh, "host");
  EXPECT_EQ(report.pngs, 2);
  EXPECT_EQ(report.deformMs, 2.0);
  EXPECT_EQ(report.deformMsPerFrame, (std::vector<double>{1.0, 2.0, 3.0}));
  EXPECT_EQ(report.bufferMsPerFrame.size(), 3u);
  EXPECT_EQ(report.renderCallMsPerFrame.size(), 3u);
  EXPECT_TRUE(report.gpuWaitMsPerFrame.empty());
  EXPECT_EQ(report.gpuWaitMs, -1.0);
  EXPECT_GE(report.totalMs, 1.0) << "the deformation's time is part of the frame's";
  EXPECT_GT(report.framesPerSecond, 0.0);
  EXPECT_EQ(report.meshHostCopies, 0) << "a host mesh is not a device mesh copied";
  EXPECT_THROW(sequence.Report({1.0}), InvalidArgument);
}

} // namespace
