"""Grayscale and binary mathematical morphology with flat structuring elements, on the CPU or a
CUDA device.

Two ways to give the structuring element:

- ``footprint=``: a boolean (or 0/1) NumPy array with the image's number of dimensions, any odd
  or even size, its centre at index ``size // 2`` along each axis (SciPy's convention). Exactly
  the voxels it holds are used, with SciPy's definitions: ``dilate`` is
  ``scipy.ndimage.grey_dilation(image, footprint=f, mode="constant", cval=<lowest value>)``
  and ``erode`` is ``grey_erosion(..., cval=<highest value>)`` (outside the image never wins).
  :func:`ball`, :func:`disk`, :func:`cube`, :func:`square`, :func:`octahedron`,
  :func:`diamond` make the footprints of scikit-image's functions of those names
  (``ball(2)`` has 33 voxels).
- ``radius=`` with ``element="ball" | "box" | "cross"`` (or ``radius_mm=``): ITK's elements,
  bit for bit ``itk::FlatStructuringElement<3>::Ball/Box/Cross`` and the results of ITK's
  filters (``ball`` of radius 2 has 81 voxels: ITK's ball is not scikit-image's).
  ``radius`` is one integer or ``(rz, ry, rx)`` in NumPy axis order.

Images: ``[z, y, x]`` (or ``[y, x]``) arrays of uint8 (bool is read as uint8), int16, uint16 or
float32, computed exactly in that type and returned in it; float64 when every value is a
float32 (a CT or mask converted to float64, integers up to 2**24): computed in float32, which is
then exact (morphology selects input values; the top-hats and the gradient subtract two
selections in float64), and returned as float64; other
float64 images are refused (rounding them would change the answer). NumPy arrays and anything NumPy
can view (``__array_interface__``, ``__array__``, the buffer protocol) in, NumPy out; CuPy or
PyTorch in, the same family out on the same device; a cumed.Volume or vtkImageData in, the
same kind out.
"""
import numpy as np

from . import _common
from ._common import public, document
from ._cumed import InvalidArgument
from ._cumed import morphology as _native

GRAYSCALE_OPERATIONS = ("dilate", "erode", "open", "close", "white_top_hat", "black_top_hat",
                        "gradient")
BINARY_OPERATIONS = ("dilate", "erode", "open", "close")

__all__ = ["grayscale", "binary", "dilate", "erode", "opening", "closing", "white_top_hat",
           "black_top_hat", "gradient", "binary_dilate", "binary_erode", "binary_opening",
           "binary_closing", "ball", "disk", "cube", "square", "octahedron", "diamond"]


# --- footprints (scikit-image's conventions, written from their documented definitions) ---

def _radius(name, radius):
    value = _common.whole(name, radius)
    if not 0 <= value <= 1024:
        raise InvalidArgument(f"{name} = {value} is outside 0..1024")
    return value


def _width(name, width):
    value = _common.whole(name, width)
    if not 1 <= value <= 2049:
        raise InvalidArgument(f"{name} = {value} is outside 1..2049")
    return value


def _dtype(dtype):
    if dtype is np.uint8 or dtype is bool or dtype is np.bool_:
        return np.dtype(dtype)
    try:
        value = np.dtype(dtype) if isinstance(dtype, (str, np.dtype, type)) else None
    except TypeError:
        value = None
    if value not in (np.dtype(np.uint8), np.dtype(np.bool_)):
        raise TypeError(f"dtype must be numpy.uint8 or bool, got {dtype!r}")
    return value


def _offsets(radius, ndim):
    return np.ogrid[tuple(slice(-radius, radius + 1) for _ in range(ndim))]


@public
def ball(radius, *, dtype=np.uint8):
    """A 3-D ball footprint as scikit-image's ``skimage.morphology.ball``.

    The voxels of a ``(2r+1)**3`` cube whose Euclidean distance from the centre is at most
    ``radius``: 33 voxels for radius 2 (ITK's ball, ``element="ball", radius=2``, has 81).

    Parameters
    ----------
    radius : int
        Radius in voxels, 0..1024.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[2r+1, 2r+1, 2r+1]`` array, 1 (True) on the ball.

    Raises
    ------
    cumed.InvalidArgument
        ``radius`` outside 0..1024.
    TypeError
        ``radius`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> int(cumed.morphology.ball(2).sum())
    33
    """
    r = _radius("radius", radius)
    z, y, x = _offsets(r, 3)
    return (z * z + y * y + x * x <= r * r).astype(_dtype(dtype))


