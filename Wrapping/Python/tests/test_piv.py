"""cumed.piv on particle images rendered here with known displacements (a uniform shift, a linear
shear), against the cumed-piv application's output for the same frames, and bad inputs."""
import os
import struct
import subprocess
import zlib

import numpy
import pytest

import cumed

SHAPE = (256, 256)


def render(px, py, shape=SHAPE, sigma=0.8):
    """Gaussian particles (sigma px) at (px, py), sampled at pixel centres, float32 [y, x]."""
    image = numpy.zeros(shape, numpy.float32)
    ix, iy = numpy.rint(px).astype(int), numpy.rint(py).astype(int)
    for dy in range(-4, 5):
        for dx in range(-4, 5):
            x, y = ix + dx, iy + dy
            inside = (x >= 0) & (x < shape[1]) & (y >= 0) & (y < shape[0])
            value = numpy.exp(-((x - px) ** 2 + (y - py) ** 2) / (2 * sigma ** 2))
            numpy.add.at(image, (y[inside], x[inside]), value[inside].astype(numpy.float32))
    return image


def particles(seed, density=0.04, shape=SHAPE):
    """Particle positions over the frame and a 10 px border (particles enter and leave)."""
    rng = numpy.random.default_rng(seed)
    count = int(density * shape[0] * shape[1])
    return rng.uniform(-10, shape[1] + 10, count), rng.uniform(-10, shape[0] + 10, count)


def interior(result, border=32):
    return ((result.x >= border) & (result.x <= SHAPE[1] - border) & (result.y >= border)
            & (result.y <= SHAPE[0] - border))


@pytest.fixture(scope="module")
def shifted_pair():
    px, py = particles(1)
    return render(px, py), render(px + 3.3, py - 1.7)


def test_uniform_shift_is_recovered_within_0_05_px(shifted_pair):
    first, second = shifted_pair
    result = cumed.piv.piv(first, second, window=(64, 32), backend="cpu")
    assert result.shape == (15, 15) and result.window_size == 32 and result.step == 16
    assert result.passes == 2 and result.backend == "cpu"
    inside = interior(result)
    assert inside.sum() >= 100
    assert numpy.abs(result.u[inside] - 3.3).max() < 0.05
    assert numpy.abs(result.v[inside] + 1.7).max() < 0.05
    assert result.valid[inside].all() and not result.replaced.any()
    # Window centres: pixel-centre coordinates of the window grid, x along columns.
    assert result.x[0, 0] == result.y[0, 0] == 15.5
    numpy.testing.assert_array_equal(result.x[0, 1:] - result.x[0, :-1], 16)
    numpy.testing.assert_array_equal(result.y[1:, 0] - result.y[:-1, 0], 16)


def test_shift_beyond_a_quarter_window_is_flagged_not_aliased():
    px, py = particles(2)
    first, second = render(px, py), render(px + 20.0, py + 0.5)
    for correction in ("first", "all", "none", True, False):
        result = cumed.piv.piv(first, second, window=32, backend="cpu",
                               pair_loss_correction=correction)
        # Only 12 of 32 px of pairs match: a rare window finds a spurious peak within reach.
        flagged = (result.flags & cumed.piv.BEYOND_QUARTER_WINDOW) != 0
        assert flagged.mean() > 0.95
        assert numpy.abs(result.u + 12.0).min() > 1.0  # no alias of 20 - 32 px
    # A 64 px first pass with an 8 px search extension reaches 8 + 64 / 4 = 24 px.
    reached = cumed.piv.piv(first, second, window=(64, 32), search=8, backend="cpu")
    inside = interior(reached)
    assert numpy.abs(reached.u[inside] - 20.0).max() < 0.1
    with pytest.raises(cumed.InvalidArgument, match="pair_loss_correction: unknown value 'some'"):
        cumed.piv.piv(first, second, pair_loss_correction="some")
    assert result.u.dtype == numpy.float32 and result.flags.dtype == numpy.uint8


