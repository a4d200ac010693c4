#include "Batch.h"

#include "BatchReport.h"
#include "SeriesJob.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Json.h"
#include "cumed/app/Messages.h"
#include "cumed/app/StageProgress.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/RankDevice.h"
#include "cumed/parallel/TaskFarm.h"

#include <filesystem>
#include <sstream>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::batch {
namespace {
using parallel::Communicator;
using parallel::LocalRank;
using parallel::UseDeviceOfLocalRank;

// OUT: absent or an empty directory, and not inside INPUT_DIR; created here.
void PrepareOutputDirectory(const Arguments& arguments) {
  const fs::path out = output::OutputName(arguments.outputDirectory);
  output::CheckNotInput("--output-dir", out, {{}, {arguments.inputDirectory}});
  std::error_code error;
  if (fs::exists(out, error)) {
    if (!fs::is_directory(out, error))
      throw cumed::Error("--output-dir '" + out.string() + "' exists and is not a directory");
    if (!fs::is_empty(out, error))
      throw cumed::Error("--output-dir '" + out.string() +
                         "' is not empty (the batch writes into a new or empty directory)");
  }
  output::CreatedDirectories created;
  created.Create(out);
  created.Keep();
}

// A task is "DIRECTORY\nUID"; its result "SLICES TRIANGLES", or kSkipped and the reason.
constexpr char kSkipped[] = "skipped: ";
std::string TaskText(const FoundSeries& series) {
  return series.directory + "\n" + series.seriesUid;
}

// The rank that runs a series names it when it took over a second, with its duration.
std::string RunTask(const std::string& task, const fs::path& out, const SurfaceSettings& settings,
                    int rank) {
  const std::size_t split = task.rfind('\n');
  const std::string uid = task.substr(split + 1);
  const std::string skip = SkipReason(task.substr(0, split), uid);
  if (!skip.empty()) return kSkipped + skip;
  app::StageProgress progress(kProgramName, "rank " + std::to_string(rank) + ": series " + uid);
  const SeriesResult result = ProcessSeries(task.substr(0, split), uid, out / uid, settings);
  progress.Finish();
  return std::to_string(result.slices) + " " + std::to_string(result.triangles);
}

std::vector<ReportRow> Rows(const std::vector<FoundSeries>& found,
                            const std::vector<parallel::TaskOutcome>& outcomes,
                            const fs::path& out) {
  std::vector<ReportRow> rows;
  std::size_t next = 0;
  for (const FoundSeries& series : found) {
    ReportRow row{series};
    row.slices = series.files;
    if (series.status == SeriesStatus::Pending) {
      const parallel::TaskOutcome& outcome = outcomes.at(next++);
      row.rank = outcome.rank;
      row.seconds = outcome.seconds;
      if (outcome.ok && outcome.text.rfind(kSkipped, 0) == 0) {
        row.series.status = SeriesStatus::Skipped;
        row.series.error = outcome.text.substr(sizeof kSkipped - 1);
      } else if (outcome.ok) {
        row.series.status = SeriesStatus::Ok;
        std::istringstream(outcome.text) >> row.slices >> row.triangles;
        row.output = (out / series.seriesUid).string();
      } else {
        row.series.status = SeriesStatus::Failed;
        row.series.error = outcome.text;
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string Summary(const Arguments& arguments, int ranks, const std::vector<ReportRow>& rows) {
  const ReportCounts counts = CountStatuses(rows);
  const fs::path out = output::OutputName(arguments.outputDirectory);
  if (arguments.tool.json) {
    return app::JsonObject()
        .Add("program", kProgramName)
        .Add("series", static_cast<int>(rows.size()))
        .Add("ok", counts.ok)
        .Add("failed", counts.failed)
        .Add("duplicate", counts.duplicate)
        .Add("skipped", counts.skipped)
        .Add("ranks", ranks)
        .Add("report", (out / "report.json").string())
        .Text();
  }
  return std::string(kProgramName) + ": series=" + std::to_string(rows.size()) +
         " ok=" + std::to_string(counts.ok) + " failed=" + std::to_string(counts.failed) +
         " duplicate=" + std::to_string(counts.duplicate) +
         " skipped=" + std::to_string(counts.skipped) + " ranks=" + std::to_string(ranks) +
         " report=" + (out / "report.json").string();
}

} // namespace

BatchOutcome RunBatch(const Communicator& comm, const Arguments& arguments) {
  const int localRank = LocalRank(comm);
  const bool master = comm.rank() == 0;
  const fs::path out = output::OutputName(arguments.outputDirectory);
  SurfaceSettings settings;
  settings.isoHu = arguments.isoHu;
  settings.radiusMm = arguments.radiusMm;
  settings.allowLargeElement = arguments.allowLargeElement;
  settings.compression = arguments.compression;
  std::vector<FoundSeries> found;
  parallel::RunCollectively(comm, [&] {
    const int device = UseDeviceOfLocalRank(localRank);
    settings.backend = app::ResolveRequestedBackend(arguments.backend);
    app::Debug(kProgramName, "rank " + std::to_string(comm.rank()) + " (local " +
                                 std::to_string(localRank) + "): backend " +
                                 ToString(settings.backend) + ", CUDA device " +
                                 std::to_string(device));
    if (!master) return;
    try {
      found = io::DiscoverSeries(arguments.inputDirectory, arguments.tool.threads);
    } catch (const cumed::InvalidArgument& e) {
      throw cumed::Error(std::string("INPUT_DIR ") + e.what());
    }
    if (found.empty())
      app::Warn(kProgramName, "no DICOM series under '" + arguments.inputDirectory + "'");
    PrepareOutputDirectory(arguments);
  });

  std::vector<std::string> tasks;
  for (const FoundSeries& series : found)
    if (series.status == SeriesStatus::Pending) tasks.push_back(TaskText(series));
  // With one rank, rank 0 runs every series and reports the share done after each; with more it
  // only hands them out (the workers name their series) and reports the whole stage's duration.
  app::StageProgress progress(kProgramName, "series", 1.0, master);
  std::size_t done = 0;
  const auto outcomes = parallel::RunTaskFarm(comm, tasks, [&](const std::string& task) {
    const auto report = [&] { progress.Report(double(++done) / double(tasks.size())); };
    try {
      std::string result = RunTask(task, out, settings, comm.rank());
      report();
      return result;
    } catch (...) {
      report();
      throw;
    }
  });
  progress.Finish();

  BatchOutcome outcome;
  parallel::RunCollectively(comm, [&] {
    if (!master) return;
    const std::vector<ReportRow> rows = Rows(found, outcomes, out);
    WriteReport(out, arguments.inputDirectory, comm.size(), rows);
    outcome.exitStatus = CountStatuses(rows).failed > 0 ? kSeriesFailed : 0;
    outcome.summary = Summary(arguments, comm.size(), rows);
  });
  CUMED_MPI_CHECK(MPI_Bcast(&outcome.exitStatus, 1, MPI_INT, 0, comm.native()));
  return outcome;
}

} // namespace cumed::batch
