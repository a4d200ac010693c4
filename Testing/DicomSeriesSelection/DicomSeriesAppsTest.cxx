// The programs that read DICOM, run as a user runs them on a generated CD export: each reads the
// STD axial CT (the default rule's tie between the STD and BONE reconstructions) and says why.
#include "DicomMixedExport.h"
#include "JsonValue.h"
#include "ProgramRun.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cumed::io::test {
namespace {

using apptest::ParseJson;
using apptest::RunProgram;
using apptest::RunResult;

class DicomSeriesApps : public ::testing::Test {
protected:
  void SetUp() override { export_ = WriteMixedExportWithRunSeed(scratch_.path() / "export"); }
  RunResult Run(const char* program, std::vector<std::string> arguments, const std::string& tag) {
    return RunProgram(program, arguments, scratch_.path(), tag, scratch_.path());
  }
  std::string root() const { return export_.root.string(); }
  std::string Out(const std::string& name) const { return scratch_.Sub(name); }
  // The reader's one warning: which series was read, why, and what else the export holds.
  void ExpectSaysWhy(const RunResult& run) const {
    EXPECT_TRUE(Contains(run.err, "reading CT SeriesNumber 2 'STD' (kernel B30f), 18 slices"))
        << run.err;
    EXPECT_TRUE(Contains(run.err, MixedExportTieReason())) << run.err;
    EXPECT_TRUE(Contains(run.err, "Modality (0008,0060) is 'MR', not CT")) << run.err;
  }

