// Randomized differential test of morphology against ITK (cumed/test/RandomCases.h: the run's
// seed is printed, a failure prints its case seed and a one-line reproducer).
//
// Parameter space covered, per case, on every built backend:
//  - pixel types uint8, int16, uint16, float; values over the whole range, or a few distinct
//    values (ties), or (float) with +-inf, +-FLT_MAX and denormals mixed in (NaN is not drawn:
//    max/min with NaN is order-dependent and ITK's own algorithms disagree on it);
//  - volume sizes 1..64 per axis (1 and 2 drawn often), at most kMaxVoxels voxels;
//  - elements: ITK's Box, Ball and Cross with radius 0..5 per axis (0 on any axis: flat and line
//    elements), and random masks 1..7 per axis (even sizes, any density, a single member);
//  - grayscale: all seven operations, SetBoundary (dilate/erode), SafeBorder on/off (open, close,
//    top-hats); ITK run with each algorithm it allows for the kernel (BASIC, HISTO, and for
//    decomposable boxes ANCHOR and VHGW) and with its own default choice;
//  - binary: all four operations, foreground/background values, boundaryToForeground, SafeBorder;
//  - CUDA: sometimes a small device memory budget, so host volumes run in z slabs with halos;
//    the drop-in ITK filters (cumed::Grayscale*ImageFilter) with ITK's decomposable Box kernel.
// Expected: CuMed equals ITK's BASIC and HISTO answers exactly (the definition). ITK's ANCHOR and
// VHGW answers equal it too, except in runs where ITK prints "Line ... doesn't correspond to a
// face" (it skipped a line of its decomposition: morphology.md, "Equality with ITK").
#include "DropInRun.h"
#include "ItkAlgorithmReference.h"
#include "ItkReference.h"
#include "cumed/core/Error.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleErodeImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalOpeningImageFilter.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

