"""Issue 27's conventions: spacing in NumPy axis order (spacing_xyz for ITK's), float64 and
array-likes accepted, CuMed's C++ log reaching Python's warnings and logging."""
import logging
import os
import warnings

import numpy as np
import pytest

import cumed
from cumed import _cumed

SEED = int(os.environ.get("CUMED_TEST_SEED", "27"))


def sphere(shape=(14, 12, 10), centre=(6.5, 5.5, 4.5), radius=4.0):
    z, y, x = np.indices(shape, dtype=np.float32)
    return np.sqrt((z - centre[0]) ** 2 + (y - centre[1]) ** 2 + (x - centre[2]) ** 2) \
        .astype(np.float32)


# --- spacing order ---

def test_isosurface_spacing_is_numpy_axis_order():
    distance = sphere()
    mesh = cumed.surface.isosurface(-distance, -4.0, spacing=(3.0, 2.0, 1.0))
    extent = mesh.points.max(axis=0) - mesh.points.min(axis=0)  # x, y, z
    # The sphere's diameter (about 8 voxels) times each axis's spacing: z 3, y 2, x 1.
    np.testing.assert_allclose(extent / extent[0], [1.0, 2.0, 3.0], rtol=0.05)
    same = cumed.surface.isosurface(-distance, -4.0, spacing_xyz=(1.0, 2.0, 3.0))
    np.testing.assert_array_equal(np.sort(mesh.points, axis=0), np.sort(same.points, axis=0))


def test_isosurface_points_equal_skimage_marching_cubes_vertices():
    measure = pytest.importorskip("skimage.measure")
    distance = -sphere()
    spacing = (2.5, 1.5, 0.5)
    mesh = cumed.surface.isosurface(distance, -4.0, spacing=spacing)
    verts, _, _, _ = measure.marching_cubes(distance, -4.0, spacing=spacing)
    ours = np.unique(np.round(mesh.points[:, ::-1].astype(np.float64), 4), axis=0)  # to z, y, x
    theirs = np.unique(np.round(verts.astype(np.float64), 4), axis=0)
    assert ours.shape == theirs.shape
    np.testing.assert_allclose(ours, theirs, atol=2e-4)


def test_spacing_and_spacing_xyz_together_are_refused():
    with pytest.raises(TypeError, match="spacing .* or spacing_xyz .* not both"):
        cumed.surface.isosurface(sphere(), 3.0, spacing=1.0, spacing_xyz=1.0)
    with pytest.raises(TypeError, match="not both"):
        cumed.morphology.closing(np.zeros((4, 4, 4), np.uint8), radius_mm=1, spacing=(1, 1, 1),
                                 spacing_xyz=(1, 1, 1))


def test_radius_mm_uses_spacing_in_numpy_order():
    image = np.zeros((9, 9, 9), np.uint8)
    image[4, 4, 4] = 1
    # 2 mm with spacing z 2, y 1, x 1: radius 1 voxel along z, 2 along y and x.
    out = cumed.morphology.dilate(image, radius_mm=2, spacing=(2.0, 1.0, 1.0))
    z, y, x = np.nonzero(out)
    assert (z.min(), z.max(), y.min(), y.max(), x.min(), x.max()) == (3, 5, 2, 6, 2, 6)
    same = cumed.morphology.dilate(image, radius_mm=2, spacing_xyz=(1.0, 1.0, 2.0))
    np.testing.assert_array_equal(out, same)


def test_radius_tuple_is_numpy_axis_order():
    image = np.zeros((9, 9, 9), np.uint8)
    image[4, 4, 4] = 1
    out = cumed.morphology.dilate(image, (1, 2, 3), element="box")
    assert out.sum() == 3 * 5 * 7
    z, y, x = np.nonzero(out)
    assert (z.max() - z.min(), y.max() - y.min(), x.max() - x.min()) == (2, 4, 6)


def test_volume_spacing_and_spacing_xyz(tmp_path):
    ct = np.arange(2 * 3 * 4, dtype=np.int16).reshape(2, 3, 4)
    cumed.io.write_dicom_series(ct, tmp_path / "ct", spacing=(2.5, 0.75, 0.5))
    volume = cumed.io.read_dicom_series(tmp_path / "ct")
    np.testing.assert_allclose(volume.spacing, (2.5, 0.75, 0.5))
    np.testing.assert_allclose(volume.spacing_xyz, (0.5, 0.75, 2.5))
    header = cumed.io.read_image_header(tmp_path / "ct")
    np.testing.assert_allclose(header["spacing"], (2.5, 0.75, 0.5))
    np.testing.assert_allclose(header["spacing_xyz"], (0.5, 0.75, 2.5))
    # A Volume passes its spacing on in the right order.
    closed = cumed.morphology.closing(volume, radius_mm=0.5)
    assert closed.spacing == volume.spacing


# --- float64 and array-likes ---

class OnlyArrayInterface:
    def __init__(self, array):
        self._array = array  # keeps the memory alive
        self.__array_interface__ = array.__array_interface__


class OnlyArray:
    def __init__(self, array):
        self._array = array

    def __array__(self, dtype=None, copy=None):
        return self._array if dtype is None else self._array.astype(dtype)


@pytest.mark.parametrize("wrapper", [OnlyArrayInterface, OnlyArray, memoryview])
def test_array_likes_are_viewed_without_a_copy(wrapper):
    rng = np.random.default_rng(SEED)
    array = (rng.random((6, 7, 8)) * 200).astype(np.uint8)
    like = wrapper(array)
    view = cumed._common.host_view(like)
    assert isinstance(view, np.ndarray) and np.shares_memory(view, array)
    np.testing.assert_array_equal(cumed.morphology.dilate(like, 1), cumed.morphology.dilate(array, 1))
    mesh = cumed.surface.isosurface(like, 100.0)
    assert mesh.number_of_triangles == cumed.surface.isosurface(array, 100.0).number_of_triangles


