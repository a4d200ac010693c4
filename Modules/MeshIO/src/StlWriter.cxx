#include "cumed/meshio/StlWriter.h"

#include "OutputFile.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkDoubleArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkType.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the STL writer writes host byte order");

namespace cumed::meshio {
namespace {

constexpr std::size_t kHeaderBytes = 80;
constexpr std::size_t kTriangleBytes = 50; // normal, 3 vertices (12 float), attribute (uint16)

/// The facet normal as vtkTriangle::ComputeNormal gives it (double, the same operations).
void FacetNormal(const double v1[3], const double v2[3], const double v3[3], double n[3]) {
  const double ax = v3[0] - v2[0], ay = v3[1] - v2[1], az = v3[2] - v2[2];
  const double bx = v1[0] - v2[0], by = v1[1] - v2[1], bz = v1[2] - v2[2];
  n[0] = ay * bz - az * by;
  n[1] = az * bx - ax * bz;
  n[2] = ax * by - ay * bx;
  const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (length != 0.0) {
    n[0] /= length;
    n[1] /= length;
    n[2] /= length;
  }
}

/// Records are filled this many triangles at a time (800 KB) by each thread into its own reused
/// buffer, which it writes at the records' place in the file (pwrite): no buffer for the whole
/// file (its page faults cost more than the filling) and no barrier between pieces (a thread that
/// another process delays holds nobody up; the others take the remaining pieces).
constexpr std::int64_t kChunkTriangles = std::int64_t{1} << 14;

/// True when every id is a point of the mesh.
template <class TId>
bool IdsInRange(const TId* ids, std::int64_t count, std::int64_t numberOfPoints) {
  bool inRange = true;
#pragma omp parallel for schedule(static) reduction(&& : inRange)
  for (std::int64_t i = 0; i < count; ++i) {
    const auto id = static_cast<std::int64_t>(ids[i]);
    inRange = inRange && id >= 0 && id < numberOfPoints;
  }
  return inRange;
}

/// The records of triangles [first, last) into `out`; ids already checked.
template <class TPoint, class TId>
void FillRecords(unsigned char* out, const TPoint* points, const TId* ids, std::int64_t first,
                 std::int64_t last) {
  for (std::int64_t t = first; t < last; ++t) {
    double v[3][3];
    for (int k = 0; k < 3; ++k) {
      const auto id = static_cast<std::int64_t>(ids[3 * t + k]);
      for (int c = 0; c < 3; ++c) v[k][c] = static_cast<double>(points[3 * id + c]);
    }
    double n[3];
    FacetNormal(v[0], v[1], v[2], n);
    float record[12];
    for (int c = 0; c < 3; ++c) {
      record[c] = static_cast<float>(n[c]);
      for (int k = 0; k < 3; ++k) record[3 + 3 * k + c] = static_cast<float>(v[k][c]);
    }
    unsigned char* at = out + kTriangleBytes * static_cast<std::size_t>(t - first);
    std::memcpy(at, record, sizeof record);
    at[48] = at[49] = 0; // attribute byte count
  }
}

template <class TPoint, class TId>
void WriteStlArrays(const TPoint* points, std::int64_t numberOfPoints, const TId* ids,
                    std::int64_t triangles, const std::filesystem::path& file) {
  if (triangles > std::numeric_limits<std::uint32_t>::max()) {
    throw InvalidArgument("WriteStl: '" + file.string() + "': " + std::to_string(triangles) +
                          " triangles are more than binary STL can count");
  }
  if (!IdsInRange(ids, 3 * triangles, numberOfPoints)) {
    throw InvalidArgument("WriteStl: '" + file.string() +
                          "': a triangle uses a point id outside 0.." +
                          std::to_string(numberOfPoints - 1));
  }
  unsigned char header[kHeaderBytes + sizeof(std::uint32_t)];
  std::memset(header, ' ', kHeaderBytes);
  const std::string text = "binary STL written by CuMed " CUMED_VERSION;
  std::memcpy(header, text.data(), text.size());
  const auto count = static_cast<std::uint32_t>(triangles);
  std::memcpy(header + kHeaderBytes, &count, sizeof count);

  detail::OutputFile out(file);
  out.Write(header, sizeof header);
  const std::int64_t chunks = (triangles + kChunkTriangles - 1) / kChunkTriangles;
  int error = 0;
#pragma omp parallel
  {
    // Uninitialised: the thread first-touches what it fills.
    const std::unique_ptr<unsigned char[]> buffer(
        new unsigned char[kTriangleBytes * static_cast<std::size_t>(kChunkTriangles)]);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::int64_t first = c * kChunkTriangles;
      const std::int64_t last = std::min(triangles, first + kChunkTriangles);
      FillRecords(buffer.get(), points, ids, first, last);
      const int failed =
          out.TryWriteAt(buffer.get(), kTriangleBytes * static_cast<std::size_t>(last - first),
                         sizeof header + kTriangleBytes * static_cast<std::size_t>(first));
      if (failed) {
#pragma omp critical(cumed_stl_write_error)
        error = failed;
      }
    }
  }
  if (error) out.FailWrite(error);
  out.Close();
}

template <class TPoint>
void WriteStlCells(const TPoint* points, std::int64_t numberOfPoints, vtkCellArray* polys,
                   const std::filesystem::path& file) {
  const std::int64_t cells = polys->GetNumberOfCells();
  const auto write = [&](auto* offsets, auto* connectivity) {
    const auto* offset = offsets->GetPointer(0);
    bool triangles = true;
    if (cells > 0) {
#pragma omp parallel for schedule(static) reduction(&& : triangles)
      for (std::int64_t c = 0; c <= cells; ++c) triangles = triangles && offset[c] == 3 * c;
    }
    if (!triangles) {
      throw InvalidArgument("WriteStl: '" + file.string() +
                            "': the surface has polygons that are not triangles");
    }
    WriteStlArrays(points, numberOfPoints, cells ? connectivity->GetPointer(0) : nullptr, cells,
                   file);
  };
  if (polys->IsStorage64Bit())
    write(polys->GetOffsetsArray64(), polys->GetConnectivityArray64());
  else
    write(polys->GetOffsetsArray32(), polys->GetConnectivityArray32());
}

} // namespace

