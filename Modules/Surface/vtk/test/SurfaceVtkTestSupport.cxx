#include "SurfaceVtkTestSupport.h"

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkMath.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointLocator.h>
#include <vtkPoints.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace cumed::surfacevtktest {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::array<double, 9> Multiply(const std::array<double, 9>& a, const std::array<double, 9>& b) {
  std::array<double, 9> m{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) m[3 * r + c] += a[3 * r + k] * b[3 * k + c];
  return m;
}

// Fills a new array of `vtkType` with f(i, j, k) over the image's points (local indices).
template <class F>
vtkDataArray* AddField(vtkImageData* image, int vtkType, const std::string& name, bool active,
                       F&& f) {
  int dims[3];
  image->GetDimensions(dims);
  vtkSmartPointer<vtkDataArray> array =
      vtkSmartPointer<vtkDataArray>::Take(vtkDataArray::CreateDataArray(vtkType));
  array->SetName(name.c_str());
  array->SetNumberOfComponents(1);
  array->SetNumberOfTuples(image->GetNumberOfPoints());
  vtkIdType id = 0;
  for (int k = 0; k < dims[2]; ++k)
    for (int j = 0; j < dims[1]; ++j)
      for (int i = 0; i < dims[0]; ++i) array->SetTuple1(id++, f(i, j, k));
  if (active) {
    image->GetPointData()->SetScalars(array);
  } else {
    image->GetPointData()->AddArray(array);
  }
  return array;
}

std::array<vtkIdType, 3> Canonical(vtkIdType a, vtkIdType b, vtkIdType c) {
  // Rotate so the smallest id comes first; the cyclic order (orientation) is kept.
  if (b < a && b < c) return {b, c, a};
  if (c < a && c < b) return {c, a, b};
  return {a, b, c};
}

std::vector<std::array<vtkIdType, 3>> Triangles(vtkPolyData* surface,
                                                const std::vector<vtkIdType>* map) {
  std::vector<std::array<vtkIdType, 3>> triangles;
  vtkCellArray* polys = surface->GetPolys();
  vtkIdType n = 0;
  const vtkIdType* ids = nullptr;
  for (polys->InitTraversal(); polys->GetNextCell(n, ids);) {
    if (n != 3) continue;
    auto id = [&](int v) { return map ? (*map)[ids[v]] : ids[v]; };
    triangles.push_back(Canonical(id(0), id(1), id(2)));
  }
  std::sort(triangles.begin(), triangles.end());
  return triangles;
}

std::vector<double> BlockKeys(vtkPolyData* surface, const std::string& scalarName) {
  std::vector<double> keys(surface->GetNumberOfPoints(), 0.0);
  if (scalarName.empty()) return keys;
  vtkDataArray* scalars = surface->GetPointData()->GetArray(scalarName.c_str());
  if (!scalars) return {};
  for (vtkIdType i = 0; i < surface->GetNumberOfPoints(); ++i) keys[i] = scalars->GetTuple1(i);
  return keys;
}

// The expected points of one contour value's block, with a locator over them.
struct Block {
  std::vector<vtkIdType> ids; ///< block-local -> expected point id
  vtkSmartPointer<vtkPolyData> points;
  vtkSmartPointer<vtkPointLocator> locator;
  std::vector<bool> used;
};

} // namespace

std::array<double, 9> TiltedDirection(bool reflect) {
  const double z = 30.0 * kPi / 180.0, x = 20.0 * kPi / 180.0;
  const std::array<double, 9> aboutZ{
      std::cos(z), -std::sin(z), 0, std::sin(z), std::cos(z), 0, 0, 0, 1};
  const std::array<double, 9> aboutX{1, 0,           0,          0, std::cos(x), -std::sin(x),
                                     0, std::sin(x), std::cos(x)};
  const std::array<double, 9> flip{1, 0, 0, 0, 1, 0, 0, 0, reflect ? -1.0 : 1.0};
  return Multiply(Multiply(aboutZ, aboutX), flip);
}

vtkSmartPointer<vtkImageData> MakeImage(const Grid& grid) {
  auto image = vtkSmartPointer<vtkImageData>::New();
  std::array<int, 6> extent = grid.extent;
  image->SetExtent(extent.data());
  image->SetSpacing(grid.spacing.data());
  image->SetOrigin(grid.origin.data());
  image->SetDirectionMatrix(grid.direction.data());
  return image;
}