def test_float64_is_computed_in_float32_where_documented():
    rng = np.random.default_rng(SEED)
    distance = sphere().astype(np.float64)
    a = cumed.surface.isosurface(distance, 4.0)
    b = cumed.surface.isosurface(distance.astype(np.float32), 4.0)
    np.testing.assert_array_equal(a.points, b.points)
    assert a.points.dtype == np.float32
    frame = rng.random((64, 64))
    result = cumed.piv.piv(frame, np.roll(frame, 2, axis=1), window=32, backend="cpu")
    assert abs(float(np.median(result.u)) - 2) < 0.2
    field = np.zeros((4, 5, 6, 3))
    assert cumed.registration.jacobian(field.astype(np.float32)).dtype == np.float32


def test_float64_morphology_is_exact_when_every_value_is_a_float32(rng):
    # A CT converted to float64 (whole HU), with NaN, infinities and a difference float32 would
    # round (2**24 + 2 among 0.5): the selections (dilate, erode, opening, closing)
    # equal the float32 computation value for value; the top-hats and the gradient are the
    # float64 differences of those selections, as ITK's filters on a double image give.
    m = cumed.morphology
    hu = rng.integers(-1024, 3072, size=(7, 9, 8)).astype(np.float64)
    hu[0, 0, 0], hu[3, 4, 5], hu[6, 8, 7] = np.nan, np.inf, -np.inf
    hu[1:4, 1:4, 1:4] = 0.5
    hu[2, 2, 2] = 2.0**24 + 2
    ball = m.ball(1)
    selected = {}
    for name in ("dilate", "erode", "opening", "closing"):
        ours = getattr(m, name)(hu, footprint=ball)
        assert ours.dtype == np.float64, name
        selected[name] = getattr(m, name)(hu.astype(np.float32), footprint=ball).astype(np.float64)
        np.testing.assert_array_equal(ours, selected[name], err_msg=name)
    with np.errstate(invalid="ignore"):  # inf - inf
        expected = {"white_top_hat": hu - selected["opening"],
                    "black_top_hat": selected["closing"] - hu,
                    "gradient": selected["dilate"] - selected["erode"]}
    for name, value in expected.items():
        ours = getattr(m, name)(hu, footprint=ball)
        assert ours.dtype == np.float64, name
        np.testing.assert_array_equal(ours, value, err_msg=name)
    assert m.gradient(hu, footprint=ball)[2, 2, 2] == 2.0**24 + 1.5  # float32 would round it
    mask = (hu > 0).astype(np.float64)
    closed = m.binary_closing(mask, footprint=ball)
    assert closed.dtype == np.float64
    np.testing.assert_array_equal(closed, m.binary_closing(
        mask.astype(np.float32), footprint=ball).astype(np.float64))


def test_float64_morphology_that_float32_would_round_is_refused_naming_a_value():
    image = np.zeros((3, 3, 3))
    image[1, 2, 0] = 0.1  # not a float32
    with pytest.raises(cumed.InvalidArgument,
                       match=r"float64 with values that float32 cannot hold exactly \(e\.g\. 0\.1 at index \(1, 2, 0\)\)"):
        cumed.morphology.dilate(image, footprint=cumed.morphology.ball(1))
    huge = np.full((3, 3), 1e300)  # beyond float32's range
    with pytest.raises(cumed.InvalidArgument, match="1e\\+300 at index \\(0, 0\\)"):
        cumed.morphology.binary_closing(huge, footprint=cumed.morphology.disk(1))


# --- C++ log to warnings and logging ---

def test_cpp_warning_becomes_cumed_warning(tmp_path):
    cumed.io.write_dicom_series(np.zeros((2, 3, 4), np.int16), tmp_path / "ct")
    (tmp_path / "ct" / "sub").mkdir()
    with pytest.warns(cumed.CuMedWarning) as caught:
        cumed.io.read_dicom_series(tmp_path / "ct", recursive=False)
    assert any("sub" in str(w.message) for w in caught), [str(w.message) for w in caught]
    assert issubclass(cumed.CuMedWarning, UserWarning)


def test_warning_from_a_worker_thread_is_emitted_on_the_calling_thread():
    _cumed._log_from_worker_thread(2, "from a worker thread")
    with pytest.warns(cumed.CuMedWarning, match="from a worker thread"):
        cumed.cuda_built()  # any public call takes the queue
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _cumed._log_from_worker_thread(2, "now an error")
        with pytest.raises(cumed.CuMedWarning, match="now an error"):
            cumed.cuda_built()


def test_debug_and_info_go_to_the_cumed_logger(caplog):
    if os.environ.get("CUMED_LOG_LEVEL"):
        pytest.skip("CUMED_LOG_LEVEL fixes the C++ level")
    with caplog.at_level(logging.DEBUG, logger="cumed"):
        cumed.cuda_built()  # the level follows the logger
        _cumed._log_from_worker_thread(0, "a debug line")
        _cumed._log_from_worker_thread(1, "an info line")
        cumed.cuda_built()
    records = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "cumed"]
    assert (logging.DEBUG, "a debug line") in records
    assert (logging.INFO, "an info line") in records
    # At the default level, debug lines are not even queued.
    cumed.cuda_built()
    caplog.clear()
    _cumed._log_from_worker_thread(0, "not shown")
    cumed.cuda_built()
    assert not [r for r in caplog.records if "not shown" in r.getMessage()]
