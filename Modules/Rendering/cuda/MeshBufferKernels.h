#pragma once
// Internal: kernels that turn a device mesh into what OpenGL draws, launched on a given stream.
#include <cstdint>

struct CUstream_st;

namespace cumed::rendering::detail {

/// indices[i] = triangles[i] for `count` ids (OpenGL draws 32-bit indices; VTK's ids are 64-bit).
/// The caller has checked that every id fits (fewer than 2^32 points).
void LaunchTriangleIdsToIndices(const std::int64_t* triangles, std::uint32_t* indices,
                                std::int64_t count, CUstream_st* stream);

/// rgba[4 p ..] = the colour of values[p] in `table` (bins + 3 RGBA entries, device memory) over
/// [low, high] (ColourTableEntry's rule, scale = bins / (high - low) or 0), for `count` points.
void LaunchScalarsToColours(const float* values, std::int64_t count, const std::uint8_t* table,
                            double low, double high, double scale, int bins, std::uint8_t* rgba,
                            CUstream_st* stream);

/// dst[i] = src[i] for `count` floats of each pair (the points and, when normalsSrc is not null,
/// the normals into the vertex buffers), in one launch.
void LaunchCopyVertexArrays(const float* pointsSrc, float* pointsDst, const float* normalsSrc,
                            float* normalsDst, std::int64_t count, CUstream_st* stream);

/// Blocks used by LaunchPointBounds: its scratch holds 6 floats per block plus 6 for the result.
constexpr int kBoundsBlocks = 256;

/// Min and max of x, y, z over `numberOfPoints` xyz points into result[0..5] as xmin, xmax,
/// ymin, ymax, zmin, zmax; `scratch` holds 6 * kBoundsBlocks floats. numberOfPoints > 0.
void LaunchPointBounds(const float* points, std::int64_t numberOfPoints, float* scratch,
                       float* result, CUstream_st* stream);

} // namespace cumed::rendering::detail
