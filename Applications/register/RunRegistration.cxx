#include "RunRegistration.h"

#include "cumed/app/StageProgress.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/registration/itk/BSplineRegistrationFilter.h"
#include "cumed/registration/itk/QaPictures.h"
#include "cumed/registration/itk/RegistrationOutputs.h"

#include <fstream>

namespace fs = std::filesystem;

namespace cumed::registerapp {
using namespace cumed::registration;
namespace {

void WriteText(const std::string& text, const fs::path& staged, const fs::path& name) {
  std::ofstream out(staged);
  out << text << "\n";
  out.close();
  if (!out) throw cumed::Error("cannot write '" + name.string() + "'");
}

} // namespace

template <unsigned D>
RunSummary RunRegistration(const RegistrationRun& run, const Stopwatch& total) {
  using Filter = cumed::BSplineRegistrationFilter<FloatImage<D>>;
  const Arguments& arguments = run.arguments;

  app::StageProgress reading(kProgramName, "reading the images", kProgressSilentAbove);
  const typename FloatImage<D>::Pointer fixed = ReadFloatImage<D>(run.fixed);
  const typename FloatImage<D>::Pointer moving = ReadFloatImage<D>(run.moving);
  typename MaskImage<D>::Pointer mask;
  if (run.mask) mask = ReadMask<D>(*run.mask);
  typename MaskImage<D>::Pointer movingMask;
  if (run.movingMask) movingMask = ReadMask<D>(*run.movingMask);
  typename AffineTransformType<D>::Pointer initial;
  if (!arguments.initialTransform.empty())
    initial = ReadInitialTransform<D>(arguments.initialTransform, "--initial-transform");
  reading.Finish();

  auto filter = Filter::New();
  filter->SetFixedImage(fixed);
  filter->SetMovingImage(moving);
  if (mask) filter->SetFixedMask(mask);
  if (movingMask) filter->SetMovingMask(movingMask);
  filter->SetRegistrationOptions(arguments.options);
  filter->SetBackend(run.backend);
  if (initial) filter->SetInitialTransform(initial);
  app::StageProgress registering(kProgramName, "registration", kProgressSilentAbove);
  filter->AddObserver(itk::ProgressEvent(),
                      [&](const itk::EventObject&) { registering.Report(filter->GetProgress()); });
  try {
    filter->Update();
  } catch (const itk::ExceptionObject& e) { // the registration's message, with the files it read
    throw cumed::Error("registering MOVING '" + run.moving.path.string() + "' onto FIXED '" +
                       run.fixed.path.string() + "': " +
                       numbers::Respell(io::ItkErrorText(e), {{"gridSpacing", "--grid-spacing"}}));
  }
  registering.Finish();

  RunSummary summary;
  summary.fixed = arguments.fixed;
  summary.moving = arguments.moving;
  summary.outputDirectory = run.outputs.directory.string();
  summary.dimension = D;
  for (unsigned a = 0; a < D; ++a)
    summary.size.push_back(fixed->GetLargestPossibleRegion().GetSize(a));
  summary.metric = registration::ToString(filter->GetMetric());
  summary.sampling = registration::ToString(filter->GetRegistrationOptions().sampling);
  summary.levels = filter->GetNumberOfLevels();
  summary.gridSpacing = filter->GetGridSpacing();
  summary.initialTransform = bool(initial);
  summary.affineStage = filter->GetAffineStage();
  const registration::AffineTransform& affine = filter->GetAffineTransform();
  summary.affine.assign(affine.matrix.begin(), affine.matrix.end());
  summary.affine.insert(summary.affine.end(), affine.offset.begin(), affine.offset.end());
  summary.affineIterations = filter->GetAffineIterationsPerLevel();
  summary.mask = bool(mask);
  summary.movingMask = bool(movingMask);
  summary.similarityBefore = filter->GetSimilarityBefore();
  summary.similarityAfter = filter->GetSimilarityAfter();
  summary.jacobian = filter->GetJacobianStatistics();
  summary.quality = filter->GetQuality();
  summary.iterations = filter->GetIterationsPerLevel();
  summary.requestedBackend = cumed::ToString(arguments.options.backend);
  summary.backend = cumed::ToString(filter->GetLastBackend());
  summary.registrationSeconds = filter->GetElapsedSeconds();

  app::StageProgress writing(kProgramName, "writing " + run.outputs.directory.string(),
                             kProgressSilentAbove);
  const OutputFiles& out = run.outputs;
  output::CreatedDirectories created;
  created.Create(out.directory);
  output::StagedFiles staged(arguments.force);
  for (const fs::path& file : out.All()) summary.files.push_back(file.filename().string());
  // Staged in the order of out.All(), as they are written; committed together.
  WriteRegistrationOutputs<D>(*filter, {out.warped, out.field, out.transform, out.jacobian}, staged,
                              arguments.compress);
  if (out.png)
    WriteQaPictures<D>(fixed, moving, initial, filter->GetOutput(),
                       {staged.Stage(out.pictures.checkerboardBefore),
                        staged.Stage(out.pictures.checkerboardAfter),
                        staged.Stage(out.pictures.differenceBefore),
                        staged.Stage(out.pictures.differenceAfter)});
  summary.totalSeconds = total.elapsedSeconds();
  WriteText(FormatSummaryJson(summary), staged.Stage(out.summary), out.summary);
  staged.Commit();
  created.Keep();
  writing.Finish();
  summary.totalSeconds = total.elapsedSeconds();
  return summary;
}

template RunSummary RunRegistration<2>(const RegistrationRun&, const Stopwatch&);
template RunSummary RunRegistration<3>(const RegistrationRun&, const Stopwatch&);

} // namespace cumed::registerapp
