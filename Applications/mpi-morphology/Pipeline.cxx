#include "Pipeline.h"

#include "../morphology/Locations.h"
#include "cumed/app/ElementLimits.h"
#include "cumed/app/Json.h"
#include "cumed/app/RankZero.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Timer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ScalarImageType.h"
#include "cumed/io/WriteImageFile.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/ElementRequest.h"
#include "cumed/morphology/PixelRange.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/DistributedMorphology.h"
#include "cumed/parallel/HaloExchange.h"
#include "cumed/parallel/RankTools.h"
#include "cumed/parallel/SlabGeometry.h"
#include "cumed/parallel/SlabImageFiles.h"

#include <itkImage.h>

#include <cstdio>
#include <cstring>
#include <optional>

namespace fs = std::filesystem;

namespace cumed::mpimorphology {
namespace {

using app::OnRankZero;
using parallel::Communicator;
using parallel::RunCollectively;
using parallel::Slab;

/// The pieces directory OUT/ beside OUT.pvti must be new or empty (it is renamed into place).
void CheckPieceDirectory(const fs::path& directory) {
  std::error_code error;
  if (fs::is_symlink(directory, error) ||
      (fs::exists(directory, error) &&
       (!fs::is_directory(directory, error) || !fs::is_empty(directory, error))))
    throw app::UsageError("the piece directory '" + directory.string() +
                          "' of --output exists and is not an empty directory");
}

Image AllocateOwn(PixelType type, const ImageGeometry& global, const Slab& own) {
  if (own.empty()) return Image();
  return Image::Allocate(type, parallel::PlanesGeometry(global, own), MemoryLocation::Host);
}

/// Rank 0's progress (its share of the planes) stands for all ranks'.
Image Compute(const Arguments& arguments, const Communicator& world, const std::vector<Slab>& slabs,
              const Image& own, PixelType type, const ImageGeometry& global,
              const morphology::StructuringElement& element, app::StageProgress& progress) {
  // Checked on every rank before the collective operation (all reach the same verdict), so the
  // message names the option, as cumed-morphology's, instead of "rank 0: foreground ...".
  if (arguments.foreground) {
    try {
      morphology::CheckValueFitsPixelType("--foreground", *arguments.foreground, type);
    } catch (const InvalidArgument& e) {
      throw app::UsageError(e.what());
    }
  }
  morphology::OperationOptions options;
  options.backend = arguments.backend;
  options.foreground = arguments.foreground;
  options.safeBorder = arguments.safeBorder;
  options.progress = [&progress](double fraction) { progress.Report(fraction); };
  return parallel::DistributedOperation(world, slabs, own, type, global, element,
                                        *arguments.operation, options);
}

/// A DICOM CT series (--series, else the default rule) as int16 HU.
Image ReadDicomInput(const Arguments& arguments) {
  io::DicomReadOptions options;
  options.series = arguments.dicomSeries.series;
  return AdoptItkImage(io::ReadDicomCtSeries(arguments.input, options).image.GetPointer());
}

Image ReadImageFileInput(const fs::path& file) {
  const PixelType type = io::ReadScalarImageType(file, {0, 2}).pixelType;
  return parallel::WithPixelType(type, [&](auto zero) {
    using ItkImage = itk::Image<decltype(zero), 3>;
    return AdoptItkImage(io::ReadItkImageFile<ItkImage>(file).GetPointer());
  });
}

void WriteGathered(const Arguments& arguments, const Communicator& world,
                   const std::vector<Slab>& slabs, const Image& result, PixelType type,
                   const ImageGeometry& global) {
  Image whole;
  RunCollectively(world, [&] {
    if (world.rank() == 0) whole = Image::Allocate(type, global, MemoryLocation::Host);
  });
  parallel::GatherSlabs(world, slabs, global.size[0] * global.size[1] * SizeOf(type),
                        result.empty() ? nullptr : result.data(),
                        world.rank() == 0 ? whole.data() : nullptr);
  OnRankZero(world, [&] {
    parallel::WithPixelType(type, [&](auto zero) {
      using ItkImage = itk::Image<decltype(zero), 3>;
      const auto image = ToItkImage<ItkImage>(std::move(whole));
      io::WriteItkImageFile(image.GetPointer(),
                            morphologyapp::LocateOutput(arguments.output, false).files,
                            arguments.force);
    });
  });
}

void WritePieces(const Arguments& arguments, const Communicator& world,
                 const std::vector<Slab>& slabs, const Image& result, PixelType type,
                 const ImageGeometry& global) {
  const fs::path pvti = output::OutputName(arguments.output);
  std::optional<output::CreatedDirectories> created;
  std::optional<output::StagedFiles> staged;
  fs::path stagedIndex, stagedPieces;
  OnRankZero(world, [&] {
    created.emplace();
    created->Create(pvti.parent_path());
    staged.emplace(arguments.force);
    stagedIndex = staged->Stage(pvti); // staged first, renamed last: the index after its pieces
    stagedPieces = staged->Stage(pvti.parent_path() / pvti.stem());
    fs::create_directory(stagedPieces);
  });
  // Every rank writes into rank 0's staging directory.
  const std::string staging = parallel::BroadcastText(world, stagedPieces.parent_path().string());
  // Each piece also holds the next slab's first plane (SlabImageFiles.h): one plane of halo.
  const std::size_t planeBytes = global.size[0] * global.size[1] * SizeOf(type);
  parallel::HaloExchange sharedPlane(world, slabs, planeBytes, 0, 1);
  const Slab planes = sharedPlane.extent().all();
  std::vector<char> piece;
  RunCollectively(world, [&] {
    piece.resize(std::size_t(planes.planes()) * planeBytes);
    if (!piece.empty()) std::memcpy(piece.data(), result.data(), result.sizeInBytes());
  });
  sharedPlane.start(piece.data());
  sharedPlane.finish();
  RunCollectively(world, [&] {
    if (!planes.empty())
      parallel::WriteSlabPiece(fs::path(staging) / parallel::SlabPieceName(pvti, world.rank()),
                               piece.data(), type, global, planes);
  });
  OnRankZero(world, [&] {
    parallel::WriteSlabPieceIndex(stagedIndex, pvti, type, global, slabs);
    staged->Commit();
    created->Keep();
  });
}

} // namespace

std::string RunPipeline(const Arguments& arguments, const Communicator& world) {
  const Stopwatch total;
  morphology::StructuringElement element;
  try {
    element = morphology::MakeElement(arguments.element, arguments.radius);
  } catch (const InvalidArgument& e) {
    throw app::UsageError(std::string("--element ") + morphology::ToString(arguments.element) +
                          ": " + e.what());
  }
  const fs::path output = output::OutputName(arguments.output);
  PixelType type = PixelType::UInt8;
  ImageGeometry global;
  Image whole;
  const bool printer = world.rank() == 0;
  app::StageProgress reading(kProgramName, "reading " + arguments.input, 1.0, printer);
  OnRankZero(world, [&] { // rank 0 alone reads (and chooses the DICOM series): one choice
    const morphologyapp::Location input = morphologyapp::LocateInput(arguments.input);
    const bool dicom = input.kind == morphologyapp::LocationKind::DicomDirectory;
    app::CheckSeriesApplies(arguments.dicomSeries, dicom, arguments.input);
    output::ProtectedInputs inputs;
    inputs.files = input.files;
    if (dicom) inputs.directories.push_back(input.path);
    output::CheckReplaceable("--output", output, arguments.force, inputs);
    if (arguments.outputKind == OutputKind::Pieces)
      CheckPieceDirectory(output.parent_path() / output.stem());
    whole = dicom ? ReadDicomInput(arguments) : ReadImageFileInput(input.path);
    type = whole.pixelType();
    global = whole.geometry();
  });
  reading.Finish();
  parallel::BroadcastImageLayout(world, type, global);
  const std::string request = "--radius-vox " + morphology::RadiusText(arguments.radius);
  app::CheckElementAgainstVolume(request, arguments.radius, global.size, false);

  const auto slabs = parallel::PartitionPlanes(std::int64_t(global.size[2]), world.size());
  const Slab own = slabs[std::size_t(world.rank())];
  Image mine;
  RunCollectively(world, [&] { mine = AllocateOwn(type, global, own); });
  parallel::ScatterSlabs(world, slabs, global.size[0] * global.size[1] * SizeOf(type),
                         world.rank() == 0 ? whole.data() : nullptr,
                         mine.empty() ? nullptr : mine.data());
  whole = Image();
  app::StageProgress computing(kProgramName, arguments.operation->name, 1.0, printer);
  const Image result = Compute(arguments, world, slabs, mine, type, global, element, computing);
  const double computeSeconds = computing.Finish();
  app::StageProgress writing(kProgramName, "writing " + output.string(), 1.0, printer);
  if (arguments.outputKind == OutputKind::Gathered)
    WriteGathered(arguments, world, slabs, result, type, global);
  else
    WritePieces(arguments, world, slabs, result, type, global);
  writing.Finish();
  const double totalSeconds = total.elapsedSeconds();
  if (arguments.tool.json) {
    const auto& r = arguments.radius;
    return app::JsonObject()
        .Add("program", kProgramName)
        .Add("output", output.string())
        .Add("operation", arguments.operation->name)
        .Add("element", morphology::ToString(arguments.element))
        .Add("radius_vox", std::vector<std::int64_t>{r[0], r[1], r[2]})
        .Add("ranks", world.size())
        .Add("planes", std::int64_t(global.size[2]))
        .Add("time_s", app::JsonObject().Add("compute", computeSeconds).Add("total", totalSeconds))
        .Text();
  }
  char line[160];
  std::snprintf(line, sizeof line, " ranks=%d planes=%zu compute_s=%.3f total_s=%.3f", world.size(),
                global.size[2], computeSeconds, totalSeconds);
  return "output=" + output.string() + " operation=" + arguments.operation->name +
         " element=" + morphology::ToString(arguments.element) +
         " radius=" + morphology::RadiusText(arguments.radius) + line;
}

} // namespace cumed::mpimorphology
