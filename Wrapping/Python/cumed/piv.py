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
from ._common import document as _document, public as _public
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
        compute with ``replacement="none"`` to re-validate the measured vectors.

        Parameters
        ----------
        median_test, median_threshold, median_epsilon, median_radius, min_peak_ratio, limits, replacement, replacement_iterations : as in cumed.piv.piv
            The keywords of the same names of :func:`cumed.piv.piv`, with the same defaults.

        Returns
        -------
        PivResult
            A new result; this one is unchanged.

        Raises
        ------
        cumed.InvalidArgument
            A setting out of its range (named).

        Examples
        --------
        >>> import numpy, cumed
        >>> rng = numpy.random.default_rng(3)
        >>> a = (rng.random((96, 96)) > 0.95).astype(numpy.float32)
        >>> b = numpy.roll(a, (2, 3), axis=(0, 1))
        >>> result = cumed.piv.piv(a, b, window=32, backend="cpu", replacement="none")
        >>> strict = result.validate(median_threshold=0.5)
        >>> strict is not result and strict.u.shape == result.u.shape
        True
        """
        settings = dict(_OPTION_DEFAULTS, median_test=median_test,
                        median_threshold=median_threshold, median_epsilon=median_epsilon,
                        median_radius=median_radius, min_peak_ratio=min_peak_ratio,
                        limits=limits, replacement=replacement,
                        replacement_iterations=replacement_iterations)
        return _result(_native.validate(self._field, _options(**settings)))

    def derived(self, time_between_frames=1.0, pixel_size=1.0) -> DerivedFields:
        """Velocity, magnitude, vorticity and divergence in physical units: ``pixel_size``
        (length per px, e.g. mm) and ``time_between_frames`` (e.g. s), both > 0. Computed on the
        host from this field (edits to u, v or flags in place are seen).

        Parameters
        ----------
        time_between_frames : float, default 1.0
            The time between the two frames (e.g. s), > 0.
        pixel_size : float, default 1.0
            The length of one pixel (e.g. mm), > 0.

        Returns
        -------
        DerivedFields
            Velocity components, magnitude, vorticity and divergence.

        Raises
        ------
        cumed.InvalidArgument
            A value that is not a finite number > 0 (named).

        Examples
        --------
        >>> import numpy, cumed
        >>> rng = numpy.random.default_rng(3)
        >>> a = (rng.random((96, 96)) > 0.95).astype(numpy.float32)
        >>> b = numpy.roll(a, (2, 3), axis=(0, 1))
        >>> fields = cumed.piv.piv(a, b, window=32, backend="cpu").derived(0.5, 2.0)
        >>> round(float(numpy.median(fields.magnitude)))  # |(3, 2)| px * 2 / 0.5
        14
        """
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


_PIV_OPTIONS = """\
    window : int or sequence of int, default 32
        The interrogation window in px (8..128), or one size per pass, e.g. ``(64, 32, 16)``.
    overlap : float, default 0.5
        0..0.75 of a window; the grid step is ``round(window * (1 - overlap))``.
    search : int, default 0
        First pass only: the second frame's window grows by this many px per side (0..128).
    mask : array_like or None, default None
        The frames' shape; non-zero pixels are masked (a masked window centre gets no vector).
    subpixel : {"gaussian", "centroid", "parabolic"}, default "gaussian"
        The 3-point sub-pixel peak fit.
    deformation : {"lanczos", "bicubic", "bilinear"}, default "lanczos"
        The resampling of the frames deformed by the previous pass's field.
    predictor_smoothing : int, default 1
        The previous field is smoothed over ``(2 n + 1)^2`` vectors before deforming.
    remove_mean : bool, default True
        Subtract each window's mean before correlating.
    normalized : bool, default False
        Normalised correlation (peaks in [-1, 1]).
    zero_padding : bool, default False
        Linear (zero-padded) instead of circular correlation.
    pair_loss_correction : {"first", "all", "none"}, default "first"
        Remove the bias of particles leaving the window in the first pass, every pass, or never.
    median_test : bool, default True
        The normalised median test after every pass.
    median_threshold : float, default 2.0
        Its threshold.
    median_epsilon : float, default 0.1
        Its noise level in px.
    median_radius : int, default 1
        Its neighbourhood radius, 1..3.
    min_peak_ratio : float, default 0.0
        Flag peak-to-second-peak ratios below it (0: off).
    limits : tuple of 4 float or None, default None
        ``(umin, umax, vmin, vmax)`` px; vectors outside are flagged.
    replacement : {"median", "mean", "none"}, default "median"
        How flagged vectors are replaced (from their valid neighbours).
    replacement_iterations : int, default 10
        Replacement sweeps at most.
    {execution}"""
_PIV_RETURNS = """\
    Returns
    -------
    PivResult
        Host arrays ``[rows, columns]``: ``x``, ``y`` window centres (px), ``u``, ``v``
        displacements (px, first to second frame; x right, y down, float32), ``flags``, ``peak``
        ratios, and ``valid``/``masked``/``outlier``/``replaced`` views.

    Raises
    ------
    cumed.InvalidArgument
        A bad option (named: e.g. a window outside 8..128), frames of different shapes or
        dtypes, 3-D frames.
    TypeError
        An unknown keyword (the message lists the accepted ones)."""
_PIV_EXAMPLE = """\
    >>> import numpy, cumed
    >>> rng = numpy.random.default_rng(3)
    >>> a = (rng.random((96, 96)) > 0.95).astype(numpy.float32)
    >>> b = numpy.roll(a, (2, 3), axis=(0, 1))"""


@_public
def piv(first, second, *, window=32, overlap=0.5, search=0, mask=None, subpixel="gaussian",
        deformation="lanczos", predictor_smoothing=1, remove_mean=True, normalized=False,
        zero_padding=False, pair_loss_correction="first", median_test=True, median_threshold=2.0,
        median_epsilon=0.1, median_radius=1, min_peak_ratio=0.0, limits=None,
        replacement="median", replacement_iterations=10, backend="auto", threads=0, progress=None,
        cancel=None, report=None) -> PivResult:
    options = _options(window, overlap, search, remove_mean, normalized, zero_padding, subpixel,
                       pair_loss_correction, deformation, predictor_smoothing, median_test,
                       median_threshold, median_epsilon, median_radius, min_peak_ratio, limits,
                       replacement, replacement_iterations)
    first = _common.float64_as_float32(_common.host_view(first), "first", "piv")
    second = _common.float64_as_float32(_common.host_view(second), "second", "piv")
    arrays = _native.piv(first, second, _mask(mask), options,
                         _common.execution(backend, threads, progress, cancel, report))
    return _result(arrays)


piv.__doc__ = _document("""The displacement field from ``first`` to ``second`` by FFT cross-correlation.

    Passes after the first deform both frames by the previous (validated, smoothed) field. A
    peak farther than ``search`` + window / 4 px is flagged BEYOND_QUARTER_WINDOW. Validation
    (median test, peak ratio, limits) and replacement run after every pass. Computed in float32.

    Parameters
    ----------
    first, second : array_like
        2-D ``[y, x]`` frames of one shape and dtype: uint8 (bool), int16, uint16, float32, or
        float64 (copied to float32); NumPy, array-likes NumPy can view, CuPy or PyTorch.
{{_PIV_OPTIONS}}

