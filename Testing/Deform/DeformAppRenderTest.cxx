// cumed-deform drawing its frames. DeformAppPng needs an OpenGL context: it runs as its own CTest
// entry (cumed_deform_app_png.cpu, under xvfb-run where installed) and skips itself elsewhere:
// every K-th frame written at the size asked, not blank, the animation visible from frame to
// frame, existing frames kept without --force. DeformAppRenderCuda (the .cuda entry, headless: an
// EGL context on the GPU) checks that the frames went through CUDA-OpenGL interop with no copy of
// the mesh to the host, and that --no-interop (the host round trip) draws the same pictures.
// DeformApp: the rendering options' usage errors, which need no display.
#include "DeformAppSupport.h"
#include "JsonValue.h"
#include "ProgramRun.h"

#include "cumed/test/Backends.h"

#include <gtest/gtest.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>

#include <cstdlib>
#include <filesystem>

using namespace cumed;
using cumed::apptest::RunProgram;
namespace fs = std::filesystem;

namespace {

std::string WriteSphere(const fs::path& dir) {
  const fs::path file = dir / "sphere.vtp";
  deformtest::WriteSphere(file, 24, 32);
  return file.string();
}

struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
};

Picture ReadPng(const fs::path& file) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  Picture picture;
  int dims[3];
  reader->GetOutput()->GetDimensions(dims);
  picture.width = dims[0];
  picture.height = dims[1];
  const int components = reader->GetOutput()->GetNumberOfScalarComponents();
  const auto* data = static_cast<const unsigned char*>(reader->GetOutput()->GetScalarPointer());
  for (int p = 0; data && p < dims[0] * dims[1]; ++p)
    for (int c = 0; c < 3; ++c)
      picture.rgb.push_back(data[p * components + std::min(c, components - 1)]);
  return picture;
}

/// Fraction of pixels whose colour differs from `other`'s (or, without one, from the corner's:
/// the background) by more than 16 in a component.
double DifferingFraction(const Picture& a, const Picture* other = nullptr) {
  std::size_t differing = 0;
  const std::size_t pixels = a.rgb.size() / 3;
  for (std::size_t p = 0; p < pixels; ++p)
    for (int c = 0; c < 3; ++c) {
      const int reference = other ? other->rgb[3 * p + c] : a.rgb[c];
      if (std::abs(int(a.rgb[3 * p + c]) - reference) > 16) {
        ++differing;
        break;
      }
    }
  return pixels ? double(differing) / pixels : 0.0;
}

