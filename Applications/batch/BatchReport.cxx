#include "BatchReport.h"

#include "cumed/app/Json.h"
#include "cumed/core/Error.h"
#include "cumed/output/SafeOutput.h"

#include <cstdio>
#include <fstream>

namespace fs = std::filesystem;

namespace cumed::batch {
namespace {

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string Seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

void WriteText(const fs::path& file, const std::string& text, const fs::path& finalName) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw cumed::Error("cannot write the report '" + finalName.string() + "'");
}

} // namespace

ReportCounts CountStatuses(const std::vector<ReportRow>& rows) {
  ReportCounts counts;
  for (const ReportRow& row : rows) {
    if (row.series.status == SeriesStatus::Ok) ++counts.ok;
    if (row.series.status == SeriesStatus::Failed) ++counts.failed;
    if (row.series.status == SeriesStatus::Duplicate) ++counts.duplicate;
    if (row.series.status == SeriesStatus::Skipped) ++counts.skipped;
  }
  return counts;
}

std::string FormatReportCsv(const std::vector<ReportRow>& rows) {
  std::string csv = "path,series_uid,rank,status,error,slices,triangles,seconds,output\n";
  for (const ReportRow& row : rows) {
    csv += CsvField(row.series.directory) + "," + row.series.seriesUid + "," +
           std::to_string(row.rank) + "," + ToString(row.series.status) + "," +
           CsvField(row.series.error) + "," + std::to_string(row.slices) + "," +
           std::to_string(row.triangles) + "," + Seconds(row.seconds) + "," + CsvField(row.output) +
           "\n";
  }
  return csv;
}

std::string FormatReportJson(const std::string& input, int ranks,
                             const std::vector<ReportRow>& rows) {
  const ReportCounts counts = CountStatuses(rows);
  app::JsonObject head;
  head.Add("input", input).Add("ranks", ranks);
  head.Add("counts", app::JsonObject()
                         .Add("ok", counts.ok)
                         .Add("failed", counts.failed)
                         .Add("duplicate", counts.duplicate)
                         .Add("skipped", counts.skipped));
  std::string series;
  for (const ReportRow& row : rows) {
    app::JsonObject entry;
    entry.Add("path", row.series.directory)
        .Add("series_uid", row.series.seriesUid)
        .Add("rank", row.rank)
        .Add("status", ToString(row.series.status))
        .Add("error", row.series.error)
        .Add("slices", row.slices)
        .Add("triangles", row.triangles)
        .Add("seconds", row.seconds)
        .AddPathOrNull("output", row.output);
    series += (series.empty() ? "" : ",\n") + entry.Text();
  }
  // The head's members, then the array of rows (JsonObject holds no arrays of objects).
  std::string json = head.Text();
  json.pop_back();
  return json + ",\"series\":[" + (series.empty() ? "" : "\n" + series + "\n") + "]}\n";
}

void WriteReport(const fs::path& outputDirectory, const std::string& input, int ranks,
                 const std::vector<ReportRow>& rows) {
  output::StagedFiles staged(false);
  const fs::path json = outputDirectory / "report.json";
  const fs::path csv = outputDirectory / "report.csv";
  WriteText(staged.Stage(csv), FormatReportCsv(rows), csv);
  WriteText(staged.Stage(json), FormatReportJson(input, ranks, rows), json);
  staged.Commit();
}

} // namespace cumed::batch
