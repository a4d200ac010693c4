"""cumed.morphology (the Python package) against CuMed's C++ API (cumed::morphology::Grayscale
and Binary on the CPU backend, run by cumed_python_reference), bit for bit, on random volumes of
every dtype, for every operation, element shape and anisotropic radii."""
import itertools
import zlib

import numpy as np
import pytest

import cumed
import cpp_reference

DTYPES = (np.uint8, np.int16, np.float32)
ELEMENTS = ("ball", "box", "cross")
RADII = ((2, 1, 0), (1, 3, 2))  # (x, y, z) in voxels
SHAPE = (9, 12, 14)  # [z, y, x]


def seed_of(*case):
    # Deterministic across runs (str hashes are salted per process).
    return zlib.crc32(repr(case).encode())


def random_grayscale(dtype, seed):
    rng = np.random.default_rng(seed)
    if dtype == np.float32:
        return (rng.standard_normal(SHAPE) * 1000).astype(np.float32)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=SHAPE, endpoint=True).astype(dtype)


def random_binary(dtype, seed):
    # Foreground 1, background 0, and some 2s: pixels that are neither.
    rng = np.random.default_rng(seed)
    return rng.choice(np.array([0, 1, 1, 2], dtype=dtype), size=SHAPE)


def assert_same_bits(result, expected, what):
    assert result.dtype == expected.dtype and result.shape == expected.shape, what
    differ = result.view(np.uint8) != expected.view(np.uint8)
    assert not differ.any(), f"{what}: {np.count_nonzero(differ)} bytes differ"


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("element", ELEMENTS)
@pytest.mark.parametrize("radius", RADII, ids=lambda r: "r%d%d%d" % r)
@pytest.mark.parametrize("operation", cumed.morphology.GRAYSCALE_OPERATIONS)
def test_grayscale_matches_cpp(operation, radius, element, dtype, tmp_path):
    volume = random_grayscale(dtype, seed=seed_of(operation, radius, element))
    # RADII are (rx, ry, rz) as the C++ reference takes them; Python takes (rz, ry, rx).
    result = cumed.morphology.grayscale(volume, operation, radius[::-1], element=element,
                                        backend="cpu")
    expected = cpp_reference.morphology(volume, operation.replace("_", "-"), element, radius,
                                        tmp_path)
    assert_same_bits(result, expected, f"grayscale {operation} {element} {radius}")


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("element", ELEMENTS)
@pytest.mark.parametrize("radius", RADII, ids=lambda r: "r%d%d%d" % r)
@pytest.mark.parametrize("operation", cumed.morphology.BINARY_OPERATIONS)
def test_binary_matches_cpp(operation, radius, element, dtype, tmp_path):
    volume = random_binary(dtype, seed=seed_of(operation, radius, element))
    result = cumed.morphology.binary(volume, operation, radius[::-1], element=element,
                                     backend="cpu")
    expected = cpp_reference.morphology(volume, "binary-" + operation, element, radius, tmp_path)
    assert_same_bits(result, expected, f"binary {operation} {element} {radius}")


@pytest.mark.parametrize("kind, operation", itertools.product(("grayscale", "binary"),
                                                            ("dilate", "erode")))
def test_reference_computes(kind, operation, tmp_path):
    # The comparisons above mean something only if the reference computes: its box results
    # change random volumes, and a grayscale box dilation (erosion) is the maximum (minimum) of
    # each 3x3x3 window, computed here with NumPy.
    make = random_grayscale if kind == "grayscale" else random_binary
    volume = make(np.int16, seed=7)
    name = operation if kind == "grayscale" else "binary-" + operation
    expected = cpp_reference.morphology(volume, name, "box", (1, 1, 1), tmp_path)
    assert not np.array_equal(expected, volume)
    if kind == "grayscale":
        window = np.lib.stride_tricks.sliding_window_view(volume, (3, 3, 3))
        reduce = window.max if operation == "dilate" else window.min
        assert np.array_equal(expected[1:-1, 1:-1, 1:-1], reduce(axis=(3, 4, 5)))
