"""cumed's VTK interop (cumed._vtk, python3-vtk9): vtkImageData in without copies and with its
geometry, vtkPolyData out sharing CuMed's mesh, the surfaces of vtkFlyingEdges3D, and clear errors
for images CuMed cannot take or a missing VTK."""
import gc
import sys

import numpy as np
import pytest

pytest.importorskip("vtkmodules", reason="the VTK reference needs python3-vtk9")
from vtkmodules.util import numpy_support
from vtkmodules.vtkCommonCore import vtkDoubleArray, vtkLongLongArray, vtkFloatArray
from vtkmodules.vtkCommonDataModel import vtkImageData, vtkPolyData

import cumed
from cumed import _vtk, surface
from surface_reference import assert_same_mesh, image_data, polydata_arrays, sphere, vtk_surface

SPACING = (0.7, 0.75, 2.0)
ORIGIN = (100.0, -20.0, 3.5)
DIRECTION = ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0))
EXTENT_START = (5, -3, 10)  # VTK extents need not start at 0


def ct_like_image():
    """A vtkImageData of int16 'HU': a ball of 1000 in 40, with a shifted extent."""
    hu = np.where(sphere((36, 40, 44)) < 13.0, 1000, 40).astype(np.int16)
    return image_data(hu, SPACING, ORIGIN, DIRECTION, EXTENT_START), hu


def test_volume_from_image_data_views_the_scalars_with_the_geometry():
    image, hu = ct_like_image()
    volume = _vtk.volume_from_image_data(image, "image")
    scalars = numpy_support.vtk_to_numpy(image.GetPointData().GetScalars())
    assert np.shares_memory(volume.array, scalars)
    assert volume.array.shape == hu.shape and volume.array.dtype == np.int16
    np.testing.assert_array_equal(volume.array, hu)
    assert volume.spacing_xyz == SPACING and volume.spacing == SPACING[::-1]
    np.testing.assert_allclose(volume.origin, ORIGIN, atol=1e-12)  # index EXTENT_START
    assert volume.direction == DIRECTION
    assert volume.info["scalars_name"] == "density"
    # The view writes through to VTK's memory.
    volume.array[0, 0, 0] = -7
    assert image.GetPointData().GetScalars().GetValue(0) == -7


def test_vtk_image_in_gives_vtk_polydata_like_vtk_flying_edges():
    image, _ = ct_like_image()
    polydata = surface.isosurface(image, 300, normals=True, scalars=True)
    assert isinstance(polydata, vtkPolyData)
    ref = vtk_surface(image, [300], normals=True)
    assert polydata.GetNumberOfPoints() == len(ref[0]) > 1000
    assert polydata.GetNumberOfPolys() == len(ref[1])
    points, triangles, normals = polydata_arrays(polydata)
    assert_same_mesh(points, triangles, ref[0], ref[1], normals, ref[2])
    point_data = polydata.GetPointData()
    assert point_data.GetNormals().GetName() == "Normals"
    assert point_data.GetScalars().GetName() == "density"  # the input's name, as VTK does
    np.testing.assert_array_equal(numpy_support.vtk_to_numpy(point_data.GetScalars()), 300)


def test_vtk_image_in_arrays_out_and_numpy_in_vtk_out():
    image, hu = ct_like_image()
    mesh = surface.isosurface(image, 300, output="arrays")
    assert isinstance(mesh, surface.Mesh)
    polydata = surface.isosurface(hu, 300, output="vtk", spacing_xyz=SPACING, origin=ORIGIN,
                                  direction=DIRECTION)
    assert isinstance(polydata, vtkPolyData)
    assert polydata.GetNumberOfPolys() == mesh.number_of_triangles
    np.testing.assert_array_equal(polydata_arrays(polydata)[0], mesh.points)


def test_label_surfaces_of_a_vtk_label_image():
    labels = np.zeros((20, 22, 24), np.uint8)
    labels[4:12, 5:15, 6:18] = 3
    labels[12:16, 5:15, 6:18] = 4
    image = image_data(labels, SPACING, ORIGIN, DIRECTION)
    polydata = surface.label_surfaces(image)
    ref_points, ref_triangles, _ = vtk_surface(image, [3, 4], label=True)
    points, triangles, _ = polydata_arrays(polydata)
    assert_same_mesh(points, triangles, ref_points, ref_triangles)