TEST(DeformAppPng, WritesEveryKthFrameAtItsSizeNotBlank) {
  if (!std::getenv("CUMED_DEFORM_PNG_TEST"))
    GTEST_SKIP() << "runs as cumed_deform_app_png.cpu (with a display)";
  const fs::path dir = deformtest::WorkDir("png");
  const std::string mesh = WriteSphere(dir);
  const std::vector<std::string> arguments = {
      mesh,          "--backend", "cpu",
      "--frames",    "5",         "--animation",
      "bend",        "--png",     (dir / "frames" / "f%03d.png").string(),
      "--png-every", "2",         "--size",
      "320x200",     "--json"};
  const auto run = RunProgram(deformtest::DeformExe(), arguments, dir, "png");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = apptest::ParseJson(run.out);
  const auto& render = json["render"];
  EXPECT_EQ(render["size"].text, "320x200");
  EXPECT_EQ(render["mesh"].text, "host"); // CPU frames: host arrays
  EXPECT_EQ(render["fallback"].text, "the input holds host arrays");
  EXPECT_EQ(render["pngs"].number, 3);
  EXPECT_EQ(render["buffer_ms"].items.size(), 5u);
  EXPECT_EQ(render["render_ms"].items.size(), 5u);
  EXPECT_EQ(render["deform_ms"].items.size(), 5u);
  EXPECT_EQ(render["render_call_ms"].items.size(), 5u);
  EXPECT_TRUE(render["gpu_wait_ms"].items.empty()); // not waited for without --breakdown
  EXPECT_EQ(render["breakdown"].kind, apptest::JsonValue::Kind::Bool);
  EXPECT_FALSE(render["breakdown"].boolean);
  EXPECT_EQ(render["gpu_wait_ms_median"].kind, apptest::JsonValue::Kind::Null);
  EXPECT_GT(render["render_call_ms_median"].number, 0);
  EXPECT_EQ(render["fill_map_ms_median"].number, 0); // host arrays: no interop
  EXPECT_GT(render["fps"].number, 0);
  EXPECT_FALSE(fs::exists(dir / "frames" / "f001.png"));
  EXPECT_FALSE(fs::exists(dir / "frames" / "f003.png"));
  std::vector<Picture> pictures;
  for (const char* name : {"f000.png", "f002.png", "f004.png"}) {
    ASSERT_TRUE(fs::exists(dir / "frames" / name)) << name;
    pictures.push_back(ReadPng(dir / "frames" / name));
    EXPECT_EQ(pictures.back().width, 320) << name;
    EXPECT_EQ(pictures.back().height, 200) << name;
    // The sphere fills a good part of the window.
    EXPECT_GT(DifferingFraction(pictures.back()), 0.1) << name << " is blank";
  }
  // Frame 0 is the rest shape, frame 2 bent: the pictures differ.
  EXPECT_GT(DifferingFraction(pictures[1], &pictures[0]), 0.005);
  for (const auto& entry : fs::directory_iterator(dir / "frames"))
    EXPECT_EQ(entry.path().extension(), ".png") << "left behind: " << entry.path();

  // --breakdown: the GPU waited for after every frame, the wait timed apart; no multisampling.
  const auto waited = RunProgram(deformtest::DeformExe(),
                                 {mesh, "--backend", "cpu", "--frames", "3", "--render",
                                  "--breakdown", "--msaa", "0", "--size", "64x48", "--json"},
                                 dir, "breakdown");
  ASSERT_EQ(waited.exitCode, 0) << waited.err;
  const auto waitedJson = apptest::ParseJson(waited.out);
  const auto& w = waitedJson["render"];
  EXPECT_TRUE(w["breakdown"].boolean);
  EXPECT_EQ(w["gpu_wait_ms"].items.size(), 3u);
  EXPECT_EQ(w["gpu_wait_ms_median"].kind, apptest::JsonValue::Kind::Number);
  EXPECT_GE(w["gpu_wait_ms_median"].number, 0);
  EXPECT_GE(w["frame_total_ms_median"].number,
            w["render_call_ms_median"].number + w["gpu_wait_ms_median"].number - 1e-3);

  // Again: the frames exist, so nothing is replaced without --force.
  const auto bytes = apptest::FileBytes(dir / "frames" / "f000.png");
  const auto again = RunProgram(deformtest::DeformExe(), arguments, dir, "again");
  EXPECT_EQ(again.exitCode, 2);
  EXPECT_NE(again.err.find("f000.png' exists; --force replaces it"), std::string::npos)
      << again.err;
  EXPECT_EQ(apptest::FileBytes(dir / "frames" / "f000.png"), bytes);
  std::vector<std::string> forced = arguments;
  forced.push_back("--force");
  EXPECT_EQ(RunProgram(deformtest::DeformExe(), forced, dir, "forced").exitCode, 0);
}

