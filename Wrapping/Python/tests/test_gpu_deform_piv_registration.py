"""On the GPU machine (CuPy; skipped elsewhere): PIV, mesh deformation and registration with CuPy
inputs, against the CPU results of the same calls; what stays on the device stays there."""
import numpy as np
import pytest

import cumed
from cumed import deform, registration

cupy = pytest.importorskip("cupy")
if not cumed.cuda_available():
    pytest.skip(f"no usable CUDA device: {cumed.describe_devices()}", allow_module_level=True)

from test_deform import icosphere  # noqa: E402  (the same test meshes as the CPU suite)
from test_piv import particles, render  # noqa: E402
from test_registration import N, sinusoid, textured  # noqa: E402


def test_piv_on_cupy_frames_equals_cpu():
    px, py = particles(3)
    a, b = render(px, py), render(px + 2.6, py + 1.2)
    expected = cumed.piv.piv(a, b, window=(64, 32), backend="cpu")
    result = cumed.piv.piv(cupy.asarray(a), cupy.asarray(b), window=(64, 32))
    assert result.backend == "cuda"
    np.testing.assert_allclose(result.u, expected.u, atol=1e-3)
    np.testing.assert_allclose(result.v, expected.v, atol=1e-3)
    np.testing.assert_array_equal(result.flags, expected.flags)


def test_cupy_frames_with_the_cpu_backend_are_refused():
    a = cupy.zeros((64, 64), cupy.float32)
    with pytest.raises(cumed.InvalidArgument, match="device memory"):
        cumed.piv.piv(a, a, window=32, backend="cpu")


def test_deformation_of_a_cupy_mesh_stays_on_the_device():
    points, triangles = icosphere(4)
    points = np.asarray(points, np.float32)
    triangles = np.asarray(triangles, np.int64)
    lattice = deform.lattice_around(points, dimensions=(4, 4, 4))
    rng = np.random.default_rng(5)
    control = lattice.rest_points() + rng.normal(0, 0.05, (64, 3))
    expected, expected_normals = deform.deform(points, triangles, lattice, control, backend="cpu")
    device_points, device_triangles = cupy.asarray(points), cupy.asarray(triangles)
    before = cumed.transfer_stats()
    moved, normals = deform.deform(device_points, device_triangles, lattice, control)
    after = cumed.transfer_stats()
    assert isinstance(moved, cupy.ndarray) and isinstance(normals, cupy.ndarray)
    np.testing.assert_allclose(cupy.asnumpy(moved), expected, atol=1e-5)
    np.testing.assert_allclose(cupy.asnumpy(normals), expected_normals, atol=1e-4)
    # The lattice and control points go up (a few KB); the mesh never comes down.
    assert after["device_to_host_bytes"] - before["device_to_host_bytes"] < points.nbytes // 4


def test_mesh_deformer_frames_on_the_device():
    points, triangles = icosphere(3)
    points = np.asarray(points, np.float32)
    lattice = deform.lattice_around(points, dimensions=3)
    deformer = deform.MeshDeformer(cupy.asarray(points), cupy.asarray(np.asarray(triangles)), lattice)
    rest = lattice.rest_points()
    first, _ = deformer.deform(rest * 1.1)
    kept = cupy.asnumpy(first).copy()
    second, _ = deformer.deform(rest * 0.9)
    np.testing.assert_array_equal(cupy.asnumpy(first), kept)  # handed-out frames never overwritten
    # Scaling the control points about the world origin scales every point (affine maps are exact).
    np.testing.assert_allclose(kept, points * 1.1, atol=1e-4)
    np.testing.assert_allclose(cupy.asnumpy(second), points * 0.9, atol=1e-4)


def test_registration_of_cupy_volumes_gives_cupy_results_like_the_cpu():
    z, y, x = np.mgrid[0:N, 0:N, 0:N].astype(np.float64)
    fixed = textured(x, y, z)
    qx, qy, qz = x.copy(), y.copy(), z.copy()
    for _ in range(40):
        ux, uy, uz = sinusoid(qx, qy, qz)
        qx, qy, qz = x - ux, y - uy, z - uz
    moving = textured(qx, qy, qz)
    options = dict(levels=2, grid_spacing_mm=8, iterations=30)
    expected = registration.register(fixed, moving, backend="cuda", **options)
    result = registration.register(cupy.asarray(fixed), cupy.asarray(moving), **options)
    assert cumed.last_report().backend == "cuda"
    for name in ("warped", "field", "jacobian"):
        assert isinstance(getattr(result, name), cupy.ndarray), name
    np.testing.assert_allclose(cupy.asnumpy(result.field), expected.field, atol=1e-4)
    cpu = registration.register(fixed, moving, backend="cpu", **options)
    # CPU and CUDA add in the same order; their fields agree to float rounding.
    np.testing.assert_allclose(expected.field, cpu.field, atol=1e-3)
    det = registration.jacobian(result.field, spacing=result.spacing)
    assert isinstance(det, cupy.ndarray)
    np.testing.assert_allclose(cupy.asnumpy(det), expected.jacobian, atol=1e-4)


def test_warp_with_a_device_field_returns_a_device_image():
    z, y, x = np.mgrid[0:N, 0:N, 0:N].astype(np.float64)
    moving = textured(x + 0.7, y - 0.4, z)
    field = np.stack(sinusoid(x, y, z), axis=-1).astype(np.float32)
    expected = registration.warp(moving, field, backend="cpu")
    result = registration.warp(cupy.asarray(moving), cupy.asarray(field))
    assert isinstance(result, cupy.ndarray)
    np.testing.assert_array_equal(cupy.asnumpy(result), expected)
