// cumed._cumed.piv: particle image velocimetry on 2D frames (the Python layer, cumed/piv.py,
// holds the public signatures and documentation). The field always comes back on the host
// (ComputePiv downloads it); its arrays are NumPy views of the PivField CuMed filled, no copies.
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"
#include "Keywords.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/piv/DerivedFields.h"
#include "cumed/piv/Piv.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace cumed::python {

namespace {

using namespace cumed::piv;

/// The enum value whose ToString() is `name` ('_' and '-' alike); the error names the option
/// and the known values.
template <class Enum> Enum ParseName(std::string name, Enum last, const char* option) {
  std::replace(name.begin(), name.end(), '_', '-');
  std::string known;
  for (int value = 0; value <= int(last); ++value) {
    const std::string text = ToString(Enum(value));
    if (text == name) return Enum(value);
    known += (known.empty() ? "" : ", ") + text;
  }
  throw InvalidArgument(std::string(option) + ": unknown value '" + name + "' (known: " + known +
                        ")");
}

/// The options of a call as the Python layer passes them (keyword names of cumed.piv.piv).
struct PivArguments {
  std::vector<int> window{32};
  double overlap = 0.5;
  int search = 0;
  bool removeMean = true;
  bool normalized = false;
  bool zeroPadding = false;
  std::string subpixel = "gaussian";
  std::string pairLossCorrection = "first";
  std::string deformation = "lanczos";
  int predictorSmoothing = 1;
  bool medianTest = true;
  double medianThreshold = 2.0;
  double medianEpsilon = 0.1;
  int medianRadius = 1;
  double minPeakRatio = 0.0;
  std::vector<double> limits; ///< empty or (umin, umax, vmin, vmax)
  std::string replacement = "median";
  int replacementIterations = 10;
};

PivOptions MakeOptions(const PivArguments& a) {
  PivOptions o;
  o.windowSizes = a.window;
  o.overlap = a.overlap;
  o.searchExtension = a.search;
  o.removeMean = a.removeMean;
  o.normalizedCorrelation = a.normalized;
  o.zeroPadding = a.zeroPadding;
  o.subPixel = ParseName(a.subpixel, SubPixelFit::Parabolic, "subpixel");
  o.pairLossCorrection =
      ParseName(a.pairLossCorrection, PairLossCorrection::AllPasses, "pair_loss_correction");
  o.deformation = ParseName(a.deformation, Interpolation::Lanczos, "deformation");
  o.predictorSmoothing = a.predictorSmoothing;
  auto& v = o.validation;
  v.medianTest = a.medianTest;
  v.medianThreshold = a.medianThreshold;
  v.medianEpsilon = a.medianEpsilon;
  v.neighbourhoodRadius = a.medianRadius;
  v.minPeakToPeak = a.minPeakRatio;
  if (!a.limits.empty()) {
    if (a.limits.size() != 4)
      throw InvalidArgument("limits needs four values (umin, umax, vmin, vmax) in px, got " +
                            std::to_string(a.limits.size()));
    if (!(a.limits[0] < a.limits[1]) || !(a.limits[2] < a.limits[3]))
      throw InvalidArgument("limits (" + std::to_string(a.limits[0]) + ", " +
                            std::to_string(a.limits[1]) + ", " + std::to_string(a.limits[2]) +
                            ", " + std::to_string(a.limits[3]) +
                            "): each minimum must be below its maximum");
    v.minU = a.limits[0];
    v.maxU = a.limits[1];
    v.minV = a.limits[2];
    v.maxV = a.limits[3];
  }
  v.replacement = ParseName(a.replacement, Replacement::LocalMean, "replacement");
  v.replacementIterations = a.replacementIterations;
  return o;
}

/// Runs `work`, naming the library's option fields in a refusal as this module's keywords
/// ("PIV: validation.medianThreshold = nan ..." -> "PIV: median_threshold = nan ...").
template <class Work> decltype(auto) WithPivKeywords(Work&& work) {
  return WithKeywords({{"validation.medianThreshold", "median_threshold"},
                       {"validation.medianEpsilon", "median_epsilon"},
                       {"validation.neighbourhoodRadius", "median_radius"},
                       {"validation.minPeakToPeak", "min_peak_ratio"},
                       {"validation.minU/maxU", "limits umin/umax"},
                       {"validation.minV/maxV", "limits vmin/vmax"},
                       {"validation.replacementIterations", "replacement_iterations"},
                       {"windowSizes", "window"},
                       {"searchExtension", "search"},
                       {"predictorSmoothing", "predictor_smoothing"}},
                      std::forward<Work>(work));
}

/// A frame adopted as a 2D image: CuMed's PIV messages speak of slices, the Python user of
/// dimensions, so a 3D array is refused here with its shape.
AdoptedArray AdoptFrame(py::handle array, const char* name) {
  auto adopted = AdoptArray(array, GeometryArguments{}, name);
  if (adopted.ndim != 2) {
    const auto& size = adopted.image.geometry().size;
    throw InvalidArgument(std::string(name) + ": PIV takes 2D [y, x] frames, got a 3D array of " +
                          "shape (" + std::to_string(size[2]) + ", " + std::to_string(size[1]) +
                          ", " + std::to_string(size[0]) + ")");
  }
  return adopted;
}

/// The mask adopted next to the frames (the Python layer hands uint8 or bool).
std::optional<AdoptedArray> AdoptMask(py::handle mask, PivOptions& options) {
  if (mask.is_none()) return std::nullopt;
  auto adopted = AdoptFrame(mask, "mask");
  if (adopted.image.pixelType() != PixelType::UInt8)
    throw InvalidArgument(std::string("mask: expected uint8 or bool, got ") +
                          ToString(adopted.image.pixelType()));
  const Image& image = adopted.image;
  options.mask = image.view<std::uint8_t>();
  return adopted;
}

/// The field's arrays as NumPy views [rows, columns] owned by the field, plus its description.
py::dict FieldToDict(std::shared_ptr<PivField> field) {
  py::dict result;
  const std::vector<py::ssize_t> shape{field->rows, field->columns};
  const auto wrap = [&](auto& values, const char* typestr) {
    return WrapBuffer(values.data(), MemoryLocation::Host, shape, typestr, field);
  };
  result["x"] = wrap(field->x, "<f4");
  result["y"] = wrap(field->y, "<f4");
  result["u"] = wrap(field->u, "<f4");
  result["v"] = wrap(field->v, "<f4");
  result["peak"] = wrap(field->peak, "<f4");
  result["second_peak"] = wrap(field->secondPeak, "<f4");
  result["peak_to_peak"] = wrap(field->peakToPeak, "<f4");
  result["peak_to_mean"] = wrap(field->peakToMean, "<f4");
  result["flags"] = wrap(field->flags, "|u1");
  result["window_size"] = field->windowSize;
  result["step"] = field->step;
  result["passes"] = field->passes;
  result["backend"] = std::string(ToString(field->backendUsed));
  result["field"] = py::cast(field);
  return result;
}

py::dict PivBinding(py::handle first, py::handle second, py::handle mask,
                    const PivArguments& arguments, const ExecutionArguments& execution) {
  auto a = AdoptFrame(first, "first");
  auto b = AdoptFrame(second, "second");
  auto options = MakeOptions(arguments);
  const auto adoptedMask = AdoptMask(mask, options);
  const Stream* stream = a.stream ? &*a.stream : (b.stream ? &*b.stream : nullptr);
  CallScope scope(execution, options, stream);
  auto field = std::make_shared<PivField>(WithPivKeywords(
      [&] { return scope.run([&] { return ComputePiv(a.image, b.image, options); }); }));
  return FieldToDict(std::move(field));
}

py::dict EnsembleBinding(py::handle pairs, py::handle mask, const PivArguments& arguments,
                         const ExecutionArguments& execution) {
  std::vector<AdoptedArray> frames;
  for (auto pair : pairs) {
    const auto items = py::list(py::iter(pair));
    const std::string which = "pairs[" + std::to_string(frames.size() / 2) + "]";
    if (items.size() != 2)
      throw InvalidArgument(which + ": a pair needs two frames (first, second), got " +
                            std::to_string(items.size()));
    frames.push_back(AdoptFrame(items[0], (which + "[0]").c_str()));
    frames.push_back(AdoptFrame(items[1], (which + "[1]").c_str()));
  }
  std::vector<ImagePair> imagePairs;
  const Stream* stream = nullptr;
  for (std::size_t i = 0; i < frames.size(); i += 2) {
    imagePairs.push_back({&frames[i].image, &frames[i + 1].image});
    for (std::size_t j = i; j < i + 2 && !stream; ++j)
      if (frames[j].stream) stream = &*frames[j].stream;
  }
  auto options = MakeOptions(arguments);
  const auto adoptedMask = AdoptMask(mask, options);
  CallScope scope(execution, options, stream);
  auto field = std::make_shared<PivField>(WithPivKeywords(
      [&] { return scope.run([&] { return ComputeEnsemblePiv(imagePairs, options); }); }));
  return FieldToDict(std::move(field));
}

/// A copy of `field` validated anew with `arguments`' validation settings (the host pass
/// ComputePiv runs after every pass).
py::dict ValidateBinding(const PivField& field, const PivArguments& arguments) {
  const auto validation = MakeOptions(arguments).validation;
  auto copy = std::make_shared<PivField>(field);
  {
    py::gil_scoped_release release;
    WithPivKeywords([&] { ValidateField(*copy, validation); });
  }
  return FieldToDict(std::move(copy));
}

py::dict DerivedBinding(const PivField& field, double timeBetweenFrames, double pixelSize) {
  PhysicalUnits units;
  units.timeBetweenFrames = timeBetweenFrames;
  units.pixelSize = pixelSize;
  auto derived = std::make_shared<DerivedFields>(
      WithKeywords({{"timeBetweenFrames", "time_between_frames"}, {"pixelSize", "pixel_size"}},
                   [&] { return ComputeDerivedFields(field, units); }));
  const std::vector<py::ssize_t> shape{field.rows, field.columns};
  py::dict result;
  const auto wrap = [&](std::vector<float>& values) {
    return WrapBuffer(values.data(), MemoryLocation::Host, shape, "<f4", derived);
  };
  result["x"] = wrap(derived->x);
  result["y"] = wrap(derived->y);
  result["u"] = wrap(derived->velocityU);
  result["v"] = wrap(derived->velocityV);
  result["magnitude"] = wrap(derived->magnitude);
  result["vorticity"] = wrap(derived->vorticity);
  result["divergence"] = wrap(derived->divergence);
  return result;
}

} // namespace

