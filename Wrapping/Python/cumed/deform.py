"""Free-form deformation of triangle meshes (Sederberg and Parry 1986): a lattice of Bernstein
control points around the mesh; moving the control points moves every mesh point by the
Bernstein-weighted sum of their displacements, and smooth vertex normals are recomputed.

Meshes are arrays: ``points`` ``[N, 3]`` float32 (x, y, z) and ``triangles`` ``[M, 3]`` point ids
(int64; other integer dtypes are converted). NumPy arrays run through CuMed's host mesh (CPU, or
uploaded once for backend="cuda") and give NumPy results; CUDA arrays
(``__cuda_array_interface__``: CuPy, PyTorch, Numba) run on the GPU through CuMed's device mesh
(copied device to device once, after the producer's stream, never through the host) and give
device arrays of the input's family; every call finishes its work before it returns, so the
results are ready on any stream.
"""
import numbers
from dataclasses import dataclass
from typing import Tuple

import numpy

from . import _common
from ._common import document as _document, public as _public
from ._cumed import InvalidArgument
from ._cumed import deform as _native


@dataclass(frozen=True)
class Lattice:
    """A parallelepiped of ``dimensions`` (ni, nj, nk) control points (degree + 1 along each
    axis, at least 2; 3x3x3 by default, at most 16 per axis and 2048 in all): corner ``origin``
    and edge vectors ``s, t, u`` (x, y, z; any lengths and orientations, not coplanar).

    Control points are ordered as VTK orders structured points: i (along s) fastest, then j (t),
    then k (u): point (i, j, k) is row ``(k * nj + j) * ni + i`` of ``rest_points()``, and the
    array ``rest_points().reshape(nk, nj, ni, 3)`` indexes it ``[k, j, i]``."""

    dimensions: Tuple[int, int, int] = (3, 3, 3)
    origin: Tuple[float, float, float] = (0.0, 0.0, 0.0)
    s: Tuple[float, float, float] = (1.0, 0.0, 0.0)
    t: Tuple[float, float, float] = (0.0, 1.0, 0.0)
    u: Tuple[float, float, float] = (0.0, 0.0, 1.0)

    def _native(self):
        return (_common.whole_triple("dimensions", self.dimensions),
                _common.real_triple("origin", self.origin), _common.real_triple("s", self.s),
                _common.real_triple("t", self.t), _common.real_triple("u", self.u))

    @property
    def number_of_control_points(self) -> int:
        ni, nj, nk = self.dimensions
        return int(ni) * int(nj) * int(nk)

    def rest_points(self):
        """The control points at rest, ``[ni * nj * nk, 3]`` float64 (x, y, z): point (i, j, k)
        at origin + i/(ni-1) s + j/(nj-1) t + k/(nk-1) u. Raises cumed.InvalidArgument for an
        invalid lattice (fewer than 2 or more than 16 points along an axis, coplanar axes...).

        Parameters
        ----------
        None

        Returns
        -------
        numpy.ndarray
            ``[ni * nj * nk, 3]`` float64, i fastest.

        Raises
        ------
        cumed.InvalidArgument
            An invalid lattice (named).

        Examples
        --------
        >>> import numpy, cumed
        >>> lattice = cumed.deform.Lattice(dimensions=(2, 2, 2))
        >>> lattice.rest_points()[[0, 1, 7]].tolist()
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]]
        """
        return _native.rest_points(*self._native())

    def control_points(self, displacement):
        """The rest points moved by ``displacement``: a callable mapping an ``[N, 3]`` array of
        positions to their ``[N, 3]`` displacements, or an array of displacements broadcastable
        to ``[N, 3]`` (e.g. one vector for a translation).

        Parameters
        ----------
        displacement : callable or array_like
            ``f(rest_points) -> [N, 3]`` displacements, or displacements broadcastable to
            ``[N, 3]``.

        Returns
        -------
        numpy.ndarray
            ``[N, 3]`` float64 control points.

        Raises
        ------
        TypeError
            ``displacement`` is None or not broadcastable to ``[N, 3]``.
        cumed.InvalidArgument
            A non-finite displacement, or an invalid lattice.

        Examples
        --------
        >>> import numpy, cumed
        >>> lattice = cumed.deform.Lattice(dimensions=(2, 2, 2))
        >>> lattice.control_points([0.0, 0.0, 2.0])[7].tolist()
        [1.0, 1.0, 3.0]
        """
        rest = self.rest_points()
        moved = displacement(rest.copy()) if callable(displacement) else displacement
        if moved is None:
            raise TypeError("displacement must be an array of displacements (or a callable "
                            "returning one), got None")
        try:
            moved = numpy.asarray(moved, dtype=numpy.float64)
            moved = numpy.broadcast_to(moved, rest.shape)
        except (TypeError, ValueError) as error:
            raise TypeError(f"displacement must be numbers broadcastable to {rest.shape}: "
                            f"{error}") from None
        if not numpy.isfinite(moved).all():
            raise InvalidArgument("displacement has a non-finite (or missing) value")
        return rest + moved