def test_polydata_shares_the_meshs_arrays_and_keeps_them_alive():
    mesh = surface.isosurface(sphere(), 11.0, normals=True, scalars=True)
    polydata = mesh.to_vtk()
    vtk_points = numpy_support.vtk_to_numpy(polydata.GetPoints().GetData())
    assert np.shares_memory(vtk_points, mesh.points)
    connectivity = numpy_support.vtk_to_numpy(polydata.GetPolys().GetConnectivityArray())
    assert connectivity.dtype == np.int64
    assert np.shares_memory(connectivity, mesh.triangles)
    assert np.shares_memory(numpy_support.vtk_to_numpy(polydata.GetPointData().GetNormals()),
                            mesh.normals)
    expected = [mesh.points.copy(), mesh.triangles.copy(), mesh.normals.copy()]
    del mesh, vtk_points, connectivity
    gc.collect()
    surface.isosurface(sphere(), 6.0, normals=True)  # reuses freed memory, if any was freed
    points, triangles, normals = polydata_arrays(polydata)
    np.testing.assert_array_equal(points, expected[0])
    np.testing.assert_array_equal(triangles, expected[1])
    np.testing.assert_array_equal(normals, expected[2])


def test_filters_return_vtk_images_for_vtk_images():
    image, hu = ct_like_image()
    dilated = cumed.morphology.dilate(image, 1, element="box")
    assert isinstance(dilated, vtkImageData)
    assert dilated.GetExtent() == image.GetExtent()
    assert dilated.GetSpacing() == image.GetSpacing() and dilated.GetOrigin() == image.GetOrigin()
    assert dilated.GetPointData().GetScalars().GetName() == "density"
    expected = cumed.morphology.dilate(hu, 1, element="box")
    result = numpy_support.vtk_to_numpy(dilated.GetPointData().GetScalars())
    np.testing.assert_array_equal(result.reshape(hu.shape), expected)


def test_image_data_from_array_views_the_array():
    image, hu = ct_like_image()
    array = np.arange(hu.size, dtype=np.float32).reshape(hu.shape)
    result = _vtk.image_data_from_array(array, image)
    assert np.shares_memory(numpy_support.vtk_to_numpy(result.GetPointData().GetScalars()), array)
    matrix = result.GetDirectionMatrix()
    assert tuple(tuple(matrix.GetElement(r, c) for c in range(3)) for r in range(3)) == DIRECTION
    with pytest.raises(cumed.InvalidArgument, match="does not match"):
        _vtk.image_data_from_array(array[:-1], image)


def image_with(array):
    image = vtkImageData()
    image.SetDimensions(4, 3, 2)
    image.GetPointData().SetScalars(array)
    return image


def test_images_cumed_cannot_take():
    rgb = vtkFloatArray()
    rgb.SetName("rgb")
    rgb.SetNumberOfComponents(3)
    rgb.SetNumberOfTuples(24)
    with pytest.raises(cumed.InvalidArgument, match="'rgb' have 3 components"):
        surface.isosurface(image_with(rgb), 1)
    with pytest.raises(cumed.InvalidArgument, match="has no point scalars"):
        surface.isosurface(vtkImageData(), 1)
    longs = vtkLongLongArray()
    longs.SetNumberOfTuples(24)
    with pytest.raises(cumed.InvalidArgument, match="unsupported dtype '<i8'"):
        surface.isosurface(image_with(longs), 1)
    short = vtkFloatArray()
    short.SetNumberOfTuples(10)
    with pytest.raises(cumed.InvalidArgument, match="10 values but its dimensions 4 x 3 x 2"):
        surface.isosurface(image_with(short), 1)


def test_vtk_output_without_vtk_says_what_to_install(monkeypatch):
    for name in [name for name in sys.modules if name.startswith("vtkmodules")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "vtkmodules", None)  # import vtkmodules now fails
    monkeypatch.delitem(sys.modules, "cumed._vtk")
    monkeypatch.delattr(cumed, "_vtk", raising=False)
    with pytest.raises(ImportError, match="python3-vtk9"):
        surface.isosurface(sphere(), 10.0, output="vtk")
    mesh = surface.isosurface(sphere(), 10.0)  # arrays need no VTK
    with pytest.raises(ImportError, match="python3-vtk9"):
        mesh.to_vtk()
