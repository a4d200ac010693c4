"""B-spline free-form deformation (FFD) registration of a moving image onto a fixed image, on the
CPU or a CUDA device: CuMed's ``cumed::registration::Register`` with its results in memory.

The transform maps a fixed-space point x to ``A(x + u(x))`` in moving space (ITK's convention):
``u`` is a cubic B-spline over a control grid laid out exactly as ``itk::BSplineTransform<double,
3, 3>``, ``A`` an affine pre-alignment (given, estimated with ``affine=True``, or the identity).

Arrays are indexed ``[z, y, x]`` (2D: ``[y, x]``). ``spacing`` keywords are in NumPy axis order
``(z, y, x)`` (``*_spacing_xyz`` for ITK's order); ``origin``, ``direction`` and every vector
CuMed returns (displacements, grid coefficients, the BSplineGrid's geometry: ITK's
BSplineTransform layout) are in ITK's ``(x, y, z)`` order, in millimetres. See Documentation/registration.md for the algorithm.
"""
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _common, _cumed
from ._common import document as _document, public as _public
from ._cumed import InvalidArgument
from ._cumed import registration as _native

Iteration = _native.Iteration
METRICS = ("ssd", "ncc", "lncc", "nmi")
OUTPUTS = ("warped", "field", "jacobian")


@dataclass
class JacobianStatistics:
    """The Jacobian determinant over the counted voxels (the fixed mask's, or all):
    ``folded_voxels`` have det <= 0 (the transform folds there)."""

    minimum: float
    maximum: float
    mean: float
    voxels: int
    folded_voxels: int
    folded_percent: float


@dataclass
class RegistrationQuality:
    """The check every registration ends with (C++ ``RegistrationResult::quality``), so that a
    wrong answer is not a silent one. ``folded``: some counted voxel has a Jacobian determinant
    <= 0 (``folded_percent`` of them). ``ncc_before`` / ``ncc_after``: the global correlation
    (Pearson's r) of the fixed image and the moving image seen through the initial transform and
    through the final one, over the same ``voxels_compared`` voxels (in the fixed mask, inside
    the moving image and its mask under both transforms); ``correlation_checked`` is False when
    fewer than 2 voxels overlap or one side is flat (both NCCs then 0). ``worse_than_start``:
    ``ncc_after`` fell below ``ncc_before`` by more than 1e-3. ``warnings``: one sentence per
    problem, also logged through CuMed's log; ``ok`` when there are none."""

    folded: bool
    folded_percent: float
    correlation_checked: bool
    ncc_before: float
    ncc_after: float
    voxels_compared: int
    worse_than_start: bool
    warnings: list

    @property
    def ok(self):
        return not self.warnings


@dataclass
class BSplineGrid:
    """The control grid of ``u`` in ITK's ``BSplineTransform`` layout.

    ``coefficients``: float64 ``[3, z, y, x]``, the displacement (x, y, z components, mm) at each
    control point; ``origin``, ``spacing``, ``size`` (x, y, z) and ``direction`` (3x3, columns
    = grid axes) are the coefficient images' geometry. For ITK:
    ``transform = itk.BSplineTransform[itk.D, 3, 3].New()``, then
    ``transform.SetFixedParameters(grid.itk_fixed_parameters())`` and
    ``transform.SetParameters(grid.itk_parameters())`` (as converted OptimizerParameters)."""

    coefficients: Any
    origin: tuple
    spacing: tuple
    size: tuple
    direction: tuple

    def itk_parameters(self):
        """ITK's parameter vector: the x, then y, then z coefficients, each x fastest.

        Parameters
        ----------
        None

        Returns
        -------
        numpy.ndarray
            float64, ``3 * z * y * x`` values.

        Raises
        ------
        Nothing
            It never raises.

        Examples
        --------
        >>> import numpy, cumed
        >>> grid = cumed.registration.BSplineGrid(numpy.zeros((3, 4, 5, 6)), (0, 0, 0), (1, 1, 1),
        ...                                       (6, 5, 4), numpy.eye(3))
        >>> grid.itk_parameters().shape
        (360,)
        """
        return np.ascontiguousarray(self.coefficients).ravel()

    def itk_fixed_parameters(self):
        """ITK's fixed parameters: size, origin, spacing, then the direction row by row.

        Parameters
        ----------
        None

        Returns
        -------
        numpy.ndarray
            float64, 18 values for 3-D.

        Raises
        ------
        Nothing
            It never raises.

        Examples
        --------
        >>> import numpy, cumed
        >>> grid = cumed.registration.BSplineGrid(numpy.zeros((3, 4, 5, 6)), (0, 0, 0), (1, 1, 1),
        ...                                       (6, 5, 4), numpy.eye(3))
        >>> grid.itk_fixed_parameters()[:3].tolist()
        [6.0, 5.0, 4.0]
        """
        return np.array([*self.size, *self.origin, *self.spacing,
                         *np.asarray(self.direction, dtype=float).ravel()], dtype=float)


