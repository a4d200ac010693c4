// A program written only with VTK's names, as existing user code is, linked with
// CuMed::SurfaceVtkFactoryNew. After cumed::RegisterVtkOverrides(), vtkNew<vtkFlyingEdges3D> and
// vtkFlyingEdges3D::New() (and the discrete filter's) must give CuMed's filters, which run CuMed
// (PrintSelf shows "LastBackend: cpu" or "cuda") and make as many points and triangles as VTK's;
// so must NewInstance() of a VTK-made filter, which libvtkFiltersCore itself calls New() for; a
// request CuMed leaves to VTK must run VTK's code on the same object (no second filter made);
// after cumed::UnregisterVtkOverrides() New() gives VTK's class again. Exit 0 when all hold.
#include <cumed/surface/VtkOverrides.h>

#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkDoubleArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkShortArray.h>
#include <vtkSmartPointer.h>

#include <cmath>
#include <iostream>
#include <sstream>
#include <string>

namespace {

int failures = 0;

void Check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:     " : "FAILED: ") << what << "\n";
  failures += ok ? 0 : 1;
}

// A 40 x 36 x 32 CT-like field: a rippled ball of 1000 in 0, and two labelled ellipsoids.
vtkSmartPointer<vtkImageData> MakeImage(bool labels, bool asDouble) {
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->SetDimensions(40, 36, 32);
  image->SetSpacing(0.8, 0.9, 1.25);
  vtkSmartPointer<vtkDataArray> values;
  if (asDouble) {
    values = vtkSmartPointer<vtkDoubleArray>::New();
  } else {
    values = vtkSmartPointer<vtkShortArray>::New();
  }
  values->SetName("ct");
  values->SetNumberOfTuples(image->GetNumberOfPoints());
  vtkIdType id = 0;
  for (int z = 0; z < 32; ++z) {
    for (int y = 0; y < 36; ++y) {
      for (int x = 0; x < 40; ++x, ++id) {
        const double r =
            std::sqrt((x - 19.5) * (x - 19.5) + (y - 17.0) * (y - 17.0) + (z - 15.0) * (z - 15.0));
        double v = (r < 11.0 + 2.0 * std::sin(0.7 * x) * std::cos(0.5 * z)) ? 1000.0 : 0.0;
        if (labels) {
          v = ((x - 12) * (x - 12) / 49.0 + (y - 17) * (y - 17) / 100.0 +
                   (z - 15) * (z - 15) / 64.0 <
               1)
                  ? 1.0
              : ((x - 27) * (x - 27) / 36.0 + (y - 17) * (y - 17) / 81.0 +
                     (z - 16) * (z - 16) / 49.0 <
                 1)
                  ? 2.0
                  : 0.0;
        }
        values->SetTuple1(id, v);
      }
    }
  }
  image->GetPointData()->SetScalars(values);
  return image;
}

struct Counts {
  vtkIdType points = -1;
  vtkIdType triangles = -1;
  bool operator==(const Counts& o) const { return points == o.points && triangles == o.triangles; }
};

std::ostream& operator<<(std::ostream& os, const Counts& c) {
  return os << c.points << " points, " << c.triangles << " triangles";
}

// ---- unmodified VTK code: the same calls whether or not CuMed's overrides are registered ----
template <class TFilter> Counts Contour(TFilter* filter, vtkImageData* image, int contours) {
  filter->SetInputData(image);
  filter->SetNumberOfContours(contours);
  for (int c = 0; c < contours; ++c) filter->SetValue(c, contours == 1 ? 500.0 : c + 1.0);
  filter->ComputeNormalsOn();
  filter->Update();
  return {filter->GetOutput()->GetNumberOfPoints(), filter->GetOutput()->GetNumberOfPolys()};
}

Counts ContourWithVtkNew(vtkImageData* image) {
  vtkNew<vtkFlyingEdges3D> contour;
  return Contour(contour.Get(), image, 1);
}
// ---- end of VTK code ----

std::string Printed(vtkObject* object) {
  std::ostringstream printed;
  object->Print(printed);
  return printed.str();
}

bool RanCuMed(vtkObject* filter) {
  const std::string p = Printed(filter);
  return p.find("LastBackend: cpu") != std::string::npos ||
         p.find("LastBackend: cuda") != std::string::npos;
}

} // namespace

