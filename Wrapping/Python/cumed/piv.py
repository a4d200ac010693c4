"""Particle image velocimetry: the displacement field between two frames by FFT
cross-correlation of interrogation windows, with multi-pass window deformation, sub-pixel peak
fits, normalised-median validation and replacement, on the CPU (FFTW) or a CUDA device (cuFFT).

Frames are 2D arrays indexed ``[y, x]`` (row = y, pointing down), uint8 (or bool), int16, uint16
or float32, NumPy (host) or CUDA arrays (CuPy, PyTorch: device); both frames of a pair have one
shape, dtype and place. The result is always on the host: CuMed downloads the field (small) when
the work ran on the GPU. Positions ``x, y`` are window centres in pixel-centre coordinates
(0 = the first pixel); displacements ``u, v`` are in px from the first frame to the second,
along x (to the right) and y (down). Every result array has the grid's shape ``[rows, columns]``.
"""
import numbers
from dataclasses import dataclass, field as dataclass_field
from typing import Any

import numpy

from . import _common
from ._cumed import piv as _native

#: Bits of PivResult.flags (cumed::piv::VectorFlag).
MASKED = 1  #: the window centre is masked: no vector (u = v = 0)
INVALID_PEAK = 2  #: no positive correlation peak, or its fit failed
MEDIAN_OUTLIER = 4  #: failed the normalised median test
LOW_PEAK_RATIO = 8  #: peak-to-peak ratio below min_peak_ratio
OUT_OF_RANGE = 16  #: outside limits
REPLACED = 32  #: u, v replaced from the neighbours
BEYOND_QUARTER_WINDOW = 64  #: peak farther than search + window / 4 px: no vector of its own
#: Flags that make a vector an outlier (replaced unless replacement="none").
OUTLIER_FLAGS = (INVALID_PEAK | MEDIAN_OUTLIER | LOW_PEAK_RATIO | OUT_OF_RANGE
                 | BEYOND_QUARTER_WINDOW)

SUBPIXEL_FITS = ("gaussian", "centroid", "parabolic")
DEFORMATIONS = ("lanczos", "bicubic", "bilinear")
REPLACEMENTS = ("median", "mean", "none")


@dataclass
class DerivedFields:
    """Velocity and its derivatives in physical units, per vector ``[rows, columns]``: positions
    ``x, y`` (length units), velocity ``u, v`` (length / time), ``magnitude``, ``vorticity``
    (dv/dx - du/dy, 1 / time; with y down, clockwise on the screen is positive) and
    ``divergence`` (du/dx + dv/dy), by central differences between window centres (one-sided at
    the edges and next to masked vectors, 0 at masked vectors)."""

    x: Any
    y: Any
    u: Any
    v: Any
    magnitude: Any
    vorticity: Any
    divergence: Any