TEST(DeformApp, BadRenderingOptionsAreRefused) {
  const fs::path dir = deformtest::WorkDir("render-errors");
  const std::string mesh = WriteSphere(dir);
  struct Case {
    std::vector<std::string> arguments;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--size", "800", "--render"}, "--size: '800' is not WxH (e.g. 1024x768)"},
      {{"--size", "800x", "--render"}, "--size: '800x' is not WxH"},
      {{"--size", "8x600", "--render"}, "--size width: '8' is not a whole number in 16..16384"},
      {{"--size", "640x600"}, "--size: nothing is rendered; add --render or --png PATTERN"},
      {{"--png", "f.png"}, "--png 'f.png': no %d in the pattern"},
      {{"--png", "f%d_%d.png"}, "more than one %d in the pattern"},
      {{"--png", "f%s.png"}, "'%' at position 1 is not %d"},
      {{"--png", "f%d.jpg"}, "the name must end in .png"},
      {{"--png-every", "2"}, "--png-every: no --png pattern"},
      {{"--png", "f%d.png", "--png-every", "0"}, "--png-every: '0' is not a whole number"},
      {{"--backend", "cpu", "--render", "--no-interop"},
       "--no-interop is for CUDA frames kept on the device; the cpu backend's"},
      {{"--no-interop"}, "--no-interop: nothing is rendered"},
      {{"--breakdown"}, "--breakdown: nothing is rendered"},
      {{"--msaa", "4"}, "--msaa: nothing is rendered"},
      {{"--msaa", "17", "--render"}, "--msaa: '17' is not a whole number in 0..16"},
      {{"--backend", "cpu", "--png", mesh.substr(0, mesh.size() - 4) + "%d.vtp"},
       "the name must end in .png"},
  };
  int index = 0;
  for (const Case& c : cases) {
    std::vector<std::string> arguments = {mesh};
    arguments.insert(arguments.end(), c.arguments.begin(), c.arguments.end());
    const auto run =
        RunProgram(deformtest::DeformExe(), arguments, dir, "case" + std::to_string(index++));
    EXPECT_EQ(run.exitCode, 2) << c.message << "\n" << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
  }
}

TEST(DeformAppRenderCuda, FramesGoThroughInteropAndMatchTheHostRoundTrip) {
  CUMED_SKIP_WITHOUT_CUDA();
  unsetenv("DISPLAY"); // headless: the EGL context on the GPU, where interop can run
  const fs::path dir = deformtest::WorkDir("render-cuda");
  const std::string mesh = WriteSphere(dir);
  const int frames = 4;
  auto draw = [&](const std::string& name, bool interop) {
    std::vector<std::string> arguments = {mesh,
                                          "--backend",
                                          "cuda",
                                          "--frames",
                                          std::to_string(frames),
                                          "--png",
                                          (dir / name / "f%d.png").string(),
                                          "--json"};
    if (!interop) arguments.push_back("--no-interop");
    const auto run = RunProgram(deformtest::DeformExe(), arguments, dir, name);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return apptest::ParseJson(run.out);
  };
  const auto interop = draw("interop", true);
  const auto& r = interop["render"];
  ASSERT_EQ(r["mesh"].text, "interop") << "fallback: " << r["fallback"].text;
  EXPECT_EQ(r["mesh_host_copies"].number, 0);
  // Per frame only the bounds come down (6 floats, for the camera), never the mesh.
  EXPECT_LE(r["bytes_down"].number, 24.0 * frames);
  EXPECT_EQ(r["pngs"].number, frames);
  EXPECT_GT(r["fill_map_ms_median"].number, 0); // the interop fill's map call, timed

  const auto host = draw("host", false);
  EXPECT_EQ(host["render"]["mesh"].text, "host");
  EXPECT_EQ(host["render"]["mesh_host_copies"].number, frames); // one round trip a frame
  // The same frames, drawn both ways: at most 0.1% of the pixels differ by more than 2 levels
  // (rasteriser order; the mapper's own interop test allows the same), each pixel allowed its
  // match within one pixel (cumed-compare's rendering comparison).
  for (int f = 0; f < frames; ++f) {
    const std::string name = "f" + std::to_string(f) + ".png";
    const auto compare = RunProgram(
        deformtest::CompareExe(),
        {"--kind", "rendering", "--tolerance-intensity", "2", "--tolerance-pixels-fraction",
         "0.001", (dir / "interop" / name).string(), (dir / "host" / name).string()},
        dir, "compare" + std::to_string(f));
    EXPECT_EQ(compare.exitCode, 0) << name << ":\n" << compare.out << compare.err;
    EXPECT_GT(DifferingFraction(ReadPng(dir / "interop" / name)), 0.05) << name << " is blank";
  }
}

} // namespace