@dataclass
class RegistrationTiming:
    """Wall-clock seconds per stage: input preparation and pyramid, the affine stage, each
    B-spline level (coarsest first), and the outputs (field, warped image, Jacobian)."""

    prepare: float
    affine: float
    levels: list
    output: float


@dataclass
class RegistrationResult:
    """What ``register`` returns. Arrays are those of the fixed image's grid: ``warped``
    ``[z, y, x]`` float32 (the moving image resampled, trilinear), ``field`` ``[z, y, x, 3]``
    float32 (``A(x + u(x)) - x``: displacement x, y, z in mm from fixed to moving space, ITK's
    convention), ``jacobian`` ``[z, y, x]`` float32 (det of the transform's Jacobian); each is
    None when left out of ``outputs``. NumPy arrays for host inputs, arrays of the fixed image's
    family (CuPy, torch, cumed.DeviceArray) on its device for device inputs."""

    warped: Any
    field: Any
    jacobian: Any
    jacobian_statistics: JacobianStatistics
    grid: BSplineGrid
    affine: Any  # 4x4 float64: moving point = affine @ [x, y, z, 1]
    similarity_before: float
    similarity_after: float  # the final metric value (finest level, without regularisation)
    iterations: list  # per B-spline level, coarsest first
    affine_iterations: list  # per affine-stage level; empty without affine=True
    backend: str
    seconds: float
    timing: RegistrationTiming
    quality: RegistrationQuality  # the end-of-run check: folding, NCC before/after, warnings
    metric: str = "ssd"
    # The fixed image's geometry, which the arrays share: spacing in NumPy axis order (z, y, x),
    # origin and direction in (x, y, z).
    spacing: tuple = (1.0, 1.0, 1.0)
    origin: tuple = (0.0, 0.0, 0.0)
    direction: tuple = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))

    @property
    def spacing_xyz(self):
        """``spacing`` in ITK's ``(x, y, z)`` order."""
        return tuple(reversed(tuple(self.spacing)))


def _mask_input(mask):
    """A NumPy mask of any dtype becomes uint8 (nonzero = counted); device masks must already
    be uint8 or bool (CuMed does not copy device arrays behind your back)."""
    if mask is None:
        return None
    if isinstance(mask, _common.Volume):
        mask = mask.array
    if isinstance(mask, np.ndarray) and mask.dtype not in (np.uint8, np.bool_):
        return (mask != 0).astype(np.uint8)
    return mask