def _mesh_array(array, dtype, name):
    """`array` in the dtype CuMed reads (NumPy: also C order), keeping CUDA arrays on the
    device (their own astype). Point ids must be integers: a float id would be truncated."""
    on_device = hasattr(array, "__cuda_array_interface__")
    if not on_device:
        try:
            array = numpy.asarray(array)
        except (TypeError, ValueError) as error:
            raise TypeError(f"{name} must be an array of numbers: {error}") from None
    kind = getattr(getattr(array, "dtype", None), "kind", None)
    if dtype == "int64" and kind is not None and kind not in "iu":
        raise InvalidArgument(
            f"{name}: expected integer point ids (int64), got dtype {array.dtype}")
    if on_device:
        convertible = hasattr(array, "astype") and str(getattr(array, "dtype", dtype)) != dtype
        return array.astype(dtype) if convertible else array
    try:
        return numpy.ascontiguousarray(array, dtype=dtype)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be an array of numbers: {error}") from None


def _control_points(lattice, control_points, displacement):
    """The moved control points from either argument (neither: the rest points), on the host."""
    if control_points is not None and displacement is not None:
        raise TypeError("give control_points or displacement, not both")
    if control_points is None:
        return lattice.control_points(0.0 if displacement is None else displacement)
    if hasattr(control_points, "__cuda_array_interface__") and hasattr(control_points, "get"):
        return control_points.get()  # a few hundred numbers: CuMed takes them on the host
    return control_points


def _finite_mesh(result):
    """``result`` (points, normals) of finite inputs, or cumed.InvalidArgument when float32
    overflowed (points or control points near 1e38, a displacement of 1e30: the normals' cross
    products pass FLT_MAX). NumPy outputs are checked; device outputs are the caller's."""
    for name, array in zip(("points", "normals"), result):
        if isinstance(array, numpy.ndarray) and not numpy.isfinite(array).all():
            raise InvalidArgument(
                f"the deformed mesh's {name} overflow float32: the points, control_points or "
                f"displacement are too large in magnitude")
    return result