namespace {

using namespace cumed::morphology;
using cumed::test::RandomDraw;
using Algorithm = itk::MathematicalMorphologyEnums::Algorithm;
using ItkKernel = itk::FlatStructuringElement<3>;
using Size3 = std::array<std::size_t, 3>;

constexpr std::size_t kMaxVoxels = 12000;

Size3 DrawSize(RandomDraw& draw) {
  Size3 size{std::size_t(draw.edgy(1, 64)), std::size_t(draw.edgy(1, 64)),
             std::size_t(draw.edgy(1, 64))};
  while (size[0] * size[1] * size[2] > kMaxVoxels) { // shrink the longest axis
    auto& longest = *std::max_element(size.begin(), size.end());
    longest = std::max<std::size_t>(1, longest * 2 / 3);
  }
  return size;
}

template <class T> T DrawValue(RandomDraw& draw, int mode, const std::vector<T>& few) {
  if (mode == 1) return draw.pick(few);
  if constexpr (std::is_floating_point_v<T>) {
    if (mode == 2 && draw.chance(0.1)) {
      const std::vector<T> special{
          std::numeric_limits<T>::infinity(),   -std::numeric_limits<T>::infinity(),
          std::numeric_limits<T>::max(),        std::numeric_limits<T>::lowest(),
          std::numeric_limits<T>::denorm_min(), T(0)};
      return draw.pick(special);
    }
    return static_cast<T>(draw.real(-1000.0, 1000.0));
  } else {
    return static_cast<T>(
        draw.integer(std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max()));
  }
}

template <class T> std::vector<T> DrawVolume(RandomDraw& draw, const Size3& size) {
  const int mode = draw.integer(0, 2); // 0 uniform, 1 a few values (ties), 2 (float) specials
  std::vector<T> few;
  for (int i = draw.integer(1, 4); i > 0; --i) few.push_back(DrawValue<T>(draw, 0, few));
  std::vector<T> values(size[0] * size[1] * size[2]);
  for (T& v : values) v = DrawValue<T>(draw, mode, few);
  return values;
}

struct DrawnElement {
  std::string description; ///< as a user writes it, for the failure message
  ItkKernel kernel;        ///< what ITK runs with
  StructuringElement element;
  bool decomposableBox = false;
};

std::array<int, 3> DrawRadius(RandomDraw& draw, int largest) {
  return {draw.edgy(0, largest), draw.edgy(0, largest), draw.edgy(0, largest)};
}

ItkKernel::RadiusType ItkRadius(const std::array<int, 3>& r) {
  ItkKernel::RadiusType radius;
  for (unsigned i = 0; i < 3; ++i) radius[i] = static_cast<itk::SizeValueType>(r[i]);
  return radius;
}

std::string RadiusText(const char* factory, const std::array<int, 3>& r) {
  std::ostringstream text;
  text << factory << "({" << r[0] << "," << r[1] << "," << r[2] << "})";
  return text.str();
}

DrawnElement DrawElement(RandomDraw& draw) {
  switch (draw.integer(0, 3)) {
  case 0: {
    const auto r = DrawRadius(draw, 5);
    return {RadiusText("Box", r), ItkKernel::Box(ItkRadius(r)), StructuringElement::Box(r), true};
  }
  case 1: {
    const auto r = DrawRadius(draw, 4);
    return {RadiusText("Ball", r), ItkKernel::Ball(ItkRadius(r)), StructuringElement::Ball(r)};
  }
  case 2: {
    const auto r = DrawRadius(draw, 5);
    return {RadiusText("Cross", r), ItkKernel::Cross(ItkRadius(r)), StructuringElement::Cross(r)};
  }
  default: {
    const Size3 size{std::size_t(draw.edgy(1, 7)), std::size_t(draw.edgy(1, 7)),
                     std::size_t(draw.edgy(1, 7))};
    std::vector<std::uint8_t> mask(size[0] * size[1] * size[2], 0);
    const double density = draw.real(0.0, 1.0);
    for (auto& m : mask) m = draw.chance(density);
    mask[static_cast<std::size_t>(draw.integer(0, static_cast<int>(mask.size()) - 1))] = 1;
    auto element = StructuringElement::FromMask(size, mask);
    std::ostringstream text;
    text << "mask " << size[0] << "x" << size[1] << "x" << size[2] << " of "
         << element.memberCount() << " members";
    return {text.str(), cumed::morphology::test::ToItkElement(element), element};
  }
  }
}

/// ITK's kernel and CuMed's element have the same members (the factories agree).
void ExpectSameMembers(const DrawnElement& drawn) {
  const auto& element = drawn.element;
  const auto centre = element.centre();
  std::size_t itkMembers = 0;
  for (unsigned j = 0; j < drawn.kernel.Size(); ++j) {
    if (!drawn.kernel[j]) continue;
    ++itkMembers;
    const auto offset = drawn.kernel.GetOffset(j);
    long index[3];
    for (int i = 0; i < 3; ++i) index[i] = offset[i] + centre[i];
    const bool inside = index[0] >= 0 && index[1] >= 0 && index[2] >= 0 &&
                        index[0] < long(element.size()[0]) && index[1] < long(element.size()[1]) &&
                        index[2] < long(element.size()[2]);
    ASSERT_TRUE(inside && element.contains(index[0], index[1], index[2]))
        << drawn.description << ": ITK member at offset " << offset << " missing in CuMed's";
  }
  EXPECT_EQ(itkMembers, element.memberCount()) << drawn.description;
}

template <class T>
std::size_t CountDifferences(const std::vector<T>& expected, const std::vector<T>& actual,
                             std::string& first) {
  std::size_t differences = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!(expected[i] == actual[i]) && differences++ == 0) {
      std::ostringstream text;
      text << "index " << i << ": expected " << +expected[i] << ", got " << +actual[i];
      first = text.str();
    }
  return differences;
}

