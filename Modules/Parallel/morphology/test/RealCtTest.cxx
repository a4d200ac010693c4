// The real thoracic CT (../shared/data/ct/popi-phase00, skipped where it is absent): rank 0 reads
// the series and scatters a central window of every slice; the distributed closing and gradient
// with a 4 mm ball (reach 2 planes along z on 2 mm slices) gathered on rank 0 equal CuMed's
// single-process result.
#include "SlabCases.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/parallel/DistributedMorphology.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace cumed::parallel {
namespace {

namespace morph = cumed::morphology;

TEST(DistributedMorphologyRealCt, ClosingAndGradientEqualTheSingleProcessResult) {
  const Communicator world;
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const auto directory = std::filesystem::path(source ? source : ".") / ".." / "shared" / "data" /
                         "ct" / "popi-phase00";
  if (!std::filesystem::is_directory(directory))
    GTEST_SKIP() << "real CT not found: ../shared/data/ct/popi-phase00 beside the checkout";
  // Rank 0 reads; every rank learns the geometry, then receives its planes.
  std::vector<std::int16_t> whole;
  ImageGeometry global;
  if (world.rank() == 0) {
    const auto series = io::ReadDicomCtSeries(directory.string());
    const auto size = series.image->GetLargestPossibleRegion().GetSize();
    // A central 192 x 192 window through every slice keeps the test in seconds; z is whole.
    const std::size_t window = std::min<std::size_t>(192, std::min(size[0], size[1]));
    global.size = {window, window, size[2]};
    for (int i = 0; i < 3; ++i) global.spacing[std::size_t(i)] = series.image->GetSpacing()[i];
    const std::size_t x0 = (size[0] - window) / 2, y0 = (size[1] - window) / 2;
    const std::int16_t* hu = series.image->GetBufferPointer();
    for (std::size_t z = 0; z < size[2]; ++z)
      for (std::size_t y = 0; y < window; ++y) {
        const std::int16_t* row = hu + (z * size[1] + y0 + y) * size[0] + x0;
        whole.insert(whole.end(), row, row + window);
      }
  }
  MPI_Bcast(global.size.data(), 3, MPI_UINT64_T, 0, world.native());
  MPI_Bcast(global.spacing.data(), 3, MPI_DOUBLE, 0, world.native());
  const auto slabs = PartitionPlanes(std::int64_t(global.size[2]), world.size());
  const Slab own = slabs[std::size_t(world.rank())];
  const std::size_t plane = global.size[0] * global.size[1];
  std::vector<std::int16_t> input(plane * std::size_t(own.planes()));
  ScatterSlabs(world, slabs, plane * sizeof(std::int16_t), whole.data(), input.data());

  const auto ball = morph::StructuringElement::BallMillimetres(4.0, global.spacing);
  EXPECT_EQ(ball.reach()[2], 2) << "4 mm on 2 mm slices";
  const ImageGeometry geometry = PlanesGeometry(global, own);
  for (const auto operation :
       {morph::GrayscaleOperation::Close, morph::GrayscaleOperation::Gradient}) {
    std::vector<std::int16_t> result(input.size());
    DistributedGrayscale<std::int16_t>(world, slabs, {input.data(), geometry},
                                       {result.data(), geometry}, global, ball, operation);
    const auto gathered = test::Gathered(world, slabs, global, result);
    if (world.rank() != 0) continue;
    std::vector<std::int16_t> expected(whole.size());
    morph::Grayscale<std::int16_t>({whole.data(), global}, {expected.data(), global}, ball,
                                   operation);
    EXPECT_TRUE(gathered == expected) << morph::ToString(operation);
  }
}

} // namespace
} // namespace cumed::parallel
