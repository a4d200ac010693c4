"""Isosurfaces and label surfaces by marching cubes (flying edges), welded: one point per
intersected grid edge, shared by every triangle that uses it. The triangles and point positions
are those of vtkFlyingEdges3D (``isosurface``) and vtkDiscreteFlyingEdges3D (``label_surfaces``);
only the point order differs (compare meshes by position). CPU (OpenMP) or CUDA.

Input: a ``[z, y, x]`` array (uint8, int16, uint16, float32, or float64 computed in float32;
NumPy, any array-like NumPy can view, CuPy, PyTorch), a cumed.Volume or a vtkImageData, with
``spacing`` in NumPy axis order ``(z, y, x)`` as ``skimage.measure.marching_cubes`` takes it
(``spacing_xyz`` for ITK's order), ``origin`` the physical ``(x, y, z)`` of voxel ``[0, 0, 0]``
and ``direction`` ITK's 3x3 matrix. Output: a :class:`Mesh` of arrays in world coordinates (points are ``x, y, z`` in the last
axis) that wrap CuMed's own memory, or a vtkPolyData (``output="vtk"``, the default for a
vtkImageData input). A CUDA array in gives CUDA arrays out (the mesh never leaves the device).
"""
import os
import warnings
from dataclasses import dataclass
from numbers import Real
from typing import Any, Optional

import numpy as np

from . import _common
from . import _cumed
from ._common import document as _document, public as _public
from ._cumed import InvalidArgument
from ._cumed import surface as _native

OUTPUTS = (None, "arrays", "vtk")


@dataclass
class Mesh:
    """A triangle mesh over shared points, the way vtkPolyData stores it.

    - ``points``: ``[N, 3]`` float32, world ``x, y, z``
    - ``triangles``: ``[M, 3]`` int64 point ids (counter-clockwise seen from the low values,
      as VTK orients them)
    - ``normals``: ``[N, 3]`` float32 unit normals pointing to decreasing values, or None
    - ``scalars``: ``[N]`` float32, the contour value (or label) of each point, or None
    - ``point_offsets``, ``triangle_offsets``: int64, one more entry than ``values``; surface
      ``i`` holds points ``point_offsets[i]:point_offsets[i + 1]`` and triangles
      ``triangle_offsets[i]:triangle_offsets[i + 1]`` (whose ids stay in its own points)
    - ``values``: the contour values (or labels), in the order of the surfaces

    The arrays are NumPy arrays for host input and arrays of the input's family (CuPy,
    PyTorch) for CUDA input; either way they view CuMed's memory, kept alive by the arrays."""

    points: Any
    triangles: Any
    normals: Optional[Any] = None
    scalars: Optional[Any] = None
    point_offsets: Optional[Any] = None
    triangle_offsets: Optional[Any] = None
    values: tuple = ()
    #: NaN/inf voxels of the image and non-finite coordinates among ``points``, counted for
    #: device (CuPy, PyTorch) arrays too, on the device (-1 only for an array whose package
    #: cannot count): points are non-finite only where voxels are, and the functions warn
    #: (RuntimeWarning) with both counts when there are any.
    non_finite_voxels: int = 0
    non_finite_points: int = 0

    @property
    def number_of_points(self) -> int:
        return int(self.points.shape[0])

    @property
    def number_of_triangles(self) -> int:
        return int(self.triangles.shape[0])

    def surface(self, index: int) -> "Mesh":
        """The mesh of ``values[index]`` alone: its points (views), its triangles renumbered
        from 0 (a new array).

        Parameters
        ----------
        index : int
            Which contour value, as an index of ``values`` (negative counts from the end).

        Returns
        -------
        Mesh
            The surface of that value alone.

        Raises
        ------
        IndexError
            ``index`` outside ``values``.

        Examples
        --------
        >>> import numpy, cumed
        >>> z, y, x = numpy.mgrid[:12, :12, :12]
        >>> r2 = ((z - 5.5) ** 2 + (y - 5.5) ** 2 + (x - 5.5) ** 2).astype(numpy.float32)
        >>> mesh = cumed.surface.isosurface(r2, [9.0, 16.0])
        >>> mesh.surface(1).values, len(mesh.surface(0).triangles) < len(mesh.triangles)
        ((16.0,), True)
        """
        index = _common.whole("index", index)
        if not -len(self.values) <= index < len(self.values):
            raise IndexError(f"surface {index} of a mesh of {len(self.values)} surfaces")
        index = index % len(self.values)
        p0, p1 = (int(v) for v in self.point_offsets[index:index + 2])
        t0, t1 = (int(v) for v in self.triangle_offsets[index:index + 2])
        part = slice(p0, p1)
        return Mesh(self.points[part], self.triangles[t0:t1] - p0,
                    None if self.normals is None else self.normals[part],
                    None if self.scalars is None else self.scalars[part],
                    self.point_offsets[index:index + 2] - p0,
                    self.triangle_offsets[index:index + 2] - t0, (self.values[index],))

    def to_vtk(self, scalars_name: str = "scalars"):
        """A vtkPolyData sharing this mesh's host arrays (device arrays are copied to the host).

        Parameters
        ----------
        scalars_name : str, default "scalars"
            The name of the point-data array holding the scalars, when the mesh has them.

        Returns
        -------
        vtkPolyData
            Points, triangles, normals and scalars of this mesh.

        Raises
        ------
        TypeError
            ``scalars_name`` is not a string.
        ImportError
            VTK's Python package is not installed.

        Examples
        --------
        >>> import numpy, cumed
        >>> z, y, x = numpy.mgrid[:12, :12, :12]
        >>> r2 = ((z - 5.5) ** 2 + (y - 5.5) ** 2 + (x - 5.5) ** 2).astype(numpy.float32)
        >>> mesh = cumed.surface.isosurface(r2, 16.0)
        >>> mesh.to_vtk().GetNumberOfPolys() == len(mesh.triangles)  # doctest: +SKIP
        True
        """
        if not isinstance(scalars_name, str):
            raise TypeError(f"scalars_name must be a string, got {type(scalars_name).__name__}")
        from . import _vtk

        return _vtk.polydata_from_mesh(self, scalars_name)


