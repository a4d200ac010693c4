"""What the surface tests compare with: VTK's own flying edges filters (python3-vtk9) on the same
voxels and geometry, and the comparison of two meshes whose points come in different orders."""
import numpy as np
import pytest

pytest.importorskip("vtkmodules", reason="the VTK reference needs python3-vtk9")
from vtkmodules.util import numpy_support
from vtkmodules.vtkCommonDataModel import vtkImageData
from vtkmodules.vtkFiltersCore import vtkFlyingEdges3D
from vtkmodules.vtkFiltersGeneral import vtkDiscreteFlyingEdges3D

TOLERANCE = 1e-4


def image_data(array, spacing=(1, 1, 1), origin=(0, 0, 0), direction=None, extent_start=(0, 0, 0)):
    """A vtkImageData holding a copy of the [z, y, x] ``array`` with this geometry; ``origin``
    is the physical position of index ``extent_start``."""
    image = vtkImageData()
    nz, ny, nx = array.shape
    i, j, k = extent_start
    image.SetExtent(i, i + nx - 1, j, j + ny - 1, k, k + nz - 1)
    image.SetSpacing(*spacing)
    matrix = np.eye(3) if direction is None else np.asarray(direction, dtype=float)
    image.SetDirectionMatrix(*matrix.ravel())
    # VTK's origin is the position of index (0, 0, 0).
    image.SetOrigin(*(np.asarray(origin) - matrix @ (np.asarray(spacing) * extent_start)))
    scalars = numpy_support.numpy_to_vtk(array.ravel(), deep=True)
    scalars.SetName("density")
    image.GetPointData().SetScalars(scalars)
    return image


def vtk_surface(image, values, label=False, normals=False):
    """(points [N, 3], triangles [M, 3], normals [N, 3] or None) from vtkFlyingEdges3D (or
    vtkDiscreteFlyingEdges3D with ``label``)."""
    contour = vtkDiscreteFlyingEdges3D() if label else vtkFlyingEdges3D()
    contour.SetInputData(image)
    for index, value in enumerate(values):
        contour.SetValue(index, value)
    contour.SetComputeNormals(normals)
    contour.Update()
    return polydata_arrays(contour.GetOutput())


def polydata_arrays(polydata):
    """(points, triangles, normals or None) of a vtkPolyData of triangles."""
    if polydata.GetNumberOfPoints() == 0:
        return np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int64), None
    points = numpy_support.vtk_to_numpy(polydata.GetPoints().GetData()).reshape(-1, 3)
    polys = polydata.GetPolys()
    offsets = numpy_support.vtk_to_numpy(polys.GetOffsetsArray())
    assert np.all(np.diff(offsets) == 3), "VTK made a polygon that is not a triangle"
    triangles = numpy_support.vtk_to_numpy(polys.GetConnectivityArray()).reshape(-1, 3)
    normals = polydata.GetPointData().GetNormals()
    return points, triangles, None if normals is None else numpy_support.vtk_to_numpy(normals)


def canonical_triangles(triangles):
    """Each triangle rotated to start at its smallest id (orientation kept), rows sorted."""
    triangles = np.asarray(triangles)
    if len(triangles) == 0:
        return triangles.reshape(0, 3)
    shift = np.argmin(triangles, axis=1)
    rows = np.arange(len(triangles))[:, None]
    rotated = triangles[rows, (shift[:, None] + np.arange(3)) % 3]
    return rotated[np.lexsort(rotated.T[::-1])]


def assert_same_mesh(points, triangles, ref_points, ref_triangles, normals=None,
                     ref_normals=None):
    """Same point set (sorted rows within TOLERANCE) and, through the points, the same triangles
    with the same orientation; normals, if given, within 1e-5 at the same points."""
    points, ref_points = np.asarray(points), np.asarray(ref_points)
    assert points.shape == ref_points.shape, (points.shape, ref_points.shape)
    assert len(triangles) == len(ref_triangles)
    order = np.lexsort(points.T[::-1])
    ref_order = np.lexsort(ref_points.T[::-1])
    np.testing.assert_allclose(points[order], ref_points[ref_order], atol=TOLERANCE, rtol=0)
    to_ref = np.empty(len(points), dtype=np.int64)
    to_ref[order] = ref_order
    np.testing.assert_array_equal(canonical_triangles(to_ref[np.asarray(triangles)]),
                                  canonical_triangles(ref_triangles))
    if normals is not None:
        np.testing.assert_allclose(np.asarray(normals)[order], ref_normals[ref_order], atol=1e-5,
                                   rtol=0)


def sphere(shape=(40, 44, 48), centre=(23.3, 21.7, 19.4), radius=14.2):
    """A float32 distance-to-centre field: the isosurface at ``radius`` is a sphere."""
    z, y, x = np.indices(shape, dtype=np.float64)
    cx, cy, cz = centre
    return np.sqrt((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2).astype(np.float32)
