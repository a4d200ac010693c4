// vtkCuMedFlyingEdges3D and vtkCuMedDiscreteFlyingEdges3D as pieces of a VTK streaming/parallel
// pipeline (what vtkMPIController and pvbatch scripts do on each rank): for piece requests
// UpdatePiece(piece, pieces, ghostLevels) and explicit update extents, every piece equals what
// vtkFlyingEdges3D gives for the same request, CuMed runs (no fallback to VTK), and the pieces
// without ghost levels cover the whole-volume surface exactly. Upstreams: vtkRTAnalyticSource (it
// produces only the requested extent, ghost layers included), a whole vtkImageData given with
// SetInputData (the producer holds more than an extent request asks for), on a grid whose extent
// does not start at 0, with spacing, origin and a tilted direction.
#include "SurfaceVtkTestSupport.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/test/Backends.h"

#include "cumed/surface/vtkCuMedDiscreteFlyingEdges3D.h"
#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkExtentTranslator.h>
#include <vtkFloatArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkShortArray.h>
#include <vtkSmartPointer.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace cumed::surfacevtktest;

namespace {

// Positions within this of each other are the same point: CuMed and VTK compute the same
// index-space positions, rounded to float and transformed alike, for a piece as for the whole.
constexpr double kTolerance = 1e-5;

/// Connects a filter to its own copy of the upstream (each filter runs its own requests).
using Upstream = std::function<void(vtkAlgorithm* filter)>;

/// vtkRTAnalyticSource on [-10,10]^3 (extent from -10): a source that produces exactly the
/// requested piece, with the ghost layers asked for (and vtkGhostType arrays marking them).
Upstream Analytic() {
  return [](vtkAlgorithm* filter) {
    vtkNew<vtkRTAnalyticSource> source;
    filter->SetInputConnection(source->GetOutputPort());
  };
}

/// A whole image given with SetInputData (vtkTrivialProducer): it holds the whole extent.
Upstream WholeImage(vtkImageData* image) {
  return [image](vtkAlgorithm* filter) { filter->SetInputDataObject(image); };
}

/// A density image on the unit grid from 0, or (`shifted`) on a grid whose extent starts away
/// from 0 on every axis, with spacing, origin and a tilted direction.
vtkSmartPointer<vtkImageData> DensityImage(bool shifted) {
  const Grid unit{
      {0, 27, 0, 25, 0, 21}, {1.0, 1.0, 1.0}, {0.0, 0.0, 0.0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};
  const Grid grid{
      {-7, 24, 3, 31, -12, 9}, {0.9, 1.1, 1.6}, {4.0, -6.0, 11.0}, TiltedDirection(false)};
  auto image = MakeImage(shifted ? grid : unit);
  AddSmoothField(image, VTK_SHORT, "density", 41);
  return image;
}

/// Where a request points: UpdatePiece(piece, pieces, ghosts), or UpdateExtent(extent).
struct Request {
  int piece = 0;
  int pieces = 1;
  int ghosts = 0;
  bool explicitExtent = false;
  std::array<int, 6> extent{};
  std::string Describe() const {
    std::ostringstream text;
    text << "piece " << piece << " of " << pieces << ", " << ghosts << " ghost level(s)";
    if (explicitExtent) {
      text << ", update extent";
      for (int v : extent) text << " " << v;
    }
    return text.str();
  }
};

template <class TFilter>
vtkSmartPointer<vtkPolyData> RunRequest(TFilter* filter, const Request& request) {
  if (request.explicitExtent) {
    std::array<int, 6> extent = request.extent;
    filter->UpdateExtent(extent.data());
  } else {
    filter->UpdatePiece(request.piece, request.pieces, request.ghosts);
  }
  auto copy = vtkSmartPointer<vtkPolyData>::New();
  copy->DeepCopy(filter->GetOutput());
  return copy;
}

/// The extent a streaming consumer asks for piece `piece` of `pieces` (ghost layers included),
/// split as VTK's extent translator splits (block: x, y and z cut; z slab: whole planes).
std::array<int, 6> PieceExtent(const int whole[6], int piece, int pieces, int ghosts, int mode) {
  vtkNew<vtkExtentTranslator> translator;
  std::array<int, 6> extent{};
  translator->PieceToExtentThreadSafe(piece, pieces, ghosts, const_cast<int*>(whole), extent.data(),
                                      mode, 0);
  return extent;
}

/// The point arrays, as "name:type:components" in order, and which are the scalars and normals:
/// empty pieces included, a piece has the arrays VTK gives it.
std::string PointArrays(vtkPolyData* surface) {
  std::ostringstream text;
  vtkPointData* pointData = surface->GetPointData();
  for (int i = 0; i < pointData->GetNumberOfArrays(); ++i) {
    vtkDataArray* array = pointData->GetArray(i);
    text << (array->GetName() ? array->GetName() : "(unnamed)") << ":"
         << array->GetDataTypeAsString() << ":" << array->GetNumberOfComponents()
         << (array == pointData->GetScalars() ? ":scalars" : "")
         << (array == pointData->GetNormals() ? ":normals" : "") << " ";
  }
  return text.str();
}

/// Runs `request` through vtkFlyingEdges3D and vtkCuMedFlyingEdges3D, each on its own upstream,
/// and compares them; returns CuMed's piece.
template <class TReference, class TCuMed>
vtkSmartPointer<vtkPolyData>
ExpectPieceMatchesVtk(const Upstream& upstream, const std::function<void(TReference*)>& configure,
                      cumed::Backend backend, const Request& request) {
  vtkNew<TReference> reference;
  vtkNew<TCuMed> contour;
  upstream(reference);
  upstream(contour);
  configure(reference);
  configure(contour);
  contour->SetBackend(backend);
  const auto expected = RunRequest(reference.Get(), request);
  const auto actual = RunRequest(contour.Get(), request);
  EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend)) << request.Describe();
  // The request went upstream as VTK's filter sends it (one more ghost level for normals).
  using SDDP = vtkStreamingDemandDrivenPipeline;
  EXPECT_EQ(contour->GetInputInformation()->Get(SDDP::UPDATE_NUMBER_OF_GHOST_LEVELS()),
            reference->GetInputInformation()->Get(SDDP::UPDATE_NUMBER_OF_GHOST_LEVELS()))
      << request.Describe();
  const int* inputExtent =
      vtkImageData::SafeDownCast(contour->GetInputDataObject(0, 0))->GetExtent();
  const int* vtkInputExtent =
      vtkImageData::SafeDownCast(reference->GetInputDataObject(0, 0))->GetExtent();
  EXPECT_TRUE(std::equal(inputExtent, inputExtent + 6, vtkInputExtent)) << request.Describe();
  EXPECT_EQ(actual->GetNumberOfPoints(), expected->GetNumberOfPoints()) << request.Describe();
  EXPECT_EQ(actual->GetNumberOfPolys(), expected->GetNumberOfPolys()) << request.Describe();
  EXPECT_EQ(PointArrays(actual), PointArrays(expected)) << request.Describe();
  const SurfaceComparison comparison = CompareSurfaces(actual, expected, kTolerance, "");
  EXPECT_EQ(comparison.problem, "") << request.Describe();
  EXPECT_TRUE(comparison.problem.empty() && InVtkOrder(comparison))
      << "points in another order than VTK's: " << request.Describe();
  if (comparison.problem.empty() && reference->GetComputeNormals()) {
    // Normals need the neighbours: VTK asks upstream for one more ghost level for them, and
    // takes one-sided differences at the contoured extent's faces; CuMed the same.
    EXPECT_LE(MaxDifference(actual->GetPointData()->GetNormals(),
                            expected->GetPointData()->GetNormals(), comparison.toExpected),
              1e-4)
        << request.Describe();
  }
  return actual;
}