#define EXPECT_SAME_VOLUME(expected, actual, what)                                                 \
  do {                                                                                             \
    std::string first;                                                                             \
    const std::size_t differences = CountDifferences(expected, actual, first);                     \
    EXPECT_EQ(differences, 0u) << what << ": " << differences << " of " << (expected).size()       \
                               << " voxels differ, first at " << first;                            \
  } while (0)

const char* AlgorithmName(Algorithm algorithm) {
  switch (algorithm) {
  case Algorithm::BASIC:
    return "BASIC";
  case Algorithm::HISTO:
    return "HISTO";
  case Algorithm::ANCHOR:
    return "ANCHOR";
  default:
    return "VHGW";
  }
}

/// Where ITK's HISTO/ANCHOR/VHGW give the definition's answer (found by this harness, see
/// morphology.md): finite values and boundary, every image axis at least 3 voxels and as long as
/// the element, no zero radius on an axis of a decomposable box, and (gradient) an element that
/// holds its centre and no overflow of max - min in the pixel type.
template <class T>
bool WellPosedForItkShortcuts(const std::vector<T>& input, const Size3& size,
                              const DrawnElement& drawn, GrayscaleOperation operation,
                              std::optional<double> boundary) {
  for (int i = 0; i < 3; ++i) {
    if (size[i] < std::max<std::size_t>(3, drawn.element.size()[i])) return false;
    if (drawn.decomposableBox && drawn.element.size()[i] == 1) return false;
  }
  if (boundary && !std::isfinite(*boundary)) return false;
  if constexpr (std::is_floating_point_v<T>)
    for (T v : input)
      if (!std::isfinite(v)) return false;
  if (operation == GrayscaleOperation::Gradient) {
    // HISTO gives 0 where the window holds no image pixel (an element without its centre).
    const auto c = drawn.element.centre();
    if (!drawn.element.contains(c[0], c[1], c[2])) return false;
    const auto [low, high] = std::minmax_element(input.begin(), input.end());
    if (double(*high) - double(*low) > double(std::numeric_limits<T>::max())) return false;
  }
  return true;
}

class RandomizedMorphology : public cumed::test::BackendTest<> {
public:
  int wellPosedCases = 0;
  /// Sometimes a small device budget, so host volumes run in z slabs with halos (CUDA only).
  template <class Options> void drawBudget(RandomDraw& draw, Options& options, std::size_t plane) {
    options.backend = backend();
    if (backend() == cumed::Backend::CUDA && draw.chance(0.25))
      options.deviceMemoryBudget = plane * std::size_t(draw.integer(8, 64)) * 16;
  }
};

