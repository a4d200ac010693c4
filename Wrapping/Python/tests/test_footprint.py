"""footprint= on every morphology function, and the footprint makers (ball, disk, cube, ...).

References: a brute-force max/min over the footprint's offsets written here from SciPy's
documented definitions (grey_dilation: max of f[x - o]; grey_erosion: min of f[x + o]; offsets
o from the centre index size // 2; outside the image: the dtype's lowest/highest value, i.e.
mode="constant" with that cval), scipy.ndimage itself when installed, skimage's footprints when
installed, and CuMed's own ITK elements (element="box"/"cross") given as footprints."""
import itertools
import os

import numpy as np
import pytest

import cumed
from cumed import morphology as m

SEED = int(os.environ.get("CUMED_TEST_SEED", "20261130"))
DTYPES = (np.uint8, np.int16, np.uint16, np.float32)


def limits(dtype):
    info = np.finfo(dtype) if np.dtype(dtype).kind == "f" else np.iinfo(dtype)
    return info.min, info.max


def brute(image, footprint, reduce, sign, cval):
    """out[x] = reduce over members o of image[x + sign * o], cval outside."""
    centre = [n // 2 for n in footprint.shape]
    out = np.full(image.shape, cval, dtype=image.dtype)
    first = True
    for index in zip(*np.nonzero(footprint)):
        shift = [sign * (i - c) for i, c in zip(index, centre)]
        moved = np.full(image.shape, cval, dtype=image.dtype)
        src = tuple(slice(max(0, s), min(n, n + s)) for s, n in zip(shift, image.shape))
        dst = tuple(slice(max(0, -s), min(n, n - s)) for s, n in zip(shift, image.shape))
        moved[dst] = image[src]
        out = moved if first else reduce(out, moved)
        first = False
    return out


def random_case(rng, ndim):
    shape = tuple(int(v) for v in rng.integers(1, 9, ndim))
    fshape = tuple(int(v) for v in rng.integers(1, 5, ndim))
    footprint = rng.random(fshape) > 0.45
    if not footprint.any():
        footprint.flat[int(rng.integers(footprint.size))] = True
    return shape, footprint


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ndim", (2, 3))
def test_dilate_erode_equal_scipys_definition(dtype, ndim):
    rng = np.random.default_rng([SEED, ndim, DTYPES.index(dtype)])
    lo, hi = limits(dtype)
    for case in range(40):
        shape, footprint = random_case(rng, ndim)
        image = (rng.random(shape) * 250).astype(dtype)
        fp = footprint.astype(np.uint8) if case % 2 else footprint  # bool and 0/1 alike
        where = f"seed {SEED} case {case}: {dtype.__name__} {shape} footprint {footprint.shape}"
        np.testing.assert_array_equal(m.dilate(image, footprint=fp),
                                      brute(image, footprint, np.maximum, -1, lo), err_msg=where)
        np.testing.assert_array_equal(m.erode(image, footprint=fp),
                                      brute(image, footprint, np.minimum, +1, hi), err_msg=where)


def test_dilate_erode_equal_scipy_ndimage():
    ndi = pytest.importorskip("scipy.ndimage")
    rng = np.random.default_rng(SEED)
    for case in range(60):
        ndim = 2 + case % 2
        dtype = DTYPES[case % 4]
        shape, footprint = random_case(rng, ndim)
        image = (rng.random(shape) * 250).astype(dtype)
        lo, hi = limits(dtype)
        where = f"seed {SEED} case {case}: {dtype.__name__} {shape} footprint {footprint.shape}"
        np.testing.assert_array_equal(
            m.dilate(image, footprint=footprint),
            ndi.grey_dilation(image, footprint=footprint, mode="constant", cval=lo), err_msg=where)
        np.testing.assert_array_equal(
            m.erode(image, footprint=footprint),
            ndi.grey_erosion(image, footprint=footprint, mode="constant", cval=hi), err_msg=where)


def test_binary_footprints_equal_grey_definitions_on_0_1_images():
    rng = np.random.default_rng(SEED + 1)
    for case in range(40):
        shape, footprint = random_case(rng, 2 + case % 2)
        image = (rng.random(shape) > 0.6).astype(np.uint8)
        where = f"seed {SEED + 1} case {case}: {shape} footprint {footprint.shape}"
        if beyond_reach(footprint, shape):
            # No member ever meets the image: refused for binary operations (said, not guessed).
            with pytest.raises(cumed.InvalidArgument, match="lies outside the image"):
                m.binary_dilate(image, footprint=footprint)
            continue
        np.testing.assert_array_equal(m.binary_dilate(image, footprint=footprint),
                                      brute(image, footprint, np.maximum, -1, 0), err_msg=where)
        np.testing.assert_array_equal(m.binary_erode(image, footprint=footprint),
                                      brute(image, footprint, np.minimum, +1, 1), err_msg=where)


def beyond_reach(footprint, shape):
    centre = np.array([n // 2 for n in footprint.shape])
    offsets = np.argwhere(footprint) - centre
    return bool((np.abs(offsets) >= np.array(shape)).any(axis=1).all())


def itk_cross(r):
    """itk::FlatStructuringElement::Cross: the centre lines along each axis."""
    rz, ry, rx = r
    mask = np.zeros((2 * rz + 1, 2 * ry + 1, 2 * rx + 1), np.uint8)
    mask[:, ry, rx] = mask[rz, :, rx] = mask[rz, ry, :] = 1
    return mask


@pytest.mark.parametrize("operation", ["dilate", "erode", "opening", "closing", "white_top_hat",
                                       "black_top_hat", "gradient", "binary_dilate",
                                       "binary_erode", "binary_opening", "binary_closing"])
def test_footprint_equals_the_same_itk_element_by_radius(operation):
    """Symmetric elements: footprint=mask and radius=/element= run CuMed's C++ element path
    (ITK's Box and Cross) and must agree voxel for voxel, with radius in (z, y, x) order."""
    rng = np.random.default_rng(SEED + 2)
    function = getattr(m, operation)
    for case, (rz, ry, rx) in enumerate([(1, 2, 3), (0, 1, 2), (2, 0, 1), (1, 1, 1)]):
        image = (rng.random((7, 9, 11)) * (2 if operation.startswith("binary") else 200)) \
            .astype(np.uint8)
        box = np.ones((2 * rz + 1, 2 * ry + 1, 2 * rx + 1), np.uint8)
        where = f"seed {SEED + 2} case {case}: radius {(rz, ry, rx)}"
        np.testing.assert_array_equal(function(image, footprint=box),
                                      function(image, (rz, ry, rx), element="box"), err_msg=where)
        np.testing.assert_array_equal(function(image, footprint=itk_cross((rz, ry, rx))),
                                      function(image, (rz, ry, rx), element="cross"),
                                      err_msg=where)


def test_degenerate_sizes_and_even_footprints():
    image = np.arange(6, dtype=np.int16).reshape(1, 1, 6)
    # An even footprint of 2 along x: centre index 1, offsets -1 and 0; dilate reads f[x + 1]
    # and f[x], erode f[x - 1] and f[x].
    fp = np.ones((1, 1, 2), bool)
    np.testing.assert_array_equal(m.dilate(image, footprint=fp)[0, 0], [1, 2, 3, 4, 5, 5])
    np.testing.assert_array_equal(m.erode(image, footprint=fp)[0, 0], [0, 0, 1, 2, 3, 4])
    only_left = np.array([[[1, 0]]], bool)  # offset -1 alone
    np.testing.assert_array_equal(m.dilate(image, footprint=only_left)[0, 0],
                                  [1, 2, 3, 4, 5, np.iinfo(np.int16).min])
    np.testing.assert_array_equal(m.erode(image, footprint=only_left)[0, 0],
                                  [np.iinfo(np.int16).max, 0, 1, 2, 3, 4])
    one = np.array([[7]], np.uint16)
    assert m.dilate(one, footprint=m.disk(3))[0, 0] == 7


def test_footprint_refusals():
    image = np.zeros((4, 4, 4), np.uint8)
    with pytest.raises(cumed.InvalidArgument, match="footprint has 2 dimensions, the image 3"):
        m.dilate(image, footprint=m.disk(1))
    with pytest.raises(cumed.InvalidArgument, match="no non-zero voxel"):
        m.erode(image, footprint=np.zeros((3, 3, 3), bool))
    with pytest.raises(cumed.InvalidArgument, match="booleans or 0/1"):
        m.erode(image, footprint=np.full((3, 3, 3), 2))
    with pytest.raises(TypeError, match="not both"):
        m.closing(image, 2, footprint=m.ball(1))
    off_centre = np.array([[[1]], [[0]]], bool)  # offset -1 along z only
    with pytest.raises(cumed.InvalidArgument, match="does not hold its centre voxel"):
        m.gradient(image.astype(np.float32), footprint=off_centre)
    assert m.dilate(image, footprint=off_centre).shape == image.shape  # any footprint here
    with pytest.raises(cumed.InvalidArgument, match="float64 with values that float32 cannot"):
        m.dilate(image.astype(np.float64) + 0.1, footprint=m.ball(1))


def skimage_like(kind, size):
    """The footprint makers' definitions, written independently of cumed's code."""
    r = size
    grid = np.indices((2 * r + 1,) * (3 if kind in ("ball", "octahedron") else 2)) - r
    if kind in ("ball", "disk"):
        return ((grid ** 2).sum(axis=0) <= r * r).astype(np.uint8)
    if kind in ("octahedron", "diamond"):
        return (np.abs(grid).sum(axis=0) <= r).astype(np.uint8)
    raise AssertionError(kind)


def test_footprint_makers_counts_and_shapes():
    assert int(m.ball(2).sum()) == 33 and m.ball(2).dtype == np.uint8
    assert int(m.disk(2).sum()) == 13
    assert int(m.octahedron(2).sum()) == 25
    assert m.cube(4).shape == (4, 4, 4) and m.square(2).shape == (2, 2)
    assert m.ball(1, dtype=bool).dtype == np.bool_
    for kind in ("ball", "disk", "octahedron", "diamond"):
        for r in range(0, 7):
            np.testing.assert_array_equal(getattr(m, kind)(r), skimage_like(kind, r),
                                          err_msg=f"{kind}({r})")


def test_footprint_makers_equal_skimage():
    morphology = pytest.importorskip("skimage.morphology")
    for kind in ("ball", "disk", "octahedron", "diamond"):
        for r in range(0, 7):
            np.testing.assert_array_equal(getattr(m, kind)(r),
                                          np.asarray(getattr(morphology, kind)(r), np.uint8),
                                          err_msg=f"{kind}({r})")
    for w in range(1, 6):
        np.testing.assert_array_equal(m.cube(w), np.ones((w, w, w), np.uint8))
        np.testing.assert_array_equal(m.square(w), np.ones((w, w), np.uint8))


def test_itk_ball_by_radius_is_not_skimages_ball():
    """radius=2 with element="ball" stays ITK's ball (81 voxels): the dilation of one voxel
    shows the element's voxels."""
    image = np.zeros((9, 9, 9), np.uint8)
    image[4, 4, 4] = 1
    assert int(m.dilate(image, 2).sum()) == 81
    assert int(m.dilate(image, footprint=m.ball(2)).sum()) == 33