void ConfigureDensity(vtkFlyingEdges3D* filter, const std::vector<double>& values) {
  filter->SetNumberOfContours(static_cast<int>(values.size()));
  for (std::size_t v = 0; v < values.size(); ++v) filter->SetValue(static_cast<int>(v), values[v]);
  filter->ComputeNormalsOn();
  filter->ComputeScalarsOn();
}

/// The whole-volume surface (one piece, no ghosts) of CuMed's filter.
template <class TCuMed, class TConfigure>
vtkSmartPointer<vtkPolyData> WholeSurface(const Upstream& upstream, TConfigure configure,
                                          cumed::Backend backend) {
  vtkNew<TCuMed> contour;
  upstream(contour);
  configure(contour.Get());
  contour->SetBackend(backend);
  return RunRequest(contour.Get(), Request{});
}

enum class Source {
  Analytic,    ///< vtkRTAnalyticSource: makes the piece asked for
  WholeImage,  ///< a whole image on the unit grid through SetInputData
  ShiftedImage ///< the same on a grid whose extent does not start at 0 (and tilted)
};

struct PieceCase {
  const char* name;
  Source source;
};

class SurfaceVtkPieces : public cumed::test::BackendTest<PieceCase> {
protected:
  void SetUp() override {
    cumed::test::BackendTest<PieceCase>::SetUp();
    if (!analytic()) image_ = DensityImage(param<0>().source == Source::ShiftedImage);
  }
  bool analytic() const { return param<0>().source == Source::Analytic; }
  /// vtkRTAnalyticSource's default whole extent, or the image's.
  std::array<int, 6> wholeExtent() const {
    std::array<int, 6> extent{-10, 10, -10, 10, -10, 10};
    if (!analytic()) std::copy_n(image_->GetExtent(), 6, extent.begin());
    return extent;
  }
  Upstream upstream() const { return analytic() ? Analytic() : WholeImage(image_); }
  std::vector<double> values() const {
    return analytic() ? std::vector<double>{150.5, 210.25} : std::vector<double>{-120.5, 230.5};
  }
  std::function<void(vtkFlyingEdges3D*)> configure() const {
    const std::vector<double> v = values();
    return [v](vtkFlyingEdges3D* filter) { ConfigureDensity(filter, v); };
  }
  vtkSmartPointer<vtkImageData> image_;
};