  TemporaryDirectory scratch_;
  MixedExport export_;
};

TEST_F(DicomSeriesApps, DicomLsListsEverySeriesAndTheDefault) {
  const RunResult json = Run(CUMED_DICOM_LS_EXE, {"--json", root()}, "ls-json");
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const apptest::JsonValue listing = ParseJson(json.out);
  EXPECT_EQ(listing["default_id"].text, export_.stdUid);
  EXPECT_EQ(listing["default_reason"].text, MixedExportTieReason());
  ASSERT_EQ(listing["series"].items.size(), 6u);
  int defaults = 0;
  for (const apptest::JsonValue& entry : listing["series"].items) {
    defaults += entry["default"].boolean ? 1 : 0;
    if (entry["id"].text == export_.mrUid) {
      EXPECT_FALSE(entry["readable"].boolean);
      EXPECT_TRUE(Contains(entry["reason"].text, "not CT")) << entry["reason"].text;
    }
    if (entry["id"].text == export_.coronalUid) EXPECT_EQ(entry["orientation"].text, "coronal");
  }
  EXPECT_EQ(defaults, 1);

  const RunResult table = Run(CUMED_DICOM_LS_EXE, {root()}, "ls");
  ASSERT_EQ(table.exitCode, 0) << table.err;
  EXPECT_TRUE(Contains(table.out, "6 series under " + root())) << table.out;
  EXPECT_TRUE(Contains(table.out, "* 2 ")) << "the default is marked: " << table.out;
  EXPECT_TRUE(Contains(table.out, "default: " + export_.stdUid + ": " + MixedExportTieReason()))
      << table.out;

  // --list-series prints the same listing from every program, and stops there.
  for (const char* program :
       {CUMED_CT_SURFACE_EXE, CUMED_ISOSURFACE_EXE, CUMED_MORPHOLOGY_EXE, CUMED_DEFORM_EXE}) {
    const RunResult listed = Run(program, {"--list-series", root()}, "list");
    EXPECT_EQ(listed.exitCode, 0) << program << ": " << listed.err;
    EXPECT_EQ(listed.out, table.out) << program;
  }
  // cumed-register lists FIXED's series, then MOVING's.
  const RunResult both = Run(CUMED_REGISTER_EXE, {"--list-series", root(), root()}, "register");
  EXPECT_EQ(both.exitCode, 0) << both.err;
  EXPECT_EQ(both.out, table.out + table.out);
  EXPECT_EQ(Run(CUMED_DICOM_LS_EXE, {}, "none").exitCode, 2);
  EXPECT_EQ(Run(CUMED_DICOM_LS_EXE, {Out("missing")}, "missing").exitCode, 1);
}

TEST_F(DicomSeriesApps, EveryProgramReadsTheAxialCtAndSaysWhy) {
  const RunResult surface =
      Run(CUMED_CT_SURFACE_EXE,
          {root(), "--no-png", "--json", "--radius-mm", "0", "--output-dir", Out("surface")},
          "ct-surface");
  ASSERT_EQ(surface.exitCode, 0) << surface.err;
  const apptest::JsonValue summary = ParseJson(surface.out);
  EXPECT_EQ(summary["series_uid"].text, export_.stdUid);
  EXPECT_EQ(summary["series_number"].text, "2");
  EXPECT_EQ(summary["series_description"].text, "STD");
  EXPECT_EQ(summary["convolution_kernel"].text, "B30f");
  EXPECT_EQ(summary["selection"].text, MixedExportTieReason());
  EXPECT_EQ(summary["slices"].text, "18");
  ExpectSaysWhy(surface);

  const RunResult iso =
      Run(CUMED_ISOSURFACE_EXE, {"--iso", "300", "--output", Out("iso.vtp"), root()}, "isosurface");
  EXPECT_EQ(iso.exitCode, 0) << iso.err;
  ExpectSaysWhy(iso);

  const RunResult morphology =
      Run(CUMED_MORPHOLOGY_EXE,
          {"--operation", "dilate", "--radius-vox", "1", root(), Out("dilated.mha")}, "morphology");
  EXPECT_EQ(morphology.exitCode, 0) << morphology.err;
  ExpectSaysWhy(morphology);

  const RunResult registered = Run(CUMED_REGISTER_EXE,
                                   {"--levels", "1", "--iterations", "2", "--backend", "cpu",
                                    "--output", Out("registered"), root(), root()},
                                   "register");
  EXPECT_EQ(registered.exitCode, 0) << registered.err;
  ExpectSaysWhy(registered);
  const RunResult requested = Run(CUMED_REGISTER_EXE,
                                  {"--levels", "1", "--iterations", "2", "--backend", "cpu",
                                   "--series", "2", "--output", Out("requested"), root(), root()},
                                  "register-requested");
  EXPECT_EQ(requested.exitCode, 0) << requested.err;
  EXPECT_FALSE(Contains(requested.err, "not read:")) << "asked for: no default-rule warning";

  const RunResult deform =
      Run(CUMED_DEFORM_EXE, {"--backend", "cpu", "--frames", "1", root()}, "deform");
  EXPECT_EQ(deform.exitCode, 0) << deform.err;
  ExpectSaysWhy(deform);
}

TEST_F(DicomSeriesApps, SeriesOptionChoosesAnotherOne) {
  const RunResult bone = Run(CUMED_CT_SURFACE_EXE,
                             {root(), "--series", "bone", "--no-png", "--json", "--radius-mm", "0",
                              "--output-dir", Out("bone")},
                             "bone");
  ASSERT_EQ(bone.exitCode, 0) << bone.err;
  const apptest::JsonValue summary = ParseJson(bone.out);
  EXPECT_EQ(summary["series_uid"].text, export_.boneUid);
  EXPECT_EQ(summary["selection"].text,
            "requested by SeriesDescription or ConvolutionKernel 'bone'");

  const RunResult ambiguous = Run(
      CUMED_ISOSURFACE_EXE,
      {"--iso", "300", "--series", "B30f", "--output", Out("ambiguous.vtp"), root()}, "ambiguous");
  EXPECT_EQ(ambiguous.exitCode, 1);
  EXPECT_TRUE(Contains(ambiguous.err, "2 series with SeriesDescription or ConvolutionKernel"))
      << ambiguous.err;
}

// One slice has no cells: cumed-ct-surface refuses it as cumed-isosurface does (exit status 1).
TEST_F(DicomSeriesApps, SingleSliceIsRefusedByBothSurfacePrograms) {
  const std::string localizer = export_.stdUid + "#2";
  for (const char* program : {CUMED_CT_SURFACE_EXE, CUMED_ISOSURFACE_EXE}) {
    std::vector<std::string> arguments{"--series", localizer, root()};
    if (std::string(program) == CUMED_CT_SURFACE_EXE) {
      arguments.insert(arguments.end(), {"--no-png", "--output-dir", Out("flat")});
    } else {
      arguments.insert(arguments.begin(), {"--iso", "300", "--output", Out("flat.vtp")});
    }
    const RunResult run = Run(program, arguments, "flat");
    EXPECT_EQ(run.exitCode, 1) << program << ": " << run.err;
    EXPECT_TRUE(Contains(run.err, "a single slice along z")) << run.err;
  }
}

} // namespace
} // namespace cumed::io::test