vtkDataArray* AddSmoothField(vtkImageData* image, int vtkType, const std::string& name,
                             unsigned seed, bool active, double scale, double offset) {
  int dims[3];
  image->GetDimensions(dims);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Blob {
    double c[3], sigma, amplitude;
  };
  std::vector<Blob> blobs(7);
  for (Blob& blob : blobs) {
    for (int a = 0; a < 3; ++a) blob.c[a] = (0.1 + 0.8 * unit(random)) * (dims[a] - 1);
    blob.sigma = 2.5 + 4.0 * unit(random);
    blob.amplitude = (unit(random) < 0.7 ? 1.0 : -1.0) * (500.0 + 500.0 * unit(random));
  }
  const double phase = 2.0 * kPi * unit(random);
  const bool integral = vtkType != VTK_FLOAT && vtkType != VTK_DOUBLE;
  return AddField(image, vtkType, name, active, [&](int i, int j, int k) {
    double value = 150.0 * std::sin(0.21 * i + 0.13 * j + phase) * std::cos(0.17 * k) - 300.0;
    for (const Blob& blob : blobs) {
      const double d2 = (i - blob.c[0]) * (i - blob.c[0]) + (j - blob.c[1]) * (j - blob.c[1]) +
                        (k - blob.c[2]) * (k - blob.c[2]);
      value += blob.amplitude * std::exp(-d2 / (2.0 * blob.sigma * blob.sigma));
    }
    value = offset + scale * value;
    return integral ? std::round(value) : value;
  });
}

vtkDataArray* AddLabelField(vtkImageData* image, int vtkType, int labels, unsigned seed) {
  int dims[3];
  image->GetDimensions(dims);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Ellipsoid {
    double c[3], r[3];
  };
  std::vector<Ellipsoid> shapes(labels);
  for (Ellipsoid& shape : shapes) {
    for (int a = 0; a < 3; ++a) {
      shape.c[a] = (0.2 + 0.6 * unit(random)) * (dims[a] - 1);
      shape.r[a] = (0.15 + 0.2 * unit(random)) * (dims[a] - 1);
    }
  }
  return AddField(image, vtkType, "labels", true, [&](int i, int j, int k) {
    double label = 0.0;
    for (int l = 0; l < labels; ++l) {
      const Ellipsoid& e = shapes[l];
      const double q = std::pow((i - e.c[0]) / e.r[0], 2) + std::pow((j - e.c[1]) / e.r[1], 2) +
                       std::pow((k - e.c[2]) / e.r[2], 2);
      if (q <= 1.0) label = l + 1;
    }
    return label;
  });
}

vtkSmartPointer<vtkPolyData> RunFilter(vtkAlgorithm* filter) {
  filter->Update();
  auto copy = vtkSmartPointer<vtkPolyData>::New();
  copy->DeepCopy(vtkPolyData::SafeDownCast(filter->GetOutputDataObject(0)));
  return copy;
}

SurfaceComparison CompareSurfaces(vtkPolyData* actual, vtkPolyData* expected, double tolerance,
                                  const std::string& scalarName) {
  SurfaceComparison result;
  std::ostringstream problem;
  const vtkIdType n = actual->GetNumberOfPoints();
  if (n != expected->GetNumberOfPoints() ||
      actual->GetNumberOfPolys() != expected->GetNumberOfPolys()) {
    problem << "actual has " << n << " points and " << actual->GetNumberOfPolys()
            << " triangles, expected " << expected->GetNumberOfPoints() << " and "
            << expected->GetNumberOfPolys();
    result.problem = problem.str();
    return result;
  }
  const std::vector<double> actualKeys = BlockKeys(actual, scalarName);
  const std::vector<double> expectedKeys = BlockKeys(expected, scalarName);
  if (actualKeys.size() != static_cast<std::size_t>(n) ||
      expectedKeys.size() != static_cast<std::size_t>(n)) {
    result.problem = "point array '" + scalarName + "' missing";
    return result;
  }

  std::map<double, Block> blocks;
  for (vtkIdType i = 0; i < n; ++i) blocks[expectedKeys[i]].ids.push_back(i);
  for (auto& [key, block] : blocks) {
    vtkNew<vtkPoints> points;
    for (vtkIdType id : block.ids) points->InsertNextPoint(expected->GetPoint(id));
    block.points = vtkSmartPointer<vtkPolyData>::New();
    block.points->SetPoints(points);
    block.locator = vtkSmartPointer<vtkPointLocator>::New();
    block.locator->SetDataSet(block.points);
    block.locator->BuildLocator();
    block.used.assign(block.ids.size(), false);
  }

  result.toExpected.assign(n, -1);
  vtkNew<vtkIdList> nearest;
  for (vtkIdType i = 0; i < n; ++i) {
    const auto found = blocks.find(actualKeys[i]);
    double x[3];
    actual->GetPoint(i, x);
    if (found == blocks.end()) {
      problem << "actual point " << i << " has contour value " << actualKeys[i]
              << ", which no expected point has";
      result.problem = problem.str();
      return result;
    }
    Block& block = found->second;
    block.locator->FindClosestNPoints(3, x, nearest);
    vtkIdType match = -1;
    double closest = std::numeric_limits<double>::infinity();
    for (vtkIdType c = 0; c < nearest->GetNumberOfIds(); ++c) {
      const vtkIdType local = nearest->GetId(c);
      double y[3];
      block.points->GetPoint(local, y);
      const double distance = std::sqrt(vtkMath::Distance2BetweenPoints(x, y));
      closest = std::min(closest, distance);
      if (!block.used[local] && distance <= tolerance) {
        match = local;
        break;
      }
    }
    if (match < 0) {
      problem << "actual point " << i << " (" << x[0] << ", " << x[1] << ", " << x[2]
              << ") has no unmatched expected point within " << tolerance << " (closest at "
              << closest << ")";
      result.problem = problem.str();
      return result;
    }
    block.used[match] = true;
    result.toExpected[i] = block.ids[match];
  }

  const auto actualTriangles = Triangles(actual, &result.toExpected);
  const auto expectedTriangles = Triangles(expected, nullptr);
  if (actualTriangles != expectedTriangles) {
    std::size_t differing = 0;
    for (std::size_t t = 0; t < std::min(actualTriangles.size(), expectedTriangles.size()); ++t) {
      differing += actualTriangles[t] != expectedTriangles[t];
    }
    problem << differing << " of " << expectedTriangles.size()
            << " sorted triangles differ after mapping the points (orientation included)";
    result.problem = problem.str();
  }
  return result;
}