@pytest.mark.parametrize("seed", [2, 3])
def test_linear_shear_is_recovered_within_0_05_px(seed):
    px, py = particles(seed)
    rate, centre = 0.01, 128.0  # u = rate * (y - centre), v = 0
    first, second = render(px, py), render(px + rate * (py - centre), py)
    result = cumed.piv.piv(first, second, window=(64, 32, 32), backend="cpu")
    inside = interior(result)
    assert numpy.abs(result.u - rate * (result.y - centre))[inside].max() < 0.05
    assert numpy.abs(result.v[inside]).max() < 0.05
    derived = result.derived(time_between_frames=0.5, pixel_size=2.0)
    # vorticity = dv/dx - du/dy = -rate per frame, / 0.5 time units; divergence 0.
    numpy.testing.assert_allclose(derived.vorticity[inside], -rate / 0.5, atol=0.004)
    assert numpy.abs(derived.divergence[inside]).max() < 0.004
    numpy.testing.assert_allclose(derived.u, result.u * 2.0 / 0.5, rtol=1e-6)
    numpy.testing.assert_allclose(derived.x, result.x * 2.0, rtol=1e-6)
    numpy.testing.assert_allclose(derived.magnitude, numpy.hypot(derived.u, derived.v),
                                  rtol=1e-5)


def test_integer_frames_give_the_float_frames_field(shifted_pair):
    first, second = shifted_pair
    scale = 200.0 / max(first.max(), second.max())
    as_uint8 = [numpy.rint(frame * scale).astype(numpy.uint8) for frame in shifted_pair]
    as_float = [frame.astype(numpy.float32) for frame in as_uint8]
    a = cumed.piv.piv(*as_uint8, window=32, backend="cpu")
    b = cumed.piv.piv(*as_float, window=32, backend="cpu")
    numpy.testing.assert_allclose(a.u, b.u, atol=1e-5)
    numpy.testing.assert_allclose(a.v, b.v, atol=1e-5)
    c = cumed.piv.piv(*[frame.astype(numpy.uint16) for frame in as_uint8], window=32,
                      backend="cpu")
    numpy.testing.assert_allclose(a.u, c.u, atol=1e-5)


def test_result_arrays_view_cumeds_field_without_copies(shifted_pair):
    result = cumed.piv.piv(*shifted_pair, window=32, backend="cpu")
    for name in ("x", "y", "u", "v", "peak", "second_peak", "peak_to_peak", "peak_to_mean",
                 "flags"):
        array = getattr(result, name)
        assert not array.flags.owndata and array.base is not None, name
        assert array.shape == result.shape
    # derived() reads the same memory: an edit to u shows in the velocity.
    result.u[3, 3] = 7.0
    assert result.derived().u[3, 3] == pytest.approx(7.0)


def test_mask_removes_vectors_and_validation_flags_outliers(shifted_pair):
    first, second = shifted_pair
    mask = numpy.zeros(SHAPE, numpy.int32)
    mask[:, :100] = 5  # any dtype: non-zero = masked
    result = cumed.piv.piv(first, second, window=32, mask=mask, backend="cpu")
    masked = result.x < 100
    assert (result.masked == masked).all()
    assert (result.u[masked] == 0).all() and (result.v[masked] == 0).all()
    # A wrong vector in the middle of a uniform field: with replacement it is flagged and
    # replaced; limits flag what is outside.
    limited = cumed.piv.piv(first, second, window=32, limits=(-1.0, 1.0, -5.0, 5.0),
                            replacement="none", backend="cpu")
    assert ((limited.flags & cumed.piv.OUT_OF_RANGE) != 0).all()
    assert not limited.replaced.any() and not limited.valid.any()


