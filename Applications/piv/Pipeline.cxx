#include "Pipeline.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Messages.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/io/FrameFiles.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/piv/FieldFiles.h"
#include "cumed/piv/FieldText.h"
#include "cumed/piv/FramePairs.h"
#include "cumed/piv/PathlineTracing.h"
#include "cumed/piv/Pathlines.h"
#include "cumed/piv/PictureMeshes.h"
#include "cumed/piv/Piv.h"
#include "cumed/piv/PivVtkField.h"
#include "cumed/piv/VectorCounts.h"
#include "cumed/rendering/LayerPicture.h"

#include <vtkImageData.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace cumed::pivapp {
namespace fs = std::filesystem;

namespace {

/// The files one field is written to.
struct FieldOutputs {
  std::string name; ///< the pair's first frame's stem, or "ensemble"
  fs::path text, image, png;
};

/// The frames the command line names (its mistakes are usage errors).
std::vector<fs::path> ListFrames(const Arguments& a) {
  try {
    return io::ListFrameFiles(a.inputs);
  } catch (const InvalidArgument& e) {
    throw app::UsageError(e.what());
  }
}

/// The pairs of `frames` by --pairing (its mistakes are usage errors).
std::vector<piv::FramePairFiles> PairFrames(const Arguments& a,
                                            const std::vector<fs::path>& frames) {
  if (a.pairing == piv::Pairing::AB && frames.size() > 2 && frames.size() % 2)
    throw app::UsageError("--pairing ab needs an even number of frames, got " +
                          std::to_string(frames.size()) + " (the last is '" +
                          frames.back().string() +
                          "'); --pairing consecutive pairs each frame with the next");
  try {
    return piv::PairFrames(frames, a.pairing);
  } catch (const InvalidArgument& e) {
    throw app::UsageError(e.what());
  }
}

std::vector<FieldOutputs> PlanOutputs(const Arguments& a,
                                      const std::vector<piv::FramePairFiles>& pairs) {
  const fs::path directory(a.outputDirectory);
  std::vector<FieldOutputs> outputs;
  std::map<std::string, fs::path> used;
  auto add = [&](const std::string& name, const fs::path& frame) {
    if (auto it = used.find(name); it != used.end())
      throw app::UsageError("frames '" + it->second.string() + "' and '" + frame.string() +
                            "' both name the output '" + name +
                            "': pairs are named after their first frame's file name");
    used[name] = frame;
    outputs.push_back({name, directory / (name + ".txt"),
                       directory / (name + piv::FieldExtension(a.format)),
                       a.png ? directory / (name + ".png") : fs::path()});
  };
  if (a.ensemble)
    add("ensemble", pairs.front().first);
  else
    for (const piv::FramePairFiles& p : pairs) add(p.first.stem().string(), p.first);
  return outputs;
}

/// --pathlines with --png: the lines drawn over the first frame.
fs::path PathlinePicture(const Arguments& a) {
  return fs::path(a.outputDirectory) / "pathlines.png";
}

void CheckOutputs(const Arguments& a, const std::vector<fs::path>& frames,
                  const std::vector<FieldOutputs>& outputs) {
  output::ProtectedInputs inputs;
  inputs.files = frames;
  if (!a.mask.empty()) inputs.files.push_back(a.mask);
  if (!a.settingsFile.empty()) inputs.files.push_back(a.settingsFile);
  const fs::path directory(a.outputDirectory);
  if (fs::exists(directory) && !fs::is_directory(directory))
    throw app::UsageError("--output '" + a.outputDirectory + "' exists and is not a directory");
  output::CheckNotInput("--output", directory, inputs);
  for (const FieldOutputs& o : outputs) {
    output::CheckReplaceable("output", o.text, a.force, inputs);
    output::CheckReplaceable("output", o.image, a.force, inputs);
    if (!o.png.empty()) output::CheckReplaceable("output", o.png, a.force, inputs);
  }
  if (!a.pathlines.empty()) output::CheckReplaceable("--pathlines", a.pathlines, a.force, inputs);
  if (!a.pathlines.empty() && a.png) {
    for (const FieldOutputs& o : outputs)
      if (o.png == PathlinePicture(a))
        throw app::UsageError("the picture of pair '" + o.name + "' and the pathlines' picture " +
                              "are both '" + o.png.string() +
                              "': rename the frame, or leave out --png or --pathlines");
    output::CheckReplaceable("output", PathlinePicture(a), a.force, inputs);
  }
}

std::string PairName(const piv::FramePairFiles& p) {
  return "pair '" + p.first.string() + "' / '" + p.second.string() + "'";
}

/// `mesh` drawn over `frame` into `png`.
rendering::LayerDrawing DrawPicture(const fs::path& png, const Image& frame,
                                    const piv::ColouredMesh& mesh) {
  return rendering::WriteLayerPng(png, frame,
                                  rendering::MakeMeshLayer(mesh.host, mesh.device,
                                                           mesh.colourName.c_str(),
                                                           mesh.colourRange, frame.geometry()));
}

/// A picture drawn: its device meshes copied to the host, and how the meshes reached OpenGL (the
/// last picture's, or the first that fell back to the host).
void NoteDrawing(const rendering::LayerDrawing& drawn, RunSummary& s) {
  s.renderHostCopies += drawn.hostCopies;
  if (s.renderMesh.empty() || s.renderMesh == "interop") {
    s.renderMesh = drawn.renderMesh;
    s.renderFallback = drawn.fallback;
  }
}

void Count(const piv::PivField& field, RunSummary& s) {
  s.columns = field.columns;
  s.rows = field.rows;
  const piv::VectorCounts counts = piv::CountVectors(field);
  s.vectors += counts.vectors;
  s.replaced += counts.replaced;
  s.invalid += counts.invalid;
  s.masked += counts.masked;
}

} // namespace

