// ReadRankVolume: every rank's own planes of an .mha (streamed) equal the file's, with the whole
// geometry and the split on every rank; a missing input refused by name on every rank.
// WritePiece/WritePvtp: the pieces and the .pvtp read back with VTK's parallel reader, the
// borrowed points flagged. Under mpiexec with 1 to 4 ranks.
#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/PieceFiles.h"
#include "cumed/parallel/RankVolume.h"
#include "cumed/parallel/StandalonePiece.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkMetaImageIO.h>
#include <vtkDataSetAttributes.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkUnsignedCharArray.h>
#include <vtkXMLPPolyDataReader.h>
#include <vtkXMLPolyDataReader.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace cumed::parallel {
namespace {
namespace fs = std::filesystem;

using Volume = itk::Image<std::int16_t, 3>;
constexpr int kSize[3] = {6, 5, 9};

// A directory every rank names alike (rank 0's pid), removed by rank 0 at the end.
class SharedScratch {
public:
  explicit SharedScratch(const Communicator& comm) : comm_(comm) {
    int pid = static_cast<int>(::getpid());
    CUMED_MPI_CHECK(MPI_Bcast(&pid, 1, MPI_INT, 0, comm.native()));
    path_ = fs::temp_directory_path() / ("cumed-parallel-surface-files-" + std::to_string(pid));
    if (comm.rank() == 0) fs::create_directories(path_);
    CUMED_MPI_CHECK(MPI_Barrier(comm.native()));
  }
  ~SharedScratch() {
    MPI_Barrier(comm_.native());
    std::error_code ignored;
    if (comm_.rank() == 0) fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

private:
  const Communicator& comm_;
  fs::path path_;
};

std::int16_t ValueAt(int x, int y, int z) {
  const int dx = x - 3, dy = y - 2, dz = z - 4;
  return static_cast<std::int16_t>(100 - 10 * (dx * dx + dy * dy + dz * dz) + z);
}

// Rank 0 writes the .mha: a blob with spacing (0.5, 1, 2) and origin (-1, 0, 3).
fs::path WriteVolume(const Communicator& comm, const fs::path& directory) {
  const fs::path file = directory / "blob.mha";
  if (comm.rank() == 0) {
    auto image = Volume::New();
    Volume::RegionType region;
    region.SetSize({kSize[0], kSize[1], kSize[2]});
    image->SetRegions(region);
    const double spacing[3] = {0.5, 1.0, 2.0};
    const double origin[3] = {-1.0, 0.0, 3.0};
    image->SetSpacing(spacing);
    image->SetOrigin(origin);
    image->Allocate();
    for (int z = 0; z < kSize[2]; ++z)
      for (int y = 0; y < kSize[1]; ++y)
        for (int x = 0; x < kSize[0]; ++x) image->SetPixel({x, y, z}, ValueAt(x, y, z));
    auto writer = itk::ImageFileWriter<Volume>::New();
    writer->SetImageIO(itk::MetaImageIO::New());
    writer->SetFileName(file.string());
    writer->SetInput(image);
    writer->Update();
  }
  CUMED_MPI_CHECK(MPI_Barrier(comm.native()));
  return file;
}

TEST(ReadRankVolume, EveryRankReadsItsOwnPlanes) {
  const Communicator world;
  SharedScratch scratch(world);
  const fs::path file = WriteVolume(world, scratch.path());
  surface::IsosurfaceOptions options;
  options.values = {60.0};
  const RankVolume volume = ReadRankVolume(world, file, options);
  EXPECT_EQ(volume.whole.size[0], 6u);
  EXPECT_EQ(volume.whole.size[2], 9u);
  EXPECT_EQ(volume.whole.spacing[2], 2.0);
  EXPECT_EQ(volume.whole.origin[0], -1.0);
  EXPECT_EQ(volume.source, "streamed");
  ASSERT_EQ(volume.slabs.size(), static_cast<std::size_t>(world.size()));
  EXPECT_EQ(volume.slabs.back().end, 9);
  const HaloExtent extent = IsosurfaceExtentOf(volume.slabs, world.rank(), options);
  if (extent.owned.empty()) return;
  ASSERT_EQ(volume.planes.pixelType(), PixelType::Int16);
  const auto* values = static_cast<const std::int16_t*>(volume.planes.data());
  for (std::int64_t z = extent.owned.begin; z < extent.owned.end; ++z) {
    const std::int64_t local = z - extent.all().begin;
    for (int y = 0; y < kSize[1]; ++y)
      for (int x = 0; x < kSize[0]; ++x)
        ASSERT_EQ(values[(local * kSize[1] + y) * kSize[0] + x], ValueAt(x, y, int(z)))
            << "rank " << world.rank() << " at " << x << "," << y << "," << z;
  }
}

TEST(ReadRankVolume, AMissingInputFailsOnEveryRank) {
  const Communicator world;
  try {
    ReadRankVolume(world, "/no/such/volume.mha", {});
    FAIL() << "rank " << world.rank() << " did not throw";
  } catch (const RankFailed& e) {
    EXPECT_NE(std::string(e.what()).find("INPUT '/no/such/volume.mha' does not exist"),
              std::string::npos)
        << e.what();
  }
}

TEST(PieceFiles, PiecesAndPvtpReadBackWithBorrowedPointsFlagged) {
  const Communicator world;
  SharedScratch scratch(world);
  const fs::path file = WriteVolume(world, scratch.path());
  surface::IsosurfaceOptions options;
  options.values = {60.0};
  options.backend = Backend::CPU;
  RankVolume volume = ReadRankVolume(world, file, options);
  const DistributedIsosurfaceResult result =
      DistributedIsosurface(world, volume.slabs, volume.planes, volume.whole, options);
  const StandalonePiece piece = StandalonePieceOf(world, volume.slabs, result);
  const fs::path pvtp = scratch.path() / "blob.pvtp";
  EXPECT_EQ(PieceName(pvtp, 2), scratch.path() / "blob_2.vtp");
  WritePiece(piece, PieceName(pvtp, world.rank()));
  if (world.rank() == 0) WritePvtp(pvtp, world.size(), false, pvtp);
  CUMED_MPI_CHECK(MPI_Barrier(world.native()));

  vtkNew<vtkXMLPolyDataReader> own;
  own->SetFileName(PieceName(pvtp, world.rank()).string().c_str());
  own->Update();
  vtkPolyData* mine = own->GetOutput();
  ASSERT_EQ(mine->GetNumberOfPoints(), piece.mesh.numberOfPoints());
  auto* ghosts = vtkUnsignedCharArray::SafeDownCast(
      mine->GetPointData()->GetArray(vtkDataSetAttributes::GhostArrayName()));
  ASSERT_NE(ghosts, nullptr);
  for (vtkIdType p = 0; p < mine->GetNumberOfPoints(); ++p)
    ASSERT_EQ(ghosts->GetValue(p),
              p < piece.ownPoints ? 0 : int(vtkDataSetAttributes::DUPLICATEPOINT));

  if (world.rank() == 0) {
    vtkNew<vtkXMLPPolyDataReader> all;
    all->SetFileName(pvtp.string().c_str());
    all->Update();
    EXPECT_EQ(all->GetNumberOfPieces(), world.size());
    EXPECT_EQ(all->GetOutput()->GetNumberOfPolys(), result.totalTriangles);
    EXPECT_GT(result.totalTriangles, 0);
  }
}

} // namespace
} // namespace cumed::parallel