@_public
def lattice_around(points, dimensions=(3, 3, 3), margin=0.05) -> Lattice:
    """An axis-aligned lattice of ``dimensions`` control points (one integer for every axis, or
    (ni, nj, nk)) around the points' bounding box, grown on every side by ``margin`` times the
    box's largest extent (0: the extreme points lie on the lattice's faces; a flat mesh still
    gets a proper box). ``points``: ``[N, 3]`` x, y, z, NumPy or CUDA (bounds reduced on the
    GPU). Raises cumed.InvalidArgument for no points, a non-finite coordinate (naming the
    point), a negative margin or bad dimensions.

    Parameters
    ----------
    points : array_like
        ``[N, 3]`` x, y, z (float32; other float dtypes converted once), NumPy or CUDA.
    dimensions : int or tuple of 3 int, default (3, 3, 3)
        Control points per axis (ni, nj, nk), each at least 2.
    margin : float, default 0.05
        Growth of the bounding box on every side, as a fraction of its largest extent (>= 0).

    Returns
    -------
    Lattice
        The lattice (origin, axes, dimensions) in the points' coordinates.

    Raises
    ------
    cumed.InvalidArgument
        No points, a non-finite coordinate (named), a negative margin, bad dimensions.
    TypeError
        An unknown keyword, or values that are not numbers.

    Examples
    --------
    >>> import numpy, cumed
    >>> points = numpy.array([[0, 0, 0], [1, 2, 3]], numpy.float32)
    >>> cumed.deform.lattice_around(points, dimensions=2, margin=0).number_of_control_points
    8
    """
    if isinstance(dimensions, numbers.Real) and not isinstance(dimensions, bool):
        dimensions = (dimensions,) * 3
    dims = _common.whole_triple("dimensions", dimensions)
    margin = _common.real("margin", margin)
    points = _mesh_array(points, "float32", "points")
    try:
        native = _native.lattice_around(points, dims, margin)
    except InvalidArgument as error:
        if "FFD lattice" not in str(error):
            raise
        # Name what the caller gave: the dimensions (too few or too many control points) and the
        # margin (a box grown out of float range) together make the lattice.
        raise InvalidArgument(f"dimensions = {tuple(dims)}, margin = {margin!r} give no valid "
                              f"lattice around the points: {error}") from None
    return Lattice(*(tuple(value) for value in native))


@_public
def animation(lattice: Lattice, name: str = "twist", frames: int = 100,
              amplitude: float = 1.0):
    """The control points of every frame of a built-in animation of ``lattice`` (those of
    ``cumed-deform --animation``): ``name`` twist, bend, squash or breathe, one period over
    ``frames`` frames in the lattice's own coordinates, scaled by ``amplitude``. Returns
    ``[frames, ni * nj * nk, 3]`` float64: frame f's control points at ``[f]``, for
    ``deform(..., control_points=...)``; frame 0 is the lattice at rest. Raises
    cumed.InvalidArgument for another name, ``frames`` < 1, a non-finite amplitude or an invalid
    lattice.

    Parameters
    ----------
    lattice : Lattice
        The lattice to animate.
    name : {"twist", "bend", "squash", "breathe"}, default "twist"
        The animation.
    frames : int, default 100
        Frames in one period (>= 1).
    amplitude : float, default 1.0
        Scale of the motion (finite).

    Returns
    -------
    numpy.ndarray
        ``[frames, ni * nj * nk, 3]`` float64 control points; frame 0 at rest.

    Raises
    ------
    cumed.InvalidArgument
        Another name, ``frames`` < 1, a non-finite amplitude, an invalid lattice.
    TypeError
        An unknown keyword, or ``lattice`` that is not a Lattice.

    Examples
    --------
    >>> import numpy, cumed
    >>> lattice = cumed.deform.lattice_around(numpy.eye(3, dtype=numpy.float32))
    >>> cumed.deform.animation(lattice, "bend", frames=4).shape
    (4, 27, 3)
    """
    if not isinstance(lattice, Lattice):
        raise TypeError(f"lattice must be a cumed.deform.Lattice, got {type(lattice).__name__}")
    return _native.animation(str(name), lattice._native(), _common.real("amplitude", amplitude),
                             _common.whole("frames", frames))