template <class T>
void GrayscaleCase(RandomDraw& draw, cumed::Backend backend, RandomizedMorphology& test) {
  const Size3 size = DrawSize(draw);
  const DrawnElement drawn = DrawElement(draw);
  const auto operation = static_cast<GrayscaleOperation>(draw.integer(0, 6));
  const auto input = DrawVolume<T>(draw, size);
  cumed::morphology::test::ItkRunSettings settings;
  GrayscaleOptions options;
  const bool dilateOrErode =
      operation == GrayscaleOperation::Dilate || operation == GrayscaleOperation::Erode;
  if (dilateOrErode && draw.chance(0.3)) {
    settings.boundary = static_cast<double>(DrawValue<T>(draw, 2, {}));
    options.boundary = settings.boundary;
  }
  if (!dilateOrErode && operation != GrayscaleOperation::Gradient)
    options.safeBorder = settings.safeBorder = draw.chance(0.7);
  test.drawBudget(draw, options, size[0] * size[1] * sizeof(T));
  SCOPED_TRACE(testing::Message()
               << ToString(operation) << " " << cumed::ToString(cumed::PixelTypeOf<T>()) << " "
               << size[0] << "x" << size[1] << "x" << size[2] << " " << drawn.description
               << (settings.boundary ? " boundary " + std::to_string(*settings.boundary) : "")
               << " safeBorder " << options.safeBorder << " budget " << options.deviceMemoryBudget);
  ExpectSameMembers(drawn);

  cumed::ImageGeometry geometry;
  geometry.size = size;
  std::vector<T> actual(input.size());
  try {
    const auto ran = Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                                  {actual.data(), geometry, cumed::MemoryLocation::Host},
                                  drawn.element, operation, options);
    EXPECT_EQ(ran, backend);
  } catch (const cumed::CudaError& error) {
    // Only a drawn budget too small for one slab may refuse, and must say so.
    ASSERT_NE(options.deviceMemoryBudget, 0u) << error.what();
    EXPECT_NE(std::string(error.what()).find("cannot hold one slab"), std::string::npos)
        << error.what();
    return;
  }

  // BASIC is the definition: always equal. ITK's faster algorithms are held to it where ITK's
  // own implementations are well-posed (WellPosedForItkShortcuts).
  const bool wellPosed = WellPosedForItkShortcuts(input, size, drawn, operation, settings.boundary);
  test.wellPosedCases += wellPosed;
  std::vector<std::optional<Algorithm>> algorithms{Algorithm::BASIC, std::nullopt,
                                                   Algorithm::HISTO};
  if (drawn.decomposableBox) {
    algorithms.push_back(Algorithm::ANCHOR);
    algorithms.push_back(Algorithm::VHGW);
  }
  for (const auto& algorithm : algorithms) {
    // Outside that subset ITK's shortcuts are not run at all: its AnchorOpenCloseImageFilter
    // crashes on some thin volumes (found by this harness).
    if (algorithm != Algorithm::BASIC && !wellPosed) continue;
    settings.algorithm = algorithm;
    const auto expected = cumed::morphology::test::ItkGrayscaleWithKernel(input, size, drawn.kernel,
                                                                          operation, settings);
    const char* name = algorithm ? AlgorithmName(*algorithm) : "default";
    if (algorithm == Algorithm::BASIC) {
      EXPECT_FALSE(expected.skippedLine);
      EXPECT_SAME_VOLUME(expected.values, actual, "ITK BASIC (the definition)");
    } else if (!expected.skippedLine) {
      EXPECT_SAME_VOLUME(expected.values, actual, std::string("ITK ") + name);
    }
  }

  // The drop-in ITK filters with ITK's kernel object (decomposable Box: ITK's ANCHOR default).
  if (drawn.decomposableBox && !options.deviceMemoryBudget &&
      operation <= GrayscaleOperation::Close) {
    using Image = itk::Image<T, 3>;
    using cumed::morphology::test::RunDropIn;
    const auto safeBorder = [&](auto* filter) { filter->SetSafeBorder(options.safeBorder); };
    std::vector<T> dropIn;
    switch (operation) {
    case GrayscaleOperation::Dilate:
      dropIn = RunDropIn<cumed::GrayscaleDilateImageFilter, Image>(
          input, size, drawn.kernel, backend, [&](auto* filter) {
            filter->SetBoundary(options.boundary ? static_cast<T>(*options.boundary)
                                                 : std::numeric_limits<T>::lowest());
          });
      break;
    case GrayscaleOperation::Erode:
      dropIn = RunDropIn<cumed::GrayscaleErodeImageFilter, Image>(
          input, size, drawn.kernel, backend, [&](auto* filter) {
            filter->SetBoundary(options.boundary ? static_cast<T>(*options.boundary)
                                                 : std::numeric_limits<T>::max());
          });
      break;
    case GrayscaleOperation::Open:
      dropIn = RunDropIn<cumed::GrayscaleMorphologicalOpeningImageFilter, Image>(
          input, size, drawn.kernel, backend, safeBorder);
      break;
    default:
      dropIn = RunDropIn<cumed::GrayscaleMorphologicalClosingImageFilter, Image>(
          input, size, drawn.kernel, backend, safeBorder);
      break;
    }
    EXPECT_SAME_VOLUME(actual, dropIn, "drop-in ITK filter");
  }
}