void BindPiv(py::module_& module) {
  py::class_<PivField, std::shared_ptr<PivField>>(
      module, "Field", "CuMed's PIV field behind a cumed.piv.PivResult's arrays.")
      .def_readonly("columns", &PivField::columns)
      .def_readonly("rows", &PivField::rows);
  py::class_<PivArguments>(module, "Options", "The options of a PIV call (cumed.piv.piv).")
      .def(py::init([](std::vector<int> window, double overlap, int search, bool removeMean,
                       bool normalized, bool zeroPadding, std::string subpixel,
                       std::string pairLossCorrection, std::string deformation,
                       int predictorSmoothing, bool medianTest, double medianThreshold,
                       double medianEpsilon, int medianRadius, double minPeakRatio,
                       std::vector<double> limits, std::string replacement,
                       int replacementIterations) {
             return PivArguments{std::move(window),
                                 overlap,
                                 search,
                                 removeMean,
                                 normalized,
                                 zeroPadding,
                                 std::move(subpixel),
                                 std::move(pairLossCorrection),
                                 std::move(deformation),
                                 predictorSmoothing,
                                 medianTest,
                                 medianThreshold,
                                 medianEpsilon,
                                 medianRadius,
                                 minPeakRatio,
                                 std::move(limits),
                                 std::move(replacement),
                                 replacementIterations};
           }),
           py::arg("window"), py::arg("overlap"), py::arg("search"), py::arg("remove_mean"),
           py::arg("normalized"), py::arg("zero_padding"), py::arg("subpixel"),
           py::arg("pair_loss_correction"), py::arg("deformation"), py::arg("predictor_smoothing"),
           py::arg("median_test"), py::arg("median_threshold"), py::arg("median_epsilon"),
           py::arg("median_radius"), py::arg("min_peak_ratio"), py::arg("limits"),
           py::arg("replacement"), py::arg("replacement_iterations"));
  module.def("piv", &PivBinding, py::arg("first"), py::arg("second"), py::arg("mask"),
             py::arg("options"), py::arg("execution"));
  module.def("ensemble", &EnsembleBinding, py::arg("pairs"), py::arg("mask"), py::arg("options"),
             py::arg("execution"));
  module.def("validate", &ValidateBinding, py::arg("field"), py::arg("options"));
  module.def("derived", &DerivedBinding, py::arg("field"), py::arg("time_between_frames"),
             py::arg("pixel_size"));
}

} // namespace cumed::python