@_public
def deform(points, triangles, lattice: Lattice, control_points=None, *, displacement=None,
           normals=True, face_weighting="area", threads_per_block=0, backend="auto",
           threads=0, progress=None, cancel=None, report=None):
    """The mesh deformed by moving ``lattice``'s control points to ``control_points``
    (``[ni * nj * nk, 3]`` or ``[nk, nj, ni, 3]`` x, y, z in the lattice's order, host array),
    or by ``displacement`` (as Lattice.control_points: a callable of the rest positions, or an
    array of displacements). Neither: the identity (the mesh's own points back).

    Every point moves by sum B_i(s) B_j(t) B_k(u) (P_ijk - R_ijk) with its lattice coordinates
    (s, t, u); points outside the lattice use coordinates clamped to [0, 1] (they follow the
    nearest face). An affine motion of the control points moves every point inside the lattice
    by the same affine map. Returns ``(points, normals)``: ``[N, 3]`` float32, the normals
    unit vertex normals (the area-weighted sum of the adjacent face normals, or unit-weighted
    with face_weighting="unit" as vtkPolyDataNormals) or None with normals=False. NumPy in,
    NumPy out (wrapping CuMed's mesh, no copy); CUDA in, CUDA out (backend="cpu" with CUDA
    arrays raises cumed.InvalidArgument). ``threads_per_block``: CUDA block size (0: from the
    occupancy API). Raises cumed.InvalidArgument naming the problem: shapes, dtypes, a point id
    out of range, a non-finite coordinate, a control point count that is not the lattice's.

    Parameters
    ----------
    points : array_like
        ``[N, 3]`` x, y, z; float32 (float64 converted once), NumPy or CUDA.
    triangles : array_like
        ``[M, 3]`` integer point ids (int64; other integer dtypes converted).
    lattice : Lattice
        The lattice at rest (e.g. from :func:`lattice_around`).
    control_points : array_like or None, default None
        The moved control points, ``[ni * nj * nk, 3]`` or ``[nk, nj, ni, 3]``.
    displacement : callable or array_like or None, default None
        Instead of ``control_points``: displacements, or a callable of the rest positions.
    normals : bool, default True
        Compute unit vertex normals.
    face_weighting : {"area", "unit"}, default "area"
        Weights of the face normals summed into vertex normals.
    threads_per_block : int, default 0
        CUDA block size (0: from the occupancy API).
    {execution}

    Returns
    -------
    tuple of (array, array or None)
        The deformed points ``[N, 3]`` float32 and the normals (or None), NumPy for NumPy input,
        the input's family for CUDA input.

    Raises
    ------
    cumed.InvalidArgument
        Shapes, dtypes, a point id out of range, a non-finite coordinate, a control point count
        that is not the lattice's, backend="cpu" with CUDA arrays.
    TypeError
        An unknown keyword, or ``lattice`` that is not a Lattice.

    Examples
    --------
    >>> import numpy, cumed
    >>> points = numpy.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], numpy.float32)
    >>> lattice = cumed.deform.lattice_around(points, dimensions=2, margin=0.1)
    >>> moved, normals = cumed.deform.deform(points, [[0, 1, 2]], lattice,
    ...                                      lattice.rest_points() + [0, 0, 2])
    >>> moved[:, 2].round(5).tolist()
    [2.0, 2.0, 2.0]
    """
    if not isinstance(lattice, Lattice):
        raise TypeError(f"lattice must be a cumed.deform.Lattice, got {type(lattice).__name__}")
    control_points = _control_points(lattice, control_points, displacement)
    # (points, normals): NumPy arrays or device arrays of the input's family.
    return _finite_mesh(_native.deform(_mesh_array(points, "float32", "points"),
                          _mesh_array(triangles, "int64", "triangles"), lattice._native(),
                          control_points, _common.flag("normals", normals), str(face_weighting),
                          _common.whole("threads_per_block", threads_per_block),
                          _common.execution(backend, threads, progress, cancel, report)))



deform.__doc__ = _document(deform.__doc__)

