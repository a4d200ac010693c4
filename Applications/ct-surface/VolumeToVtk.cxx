#include "VolumeToVtk.h"

#include <vtkImageData.h>
#include <vtkMatrix4x4.h>
#include <vtkPointData.h>
#include <vtkShortArray.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace cumed::ctsurface {

bool HasIdentityDirection(const HounsfieldImage* image) {
  const auto& direction = image->GetDirection();
  for (unsigned r = 0; r < 3; ++r)
    for (unsigned c = 0; c < 3; ++c)
      if (std::abs(direction[r][c] - (r == c ? 1.0 : 0.0)) > 1e-6) return false;
  return true;
}

vtkSmartPointer<vtkImageData> ToPaddedVtkImage(const HounsfieldImage* image) {
  static_assert(std::is_same_v<HounsfieldImage::PixelType, std::int16_t>);
  const auto region = image->GetLargestPossibleRegion();
  if (image->GetBufferedRegion() != region) {
    throw cumed::InvalidArgument("ToPaddedVtkImage: the image holds only part of its region");
  }
  const auto size = region.GetSize();
  const int nx = static_cast<int>(size[0]);
  const int ny = static_cast<int>(size[1]);
  const int nz = static_cast<int>(size[2]);

  auto padded = vtkSmartPointer<vtkImageData>::New();
  padded->SetExtent(-1, nx, -1, ny, -1, nz);
  padded->SetSpacing(image->GetSpacing()[0], image->GetSpacing()[1], image->GetSpacing()[2]);
  if (HasIdentityDirection(image)) {
    padded->SetOrigin(image->GetOrigin()[0], image->GetOrigin()[1], image->GetOrigin()[2]);
  } else {
    padded->SetOrigin(0.0, 0.0, 0.0);
  }

  const vtkIdType px = nx + 2, py = ny + 2, pz = nz + 2;
  vtkNew<vtkShortArray> values;
  values->SetName("HU");
  values->SetNumberOfValues(px * py * pz);
  std::int16_t* out = values->GetPointer(0);
  std::fill(out, out + px * py * pz, std::numeric_limits<std::int16_t>::lowest());
  // ITK's buffer is x fastest, then y, then z, like VTK's; copy row by row into the interior.
  const std::int16_t* in = image->GetBufferPointer();
  for (int z = 0; z < nz; ++z) {
    for (int y = 0; y < ny; ++y) {
      const std::int16_t* row = in + (static_cast<vtkIdType>(z) * ny + y) * nx;
      std::int16_t* target = out + ((z + 1) * py + (y + 1)) * px + 1;
      std::copy(row, row + nx, target);
    }
  }
  padded->GetPointData()->SetScalars(values);
  return padded;
}

vtkSmartPointer<vtkMatrix4x4> IndexSpaceToPatient(const HounsfieldImage* image) {
  auto matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  const auto& direction = image->GetDirection();
  const auto& origin = image->GetOrigin();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) matrix->SetElement(r, c, direction[r][c]);
    matrix->SetElement(r, 3, origin[r]);
  }
  return matrix;
}

} // namespace cumed::ctsurface
