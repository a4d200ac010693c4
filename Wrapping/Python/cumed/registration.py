"""B-spline free-form deformation (FFD) registration of a moving image onto a fixed image, on the
CPU or a CUDA device: CuMed's ``cumed::registration::Register`` with its results in memory.

The transform maps a fixed-space point x to ``A(x + u(x))`` in moving space (ITK's convention):
``u`` is a cubic B-spline over a control grid laid out exactly as ``itk::BSplineTransform<double,
3, 3>``, ``A`` an affine pre-alignment (given, estimated with ``affine=True``, or the identity).

Arrays are indexed ``[z, y, x]`` (2D: ``[y, x]``); geometry keywords (spacing, origin,
direction) and every vector CuMed returns (displacements, grid coefficients) are in ITK's
``(x, y, z)`` order, in millimetres. See Documentation/registration.md for the algorithm.
"""
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _common, _cumed
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
        """ITK's parameter vector: the x, then y, then z coefficients, each x fastest."""
        return np.ascontiguousarray(self.coefficients).ravel()

    def itk_fixed_parameters(self):
        """ITK's fixed parameters: size, origin, spacing, then the direction row by row."""
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
    # The fixed image's geometry, which the arrays share (x, y, z order).
    spacing: tuple = (1.0, 1.0, 1.0)
    origin: tuple = (0.0, 0.0, 0.0)
    direction: tuple = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


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


def register(fixed, moving, *, metric="lncc", levels=3, grid_spacing_mm=10.0, iterations=50,
             bending=10.0, elasticity=0.0, log_jacobian=0.0, lncc_sigma_mm=3.0,
             histogram_bins=64, tolerance=1e-6, affine=False, initial_affine=None, mask=None,
             moving_mask=None, default_value=0.0, outputs=OUTPUTS, on_iteration=None, fixed_spacing=None,
             fixed_origin=None, fixed_direction=None, moving_spacing=None, moving_origin=None,
             moving_direction=None, **execution):
    """Registers ``moving`` onto ``fixed`` (B-spline FFD, L-BFGS over a pyramid of ``levels``).

    ``fixed``, ``moving``: arrays ``[z, y, x]`` (or ``[y, x]``; both the same dimension) of
    uint8, int16, uint16 or float32 (float64: convert with ``.astype(numpy.float32)``), or
    cumed.Volume / vtkImageData carrying their geometry; ``fixed_spacing`` / ``_origin`` /
    ``_direction`` and ``moving_*`` (x, y, z order) override or supply it. Device arrays (CuPy,
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
    check (RegistrationQuality)."""
    fixed_array, fixed_geometry = _common.image_input(fixed, fixed_spacing, fixed_origin,
                                               fixed_direction, "fixed")
    moving_array, moving_geometry = _common.image_input(moving, moving_spacing, moving_origin,
                                                 moving_direction, "moving")
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
                               fixed_geometry, moving_geometry, _common.execution(**execution))
    except InvalidArgument as error:
        if mask is not None or moving_mask is not None or "the mask is zero" not in str(error):
            raise
        # No mask was given: the counted voxels are where the fixed and moving images overlap.
        raise InvalidArgument(f"fixed and moving do not overlap (their spacing, origin and "
                              f"direction place them apart, or moving is too small): "
                              f"{error}") from None
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
        metric=metric.lower(), spacing=raw["fixed_geometry"]["spacing"],
        origin=raw["fixed_geometry"]["origin"], direction=raw["fixed_geometry"]["direction"])


def _grid_shape(shape):
    sizes = _common.whole_list("shape", shape)
    if any(size < 1 for size in sizes):
        raise InvalidArgument(f"shape {tuple(sizes)}: every size must be at least 1")
    # Sizes must fit the native size type; the memory the field needs is checked there
    # (NumberRules' RequireMemory), before it is allocated.
    if any(size >= 2 ** 63 for size in sizes):
        raise InvalidArgument(f"shape {tuple(sizes)}: a size of 2**63 or more")
    return sizes