@public
def disk(radius, *, dtype=np.uint8):
    """A 2-D disk footprint as scikit-image's ``skimage.morphology.disk``.

    The pixels of a ``(2r+1)**2`` square whose Euclidean distance from the centre is at most
    ``radius``: 13 pixels for radius 2.

    Parameters
    ----------
    radius : int
        Radius in pixels, 0..1024.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[2r+1, 2r+1]`` array, 1 (True) on the disk.

    Raises
    ------
    cumed.InvalidArgument
        ``radius`` outside 0..1024.
    TypeError
        ``radius`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> int(cumed.morphology.disk(2).sum())
    13
    """
    r = _radius("radius", radius)
    y, x = _offsets(r, 2)
    return (y * y + x * x <= r * r).astype(_dtype(dtype))


@public
def octahedron(radius, *, dtype=np.uint8):
    """A 3-D octahedron footprint as scikit-image's ``skimage.morphology.octahedron``.

    The voxels whose city-block distance ``|z| + |y| + |x|`` from the centre is at most
    ``radius``: 25 voxels for radius 2.

    Parameters
    ----------
    radius : int
        Radius in voxels, 0..1024.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[2r+1, 2r+1, 2r+1]`` array, 1 (True) on the octahedron.

    Raises
    ------
    cumed.InvalidArgument
        ``radius`` outside 0..1024.
    TypeError
        ``radius`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> int(cumed.morphology.octahedron(2).sum())
    25
    """
    r = _radius("radius", radius)
    z, y, x = _offsets(r, 3)
    return (abs(z) + abs(y) + abs(x) <= r).astype(_dtype(dtype))


@public
def diamond(radius, *, dtype=np.uint8):
    """A 2-D diamond footprint as scikit-image's ``skimage.morphology.diamond``.

    The pixels whose city-block distance ``|y| + |x|`` from the centre is at most ``radius``:
    13 pixels for radius 2.

    Parameters
    ----------
    radius : int
        Radius in pixels, 0..1024.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[2r+1, 2r+1]`` array, 1 (True) on the diamond.

    Raises
    ------
    cumed.InvalidArgument
        ``radius`` outside 0..1024.
    TypeError
        ``radius`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> int(cumed.morphology.diamond(2).sum())
    13
    """
    r = _radius("radius", radius)
    y, x = _offsets(r, 2)
    return (abs(y) + abs(x) <= r).astype(_dtype(dtype))


@public
def cube(width, *, dtype=np.uint8):
    """A 3-D cube footprint of ``width`` voxels per side, as ``skimage.morphology.cube``.

    An even width has its centre at index ``width // 2`` (SciPy's convention).

    Parameters
    ----------
    width : int
        Side in voxels, 1..2049.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[width, width, width]`` array of ones.

    Raises
    ------
    cumed.InvalidArgument
        ``width`` outside 1..2049.
    TypeError
        ``width`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> cumed.morphology.cube(3).shape
    (3, 3, 3)
    """
    w = _width("width", width)
    return np.ones((w, w, w), dtype=_dtype(dtype))


@public
def square(width, *, dtype=np.uint8):
    """A 2-D square footprint of ``width`` pixels per side, as ``skimage.morphology.square``.

    Parameters
    ----------
    width : int
        Side in pixels, 1..2049.
    dtype : numpy.uint8 or bool, default numpy.uint8
        The dtype of the returned array.

    Returns
    -------
    numpy.ndarray
        ``[width, width]`` array of ones.

    Raises
    ------
    cumed.InvalidArgument
        ``width`` outside 1..2049.
    TypeError
        ``width`` not a whole number, or another ``dtype``.

    Examples
    --------
    >>> import cumed
    >>> cumed.morphology.square(4).shape
    (4, 4)
    """
    w = _width("width", width)
    return np.ones((w, w), dtype=_dtype(dtype))


# --- the element passed to the native layer ---