@dataclass
class PivResult:
    """One vector per interrogation window of the last pass, as ``[rows, columns]`` NumPy arrays
    that view CuMed's own field (no copies).

    ``x, y``: window centres (px); ``u, v``: displacement (px, x right, y down); ``peak``: the
    correlation at the integer peak; ``second_peak``: the highest value outside the peak's 5x5
    neighbourhood; ``peak_to_peak`` and ``peak_to_mean``: the signal-to-noise ratios (<= 1e6);
    ``flags``: uint8 bits MASKED, INVALID_PEAK, MEDIAN_OUTLIER, LOW_PEAK_RATIO, OUT_OF_RANGE,
    REPLACED. ``window_size`` and ``step`` (px) of the last pass, ``passes`` run, ``backend``
    ("cpu" or "cuda")."""

    x: Any
    y: Any
    u: Any
    v: Any
    peak: Any
    second_peak: Any
    peak_to_peak: Any
    peak_to_mean: Any
    flags: Any
    window_size: int
    step: int
    passes: int
    backend: str
    _field: Any = dataclass_field(default=None, repr=False, compare=False)

    @property
    def shape(self):
        """(rows, columns) of the window grid."""
        return self.u.shape

    @property
    def masked(self):
        """True where the window centre was masked (no vector)."""
        return (self.flags & MASKED) != 0

    @property
    def outlier(self):
        """True where validation flagged the vector (before any replacement)."""
        return (self.flags & OUTLIER_FLAGS) != 0

    @property
    def replaced(self):
        """True where u, v were replaced from the neighbours."""
        return (self.flags & REPLACED) != 0

    @property
    def valid(self):
        """True where the vector is measured and passed validation (not masked, no outlier)."""
        return (self.flags & (MASKED | OUTLIER_FLAGS)) == 0

    def validate(self, *, median_test=True, median_threshold=2.0, median_epsilon=0.1,
                 median_radius=1, min_peak_ratio=0.0, limits=None, replacement="median",
                 replacement_iterations=10) -> "PivResult":
        """A new result validated anew with other settings (piv()'s validation keywords; this
        one is left as it is): the validation flags are cleared (not MASKED, INVALID_PEAK, BEYOND_QUARTER_WINDOW) and
        set again, then flagged vectors replaced. Vectors replaced before stay replaced values:
        compute with ``replacement="none"`` to re-validate the measured vectors."""
        settings = dict(_OPTION_DEFAULTS, median_test=median_test,
                        median_threshold=median_threshold, median_epsilon=median_epsilon,
                        median_radius=median_radius, min_peak_ratio=min_peak_ratio,
                        limits=limits, replacement=replacement,
                        replacement_iterations=replacement_iterations)
        return _result(_native.validate(self._field, _options(**settings)))

    def derived(self, time_between_frames=1.0, pixel_size=1.0) -> DerivedFields:
        """Velocity, magnitude, vorticity and divergence in physical units: ``pixel_size``
        (length per px, e.g. mm) and ``time_between_frames`` (e.g. s), both > 0. Computed on the
        host from this field (edits to u, v or flags in place are seen)."""
        arrays = _native.derived(self._field,
                                 _common.real("time_between_frames", time_between_frames),
                                 _common.real("pixel_size", pixel_size))
        return DerivedFields(**arrays)


def _options(window, overlap, search, remove_mean, normalized, zero_padding, subpixel,
             pair_loss_correction, deformation, predictor_smoothing, median_test,
             median_threshold, median_epsilon, median_radius, min_peak_ratio, limits, replacement,
             replacement_iterations):
    real, whole, flag = _common.real, _common.whole, _common.flag
    limit_values = [] if limits is None else [
        real("limits", value)
        for value in _common.items("limits", limits, "(umin, umax, vmin, vmax)")]
    return _native.Options(_window_sizes(window), real("overlap", overlap), whole("search", search),
                           flag("remove_mean", remove_mean), flag("normalized", normalized),
                           flag("zero_padding", zero_padding), str(subpixel),
                           _pair_loss(pair_loss_correction), str(deformation),
                           whole("predictor_smoothing", predictor_smoothing),
                           flag("median_test", median_test),
                           real("median_threshold", median_threshold),
                           real("median_epsilon", median_epsilon),
                           whole("median_radius", median_radius),
                           real("min_peak_ratio", min_peak_ratio),
                           limit_values,
                           str(replacement),
                           whole("replacement_iterations", replacement_iterations))


def _pair_loss(choice):
    """"first", "all" or "none"; True and False (the old switch) mean "all" and "none"."""
    if isinstance(choice, bool):
        return "all" if choice else "none"
    return str(choice)


def _window_sizes(window):
    """One window size per pass, from an integer or a sequence of integers."""
    sizes = [window] if isinstance(window, numbers.Integral) else window
    try:
        sizes = list(sizes)
    except TypeError:
        sizes = [None]
    if not all(isinstance(size, numbers.Integral) and not isinstance(size, bool)
               for size in sizes):
        raise TypeError(f"window must be an integer or a sequence of integers (one window size "
                        f"per pass), got {window!r}")
    return [int(size) for size in sizes]


def _mask(mask):
    """The mask as uint8 (any dtype: non-zero = masked), NumPy or CUDA as given."""
    if mask is None:
        return None
    if not hasattr(mask, "__cuda_array_interface__") and not hasattr(mask, "__dlpack__"):
        mask = _common.as_array("mask", mask)
        if mask.dtype.kind not in "biuf":
            raise TypeError(f"mask must be a numeric or boolean array, got dtype {mask.dtype}")
    if str(getattr(mask, "dtype", "")) in ("uint8", "bool"):
        return mask
    return (mask != 0).astype("uint8")


