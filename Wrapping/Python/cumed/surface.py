"""Isosurfaces and label surfaces by marching cubes (flying edges), welded: one point per
intersected grid edge, shared by every triangle that uses it. The triangles and point positions
are those of vtkFlyingEdges3D (``isosurface``) and vtkDiscreteFlyingEdges3D (``label_surfaces``);
only the point order differs (compare meshes by position). CPU (OpenMP) or CUDA.

Input: a ``[z, y, x]`` array (uint8, int16, uint16 or float32; NumPy, CuPy, PyTorch), a
cumed.Volume or a vtkImageData, with ``spacing``/``origin``/``direction`` in ITK's ``(x, y, z)``
order. Output: a :class:`Mesh` of arrays in world coordinates (points are ``x, y, z`` in the last
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
        from 0 (a new array)."""
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
        """A vtkPolyData sharing this mesh's host arrays (device arrays are copied to the host)."""
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
             direction, execution, closed=False):
    if not (output is None or isinstance(output, str)) or output not in OUTPUTS:
        raise InvalidArgument(f"output must be None, 'arrays' or 'vtk', got {output!r}")
    contour_values = _values(values, name)
    vtk_input = _common.is_vtk_image(image)
    vtk_output = output == "vtk" or (output is None and vtk_input)
    if vtk_output:
        from . import _vtk  # before the work: without VTK, this says what to install
    array, geometry = _common.image_input(image, spacing, origin, direction)
    arrays, (non_finite_voxels, non_finite_points) = \
        _native.isosurface(array, contour_values, mode, _common.flag("normals", normals),
                           _common.flag("scalars", scalars), closed,
                           _common.whole("devices", devices), _common.whole("slabs", slabs),
                           geometry,
                           _common.execution(**execution))
    points, triangles, point_normals, point_scalars, point_offsets, triangle_offsets = arrays
    # The native layer scans host data only (-1 for a device image or mesh); count those with
    # the array's own package, on the device, so the counts are never "not counted".
    if non_finite_voxels < 0:
        non_finite_voxels = _common.count_non_finite(array)
    if non_finite_points < 0:  # finite voxels give finite points (the library refuses others)
        non_finite_points = _common.count_non_finite(points) if non_finite_voxels else 0
    mesh = Mesh(points, triangles, point_normals, point_scalars, point_offsets, triangle_offsets,
                tuple(contour_values), non_finite_voxels, non_finite_points)
    if non_finite_voxels:
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


def isosurface(image, values, *, normals=False, scalars=False, output=None, devices=1, slabs=0,
               spacing=None, origin=None, direction=None, **execution):
    """The isosurfaces of ``image`` at ``values`` (one number or several: one surface each,
    appended in this order), as vtkFlyingEdges3D: a point is inside when its value is
    ``>= value``.

    ``normals``: unit point normals from the interpolated gradient (ComputeNormals);
    ``scalars``: the contour value per point (ComputeScalars); ``output``: None (a Mesh, or a
    vtkPolyData for a vtkImageData input), ``"arrays"`` (a Mesh) or ``"vtk"`` (a vtkPolyData,
    which needs VTK's Python package); ``devices``: CUDA devices to use (1: the current one, 0:
    every usable one; a CUDA input keeps its mesh on the device only with one); ``slabs``: z-slabs
    to cut the work into (0: one per device; the mesh does not depend on it). The execution
    keywords (``backend``, ``threads``, ``progress``, ``cancel``, ``report``) work as everywhere.
    Raises cumed.InvalidArgument for a bad image (not 3D, an unsupported dtype, fewer than two
    points along an axis) or bad values (none, not finite)."""
    return _contour(image, values, "isovalue", "values", normals, scalars, output, devices, slabs,
                    spacing, origin, direction, execution)


def closed_surface(image, values, *, normals=True, scalars=False, output=None, devices=1, slabs=0,
                   spacing=None, origin=None, direction=None, **execution):
    """The closed surface of ``image`` at ``values``, as the CT surface job makes it
    (C++ ``cumed::surface::ExtractClosedSurface``): every value must be reached by some voxel and
    lie above the lowest value of the array's type (else cumed.InvalidArgument names it); the
    volume is padded by one voxel of that lowest value, so structures touching a face still get a
    closed surface; triangles wind outward also when ``direction`` is a reflection (where
    :func:`isosurface`, as vtkFlyingEdges3D, turns them inside out). Points keep their world
    positions. Arguments and result as :func:`isosurface`; ``normals`` defaults to True."""
    return _contour(image, values, "isovalue", "values", normals, scalars, output, devices, slabs,
                    spacing, origin, direction, execution, closed=True)


def ct_surface(source, *, iso=300.0, radius_mm=2.0, output=None, spacing=None, origin=None,
               direction=None, **execution):
    """The CT surface job of ``cumed-ct-surface`` (C++ ``cumed::ctsurface::ExtractCtSurface``) on
    ``source``: a DICOM CT series directory (str or os.PathLike) or an int16 HU array ``[z, y, x]``
    (a :class:`cumed.Volume` carries its geometry). The volume is closed with a ball of
    ``radius_mm`` (0, or under half a voxel on every axis, skips it; equal to ITK's grayscale
    closing with SafeBorder), then its closed surface at ``iso`` HU is extracted with normals
    (:func:`closed_surface`'s rules). Returns ``(mesh, info)``: a Mesh (or a vtkPolyData with
    ``output="vtk"``) in patient coordinates (mm), and a dict with ``closing_radius_voxels``,
    ``closing`` ("skipped", "cumed-cpu", "cumed-cuda"), ``contour``, ``voxels_at_or_above_iso``,
    ``voxel_volume_mm3``, the stage seconds and, for a directory, ``series_uid`` and ``slices``.
    Execution keywords as everywhere. Raises cumed.Error naming the file and tag for a series
    the reader refuses, cumed.InvalidArgument for an unreachable ``iso`` or too large a radius."""
    if not (output is None or isinstance(output, str)) or output not in OUTPUTS:
        raise InvalidArgument(f"output must be None, 'arrays' or 'vtk', got {output!r}")
    if output == "vtk":
        from . import _vtk
    if isinstance(source, (str, os.PathLike)):
        source, geometry = os.fspath(source), _cumed.Geometry(None, None, None)
    else:
        source, geometry = _common.image_input(source, spacing, origin, direction)
    (points, triangles, normals, _, point_offsets, triangle_offsets), info = _native.ct_surface(
        source, geometry, _common.real("iso", iso), _common.real("radius_mm", radius_mm),
        _common.execution(**execution))
    mesh = Mesh(points, triangles, normals, None, point_offsets, triangle_offsets, (float(iso),))
    return (_vtk.polydata_from_mesh(mesh, "HU") if output == "vtk" else mesh), info


def label_surfaces(labels, labels_list=None, *, normals=False, scalars=True, output=None,
                   devices=1, slabs=0, spacing=None, origin=None, direction=None, **execution):
    """The surfaces of the regions of a label map, as vtkDiscreteFlyingEdges3D: a point is inside
    a surface when its value equals the label; edges are cut at their midpoints.

    ``labels_list``: the labels to extract, one surface each in this order; None takes every
    nonzero label of a host array (sorted). ``scalars`` (on by default, as in
    vtkDiscreteFlyingEdges3D) gives every point its label. The other keywords are those of
    :func:`isosurface`."""
    if labels_list is None:
        labels_list = _labels_present(labels)
    return _contour(labels, labels_list, "label", "labels_list", normals, scalars, output, devices,
                    slabs, spacing, origin, direction, execution)


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