def _footprint_mask(footprint, ndim, function):
    """The footprint as a C-ordered uint8 ``[z, y, x]`` mask, or InvalidArgument naming it."""
    mask = _common.host_view(footprint)
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"{function}: footprint must be a NumPy array (bool or 0/1), got "
                        f"{type(footprint).__name__}")
    if mask.ndim != ndim:
        raise InvalidArgument(f"{function}: footprint has {mask.ndim} dimensions, the image "
                              f"{ndim} (give a {ndim}-D footprint)")
    if mask.size == 0:
        raise InvalidArgument(f"{function}: footprint has shape {mask.shape}, with no voxel")
    if mask.dtype != np.bool_:
        if mask.dtype.kind not in "biuf" or not np.isin(mask, (0, 1)).all():
            raise InvalidArgument(f"{function}: footprint must hold booleans or 0/1, got dtype "
                                  f"{mask.dtype} with other values")
    mask = np.ascontiguousarray(mask != 0, dtype=np.uint8)
    if not mask.any():
        raise InvalidArgument(f"{function}: footprint has no non-zero voxel (an empty "
                              f"structuring element has no minimum or maximum)")
    return mask.reshape((1,) * (3 - ndim) + mask.shape)


def _odd(mask):
    """The mask padded to odd sizes with false voxels at the end of even axes (the centre,
    index size//2, stays where it is)."""
    return np.pad(mask, [(0, 1 - size % 2) for size in mask.shape])


def _within_reach(mask, shape):
    """The (odd, centred) mask without the members that lie outside the image from every
    voxel (|offset| >= the image's size on that axis): they only ever read the boundary value,
    which never wins with the default boundary. Keeps an explicit footprint as large as the
    image itself usable (the native layer refuses elements more than twice the image)."""
    cut = []
    for axis, size in enumerate(shape):
        centre = mask.shape[axis] // 2
        keep = min(centre, max(int(size) - 1, 0))
        cut.append(slice(centre - keep, centre + keep + 1))
    return mask[tuple(cut)]


def _element_and_radius(function, footprint, element, radius, radius_mm, shape, mirror, crop):
    """(element, radius) for the native call: the footprint's mask (mirrored where CuMed's
    kernel reads the other way round than SciPy's definition), or the named element."""
    ndim = len(shape)
    if footprint is None:
        if not isinstance(element, str) and element is not None:
            # A mask given as element= (the 0.1 spelling): CuMed's own convention, as before.
            return _common.as_array("element", element), radius
        return element, _native_radius(radius, ndim)
    if not (isinstance(element, str) and element == "ball") or radius_mm is not None or \
            radius is not None:
        raise TypeError(f"{function}: give footprint or radius/radius_mm/element, not both")
    mask = _odd(_footprint_mask(footprint, ndim if ndim in (2, 3) else 3, function))
    if mirror:
        mask = mask[::-1, ::-1, ::-1]
    if crop:
        image_shape = (1,) * (3 - ndim) + tuple(shape) if ndim in (2, 3) else mask.shape
        mask = _within_reach(mask, image_shape)
    return np.ascontiguousarray(mask), 1


def _native_radius(radius, ndim):
    """``radius`` in NumPy axis order (one number, or one per axis) as the native (x, y, z)."""
    if radius is None:
        return 1
    radius = _common._scalar(radius)
    if isinstance(radius, (int, float, np.integer, np.floating)) and not isinstance(radius, bool):
        return radius
    values = _common.items("radius", radius, "one whole number or one per axis (z, y, x)")
    if ndim == 2 and len(values) == 2:
        values = [0] + values  # a 2-D image is one slice: no reach along z
    if len(values) != 3:
        raise InvalidArgument(f"radius needs one integer or one per axis ((rz, ry, rx) or "
                              f"(ry, rx) for 2-D), got {len(values)} values")
    for i, value in enumerate(values):
        _common.whole(f"radius[{i}]", value)
    return tuple(reversed(values))


class _footprint_named:
    """Respells the native layer's "element (a mask array ...)" as "footprint" when the mask
    came from footprint= (the user never wrote element=)."""

    def __init__(self, footprint):
        self.footprint = footprint

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if self.footprint is not None and isinstance(error, InvalidArgument) and \
                str(error).startswith("element (a mask array"):
            raise InvalidArgument("footprint" + str(error)[len("element"):]) from None
        return False


