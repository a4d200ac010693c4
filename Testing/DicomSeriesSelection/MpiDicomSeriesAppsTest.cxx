// The MPI programs on a generated CD export (DicomMixedExport.h), under mpiexec with 2 and 3
// ranks: rank 0 alone chooses the series, so every rank works on the STD axial CT that the
// serial programs read (same surface as cumed-isosurface, same voxels as cumed-morphology);
// --series by description or number chooses another one; --list-series prints the listing once
// and every rank exits 0; a choice that fails stops every rank with one message. cumed-batch on
// the same export lists it, and skips the MR and the secondary capture with the listing's reason.
#include "DicomMixedExport.h"
#include "JsonValue.h"
#include "ProgramRun.h"

#include <gtest/gtest.h>
#include <itkImageFileReader.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace cumed::io::test {
namespace {

namespace fs = std::filesystem;
using apptest::ParseJson;
using apptest::RunProgram;
using apptest::RunResult;

int Count(const std::string& text, const std::string& part) {
  int n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

HounsfieldImage::Pointer ReadMha(const std::string& file) {
  auto reader = itk::ImageFileReader<HounsfieldImage>::New();
  reader->SetFileName(file);
  reader->Update();
  return reader->GetOutput();
}

void ExpectSameVoxels(const std::string& a, const std::string& b) {
  const auto left = ReadMha(a), right = ReadMha(b);
  ASSERT_EQ(left->GetLargestPossibleRegion(), right->GetLargestPossibleRegion());
  const std::size_t n = left->GetLargestPossibleRegion().GetNumberOfPixels();
  std::size_t differ = 0;
  for (std::size_t i = 0; i < n; ++i)
    differ += left->GetBufferPointer()[i] != right->GetBufferPointer()[i] ? 1 : 0;
  EXPECT_EQ(differ, 0u) << a << " vs " << b;
}

class MpiDicomSeriesApps : public ::testing::Test {
protected:
  void SetUp() override {
    export_ = WriteMixedExportWithRunSeed(scratch_.path() / "export");
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 1);
    setenv("OMP_NUM_THREADS", "1", 1); // oversubscribed ranks: one thread each
  }
  RunResult Ranks(int ranks, const char* program, std::vector<std::string> arguments,
                  const std::string& tag) {
    arguments.insert(arguments.begin(), {"-n", std::to_string(ranks), program});
    return RunProgram(CUMED_MPIEXEC, arguments, scratch_.path(), tag, scratch_.path());
  }
  RunResult Serial(const char* program, const std::vector<std::string>& arguments,
                   const std::string& tag) {
    return RunProgram(program, arguments, scratch_.path(), tag, scratch_.path());
  }
  std::string root() const { return export_.root.string(); }
  std::string Out(const std::string& name) const { return scratch_.Sub(name); }
  // The reader's one warning (rank 0's alone): which series was read and why.
  void ExpectSaysWhyOnce(const RunResult& run) const {
    EXPECT_EQ(Count(run.err, "holds 6 series; reading CT SeriesNumber 2 'STD' (kernel B30f)"), 1)
        << run.err;
    EXPECT_TRUE(Contains(run.err, MixedExportTieReason())) << run.err;
  }

  TemporaryDirectory scratch_;
  MixedExport export_;
};

TEST_F(MpiDicomSeriesApps, IsosurfaceOnRanksReadsTheSerialProgramsCt) {
  const RunResult serial =
      Serial(CUMED_ISOSURFACE_EXE,
             {"--iso", "300", "--json", "--backend", "cpu", "--output", Out("serial.vtp"), root()},
             "serial");
  ASSERT_EQ(serial.exitCode, 0) << serial.err;
  const apptest::JsonValue expected = ParseJson(serial.out);
  for (int ranks : {2, 3}) {
    const RunResult run = Ranks(ranks, CUMED_MPI_ISOSURFACE_EXE,
                                {root(), "--iso", "300", "--json", "--backend", "cpu", "--gather",
                                 "--output", Out("mpi" + std::to_string(ranks) + ".vtp")},
                                "mpi-iso");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const apptest::JsonValue summary = ParseJson(run.out);
    EXPECT_EQ(summary["input_read"].text, "scattered");
    EXPECT_EQ(summary["points"].text, expected["points"].text) << ranks << " ranks";
    EXPECT_EQ(summary["triangles"].text, expected["triangles"].text) << ranks << " ranks";
    ExpectSaysWhyOnce(run);
  }
  // By description: the BONE reconstruction, asked for, so no default-rule warning.
  const RunResult bone = Ranks(3, CUMED_MPI_ISOSURFACE_EXE,
                               {root(), "--iso", "300", "--series", "bone", "--backend", "cpu",
                                "--output", Out("bone.pvtp")},
                               "mpi-iso-bone");
  ASSERT_EQ(bone.exitCode, 0) << bone.err;
  EXPECT_FALSE(Contains(bone.err, "not read:")) << bone.err;
  // A choice that matches two series stops every rank, said once by rank 0.
  const RunResult ambiguous = Ranks(3, CUMED_MPI_ISOSURFACE_EXE,
                                    {root(), "--iso", "300", "--series", "B30f", "--backend", "cpu",
                                     "--output", Out("ambiguous.pvtp")},
                                    "mpi-iso-ambiguous");
  EXPECT_EQ(ambiguous.exitCode, 1);
  EXPECT_EQ(Count(ambiguous.err, "2 series with SeriesDescription or ConvolutionKernel"), 1)
      << ambiguous.err;
  // --series names a DICOM choice: with an image file it is a usage error (exit 2).
  const RunResult file =
      Ranks(2, CUMED_MPI_ISOSURFACE_EXE,
            {Out("serial.vtp"), "--iso", "300", "--series", "2", "--output", Out("file.pvtp")},
            "mpi-iso-file");
  EXPECT_EQ(file.exitCode, 2) << file.err;
  EXPECT_EQ(Count(file.err, "--series applies to a DICOM series directory"), 1) << file.err;
}

TEST_F(MpiDicomSeriesApps, MorphologyOnRanksReadsTheSerialProgramsCt) {
  const RunResult serial = Serial(
      CUMED_MORPHOLOGY_EXE,
      {"--operation", "dilate", "--radius-vox", "1", "--backend", "cpu", root(), Out("serial.mha")},
      "serial");
  ASSERT_EQ(serial.exitCode, 0) << serial.err;
  for (int ranks : {2, 3}) {
    const std::string out = Out("mpi" + std::to_string(ranks) + ".mha");
    const RunResult run = Ranks(
        ranks, CUMED_MPI_MORPHOLOGY_EXE,
        {root(), "dilate", "--radius-vox", "1", "--backend", "cpu", "--gather", "--output", out},
        "mpi-morphology");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "planes=18")) << run.out;
    ExpectSaysWhyOnce(run);
    ExpectSameVoxels(out, Out("serial.mha"));
  }
  const RunResult bone = Ranks(2, CUMED_MPI_MORPHOLOGY_EXE,
                               {root(), "dilate", "--radius-vox", "1", "--series", "BONE",
                                "--backend", "cpu", "--output", Out("bone.pvti")},
                               "mpi-morphology-bone");
  ASSERT_EQ(bone.exitCode, 0) << bone.err;
  EXPECT_FALSE(Contains(bone.err, "not read:")) << bone.err;
  const RunResult mr = Ranks(2, CUMED_MPI_MORPHOLOGY_EXE,
                             {root(), "dilate", "--radius-vox", "1", "--series", "5", "--gather",
                              "--output", Out("mr.mha")},
                             "mpi-morphology-mr");
  EXPECT_EQ(mr.exitCode, 1);
  EXPECT_EQ(Count(mr.err, "'MR', not CT"), 1) << mr.err;
}