def _values(values, name):
    if isinstance(values, Real) or getattr(values, "ndim", None) == 0:  # a number, a 0-d array
        values = [values]
    if isinstance(values, (str, bytes)):
        raise InvalidArgument(f"{name} must be a number or a sequence of numbers, got {values!r}")
    try:
        values = list(values)
    except TypeError:
        raise InvalidArgument(f"{name} must be a number or a sequence of numbers, got "
                              f"{type(values).__name__}") from None
    for value in values:
        if not isinstance(value, Real) and not hasattr(value, "__float__"):
            raise InvalidArgument(f"{name} must hold numbers, got {value!r}")
    try:
        return [float(value) for value in values]
    except (TypeError, ValueError) as error:
        raise InvalidArgument(f"{name} must hold numbers: {error}") from None


def _contour(image, values, mode, name, normals, scalars, output, devices, slabs, spacing, origin,
             direction, execution, closed=False, spacing_xyz=None):
    if not (output is None or isinstance(output, str)) or output not in OUTPUTS:
        raise InvalidArgument(f"output must be None, 'arrays' or 'vtk', got {output!r}")
    contour_values = _values(values, name)
    vtk_input = _common.is_vtk_image(image)
    vtk_output = output == "vtk" or (output is None and vtk_input)
    if vtk_output:
        from . import _vtk  # before the work: without VTK, this says what to install
    array, geometry = _common.image_input(image, spacing, origin, direction,
                                          spacing_xyz=spacing_xyz)
    array = _common.float64_as_float32(array, "image", "")
    arrays, (non_finite_voxels, non_finite_points) = \
        _native.isosurface(array, contour_values, mode, _common.flag("normals", normals),
                           _common.flag("scalars", scalars), closed,
                           _common.whole("devices", devices), _common.whole("slabs", slabs),
                           geometry,
                           _common.execution(*execution))
    points, triangles, point_normals, point_scalars, point_offsets, triangle_offsets = arrays
    # The native layer scans host data only (-1 for a device image or mesh); count those with
    # the array's own package, on the device, so the counts are never "not counted".
    if non_finite_voxels < 0:
        non_finite_voxels = _common.count_non_finite(array)
    if non_finite_points < 0:  # finite voxels give finite points (the library refuses others)
        non_finite_points = _common.count_non_finite(points) if non_finite_voxels else 0
    mesh = Mesh(points, triangles, point_normals, point_scalars, point_offsets, triangle_offsets,
                tuple(contour_values), non_finite_voxels, non_finite_points)
    if non_finite_voxels > 0:  # -1: not counted, nothing to say
        points_text = ("the point coordinates were not counted" if non_finite_points < 0
                       else f"{non_finite_points} point coordinates are not finite")
        warnings.warn(f"the image has {non_finite_voxels} non-finite voxels (NaN or inf); "
                      f"{points_text}", RuntimeWarning, stacklevel=3)
    if not vtk_output:
        return mesh
    scalars_name = None
    if vtk_input:
        scalars_name = image.GetPointData().GetScalars().GetName()
    elif isinstance(image, _common.Volume):
        scalars_name = image.info.get("scalars_name")
    return _vtk.polydata_from_mesh(mesh, scalars_name or "scalars")


