"""cumed.deform on an icosphere built here: the identity, affine motions of the control points
(which Bernstein FFD reproduces exactly), normals against the sphere's and an ellipsoid's
analytic normals and against normals computed here from the deformed triangles, bad inputs."""
import numpy
import pytest

import cumed
from cumed import deform


def icosphere(subdivisions=3):
    """A unit sphere: an icosahedron subdivided `subdivisions` times, points pushed onto the
    sphere; triangles wound counter-clockwise seen from outside."""
    g = (1 + 5 ** 0.5) / 2
    corners = [(-1, g, 0), (1, g, 0), (-1, -g, 0), (1, -g, 0), (0, -1, g), (0, 1, g), (0, -1, -g),
               (0, 1, -g), (g, 0, -1), (g, 0, 1), (-g, 0, -1), (-g, 0, 1)]
    faces = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
             (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
             (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    points = [numpy.array(p, float) / numpy.linalg.norm(p) for p in corners]
    for _ in range(subdivisions):
        middles = {}

        def middle(a, b):
            key = (min(a, b), max(a, b))
            if key not in middles:
                m = points[a] + points[b]
                points.append(m / numpy.linalg.norm(m))
                middles[key] = len(points) - 1
            return middles[key]

        split = []
        for a, b, c in faces:
            ab, bc, ca = middle(a, b), middle(b, c), middle(c, a)
            split += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        faces = split
    return numpy.array(points, numpy.float32), numpy.array(faces, numpy.int64)


def vertex_normals(points, triangles, unit_faces=False):
    """Per vertex the normalised sum of its faces' normals (cross products, or unit ones)."""
    p = points.astype(numpy.float64)
    a, b, c = p[triangles[:, 0]], p[triangles[:, 1]], p[triangles[:, 2]]
    faces = numpy.cross(b - a, c - a)
    if unit_faces:
        faces /= numpy.linalg.norm(faces, axis=1)[:, None]
    sums = numpy.zeros_like(p)
    for corner in range(3):
        numpy.add.at(sums, triangles[:, corner], faces)
    return sums / numpy.linalg.norm(sums, axis=1)[:, None]


@pytest.fixture(scope="module")
def sphere():
    points, triangles = icosphere(3)
    centre = numpy.array([10.0, -4.0, 2.5], numpy.float32)
    return points * numpy.float32(3.0) + centre, triangles, centre


def test_lattice_around_bounds_the_points(sphere):
    points, _, centre = sphere
    lattice = deform.lattice_around(points, dimensions=(4, 3, 5), margin=0.1)
    assert lattice.dimensions == (4, 3, 5) and lattice.number_of_control_points == 60
    extent = 6.0 + 2 * 0.1 * 6.0  # the box (radius 3) grown by 0.1 x its extent on each side
    numpy.testing.assert_allclose(lattice.origin, centre - extent / 2, atol=1e-5)
    numpy.testing.assert_allclose(numpy.diag([lattice.s, lattice.t, lattice.u]), extent,
                                  atol=1e-5)
    rest = lattice.rest_points()
    assert rest.shape == (60, 3) and rest.dtype == numpy.float64
    # i along s fastest, then j, then k: point (i, j, k) at origin + i/3 s + j/2 t + k/4 u.
    grid = rest.reshape(5, 3, 4, 3)
    numpy.testing.assert_allclose(grid[2, 1, 3], numpy.array(lattice.origin)
                                  + numpy.array([extent, extent / 2, extent / 2]), atol=1e-9)
    assert deform.lattice_around(points, dimensions=2).dimensions == (2, 2, 2)


@pytest.mark.parametrize("dimensions", [(3, 3, 3), (2, 4, 3), (5, 5, 2)])
def test_identity_lattice_leaves_points_unchanged(sphere, dimensions):
    points, triangles, _ = sphere
    lattice = deform.lattice_around(points, dimensions)
    for control in (None, lattice.rest_points()):
        moved, normals = deform.deform(points, triangles, lattice, control, backend="cpu")
        assert moved.dtype == numpy.float32 and moved.shape == points.shape
        assert numpy.abs(moved - points).max() <= 1e-5
        numpy.testing.assert_allclose(normals, vertex_normals(points, triangles), atol=1e-5)


def rotated_lattice(points, dimensions):
    """A lattice whose axes are rotated 30 degrees about z, holding every point."""
    angle = numpy.radians(30)
    rotation = numpy.array([[numpy.cos(angle), -numpy.sin(angle), 0],
                            [numpy.sin(angle), numpy.cos(angle), 0], [0, 0, 1]])
    local = (points - points.mean(axis=0)) @ rotation  # coordinates along the rotated axes
    low, high = local.min(axis=0) - 0.5, local.max(axis=0) + 0.5
    origin = points.mean(axis=0) + rotation @ low
    s, t, u = (rotation[:, axis] * (high - low)[axis] for axis in range(3))
    return deform.Lattice(dimensions, tuple(origin), tuple(s), tuple(t), tuple(u))


@pytest.mark.parametrize("rotated", [False, True])
def test_affine_motion_of_control_points_moves_points_by_the_affine_map(sphere, rotated):
    points, triangles, _ = sphere
    lattice = (rotated_lattice(points, (3, 4, 3)) if rotated
               else deform.lattice_around(points, (3, 4, 3)))
    matrix = numpy.array([[1.2, 0.1, 0.0], [-0.2, 0.9, 0.3], [0.05, 0.0, 1.1]])
    offset = numpy.array([0.5, -1.0, 2.0])
    control = lattice.rest_points() @ matrix.T + offset
    moved, normals = deform.deform(points, triangles, lattice, control, backend="cpu")
    expected = points.astype(numpy.float64) @ matrix.T + offset
    numpy.testing.assert_allclose(moved, expected, atol=2e-5 * numpy.abs(expected).max())
    # The same through displacement= (a callable of the rest positions), in [nk, nj, ni, 3].
    again, _ = deform.deform(points, triangles, lattice,
                             displacement=lambda rest: rest @ (matrix - numpy.eye(3)).T + offset,
                             backend="cpu")
    numpy.testing.assert_array_equal(again, moved)
    grid, _ = deform.deform(points, triangles, lattice, control.reshape(3, 4, 3, 3),
                            backend="cpu")
    numpy.testing.assert_array_equal(grid, moved)
    numpy.testing.assert_allclose(normals, vertex_normals(moved, triangles), atol=1e-5)


def test_translation_moves_points_outside_the_lattice_too(sphere):
    points, triangles, _ = sphere
    lattice = deform.Lattice((3, 3, 3), origin=tuple(points.mean(axis=0)))  # a 1-unit corner box
    moved, _ = deform.deform(points, triangles, lattice, displacement=(1.0, 2.0, -3.0),
                             backend="cpu")
    numpy.testing.assert_allclose(moved, points + numpy.float32([1, 2, -3]), atol=1e-5)


def test_uniform_scaling_of_a_sphere_keeps_unit_radial_normals(sphere):
    points, triangles, centre = sphere
    lattice = deform.lattice_around(points)
    control = (lattice.rest_points() - centre) * 2.5 + centre
    moved, normals = deform.deform(points, triangles, lattice, control, backend="cpu")
    numpy.testing.assert_allclose(moved, (points - centre) * 2.5 + centre, atol=1e-4)
    numpy.testing.assert_allclose(numpy.linalg.norm(normals, axis=1), 1.0, atol=1e-6)
    radial = (moved - centre) / numpy.linalg.norm(moved - centre, axis=1)[:, None]
    # The discrete sphere's vertex normals are radial up to its faceting (642 points).
    assert (normals * radial).sum(axis=1).min() > 0.9999
    _, before = deform.deform(points, triangles, lattice, backend="cpu")
    numpy.testing.assert_allclose(normals, before, atol=5e-6)  # scaling does not turn normals


def test_anisotropic_scaling_gives_the_ellipsoids_normals(sphere):
    points, triangles, centre = sphere
    lattice = deform.lattice_around(points)
    axes = numpy.array([2.0, 1.0, 0.5])
    control = (lattice.rest_points() - centre) * axes + centre
    moved, normals = deform.deform(points, triangles, lattice, control, backend="cpu")
    # x^2/a^2 + y^2/b^2 + z^2/c^2 = r^2 has the normal (x/a^2, y/b^2, z/c^2).
    gradient = (moved - centre) / axes ** 2
    analytic = gradient / numpy.linalg.norm(gradient, axis=1)[:, None]
    assert (normals * analytic).sum(axis=1).min() > 0.998
    numpy.testing.assert_allclose(normals, vertex_normals(moved, triangles), atol=1e-5)
    _, unit = deform.deform(points, triangles, lattice, control, face_weighting="unit",
                            backend="cpu")
    numpy.testing.assert_allclose(unit, vertex_normals(moved, triangles, unit_faces=True),
                                  atol=1e-5)
    none = deform.deform(points, triangles, lattice, control, normals=False, backend="cpu")
    assert none[1] is None
    numpy.testing.assert_array_equal(none[0], moved)


def test_host_results_wrap_cumeds_mesh_and_inputs_are_converted(sphere):
    points, triangles, _ = sphere
    lattice = deform.lattice_around(points)
    moved, normals = deform.deform(points.astype(numpy.float64), triangles.astype(numpy.int32),
                                   lattice, backend="cpu")
    assert not moved.flags.owndata and not normals.flags.owndata
    assert numpy.abs(moved - points).max() <= 1e-5
    assert cumed.last_report().backend == "cpu"


def test_bad_inputs_raise_clear_errors(sphere):
    points, triangles, _ = sphere
    lattice = deform.lattice_around(points)
    bad_point = points.copy()
    bad_point[5, 1] = numpy.nan
    cases = [
        (lambda: deform.deform(points[:, :2], triangles, lattice),
         r"points: expected an \[N, 3\] array, got shape \(642, 2\)"),
        (lambda: deform.deform(points, triangles[:, :2], lattice),
         r"triangles: expected an \[N, 3\] array, got shape \(1280, 2\)"),
        (lambda: deform.deform(points, triangles + 1000, lattice),
         r"triangle 0 refers to point 1000 but the mesh has 642 points"),
        (lambda: deform.deform(points, triangles + 0.5, lattice),
         r"triangles: expected integer point ids \(int64\), got dtype float64"),
        (lambda: deform.deform(bad_point, triangles, lattice),
         r"point 5 has a non-finite coordinate"),
        (lambda: deform.deform(points, triangles[:0], lattice),
         r"the mesh is empty \(642 points, 0 triangles\)"),
        (lambda: deform.deform(points, triangles, lattice, numpy.zeros((26, 3))),
         r"78 control-point coordinates for a 3x3x3 lattice; expected 81"),
        (lambda: deform.deform(points, triangles, lattice, numpy.zeros((27, 2))),
         r"control_points: expected x, y, z along the last axis"),
        (lambda: deform.deform(points, triangles, lattice, numpy.full((27, 3), numpy.inf)),
         r"control point 0 has a non-finite x coordinate"),
        (lambda: deform.deform(points, triangles, deform.Lattice(dimensions=(1, 3, 3))),
         r"1 control point\(s\) along S \(degree 0\)"),
        (lambda: deform.deform(points, triangles, deform.Lattice(dimensions=(17, 3, 3))),
         r"17 control points along S; at most 16"),
        (lambda: deform.deform(points, triangles, deform.Lattice(t=(2, 0, 0))),
         r"coplanar or zero"),
        (lambda: deform.deform(points, triangles, lattice, face_weighting="angle"),
         r"face_weighting: unknown value 'angle' \(known: area, unit\)"),
        (lambda: deform.deform(points, triangles, lattice, threads_per_block=2000),
         r"threads_per_block 2000 is not in 1..1024"),
        (lambda: deform.lattice_around(points, margin=-1),
         r"margin -1.000000 must be a finite number >= 0"),
        (lambda: deform.lattice_around(points[:0]), r"the mesh has no points"),
        (lambda: deform.lattice_around(bad_point), r"point 5 has a non-finite coordinate"),
        (lambda: deform.Lattice(dimensions=(2, 2, 1)).rest_points(),
         r"1 control point\(s\) along U"),
    ]
    for call, message in cases:
        with pytest.raises(cumed.InvalidArgument, match=message):
            call()
    with pytest.raises(TypeError, match="lattice must be a cumed.deform.Lattice"):
        deform.deform(points, triangles, (3, 3, 3))
    with pytest.raises(TypeError, match="control_points or displacement, not both"):
        deform.deform(points, triangles, lattice, lattice.rest_points(), displacement=1.0)
    with pytest.raises(TypeError):
        deform.deform(points, triangles, lattice, normal=False)


@pytest.mark.skipif(cumed.cuda_available(), reason="checks the error of a CPU-only machine")
def test_cuda_backend_without_cuda_is_a_cuda_error(sphere):
    points, triangles, _ = sphere
    with pytest.raises(cumed.CudaError, match="CUDA backend was requested"):
        deform.deform(points, triangles, deform.lattice_around(points), backend="cuda")


def test_mesh_deformer_frames_equal_deform_and_never_overwrite_handed_out_arrays(sphere):
    points, triangles, centre = sphere
    lattice = deform.lattice_around(points, (4, 4, 4))
    deformer = deform.MeshDeformer(points, triangles, lattice, backend="cpu", threads=1)
    assert deformer.backend_used == "cpu" and deformer.number_of_points == len(points)
    assert deformer.points_outside == 0
    stu = deformer.local_coordinates()
    assert stu.shape == (len(points), 3) and stu.min() > 0 and stu.max() < 1
    rng = numpy.random.default_rng(7)
    frames = []
    for _ in range(3):
        control = lattice.rest_points() + rng.normal(0, 0.3, (64, 3))
        frames.append((control, deformer.deform(control)))
        assert deformer.report.backend == "cpu"
    for control, (moved, normals) in frames:
        expected, expected_normals = deform.deform(points, triangles, lattice, control,
                                                   backend="cpu")
        numpy.testing.assert_array_equal(moved, expected)
        numpy.testing.assert_array_equal(normals, expected_normals)
    # An output nobody refers to any more is reused, and still right.
    del frames
    moved, _ = deformer.deform(displacement=(0.0, 0.0, 1.0))
    numpy.testing.assert_allclose(moved, points + numpy.float32([0, 0, 1]), atol=1e-5)
    # A lattice over the half x >= centre: the other half is outside.
    half = deform.Lattice(origin=tuple(centre - numpy.float32([1e-3, 4, 4])), s=(4, 0, 0),
                          t=(0, 8, 0), u=(0, 0, 8))
    outside = deform.MeshDeformer(points, triangles, half, normals=False, backend="cpu")
    assert outside.points_outside == (points[:, 0] < centre[0] - 1e-3).sum() > 300
    assert outside.deform()[1] is None
    with pytest.raises(cumed.InvalidArgument, match=r"control-point coordinates for a 4x4x4"):
        deformer.deform(numpy.zeros((27, 3)))
    with pytest.raises(TypeError, match="backend must be"):
        deform.MeshDeformer(points, triangles, lattice, backend=None)


class FakeCudaArray:
    """Announces device memory through __cuda_array_interface__ (nothing is read from it)."""

    def __init__(self, shape, typestr):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "data": (0, False),
                                         "strides": None, "version": 3}


@pytest.mark.skipif(cumed.cuda_available(), reason="checks the error of a CPU-only machine")
def test_cuda_arrays_without_cuda_are_refused_by_name(sphere):
    points, triangles, _ = sphere
    lattice = deform.lattice_around(points)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"points: a CUDA array was given, but CUDA is not usable here"):
        deform.deform(FakeCudaArray((642, 3), "<f4"), triangles, lattice)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"points: a CUDA array was given, but CUDA is not usable here"):
        deform.lattice_around(FakeCudaArray((642, 3), "<f4"))
    with pytest.raises(cumed.InvalidArgument, match=r"points: expected float32 \('<f4'\), got "
                                                    r"the CUDA array type '<f8'"):
        deform.deform(FakeCudaArray((642, 3), "<f8"), triangles, lattice)