TEST_F(MpiDicomSeriesApps, ListSeriesPrintsTheListingOnce) {
  const RunResult table = Serial(CUMED_DICOM_LS_EXE, {root()}, "ls");
  ASSERT_EQ(table.exitCode, 0) << table.err;
  const RunResult json = Serial(CUMED_DICOM_LS_EXE, {"--json", root()}, "ls-json");
  ASSERT_EQ(json.exitCode, 0) << json.err;
  for (const char* program : {CUMED_MPI_ISOSURFACE_EXE, CUMED_MPI_MORPHOLOGY_EXE}) {
    const RunResult listed = Ranks(3, program, {"--list-series", root()}, "list");
    EXPECT_EQ(listed.exitCode, 0) << program << ": " << listed.err;
    EXPECT_EQ(listed.out, table.out) << program << ": printed once, by rank 0";
    const RunResult listedJson = Ranks(2, program, {"--list-series", "--json", root()}, "json");
    EXPECT_EQ(listedJson.exitCode, 0) << program << ": " << listedJson.err;
    EXPECT_EQ(listedJson.out, json.out) << program;
    // A missing folder: every rank stops (no rank left waiting), the error said once.
    const RunResult missing = Ranks(2, program, {"--list-series", Out("missing")}, "missing");
    EXPECT_EQ(missing.exitCode, 1) << program;
    EXPECT_EQ(Count(missing.err, Out("missing")), 1) << missing.err;
  }
  EXPECT_EQ(Ranks(2, CUMED_MPI_MORPHOLOGY_EXE, {"--list-series", root(), "dilate"}, "two").exitCode,
            2);
}

