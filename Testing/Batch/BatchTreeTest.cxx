// cumed-batch's RunBatch on a tree built at test time from the build's phantom series, shrunk to
// 1/4 per axis and written with CuMed's DICOM writer: patient-a/ct and patient-b/study/ct (good),
// patient-c/ct (one slice cut to half its size: the read fails), patient-d/ct (one slice cut to
// 100 bytes: the header scan fails, the UID is unknown), zz-copy/ct (a copy of patient-a/ct: same
// UID) and a README at the top. Run under mpiexec with 1..4 ranks and as a singleton.
#include "Batch.h"

#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/DicomSeriesWriter.h"
#include "cumed/parallel/Collective.h"

#include <gtest/gtest.h>
#include <itkShrinkImageFilter.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {
using cumed::parallel::Communicator;

struct Tree {
  fs::path root, out;
  std::string uidA, uidB, uidBroken;
  std::string brokenFile, unscannableFile;
  int slices = 0;
};

std::string Broadcast(const Communicator& comm, std::string text) {
  int size = static_cast<int>(text.size());
  MPI_Bcast(&size, 1, MPI_INT, 0, comm.native());
  text.resize(size);
  MPI_Bcast(text.data(), size, MPI_CHAR, 0, comm.native());
  return text;
}

// Rank 0 writes the tree; every rank gets its description.
Tree MakeTree(const Communicator& comm, const std::string& name) {
  Tree tree;
  std::string description;
  if (comm.rank() == 0) {
    tree.root = fs::temp_directory_path() /
                ("cumed-batch-" + name + "-" + std::to_string(::getpid())) / "tree";
    tree.out = tree.root.parent_path() / "out";
    fs::remove_all(tree.root.parent_path());
    const cumed::io::CtSeries phantom = cumed::io::ReadDicomCtSeries(CUMED_SAMPLE_CT_DIR);
    using Shrink = itk::ShrinkImageFilter<cumed::io::HounsfieldImage, cumed::io::HounsfieldImage>;
    auto shrink = Shrink::New();
    shrink->SetInput(phantom.image);
    shrink->SetShrinkFactors(4);
    shrink->Update();
    const auto* small = shrink->GetOutput();
    tree.slices = static_cast<int>(small->GetLargestPossibleRegion().GetSize()[2]);
    tree.uidA = cumed::io::WriteDicomCtSeries(small, (tree.root / "patient-a/ct").string());
    tree.uidB = cumed::io::WriteDicomCtSeries(small, (tree.root / "patient-b/study/ct").string());
    tree.uidBroken = cumed::io::WriteDicomCtSeries(small, (tree.root / "patient-c/ct").string());
    fs::create_directories(tree.root / "zz-copy");
    fs::copy(tree.root / "patient-a/ct", tree.root / "zz-copy/ct");
    tree.brokenFile = (tree.root / "patient-c/ct/IMG0003.dcm").string();
    fs::resize_file(tree.brokenFile, fs::file_size(tree.brokenFile) / 2);
    cumed::io::WriteDicomCtSeries(small, (tree.root / "patient-d/ct").string());
    tree.unscannableFile = (tree.root / "patient-d/ct/IMG0002.dcm").string();
    fs::resize_file(tree.unscannableFile, 100);
    fs::copy(tree.root / "patient-b/study/ct", tree.root / "zz-partial");
    fs::remove(tree.root / "zz-partial/IMG0001.dcm");
    std::ofstream(tree.root / "README.txt") << "not DICOM\n";
    description = tree.root.string() + "\n" + tree.out.string() + "\n" + tree.uidA + "\n" +
                  tree.uidB + "\n" + tree.uidBroken + "\n" + tree.brokenFile + "\n" +
                  tree.unscannableFile + "\n" + std::to_string(tree.slices);
  }
  std::istringstream lines(Broadcast(comm, description));
  std::string root, out, slices;
  std::getline(lines, root), std::getline(lines, out);
  std::getline(lines, tree.uidA), std::getline(lines, tree.uidB);
  std::getline(lines, tree.uidBroken), std::getline(lines, tree.brokenFile);
  std::getline(lines, tree.unscannableFile);
  std::getline(lines, slices);
  tree.root = root, tree.out = out, tree.slices = std::stoi(slices);
  return tree;
}

void RemoveTree(const Communicator& comm, const Tree& tree) {
  comm.barrier();
  if (comm.rank() == 0) fs::remove_all(tree.root.parent_path());
}

// RFC 4180 rows (quoted fields may hold commas, quotes and line breaks).
std::vector<std::vector<std::string>> ReadCsv(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(field), field.clear();
    } else if (c == '\n') {
      rows.back().push_back(field), field.clear();
      rows.emplace_back();
    } else {
      field += c;
    }
  }
  if (rows.back().empty()) rows.pop_back();
  return rows;
}

std::string ReadText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

cumed::batch::Arguments ArgumentsFor(const Tree& tree) {
  cumed::batch::Arguments arguments;
  arguments.inputDirectory = tree.root.string();
  arguments.outputDirectory = tree.out.string();
  arguments.radiusMm = 3.0; // about one voxel of the shrunk phantom: the closing runs
  arguments.backend = cumed::Backend::CPU;
  return arguments;
}

