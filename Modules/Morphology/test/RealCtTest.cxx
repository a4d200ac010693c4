// The real thoracic CT (../shared/data/ct/popi-phase00): CuMed's closing with a 2 mm ball equals
// ITK's on it, on every built backend (Cpu/ and Cuda/ instances).
#include "ItkReference.h"
#include "cumed/core/Device.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace {

using namespace cumed::morphology;

/// The series and ITK's closing of it, computed once for both backends.
struct LoadedCt {
  std::array<std::size_t, 3> size{};
  std::array<double, 3> spacing{};
  std::vector<std::int16_t> hu, itkClosed;
};

const LoadedCt* LoadOnce() {
  static const LoadedCt* loaded = []() -> const LoadedCt* {
    const char* source = std::getenv("CUMED_SOURCE_DIR");
    if (!source) return nullptr;
    const auto directory =
        std::filesystem::path(source) / ".." / "shared" / "data" / "ct" / "popi-phase00";
    if (!std::filesystem::is_directory(directory)) return nullptr;
    auto* ct = new LoadedCt;
    const auto series = cumed::io::ReadDicomCtSeries(directory.string());
    const auto s = series.image->GetLargestPossibleRegion().GetSize();
    ct->size = {s[0], s[1], s[2]};
    for (int i = 0; i < 3; ++i) ct->spacing[i] = series.image->GetSpacing()[i];
    ct->hu.assign(series.image->GetBufferPointer(),
                  series.image->GetBufferPointer() + s[0] * s[1] * s[2]);
    ct->itkClosed =
        test::ItkGrayscale(ct->hu, ct->size, StructuringElement::BallMillimetres(2.0, ct->spacing),
                           GrayscaleOperation::Close);
    return ct;
  }();
  return loaded;
}

void ExpectClosingEqualsItk(cumed::Backend backend) {
  const LoadedCt* ct = LoadOnce();
  if (!ct) GTEST_SKIP() << "real CT not found: ../shared/data/ct/popi-phase00 beside the checkout";
  const StructuringElement ball = StructuringElement::BallMillimetres(2.0, ct->spacing);
  EXPECT_EQ(ball.reach(), (std::array<int, 3>{2, 2, 1})) << "2 mm on 0.98 x 0.98 x 2 mm voxels";
  cumed::ImageGeometry g;
  g.size = ct->size;
  std::vector<std::int16_t> closed(ct->hu.size());
  GrayscaleOptions options;
  options.backend = backend;
  Grayscale<std::int16_t>({ct->hu.data(), g, cumed::MemoryLocation::Host},
                          {closed.data(), g, cumed::MemoryLocation::Host}, ball,
                          GrayscaleOperation::Close, options);
  EXPECT_TRUE(closed == ct->itkClosed);
  EXPECT_NE(closed, ct->hu) << "the closing must change the CT";
}

class RealCt : public cumed::test::BackendTest<> {};

TEST_P(RealCt, ClosingWithA2mmBallEqualsItk) {
  ExpectClosingEqualsItk(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(RealCt);

} // namespace