_CONTOUR_PARAMETERS = """\
    normals : bool, default {normals}
        Unit point normals from the interpolated gradient, pointing to decreasing values
        (vtkFlyingEdges3D's ComputeNormals).
    scalars : bool, default {scalars}
        The contour value (or label) of each point (ComputeScalars).
    output : {{None, "arrays", "vtk"}}, default None
        None: a Mesh, or a vtkPolyData for a vtkImageData input; "arrays": a Mesh; "vtk": a
        vtkPolyData sharing the mesh's arrays (needs VTK's Python package).
    devices : int, default 1
        CUDA devices to use: 1 the current one, 0 every usable one (a CUDA input keeps its mesh on
        the device only with one).
    slabs : int, default 0
        z-slabs to cut the work into (0: one per device); the mesh does not depend on it.
    spacing : float or tuple of float, default None
        Voxel size in NumPy axis order ``(z, y, x)``, as ``skimage.measure.marching_cubes``
        takes it; None: the input's, or 1.
    spacing_xyz : float or tuple of float, default None
        The same in ITK's and VTK's ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        Physical position ``(x, y, z)`` of voxel ``[0, 0, 0]``; None: the input's, or 0.
    direction : 3x3 sequence of float, default None
        Rows of the matrix whose columns are the x, y, z index axes (ITK's); None: the input's,
        or the identity.
    {{execution}}"""
_MESH_RETURNS = """\
    Returns
    -------
    Mesh or vtkPolyData
        Points ``[N, 3]`` float32 in physical ``(x, y, z)`` (mm: index * spacing, turned by
        ``direction``, plus ``origin``), triangles ``[M, 3]`` int64, optional normals and scalars;
        arrays of the input's family (NumPy, CuPy, PyTorch) over CuMed's memory.

    Raises
    ------
    TypeError
        An unknown keyword, or ``spacing`` with ``spacing_xyz``.
    cumed.InvalidArgument
        A bad image (not 3-D, an unsupported dtype, fewer than two points along an axis) or bad
        values (none, not finite)."""
_IMAGE_PARAMETER = """\
    image : array_like, cumed.Volume or vtkImageData
        ``[z, y, x]`` uint8, int16, uint16 or float32 (computed in that type), or float64
        (copied to float32 once, and computed in float32)."""


def _contour_doc(summary, first, normals, scalars, example):
    return _document(f"""{summary}

    Parameters
    ----------
{first}
{_CONTOUR_PARAMETERS.format(normals=normals, scalars=scalars)}

{_MESH_RETURNS}

    Examples
    --------
{example}
    """)


_SPHERE = """\
    >>> import numpy, cumed
    >>> z, y, x = numpy.mgrid[:12, :12, :12]
    >>> sphere = (((z - 5.5) ** 2 + (y - 5.5) ** 2 + (x - 5.5) ** 2) <= 16).astype(numpy.uint8)"""


