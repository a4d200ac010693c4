// SlabPieceName/SlabPiecePlanes: the names and extents vtkXMLPImageDataWriter would use.
// WriteSlabPiece/WriteSlabPieceIndex: every rank writes its piece of a 7x5x11 image, rank 0 the
// .pvti; vtkXMLPImageDataReader reads back every voxel and the geometry; an index over slabs of
// which one is empty names the others only. Under mpiexec with 1 to 4 ranks.
#include "cumed/parallel/SlabImageFiles.h"
#include "cumed/core/Error.h"
#include "cumed/parallel/Communicator.h"

#include <gtest/gtest.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLPImageDataReader.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace cumed::parallel {
namespace {
namespace fs = std::filesystem;

const ImageGeometry kGlobal{{7, 5, 11}, {0.5, 1.0, 2.5}, {-3.0, 1.0, 4.0}};

std::int16_t ValueAt(std::int64_t x, std::int64_t y, std::int64_t z) {
  return static_cast<std::int16_t>(1000 * z - 37 * y + x - 2000);
}

// A fresh directory, the same on every rank (rank 0 makes it, the name is broadcast); rank 0
// removes it at the end.
class RankDirectory {
public:
  explicit RankDirectory(const Communicator& world) : world_(world) {
    std::vector<char> name(512, '\0');
    if (world.rank() == 0) {
      const std::string pattern = (fs::temp_directory_path() / "cumed-slab-files-XXXXXX").string();
      pattern.copy(name.data(), name.size() - 1);
      if (!::mkdtemp(name.data())) name.assign(name.size(), '\0');
    }
    CUMED_MPI_CHECK(MPI_Bcast(name.data(), int(name.size()), MPI_CHAR, 0, world.native()));
    path_ = name.data();
  }
  ~RankDirectory() {
    MPI_Barrier(world_.native());
    std::error_code ignored;
    if (world_.rank() == 0 && !path_.empty()) fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

private:
  const Communicator& world_;
  fs::path path_;
};

TEST(SlabImageFiles, PiecesAreNamedInADirectoryBesideTheIndex) {
  EXPECT_EQ(SlabPieceName("/data/run/closed.pvti", 3), fs::path("closed") / "closed_3.vti");
  EXPECT_EQ(SlabPieceName("out.pvti", 0), fs::path("out") / "out_0.vti");
}

TEST(SlabImageFiles, APieceHoldsItsSlabAndThePlaneAbove) {
  const std::vector<Slab> slabs = SlabsOfThicknesses({3, 0, 4, 2});
  EXPECT_EQ(SlabPiecePlanes(slabs, 0), (Slab{0, 4}));
  EXPECT_TRUE(SlabPiecePlanes(slabs, 1).empty());
  EXPECT_EQ(SlabPiecePlanes(slabs, 2), (Slab{3, 8}));
  EXPECT_EQ(SlabPiecePlanes(slabs, 3), (Slab{7, 9})); // the last: nothing above
}

TEST(SlabImageFiles, PiecesAndIndexReadBackAsTheWholeImage) {
  const Communicator world;
  RankDirectory directory(world);
  ASSERT_FALSE(directory.path().empty());
  const std::vector<Slab> slabs = PartitionPlanes(std::int64_t(kGlobal.size[2]), world.size());
  const fs::path pvti = directory.path() / "volume.pvti";
  const Slab planes = SlabPiecePlanes(slabs, world.rank());
  std::vector<std::int16_t> pixels;
  for (std::int64_t z = planes.begin; z < planes.end; ++z)
    for (std::int64_t y = 0; y < std::int64_t(kGlobal.size[1]); ++y)
      for (std::int64_t x = 0; x < std::int64_t(kGlobal.size[0]); ++x)
        pixels.push_back(ValueAt(x, y, z));
  if (world.rank() == 0) fs::create_directory(directory.path() / "volume");
  CUMED_MPI_CHECK(MPI_Barrier(world.native()));
  if (!planes.empty())
    WriteSlabPiece(directory.path() / SlabPieceName(pvti, world.rank()), pixels.data(),
                   PixelType::Int16, kGlobal, planes);
  if (world.rank() == 0) WriteSlabPieceIndex(pvti, pvti, PixelType::Int16, kGlobal, slabs);
  CUMED_MPI_CHECK(MPI_Barrier(world.native()));
  if (world.rank() != 0) return;

  vtkNew<vtkXMLPImageDataReader> reader;
  reader->SetFileName(pvti.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  int dimensions[3];
  image->GetDimensions(dimensions);
  ASSERT_EQ(dimensions[0], 7);
  ASSERT_EQ(dimensions[1], 5);
  ASSERT_EQ(dimensions[2], 11);
  EXPECT_EQ(reader->GetNumberOfPieces(), std::min(world.size(), 11));
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(image->GetSpacing()[i], kGlobal.spacing[i]);
    EXPECT_EQ(image->GetOrigin()[i], kGlobal.origin[i]);
  }
  vtkDataArray* scalars = image->GetPointData()->GetScalars();
  ASSERT_NE(scalars, nullptr);
  EXPECT_STREQ(scalars->GetName(), "scalars");
  EXPECT_EQ(scalars->GetDataType(), VTK_SHORT);
  vtkIdType index = 0;
  for (int z = 0; z < 11; ++z)
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 7; ++x, ++index)
        ASSERT_EQ(scalars->GetTuple1(index), ValueAt(x, y, z)) << x << "," << y << "," << z;
}

TEST(SlabImageFiles, TheIndexNamesOnlyThePiecesOfNonEmptySlabs) {
  const Communicator world;
  if (world.rank() != 0) return;
  const fs::path file =
      fs::temp_directory_path() / ("cumed-slab-index-" + std::to_string(::getpid()) + ".pvti");
  WriteSlabPieceIndex(file, "/out/closed.pvti", PixelType::UInt8, kGlobal,
                      SlabsOfThicknesses({6, 0, 5}));
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove(file);
  EXPECT_NE(text.str().find("<Piece Extent=\"0 6 0 4 0 6\" Source=\"closed/closed_0.vti\"/>"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("<Piece Extent=\"0 6 0 4 6 10\" Source=\"closed/closed_2.vti\"/>"),
            std::string::npos)
      << text.str();
  EXPECT_EQ(text.str().find("closed_1.vti"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("<PDataArray type=\"UInt8\" Name=\"scalars\"/>"), std::string::npos);
}

TEST(SlabImageFiles, AnUnwritablePieceIsNamedInTheError) {
  const std::int16_t pixel = 0;
  try {
    WriteSlabPiece("/no/such/directory/piece.vti", &pixel, PixelType::Int16,
                   {{1, 1, 1}, {1, 1, 1}, {0, 0, 0}}, {0, 1});
    FAIL() << "no cumed::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'/no/such/directory/piece.vti'"), std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace cumed::parallel
