#pragma once
// Opt-in drop-in for unmodified VTK code: after cumed::RegisterVtkOverrides(),
// vtkFlyingEdges3D::New() returns a vtkCuMedFlyingEdges3D and vtkDiscreteFlyingEdges3D::New() a
// vtkCuMedDiscreteFlyingEdges3D (backend Auto), through VTK's object factory.
//
// VTK's New() consults the object factory only when VTK was built with
// VTK_ALL_NEW_OBJECT_FACTORY; Debian's VTK 9.1 is not. Link CuMed::SurfaceVtkFactoryNew into the
// executable: it defines those two New() functions as such a VTK would (factory first, else VTK's
// class), and the dynamic linker prefers the executable's definition over libvtkFiltersCore's and
// libvtkFiltersGeneral's, for calls from VTK's libraries too. See Documentation/platform.md.
namespace cumed {

/// Registers vtkCuMedSurfaceFactory with VTK (once; again after UnregisterVtkOverrides).
/// Returns whether vtkFlyingEdges3D::New() now returns CuMed's filter: false when neither
/// CuMed::SurfaceVtkFactoryNew is linked into the executable nor VTK was built with
/// VTK_ALL_NEW_OBJECT_FACTORY (then only vtkObjectFactory::CreateInstance sees the overrides).
bool RegisterVtkOverrides();

/// Unregisters it: New() returns VTK's own filters again. Filters already made are unchanged.
void UnregisterVtkOverrides();

} // namespace cumed
