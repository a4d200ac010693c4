"""cumed.surface on NumPy arrays: the meshes of vtkFlyingEdges3D / vtkDiscreteFlyingEdges3D
(python3-vtk9) point for point and triangle for triangle, the Mesh's offsets, normals and scalars,
zero-copy results and the errors for bad input."""
import gc

import numpy as np
import pytest

import cumed
from cumed import surface
from surface_reference import (assert_same_mesh, canonical_triangles, image_data, sphere,
                               vtk_surface)

SPACING = (0.8, 0.9, 1.5)  # x, y, z as VTK takes it; cumed's spacing= is (z, y, x)
ORIGIN = (-12.5, 40.0, 7.25)
# Tilted by 20 degrees about z and mirrored in x: what oblique and LPS/RAS-flipped CT brings.
_angle = np.radians(20)
DIRECTION = np.array([[np.cos(_angle), -np.sin(_angle), 0], [np.sin(_angle), np.cos(_angle), 0],
                      [0, 0, 1]]) @ np.diag([-1.0, 1.0, 1.0])
GEOMETRY = dict(spacing=SPACING[::-1], origin=ORIGIN, direction=DIRECTION)
VTK_GEOMETRY = dict(spacing=SPACING, origin=ORIGIN, direction=DIRECTION)


def smooth_random(shape, seed, dtype, scale):
    """Random noise smoothed along every axis (surfaces with many components), cast to dtype."""
    field = np.random.default_rng(seed).standard_normal(shape)
    for axis in range(3):
        field = (field + np.roll(field, 1, axis) + np.roll(field, -1, axis)) / 3
    return (field * scale).astype(dtype)


def test_sphere_matches_vtk_flying_edges_with_normals():
    volume = sphere()
    mesh = surface.isosurface(volume, 14.2, normals=True, **GEOMETRY)
    ref_points, ref_triangles, ref_normals = vtk_surface(image_data(volume, **VTK_GEOMETRY), [14.2],
                                                         normals=True)
    assert mesh.number_of_triangles > 2000
    assert_same_mesh(mesh.points, mesh.triangles, ref_points, ref_triangles, mesh.normals,
                     ref_normals)
    # The sphere's centre is where the geometry maps the index (23.3, 21.7, 19.4).
    centre = np.asarray(ORIGIN) + DIRECTION @ (np.asarray(SPACING) * (23.3, 21.7, 19.4))
    assert np.linalg.norm(mesh.points.mean(axis=0) - centre) < 0.05


@pytest.mark.parametrize("dtype, scale, value", [(np.float32, 1.0, 0.05),
                                                 (np.int16, 3000, -120.5),
                                                 (np.uint16, 3000, 40.5),
                                                 (np.uint8, 100, 10.5)])
def test_random_volume_matches_vtk_flying_edges(dtype, scale, value):
    volume = smooth_random((23, 29, 37), 7, np.float64, scale)
    if dtype in (np.uint16, np.uint8):
        volume = np.clip(volume + scale / 5, 0, None)
    volume = volume.astype(dtype)
    mesh = surface.isosurface(volume, value, **GEOMETRY, backend="cpu")
    ref_points, ref_triangles, _ = vtk_surface(image_data(volume, **VTK_GEOMETRY), [value])
    assert mesh.number_of_triangles > 500
    assert_same_mesh(mesh.points, mesh.triangles, ref_points, ref_triangles)
    assert cumed.last_report().backend == "cpu"


def test_normals_are_unit_length_and_point_down_the_gradient():
    volume = sphere()
    mesh = surface.isosurface(volume, 10.0, normals=True)
    lengths = np.linalg.norm(mesh.normals, axis=1)
    np.testing.assert_allclose(lengths, 1.0, atol=1e-5)
    # Distance grows outwards, so normals (towards decreasing values) point to the centre.
    outward = mesh.points - np.array([23.3, 21.7, 19.4])
    assert np.all(np.einsum("ij,ij->i", mesh.normals, outward) < 0)