int main() {
  const auto ct = MakeImage(false, false);
  const auto labels = MakeImage(true, false);
  const auto ctAsDouble = MakeImage(false, true);

  // Before registration: VTK's own classes.
  const auto vtkMade = vtkSmartPointer<vtkFlyingEdges3D>::Take(vtkFlyingEdges3D::New());
  Check(std::string(vtkMade->GetClassName()) == "vtkFlyingEdges3D",
        std::string("unregistered: vtkFlyingEdges3D::New() is VTK's (") + vtkMade->GetClassName() +
            ")");
  const Counts vtkCounts = ContourWithVtkNew(ct);
  const auto vtkDiscrete =
      vtkSmartPointer<vtkDiscreteFlyingEdges3D>::Take(vtkDiscreteFlyingEdges3D::New());
  Check(std::string(vtkDiscrete->GetClassName()) == "vtkDiscreteFlyingEdges3D",
        "unregistered: vtkDiscreteFlyingEdges3D::New() is VTK's");
  const Counts vtkLabelCounts = Contour(vtkDiscrete.Get(), labels, 2);
  const auto vtkFallback = vtkSmartPointer<vtkFlyingEdges3D>::Take(vtkFlyingEdges3D::New());
  const Counts vtkDoubleCounts = Contour(vtkFallback.Get(), ctAsDouble, 1);
  Check(vtkCounts.triangles > 1000 && vtkLabelCounts.triangles > 1000,
        "VTK's surfaces are not empty");

  // Registered: the same VTK calls give CuMed's filters and CuMed runs.
  Check(cumed::RegisterVtkOverrides(),
        "RegisterVtkOverrides() reports that vtkFlyingEdges3D::New() consults the factory");
  {
    vtkNew<vtkFlyingEdges3D> contour;
    Check(contour->IsA("vtkCuMedFlyingEdges3D") != 0,
          std::string("vtkNew<vtkFlyingEdges3D> is CuMed's (") + contour->GetClassName() + ")");
    const Counts counts = Contour(contour.Get(), ct, 1);
    Check(RanCuMed(contour), "vtkNew<vtkFlyingEdges3D> ran CuMed");
    std::ostringstream what;
    what << "same surface size as VTK's: " << counts << " vs " << vtkCounts;
    Check(counts == vtkCounts, what.str());
  }
  {
    const auto contour =
        vtkSmartPointer<vtkDiscreteFlyingEdges3D>::Take(vtkDiscreteFlyingEdges3D::New());
    Check(contour->IsA("vtkCuMedDiscreteFlyingEdges3D") != 0,
          std::string("vtkDiscreteFlyingEdges3D::New() is CuMed's (") + contour->GetClassName() +
              ")");
    const Counts counts = Contour(contour.Get(), labels, 2);
    Check(RanCuMed(contour), "vtkDiscreteFlyingEdges3D::New() ran CuMed");
    std::ostringstream what;
    what << "same label surface size as VTK's: " << counts << " vs " << vtkLabelCounts;
    Check(counts == vtkLabelCounts, what.str());
  }
  {
    // NewInstance() of a filter VTK made runs vtkFlyingEdges3D::NewInstanceInternal inside
    // libvtkFiltersCore, whose call to New() goes through that library's PLT.
    const auto fromVtk = vtkSmartPointer<vtkFlyingEdges3D>::Take(vtkMade->NewInstance());
    Check(fromVtk->IsA("vtkCuMedFlyingEdges3D") != 0,
          std::string("libvtkFiltersCore's own New() call (NewInstance) is CuMed's (") +
              fromVtk->GetClassName() + ")");
  }
  {
    // Double scalars are left to VTK: VTK's code runs on the CuMed object, which must not make
    // another filter (that would be CuMed's again, and recurse).
    vtkObject::GlobalWarningDisplayOff(); // the fallback's warning is expected here
    vtkNew<vtkFlyingEdges3D> contour;
    const Counts counts = Contour(contour.Get(), ctAsDouble, 1);
    vtkObject::GlobalWarningDisplayOn();
    Check(Printed(contour).find("LastBackend: vtk") != std::string::npos,
          "a request left to VTK ran VTK's code (LastBackend: vtk)");
    std::ostringstream what;
    what << "... with VTK's surface: " << counts << " vs " << vtkDoubleCounts;
    Check(counts == vtkDoubleCounts, what.str());
  }
  Check(vtkObjectFactory::CreateInstance("vtkCuMedFlyingEdges3D") == nullptr,
        "no override is keyed on CuMed's own class");

  // Unregistered: VTK's classes again; registering twice is harmless.
  cumed::UnregisterVtkOverrides();
  {
    vtkNew<vtkFlyingEdges3D> contour;
    Check(std::string(contour->GetClassName()) == "vtkFlyingEdges3D",
          std::string("after UnregisterVtkOverrides: VTK's (") + contour->GetClassName() + ")");
    Check(!(Contour(contour.Get(), ct, 1) == Counts{}) && !RanCuMed(contour),
          "... and it runs VTK's code");
    const auto discrete =
        vtkSmartPointer<vtkDiscreteFlyingEdges3D>::Take(vtkDiscreteFlyingEdges3D::New());
    Check(std::string(discrete->GetClassName()) == "vtkDiscreteFlyingEdges3D",
          "after UnregisterVtkOverrides: vtkDiscreteFlyingEdges3D::New() is VTK's");
  }
  Check(cumed::RegisterVtkOverrides() && cumed::RegisterVtkOverrides(),
        "registering again (twice) works");
  cumed::UnregisterVtkOverrides();
  cumed::UnregisterVtkOverrides();

  std::cout << "vtk-only program: " << (failures == 0 ? "all checks passed" : "checks failed")
            << "\n";
  return failures == 0 ? 0 : 1;
}
