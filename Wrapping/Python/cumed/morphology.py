"""Grayscale and binary mathematical morphology with flat structuring elements, bit for bit the
results of ITK's filters (itk::GrayscaleDilateImageFilter and siblings, itk::BinaryDilateImageFilter
and siblings), on the CPU or a CUDA device.

The structuring element is ``element="ball" | "box" | "cross"`` with ``radius`` in voxels (one
integer or ``(rx, ry, rz)`` in x, y, z order), or a ball of ``radius_mm`` millimetres through the
image's spacing, or any ``[z, y, x]`` mask array (nonzero = member, centred).
"""
from . import _common
from ._cumed import morphology as _native

GRAYSCALE_OPERATIONS = ("dilate", "erode", "open", "close", "white_top_hat", "black_top_hat",
                        "gradient")
BINARY_OPERATIONS = ("dilate", "erode", "open", "close")


def grayscale(image, operation, radius=1, *, element="ball", radius_mm=None, boundary=None,
              safe_border=True, spacing=None, origin=None, direction=None, **execution):
    """Grayscale ``operation`` (one of GRAYSCALE_OPERATIONS) of ``image``.

    ``boundary``: the value outside the image (ITK's default: the type's lowest value for a
    dilation, highest for an erosion). ``safe_border`` pads opening/closing as ITK does.
    Returns an array of the input's kind, dtype and shape."""
    array, geometry = _common.image_input(image, spacing, origin, direction)
    boundary = None if boundary is None else _common.real("boundary", boundary)
    result = _native.grayscale(array, operation, element, radius, radius_mm, boundary, safe_border,
                               geometry, _common.execution(**execution))
    return _common.same_kind(image, result)


def binary(image, operation, radius=1, *, element="ball", radius_mm=None, foreground=1,
           background=None, boundary_to_foreground=None, safe_border=True, spacing=None,
           origin=None, direction=None, **execution):
    """Binary ``operation`` (one of BINARY_OPERATIONS) of the pixels equal to ``foreground``.

    ``background`` (None: ITK's default for the operation) is written where foreground is
    removed; ``boundary_to_foreground`` (None: ITK's default, off for dilation, on for erosion)
    says whether outside the image counts as foreground."""
    array, geometry = _common.image_input(image, spacing, origin, direction)
    result = _native.binary(array, operation, element, radius, radius_mm,
                            _common.real("foreground", foreground),
                            None if background is None else _common.real("background", background),
                            boundary_to_foreground, safe_border, geometry,
                            _common.execution(**execution))
    return _common.same_kind(image, result)


def _grayscale_operation(operation):
    def apply(image, radius=1, **keywords):
        return grayscale(image, operation, radius, **keywords)

    apply.__name__ = operation
    apply.__doc__ = f"Grayscale {operation.replace('_', ' ')}: grayscale(image, {operation!r}, ...)."
    return apply


def _binary_operation(operation):
    def apply(image, radius=1, **keywords):
        return binary(image, operation, radius, **keywords)

    apply.__name__ = f"binary_{operation}"
    apply.__doc__ = f"Binary {operation}: binary(image, {operation!r}, ...)."
    return apply


dilate = _grayscale_operation("dilate")
erode = _grayscale_operation("erode")
opening = _grayscale_operation("open")
closing = _grayscale_operation("close")
white_top_hat = _grayscale_operation("white_top_hat")
black_top_hat = _grayscale_operation("black_top_hat")
gradient = _grayscale_operation("gradient")
binary_dilate = _binary_operation("dilate")
binary_erode = _binary_operation("erode")
binary_opening = _binary_operation("open")
binary_closing = _binary_operation("close")