def test_several_values_give_offsets_and_the_single_value_surfaces():
    volume = smooth_random((20, 24, 28), 3, np.float32, 1.0)
    values = [0.1, -0.05, 0.2]
    mesh = surface.isosurface(volume, values, scalars=True, normals=True)
    assert mesh.values == tuple(values)
    assert mesh.point_offsets.dtype == np.int64 and len(mesh.point_offsets) == 4
    assert mesh.point_offsets[0] == 0 and mesh.point_offsets[-1] == mesh.number_of_points
    assert mesh.triangle_offsets[-1] == mesh.number_of_triangles
    for index, value in enumerate(values):
        alone = surface.isosurface(volume, value, normals=True)
        part = mesh.surface(index)
        np.testing.assert_array_equal(part.points, alone.points)
        np.testing.assert_array_equal(part.triangles, alone.triangles)
        np.testing.assert_array_equal(part.normals, alone.normals)
        np.testing.assert_array_equal(part.scalars, np.float32(value))
        # Triangles of a surface use its own points only.
        first, last = mesh.point_offsets[index:index + 2]
        triangles = mesh.triangles[mesh.triangle_offsets[index]:mesh.triangle_offsets[index + 1]]
        assert triangles.min() >= first and triangles.max() < last
    ref_points, ref_triangles, _ = vtk_surface(image_data(volume), values)
    assert_same_mesh(mesh.points, mesh.triangles, ref_points, ref_triangles)


def label_map():
    """Three labels: a ball (1), a box (2) touching it, a thin slab (7); background 0."""
    labels = np.zeros((30, 34, 38), np.uint8)
    z, y, x = np.indices(labels.shape)
    labels[(x - 12) ** 2 + (y - 15) ** 2 + (z - 14) ** 2 < 64] = 1
    labels[8:20, 10:26, 20:32] = 2
    labels[24:26, 3:30, 3:35] = 7
    return labels


def test_label_surfaces_match_vtk_discrete_flying_edges():
    labels = label_map()
    mesh = surface.label_surfaces(labels, [1, 2, 7], **GEOMETRY)
    ref_points, ref_triangles, _ = vtk_surface(image_data(labels, **VTK_GEOMETRY), [1, 2, 7],
                                               label=True)
    assert mesh.number_of_points == len(ref_points)
    assert mesh.number_of_triangles == len(ref_triangles)
    assert_same_mesh(mesh.points, mesh.triangles, ref_points, ref_triangles)
    # Scalars are on by default, as in vtkDiscreteFlyingEdges3D: each point's label.
    expected = np.repeat([1.0, 2.0, 7.0], np.diff(mesh.point_offsets)).astype(np.float32)
    np.testing.assert_array_equal(mesh.scalars, expected)


def test_label_surfaces_finds_the_labels_present():
    labels = label_map()
    everything = surface.label_surfaces(labels)
    assert everything.values == (1.0, 2.0, 7.0)
    explicit = surface.label_surfaces(labels, [1, 2, 7])
    np.testing.assert_array_equal(everything.points, explicit.points)


def test_label_mode_cuts_edges_at_midpoints():
    labels = np.zeros((4, 4, 4), np.int16)
    labels[1:3, 1:3, 1:3] = 5
    mesh = surface.label_surfaces(labels, [5], scalars=False)
    assert mesh.scalars is None
    # Every coordinate is on the grid or half way between grid points.
    np.testing.assert_array_equal(mesh.points * 2, np.round(mesh.points * 2))
    assert set(np.unique(mesh.points)) == {0.5, 1.0, 2.0, 2.5}


def test_results_view_cumeds_mesh_without_copies():
    mesh = surface.isosurface(sphere(), 9.0, normals=True, scalars=True)
    for name in ("points", "triangles", "normals", "scalars", "point_offsets"):
        array = getattr(mesh, name)
        assert not array.flags.owndata, name
        base = array
        while isinstance(base, np.ndarray):
            base = base.base
        assert type(base).__name__ == "PyCapsule", (name, type(base))
    assert mesh.points.dtype == np.float32 and mesh.points.shape[1] == 3
    assert mesh.triangles.dtype == np.int64 and mesh.triangles.shape[1] == 3
    assert mesh.normals.shape == mesh.points.shape and mesh.scalars.shape == mesh.points.shape[:1]
    # The arrays keep CuMed's mesh alive on their own.
    points, expected = mesh.points, mesh.points.copy()
    del mesh
    gc.collect()
    surface.isosurface(sphere(), 5.0)  # reuses freed memory, if any was freed
    np.testing.assert_array_equal(points, expected)


def test_no_surface_gives_empty_arrays():
    mesh = surface.isosurface(sphere(), 1000.0, normals=True)
    assert mesh.points.shape == (0, 3) and mesh.triangles.shape == (0, 3)
    assert mesh.normals.shape == (0, 3)
    np.testing.assert_array_equal(mesh.point_offsets, [0, 0])


