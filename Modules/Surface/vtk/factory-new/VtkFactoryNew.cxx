// CuMed::SurfaceVtkFactoryNew: vtkFlyingEdges3D::New() and vtkDiscreteFlyingEdges3D::New() as VTK
// defines them when built with VTK_ALL_NEW_OBJECT_FACTORY (VTK's own vtkObjectFactoryNewMacro:
// the registered object factories first, else VTK's class). Debian's VTK 9.1 is built without it,
// so its New() never asks the factory. Linked into an executable, these definitions take the
// place of libvtkFiltersCore's and libvtkFiltersGeneral's: the executable comes first in ELF
// symbol lookup, and VTK's libraries call New() through their PLT (they are not linked with
// -Bsymbolic), so their own calls (NewInstance()) come here too. Not for shared libraries: a
// library loaded after VTK's would not take their place.
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkFlyingEdges3D.h>
#include <vtkObjectFactory.h>

vtkObjectFactoryNewMacro(vtkFlyingEdges3D);
vtkObjectFactoryNewMacro(vtkDiscreteFlyingEdges3D);
