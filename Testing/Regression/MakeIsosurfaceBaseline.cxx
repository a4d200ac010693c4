// Writes VTK's isosurface of a DICOM CT series, the baseline of the cumed-isosurface and
// cumed-ct-surface regression tests:
//   make-isosurface-baseline SERIES_DIR ISOVALUE OUTPUT.vtp
// The series is read as cumed-isosurface reads it (cumed::io, int16 HU, patient coordinates) and
// contoured by vtkFlyingEdges3D at the same place (origin, spacing, direction).
#include "cumed/io/DicomSeriesReader.h"

#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkNew.h>
#include <vtkXMLPolyDataWriter.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: make-isosurface-baseline SERIES_DIR ISOVALUE OUTPUT.vtp\n";
    return 2;
  }
  try {
    const auto series = cumed::io::ReadDicomCtSeries(argv[1]);
    const auto* image = series.image.GetPointer();
    const auto size = image->GetLargestPossibleRegion().GetSize();
    vtkNew<vtkImageData> volume;
    volume->SetDimensions(static_cast<int>(size[0]), static_cast<int>(size[1]),
                          static_cast<int>(size[2]));
    volume->SetOrigin(image->GetOrigin().GetDataPointer());
    volume->SetSpacing(image->GetSpacing().GetDataPointer());
    vtkNew<vtkMatrix3x3> direction;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) direction->SetElement(r, c, image->GetDirection()[r][c]);
    volume->SetDirectionMatrix(direction);
    volume->AllocateScalars(VTK_SHORT, 1);
    std::copy_n(image->GetBufferPointer(), image->GetLargestPossibleRegion().GetNumberOfPixels(),
                static_cast<short*>(volume->GetScalarPointer()));

    vtkNew<vtkFlyingEdges3D> contour;
    contour->SetInputData(volume);
    contour->SetValue(0, std::atof(argv[2]));
    contour->ComputeNormalsOff();
    vtkNew<vtkXMLPolyDataWriter> writer;
    writer->SetInputConnection(contour->GetOutputPort());
    writer->SetFileName(argv[3]);
    if (writer->Write() != 1) {
      std::cerr << "make-isosurface-baseline: cannot write " << argv[3] << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "make-isosurface-baseline: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