RunSummary RunPipeline(const Arguments& a) {
  Stopwatch total;
  RunSummary s;
  s.ensemble = a.ensemble;
  s.requestedBackend = ToString(a.piv.backend);
  const std::vector<fs::path> frames = ListFrames(a);
  const std::vector<piv::FramePairFiles> pairs = PairFrames(a, frames);
  const std::vector<FieldOutputs> outputs = PlanOutputs(a, pairs);
  CheckOutputs(a, frames, outputs);
  s.frames = frames.size();
  s.pairs = pairs.size();
  piv::PivOptions options = a.piv;
  options.backend = app::ResolveRequestedBackend(a.piv.backend);

  Stopwatch watch;
  Image mask;
  if (!a.mask.empty()) {
    mask = io::ReadMask(a.mask);
    options.mask = std::as_const(mask).view<std::uint8_t>();
  }
  s.readSeconds += watch.elapsedSeconds();

  output::CreatedDirectories created;
  created.Create(a.outputDirectory);
  output::StagedFiles staged(a.force);
  std::vector<vtkSmartPointer<vtkImageData>> fieldImages;
  // --pathlines --png: the fields themselves and the first frame, for pathlines.png.
  const bool pathlinePicture = !a.pathlines.empty() && a.png;
  std::vector<piv::PivField> fields;
  Image firstFrame;
  const piv::ArrowStyle arrowStyle{a.arrowColour, a.timeBetweenFrames, a.pixelSize};

  auto checkMask = [&](const Image& frame, const fs::path& file) {
    if (mask.empty()) return;
    const auto& m = mask.geometry().size;
    const auto& f = frame.geometry().size;
    if (m[0] != f[0] || m[1] != f[1])
      throw Error("--mask '" + a.mask + "' is " + std::to_string(m[0]) + " x " +
                  std::to_string(m[1]) + " px but frame '" + file.string() + "' is " +
                  std::to_string(f[0]) + " x " + std::to_string(f[1]) + " px");
  };
  auto write = [&](const FieldOutputs& out, const piv::PivField& field, const Image& frame) {
    Stopwatch w;
    piv::WriteFieldText(staged.Stage(out.text), field);
    vtkSmartPointer<vtkImageData> image =
        piv::FieldToImageData(field, frame.geometry(), a.timeBetweenFrames);
    piv::WriteFieldImage(staged.Stage(out.image), image, a.format);
    if (!out.png.empty()) {
      const rendering::LayerDrawing drawn =
          DrawPicture(staged.Stage(out.png), frame, piv::BuildArrowPicture(field, arrowStyle));
      s.pngArrows = drawn.glyphs;
      NoteDrawing(drawn, s);
    }
    fieldImages.push_back(image);
    if (pathlinePicture) {
      if (fields.empty()) firstFrame = frame.clone();
      fields.push_back(field);
    }
    s.writeSeconds += w.elapsedSeconds();
  };

  app::StageProgress progress(kProgramName, a.ensemble ? "ensemble correlation" : "pairs");
  if (a.ensemble) {
    std::vector<Image> images;
    images.reserve(2 * pairs.size());
    std::vector<piv::ImagePair> imagePairs;
    watch.restart();
    for (const piv::FramePairFiles& p : pairs) {
      images.push_back(io::ReadFrame(p.first, a.pixelSize));
      images.push_back(io::ReadFrame(p.second, a.pixelSize));
      checkMask(images.back(), p.second);
    }
    for (std::size_t i = 0; i < pairs.size(); ++i)
      imagePairs.push_back({&images[2 * i], &images[2 * i + 1]});
    s.readSeconds += watch.elapsedSeconds();
    options.progress = [&](double f) { progress.Report(f); };
    watch.restart();
    piv::PivField field;
    try {
      field = piv::ComputeEnsemblePiv(imagePairs, options);
    } catch (const InvalidArgument& e) {
      // "ensemble pair N: ..." -> the files of pair N.
      const std::string text = e.what();
      const std::size_t at = text.find("ensemble pair ");
      if (at == std::string::npos) throw;
      const std::size_t n = std::stoul(text.substr(at + 14));
      throw Error(PairName(pairs[std::min(n, pairs.size() - 1)]) + ": " + text);
    }
    s.computeSeconds = watch.elapsedSeconds();
    s.backend = ToString(field.backendUsed);
    Count(field, s);
    write(outputs.front(), field, images.front());
  } else {
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const piv::FramePairFiles& p = pairs[i];
      watch.restart();
      const Image first = io::ReadFrame(p.first, a.pixelSize);
      const Image second = io::ReadFrame(p.second, a.pixelSize);
      checkMask(first, p.first);
      s.readSeconds += watch.elapsedSeconds();
      watch.restart();
      piv::PivField field;
      try {
        field = piv::ComputePiv(first, second, options);
      } catch (const Cancelled&) {
        throw;
      } catch (const Error& e) {
        throw Error(PairName(p) + ": " + e.what());
      }
      s.computeSeconds += watch.elapsedSeconds();
      s.backend = ToString(field.backendUsed);
      Count(field, s);
      write(outputs[i], field, first);
      progress.Report(double(i + 1) / double(pairs.size()));
    }
  }
  progress.Finish();
  s.fields = fieldImages.size();

  if (!a.pathlines.empty()) {
    watch.restart();
    std::vector<vtkImageData*> sequence;
    for (const auto& image : fieldImages) sequence.push_back(image.GetPointer());
    piv::PathlineOptions pathlineOptions;
    pathlineOptions.fieldInterval = a.pairInterval > 0 ? a.pairInterval : a.timeBetweenFrames;
    vtkSmartPointer<vtkPolyData> lines = piv::TracePathlines(
        sequence, piv::GridSeeds(fieldImages.front(), a.pathlineSeedStep), pathlineOptions);
    piv::WritePathlines(staged.Stage(a.pathlines), lines);
    s.pathlines = a.pathlines;
    if (pathlinePicture) {
      // The same lines through CuMed's integrator where the fields were computed (on the GPU,
      // they stay there: traced, turned into ribbons and drawn from device memory).
      piv::PathlineTraceOptions trace;
      trace.fieldInterval = pathlineOptions.fieldInterval;
      trace.stepsPerInterval = pathlineOptions.stepsPerInterval;
      trace.displacementTime = a.timeBetweenFrames;
      trace.backend = fields.front().backendUsed == Backend::CUDA ? Backend::CUDA : Backend::CPU;
      const piv::PathlineSet traced = piv::TraceFieldPathlines(
          fields, piv::SeedGrid(fields.front(), a.pathlineSeedStep), trace);
      const float width = std::max(1.5f, float(fields.front().step) / 8.f);
      const rendering::LayerDrawing drawn = DrawPicture(
          staged.Stage(PathlinePicture(a)), firstFrame, piv::BuildPathlinePicture(traced, width));
      s.pathlinePng = PathlinePicture(a).string();
      s.pngPathlines = drawn.glyphs;
      NoteDrawing(drawn, s);
    }
    s.writeSeconds += watch.elapsedSeconds();
  }
  staged.Commit();
  created.Keep();
  s.output = a.outputDirectory;
  s.totalSeconds = total.elapsedSeconds();
  return s;
}

} // namespace cumed::pivapp
