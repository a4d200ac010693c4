"""What every public function does with its arguments before calling the native extension:
inputs that carry their own geometry (cumed.Volume, vtkImageData) are unpacked, array-likes are
viewed through NumPy, spacing given in NumPy axis order is turned into ITK's (x, y, z), the
execution keywords are bundled, unknown keywords raise a TypeError naming the public function,
and CuMed's log messages are handed to ``warnings`` and ``logging`` on the calling thread."""
import functools
import importlib
import inspect
import logging
import numbers
import os
import warnings
from dataclasses import dataclass, field
from typing import Any, Optional

from . import _cumed


class CuMedWarning(UserWarning):
    """A warning of CuMed's C++ library (cumed::Log at warning or error level), e.g. a DICOM
    series whose non-integer HU were rounded. A UserWarning, so ``warnings.simplefilter`` and
    ``pytest.warns(cumed.CuMedWarning)`` see it."""


CuMedWarning.__module__ = "cumed"

#: CuMed's debug and info messages go to this logger (warnings go to ``warnings``).
logger = logging.getLogger("cumed")

_PYTHON_LEVELS = (logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR)
# CUMED_LOG_LEVEL set by the user fixes the C++ level; otherwise it follows the logger's.
_LEVEL_FROM_ENVIRONMENT = bool(os.environ.get("CUMED_LOG_LEVEL"))
_native_level = [None]


def _sync_log_level():
    """Queue debug/info messages only while the "cumed" logger would show them (a DICOM read
    logs hundreds of GDCM notes at debug level)."""
    if _LEVEL_FROM_ENVIRONMENT:
        return
    level = 0 if logger.isEnabledFor(logging.DEBUG) else \
        1 if logger.isEnabledFor(logging.INFO) else 2
    if _native_level[0] != level:
        _cumed._set_log_level(level)
        _native_level[0] = level


def emit_log_messages(stacklevel=3):
    """The messages CuMed queued (on any thread, the GIL released or not) emitted here, on the
    calling thread: warnings and errors as ``warnings.warn(text, CuMedWarning)``, debug and info
    as records of the "cumed" logger."""
    for level, text in _cumed._take_log_messages():
        if level >= 2:
            warnings.warn(text, CuMedWarning, stacklevel=stacklevel)
        else:
            logger.log(_PYTHON_LEVELS[level], text)