@_public
def isosurface(image, values, *, normals=False, scalars=False, output=None, devices=1, slabs=0,
               spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto",
               threads=0, progress=None, cancel=None, report=None):
    return _contour(image, values, "isovalue", "values", normals, scalars, output, devices, slabs,
                    spacing, origin, direction, (backend, threads, progress, cancel, report),
                    spacing_xyz=spacing_xyz)


isosurface.__doc__ = _contour_doc(
    "The isosurfaces of ``image`` at ``values``, as vtkFlyingEdges3D (inside: value >= the\n"
    "    isovalue); one surface per value, appended in this order.",
    _IMAGE_PARAMETER + """
    values : float or sequence of float
        The isovalues.""", False, False, _SPHERE + """
    >>> mesh = cumed.surface.isosurface(sphere, 0.5, spacing=(2.0, 1.0, 1.0))
    >>> float(mesh.points[:, 2].max() - mesh.points[:, 2].min()) > 1.5 * float(
    ...     mesh.points[:, 0].max() - mesh.points[:, 0].min())
    True""")


@_public
def closed_surface(image, values, *, normals=True, scalars=False, output=None, devices=1, slabs=0,
                   spacing=None, spacing_xyz=None, origin=None, direction=None, backend="auto",
                   threads=0, progress=None, cancel=None, report=None):
    return _contour(image, values, "isovalue", "values", normals, scalars, output, devices, slabs,
                    spacing, origin, direction, (backend, threads, progress, cancel, report),
                    closed=True, spacing_xyz=spacing_xyz)


closed_surface.__doc__ = _contour_doc(
    "The closed surface of ``image`` at ``values``, as the CT surface job makes it (C++\n"
    "    ``cumed::surface::ExtractClosedSurface``).\n\n"
    "    Every value must be reached by some voxel and lie above the lowest value of the array's\n"
    "    type; the volume is padded by one voxel of that value, so structures touching a face still\n"
    "    close; triangles wind outward also for a reflecting ``direction``.",
    _IMAGE_PARAMETER + """
    values : float or sequence of float
        The isovalues, each reached by some voxel.""", True, False, _SPHERE + """
    >>> mesh = cumed.surface.closed_surface(sphere, 1)
    >>> mesh.number_of_triangles > 0 and mesh.normals is not None
    True""")


@_public
def ct_surface(source, *, iso=300.0, radius_mm=2.0, output=None, spacing=None, spacing_xyz=None,
               origin=None, direction=None, backend="auto", threads=0, progress=None, cancel=None,
               report=None):
    if not (output is None or isinstance(output, str)) or output not in OUTPUTS:
        raise InvalidArgument(f"output must be None, 'arrays' or 'vtk', got {output!r}")
    if output == "vtk":
        from . import _vtk
    if isinstance(source, (str, os.PathLike)):
        if spacing is not None or spacing_xyz is not None:
            raise TypeError("ct_surface: spacing/spacing_xyz come from the DICOM series; give "
                            "spacing or spacing_xyz only with an array")
        source, geometry = os.fspath(source), _cumed.Geometry(None, None, None)
    else:
        source, geometry = _common.image_input(source, spacing, origin, direction,
                                               spacing_xyz=spacing_xyz)
    (points, triangles, normals, _, point_offsets, triangle_offsets), info = _native.ct_surface(
        source, geometry, _common.real("iso", iso), _common.real("radius_mm", radius_mm),
        _common.execution(backend, threads, progress, cancel, report))
    mesh = Mesh(points, triangles, normals, None, point_offsets, triangle_offsets, (float(iso),))
    return (_vtk.polydata_from_mesh(mesh, "HU") if output == "vtk" else mesh), info