// UpdatePiece(piece, pieces, ghosts), as vtkMPIController ranks ask: VTK's answer, piece by
// piece. The analytic source makes only the piece (plus ghosts); SetInputData's producer cannot
// make pieces, and VTK 9.1's filter then contours the whole image for every piece: so does CuMed.
TEST_P(SurfaceVtkPieces, UpdatePieceMatchesVtkFlyingEdges3D) {
  const auto whole = WholeSurface<vtkCuMedFlyingEdges3D>(upstream(), configure(), backend());
  ASSERT_GT(whole->GetNumberOfPolys(), 500) << "the field should give a sizeable surface";
  for (int pieces = 1; pieces <= 4; ++pieces) {
    for (int ghosts = 0; ghosts <= 1; ++ghosts) {
      std::vector<vtkSmartPointer<vtkPolyData>> parts;
      for (int piece = 0; piece < pieces; ++piece) {
        Request request;
        request.piece = piece;
        request.pieces = pieces;
        request.ghosts = ghosts;
        parts.push_back(ExpectPieceMatchesVtk<vtkFlyingEdges3D, vtkCuMedFlyingEdges3D>(
            upstream(), configure(), backend(), request));
        if (HasFatalFailure()) return;
      }
      EXPECT_EQ(PiecesCoverWhole(parts, whole, kTolerance), "")
          << pieces << " pieces, ghosts " << ghosts;
    }
  }
}

// Explicit update extents (a streaming consumer's piece extents, ghost layers included). A producer
// holding the whole image gives more than asked: CuMed contours exactly that part, from a copy of
// its block (x/y/z cuts) or in place (z slabs, one run of the arrays). The analytic source makes
// exactly the extent asked.
TEST_P(SurfaceVtkPieces, UpdateExtentOfAPartMatchesVtkFlyingEdges3D) {
  const auto whole = WholeSurface<vtkCuMedFlyingEdges3D>(upstream(), configure(), backend());
  for (int mode : {vtkExtentTranslator::BLOCK_MODE, vtkExtentTranslator::Z_SLAB_MODE}) {
    for (int pieces = 1; pieces <= 4; ++pieces) {
      for (int ghosts = 0; ghosts <= 1; ++ghosts) {
        std::vector<vtkSmartPointer<vtkPolyData>> parts;
        for (int piece = 0; piece < pieces; ++piece) {
          Request request;
          request.piece = piece;
          request.pieces = pieces;
          request.ghosts = ghosts;
          request.explicitExtent = true;
          request.extent = PieceExtent(wholeExtent().data(), piece, pieces, ghosts, mode);
          parts.push_back(ExpectPieceMatchesVtk<vtkFlyingEdges3D, vtkCuMedFlyingEdges3D>(
              upstream(), configure(), backend(), request));
          if (HasFatalFailure()) return;
        }
        if (ghosts == 0) {
          EXPECT_EQ(PiecesCoverWhole(parts, whole, kTolerance), "")
              << pieces << " extents, split mode " << mode;
        }
      }
    }
  }
}