void WriteStl(vtkPolyData* surface, const std::filesystem::path& file) {
  if (!surface) throw InvalidArgument("WriteStl: no surface for '" + file.string() + "'");
  if (surface->GetNumberOfStrips() > 0) {
    throw InvalidArgument("WriteStl: '" + file.string() +
                          "': the surface has triangle strips (vtkTriangleFilter makes triangles)");
  }
  const std::int64_t numberOfPoints = surface->GetNumberOfPoints();
  vtkDataArray* data = surface->GetPoints() ? surface->GetPoints()->GetData() : nullptr;
  if (!data || numberOfPoints == 0) {
    const float* none = nullptr;
    return WriteStlCells(none, 0, surface->GetPolys(), file);
  }
  if (data->GetDataType() == VTK_FLOAT && data->HasStandardMemoryLayout())
    return WriteStlCells(static_cast<const float*>(data->GetVoidPointer(0)), numberOfPoints,
                         surface->GetPolys(), file);
  vtkSmartPointer<vtkDataArray> doubles = data;
  if (data->GetDataType() != VTK_DOUBLE || !data->HasStandardMemoryLayout()) {
    doubles = vtkSmartPointer<vtkDoubleArray>::New();
    doubles->DeepCopy(data);
  }
  WriteStlCells(static_cast<const double*>(doubles->GetVoidPointer(0)), numberOfPoints,
                surface->GetPolys(), file);
}

void WriteStl(const SurfaceMesh& mesh, const std::filesystem::path& file) {
  WriteStlArrays(mesh.points.data(), mesh.numberOfPoints(), mesh.triangles.data(),
                 mesh.numberOfTriangles(), file);
}

} // namespace cumed::meshio
