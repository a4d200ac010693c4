// cumed-dicom-ls: the DICOM series of a folder tree (a CD export), what each is, whether CuMed
// reads it as a CT volume and why not, and which one the programs read by default.
#include "cumed/app/CommandLine.h"
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/app/UsageError.h"
#include "cumed/io/DicomSeriesReader.h"

#include <string>
#include <vector>

namespace {

constexpr char kProgramName[] = "cumed-dicom-ls";

struct Arguments {
  cumed::app::ToolOptions tool;
  bool help = false;
  std::string path;
};

void DeclareOptions(cumed::app::CommandLine& cli, Arguments&) {
  cli.Usage("[options] PATH",
            "Lists the DICOM series under PATH and its sub-directories (a CD export with a\n"
            "DICOMDIR, a PACS download) from their headers, without reading pixel data: number,\n"
            "modality, description, kernel, slices, slice thickness, orientation, tilt, image\n"
            "size, and whether CuMed reads each as a CT volume or why not. '*' marks the series\n"
            "the programs read when no --series is given, and the last line says why.\n");
  cli.Positional("PATH", "a folder holding DICOM files");
  cli.Epilogue("Exit status: 0 listed (also when PATH holds no series), 1 runtime error (PATH\n"
               "missing, a damaged file that may be a slice), 2 usage error.\n");
}

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const auto table = cumed::app::ParseTable(kProgramName, argc, argv, arguments, DeclareOptions);
  if (!table) return arguments;
  if (table->size() != 1)
    throw cumed::app::UsageError(table->empty() ? "no PATH given"
                                                : "unexpected argument '" + (*table)[1] +
                                                      "': only one PATH can be given");
  if (table->front().empty()) throw cumed::app::UsageError("PATH is empty");
  arguments.path = table->front();
  return arguments;
}

} // namespace

int main(int argc, char** argv) {
  return cumed::app::RunCommandLine<cumed::io::DicomError>(
      kProgramName, argc, argv, ParseArguments,
      [] { return cumed::app::TableHelp<Arguments>(kProgramName, DeclareOptions); },
      [](const Arguments& a) {
        return cumed::app::ListSeriesText(a.path, a.tool.json, a.tool.threads);
      },
      [](const cumed::io::DicomError& e) { return std::string(e.what()); });
}
