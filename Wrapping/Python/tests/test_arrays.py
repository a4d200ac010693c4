"""The array bridge: NumPy and DLPack inputs adopted without copies, results wrapping CuMed's own
memory, the documented copy of strided views, geometry keywords and clear refusals."""
import numpy as np
import pytest

import cumed
from cumed import _cumed


def adopt(array, spacing=None, origin=None, direction=None):
    return _cumed._inspect_adoption(array, _cumed.Geometry(spacing, origin, direction))


def data_pointer(array):
    return array.__array_interface__["data"][0]


def test_numpy_input_is_adopted_not_copied(rng):
    volume = rng.random((5, 6, 7), dtype=np.float32)
    info = adopt(volume)
    assert info["pointer"] == data_pointer(volume)
    assert not info["copied"]
    assert info["protocol"] == "numpy"
    assert info["location"] == "host"
    assert info["size"] == (7, 6, 5)  # x, y, z from [z, y, x]


def test_read_only_input_is_accepted_without_copy(rng):
    volume = rng.integers(0, 100, (4, 5, 6), dtype=np.uint16)
    volume.flags.writeable = False
    assert adopt(volume)["pointer"] == data_pointer(volume)
    assert cumed.morphology.dilate(volume, 1).dtype == np.uint16


def test_strided_view_is_copied_once_as_documented(rng):
    volume = rng.integers(0, 100, (6, 8, 10), dtype=np.int16)
    view = volume[:, ::2, :]
    info = adopt(view)
    assert info["copied"]
    assert info["size"] == (10, 4, 6)
    expected = cumed.morphology.dilate(np.ascontiguousarray(view), 1)
    np.testing.assert_array_equal(cumed.morphology.dilate(view, 1), expected)


def test_dlpack_host_producer_is_adopted_without_copy(rng):
    volume = rng.random((3, 4, 5), dtype=np.float32)

    class Producer:  # only the DLPack protocol, like a CPU torch.Tensor
        def __dlpack__(self, stream=None):
            return volume.__dlpack__()

        def __dlpack_device__(self):
            return volume.__dlpack_device__()

    info = adopt(Producer())
    assert info["protocol"] == "dlpack"
    assert info["pointer"] == data_pointer(volume)
    out = cumed.morphology.erode(Producer(), 1)
    np.testing.assert_array_equal(out, cumed.morphology.erode(volume, 1))


def test_result_wraps_cumed_memory(rng):
    volume = rng.integers(0, 255, (6, 7, 8), dtype=np.uint8)
    out = cumed.morphology.dilate(volume, 1)
    assert type(out) is np.ndarray
    assert not out.flags.owndata  # owned by CuMed's image, kept alive by the base capsule
    assert type(out.base).__name__ == "PyCapsule"
    assert out.flags.c_contiguous and out.flags.writeable
    assert not np.shares_memory(out, volume)
    del volume
    assert out.sum() > 0  # still valid: the capsule keeps CuMed's image alive


def test_two_dimensional_arrays_keep_their_shape(rng):
    image = rng.integers(0, 255, (30, 40), dtype=np.uint8)
    out = cumed.morphology.dilate(image, (1, 2), element="box")  # (ry, rx): NumPy axis order
    assert out.shape == (30, 40)
    padded = np.pad(image, ((1, 1), (2, 2)), constant_values=0)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 5))
    np.testing.assert_array_equal(out, windows.max(axis=(2, 3)))


def test_bool_arrays_are_read_as_uint8():
    mask = np.zeros((5, 5, 5), bool)
    mask[2, 2, 2] = True
    out = cumed.morphology.binary_dilate(mask, 1, element="cross")
    assert out.dtype == np.uint8 and out.sum() == 7


def test_geometry_keywords_in_itk_order():
    info = adopt(np.zeros((2, 3, 4), np.float32), spacing=(0.5, 0.7, 2.5), origin=(1, 2, 3),
                 direction=((0, 1, 0), (1, 0, 0), (0, 0, 1)))
    assert info["spacing"] == (0.5, 0.7, 2.5)
    assert info["origin"] == (1, 2, 3)
    assert info["direction"] == (0, 1, 0, 1, 0, 0, 0, 0, 1)
    assert adopt(np.zeros((2, 3, 4), np.float32), spacing=2)["spacing"] == (2, 2, 2)
    flat = adopt(np.zeros((3, 4), np.float32), spacing=(0.5, 0.25), direction=((0, -1), (1, 0)))
    assert flat["spacing"] == (0.5, 0.25, 1) and flat["size"] == (4, 3, 1)
    assert flat["direction"] == (0, -1, 0, 1, 0, 0, 0, 0, 1)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.complex64, np.int8])  # float64: test_conventions