const PieceCase kPieceCases[] = {{"AnalyticSource", Source::Analytic},
                                 {"WholeImage", Source::WholeImage},
                                 {"WholeShiftedImage", Source::ShiftedImage}};

std::string
PieceCaseName(const ::testing::TestParamInfo<std::tuple<cumed::Backend, PieceCase>>& info) {
  return std::get<1>(info.param).name;
}

CUMED_INSTANTIATE_FOR_EVERY_BACKEND(SurfaceVtkPieces, PieceCaseName,
                                    ::testing::ValuesIn(kPieceCases));

class SurfaceVtkPieceAttributes : public cumed::test::BackendTest<> {};

/// Linear attribute fields of the structured index: interpolated along an edge, they equal the
/// field at the point's continuous index, so the right values are known exactly.
double TemperatureAt(const double ijk[3]) {
  return 37.0 + 0.5 * ijk[0] + 3.0 * ijk[1] - 2.0 * ijk[2];
}
double PressureAt(const double ijk[3]) {
  return ijk[0] + 10.0 * ijk[1] + 100.0 * ijk[2];
}

template <class TArray, class F> void AddLinearField(vtkImageData* image, const char* name, F f) {
  vtkNew<TArray> array;
  array->SetName(name);
  array->SetNumberOfTuples(image->GetNumberOfPoints());
  const int* e = image->GetExtent();
  vtkIdType id = 0;
  for (int k = e[4]; k <= e[5]; ++k) {
    for (int j = e[2]; j <= e[3]; ++j) {
      for (int i = e[0]; i <= e[1]; ++i) {
        const double ijk[3] = {double(i), double(j), double(k)};
        array->SetValue(id++, static_cast<typename TArray::ValueType>(f(ijk)));
      }
    }
  }
  image->GetPointData()->AddArray(array);
}

/// Largest |value - f(continuous index of the point)| of a 1-component point array.
template <class F>
double MaxErrorAgainst(vtkPolyData* surface, vtkImageData* image, const char* name, F f) {
  vtkDataArray* array = surface->GetPointData()->GetArray(name);
  if (!array) return std::numeric_limits<double>::infinity();
  double error = 0.0;
  for (vtkIdType p = 0; p < surface->GetNumberOfPoints(); ++p) {
    double xyz[3];
    double ijk[3];
    surface->GetPoint(p, xyz);
    image->TransformPhysicalPointToContinuousIndex(xyz, ijk);
    error = std::max(error, std::abs(array->GetComponent(p, 0) - f(ijk)));
  }
  return error;
}