@_public
def register(fixed, moving, *, metric="lncc", levels=3, grid_spacing_mm=10.0, iterations=50,
             bending=10.0, elasticity=0.0, log_jacobian=0.0, lncc_sigma_mm=3.0,
             histogram_bins=64, tolerance=1e-6, affine=False, initial_affine=None, mask=None,
             moving_mask=None, default_value=0.0, outputs=OUTPUTS, on_iteration=None,
             fixed_spacing=None, fixed_spacing_xyz=None, fixed_origin=None, fixed_direction=None,
             moving_spacing=None, moving_spacing_xyz=None, moving_origin=None,
             moving_direction=None, backend="auto", threads=0, progress=None, cancel=None,
             report=None):
    """Registers ``moving`` onto ``fixed`` (B-spline FFD, L-BFGS over a pyramid of ``levels``).

    ``fixed``, ``moving``: arrays ``[z, y, x]`` (or ``[y, x]``; both the same dimension) of
    uint8, int16, uint16, float32 or float64 (copied to float32), or cumed.Volume /
    vtkImageData carrying their geometry; ``fixed_spacing`` ((z, y, x), or
    ``fixed_spacing_xyz``) / ``_origin`` / ``_direction`` and ``moving_*`` override or supply
    it. Device arrays (CuPy,
    PyTorch) are read where they are; the results then stay on that device.

    ``metric``: "lncc" (local NCC, Gaussian window ``lncc_sigma_mm``; the default, as in C++ and
    ``cumed-register``: the CT-CT settings, registration.md "Defaults"), "ssd", "ncc" or "nmi"
    (``histogram_bins``). ``grid_spacing_mm``: control-point spacing at the finest level (each
    coarser level doubles it). ``iterations``: L-BFGS iterations per level; ``tolerance``: stop a
    level when the cost changes by less than this (relative). ``bending``, ``elasticity``,
    ``log_jacobian``: penalty weights. Ranges (cumed.InvalidArgument naming the keyword):
    ``levels`` 1..8, ``iterations`` 0..100000, ``histogram_bins`` 4..1024, ``lncc_sigma_mm``
    1e-6..1e6, ``grid_spacing_mm`` above 0 and at most 1e6, weights and ``tolerance`` 0..1e30.
    ``affine=True`` estimates an affine pre-alignment first
    (from ``initial_affine``, a 4x4 or 3x4 matrix mapping fixed to moving points in mm, or the
    identity). ``mask``: the fixed image's mask (nonzero voxels count). ``moving_mask``: a mask
    of ``moving``'s shape on its grid (elastix's moving mask): a fixed voxel counts only where all 8
    moving voxels its trilinear sample reads are nonzero, e.g. to ignore an artefact or a region
    missing from the fixed image. ``default_value``: the
    warped image's value where it samples outside the moving image. ``outputs``: which of
    "warped", "field", "jacobian" to return (the others are freed at once).

    ``progress=callable(fraction)`` is called after every optimiser iteration (fractions of the
    stages, non-decreasing, 1.0 at the end); ``cancel=callable() -> bool`` is polled there and
    stops the registration with cumed.Cancelled; ``on_iteration=callable(Iteration)`` sees the
    costs of every iteration (returning False also cancels). ``backend``, ``threads``,
    ``report`` as everywhere. Returns a RegistrationResult; its ``quality`` holds the end-of-run
    check (RegistrationQuality).

    Parameters
    ----------
    fixed, moving : array_like, cumed.Volume or vtkImageData
        ``[z, y, x]`` (or ``[y, x]``) uint8, int16, uint16, float32, or float64 (copied to
        float32 once); registration computes in float32.
    metric : {"lncc", "ssd", "ncc", "nmi"}, default "lncc"
        The similarity metric.
    levels : int, default 3
        Pyramid levels, 1..8.
    grid_spacing_mm : float, default 10.0
        Control-point spacing at the finest level, mm.
    iterations : int, default 50
        L-BFGS iterations per level, 0..100000.
    bending : float, default 10.0
        Bending energy weight.
    elasticity : float, default 0.0
        Linear elasticity weight.
    log_jacobian : float, default 0.0
        Log-Jacobian (folding) penalty weight.
    lncc_sigma_mm : float, default 3.0
        LNCC's Gaussian window, mm.
    histogram_bins : int, default 64
        NMI's bins, 4..1024.
    tolerance : float, default 1e-6
        Relative cost change that stops a level.
    affine : bool, default False
        Estimate an affine pre-alignment first.
    initial_affine : array_like or None, default None
        4x4 or 3x4 matrix mapping fixed to moving points (mm), the affine stage's start.
    mask : array_like or None, default None
        The fixed image's mask (nonzero counts).
    moving_mask : array_like or None, default None
        A mask on the moving grid (a fixed voxel counts where all 8 samples are inside it).
    default_value : float, default 0.0
        The warped image's value outside the moving image.
    outputs : sequence of str, default ("warped", "field", "jacobian")
        Which dense outputs to return.
    on_iteration : callable or None, default None
        ``on_iteration(Iteration)`` after every iteration; returning False cancels.
    fixed_spacing : float or tuple of float, default None
        The fixed voxel size in NumPy axis order ``(z, y, x)``; None: the input's, or 1.
    fixed_spacing_xyz : float or tuple of float, default None
        The same in ITK's ``(x, y, z)`` order (not with ``fixed_spacing``).
    fixed_origin : tuple of float, default None
        Physical ``(x, y, z)`` of the fixed voxel ``[0, 0, 0]``.
    fixed_direction : 3x3 sequence of float, default None
        The fixed image's direction (ITK's).
    moving_spacing : float or tuple of float, default None
        The moving voxel size ``(z, y, x)``.
    moving_spacing_xyz : float or tuple of float, default None
        The same in ``(x, y, z)`` order (not with ``moving_spacing``).
    moving_origin : tuple of float, default None
        Physical ``(x, y, z)`` of the moving voxel ``[0, 0, 0]``.
    moving_direction : 3x3 sequence of float, default None
        The moving image's direction (ITK's).
    {execution}

    Returns
    -------
    RegistrationResult
        The dense outputs on the fixed grid, the grid (ITK's BSplineTransform layout, x, y, z),
        the affine, metric values, iterations, timing, ``quality``, and the fixed geometry
        (``spacing`` ``(z, y, x)``, ``spacing_xyz``, ``origin``, ``direction``).

    Raises
    ------
    cumed.InvalidArgument
        A value out of its range (named), images that do not overlap, an unknown metric.
    cumed.Cancelled
        ``cancel`` returned True or ``on_iteration`` returned False.
    TypeError
        An unknown keyword, a callback that is not callable, ``*_spacing`` with
        ``*_spacing_xyz``.

    Examples
    --------
    >>> import numpy, cumed
    >>> z, y, x = numpy.mgrid[:16, :20, :24].astype(numpy.float32)
    >>> fixed = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 12) ** 2) / 30)
    >>> moving = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 13) ** 2) / 30)
    >>> result = cumed.registration.register(fixed, moving, metric="ssd", levels=1,
    ...                                      grid_spacing_mm=8, iterations=20, backend="cpu")
    >>> bool(abs(result.field[8, 10, 12, 0] - 1) < 0.5)
    True
    """
    fixed_array, fixed_geometry = _common.image_input(
        fixed, fixed_spacing, fixed_origin, fixed_direction, "fixed",
        spacing_xyz=fixed_spacing_xyz, spacing_name="fixed_spacing")
    moving_array, moving_geometry = _common.image_input(
        moving, moving_spacing, moving_origin, moving_direction, "moving",
        spacing_xyz=moving_spacing_xyz, spacing_name="moving_spacing")
    fixed_array = _common.float64_as_float32(fixed_array, "fixed", "register")
    moving_array = _common.float64_as_float32(moving_array, "moving", "register")
    if isinstance(outputs, str):
        outputs = (outputs,)
    if not isinstance(metric, str):
        raise InvalidArgument(f"metric must be one of {', '.join(METRICS)}, got {metric!r}")
    if on_iteration is not None and not callable(on_iteration):
        raise TypeError(f"on_iteration must be callable, got {type(on_iteration).__name__}")
    try:
        raw = _native.register(fixed_array, moving_array, _mask_input(mask),
                               _mask_input(moving_mask),
                               metric, _common.whole("levels", levels),
                               _common.real("grid_spacing_mm", grid_spacing_mm),
                               _common.whole("iterations", iterations),
                               _common.real("tolerance", tolerance),
                               _common.real("bending", bending),
                               _common.real("elasticity", elasticity),
                               _common.real("log_jacobian", log_jacobian),
                               _common.whole("histogram_bins", histogram_bins),
                               _common.real("lncc_sigma_mm", lncc_sigma_mm),
                               _common.real("default_value", default_value),
                               _common.flag("affine", affine), initial_affine,
                               _common.items("outputs", outputs, "a sequence of output names"),
                               on_iteration,
                               fixed_geometry, moving_geometry,
                               _common.execution(backend, threads, progress, cancel, report))
    except InvalidArgument as error:
        if mask is not None or moving_mask is not None or "the mask is zero" not in str(error):
            raise
        # No mask was given: the counted voxels are where the fixed and moving images overlap.
        placed_by = "spacing, origin and direction" + \
            (" with initial_affine" if initial_affine is not None else "")
        raise InvalidArgument(f"fixed and moving do not overlap (their {placed_by} place them "
                              f"apart, or moving is too small): {error}") from None
    geometry = raw["grid_geometry"]
    return RegistrationResult(
        warped=raw["warped"], field=raw["field"], jacobian=raw["jacobian"],
        jacobian_statistics=JacobianStatistics(**raw["jacobian_statistics"]),
        grid=BSplineGrid(raw["grid_coefficients"], geometry["origin"], geometry["spacing"],
                         geometry["size"], geometry["direction"]),
        affine=raw["affine"], similarity_before=raw["similarity_before"],
        similarity_after=raw["similarity_after"], iterations=list(raw["iterations"]),
        affine_iterations=list(raw["affine_iterations"]), backend=raw["backend"],
        seconds=raw["seconds"],
        timing=RegistrationTiming(raw["timing"]["prepare"], raw["timing"]["affine"],
                                  list(raw["timing"]["levels"]), raw["timing"]["output"]),
        quality=RegistrationQuality(**{**raw["quality"],
                                       "warnings": list(raw["quality"]["warnings"])}),
        metric=metric.lower(), spacing=tuple(reversed(tuple(raw["fixed_geometry"]["spacing"]))),
        origin=raw["fixed_geometry"]["origin"], direction=raw["fixed_geometry"]["direction"])


