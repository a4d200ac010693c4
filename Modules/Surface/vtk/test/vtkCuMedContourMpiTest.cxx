// vtkCuMedFlyingEdges3D in a vtkMPIController program, the ranks being the pieces (what pvbatch
// and other VTK parallel scripts do, with no CuMed-specific code): each rank asks the analytic
// source for its piece (UpdatePiece(rank, ranks, ghostLevels)), gets what vtkFlyingEdges3D gives
// for the same request from CuMed's CPU backend, and, without ghost levels, the ranks' pieces sent
// to rank 0 with the controller together make the whole-volume surface. Run under mpiexec -n 1..4.
#include "SurfaceVtkTestSupport.h"
#include "cumed/core/Execution.h"

#include "cumed/surface/vtkCuMedFlyingEdges3D.h"

#include <gtest/gtest.h>
#include <vtkFlyingEdges3D.h>
#include <vtkMPIController.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRTAnalyticSource.h>
#include <vtkSmartPointer.h>

#include <vector>

using namespace cumed::surfacevtktest;

namespace {

constexpr double kTolerance = 1e-5;
constexpr int kPieceTag = 1515;

/// The VTK controller over the MPI session the test main started (initialised externally).
class SurfaceVtkMpi : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    controller_ = vtkMPIController::New();
    controller_->Initialize(nullptr, nullptr, 1);
    vtkMultiProcessController::SetGlobalController(controller_);
  }
  static void TearDownTestSuite() {
    vtkMultiProcessController::SetGlobalController(nullptr);
    controller_->Finalize(1);
    controller_->Delete();
    controller_ = nullptr;
  }
  static vtkMPIController* controller_;
};
vtkMPIController* SurfaceVtkMpi::controller_ = nullptr;

template <class TFilter>
vtkSmartPointer<vtkPolyData> ContourPiece(TFilter* filter, int piece, int pieces, int ghosts) {
  vtkNew<vtkRTAnalyticSource> source;
  filter->SetInputConnection(source->GetOutputPort());
  filter->SetNumberOfContours(2);
  filter->SetValue(0, 150.5);
  filter->SetValue(1, 210.25);
  filter->UpdatePiece(piece, pieces, ghosts);
  auto copy = vtkSmartPointer<vtkPolyData>::New();
  copy->DeepCopy(filter->GetOutput());
  return copy;
}

TEST_F(SurfaceVtkMpi, EachRankContoursItsPieceAsVtkDoesAndTheRanksMakeTheWholeSurface) {
  const int rank = controller_->GetLocalProcessId();
  const int ranks = controller_->GetNumberOfProcesses();
  for (int ghosts = 0; ghosts <= 1; ++ghosts) {
    vtkNew<vtkFlyingEdges3D> reference;
    vtkNew<vtkCuMedFlyingEdges3D> contour;
    contour->SetBackendToCPU();
    const auto expected = ContourPiece(reference.Get(), rank, ranks, ghosts);
    const auto piece = ContourPiece(contour.Get(), rank, ranks, ghosts);
    EXPECT_EQ(contour->GetLastBackend(), cumed::Implementation::CPU) << "rank " << rank;
    EXPECT_EQ(CompareSurfaces(piece, expected, kTolerance, "").problem, "")
        << "rank " << rank << " of " << ranks << ", ghost levels " << ghosts;
    if (ghosts != 0) continue;
    if (rank != 0) {
      ASSERT_EQ(controller_->Send(piece, 0, kPieceTag), 1);
      continue;
    }
    std::vector<vtkSmartPointer<vtkPolyData>> pieces{piece};
    for (int other = 1; other < ranks; ++other) {
      pieces.push_back(vtkSmartPointer<vtkPolyData>::New());
      ASSERT_EQ(controller_->Receive(pieces.back(), other, kPieceTag), 1) << "from rank " << other;
    }
    vtkNew<vtkCuMedFlyingEdges3D> wholeContour;
    wholeContour->SetBackendToCPU();
    const auto whole = ContourPiece(wholeContour.Get(), 0, 1, 0);
    ASSERT_GT(whole->GetNumberOfPolys(), 500);
    EXPECT_EQ(PiecesCoverWhole(pieces, whole, kTolerance), "") << ranks << " ranks";
  }
}

} // namespace
