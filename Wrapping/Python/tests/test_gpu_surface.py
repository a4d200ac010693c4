"""On the GPU machine (CuPy; skipped elsewhere): isosurfaces of CuPy volumes stay on the device,
come back as CuPy arrays, and equal the CPU meshes exactly (same points in the same order)."""
import gc

import numpy as np
import pytest

import cumed

cupy = pytest.importorskip("cupy")
if not cumed.cuda_available():
    pytest.skip(f"no usable CUDA device: {cumed.describe_devices()}", allow_module_level=True)


def sphere(shape=(64, 72, 80)):
    z, y, x = np.indices(shape, dtype=np.float32)
    centre = (np.array(shape, np.float32) - 1) / 2
    return 30 - np.sqrt((z - centre[0]) ** 2 + (y - centre[1]) ** 2 + (x - centre[2]) ** 2)


def assert_same_mesh(device_mesh, host_mesh):
    for name in ("points", "triangles", "normals", "scalars"):
        device, host = getattr(device_mesh, name), getattr(host_mesh, name)
        if host is None:
            assert device is None
            continue
        assert isinstance(device, cupy.ndarray), name
        np.testing.assert_array_equal(cupy.asnumpy(device), host, err_msg=name)


def test_cupy_volume_gives_cupy_mesh_equal_to_cpu():
    host = sphere()
    keywords = dict(normals=True, scalars=True, spacing=(0.7, 0.8, 1.5), origin=(-5, 3, 10))
    expected = cumed.surface.isosurface(host, [0.0, 10.0], backend="cpu", **keywords)
    before = cumed.transfer_stats()
    mesh = cumed.surface.isosurface(cupy.asarray(host), [0.0, 10.0], **keywords)
    after = cumed.transfer_stats()
    assert cumed.last_report().backend == "cuda"
    assert_same_mesh(mesh, expected)
    np.testing.assert_array_equal(mesh.point_offsets, expected.point_offsets)
    # Only the per-slab totals come down, never the mesh (about 100k points here).
    down = after["device_to_host_bytes"] - before["device_to_host_bytes"]
    assert down < 4096, down
    assert after["host_to_device_bytes"] - before["host_to_device_bytes"] < 4096


def test_on_another_stream_and_after_the_mesh_object_is_gone():
    host = sphere()
    expected = cumed.surface.isosurface(host, 0.0, backend="cpu")
    with cupy.cuda.Stream(non_blocking=True):
        mesh = cumed.surface.isosurface(cupy.asarray(host), 0.0)
    points = mesh.points
    del mesh
    gc.collect()
    cupy.get_default_memory_pool().free_all_blocks()
    np.testing.assert_array_equal(cupy.asnumpy(points), expected.points)


def test_label_surfaces_on_the_device():
    labels = np.zeros((40, 40, 40), np.uint8)
    labels[5:20, 5:30, 8:25] = 1
    labels[22:35, 10:30, 10:35] = 2
    expected = cumed.surface.label_surfaces(labels, [1, 2], backend="cpu")
    mesh = cumed.surface.label_surfaces(cupy.asarray(labels), [1, 2])
    assert_same_mesh(mesh, expected)
    with pytest.raises(cumed.InvalidArgument):
        cumed.surface.label_surfaces(cupy.asarray(labels))


def test_empty_surface_on_the_device():
    mesh = cumed.surface.isosurface(cupy.asarray(sphere()), 1000.0)
    assert isinstance(mesh.points, cupy.ndarray) and mesh.points.shape == (0, 3)
    assert mesh.triangles.shape == (0, 3)


def test_host_input_on_the_cuda_backend_gives_numpy():
    host = sphere((32, 32, 32))
    mesh = cumed.surface.isosurface(host, 5.0, backend="cuda")
    assert isinstance(mesh.points, np.ndarray)
    assert_same_mesh_host = cumed.surface.isosurface(host, 5.0, backend="cpu")
    np.testing.assert_array_equal(mesh.points, assert_same_mesh_host.points)
    np.testing.assert_array_equal(mesh.triangles, assert_same_mesh_host.triangles)


def test_torch_volume_gives_torch_mesh():
    torch = pytest.importorskip("torch")
    host = sphere((32, 40, 48))
    mesh = cumed.surface.isosurface(torch.from_numpy(host).cuda(), 4.0, normals=True)
    assert isinstance(mesh.points, torch.Tensor) and mesh.points.is_cuda
    expected = cumed.surface.isosurface(host, 4.0, normals=True, backend="cpu")
    np.testing.assert_array_equal(mesh.points.cpu().numpy(), expected.points)


def test_the_tutorials_cupy_pipeline_on_the_real_ct(shared_data):
    """Documentation/python.md's tutorial with --cupy, without the rendering (no VTK on the GPU
    machine): read, one upload, closing and contour on the device, equal to the CPU pipeline."""
    import time

    series = shared_data / "ct" / "popi-phase00"
    if not series.is_dir():
        pytest.skip(f"{series} absent")
    ct = cumed.io.read_dicom_series(str(series))
    start = time.perf_counter()
    closed = cumed.morphology.closing(ct, radius_mm=2, backend="cpu")
    expected = cumed.surface.isosurface(closed, 300, normals=True, backend="cpu")
    cpu_seconds = time.perf_counter() - start

    cupy.cuda.Device().synchronize()
    before = cumed.transfer_stats()
    start = time.perf_counter()
    device_ct = cumed.Volume(cupy.asarray(ct.array), ct.spacing, ct.origin, ct.direction)
    device_closed = cumed.morphology.closing(device_ct, radius_mm=2)
    mesh = cumed.surface.isosurface(device_closed, 300, normals=True)
    cupy.cuda.Device().synchronize()
    gpu_seconds = time.perf_counter() - start
    after = cumed.transfer_stats()
    print(f"\nreal CT {ct.array.shape}: closing + contour, CPU {cpu_seconds:.3f} s, "
          f"CuPy (upload included) {gpu_seconds:.3f} s, {mesh.number_of_points} points")
    assert isinstance(mesh.points, cupy.ndarray)
    assert mesh.number_of_points == expected.number_of_points
    np.testing.assert_array_equal(cupy.asnumpy(mesh.triangles), expected.triangles)
    np.testing.assert_allclose(cupy.asnumpy(mesh.points), expected.points, atol=1e-4)
    assert after["device_to_host_bytes"] - before["device_to_host_bytes"] < 65536


def test_non_finite_counts_of_a_cupy_volume_are_counted_on_the_device():
    host = sphere()
    host.reshape(-1)[::997] = np.nan
    expected = cumed.surface.isosurface(host, 5.0, backend="cpu")
    with pytest.warns(RuntimeWarning, match=f"the image has {expected.non_finite_voxels} "):
        mesh = cumed.surface.isosurface(cupy.asarray(host), 5.0)
    assert isinstance(mesh.points, cupy.ndarray)
    assert mesh.non_finite_voxels == expected.non_finite_voxels > 0
    assert mesh.non_finite_points == int(cupy.count_nonzero(~cupy.isfinite(mesh.points)))
    finite = cumed.surface.isosurface(cupy.asarray(sphere()), 5.0)
    assert (finite.non_finite_voxels, finite.non_finite_points) == (0, 0)