def _accepted(signature):
    return [name for name, p in signature.parameters.items()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def _binding_error(function, args, kwargs, error):
    """A TypeError raised while Python bound the arguments of ``function`` (it never ran), said
    with the public name and the keywords it accepts."""
    public_name = f"{function.__module__}.{function.__qualname__}"
    signature = inspect.signature(function)
    accepted = _accepted(signature)
    unknown = [name for name in kwargs if name not in signature.parameters]
    if unknown:
        return TypeError(f"{public_name}() got an unexpected keyword argument "
                         f"{unknown[0]!r}; it accepts: {', '.join(accepted)}")
    text = str(error)
    # Python names the function by its __qualname__ already; keep its reason, add the list.
    return TypeError(f"{public_name}(): {text.split(') ', 1)[-1] if ') ' in text else text}"
                     f" (parameters: {', '.join(accepted)})")


def public(function):
    """Decorates a public function: a TypeError from binding its arguments (an unknown
    keyword, a missing argument) names the public function and lists its keywords, and CuMed's
    log messages of the call are emitted as Python warnings and log records when it returns
    (also when it raises). The signature and docstring stay the function's."""
    @functools.wraps(function)
    def call(*args, **kwargs):
        _sync_log_level()
        try:
            return function(*args, **kwargs)
        except TypeError as error:
            # No frame of `function` in the traceback: Python refused the arguments themselves.
            if error.__traceback__ is not None and error.__traceback__.tb_next is None:
                raise _binding_error(function, args, kwargs, error) from None
            raise
        finally:
            emit_log_messages(stacklevel=3)

    return call


#: The execution keywords' documentation, shared by every function's docstring.
EXECUTION_PARAMETERS = """backend : {"auto", "cpu", "cuda"}, default "auto"
    Where to compute: "auto" uses a CUDA device when one is usable (and the data allow it),
    "cpu" the OpenMP path, "cuda" a device or cumed.CudaError.
threads : int, default 0
    CPU threads, 0..4096 (0: OpenMP's default). Results do not depend on it.
progress : callable or None, default None
    ``progress(fraction)`` called on the calling thread as the work advances.
cancel : callable or None, default None
    ``cancel() -> bool`` polled on the calling thread; True stops the call with cumed.Cancelled.
report : cumed.Report or None, default None
    Filled with what ran (backend, seconds, transfers); cumed.last_report() holds it too."""


def document(text):
    """``text`` (a docstring) with ``{execution}`` replaced by EXECUTION_PARAMETERS indented as
    the docstring's parameters are (4 spaces)."""
    block = "\n".join(("    " + line) if line else line
                      for line in EXECUTION_PARAMETERS.splitlines())
    return text.replace("    {execution}", block)


@dataclass
class Volume:
    """An image array with its geometry.

    Parameters
    ----------
    array : array_like
        The pixels, ``[z, y, x]`` (``[y, x]`` for 2-D): a NumPy, CuPy or PyTorch array.
    spacing : tuple of float, default (1.0, 1.0, 1.0)
        Voxel size along the array's axes, in NumPy axis order: ``(z, y, x)`` (``(y, x)`` for
        2-D), as ``skimage.measure.marching_cubes`` takes it. ``spacing_xyz`` gives ITK's order.
    origin : tuple of float, default (0.0, 0.0, 0.0)
        The physical position ``(x, y, z)`` of voxel ``[0, 0, 0]`` (a point, so x, y, z).
    direction : tuple of tuple of float, default identity
        3x3 matrix (rows) whose columns are the directions of the x, y, z index axes (ITK's).
    info : dict, default {}
        What the reader knew about where the pixels came from (e.g. DICOM series fields).

    Returns
    -------
    Volume
        The dataclass; ``shape`` is the array's, ``spacing_xyz`` the spacing in (x, y, z).

    Raises
    ------
    TypeError
        ``shape`` of a Volume whose array is not an array.

    Examples
    --------
    >>> import numpy, cumed
    >>> v = cumed.Volume(numpy.zeros((4, 5, 6), numpy.int16), spacing=(2.5, 1.0, 0.5))
    >>> v.spacing_xyz
    (0.5, 1.0, 2.5)
    """

    array: Any
    spacing: tuple = (1.0, 1.0, 1.0)
    origin: tuple = (0.0, 0.0, 0.0)
    direction: tuple = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    info: dict = field(default_factory=dict)

    @property
    def shape(self):
        """The array's shape, ``[z, y, x]``."""
        shape = getattr(self.array, "shape", None)
        if shape is None:
            raise TypeError(f"Volume.array must be an array, got {type(self.array).__name__}")
        return shape

    @property
    def spacing_xyz(self):
        """``spacing`` in ITK's and VTK's ``(x, y, z)`` order."""
        spacing = self.spacing
        if isinstance(spacing, numbers.Real):
            return spacing
        return tuple(reversed(tuple(spacing)))

    @classmethod
    def from_xyz(cls, array, spacing_xyz, origin, direction, info=None):
        """A Volume from geometry in ITK's order (what the C++ readers give)."""
        return cls(array, tuple(reversed(tuple(spacing_xyz))), tuple(origin), direction,
                   {} if info is None else info)


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


def spacing_keywords(spacing, spacing_xyz, name="spacing"):
    """(value, numpy_order) for the native Geometry from ``spacing`` (NumPy axis order: the
    native layer checks it under the caller's indices, then reverses it) or ``spacing_xyz``
    (ITK's order); both given is a TypeError."""
    if spacing is not None and spacing_xyz is not None:
        raise TypeError(f"give {name} (NumPy axis order: z, y, x) or {name}_xyz (ITK's x, y, z), "
                        f"not both")
    if spacing is None:
        return spacing_xyz, False
    return spacing, True


def geometry(spacing=None, origin=None, direction=None, spacing_xyz=None, name="spacing"):
    """The native Geometry of keywords given in the public convention."""
    value, numpy_order = spacing_keywords(spacing, spacing_xyz, name)
    return _cumed.Geometry(value, origin, direction, numpy_order,
                           "spacing" if numpy_order or spacing_xyz is None else "spacing_xyz")


_DEVICE_PROTOCOLS = ("__cuda_array_interface__", "__dlpack__")


def host_view(value):
    """An array-like that is neither a NumPy array nor a device array (an object exposing only
    ``__array_interface__``, ``__array__`` or the buffer protocol, e.g. what
    ``itk.array_view_from_image`` returns, a memoryview) as a NumPy array, without a copy where
    NumPy can view it. Everything else is returned as it is."""
    import numpy
    if isinstance(value, numpy.ndarray) or any(hasattr(value, p) for p in _DEVICE_PROTOCOLS):
        return value
    if hasattr(value, "__array_interface__") or hasattr(value, "__array__"):
        return numpy.asarray(value)
    try:
        memoryview(value)
    except TypeError:
        return value
    return numpy.asarray(value)


def float64_as_float32(array, name, function):
    """A float64 host array as float32 for functions that compute in float32 (a documented
    copy); device float64 arrays are refused by the native layer as before."""
    import numpy
    if isinstance(array, numpy.ndarray) and array.dtype == numpy.float64:
        return array.astype(numpy.float32)
    return array


def float64_as_exact_float32(array, name, function):
    """(array, was_float64). Morphology only selects values of its input (a minimum or maximum of
    each neighbourhood; the top-hats and gradient subtract two of them), so a float64 image whose
    every value is a float32 (a CT or a mask converted to float64, any integer up to 2**24) is
    computed exactly by the float32 kernels, and the result is returned as float64. Any other
    float64 image is refused: rounding it to float32 would change the answer."""
    if getattr(getattr(array, "dtype", None), "name", None) != "float64":
        return array, False
    package = importlib.import_module(type(array).__module__.split(".")[0])
    import numpy

    with numpy.errstate(over="ignore"):  # a value beyond float32's range is refused just below
        narrowed = _cast(array, package.float32)
    same = (_cast(narrowed, package.float64) == array) | (package.isnan(array) & package.isnan(narrowed))
    if not bool(same.all()):
        index = tuple(int(i) for i in package.argwhere(~same)[0])
        raise _cumed.InvalidArgument(
            f"{function}: {name} is float64 with values that float32 cannot hold exactly (e.g. "
            f"{float(array[index])!r} at index {index}); CuMed's morphology computes float64 "
            f"images in float32 only when that is exact: use image.astype(numpy.float32) if "
            f"rounding is acceptable, or scipy.ndimage for float64")
    return narrowed, True


def widened_to_float64(array):
    """The float32 result array of a float64 input, as float64 (NumPy, CuPy or PyTorch)."""
    package = importlib.import_module(type(array).__module__.split(".")[0])
    return _cast(array, package.float64)


def _cast(array, dtype):
    # NumPy and CuPy spell it astype, PyTorch to.
    return array.astype(dtype) if hasattr(array, "astype") else array.to(dtype)


def is_vtk_image(image) -> bool:
    return type(image).__name__ in ("vtkImageData", "vtkStructuredPoints")


def image_input(image, spacing=None, origin=None, direction=None, name="image", spacing_xyz=None,
                spacing_name="spacing"):
    """(array, Geometry) for an array, an array-like, a cumed.Volume or a vtkImageData.

    ``spacing`` is in NumPy axis order, ``spacing_xyz`` in ITK's (not both). Keywords given
    explicitly override the geometry an input carries."""
    value, numpy_order = spacing_keywords(spacing, spacing_xyz, spacing_name)
    if isinstance(image, Volume) or is_vtk_image(image):
        if is_vtk_image(image):
            from . import _vtk

            image = _vtk.volume_from_image_data(image, name)
        array = image.array
        if value is None:
            value, numpy_order = image.spacing_xyz, False
        origin = image.origin if origin is None else origin
        direction = image.direction if direction is None else direction
    else:
        array = image
    # Errors name the keyword the value came from (the native layer says "spacing" otherwise).
    spacing_keyword = "spacing_xyz" if spacing_xyz is not None else "spacing"
    return host_view(array), _cumed.Geometry(value, origin, direction, numpy_order,
                                             spacing_keyword)


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
        # size minus the finite ones: one temporary boolean array instead of two. PyTorch's size
        # is a method (its element count is numel()); NumPy's and CuPy's an attribute.
        total = array.numel() if hasattr(array, "numel") else array.size
        return int(total) - int(module.count_nonzero(module.isfinite(array)))
    except (ImportError, AttributeError, TypeError):
        return -1
