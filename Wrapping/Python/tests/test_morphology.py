"""cumed.morphology against brute-force references written here in NumPy (the bit-for-bit
comparison with the C++ API is test_morphology_reference.py; ITK equality is the C++ suite's)."""
import itertools

import numpy as np
import pytest

import cumed
from cumed import morphology


def offsets_of(mask):
    """Member offsets (dz, dy, dx) of a [z, y, x] mask about its centre (odd sizes)."""
    centre = np.array(mask.shape) // 2
    return [tuple(np.array(index) - centre) for index in zip(*np.nonzero(mask))]


def brute_force(volume, mask, reduce, outside):
    """out[p] = reduce over members o of volume[p + o] (the element read as a neighbourhood about
    p, as ITK's filters read it), with `outside` beyond the borders."""
    reach = np.array(mask.shape) // 2
    padded = np.pad(volume, [(r, r) for r in reach], constant_values=outside)
    out = None
    for dz, dy, dx in offsets_of(mask):
        z0, y0, x0 = reach + (dz, dy, dx)
        shifted = padded[z0:z0 + volume.shape[0], y0:y0 + volume.shape[1],
                         x0:x0 + volume.shape[2]]
        out = shifted.copy() if out is None else reduce(out, shifted)
    return out


def box(rx, ry, rz):
    return np.ones((2 * rz + 1, 2 * ry + 1, 2 * rx + 1), np.uint8)


def cross(rx, ry, rz):
    mask = np.zeros((2 * rz + 1, 2 * ry + 1, 2 * rx + 1), np.uint8)
    mask[rz, ry, :] = mask[rz, :, rx] = mask[:, ry, rx] = 1
    return mask


DTYPES = [np.uint8, np.int16, np.uint16, np.float32]


def random_volume(rng, dtype, shape=(9, 11, 13)):
    if dtype == np.float32:
        return rng.normal(0, 100, shape).astype(np.float32)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


def lowest(dtype):
    return -np.inf if dtype == np.float32 else np.iinfo(dtype).min


def highest(dtype):
    return np.inf if dtype == np.float32 else np.iinfo(dtype).max


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("element, radius, mask", [
    ("box", (1, 2, 1), box(1, 2, 1)),
    ("cross", (1, 1, 2), cross(2, 1, 1)),  # radius (rz, ry, rx); the helpers take (rx, ry, rz)
])
def test_dilate_and_erode_equal_brute_force(rng, dtype, element, radius, mask):
    volume = random_volume(rng, dtype)
    dilated = morphology.dilate(volume, radius, element=element)
    eroded = morphology.erode(volume, radius, element=element)
    np.testing.assert_array_equal(dilated, brute_force(volume, mask, np.maximum, lowest(dtype)))
    np.testing.assert_array_equal(eroded, brute_force(volume, mask, np.minimum, highest(dtype)))


def test_any_mask_element_is_read_as_a_neighbourhood_like_itk(rng):
    mask = (rng.random((3, 5, 3)) < 0.5).astype(np.uint8)
    mask[1, 2, 1] = 1
    volume = random_volume(rng, np.int16)
    out = morphology.dilate(volume, element=mask)
    np.testing.assert_array_equal(out, brute_force(volume, mask, np.maximum, lowest(np.int16)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_composite_operations_follow_their_definitions(rng, dtype):
    volume = random_volume(rng, dtype)
    keywords = dict(element="ball", radius=(1, 1, 2))
    dilated = morphology.dilate(volume, **keywords)
    eroded = morphology.erode(volume, **keywords)
    opened = morphology.opening(volume, safe_border=False, **keywords)
    closed = morphology.closing(volume, safe_border=False, **keywords)
    np.testing.assert_array_equal(opened, morphology.dilate(eroded, **keywords))
    np.testing.assert_array_equal(closed, morphology.erode(dilated, **keywords))
    np.testing.assert_array_equal(morphology.gradient(volume, **keywords), dilated - eroded)
    np.testing.assert_array_equal(
        morphology.white_top_hat(volume, safe_border=False, **keywords), volume - opened)
    np.testing.assert_array_equal(
        morphology.black_top_hat(volume, safe_border=False, **keywords), closed - volume)


def test_ball_is_symmetric_and_inside_its_box(rng):
    point = np.zeros((11, 11, 11), np.uint8)
    point[5, 5, 5] = 1
    ball = morphology.dilate(point, 3, element="ball")
    np.testing.assert_array_equal(ball, ball[::-1, :, :])
    np.testing.assert_array_equal(ball, ball.transpose(2, 1, 0))
    assert ball[5, 5, 2] == 1 and ball[5, 5, 1] == 0 and ball[2, 2, 2] == 0


def test_binary_dilate_and_erode_equal_brute_force(rng):
    labels = (rng.random((10, 12, 14)) < 0.3).astype(np.uint8) * 2
    labels[labels == 0] = rng.integers(0, 2, np.count_nonzero(labels == 0), dtype=np.uint8)
    mask = cross(1, 1, 1)
    foreground = labels == 2
    grown = brute_force(foreground, mask, np.logical_or, False)
    expected = np.where(grown, 2, labels).astype(np.uint8)
    np.testing.assert_array_equal(
        morphology.binary_dilate(labels, 1, element="cross", foreground=2), expected)
    kept = brute_force(foreground, mask, np.logical_and, True)  # outside counts as foreground
    expected = np.where(foreground & ~kept, 7, labels).astype(np.uint8)
    np.testing.assert_array_equal(
        morphology.binary_erode(labels, 1, element="cross", foreground=2, background=7), expected)


def test_binary_closing_fills_a_gap():
    rod = np.zeros((5, 5, 21), np.uint8)
    rod[2, 2, :] = 1
    rod[2, 2, 10] = 0
    closed = morphology.binary_closing(rod, 1, element="box")
    assert closed[2, 2, 10] == 1 and closed.sum() == 21


@pytest.mark.parametrize("call, message", [
    (lambda v: morphology.grayscale(v, "dilation"), "unknown morphology operation 'dilation'"),
    (lambda v: morphology.binary(v, "gradient"), "unknown morphology operation 'gradient'"),
    (lambda v: morphology.dilate(v, 1, element="disk"), "unknown element 'disk'"),
    (lambda v: morphology.dilate(v, (1, 2)), "radius needs one integer or one per axis"),
    (lambda v: morphology.dilate(v, -1), "radius"),
    (lambda v: morphology.dilate(v, element="box", radius_mm=2), "radius_mm makes a ball"),
    (lambda v: morphology.dilate(v, element=np.ones((3, 3), np.uint8)), "3D"),
])
def test_bad_options_are_refused_by_name(call, message):
    with pytest.raises(cumed.InvalidArgument, match=message):
        call(np.zeros((4, 4, 4), np.uint8))


def test_every_operation_runs_on_every_dtype(rng):
    for dtype, operation in itertools.product(DTYPES, morphology.GRAYSCALE_OPERATIONS):
        volume = random_volume(rng, dtype, (5, 6, 7))
        out = morphology.grayscale(volume, operation, 1)
        assert out.dtype == dtype and out.shape == volume.shape
