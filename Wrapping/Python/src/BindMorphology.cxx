// cumed._cumed.morphology: grayscale and binary morphology on arrays (the Python layer,
// cumed/morphology.py, holds the public signatures and documentation).
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"
#include "NumberArguments.h"

#include "cumed/core/Error.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/ElementLimits.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <pybind11/stl.h>

#include <algorithm>

namespace cumed::python {

namespace {

using namespace cumed::morphology;

/// The enum value whose ToString() is `name` ('_' and '-' alike), e.g. "white_top_hat".
template <class Operation>
Operation ParseOperation(std::string name, Operation last, const char* prefix = "") {
  std::replace(name.begin(), name.end(), '_', '-');
  std::string known;
  for (int value = 0; value <= int(last); ++value) {
    std::string text = ToString(Operation(value));
    if (text.rfind(prefix, 0) == 0) text = text.substr(std::string(prefix).size());
    if (text == name) return Operation(value);
    known += (known.empty() ? "" : ", ") + text;
  }
  throw InvalidArgument("unknown morphology operation '" + name + "' (known: " + known + ")");
}

std::array<int, 3> ParseRadius(py::handle radius) {
  if (py::isinstance<py::int_>(radius) || py::isinstance<py::float_>(radius) ||
      (py::hasattr(radius, "ndim") && py::hasattr(radius, "__float__") &&
       py::int_(radius.attr("ndim")).cast<int>() == 0)) {
    const int r = WholeArgument(radius, "radius");
    return {r, r, r};
  }
  const auto values = SequenceArgument(radius, "radius", "one whole number or three (x, y, z)");
  if (values.size() != 3)
    throw InvalidArgument("radius needs one integer or three (x, y, z), got " +
                          std::to_string(values.size()) + " values");
  return {WholeArgument(values[0], "radius[0]"), WholeArgument(values[1], "radius[1]"),
          WholeArgument(values[2], "radius[2]")};
}

/// The structuring element: a shape name with a radius in voxels (x, y, z) or in millimetres
/// (a ball through the image's spacing), or a [z, y, x] mask array of any odd or even size.
StructuringElement MakeElement(py::handle element, py::handle radius, py::handle radiusMm,
                               const ImageGeometry& geometry) {
  if (!py::isinstance<py::str>(element)) {
    const auto mask =
        py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(element);
    if (!mask || mask.ndim() != 3)
      throw InvalidArgument("element must be 'ball', 'box', 'cross' or a 3D [z, y, x] mask array");
    const std::array<std::size_t, 3> size{std::size_t(mask.shape(2)), std::size_t(mask.shape(1)),
                                          std::size_t(mask.shape(0))};
    if (std::none_of(mask.data(), mask.data() + mask.size(),
                     [](std::uint8_t value) { return value != 0; }))
      throw InvalidArgument("element: the mask array has no non-zero voxel (an empty structuring "
                            "element has no minimum or maximum)");
    return StructuringElement::FromMask(size, {mask.data(), mask.data() + mask.size()});
  }
  const auto shape = element.cast<std::string>();
  if (!radiusMm.is_none()) {
    if (shape != "ball")
      throw InvalidArgument("radius_mm makes a ball; element '" + shape +
                            "' takes radius in voxels");
    const double millimetres = NumberArgument(radiusMm, "radius_mm");
    try {
      return StructuringElement::BallMillimetres(millimetres, geometry.spacing);
    } catch (const InvalidArgument& error) {
      throw InvalidArgument("radius_mm = " + py::repr(radiusMm).cast<std::string>() + ": " +
                            error.what());
    }
  }
  const auto voxels = ParseRadius(radius);
  if (shape == "ball") return StructuringElement::Ball(voxels);
  if (shape == "box") return StructuringElement::Box(voxels);
  if (shape == "cross") return StructuringElement::Cross(voxels);
  throw InvalidArgument("unknown element '" + shape +
                        "' (known: ball, box, cross, or a mask array)");
}

/// The programs' rule (morphology::CheckElementAgainstVolume): an element more than twice the
/// image along an axis is refused, naming the keyword and value that made it. It reaches past
/// the whole image from every voxel and ran for minutes (fuzz 5:22962). Python has no opt-in.
void CheckElementAgainstImage(const StructuringElement& element, py::handle elementArgument,
                              py::handle radius, py::handle radiusMm, const Image& image,
                              int ndim) {
  std::string request;
  if (!py::isinstance<py::str>(elementArgument)) {
    const auto& s = element.size();
    request = "element (a mask array of " + std::to_string(s[0]) + "x" + std::to_string(s[1]) +
              "x" + std::to_string(s[2]) + " voxels)";
  } else if (!radiusMm.is_none()) {
    request = "radius_mm = " + py::str(radiusMm).cast<std::string>();
  } else {
    request = "radius = " + py::str(radius).cast<std::string>();
  }
  auto volume = image.geometry().size;
  // A 2D array is one slice: the element's z reach only meets the boundary there.
  if (ndim == 2) volume[2] = std::max<std::size_t>(volume[2], element.reach()[2] + 1);
  CheckElementAgainstVolume(request, element.reach(), volume, "");
}

py::object GrayscaleBinding(py::handle image, const std::string& operation, py::handle element,
                            py::handle radius, py::handle radiusMm, std::optional<double> boundary,
                            bool safeBorder, const GeometryArguments& geometry,
                            const ExecutionArguments& execution) {
  auto input = AdoptArray(image, geometry, "image");
  const auto op = ParseOperation(operation, GrayscaleOperation::Gradient);
  const auto structuringElement = MakeElement(element, radius, radiusMm, input.image.geometry());
  CheckElementAgainstImage(structuringElement, element, radius, radiusMm, input.image,
                           input.ndim);
  GrayscaleOptions options;
  options.boundary = boundary;
  options.safeBorder = safeBorder;
  const Stream* stream = input.stream ? &*input.stream : nullptr;
  CallScope scope(execution, options, stream);
  Image output = scope.run([&] { return Grayscale(input.image, structuringElement, op, options); });
  return ReturnLike(image, ImageToArray(std::move(output), input.ndim, stream));
}

py::object BinaryBinding(py::handle image, const std::string& operation, py::handle element,
                         py::handle radius, py::handle radiusMm, double foreground,
                         std::optional<double> background, std::optional<bool> boundaryToForeground,
                         bool safeBorder, const GeometryArguments& geometry,
                         const ExecutionArguments& execution) {
  auto input = AdoptArray(image, geometry, "image");
  const auto op = ParseOperation(operation, BinaryOperation::Close, "binary-");
  const auto structuringElement = MakeElement(element, radius, radiusMm, input.image.geometry());
  CheckElementAgainstImage(structuringElement, element, radius, radiusMm, input.image,
                           input.ndim);
  BinaryOptions options;
  options.foreground = foreground;
  options.background = background;
  options.boundaryToForeground = boundaryToForeground;
  options.safeBorder = safeBorder;
  const Stream* stream = input.stream ? &*input.stream : nullptr;
  auto output =
      Image::Allocate(input.image.pixelType(), input.image.geometry(), input.image.location());
  CallScope scope(execution, options, stream);
  scope.run([&] {
    const auto run = [&](auto zero) {
      using T = decltype(zero);
      const Image& in = input.image;
      Binary<T>(in.view<T>(), output.view<T>(), structuringElement, op, options);
    };
    switch (input.image.pixelType()) {
    case PixelType::UInt8:
      run(std::uint8_t{});
      break;
    case PixelType::Int16:
      run(std::int16_t{});
      break;
    case PixelType::UInt16:
      run(std::uint16_t{});
      break;
    case PixelType::Float32:
      run(float{});
      break;
    }
  });
  return ReturnLike(image, ImageToArray(std::move(output), input.ndim, stream));
}

} // namespace

void BindMorphology(py::module_& module) {
  module.def("grayscale", &GrayscaleBinding, py::arg("image"), py::arg("operation"),
             py::arg("element"), py::arg("radius"), py::arg("radius_mm"), py::arg("boundary"),
             py::arg("safe_border"), py::arg("geometry"), py::arg("execution"));
  module.def("binary", &BinaryBinding, py::arg("image"), py::arg("operation"), py::arg("element"),
             py::arg("radius"), py::arg("radius_mm"), py::arg("foreground"), py::arg("background"),
             py::arg("boundary_to_foreground"), py::arg("safe_border"), py::arg("geometry"),
             py::arg("execution"));
}

} // namespace cumed::python
