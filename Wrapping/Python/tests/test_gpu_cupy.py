"""On a machine with a GPU and CuPy (the GPU machine; skipped elsewhere): CuPy in, CuPy out on the
same device and stream, without copies in or out, equal to the CPU results."""
import numpy as np
import pytest

import cumed
from cumed import _cumed

cupy = pytest.importorskip("cupy")
if not cumed.cuda_available():
    pytest.skip(f"no usable CUDA device: {cumed.describe_devices()}", allow_module_level=True)


def random_volume(dtype, shape=(40, 50, 60), seed=7):
    rng = np.random.default_rng(seed)
    if dtype == np.float32:
        return rng.normal(0, 100, shape).astype(np.float32)
    return rng.integers(0, np.iinfo(dtype).max, shape, dtype=dtype)


def no_transfers(report):
    return (report.transfers["host_to_device_copies"] == 0
            and report.transfers["device_to_host_copies"] == 0)


def test_cupy_input_is_adopted_in_place():
    x = cupy.asarray(random_volume(np.int16))
    info = _cumed._inspect_adoption(x, _cumed.Geometry())
    assert info["pointer"] == x.data.ptr
    assert info["location"] == "device" and info["protocol"] == "cuda_array_interface"
    assert not info["copied"]


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.uint16, np.float32])
@pytest.mark.parametrize("operation", ["dilate", "erode", "open", "close", "white_top_hat",
                                       "black_top_hat", "gradient"])
def test_grayscale_cupy_equals_cpu_with_no_host_transfer(dtype, operation):
    host = random_volume(dtype)
    x = cupy.asarray(host)
    report = cumed.Report()
    y = cumed.morphology.grayscale(x, operation, (2, 1, 1), report=report)
    assert isinstance(y, cupy.ndarray)
    assert y.device.id == x.device.id and y.dtype == x.dtype and y.shape == x.shape
    assert report.backend == "cuda" and no_transfers(report)
    np.testing.assert_array_equal(
        cupy.asnumpy(y), cumed.morphology.grayscale(host, operation, (2, 1, 1), backend="cpu"))


@pytest.mark.parametrize("operation", ["dilate", "erode", "open", "close"])
def test_binary_cupy_equals_cpu(operation):
    host = (random_volume(np.uint8) > 128).astype(np.uint8)
    report = cumed.Report()
    y = cumed.morphology.binary(cupy.asarray(host), operation, 2, report=report)
    assert isinstance(y, cupy.ndarray) and report.backend == "cuda" and no_transfers(report)
    np.testing.assert_array_equal(cupy.asnumpy(y),
                                  cumed.morphology.binary(host, operation, 2, backend="cpu"))


def test_result_memory_is_cumeds_and_stays_alive():
    x = cupy.asarray(random_volume(np.float32))
    y = cumed.morphology.dilate(x, 1)
    memory = y.data.mem  # CuPy's UnownedMemory keeps the exporter alive
    owner = getattr(memory, "owner", None) or getattr(memory, "_owner", None)
    assert isinstance(owner, cumed.DeviceArray)
    assert owner.ptr == y.data.ptr and owner.ptr != x.data.ptr
    expected = cupy.asnumpy(y).copy()
    del owner, x
    cupy.get_default_memory_pool().free_all_blocks()
    np.testing.assert_array_equal(cupy.asnumpy(y), expected)


def test_work_is_queued_on_the_callers_stream():
    host = random_volume(np.float32)
    x = cupy.asarray(host)
    stream = cupy.cuda.Stream(non_blocking=True)
    with stream:
        info = _cumed._inspect_adoption(x, _cumed.Geometry())
        y = cumed.morphology.closing(x, 2)
        assert info["stream"] == stream.ptr
    stream.synchronize()
    np.testing.assert_array_equal(cupy.asnumpy(y), cumed.morphology.closing(host, 2, backend="cpu"))


def test_dlpack_producer_gets_a_device_array_without_copies():
    host = random_volume(np.uint16)
    x = cupy.asarray(host)

    class Producer:  # only DLPack, like a PyTorch tensor
        def __dlpack__(self, stream=None):
            return x.__dlpack__(stream=stream)

        def __dlpack_device__(self):
            return x.__dlpack_device__()

    assert _cumed._inspect_adoption(Producer(), _cumed.Geometry())["pointer"] == x.data.ptr
    report = cumed.Report()
    y = cumed.morphology.dilate(Producer(), 1, report=report)
    assert isinstance(y, cumed.DeviceArray) and no_transfers(report)
    z = cupy.from_dlpack(y)  # DeviceArray speaks DLPack too
    assert z.data.ptr == y.ptr
    np.testing.assert_array_equal(cupy.asnumpy(z), cumed.morphology.dilate(host, 1, backend="cpu"))
    np.testing.assert_array_equal(y.get(), cupy.asnumpy(z))


def test_torch_in_torch_out():
    torch = pytest.importorskip("torch")
    host = random_volume(np.float32)
    t = torch.from_numpy(host).cuda()
    report = cumed.Report()
    y = cumed.morphology.erode(t, 1, report=report)
    assert isinstance(y, torch.Tensor) and y.is_cuda and no_transfers(report)
    np.testing.assert_array_equal(y.cpu().numpy(), cumed.morphology.erode(host, 1, backend="cpu"))


def test_non_contiguous_cupy_is_refused():
    x = cupy.asarray(random_volume(np.uint8))[:, ::2, :]
    with pytest.raises(cumed.InvalidArgument, match="not C-contiguous"):
        cumed.morphology.dilate(x, 1)


def test_cpu_backend_on_a_cupy_array_is_refused_or_correct():
    host = random_volume(np.uint8)
    try:
        y = cumed.morphology.dilate(cupy.asarray(host), 1, backend="cpu")
    except cumed.Error as error:
        assert "device" in str(error).lower()
    else:
        np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(y)),
                                      cumed.morphology.dilate(host, 1, backend="cpu"))


def test_host_pointer_disguised_as_cuda_array_is_refused():
    host = np.zeros((3, 3, 3), np.float32)

    class Fake:
        __cuda_array_interface__ = {"shape": host.shape, "typestr": "<f4",
                                    "data": (host.__array_interface__["data"][0], False),
                                    "version": 3}

    with pytest.raises(cumed.InvalidArgument, match="not CUDA device memory"):
        cumed.morphology.dilate(Fake(), 1)