def test_unsupported_dtype_is_refused_by_name(dtype):
    with pytest.raises(cumed.InvalidArgument, match="unsupported dtype"):
        cumed.morphology.dilate(np.zeros((3, 3, 3), dtype), 1)


def test_foreign_byte_order_is_refused():
    with pytest.raises(cumed.InvalidArgument, match="'>i2'"):
        cumed.morphology.dilate(np.zeros((3, 3, 3), ">i2"), 1)


@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (7,), ()])
def test_wrong_dimensions_are_refused(shape):
    with pytest.raises(cumed.InvalidArgument, match="2D .* or 3D"):
        cumed.morphology.dilate(np.zeros(shape, np.uint8), 1)


def test_empty_array_is_refused():
    with pytest.raises(cumed.InvalidArgument, match="empty"):
        cumed.morphology.dilate(np.zeros((0, 3, 3), np.uint8), 1)


@pytest.mark.parametrize("keywords, message", [
    # numbers::RequireSpacing, the programs' rule
    ({"spacing": (1, -1, 1)}, r"spacing\[1\] = -1 is outside 1e-30\.\.1e\+30"),
    ({"spacing": 0}, r"spacing\[0\] = 0 is outside"),
    ({"spacing": (1, 1)}, "spacing needs 3 values"),
    ({"origin": (0, float("nan"), 0)}, r"origin\[1\] is not finite"),
    ({"direction": np.zeros((3, 3))}, "direction is singular"),
    ({"direction": np.eye(4)}, "direction needs a 3x3 matrix"),
])
def test_bad_geometry_names_the_value(keywords, message):
    with pytest.raises(cumed.InvalidArgument, match=message):
        cumed.morphology.dilate(np.zeros((3, 3, 3), np.uint8), 1, **keywords)


def test_objects_that_are_not_arrays_are_refused():
    with pytest.raises(cumed.InvalidArgument, match="expected a NumPy array .* got list"):
        cumed.morphology.dilate([[1, 2], [3, 4]], 1)


@pytest.mark.skipif(cumed.cuda_available(), reason="checks the refusal without a device")
def test_cuda_array_without_device_is_refused_clearly():
    host = np.zeros((3, 3, 3), np.float32)

    class FakeDeviceArray:
        __cuda_array_interface__ = {"shape": host.shape, "typestr": "<f4",
                                    "data": (data_pointer(host), False), "version": 3}

    with pytest.raises(cumed.InvalidArgument, match="CUDA is not usable"):
        cumed.morphology.dilate(FakeDeviceArray(), 1)


def test_volume_in_volume_out_keeps_geometry(rng):
    volume = cumed.Volume(rng.integers(0, 100, (4, 5, 6), dtype=np.int16), spacing=(0.5, 0.5, 2),
                          origin=(1, 2, 3), info={"source": "test"})
    out = cumed.morphology.dilate(volume, radius_mm=1.0)
    assert isinstance(out, cumed.Volume)
    assert out.spacing == (0.5, 0.5, 2) and out.origin == (1, 2, 3)
    assert out.info == {"source": "test"}
    # radius 1 mm over spacing (0.5, 0.5, 2): round(mm / spacing) = 2, 2 and 1 voxels
    np.testing.assert_array_equal(
        out.array, cumed.morphology.dilate(volume.array, (2, 2, 1), element="ball"))


def test_non_finite_count_uses_the_arrays_own_package(tmp_path, monkeypatch):
    # A PyTorch-like tensor (size() is a method, numel() the count; found on a GPU run, where
    # int(tensor.size) failed and the count became -1 "not counted"), counted by its package.
    (tmp_path / "faketorch.py").write_text(
        "import numpy\n"
        "class Tensor:\n"
        "    def __init__(self, values): self.values = numpy.asarray(values)\n"
        "    def size(self): return self.values.shape\n"
        "    def numel(self): return self.values.size\n"
        "def isfinite(t): return Tensor(numpy.isfinite(t.values))\n"
        "def count_nonzero(t): return int(numpy.count_nonzero(t.values))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import faketorch
    from cumed import _common

    tensor = faketorch.Tensor([[1.0, np.nan], [np.inf, -np.inf], [2.0, 3.0]])
    assert _common.count_non_finite(tensor) == 3
    assert _common.count_non_finite(np.array([np.nan, 1.0, np.inf], np.float32)) == 2