register.__doc__ = _document(register.__doc__)


def _grid_shape(shape):
    sizes = _common.whole_list("shape", shape)
    if any(size < 1 for size in sizes):
        raise InvalidArgument(f"shape {tuple(sizes)}: every size must be at least 1")
    # Sizes must fit the native size type; the memory the field needs is checked there
    # (NumberRules' RequireMemory), before it is allocated.
    if any(size >= 2 ** 63 for size in sizes):
        raise InvalidArgument(f"shape {tuple(sizes)}: a size of 2**63 or more")
    return sizes


@_public
def field_from_grid(grid, shape, *, spacing=None, spacing_xyz=None, origin=None, direction=None,
                    device=False, backend="auto", threads=0, progress=None, cancel=None,
                    report=None):
    """The dense displacement field ``[z, y, x, 3]`` (float32, mm, x, y, z components) of a
    BSplineGrid (e.g. ``result.grid``, or one built from ITK's parameters) on the image grid of
    ``shape`` with the given geometry: ``u(x)`` alone, without the affine. ``device=True`` leaves
    it on the CUDA device as a cumed.DeviceArray (``cupy.asarray`` takes it without a copy).

    Parameters
    ----------
    grid : BSplineGrid
        A control grid (``result.grid``, or built from ITK's parameters).
    shape : sequence of int
        The image grid's shape ``[z, y, x]`` (or ``[y, x]``).
    spacing : float or tuple of float, default None
        The field's voxel size in NumPy axis order ``(z, y, x)``; None: the result's or
        Volume's, or 1.
    spacing_xyz : float or tuple of float, default None
        The same in ITK's ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        Physical ``(x, y, z)`` of voxel ``[0, 0, 0]``.
    direction : 3x3 sequence of float, default None
        ITK's direction matrix (columns: the x, y, z index axes).
    device : bool, default False
        Leave the field on the CUDA device (a cumed.DeviceArray).
    {execution}

    Returns
    -------
    numpy.ndarray or cumed.DeviceArray
        ``[z, y, x, 3]`` float32 displacements in mm (x, y, z components).

    Raises
    ------
    cumed.InvalidArgument
        A bad shape, geometry, or too little memory (said before allocating).
    TypeError
        An unknown keyword, or a grid that is not a BSplineGrid.

    Examples
    --------
    >>> import numpy, cumed
    >>> z, y, x = numpy.mgrid[:16, :20, :24].astype(numpy.float32)
    >>> fixed = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 12) ** 2) / 30)
    >>> moving = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 13) ** 2) / 30)
    >>> result = cumed.registration.register(fixed, moving, metric="ssd", levels=1,
    ...                                      iterations=5, backend="cpu")
    >>> field = cumed.registration.field_from_grid(result.grid, fixed.shape)
    >>> field.shape
    (16, 20, 24, 3)
    """
    if not all(hasattr(grid, name) for name in ("coefficients", "spacing", "origin",
                                                 "direction")):
        raise TypeError(f"grid must be a cumed.registration.BSplineGrid, got "
                        f"{type(grid).__name__}")
    grid_geometry = _cumed.Geometry(grid.spacing, grid.origin, grid.direction)
    return _native.field_of_grid(np.asarray(grid.coefficients, dtype=np.float64), grid_geometry,
                                 _grid_shape(shape),
                                 _common.geometry(spacing, origin, direction, spacing_xyz),
                                 _common.flag("device", device),
                                 _common.execution(backend, threads, progress, cancel, report))


