// PIV in a VTK pipeline: two frames -> vtkCuMedPIVFilter -> arrows (vtkGlyph3D) coloured by
// magnitude. Exit 0 when every arrow shows the frames' shift of (2, 1) px.
#include <cumed/piv/vtkCuMedPIVFilter.h>

#include <vtkArrowSource.h>
#include <vtkFloatArray.h>
#include <vtkGlyph3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>

#include <cmath>
#include <iostream>
#include <random>

// Gaussian particles at random positions, moved by (dx, dy) px.
void Render(vtkImageData* frame, double dx, double dy) {
  frame->SetDimensions(128, 128, 1);
  vtkNew<vtkFloatArray> pixels;
  pixels->SetNumberOfValues(128 * 128);
  pixels->Fill(0);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> position(-8, 136); // beyond the edges: particles enter
  for (int p = 0; p < 900; ++p) {
    const double px = position(random) + dx, py = position(random) + dy;
    for (int y = int(py) - 3; y <= int(py) + 3; ++y)
      for (int x = int(px) - 3; x <= int(px) + 3; ++x)
        if (x >= 0 && y >= 0 && x < 128 && y < 128)
          pixels->SetValue(y * 128 + x,
                           pixels->GetValue(y * 128 + x) +
                               200 * std::exp(-((x - px) * (x - px) + (y - py) * (y - py)) / 0.8));
  }
  frame->GetPointData()->SetScalars(pixels);
}

int main() {
  vtkNew<vtkImageData> first, second;
  Render(first, 0, 0);
  Render(second, 2, 1);

  vtkNew<vtkCuMedPIVFilter> piv;
  piv->SetInputData(first);
  piv->SetSecondFrameData(second);
  cumed::piv::PivOptions options;
  options.windowSizes = {32, 16}; // two passes, the second with deformed windows
  piv->SetPivOptions(options);
  piv->Update();

  vtkNew<vtkArrowSource> arrow;
  vtkNew<vtkGlyph3D> glyphs; // one arrow per vector, scaled by the velocity, coloured by magnitude
  glyphs->SetInputConnection(piv->GetOutputPort());
  glyphs->SetSourceConnection(arrow->GetOutputPort());
  glyphs->SetVectorModeToUseVector();
  glyphs->SetScaleModeToScaleByVector();
  glyphs->SetColorModeToColorByScalar();
  glyphs->SetScaleFactor(4.0);
  glyphs->Update(); // hand glyphs->GetOutputPort() to a vtkPolyDataMapper to draw them

  vtkDataArray* velocity = piv->GetOutput()->GetPointData()->GetArray("velocity");
  int wrong = 0;
  for (vtkIdType i = 0; i < velocity->GetNumberOfTuples(); ++i)
    if (std::abs(velocity->GetComponent(i, 0) - 2) > 0.1 ||
        std::abs(velocity->GetComponent(i, 1) - 1) > 0.1)
      ++wrong;
  std::cout << velocity->GetNumberOfTuples() << " vectors (" << wrong << " off by > 0.1 px), "
            << glyphs->GetOutput()->GetNumberOfPoints() << " arrow points, backend "
            << cumed::ToString(piv->GetLastBackend()) << "\n";
  return wrong == 0 && glyphs->GetOutput()->GetNumberOfPoints() > 0 ? 0 : 1;
}
