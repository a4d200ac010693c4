"""What every public function does with its arguments before calling the native extension:
inputs that carry their own geometry (cumed.Volume, vtkImageData) are unpacked, the geometry and
execution keywords are bundled, and unknown keywords raise TypeError."""
import importlib
import numbers
from dataclasses import dataclass, field
from typing import Any, Optional

from . import _cumed


@dataclass
class Volume:
    """An image array ``[z, y, x]`` with its geometry in ITK's ``(x, y, z)`` order.

    ``direction`` is a 3x3 matrix whose columns are the image axes (ITK's convention); ``info``
    holds what the reader knew about where the pixels came from (e.g. DICOM series fields)."""

    array: Any
    spacing: tuple = (1.0, 1.0, 1.0)
    origin: tuple = (0.0, 0.0, 0.0)
    direction: tuple = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    info: dict = field(default_factory=dict)

    @property
    def shape(self):
        shape = getattr(self.array, "shape", None)
        if shape is None:
            raise TypeError(f"Volume.array must be an array, got {type(self.array).__name__}")
        return shape


def _scalar(value):
    """A NumPy 0-d array as its Python number (a copy: the caller's array is never touched)."""
    if getattr(value, "ndim", None) == 0 and hasattr(value, "item") and \
            getattr(getattr(value, "dtype", None), "kind", "") in "biuf":
        return value.item()
    return value


def real(name, value):
    """``value`` as a float, or TypeError naming the keyword ``name``: a string, None or another
    object that is not a number is refused here instead of as a nameless cast error. The range
    of the value is the library's to check (cumed/core/NumberRules.h)."""
    value = _scalar(value)
    if isinstance(value, (bool, str, bytes)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    return float(value)


_INT_MIN, _INT_MAX = -2**31, 2**31 - 1


def whole(name, value):
    """``value`` as an int (a whole float such as 3.0 too), or TypeError naming ``name``. The
    keywords given to ``whole`` are C ``int`` parameters: a value outside their range is an
    InvalidArgument naming it (pybind11 raised a TypeError listing every argument of the call)."""
    value = _scalar(value)
    if isinstance(value, (bool, str, bytes)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__} {value!r}")
    if isinstance(value, numbers.Integral):
        result = int(value)
    else:
        as_float = float(value)
        if as_float != as_float or as_float in (float("inf"), float("-inf")) or \
                not as_float.is_integer():
            raise TypeError(f"{name} must be a whole number, got {value!r}")
        result = int(as_float)
    if not _INT_MIN <= result <= _INT_MAX:
        raise _cumed.InvalidArgument(f"{name} = {result} is outside {_INT_MIN}..{_INT_MAX}")
    return result


def flag(name, value):
    """``value`` as a bool (anything with a truth value: a bool, a number, a one-element array),
    or TypeError naming ``name`` (e.g. for a NumPy array of several values)."""
    try:
        return bool(value)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}: "
                        f"{error}") from None


def items(name, values, kind="a sequence"):
    """``values`` as a list, or TypeError naming ``name`` for a non-iterable (or a string)."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be {kind}, got {values!r}")
    try:
        return list(values)
    except TypeError:
        raise TypeError(f"{name} must be {kind}, got {type(values).__name__} "
                        f"{values!r}") from None


def _sequence(name, values, count, kind):
    listed = items(name, values, f"{count} {kind}s")
    if len(listed) != count:
        raise TypeError(f"{name} must be {count} {kind}s, got {len(listed)} values")
    return listed


def real_triple(name, values):
    """``values`` as a tuple of three floats, or TypeError naming ``name``."""
    items = _sequence(name, values, 3, "number")
    return tuple(real(f"{name}[{i}]", v) for i, v in enumerate(items))


def whole_triple(name, values):
    """``values`` as a tuple of three ints, or TypeError naming ``name``."""
    items = _sequence(name, values, 3, "whole number")
    return tuple(whole(f"{name}[{i}]", v) for i, v in enumerate(items))


def whole_list(name, values):
    """``values`` (any length) as a list of ints, or TypeError naming ``name``."""
    return [whole(f"{name}[{i}]", v) for i, v in enumerate(items(name, values, "whole numbers"))]


def as_array(name, value):
    """``numpy.asarray(value)``, or TypeError naming ``name`` when NumPy cannot make an array
    of it (a ragged list such as ``[[1, 2], [3]]`` said only "inhomogeneous shape")."""
    import numpy
    try:
        return numpy.asarray(value)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be an array, got {type(value).__name__}: {error}") from None


def execution(backend="auto", threads=0, progress=None, cancel=None, report=None):
    """The execution keywords shared by every function (unknown ones raise TypeError)."""
    if not isinstance(backend, str):
        raise TypeError(f"backend must be 'auto', 'cpu' or 'cuda', got {backend!r}")
    if report is not None and not isinstance(report, _cumed.Report):
        raise TypeError(f"report must be a cumed.Report, got {type(report).__name__}")
    for name, callback in (("progress", progress), ("cancel", cancel)):
        if callback is not None and not callable(callback):
            raise TypeError(f"{name} must be callable, got {type(callback).__name__}")
    return _cumed.Execution(backend, whole("threads", threads), progress, cancel, report)


def is_vtk_image(image) -> bool:
    return type(image).__name__ in ("vtkImageData", "vtkStructuredPoints")


def image_input(image, spacing=None, origin=None, direction=None, name="image"):
    """(array, Geometry) for an array, a cumed.Volume or a vtkImageData.

    Keywords given explicitly override the geometry an input carries."""
    if isinstance(image, Volume):
        array = image.array
        spacing = image.spacing if spacing is None else spacing
        origin = image.origin if origin is None else origin
        direction = image.direction if direction is None else direction
    elif is_vtk_image(image):
        from . import _vtk

        volume = _vtk.volume_from_image_data(image, name)
        array = volume.array
        spacing = volume.spacing if spacing is None else spacing
        origin = volume.origin if origin is None else origin
        direction = volume.direction if direction is None else direction
    else:
        array = image
    return array, _cumed.Geometry(spacing, origin, direction)


def same_kind(image, array, geometry: Optional[_cumed.Geometry] = None):
    """Wraps a result array like the input it came from: a Volume for a Volume (with the
    input's geometry), a vtkImageData for a vtkImageData, the array itself otherwise."""
    if isinstance(image, Volume):
        return Volume(array, image.spacing, image.origin, image.direction, dict(image.info))
    if is_vtk_image(image):
        from . import _vtk

        return _vtk.image_data_from_array(array, image)
    return array


def count_non_finite(array):
    """NaN/inf entries of ``array``, counted by the array's own package (NumPy, CuPy, PyTorch:
    whatever provides ``isfinite`` and ``count_nonzero``): a CUDA array is counted on its device,
    without a copy to the host. Whole-number arrays count 0; -1 only for an array whose package
    cannot count (the native layer reports -1 for device data, which it does not scan)."""
    kind = getattr(getattr(array, "dtype", None), "kind", None)
    if kind is not None and kind in "biu":
        return 0
    package = type(array).__module__.split(".")[0]
    try:
        module = importlib.import_module(package)
        # size minus the finite ones: one temporary boolean array instead of two
        return int(array.size) - int(module.count_nonzero(module.isfinite(array)))
    except (ImportError, AttributeError, TypeError):
        return -1