class MeshDeformer:
    """A deformation kept between frames, for animation and interaction: the mesh is checked and
    copied (or uploaded to the GPU, or copied on the device) once, the points' lattice
    coordinates and the vertex adjacency are built once; each ``deform()`` then costs one pass
    over the points (and one over the normals).

    Takes deform()'s mesh and options; ``backend`` ("auto", "cpu", "cuda") and ``threads`` are
    the execution keywords it accepts (no progress or cancel: a frame is one short pass).
    ``report`` is a cumed.Report of the last frame (or of the set-up), ``backend_used`` the
    backend that runs, ``points_outside`` how many points lie outside the lattice (they follow
    the clamped rule), ``local_coordinates()`` their (s, t, u) in [0, 1], ``[N, 3]``.

    Each frame returns new arrays: the previous frame's arrays are never overwritten; CuMed
    reuses an output's memory only once nothing refers to it. CUDA inputs: every frame is
    synchronised before it returns, as deform() is. The deformer keeps a reference to the points
    array it was given."""

    def __init__(self, points, triangles, lattice: Lattice, *, normals=True,
                 face_weighting="area", threads_per_block=0, backend="auto", threads=0):
        if not isinstance(lattice, Lattice):
            raise TypeError(f"lattice must be a cumed.deform.Lattice, got "
                            f"{type(lattice).__name__}")
        if not isinstance(backend, str):
            raise TypeError(f"backend must be 'auto', 'cpu' or 'cuda', got {backend!r}")
        self.lattice = lattice
        self._native = _native.Deformer(
            _mesh_array(points, "float32", "points"), _mesh_array(triangles, "int64", "triangles"),
            lattice._native(), _common.flag("normals", normals), str(face_weighting),
            _common.whole("threads_per_block", threads_per_block),
            backend, _common.whole("threads", threads))

    def deform(self, control_points=None, *, displacement=None):
        """(points, normals) with the control points at ``control_points`` or moved by
        ``displacement``, as deform().

        Parameters
        ----------
        control_points : array_like, default None
            ``[N, 3]`` control points (None: at rest, or moved by ``displacement``).
        displacement : callable or array_like, default None
            As :meth:`Lattice.control_points` (not with ``control_points``).

        Returns
        -------
        tuple
            ``(points, normals)``: new arrays of the input's kind (normals None when the
            deformer was made with ``normals=False``).

        Raises
        ------
        TypeError, cumed.InvalidArgument
            Control points of the wrong shape or not finite, or both keywords given.

        Examples
        --------
        >>> import numpy, cumed
        >>> points = numpy.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], numpy.float32)
        >>> lattice = cumed.deform.lattice_around(points, dimensions=2, margin=0.1)
        >>> deformer = cumed.deform.MeshDeformer(points, [[0, 1, 2]], lattice, backend="cpu")
        >>> moved, normals = deformer.deform(displacement=[0.0, 0.0, 1.0])
        >>> numpy.allclose(moved, points + [0, 0, 1], atol=1e-5)
        True
        """
        return _finite_mesh(self._native.deform(_control_points(self.lattice, control_points,
                                                                displacement)))

    @property
    def backend_used(self) -> str:
        return self._native.backend

    @property
    def points_outside(self) -> int:
        return self._native.points_outside

    @property
    def number_of_points(self) -> int:
        return self._native.number_of_points

    @property
    def report(self):
        return self._native.report

    def local_coordinates(self):
        """The points' lattice coordinates (s, t, u), in [0, 1] inside the lattice.

        Parameters
        ----------
        None

        Returns
        -------
        numpy.ndarray
            ``[N, 3]`` float32 (on the device for a CUDA deformer).

        Raises
        ------
        Nothing
            It never raises.

        Examples
        --------
        >>> import numpy, cumed
        >>> points = numpy.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], numpy.float32)
        >>> lattice = cumed.deform.lattice_around(points, dimensions=2, margin=0)
        >>> deformer = cumed.deform.MeshDeformer(points, [[0, 1, 2]], lattice, backend="cpu")
        >>> numpy.round(numpy.asarray(deformer.local_coordinates())[1], 3).tolist()[0]
        1.0
        """
        return self._native.local_coordinates()