ct_surface.__doc__ = _document("""The CT surface job of ``cumed-ct-surface`` (C++
    ``cumed::ctsurface::ExtractCtSurface``): closing with a ball of ``radius_mm`` (ITK's grayscale
    closing with SafeBorder, bit for bit), then the closed surface at ``iso`` HU with normals.

    Parameters
    ----------
    source : str, os.PathLike, array_like or cumed.Volume
        A DICOM CT series directory, or an int16 HU array ``[z, y, x]`` (a Volume carries its
        geometry).
    iso : float, default 300.0
        The HU of the surface; some voxel must reach it.
    radius_mm : float, default 2.0
        The closing ball's radius in mm (0, or under half a voxel on every axis, skips it).
    output : {None, "arrays", "vtk"}, default None
        A Mesh (None, "arrays") or a vtkPolyData ("vtk").
    spacing : float or tuple of float, default None
        Voxel size ``(z, y, x)`` of an array source; not with a directory.
    spacing_xyz : float or tuple of float, default None
        The same in ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        Physical ``(x, y, z)`` of voxel ``[0, 0, 0]`` of an array source.
    direction : 3x3 sequence of float, default None
        ITK's direction matrix of an array source.
    {execution}

    Returns
    -------
    tuple of (Mesh or vtkPolyData, dict)
        The mesh in patient coordinates (mm, x, y, z) and a dict with ``closing_radius_voxels``,
        ``closing`` ("skipped", "cumed-cpu", "cumed-cuda"), ``contour``,
        ``voxels_at_or_above_iso``, ``voxel_volume_mm3``, the stage seconds and, for a
        directory, ``series_uid`` and ``slices``.

    Raises
    ------
    cumed.Error
        A series the reader refuses (naming the file and tag).
    cumed.InvalidArgument
        An unreachable ``iso``, too large a radius, or an image that is not int16.
    TypeError
        An unknown keyword, or spacing given with a directory.

    Examples
    --------
    >>> import numpy, cumed
    >>> ct = numpy.full((10, 10, 10), -1000, numpy.int16); ct[3:7, 3:7, 3:7] = 500
    >>> mesh, info = cumed.surface.ct_surface(ct, iso=300, radius_mm=1)
    >>> mesh.number_of_triangles > 0, tuple(info["closing_radius_voxels"])
    (True, (1, 1, 1))
    """)


@_public
def label_surfaces(labels, labels_list=None, *, normals=False, scalars=True, output=None,
                   devices=1, slabs=0, spacing=None, spacing_xyz=None, origin=None,
                   direction=None, backend="auto", threads=0, progress=None, cancel=None,
                   report=None):
    if labels_list is None:
        labels_list = _labels_present(labels)
    return _contour(labels, labels_list, "label", "labels_list", normals, scalars, output, devices,
                    slabs, spacing, origin, direction, (backend, threads, progress, cancel, report),
                    spacing_xyz=spacing_xyz)


label_surfaces.__doc__ = _contour_doc(
    "The surfaces of the regions of a label map, as vtkDiscreteFlyingEdges3D: a point is\n"
    "    inside a surface when its value equals the label; edges are cut at their midpoints.",
    """    labels : array_like, cumed.Volume or vtkImageData
        ``[z, y, x]`` label map: uint8, int16, uint16, float32 (or float64, computed in float32).
    labels_list : sequence of float or None, default None
        The labels to extract, one surface each in this order; None: every nonzero label of a
        host array, sorted.""", False, True, _SPHERE + """
    >>> mesh = cumed.surface.label_surfaces(sphere * 3)
    >>> mesh.values
    (3.0,)""")


def _labels_present(labels):
    import numpy as np

    array = labels
    if isinstance(labels, _common.Volume):
        array = labels.array
    elif _common.is_vtk_image(labels):
        from . import _vtk

        array = _vtk.volume_from_image_data(labels, "labels").array
    if not isinstance(array, np.ndarray):
        raise InvalidArgument("labels_list=None finds the labels of host arrays only; pass the "
                              "labels to extract for a CUDA array")
    if array.dtype.kind not in "biuf":
        raise TypeError(f"labels must be a numeric array, got dtype {array.dtype}")
    present = [value for value in np.unique(array).tolist() if value != 0]
    if not present:
        raise InvalidArgument("labels has no non-zero label: no contour values to extract "
                              "(labels_list=None extracts the non-zero labels present)")
    return present