field_from_grid.__doc__ = _document(field_from_grid.__doc__)


def _field_input(field, spacing, origin, direction, spacing_xyz=None):
    """(flattened [z, y, x * 3] field, Geometry) for a field array, a Volume of one or a
    RegistrationResult (its field on the fixed image's geometry)."""
    if isinstance(field, (RegistrationResult, _common.Volume)):
        if spacing is None and spacing_xyz is None:
            spacing_xyz = field.spacing_xyz
        origin = field.origin if origin is None else origin
        direction = field.direction if direction is None else direction
        if isinstance(field, RegistrationResult) and field.field is None:
            raise InvalidArgument("the RegistrationResult has no field: register with "
                                  "outputs including 'field'")
        field = field.field if isinstance(field, RegistrationResult) else field.array
    if not hasattr(field, "shape") or not hasattr(field, "reshape"):
        raise TypeError(f"field must be a [z, y, x, 3] array, a cumed.Volume or a "
                        f"RegistrationResult, got {type(field).__name__}")
    shape = tuple(field.shape)
    if len(shape) not in (3, 4) or shape[-1] != 3:
        raise InvalidArgument(f"field: expected a [z, y, x, 3] or [y, x, 3] array, got shape "
                              f"{shape}")
    return (_common.host_view(field).reshape(*shape[:-2], shape[-2] * 3),
            _common.geometry(spacing, origin, direction, spacing_xyz))