template <class T>
void BinaryCase(RandomDraw& draw, cumed::Backend backend, RandomizedMorphology& test) {
  const Size3 size = DrawSize(draw);
  const DrawnElement drawn = DrawElement(draw);
  const auto operation = static_cast<BinaryOperation>(draw.integer(0, 3));
  // A few values, so the foreground is present, with other non-zero values beside it.
  std::vector<T> few;
  for (int i = draw.integer(2, 4); i > 0; --i) few.push_back(DrawValue<T>(draw, 0, few));
  std::vector<T> input(size[0] * size[1] * size[2]);
  for (T& v : input) v = draw.pick(few);
  BinaryOptions options;
  options.foreground = static_cast<double>(few[0]);
  if (draw.chance(0.5)) options.background = static_cast<double>(draw.pick(few));
  if (draw.chance(0.5)) options.boundaryToForeground = draw.chance(0.5);
  options.safeBorder = draw.chance(0.7);
  if (operation == BinaryOperation::Open) options.boundaryToForeground.reset(); // ITK has none
  if (operation == BinaryOperation::Close) options.background.reset();
  if (operation != BinaryOperation::Close) options.safeBorder = true;
  if (operation == BinaryOperation::Close) options.boundaryToForeground.reset();
  test.drawBudget(draw, options, size[0] * size[1] * sizeof(T));
  SCOPED_TRACE(
      testing::Message()
      << "binary " << ToString(operation) << " " << cumed::ToString(cumed::PixelTypeOf<T>()) << " "
      << size[0] << "x" << size[1] << "x" << size[2] << " " << drawn.description << " foreground "
      << options.foreground << " background "
      << (options.background ? std::to_string(*options.background) : "default")
      << " boundaryToForeground "
      << (options.boundaryToForeground ? std::to_string(*options.boundaryToForeground) : "default")
      << " safeBorder " << options.safeBorder << " budget " << options.deviceMemoryBudget);
  cumed::ImageGeometry geometry;
  geometry.size = size;
  std::vector<T> actual(input.size());
  try {
    const auto ran = Binary<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                               {actual.data(), geometry, cumed::MemoryLocation::Host},
                               drawn.element, operation, options);
    EXPECT_EQ(ran, backend);
  } catch (const cumed::CudaError& error) {
    ASSERT_NE(options.deviceMemoryBudget, 0u) << error.what();
    return;
  }
  const auto expected =
      cumed::morphology::test::ItkBinary(input, size, drawn.element, operation, options);
  EXPECT_SAME_VOLUME(expected, actual, "ITK binary filter");
}

/// run(T{}) for a pixel type drawn among the four CuMed's morphology has.
template <class Run> void WithDrawnPixelType(RandomDraw& draw, Run run) {
  switch (draw.integer(0, 3)) {
  case 0:
    return run(std::uint8_t{});
  case 1:
    return run(std::int16_t{});
  case 2:
    return run(std::uint16_t{});
  default:
    return run(float{});
  }
}

TEST_P(RandomizedMorphology, GrayscaleEqualsItk) {
  const int cases = cumed::test::ForEachRandomCase(200, [&](RandomDraw& draw) {
    WithDrawnPixelType(draw,
                       [&](auto pixel) { GrayscaleCase<decltype(pixel)>(draw, backend(), *this); });
  });
  std::printf(
      "[ random   ] %d of %d cases also compared with ITK's HISTO/ANCHOR/VHGW (well-posed)\n",
      wellPosedCases, cases);
}

TEST_P(RandomizedMorphology, BinaryEqualsItk) {
  cumed::test::ForEachRandomCase(200, [&](RandomDraw& draw) {
    WithDrawnPixelType(draw,
                       [&](auto pixel) { BinaryCase<decltype(pixel)>(draw, backend(), *this); });
  });
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(RandomizedMorphology);

} // namespace