// InterpolateAttributes on a part: the attribute arrays are read over the same part (float in
// place for a z slab, copied for a block; other types converted). VTK 9.1's vtkFlyingEdges3D reads
// them wrongly there, as if the part began at the input's first point (its values are those of
// points shifted back by the part's corner), so CuMed is checked against the exact values of
// linear fields, and against VTK on the whole extent only.
TEST_P(SurfaceVtkPieceAttributes, InterpolatesTheAttributesOfThePart) {
  const Grid grid{
      {-5, 26, 2, 29, -3, 18}, {0.8, 1.2, 1.5}, {2.0, 1.0, -4.0}, TiltedDirection(true)};
  const auto image = MakeImage(grid);
  AddLinearField<vtkFloatArray>(image, "temperature", TemperatureAt);
  AddLinearField<vtkShortArray>(image, "pressure", PressureAt);
  AddSmoothField(image, VTK_FLOAT, "density", 53); // contoured, active
  const auto configure = [&image](vtkFlyingEdges3D* filter) {
    filter->SetInputData(image);
    ConfigureDensity(filter, {-80.5, 140.5});
    filter->InterpolateAttributesOn();
  };
  vtkNew<vtkFlyingEdges3D> wholeReference;
  configure(wholeReference);
  const auto wholeExpected = RunRequest(wholeReference.Get(), Request{});
  for (int mode : {vtkExtentTranslator::BLOCK_MODE, vtkExtentTranslator::Z_SLAB_MODE}) {
    for (int piece = -1; piece < 3; ++piece) { // -1: the whole extent
      Request request;
      request.explicitExtent = piece >= 0;
      request.extent = PieceExtent(image->GetExtent(), std::max(piece, 0), 3, 1, mode);
      vtkNew<vtkCuMedFlyingEdges3D> contour;
      configure(contour);
      contour->SetBackend(backend());
      const auto actual = RunRequest(contour.Get(), request);
      EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()))
          << request.Describe();
      ASSERT_GT(actual->GetNumberOfPolys(), 0) << request.Describe();
      vtkDataArray* temperature = actual->GetPointData()->GetArray("temperature");
      ASSERT_NE(temperature, nullptr) << request.Describe();
      EXPECT_EQ(temperature->GetDataType(), VTK_FLOAT);
      EXPECT_LE(MaxErrorAgainst(actual, image, "temperature", TemperatureAt), 1e-3)
          << request.Describe();
      // The short values interpolated in float.
      EXPECT_LE(MaxErrorAgainst(actual, image, "pressure", PressureAt), 1e-2) << request.Describe();
      if (piece < 0) {
        const SurfaceComparison comparison =
            CompareSurfaces(actual, wholeExpected, kTolerance, "density");
        ASSERT_EQ(comparison.problem, "");
        EXPECT_LE(MaxDifference(temperature, wholeExpected->GetPointData()->GetArray("temperature"),
                                comparison.toExpected),
                  1e-3);
      }
    }
  }
}

// A piece that misses the surface (common among many ranks) has the arrays VTK gives it: empty
// scalars and normals, no interpolated attributes; so appending or writing the pieces loses none.
TEST_P(SurfaceVtkPieceAttributes, AnEmptyPieceHasTheArraysVtkGivesIt) {
  const Grid grid;
  const auto image = MakeImage(grid);
  AddSmoothField(image, VTK_FLOAT, "temperature", 71, false);
  AddSmoothField(image, VTK_SHORT, "density", 72);
  for (bool interpolate : {false, true}) {
    Request request;
    request.explicitExtent = true;
    request.extent = PieceExtent(image->GetExtent(), 1, 2, 0, vtkExtentTranslator::BLOCK_MODE);
    vtkNew<vtkFlyingEdges3D> reference;
    vtkNew<vtkCuMedFlyingEdges3D> contour;
    for (vtkFlyingEdges3D* filter : {reference.Get(), static_cast<vtkFlyingEdges3D*>(contour)}) {
      filter->SetInputData(image);
      ConfigureDensity(filter, {30000.5}); // above every value
      filter->SetInterpolateAttributes(interpolate);
    }
    contour->SetBackend(backend());
    const auto expected = RunRequest(reference.Get(), request);
    const auto actual = RunRequest(contour.Get(), request);
    EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend()));
    EXPECT_EQ(actual->GetNumberOfPoints(), 0);
    EXPECT_EQ(expected->GetNumberOfPoints(), 0);
    EXPECT_EQ(PointArrays(actual), PointArrays(expected)) << "interpolate " << interpolate;
  }
}