bool InVtkOrder(const SurfaceComparison& comparison) {
  for (std::size_t i = 0; i < comparison.toExpected.size(); ++i)
    if (comparison.toExpected[i] != static_cast<vtkIdType>(i)) return false;
  return true;
}

double MaxDifference(vtkDataArray* actual, vtkDataArray* expected,
                     const std::vector<vtkIdType>& toExpected) {
  if (!actual || !expected ||
      actual->GetNumberOfComponents() != expected->GetNumberOfComponents() ||
      actual->GetNumberOfTuples() != expected->GetNumberOfTuples() ||
      static_cast<std::size_t>(actual->GetNumberOfTuples()) != toExpected.size()) {
    return std::numeric_limits<double>::infinity();
  }
  double largest = 0.0;
  for (vtkIdType i = 0; i < actual->GetNumberOfTuples(); ++i) {
    for (int c = 0; c < actual->GetNumberOfComponents(); ++c) {
      largest = std::max(
          largest, std::abs(actual->GetComponent(i, c) - expected->GetComponent(toExpected[i], c)));
    }
  }
  return largest;
}

namespace {

using TriangleKey = std::array<vtkIdType, 3>;

/// A surface's triangles as `whole`'s point ids (each vertex located within `tolerance`), rotated
/// so the smallest id comes first; `problem` names the first vertex that is no point of `whole`.
std::set<TriangleKey> TrianglesIn(vtkPolyData* surface, vtkPolyData* whole,
                                  vtkPointLocator* locator, double tolerance,
                                  std::string& problem) {
  std::set<TriangleKey> keys;
  vtkNew<vtkIdList> cell;
  vtkCellArray* polys = surface->GetPolys();
  for (vtkIdType c = 0; c < polys->GetNumberOfCells(); ++c) {
    polys->GetCellAtId(c, cell);
    TriangleKey key{};
    for (int v = 0; v < 3; ++v) {
      double p[3];
      surface->GetPoint(cell->GetId(v), p);
      double distance2 = 0.0;
      key[v] = locator->FindClosestPointWithinRadius(tolerance, p, distance2);
      if (key[v] < 0 && problem.empty()) {
        std::ostringstream text;
        text << "triangle " << c << " has a vertex (" << p[0] << ", " << p[1] << ", " << p[2]
             << ") that is no point of the whole surface (" << whole->GetNumberOfPoints()
             << " points)";
        problem = text.str();
      }
    }
    std::rotate(key.begin(), std::min_element(key.begin(), key.end()), key.end());
    keys.insert(key);
  }
  return keys;
}

} // namespace

std::string PiecesCoverWhole(const std::vector<vtkSmartPointer<vtkPolyData>>& pieces,
                             vtkPolyData* whole, double tolerance) {
  vtkNew<vtkPointLocator> locator;
  locator->SetDataSet(whole);
  locator->BuildLocator();
  std::string problem;
  std::set<TriangleKey> unionOfPieces;
  for (const auto& piece : pieces) {
    const auto keys = TrianglesIn(piece, whole, locator, tolerance, problem);
    unionOfPieces.insert(keys.begin(), keys.end());
  }
  const auto wholeKeys = TrianglesIn(whole, whole, locator, tolerance, problem);
  if (!problem.empty()) return problem;
  if (wholeKeys.size() != static_cast<std::size_t>(whole->GetNumberOfPolys())) {
    return "the whole surface repeats a triangle";
  }
  if (unionOfPieces != wholeKeys) {
    std::size_t missing = 0;
    for (const TriangleKey& key : wholeKeys) missing += unionOfPieces.count(key) ? 0 : 1;
    std::ostringstream text;
    text << "the pieces hold " << unionOfPieces.size() << " distinct triangles, the whole surface "
         << wholeKeys.size() << " (" << missing << " of these missing)";
    return text.str();
  }
  return "";
}

bool SameValues(vtkDataArray* a, vtkDataArray* b) {
  if (!a || !b || a->GetNumberOfComponents() != b->GetNumberOfComponents() ||
      a->GetNumberOfTuples() != b->GetNumberOfTuples()) {
    return false;
  }
  for (vtkIdType i = 0; i < a->GetNumberOfTuples(); ++i) {
    for (int c = 0; c < a->GetNumberOfComponents(); ++c) {
      if (a->GetComponent(i, c) != b->GetComponent(i, c)) return false;
    }
  }
  return true;
}

} // namespace cumed::surfacevtktest