def _result(arrays) -> PivResult:
    field = arrays.pop("field")
    return PivResult(**arrays, _field=field)


_OPTION_DEFAULTS = dict(window=32, overlap=0.5, search=0, remove_mean=True, normalized=False,
                        zero_padding=False, subpixel="gaussian", pair_loss_correction="first",
                        deformation="lanczos", predictor_smoothing=1, median_test=True,
                        median_threshold=2.0, median_epsilon=0.1, median_radius=1,
                        min_peak_ratio=0.0, limits=None, replacement="median",
                        replacement_iterations=10)


def piv(first, second, *, window=32, overlap=0.5, search=0, mask=None, subpixel="gaussian",
        deformation="lanczos", predictor_smoothing=1, remove_mean=True, normalized=False,
        zero_padding=False, pair_loss_correction="first", median_test=True, median_threshold=2.0,
        median_epsilon=0.1, median_radius=1, min_peak_ratio=0.0, limits=None,
        replacement="median", replacement_iterations=10, **execution) -> PivResult:
    """The displacement field from ``first`` to ``second`` (2D ``[y, x]`` frames).

    ``window``: the interrogation window (px, 8..128, any size), or one size per pass, e.g.
    ``(64, 32, 16)``: passes after the first deform both frames by the previous (validated,
    smoothed over a ``(2 predictor_smoothing + 1)^2`` neighbourhood) field, resampled by
    ``deformation`` ("lanczos", "bicubic" or "bilinear"). ``overlap``: 0..0.75 of a window
    (grid step round(window * (1 - overlap))). ``search``: first pass only, the second frame's
    window grows by this many px on each side (0..128) to find displacements beyond half a
    window. ``mask``: an array of the frames' shape (and place); non-zero pixels are masked and
    a window whose centre is masked gets no vector. ``subpixel``: "gaussian", "centroid" or
    "parabolic" 3-point fit. ``normalized``: peaks in [-1, 1]; ``zero_padding``: linear
    correlation; ``pair_loss_correction``: removes the bias of particles leaving the window, in the first
    (undeformed) pass only ("first", default), in every pass ("all") or never ("none"). A peak
    farther than ``search`` + window / 4 px is flagged BEYOND_QUARTER_WINDOW, not returned.

    Validation after every pass: the normalised median test (``median_test``,
    ``median_threshold``, ``median_epsilon`` in px, ``median_radius`` 1..3), ``min_peak_ratio``
    (flag peak-to-peak ratios below it; 0 = off), ``limits=(umin, umax, vmin, vmax)`` px;
    flagged vectors are replaced by ``replacement`` ("median", "mean" of the valid neighbours,
    or "none") in up to ``replacement_iterations`` sweeps.

    Bad values raise cumed.InvalidArgument naming the option (e.g. a window outside 8..128,
    frames of different shapes, 3D or float64 frames). Execution keywords: backend ("auto":
    CUDA where usable), threads, progress (called before each pass), cancel, report."""
    options = _options(window, overlap, search, remove_mean, normalized, zero_padding, subpixel,
                       pair_loss_correction, deformation, predictor_smoothing, median_test,
                       median_threshold, median_epsilon, median_radius, min_peak_ratio, limits,
                       replacement, replacement_iterations)
    arrays = _native.piv(first, second, _mask(mask), options, _common.execution(**execution))
    return _result(arrays)


def ensemble(pairs, *, mask=None, **keywords) -> PivResult:
    """Ensemble correlation of a steady flow: in every pass the correlation planes of all
    ``pairs`` (a sequence of ``(first, second)`` frames, all of one shape) are averaged window by
    window before the peak search, so sparse seeding still gives a vector per window; one pair
    gives what piv() gives. Takes piv()'s keywords. CPU: host frames only; CUDA: each pair on
    the host or the device, streamed through the GPU pair by pair."""
    execution = {key: keywords.pop(key) for key in list(keywords) if key not in _OPTION_DEFAULTS}
    settings = dict(_OPTION_DEFAULTS, **keywords)
    options = _options(**settings)
    frames = [tuple(_common.items("pairs", pair, "(first, second) frames"))
              for pair in _common.items("pairs", pairs, "a sequence of (first, second) frames")]
    arrays = _native.ensemble(frames, _mask(mask), options,
                              _common.execution(**execution))
    return _result(arrays)