def test_animation_control_points_per_frame():
    lattice = deform.Lattice(origin=(1.0, 2.0, 0.0), s=(2.0, 0.0, 0.0), t=(0.0, 4.0, 0.0))
    rest = lattice.rest_points()
    frames = deform.animation(lattice, "twist", frames=4)
    assert frames.shape == (4, 27, 3) and frames.dtype == numpy.float64
    numpy.testing.assert_allclose(frames[0], rest, atol=1e-12)
    # Frame 1 of 4: the top layer (k = 2) turned by pi/4 about the lattice's axis; point (2, 1, 2)
    # at s = 1, t = 0.5.
    p = frames[1][(2 * 3 + 1) * 3 + 2]
    angle = numpy.pi / 4
    numpy.testing.assert_allclose(
        p, [1 + 2 * (0.5 + 0.5 * numpy.cos(angle)), 2 + 4 * (0.5 + 0.5 * numpy.sin(angle)), 1.0],
        atol=1e-12)
    # breathe scales about the centre by 1 + 0.1 amplitude at a quarter period.
    breathe = deform.animation(lattice, "breathe", frames=4, amplitude=2.0)
    centre = rest.mean(axis=0)
    numpy.testing.assert_allclose(breathe[1], centre + 1.2 * (rest - centre), atol=1e-12)
    # The frames move the mesh through deform().
    points, triangles = icosphere(1)
    around = deform.lattice_around(points)
    moved = deform.deform(points, triangles, around, deform.animation(around, "bend", 8)[2],
                          backend="cpu")
    assert numpy.abs(moved[0] - points).max() > 0.01


def test_animation_refuses_by_name():
    with pytest.raises(cumed.InvalidArgument, match="'wobble' is not one of"):
        deform.animation(deform.Lattice(), "wobble", 4)
    with pytest.raises(cumed.InvalidArgument, match="at least one frame"):
        deform.animation(deform.Lattice(), "twist", 0)