// Ghost levels with InterpolateAttributes: the analytic source marks its ghost points
// (vtkGhostType, unsigned char) and VTK 9.1 interpolates the flags like any other array, into a
// float array of that name (it promotes integer arrays); CuMed gives the same values.
TEST_P(SurfaceVtkPieceAttributes, InterpolatesGhostFlagsAsVtkDoes) {
  const std::function<void(vtkFlyingEdges3D*)> configure = [](vtkFlyingEdges3D* filter) {
    ConfigureDensity(filter, {150.5});
    filter->InterpolateAttributesOn();
  };
  for (int piece = 0; piece < 3; ++piece) {
    Request request;
    request.piece = piece;
    request.pieces = 3;
    request.ghosts = 1;
    vtkNew<vtkFlyingEdges3D> reference;
    vtkNew<vtkCuMedFlyingEdges3D> contour;
    Analytic()(reference);
    Analytic()(contour);
    configure(reference);
    configure(contour);
    contour->SetBackend(backend());
    const auto expected = RunRequest(reference.Get(), request);
    const auto actual = RunRequest(contour.Get(), request);
    EXPECT_EQ(contour->GetLastBackend(), cumed::ImplementationOf(backend())) << request.Describe();
    const SurfaceComparison comparison = CompareSurfaces(actual, expected, kTolerance, "");
    ASSERT_EQ(comparison.problem, "") << request.Describe();
    vtkDataArray* flags = actual->GetPointData()->GetArray("vtkGhostType");
    vtkDataArray* vtkFlags = expected->GetPointData()->GetArray("vtkGhostType");
    ASSERT_NE(vtkFlags, nullptr) << "VTK 9.1 interpolates the ghost flags; " << request.Describe();
    ASSERT_NE(flags, nullptr) << request.Describe();
    EXPECT_EQ(vtkFlags->GetDataType(), VTK_FLOAT);
    EXPECT_EQ(flags->GetDataType(), VTK_FLOAT);
    EXPECT_LE(MaxDifference(flags, vtkFlags, comparison.toExpected), 1e-5) << request.Describe();
    if (expected->GetNumberOfPoints() > 0) {
      EXPECT_GT(vtkFlags->GetRange()[1], 0.5) << "some points lie between ghost points";
    }
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(SurfaceVtkPieceAttributes);

class SurfaceVtkDiscretePieces : public cumed::test::BackendTest<> {};

// Label surfaces as pieces of a label map held whole (on a grid whose extent does not start at
// 0): UpdatePiece (VTK contours the whole map for every piece, so does CuMed) and the extents a
// streaming consumer asks for (CuMed contours exactly that part).
TEST_P(SurfaceVtkDiscretePieces, PiecesMatchVtkDiscreteFlyingEdges3D) {
  const Grid grid{
      {-6, 25, 4, 30, -9, 12}, {1.1, 0.9, 1.4}, {-3.0, 2.0, 7.0}, TiltedDirection(false)};
  const auto labels = MakeImage(grid);
  AddLabelField(labels, VTK_UNSIGNED_CHAR, 3, 61);
  const std::function<void(vtkDiscreteFlyingEdges3D*)> configure =
      [](vtkDiscreteFlyingEdges3D* filter) {
        filter->SetNumberOfContours(3);
        for (int label = 1; label <= 3; ++label) filter->SetValue(label - 1, label);
        filter->ComputeNormalsOn();
        filter->ComputeScalarsOn();
      };
  const auto whole =
      WholeSurface<vtkCuMedDiscreteFlyingEdges3D>(WholeImage(labels), configure, backend());
  ASSERT_GT(whole->GetNumberOfPolys(), 500);
  for (int pieces = 1; pieces <= 4; ++pieces) {
    for (int ghosts = 0; ghosts <= 1; ++ghosts) {
      std::vector<vtkSmartPointer<vtkPolyData>> cut;
      for (int piece = 0; piece < pieces; ++piece) {
        Request request;
        request.piece = piece;
        request.pieces = pieces;
        request.ghosts = ghosts;
        ExpectPieceMatchesVtk<vtkDiscreteFlyingEdges3D, vtkCuMedDiscreteFlyingEdges3D>(
            WholeImage(labels), configure, backend(), request);
        request.explicitExtent = true;
        request.extent = PieceExtent(labels->GetExtent(), piece, pieces, ghosts,
                                     vtkExtentTranslator::BLOCK_MODE);
        cut.push_back(
            ExpectPieceMatchesVtk<vtkDiscreteFlyingEdges3D, vtkCuMedDiscreteFlyingEdges3D>(
                WholeImage(labels), configure, backend(), request));
        if (HasFatalFailure()) return;
      }
      if (ghosts == 0) {
        EXPECT_EQ(PiecesCoverWhole(cut, whole, kTolerance), "") << pieces << " label extents";
      }
    }
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(SurfaceVtkDiscretePieces);

} // namespace