def _beyond_reach(array, operation, function):
    """A dilation or erosion whose every footprint member lies outside the image from every
    voxel: every output voxel is the boundary value (the dtype's lowest or highest)."""
    if not isinstance(array, np.ndarray):
        raise InvalidArgument(f"{function}: every voxel of footprint lies outside the image "
                              f"from every voxel (the image is {tuple(array.shape)})")
    dtype = np.dtype(np.uint8) if array.dtype == np.bool_ else array.dtype
    info = np.finfo(dtype) if dtype.kind == "f" else np.iinfo(dtype)
    return np.full(array.shape, info.min if operation == "dilate" else info.max, dtype=dtype)


def _grayscale(function, image, operation, radius, footprint, element, radius_mm, boundary,
               safe_border, spacing, spacing_xyz, origin, direction, backend, threads, progress,
               cancel, report):
    if not isinstance(operation, str) or operation.replace("-", "_") not in GRAYSCALE_OPERATIONS:
        raise InvalidArgument(f"unknown morphology operation {operation!r} (known: "
                              f"{', '.join(GRAYSCALE_OPERATIONS)})")
    array, geometry = _common.image_input(image, spacing, origin, direction,
                                          spacing_xyz=spacing_xyz)
    wide, (array, was_float64) = array, _common.float64_as_exact_float32(array, "image", function)
    # CuMed's dilation reads f(x + o) (ITK does not mirror); SciPy's reads f(x - o).
    shape = tuple(getattr(array, "shape", ()))
    element, radius = _element_and_radius(function, footprint, element, radius, radius_mm,
                                          shape, operation == "dilate",
                                          boundary is None and operation in ("dilate", "erode"))
    boundary = None if boundary is None else _common.real("boundary", boundary)
    if footprint is not None and operation not in ("dilate", "erode") and \
            not element[tuple(n // 2 for n in element.shape)]:
        # Without its centre a voxel may see no image voxel at all: the boundary value (the
        # dtype's extreme) then enters the subtraction of a top-hat or gradient and overflows.
        raise InvalidArgument(f"{function}: footprint does not hold its centre voxel (index "
                              f"size // 2 on each axis); opening, closing, top-hats and the "
                              f"gradient need it (dilate and erode take any footprint)")
    if footprint is not None and not element.any():
        result = _beyond_reach(array, operation, function)
        return _common.same_kind(image, _common.widened_to_float64(result) if was_float64 else result)
    safe_border = _common.flag("safe_border", safe_border)
    execution = _common.execution(backend, threads, progress, cancel, report)

    def selection(native_operation):
        with _footprint_named(footprint):
            return _native.grayscale(array, native_operation, element, radius, radius_mm, boundary,
                                     safe_border, geometry, execution)

    difference = _DIFFERENCES.get(operation.replace("-", "_"))
    if was_float64 and difference:
        # The selections are exact in float32; their difference is taken in float64, as ITK's
        # filters on a double image would, not rounded to float32.
        minuend, subtrahend = (wide if part is None else
                               _common.widened_to_float64(selection(part)) for part in difference)
        return _common.same_kind(image, minuend - subtrahend)
    result = selection(operation)
    if was_float64:
        result = _common.widened_to_float64(result)
    return _common.same_kind(image, result)


# What the top-hats and the gradient subtract (None: the image itself), as ITK defines them.
_DIFFERENCES = {"white_top_hat": (None, "open"), "black_top_hat": ("close", None),
                "gradient": ("dilate", "erode")}


def _binary(function, image, operation, radius, footprint, element, radius_mm, foreground,
            background, boundary_to_foreground, safe_border, spacing, spacing_xyz, origin,
            direction, backend, threads, progress, cancel, report):
    if not isinstance(operation, str) or operation not in BINARY_OPERATIONS:
        raise InvalidArgument(f"unknown morphology operation {operation!r} (known: "
                              f"{', '.join(BINARY_OPERATIONS)})")
    array, geometry = _common.image_input(image, spacing, origin, direction,
                                          spacing_xyz=spacing_xyz)
    array, was_float64 = _common.float64_as_exact_float32(array, "image", function)
    # CuMed's binary erosion reads f(x - o) (ITK mirrors binary elements); SciPy's f(x + o).
    if boundary_to_foreground is not None:
        boundary_to_foreground = _common.flag("boundary_to_foreground", boundary_to_foreground)
    crop = (operation == "dilate" and not boundary_to_foreground) or \
        (operation == "erode" and boundary_to_foreground in (None, True))
    element, radius = _element_and_radius(function, footprint, element, radius, radius_mm,
                                          tuple(getattr(array, "shape", ())),
                                          operation == "erode", crop)
    if footprint is not None and not element.any():
        raise InvalidArgument(f"{function}: every voxel of footprint lies outside the image "
                              f"from every voxel (the image is {tuple(array.shape)})")
    with _footprint_named(footprint):
        result = _native.binary(array, operation, element, radius, radius_mm,
                                _common.real("foreground", foreground),
                                None if background is None else
                                _common.real("background", background),
                                boundary_to_foreground,
                                _common.flag("safe_border", safe_border), geometry,
                                _common.execution(backend, threads, progress, cancel, report))
    if was_float64:
        result = _common.widened_to_float64(result)
    return _common.same_kind(image, result)


_IMAGE = """\
image : array_like, cumed.Volume or vtkImageData
    ``[z, y, x]`` or ``[y, x]`` uint8 (bool read as uint8), int16, uint16 or float32: NumPy,
    any object NumPy can view without a copy (``__array_interface__``, ``__array__``, buffer),
    CuPy or PyTorch (kept on the device); float64 when every value is a float32 (computed
    exactly in float32, returned as float64), else cumed.InvalidArgument.
    Computed exactly in the input's dtype."""
_ELEMENT = """\
radius : int or tuple of int, default None (1)
    ITK's element radius in voxels: one integer, or one per axis in NumPy order ``(rz, ry, rx)``
    (``(ry, rx)`` for 2-D). Not with ``footprint``.
footprint : array_like of bool or 0/1, default None
    The structuring element as a mask with the image's number of dimensions, any odd or even
    size, centred at index ``size // 2`` on each axis; exactly these voxels are used (SciPy's
    ``footprint=``; see :func:`ball`, :func:`disk`, :func:`cube`).
element : {"ball", "box", "cross"}, default "ball"
    ITK's element for ``radius``: ``itk::FlatStructuringElement<3>::Ball`` (81 voxels at radius
    2, not scikit-image's ball), ``Box`` or ``Cross``. (A mask array here is CuMed 0.1's
    spelling, read with ITK's conventions; prefer ``footprint``.)
radius_mm : float or None, default None
    A ball of this radius in millimetres: radius per axis ``round(radius_mm / spacing)``."""
_GEOMETRY = """\
spacing : float or tuple of float, default None
    Voxel size in NumPy axis order ``(z, y, x)`` (``(y, x)`` for 2-D); None: the input's, or
    1. Used by ``radius_mm`` only.
spacing_xyz : float or tuple of float, default None
    The same in ITK's ``(x, y, z)`` order (not with ``spacing``).
origin : tuple of float, default None
    Physical position ``(x, y, z)`` of voxel ``[0, 0, 0]``; carried, not used.
direction : 3x3 sequence of float, default None
    Columns are the x, y, z index axes (ITK's); carried, not used."""
_GRAY_RETURNS = """\
Returns
-------
array of the input's kind
    The result, same dtype and shape as ``image`` (a Volume or vtkImageData for one)."""
_RAISES = """\
Raises
------
TypeError
    An unknown keyword (the message lists the accepted ones), or ``footprint`` given with
    ``radius``/``radius_mm``/another ``element``.
cumed.InvalidArgument
    A dtype (float64 included), shape, radius or footprint CuMed cannot use (named), or an
    element more than twice the image along an axis."""


def _doc(summary, extra_parameters, example):
    text = f"""{summary}

    Parameters
    ----------
{_indent(_IMAGE)}
{_indent(_ELEMENT)}
{extra_parameters}{_indent(_GEOMETRY)}
    {{execution}}

{_indent(_GRAY_RETURNS)}

{_indent(_RAISES)}

    Examples
    --------
{example}
    """
    return document(text)


def _indent(text):
    return "\n".join(("    " + line) if line else line for line in text.splitlines())


_BOUNDARY = _indent("""\
boundary : float or None, default None
    The value outside the image (ITK's SetBoundary); None: the dtype's lowest value for a
    dilation, its highest for an erosion, so that outside never wins.""") + "\n"
_SAFE_BORDER = _indent("""\
safe_border : bool, default True
    Pad by the element's reach before and crop after (ITK's SafeBorder), so the image edge does
    not erode or dilate the border.""") + "\n"
_BINARY_KEYWORDS = _indent("""\
foreground : float, default 1
    The object's value; other values are background.
background : float or None, default None
    Written where the operation removes the object; None: ITK's default for the operation.
boundary_to_foreground : bool or None, default None
    Whether outside the image counts as object; None: ITK's default (off for dilation, on for
    erosion).""") + "\n"


def _example(call, expected):
    return (f"    >>> import numpy, cumed\n"
            f"    >>> a = numpy.zeros((5, 5), numpy.uint8); a[2, 2] = 1\n"
            f"    >>> {call}\n    {expected}")


@public
def grayscale(image, operation, radius=None, *, footprint=None, element="ball", radius_mm=None,
              boundary=None, safe_border=True, spacing=None, spacing_xyz=None, origin=None,
              direction=None, backend="auto", threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.grayscale", image, operation, radius, footprint, element,
                      radius_mm, boundary, safe_border, spacing, spacing_xyz, origin, direction,
                      backend, threads, progress, cancel, report)


grayscale.__doc__ = _doc(
    "Grayscale ``operation`` of ``image``: one of GRAYSCALE_OPERATIONS.",
    _indent("operation : str\n    \"dilate\", \"erode\", \"open\", \"close\", \"white_top_hat\", "
            "\"black_top_hat\" or \"gradient\".") + "\n" + _BOUNDARY + _SAFE_BORDER,
    _example("int(cumed.morphology.grayscale(a, 'dilate', footprint=cumed.morphology.disk(1)).sum())",
             "5"))


@public
def binary(image, operation, radius=None, *, footprint=None, element="ball", radius_mm=None,
           foreground=1, background=None, boundary_to_foreground=None, safe_border=True,
           spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
           progress=None, cancel=None, report=None):
    return _binary("cumed.morphology.binary", image, operation, radius, footprint, element,
                   radius_mm, foreground, background, boundary_to_foreground, safe_border, spacing,
                   spacing_xyz, origin, direction, backend, threads, progress, cancel, report)


binary.__doc__ = _doc(
    "Binary ``operation`` (one of BINARY_OPERATIONS) of the pixels equal to ``foreground``.",
    _indent("operation : str\n    \"dilate\", \"erode\", \"open\" or \"close\".") + "\n" +
    _BINARY_KEYWORDS + _SAFE_BORDER,
    _example("int(cumed.morphology.binary(a, 'dilate', footprint=cumed.morphology.square(3)).sum())",
             "9"))


def _grayscale_function(name, operation, summary, extra, example, with_boundary, with_safe):
    # Each public function is written out below with its real signature; this only builds the
    # shared docstring.
    return _doc(summary, (_BOUNDARY if with_boundary else "") + (_SAFE_BORDER if with_safe else ""),
                example)


@public
def dilate(image, radius=None, *, footprint=None, element="ball", radius_mm=None, boundary=None,
           spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
           progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.dilate", image, "dilate", radius, footprint, element,
                      radius_mm, boundary, True, spacing, spacing_xyz, origin, direction, backend,
                      threads, progress, cancel, report)


@public
def erode(image, radius=None, *, footprint=None, element="ball", radius_mm=None, boundary=None,
          spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
          progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.erode", image, "erode", radius, footprint, element,
                      radius_mm, boundary, True, spacing, spacing_xyz, origin, direction, backend,
                      threads, progress, cancel, report)


@public
def opening(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
            safe_border=True, spacing=None, spacing_xyz=None, origin=None, direction=None,
            backend="auto", threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.opening", image, "open", radius, footprint, element,
                      radius_mm, None, safe_border, spacing, spacing_xyz, origin, direction,
                      backend, threads, progress, cancel, report)


@public
def closing(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
            safe_border=True, spacing=None, spacing_xyz=None, origin=None, direction=None,
            backend="auto", threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.closing", image, "close", radius, footprint, element,
                      radius_mm, None, safe_border, spacing, spacing_xyz, origin, direction,
                      backend, threads, progress, cancel, report)


@public
def white_top_hat(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                  safe_border=True, spacing=None, spacing_xyz=None, origin=None, direction=None,
                  backend="auto", threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.white_top_hat", image, "white_top_hat", radius, footprint,
                      element, radius_mm, None, safe_border, spacing, spacing_xyz, origin,
                      direction, backend, threads, progress, cancel, report)


@public
def black_top_hat(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                  safe_border=True, spacing=None, spacing_xyz=None, origin=None, direction=None,
                  backend="auto", threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.black_top_hat", image, "black_top_hat", radius, footprint,
                      element, radius_mm, None, safe_border, spacing, spacing_xyz, origin,
                      direction, backend, threads, progress, cancel, report)


@public
def gradient(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
             spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto",
             threads=0, progress=None, cancel=None, report=None):
    return _grayscale("cumed.morphology.gradient", image, "gradient", radius, footprint, element,
                      radius_mm, None, True, spacing, spacing_xyz, origin, direction, backend,
                      threads, progress, cancel, report)


def _binary_doc(summary, with_safe, example):
    return _doc(summary, _BINARY_KEYWORDS + (_SAFE_BORDER if with_safe else ""), example)


@public
def binary_dilate(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                  foreground=1, background=None, boundary_to_foreground=None, spacing=None,
                  spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
                  progress=None, cancel=None, report=None):
    return _binary("cumed.morphology.binary_dilate", image, "dilate", radius, footprint, element,
                   radius_mm, foreground, background, boundary_to_foreground, True, spacing,
                   spacing_xyz, origin, direction, backend, threads, progress, cancel, report)


@public
def binary_erode(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                 foreground=1, background=None, boundary_to_foreground=None, spacing=None,
                 spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
                 progress=None, cancel=None, report=None):
    return _binary("cumed.morphology.binary_erode", image, "erode", radius, footprint, element,
                   radius_mm, foreground, background, boundary_to_foreground, True, spacing,
                   spacing_xyz, origin, direction, backend, threads, progress, cancel, report)


@public
def binary_opening(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                   foreground=1, background=None, boundary_to_foreground=None, spacing=None,
                   spacing_xyz=None, origin=None, direction=None, backend="auto", threads=0,
                   progress=None, cancel=None, report=None):
    return _binary("cumed.morphology.binary_opening", image, "open", radius, footprint, element,
                   radius_mm, foreground, background, boundary_to_foreground, True, spacing,
                   spacing_xyz, origin, direction, backend, threads, progress, cancel, report)


@public
def binary_closing(image, radius=None, *, footprint=None, element="ball", radius_mm=None,
                   foreground=1, background=None, boundary_to_foreground=None, safe_border=True,
                   spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto",
                   threads=0, progress=None, cancel=None, report=None):
    return _binary("cumed.morphology.binary_closing", image, "close", radius, footprint, element,
                   radius_mm, foreground, background, boundary_to_foreground, safe_border, spacing,
                   spacing_xyz, origin, direction, backend, threads, progress, cancel, report)


_COMPOSITE = ("For a footprint that is not symmetric through its centre, the composite operations "
              "use it as ITK does\n    (both steps read f(x + o)); SciPy's grey_opening mirrors "
              "it for the dilation step. The footprint\n    must hold its centre voxel.")
_SQUARE = "footprint=cumed.morphology.square(3)"
dilate.__doc__ = _grayscale_function(
    "dilate", "dilate", "Grayscale dilation: the maximum over the structuring element.\n\n"
    "    With ``footprint``, ``scipy.ndimage.grey_dilation(image, footprint=footprint, "
    "mode='constant',\n    cval=<dtype's lowest>)`` exactly: out[x] = max of image[x - o] over "
    "the footprint's offsets o\n    (from index size//2). With ``radius``, ITK's "
    "GrayscaleDilateImageFilter bit for bit (max of image[x + o]).", None,
    _example(f"int(cumed.morphology.dilate(a, {_SQUARE}).sum())", "9"), True, False)
erode.__doc__ = _grayscale_function(
    "erode", "erode", "Grayscale erosion: the minimum over the structuring element.\n\n"
    "    With ``footprint``, ``scipy.ndimage.grey_erosion(image, footprint=footprint, "
    "mode='constant',\n    cval=<dtype's highest>)`` exactly: out[x] = min of image[x + o]. "
    "With ``radius``, ITK's\n    GrayscaleErodeImageFilter bit for bit.", None,
    _example(f"int(cumed.morphology.erode(1 - a, {_SQUARE}).sum())", "16"), True, False)
opening.__doc__ = _grayscale_function(
    "opening", "open", "Grayscale opening (erosion then dilation), as ITK's "
    "GrayscaleMorphologicalOpeningImageFilter.\n\n    " + _COMPOSITE, None,
    _example(f"int(cumed.morphology.opening(a, {_SQUARE}).sum())", "0"), False, True)
closing.__doc__ = _grayscale_function(
    "closing", "close", "Grayscale closing (dilation then erosion), as ITK's "
    "GrayscaleMorphologicalClosingImageFilter.\n\n    " + _COMPOSITE, None,
    _example(f"int(cumed.morphology.closing(1 - a, {_SQUARE}).sum())", "25"), False, True)
white_top_hat.__doc__ = _grayscale_function(
    "white_top_hat", "white_top_hat", "White top-hat: the image minus its opening (ITK's "
    "WhiteTopHatImageFilter).\n\n    " + _COMPOSITE, None,
    _example(f"int(cumed.morphology.white_top_hat(a, {_SQUARE}).sum())", "1"), False, True)
black_top_hat.__doc__ = _grayscale_function(
    "black_top_hat", "black_top_hat", "Black top-hat: the closing minus the image (ITK's "
    "BlackTopHatImageFilter).\n\n    " + _COMPOSITE, None,
    _example(f"int(cumed.morphology.black_top_hat(1 - a, {_SQUARE}).sum())", "1"), False, True)
gradient.__doc__ = _grayscale_function(
    "gradient", "gradient", "Morphological gradient: dilation minus erosion (ITK's "
    "MorphologicalGradientImageFilter).\n\n    " + _COMPOSITE, None,
    _example(f"int(cumed.morphology.gradient(a, {_SQUARE}).sum())", "9"), False, False)
binary_dilate.__doc__ = _binary_doc(
    "Binary dilation of the pixels equal to ``foreground`` (ITK's BinaryDilateImageFilter).\n\n"
    "    With ``footprint``, on a 0/1 image: ``scipy.ndimage.grey_dilation`` with that "
    "footprint (outside\n    counts as background).", False,
    _example(f"int(cumed.morphology.binary_dilate(a, {_SQUARE}).sum())", "9"))
binary_erode.__doc__ = _binary_doc(
    "Binary erosion of the pixels equal to ``foreground`` (ITK's BinaryErodeImageFilter).\n\n"
    "    With ``footprint``, on a 0/1 image: ``scipy.ndimage.grey_erosion`` with that footprint "
    "(outside\n    counts as object unless ``boundary_to_foreground=False``).", False,
    _example(f"int(cumed.morphology.binary_erode(1 - a, {_SQUARE}).sum())", "16"))
binary_opening.__doc__ = _binary_doc(
    "Binary opening: erosion then dilation (ITK's BinaryMorphologicalOpeningImageFilter).\n\n"
    "    " + _COMPOSITE, False,
    _example(f"int(cumed.morphology.binary_opening(a, {_SQUARE}).sum())", "0"))
binary_closing.__doc__ = _binary_doc(
    "Binary closing: dilation then erosion (ITK's BinaryMorphologicalClosingImageFilter).\n\n"
    "    " + _COMPOSITE, True,
    _example(f"int(cumed.morphology.binary_closing(1 - a, {_SQUARE}).sum())", "25"))
