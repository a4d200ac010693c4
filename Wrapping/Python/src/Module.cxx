// The native extension cumed._cumed: core types and one submodule per CuMed module. The public
// API is the Python package around it (Wrapping/Python/cumed).
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"
#include "cumed/core/Version.h"
#include "cumed/io/LibraryMessageRouting.h"

PYBIND11_MODULE(_cumed, module) {
  using namespace cumed::python;
  module.doc() = "CuMed's native extension; use the cumed package.";
  // GDCM's, DCMTK's and ITK's messages through CuMed's log: counted per DICOM read, shown at
  // debug level (CUMED_LOG_LEVEL=debug). VTK's are left to the user's VTK set-up.
  BindLog(module); // before the routing: its messages are queued too
  cumed::io::RouteLibraryMessages();
  BindCore(module);
  BindDeviceArray(module);
  BindAdoptionProbe(module);
  auto morphology = module.def_submodule("morphology");
  BindMorphology(morphology);
  auto io = module.def_submodule("io");
  BindIO(io);
  BindSeg(io);
  auto registration = module.def_submodule("registration");
  BindRegistration(registration);
  auto piv = module.def_submodule("piv");
  BindPiv(piv);
  auto deform = module.def_submodule("deform");
  BindDeformation(deform);
  auto surface = module.def_submodule("surface");
  BindSurface(surface);
  // cumed.__version__ is the C++ library's (cumed/core/Version.h), so the two cannot drift.
  module.attr("__version__") = cumed::VersionString();
}