def write_png(path, image):
    """An 8-bit grayscale PNG of a uint8 [y, x] array (rows top to bottom, as ITK reads them)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    height, width = image.shape
    rows = b"".join(b"\x00" + image[row].tobytes() for row in range(height))
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n")
        file.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)))
        file.write(chunk(b"IDAT", zlib.compress(rows)))
        file.write(chunk(b"IEND", b""))


def test_field_equals_the_cumed_piv_application(tmp_path, shifted_pair):
    build = os.environ.get("CUMED_BUILD_DIR")
    application = os.path.join(build or "", "bin", "cumed-piv")
    if not build or not os.path.exists(application):
        pytest.skip(f"cumed-piv not found (CUMED_BUILD_DIR={build!r})")
    scale = 200.0 / max(frame.max() for frame in shifted_pair)
    frames = [numpy.rint(frame * scale).astype(numpy.uint8) for frame in shifted_pair]
    write_png(tmp_path / "a.png", frames[0])
    write_png(tmp_path / "b.png", frames[1])
    arguments = ["--window", "64,32", "--overlap", "0.75", "--median-threshold", "1.5",
                 "--replacement", "mean", "--fit", "parabolic", "--backend", "cpu"]
    subprocess.run([application, *arguments, "--output", str(tmp_path / "out"),
                    str(tmp_path / "a.png"), str(tmp_path / "b.png")], check=True,
                   capture_output=True)
    expected = numpy.loadtxt(tmp_path / "out" / "a.txt", comments="#")
    result = cumed.piv.piv(*frames, window=(64, 32), overlap=0.75, median_threshold=1.5,
                           replacement="mean", subpixel="parabolic", backend="cpu")
    assert expected.shape == (result.u.size, 6)
    # The file holds x, y with 4 decimals, u, v with 6, peak-to-peak with 4.
    numpy.testing.assert_allclose(result.x.ravel(), expected[:, 0], atol=1e-4)
    numpy.testing.assert_allclose(result.y.ravel(), expected[:, 1], atol=1e-4)
    numpy.testing.assert_allclose(result.u.ravel(), expected[:, 2], atol=1e-6)
    numpy.testing.assert_allclose(result.v.ravel(), expected[:, 3], atol=1e-6)
    numpy.testing.assert_array_equal(result.flags.ravel(), expected[:, 4].astype(numpy.uint8))
    numpy.testing.assert_allclose(result.peak_to_peak.ravel(), expected[:, 5], atol=1e-4,
                                  rtol=1e-6)


def test_ensemble_of_one_pair_is_piv_and_of_many_is_accurate():
    px, py = particles(5, density=0.004)  # sparse: about 4 particles per 32 px window
    pairs = []
    for seed in range(6):
        qx, qy = particles(10 + seed, density=0.004)
        pairs.append((render(qx, qy), render(qx + 2.6, qy + 1.2)))
    one = cumed.piv.ensemble(pairs[:1], window=32, backend="cpu")
    single = cumed.piv.piv(*pairs[0], window=32, backend="cpu")
    numpy.testing.assert_allclose(one.u, single.u, atol=1e-5)
    numpy.testing.assert_allclose(one.v, single.v, atol=1e-5)
    mean = cumed.piv.ensemble(pairs, window=(64, 32), backend="cpu")
    inside = interior(mean)
    assert numpy.abs(mean.u[inside] - 2.6).max() < 0.1
    assert numpy.abs(mean.v[inside] - 1.2).max() < 0.1
    with pytest.raises(cumed.InvalidArgument, match=r"pairs\[1\]: a pair needs two frames"):
        cumed.piv.ensemble([pairs[0], (pairs[1][0],)], backend="cpu")


def test_progress_is_reported_per_pass(shifted_pair):
    fractions = []
    cumed.piv.piv(*shifted_pair, window=(64, 32), progress=fractions.append, backend="cpu")
    assert len(fractions) >= 2 and fractions[-1] == pytest.approx(1.0)
    assert cumed.last_report().backend == "cpu"


@pytest.mark.parametrize("keywords, message", [
    (dict(window=4), r"window\[0\] = 4 is out of range: window sizes are 8..128"),
    (dict(window=(64, 200)), r"window\[1\] = 200 is out of range"),
    (dict(overlap=0.9), r"overlap = 0.900000 is out of range"),
    (dict(search=-1), r"search = -1 is out of range"),
    (dict(subpixel="spline"), r"subpixel: unknown value 'spline' \(known: gaussian, centroid, "
                              r"parabolic\)"),
    (dict(deformation="cubic"), r"deformation: unknown value 'cubic'"),
    (dict(replacement="zero"), r"replacement: unknown value 'zero'"),
    (dict(median_threshold=0), r"median_threshold = 0 is out of range"),
    (dict(median_radius=4), r"median_radius = 4 is out of range"),
    (dict(limits=(1, 0, -1, 1)), r"each minimum must be below its maximum"),
    (dict(limits=(1, 2)), r"limits needs four values"),
    (dict(mask=numpy.zeros((32, 64), numpy.uint8)), r"the mask is 64 x 32 px"),
])
def test_bad_options_raise_invalid_argument(keywords, message):
    frame = numpy.zeros((64, 64), numpy.float32)
    with pytest.raises(cumed.InvalidArgument, match=message):
        cumed.piv.piv(frame, frame, backend="cpu", **keywords)


def test_bad_frames_raise_invalid_argument():
    frame = numpy.zeros((64, 64), numpy.float32)
    with pytest.raises(cumed.InvalidArgument, match=r"the frames differ in size: the first is "
                                                    r"64 x 64 px, the second 48 x 64 px"):
        cumed.piv.piv(frame, numpy.zeros((64, 48), numpy.float32), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"first: PIV takes 2D \[y, x\] frames, got "
                                                    r"a 3D array of shape \(2, 64, 64\)"):
        cumed.piv.piv(numpy.zeros((2, 64, 64), numpy.float32), frame, backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"second: unsupported dtype '<i8'"):
        cumed.piv.piv(frame, frame.astype(numpy.int64), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"the frames differ in pixel type"):
        cumed.piv.piv(frame, frame.astype(numpy.uint16), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"window\[0\] = 128 px is larger than "
                                                    r"the frames \(64 x 64 px\)"):
        cumed.piv.piv(frame, frame, window=128, backend="cpu")
    with pytest.raises(TypeError, match="window must be an integer"):
        cumed.piv.piv(frame, frame, window=32.0)
    with pytest.raises(TypeError):
        cumed.piv.piv(frame, frame, windw=32)
    with pytest.raises(cumed.InvalidArgument, match="first: expected a NumPy array"):
        cumed.piv.piv([[0.0] * 64] * 64, frame)


@pytest.mark.skipif(cumed.cuda_available(), reason="checks the error of a CPU-only machine")
def test_cuda_frames_without_cuda_are_refused_by_name():
    class FakeCudaArray:
        __cuda_array_interface__ = {"shape": (64, 64), "typestr": "<f4", "data": (0, False),
                                    "strides": None, "version": 3}

    frame = numpy.zeros((64, 64), numpy.float32)
    with pytest.raises(cumed.InvalidArgument, match=r"second: a CUDA array was given, "
                                                    r"but CUDA is not usable here"):
        cumed.piv.piv(frame, FakeCudaArray())


def test_validate_reruns_validation_on_a_copy(shifted_pair):
    first, second = shifted_pair
    measured = cumed.piv.piv(first, second, window=32, replacement="none", backend="cpu")
    u_before = measured.u.copy()
    flags_before = measured.flags.copy()
    limited = measured.validate(limits=(3.25, 3.35, -5, 5), replacement="none")
    off = (measured.u < 3.25) | (measured.u > 3.35)
    assert off.any() and not off.all()
    assert ((limited.flags & cumed.piv.OUT_OF_RANGE) != 0).tolist() == off.tolist()
    numpy.testing.assert_array_equal(limited.u, measured.u)
    # The original is untouched; with replacement the flagged vectors get their neighbours'.
    numpy.testing.assert_array_equal(measured.u, u_before)
    numpy.testing.assert_array_equal(measured.flags, flags_before)
    replaced = measured.validate(limits=(3.25, 3.35, -5, 5), replacement="median")
    assert (replaced.replaced == (off & replaced.outlier)).all() and replaced.replaced.any()
    # The same settings through piv() give the same field.
    direct = cumed.piv.piv(first, second, window=32, limits=(3.25, 3.35, -5, 5),
                           replacement="none", backend="cpu")
    numpy.testing.assert_array_equal(direct.flags, limited.flags)
    with pytest.raises(cumed.InvalidArgument, match=r"replacement: unknown value 'x'"):
        measured.validate(replacement="x")