@_public
def warp(moving, field, *, default_value=0.0, spacing=None, spacing_xyz=None, origin=None,
         direction=None, moving_spacing=None, moving_spacing_xyz=None, moving_origin=None,
         moving_direction=None, backend="auto", threads=0, progress=None, cancel=None,
         report=None):
    """``moving`` resampled at ``x + field(x)`` on the field's grid (trilinear, ITK's rules;
    ``default_value`` outside the moving image): exactly ``RegistrationResult.warped`` for that
    result's field, so it applies a registration to another image of the moving subject.

    ``field``: a RegistrationResult (its field and the fixed image's geometry), or a float32
    ``[z, y, x, 3]`` array (x, y, z components, mm) with ``spacing`` ((z, y, x)) /
    ``origin`` / ``direction`` ((x, y, z)). ``moving``: an array, cumed.Volume or vtkImageData with its
    own geometry (``moving_*`` keywords). Returns a float32 ``[z, y, x]`` array; computed on the
    CPU (a device field's result is copied back to its device).

    Parameters
    ----------
    moving : array_like, cumed.Volume or vtkImageData
        The image to resample (float64 is copied to float32; computed in float32).
    field : RegistrationResult or array_like or cumed.Volume
        A result (its field and fixed geometry) or a float32 ``[z, y, x, 3]`` field in mm.
    default_value : float, default 0.0
        The value where the sample falls outside ``moving``.
    spacing : float or tuple of float, default None
        The field's voxel size in NumPy axis order ``(z, y, x)``; None: the result's or
        Volume's, or 1.
    spacing_xyz : float or tuple of float, default None
        The same in ITK's ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        Physical ``(x, y, z)`` of voxel ``[0, 0, 0]``.
    direction : 3x3 sequence of float, default None
        ITK's direction matrix (columns: the x, y, z index axes).
    moving_spacing : float or tuple of float, default None
        ``moving``'s voxel size ``(z, y, x)``.
    moving_spacing_xyz : float or tuple of float, default None
        The same in ``(x, y, z)`` order.
    moving_origin : tuple of float, default None
        Physical ``(x, y, z)`` of ``moving``'s voxel ``[0, 0, 0]``.
    moving_direction : 3x3 sequence of float, default None
        ``moving``'s direction (ITK's).
    {execution}

    Returns
    -------
    numpy.ndarray or device array
        float32 ``[z, y, x]`` on the field's grid.

    Raises
    ------
    cumed.InvalidArgument
        Bad shapes or geometry, a result without a field.
    TypeError
        An unknown keyword, or a field that is not an array.

    Examples
    --------
    >>> import numpy, cumed
    >>> z, y, x = numpy.mgrid[:16, :20, :24].astype(numpy.float32)
    >>> fixed = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 12) ** 2) / 30)
    >>> moving = numpy.exp(-((z - 8) ** 2 + (y - 10) ** 2 + (x - 13) ** 2) / 30)
    >>> result = cumed.registration.register(fixed, moving, metric="ssd", levels=1,
    ...                                      iterations=5, backend="cpu")
    >>> bool((cumed.registration.warp(moving, result) == result.warped).all())
    True
    """
    flattened, field_geometry = _field_input(field, spacing, origin, direction, spacing_xyz)
    moving_array, moving_geometry = _common.image_input(
        moving, moving_spacing, moving_origin, moving_direction, "moving",
        spacing_xyz=moving_spacing_xyz, spacing_name="moving_spacing")
    moving_array = _common.float64_as_float32(moving_array, "moving", "warp")
    return _native.warp(moving_array, flattened, field_geometry, moving_geometry,
                        _common.real("default_value", default_value),
                        _common.execution(backend, threads, progress, cancel, report))