{{_PIV_RETURNS}}

    Examples
    --------
{{_PIV_EXAMPLE}}
    >>> result = cumed.piv.piv(a, b, window=32, backend="cpu")
    >>> round(float(numpy.median(result.u))), round(float(numpy.median(result.v)))
    (3, 2)
    """.replace("{{_PIV_OPTIONS}}", _PIV_OPTIONS).replace("{{_PIV_RETURNS}}", _PIV_RETURNS)
    .replace("{{_PIV_EXAMPLE}}", _PIV_EXAMPLE))


@_public
def ensemble(pairs, *, window=32, overlap=0.5, search=0, mask=None, subpixel="gaussian",
             deformation="lanczos", predictor_smoothing=1, remove_mean=True, normalized=False,
             zero_padding=False, pair_loss_correction="first", median_test=True,
             median_threshold=2.0, median_epsilon=0.1, median_radius=1, min_peak_ratio=0.0,
             limits=None, replacement="median", replacement_iterations=10, backend="auto",
             threads=0, progress=None, cancel=None, report=None) -> PivResult:
    options = _options(window, overlap, search, remove_mean, normalized, zero_padding, subpixel,
                       pair_loss_correction, deformation, predictor_smoothing, median_test,
                       median_threshold, median_epsilon, median_radius, min_peak_ratio, limits,
                       replacement, replacement_iterations)
    frames = [tuple(_common.float64_as_float32(_common.host_view(frame), "pairs", "ensemble")
                    for frame in _common.items("pairs", pair, "(first, second) frames"))
              for pair in _common.items("pairs", pairs, "a sequence of (first, second) frames")]
    arrays = _native.ensemble(frames, _mask(mask), options,
                              _common.execution(backend, threads, progress, cancel, report))
    return _result(arrays)


ensemble.__doc__ = _document("""Ensemble correlation of a steady flow over many pairs.

    In every pass the correlation planes of all ``pairs`` are averaged window by window before
    the peak search, so sparse seeding still gives a vector per window; one pair gives what
    :func:`piv` gives. CPU: host frames only; CUDA: each pair on the host or the device,
    streamed pair by pair. Computed in float32.

    Parameters
    ----------
    pairs : sequence of (array_like, array_like)
        ``(first, second)`` 2-D frames, all of one shape (dtypes as :func:`piv`).
{{_PIV_OPTIONS}}

{{_PIV_RETURNS}}

    Examples
    --------
{{_PIV_EXAMPLE}}
    >>> result = cumed.piv.ensemble([(a, b), (b, numpy.roll(b, (2, 3), axis=(0, 1)))],
    ...                              window=32, backend="cpu")
    >>> round(float(numpy.median(result.u)))
    3
    """.replace("{{_PIV_OPTIONS}}", _PIV_OPTIONS).replace("{{_PIV_RETURNS}}", _PIV_RETURNS)
    .replace("{{_PIV_EXAMPLE}}", _PIV_EXAMPLE))