TEST(BatchTree, GoodOnceDuplicateAndBrokenReported) {
  const Communicator world;
  const Tree tree = MakeTree(world, "tree");
  const cumed::batch::BatchOutcome outcome = cumed::batch::RunBatch(world, ArgumentsFor(tree));
  EXPECT_EQ(outcome.exitStatus, cumed::batch::kSeriesFailed) << "the same on every rank";
  if (world.rank() == 0) {
    EXPECT_NE(outcome.summary.find("series=6 ok=2 failed=3 duplicate=1"), std::string::npos)
        << outcome.summary;
    const auto rows = ReadCsv(tree.out / "report.csv");
    ASSERT_EQ(rows.size(), 7u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"path", "series_uid", "rank", "status", "error",
                                                 "slices", "triangles", "seconds", "output"}));
    std::map<std::string, std::vector<std::string>> byPath;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      ASSERT_EQ(rows[i].size(), 9u) << "row " << i;
      byPath[fs::relative(rows[i][0], tree.root).string()] = rows[i];
    }
    const int lowestWorker = world.size() == 1 ? 0 : 1;
    for (const auto& [path, uid] : std::map<std::string, std::string>{
             {"patient-a/ct", tree.uidA}, {"patient-b/study/ct", tree.uidB}}) {
      const auto& row = byPath.at(path);
      EXPECT_EQ(row[1], uid);
      EXPECT_GE(std::stoi(row[2]), lowestWorker);
      EXPECT_LT(std::stoi(row[2]), world.size());
      EXPECT_EQ(row[3], "ok") << row[4];
      EXPECT_EQ(row[4], "");
      EXPECT_EQ(std::stoi(row[5]), tree.slices);
      EXPECT_GT(std::stoll(row[6]), 100);
      EXPECT_EQ(row[8], (tree.out / uid).string());
      EXPECT_GT(fs::file_size(tree.out / uid / "surface.vtp"), 1000u);
      EXPECT_GT(fs::file_size(tree.out / uid / "surface.stl"), 1000u);
    }
    const auto& duplicate = byPath.at("zz-copy/ct");
    EXPECT_EQ(duplicate[1], tree.uidA);
    EXPECT_EQ(duplicate[2], "-1");
    EXPECT_EQ(duplicate[3], "duplicate");
    EXPECT_EQ(duplicate[4], "duplicate of " + (tree.root / "patient-a/ct").string());
    const auto& broken = byPath.at("patient-c/ct");
    EXPECT_EQ(broken[1], tree.uidBroken);
    EXPECT_EQ(broken[3], "failed");
    EXPECT_NE(broken[4].find(tree.brokenFile), std::string::npos) << broken[4];
    EXPECT_NE(broken[4].find("PixelData"), std::string::npos) << broken[4];
    EXPECT_EQ(broken[8], "");
    const auto& partial = byPath.at("zz-partial");
    EXPECT_EQ(partial[1], tree.uidB);
    EXPECT_EQ(partial[3], "failed");
    EXPECT_EQ(partial[4], "SeriesInstanceUID (0020,000E) " + tree.uidB + " also in '" +
                              (tree.root / "patient-b/study/ct").string() + "' with " +
                              std::to_string(tree.slices) + " files (here " +
                              std::to_string(tree.slices - 1) +
                              "): a series split over directories or an incomplete copy; not "
                              "processed here");
    const auto& unscannable = byPath.at("patient-d/ct");
    EXPECT_EQ(unscannable[1], "") << "the scan failed before any UID was known";
    EXPECT_EQ(unscannable[2], "-1");
    EXPECT_EQ(unscannable[3], "failed");
    EXPECT_EQ(unscannable[4].rfind(tree.unscannableFile + ": named as a DICOM file but it is not "
                                                          "one (100 bytes",
                                   0),
              0u)
        << unscannable[4];
    // Exactly the two result folders and the report: nothing half-written, nothing for the
    // broken or the duplicate series.
    std::vector<std::string> entries;
    for (const auto& entry : fs::directory_iterator(tree.out))
      entries.push_back(entry.path().filename().string());
    std::sort(entries.begin(), entries.end());
    std::vector<std::string> expected{tree.uidA, tree.uidB, "report.csv", "report.json"};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(entries, expected);
    const std::string json = ReadText(tree.out / "report.json");
    EXPECT_NE(json.find("\"counts\":{\"ok\":2,\"failed\":3,\"duplicate\":1,\"skipped\":0}"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"ranks\":" + std::to_string(world.size())), std::string::npos);
  }
  RemoveTree(world, tree);
}

TEST(BatchTree, AllGoodExitsZeroAndOutputMustBeEmpty) {
  const Communicator world;
  const Tree tree = MakeTree(world, "good");
  if (world.rank() == 0)
    fs::remove_all(tree.root / "patient-c"), fs::remove_all(tree.root / "patient-d"),
        fs::remove_all(tree.root / "zz-partial");
  world.barrier();
  const auto outcome = cumed::batch::RunBatch(world, ArgumentsFor(tree));
  EXPECT_EQ(outcome.exitStatus, 0);
  if (world.rank() == 0)
    EXPECT_NE(outcome.summary.find("series=3 ok=2 failed=0 duplicate=1"), std::string::npos)
        << outcome.summary;
  // A second run into the same OUT stops on every rank with rank 0's message, writing nothing.
  try {
    cumed::batch::RunBatch(world, ArgumentsFor(tree));
    ADD_FAILURE() << "a second run into a full --output-dir must fail";
  } catch (const cumed::parallel::RankFailed& e) {
    EXPECT_EQ(e.failedRank(), 0);
    EXPECT_NE(std::string(e.what()).find("' is not empty"), std::string::npos) << e.what();
  }
  RemoveTree(world, tree);
}

} // namespace