warp.__doc__ = _document(warp.__doc__)


@_public
def jacobian(field, *, spacing=None, spacing_xyz=None, origin=None, direction=None,
             backend="auto", threads=0, progress=None, cancel=None, report=None):
    """The Jacobian determinant ``[z, y, x]`` (float32) of ``x -> x + field(x)``, as ITK's
    DisplacementFieldJacobianDeterminantFilter computes it (central differences over the image
    spacing, the direction not applied). ``field``: float32 ``[z, y, x, 3]`` (or ``[y, x, 3]``),
    C-contiguous, host or device (the result stays where the field is), a cumed.Volume of one,
    or a RegistrationResult (its field on the fixed image's geometry).

    Parameters
    ----------
    field : array_like, cumed.Volume or RegistrationResult
        float32 ``[z, y, x, 3]`` (or ``[y, x, 3]``) displacements in mm.
    spacing : float or tuple of float, default None
        The field's voxel size in NumPy axis order ``(z, y, x)``; None: the result's or
        Volume's, or 1.
    spacing_xyz : float or tuple of float, default None
        The same in ITK's ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        Physical ``(x, y, z)`` of voxel ``[0, 0, 0]``.
    direction : 3x3 sequence of float, default None
        ITK's direction matrix (columns: the x, y, z index axes).
    {execution}

    Returns
    -------
    array
        float32 ``[z, y, x]`` determinants, where the field is (host or device).

    Raises
    ------
    cumed.InvalidArgument
        A bad shape or dtype, a determinant that overflows float32.
    TypeError
        An unknown keyword, or a field that is not an array.

    Examples
    --------
    >>> import numpy, cumed
    >>> field = numpy.zeros((4, 5, 6, 3), numpy.float32)
    >>> field[..., 0] = 0.1 * numpy.arange(6)   # x stretched by 1.1
    >>> round(float(cumed.registration.jacobian(field)[2, 2, 2]), 4)
    1.1
    """
    flattened, geometry = _field_input(field, spacing, origin, direction, spacing_xyz)
    result = _native.jacobian(flattened, geometry,
                              _common.execution(backend, threads, progress, cancel, report))
    if isinstance(result, np.ndarray) and not np.isfinite(result).all() and \
            isinstance(flattened, np.ndarray) and np.isfinite(flattened).all():
        # A field near 1e38 (or a spacing near 1e-30): the determinant overflows float32.
        raise InvalidArgument("field: the Jacobian determinant overflows float32 (the field's "
                              "values are too large for its spacing)")
    return result


