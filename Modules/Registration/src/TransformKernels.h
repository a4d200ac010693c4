#pragma once
// The per-iteration transform work of a registration, on the CPU (cpu/TransformKernelsCpu.cxx,
// OpenMP) and on CUDA (cuda/TransformKernelsCuda.cu: device pointers, queued on `stream`).
// Every function writes each output element from one thread in a fixed order (gathers, no
// atomics), so a backend gives bitwise the same result run after run.
#include "src/LevelGeometry.h"

#include <cstdint>

struct CUstream_st;

namespace cumed::registration::detail {

/// Scratch sizes (floats) the separable passes need: gridSize z*y * fixedSize x * 3 plus
/// gridSize z * fixedSize y*x * 3 (one buffer, shared by the forward and the adjoint passes; its
/// layout is src/TransformKernelMath.h's). The tables behind g.axis come from MakeLevelTables
/// (src/LevelTables.h): PointAxes for the CPU, UploadLevelTables (src/DeviceLevelTables.h) for
/// CUDA.
std::int64_t TransformScratchFloats(const LevelGeometry& g);

// ---- CPU (host pointers) ----------------------------------------------------------------------

/// field (3 x voxels) = B-spline displacement (mm) of `coefficients` (3 x controlPoints) at every
/// fixed voxel, by three separable passes (x, then y, then z); 0 where a voxel is outside the
/// support along any axis.
void FieldFromCoefficientsCpu(const LevelGeometry& g, const float* coefficients, float* scratch,
                              float* field);

/// warped[v] = moving at the moving continuous index of voxel v displaced by field (trilinear,
/// indices clamped to the image: values beyond the border repeat it). When `gradient` is not null
/// it receives (3 x voxels) the derivative of warped[v] with respect to the displacement u (mm):
/// displacementToMoving^T * (derivative of the trilinear interpolant along each index axis; 0
/// along an axis where the index was clamped or the moving size is 1).
/// `counted` (when not null) receives WarpVoxel's counting rule (src/TransformKernelMath.h):
/// the fixed mask, inside the moving image, and the moving mask (on the moving grid) when given.
void WarpCpu(const LevelGeometry& g, const float* moving, const float* field, float* warped,
             float* gradient, const std::uint8_t* fixedMask = nullptr,
             std::uint8_t* counted = nullptr, const std::uint8_t* movingMask = nullptr);

/// gradient[d * voxels + v] *= derivative[v] for d = 0..2 (the metric's dE/dwarped times
/// dwarped/du: the voxel's gradient with respect to its displacement).
void ScaleGradientCpu(const LevelGeometry& g, const float* derivative, float* gradient);

/// coefficientGradient (3 x controlPoints) = the adjoint of FieldFromCoefficients applied to
/// voxelGradient (3 x voxels): for each control point, the sum over the fixed voxels in its
/// support of the B-spline weight times the voxel's gradient, by three separable gather passes
/// (z, then y, then x).
void AdjointToCoefficientsCpu(const LevelGeometry& g, const float* voxelGradient, float* scratch,
                              float* coefficientGradient);

// ---- CUDA (device pointers; `g.axis` must point to device tables) ----------------------------
// The same results as the CPU bit for bit (the same sums in the same order, no contraction).
// Throw InvalidArgument naming the sizes when a level needs more than CUDA's 65535 blocks in a
// grid's y or z dimension (more than 65535 fixed rows along y or slices along z), CudaError when
// a launch fails.

void FieldFromCoefficientsCuda(const LevelGeometry& g, const float* coefficients, float* scratch,
                               float* field, CUstream_st* stream);
void WarpCuda(const LevelGeometry& g, const float* moving, const float* field, float* warped,
              float* gradient, CUstream_st* stream, const std::uint8_t* fixedMask = nullptr,
              std::uint8_t* counted = nullptr, const std::uint8_t* movingMask = nullptr);
void ScaleGradientCuda(const LevelGeometry& g, const float* derivative, float* gradient,
                       CUstream_st* stream);
void AdjointToCoefficientsCuda(const LevelGeometry& g, const float* voxelGradient, float* scratch,
                               float* coefficientGradient, CUstream_st* stream);

} // namespace cumed::registration::detail