def field_from_grid(grid, shape, *, spacing=None, origin=None, direction=None, device=False,
                    **execution):
    """The dense displacement field ``[z, y, x, 3]`` (float32, mm, x, y, z components) of a
    BSplineGrid (e.g. ``result.grid``, or one built from ITK's parameters) on the image grid of
    ``shape`` with the given geometry: ``u(x)`` alone, without the affine. ``device=True`` leaves
    it on the CUDA device as a cumed.DeviceArray (``cupy.asarray`` takes it without a copy)."""
    if not all(hasattr(grid, name) for name in ("coefficients", "spacing", "origin",
                                                 "direction")):
        raise TypeError(f"grid must be a cumed.registration.BSplineGrid, got "
                        f"{type(grid).__name__}")
    grid_geometry = _cumed.Geometry(grid.spacing, grid.origin, grid.direction)
    return _native.field_of_grid(np.asarray(grid.coefficients, dtype=np.float64), grid_geometry,
                                 _grid_shape(shape),
                                 _cumed.Geometry(spacing, origin, direction),
                                 _common.flag("device", device),
                                 _common.execution(**execution))


def _field_input(field, spacing, origin, direction):
    """(flattened [z, y, x * 3] field, Geometry) for a field array, a Volume of one or a
    RegistrationResult (its field on the fixed image's geometry)."""
    if isinstance(field, (RegistrationResult, _common.Volume)):
        spacing = field.spacing if spacing is None else spacing
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
    return field.reshape(*shape[:-2], shape[-2] * 3), _cumed.Geometry(spacing, origin, direction)


def warp(moving, field, *, default_value=0.0, spacing=None, origin=None, direction=None,
         moving_spacing=None, moving_origin=None, moving_direction=None, **execution):
    """``moving`` resampled at ``x + field(x)`` on the field's grid (trilinear, ITK's rules;
    ``default_value`` outside the moving image): exactly ``RegistrationResult.warped`` for that
    result's field, so it applies a registration to another image of the moving subject.

    ``field``: a RegistrationResult (its field and the fixed image's geometry), or a float32
    ``[z, y, x, 3]`` array (x, y, z components, mm) with ``spacing`` / ``origin`` /
    ``direction`` (x, y, z order). ``moving``: an array, cumed.Volume or vtkImageData with its
    own geometry (``moving_*`` keywords). Returns a float32 ``[z, y, x]`` array; computed on the
    CPU (a device field's result is copied back to its device)."""
    flattened, field_geometry = _field_input(field, spacing, origin, direction)
    moving_array, moving_geometry = _common.image_input(moving, moving_spacing, moving_origin,
                                                        moving_direction, "moving")
    return _native.warp(moving_array, flattened, field_geometry, moving_geometry,
                        _common.real("default_value", default_value),
                        _common.execution(**execution))


def jacobian(field, *, spacing=None, origin=None, direction=None, **execution):
    """The Jacobian determinant ``[z, y, x]`` (float32) of ``x -> x + field(x)``, as ITK's
    DisplacementFieldJacobianDeterminantFilter computes it (central differences over the image
    spacing, the direction not applied). ``field``: float32 ``[z, y, x, 3]`` (or ``[y, x, 3]``),
    C-contiguous, host or device (the result stays where the field is), a cumed.Volume of one,
    or a RegistrationResult (its field on the fixed image's geometry)."""
    flattened, geometry = _field_input(field, spacing, origin, direction)
    result = _native.jacobian(flattened, geometry, _common.execution(**execution))
    if isinstance(result, np.ndarray) and not np.isfinite(result).all() and \
            isinstance(flattened, np.ndarray) and np.isfinite(flattened).all():
        # A field near 1e38 (or a spacing near 1e-30): the determinant overflows float32.
        raise InvalidArgument("field: the Jacobian determinant overflows float32 (the field's "
                              "values are too large for its spacing)")
    return result


def jacobian_statistics(jacobian_determinant, *, mask=None, spacing=None, origin=None,
                        direction=None):
    """Minimum, maximum, mean and folding (det <= 0) of a Jacobian determinant array over the
    voxels where ``mask`` is nonzero (all voxels without one). Returns JacobianStatistics."""
    geometry = _cumed.Geometry(spacing, origin, direction)
    return JacobianStatistics(**_native.jacobian_statistics(jacobian_determinant,
                                                            _mask_input(mask), geometry))