TEST_F(MpiDicomSeriesApps, BatchSkipsWhatIsNotAxialOrCoronalCtWithTheListingsReason) {
  const RunResult table = Serial(CUMED_DICOM_LS_EXE, {root()}, "ls");
  ASSERT_EQ(table.exitCode, 0) << table.err;
  const RunResult listed = Ranks(2, CUMED_BATCH_EXE, {"--list-series", root()}, "batch-list");
  EXPECT_EQ(listed.exitCode, 0) << listed.err;
  EXPECT_EQ(listed.out, table.out) << "printed once, by rank 0";
  EXPECT_EQ(Serial(CUMED_BATCH_EXE, {root()}, "batch-no-out").exitCode, 2)
      << "without --list-series, --output-dir is required";

  const RunResult run = Ranks(
      3, CUMED_BATCH_EXE,
      {root(), "--json", "--backend", "cpu", "--radius-mm", "0", "--output-dir", Out("batch")},
      "batch");
  ASSERT_EQ(run.exitCode, 0) << "skipped series are not failures: " << run.err;
  const apptest::JsonValue summary = ParseJson(run.out);
  EXPECT_EQ(summary["ok"].text, "3") << run.out; // STD (its localizer split off), BONE, COR
  EXPECT_EQ(summary["skipped"].text, "2") << run.out;
  EXPECT_EQ(summary["failed"].text, "0") << run.out;
  std::ifstream in(Out("batch") + "/report.json");
  const apptest::JsonValue report = ParseJson(
      std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
  EXPECT_EQ(report["counts"]["skipped"].text, "2");
  std::map<std::string, const apptest::JsonValue*> rows;
  for (const apptest::JsonValue& row : report["series"].items) rows[row["series_uid"].text] = &row;
  ASSERT_EQ(rows.size(), 5u);
  for (const std::string& uid : {export_.stdUid, export_.boneUid, export_.coronalUid})
    EXPECT_EQ((*rows.at(uid))["status"].text, "ok") << uid;
  EXPECT_EQ((*rows.at(export_.stdUid))["slices"].text, "18") << "the localizer is left out";
  const apptest::JsonValue& mr = *rows.at(export_.mrUid);
  EXPECT_EQ(mr["status"].text, "skipped");
  EXPECT_TRUE(Contains(mr["error"].text, "Modality (0008,0060) is 'MR', not CT"))
      << mr["error"].text;
  const apptest::JsonValue& dose = *rows.at(export_.captureUid);
  EXPECT_EQ(dose["status"].text, "skipped");
  EXPECT_TRUE(Contains(dose["error"].text, "derived or secondary capture")) << dose["error"].text;
  EXPECT_FALSE(fs::exists(Out("batch") + "/" + export_.mrUid)) << "no result folder";
}

} // namespace
} // namespace cumed::io::test