jacobian.__doc__ = _document(jacobian.__doc__)


@_public
def jacobian_statistics(jacobian_determinant, *, mask=None, spacing=None, spacing_xyz=None,
                        origin=None, direction=None):
    """Minimum, maximum, mean and folding (det <= 0) of a Jacobian determinant array over the
    voxels where ``mask`` is nonzero (all voxels without one). Returns JacobianStatistics.

    Parameters
    ----------
    jacobian_determinant : array_like
        float32 ``[z, y, x]`` determinants (e.g. from :func:`jacobian`).
    mask : array_like or None, default None
        Voxels to count (nonzero); None: all.
    spacing : float or tuple of float, default None
        Voxel size ``(z, y, x)`` (volumes of folded regions).
    spacing_xyz : float or tuple of float, default None
        The same in ``(x, y, z)`` order.
    origin : tuple of float, default None
        Physical ``(x, y, z)`` of voxel ``[0, 0, 0]``.
    direction : 3x3 sequence of float, default None
        ITK's direction matrix.

    Returns
    -------
    JacobianStatistics
        Minimum, maximum, mean, folded voxels and their share.

    Raises
    ------
    cumed.InvalidArgument
        A bad shape or dtype, a mask of another shape, an empty mask.
    TypeError
        An unknown keyword.

    Examples
    --------
    >>> import numpy, cumed
    >>> det = numpy.ones((2, 3, 4), numpy.float32); det[0, 0, 0] = -1
    >>> cumed.registration.jacobian_statistics(det).folded_voxels
    1
    """
    geometry = _common.geometry(spacing, origin, direction, spacing_xyz)
    return JacobianStatistics(**_native.jacobian_statistics(_common.host_view(jacobian_determinant),
                                                            _mask_input(mask), geometry))