def test_slabs_do_not_change_the_mesh():
    volume = smooth_random((33, 20, 24), 11, np.float32, 1.0)
    one = surface.isosurface(volume, 0.0, normals=True, slabs=1)
    five = surface.isosurface(volume, 0.0, normals=True, slabs=5, threads=2)
    assert cumed.last_report().slabs == 5
    np.testing.assert_array_equal(one.points, five.points)
    np.testing.assert_array_equal(one.triangles, five.triangles)
    np.testing.assert_array_equal(one.normals, five.normals)


def test_volume_geometry_and_keywords():
    volume = sphere()
    from_volume = surface.isosurface(cumed.Volume(volume, SPACING[::-1], ORIGIN, DIRECTION), 12.0)
    from_keywords = surface.isosurface(volume, 12.0, **GEOMETRY)
    np.testing.assert_array_equal(from_volume.points, from_keywords.points)
    # An explicit keyword overrides the Volume's own geometry.
    shifted = surface.isosurface(cumed.Volume(volume, SPACING[::-1], ORIGIN, DIRECTION), 12.0,
                                 origin=(0, 0, 0))
    np.testing.assert_allclose(shifted.points + np.asarray(ORIGIN, np.float32),
                               from_keywords.points, atol=1e-4)


def test_progress_and_cancel():
    fractions = []
    surface.isosurface(sphere(), 10.0, progress=fractions.append)
    assert fractions and fractions[-1] == 1.0
    with pytest.raises(cumed.Cancelled):
        surface.isosurface(sphere(), 10.0, cancel=lambda: True)


@pytest.mark.parametrize("image, values, keywords, error, match", [
    (np.zeros((2, 3, 4, 5), np.float32), 1, {}, cumed.InvalidArgument, "4 dimensions"),
    (np.zeros((3, 4), np.float32), 1, {}, cumed.InvalidArgument, "3D"),
    (np.zeros((3, 4, 5), np.int64), 1, {}, cumed.InvalidArgument, "'<i8'"),
    (np.zeros((1, 4, 5), np.float32), 1, {}, cumed.InvalidArgument, "at least 2 points"),
    (np.zeros((3, 4, 5), np.float32), [], {}, cumed.InvalidArgument, "no contour values"),
    (np.zeros((3, 4, 5), np.float32), [1, float("nan")], {}, cumed.InvalidArgument,
     r"values\[1\] = nan is not a finite number"),
    (np.zeros((3, 4, 5), np.float32), "12", {}, cumed.InvalidArgument, "values must be"),
    (np.zeros((3, 4, 5), np.float32), [1, "a"], {}, cumed.InvalidArgument, "hold numbers"),
    (np.zeros((3, 4, 5), np.float32), 1, {"output": "mesh"}, cumed.InvalidArgument,
     "output must be"),
    (np.zeros((3, 4, 5), np.float32), 1, {"slabs": -1}, cumed.InvalidArgument, "negative"),
    (np.zeros((3, 4, 5), np.float32), 1, {"spacing": (1, 0, 1)}, cumed.InvalidArgument,
     "spacing\\[1\\]"),
    (np.zeros((3, 4, 5), np.float32), 1, {"smooth": True}, TypeError, "smooth"),
    ([[[1.0]]], 1, {}, cumed.InvalidArgument, "expected a NumPy array"),
])
def test_bad_input(image, values, keywords, error, match):
    with pytest.raises(error, match=match):
        surface.isosurface(image, values, **keywords)


def test_bad_labels():
    with pytest.raises(cumed.InvalidArgument, match="labels_list must be"):
        surface.label_surfaces(label_map(), "1")
    with pytest.raises(ValueError, match="no contour values"):  # InvalidArgument is a ValueError
        surface.label_surfaces(np.zeros((4, 4, 4), np.uint8))


def test_values_of_any_numeric_kind():
    volume = sphere()
    reference = surface.isosurface(volume, [8.0, 12.0])
    for values in (np.array([8, 12]), (np.float32(8), 12), [np.int16(8), 12.0]):
        mesh = surface.isosurface(volume, values)
        assert mesh.values == (8.0, 12.0)
        np.testing.assert_array_equal(mesh.points, reference.points)
    assert surface.isosurface(volume, np.array(8.0)).values == (8.0,)


def test_surface_index_bounds():
    mesh = surface.isosurface(sphere(), [5.0, 9.0])
    np.testing.assert_array_equal(mesh.surface(-1).points, mesh.surface(1).points)
    with pytest.raises(IndexError):
        mesh.surface(2)
    assert canonical_triangles(mesh.surface(0).triangles).min() == 0
