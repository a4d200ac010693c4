"""cumed.registration on small synthetic volumes with known answers: the identity, a translation
and a smooth sinusoidal warp (moving images built analytically from the warp's inverse, so no
resampling error enters the reference), agreement with the C++ program cumed-register, the
callbacks, and the errors for bad inputs."""
import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

import cumed
from cumed import registration

N = 48
INNER = (slice(6, N - 6),) * 3  # away from the border, where the grid has less support


def textured(px, py, pz):
    """A smooth texture with structure everywhere (periods 12-19 voxels, far above the 2 mm
    displacements, so the registration has one answer)."""
    return (100 * (1.5 + np.sin(2 * np.pi * px / 14 + 0.3) * np.sin(2 * np.pi * py / 12 + 1.0) *
                   np.sin(2 * np.pi * pz / 13 + 0.5) + 0.5 * np.cos(2 * np.pi * (px + py) / 19))
            ).astype(np.float32)


@pytest.fixture(scope="module")
def grid():
    z, y, x = np.mgrid[0:N, 0:N, 0:N].astype(np.float64)
    return x, y, z


@pytest.fixture(scope="module")
def fixed(grid):
    return textured(*grid)


def sinusoid(qx, qy, qz, amplitude=2.0):
    return (amplitude * np.sin(2 * np.pi * qy / N) * np.cos(np.pi * qz / N),
            amplitude * 0.5 * np.sin(2 * np.pi * qz / N),
            -amplitude * 0.7 * np.sin(2 * np.pi * qx / N))


@pytest.fixture(scope="module")
def sinusoid_pair(grid, fixed):
    """moving(p) = fixed(T^-1(p)) for T(x) = x + u(x), so warping moving with u gives fixed; the
    inverse by fixed-point iteration (u is a contraction: |grad u| < 0.3)."""
    x, y, z = grid
    qx, qy, qz = x.copy(), y.copy(), z.copy()
    for _ in range(40):
        ux, uy, uz = sinusoid(qx, qy, qz)
        qx, qy, qz = x - ux, y - uy, z - uz
    return textured(qx, qy, qz), np.stack(sinusoid(x, y, z), axis=-1)


def rms(vectors):
    return float(np.sqrt((np.asarray(vectors, dtype=np.float64) ** 2).sum(-1).mean()))


FAST = dict(levels=2, grid_spacing_mm=8, iterations=30, backend="cpu")


def test_identity_gives_a_zero_field(fixed):
    result = registration.register(fixed, fixed, **FAST)
    assert np.abs(result.field).max() < 0.05
    np.testing.assert_allclose(result.warped, fixed, atol=1e-3)
    np.testing.assert_allclose(result.jacobian, 1.0, atol=1e-4)
    assert result.jacobian_statistics.folded_voxels == 0
    assert result.jacobian_statistics.voxels == N ** 3
    assert result.backend == "cpu"
    np.testing.assert_array_equal(result.affine, np.eye(4))


def test_translation_is_recovered(grid):
    # The 1.87 mm shift comes back within 0.05 mm RMS (measured 0.008 mm): a translation is in
    # the B-spline's span exactly, so only the optimiser's tolerance limits it.
    x, y, z = grid
    shift = np.array([1.5, -1.0, 0.5])
    moving = textured(x - shift[0], y - shift[1], z - shift[2])
    result = registration.register(textured(x, y, z), moving, **FAST)
    assert rms(result.field[INNER] - shift) < 0.05
    assert result.similarity_after < 0.01 * result.similarity_before


def test_sinusoidal_warp_is_recovered(fixed, sinusoid_pair):
    # The warp is 1.62 mm RMS (2 mm at most); an 8 mm cubic B-spline approximates its
    # 48-voxel wavelengths to a few hundredths of a mm, so 0.15 mm RMS (a tenth of the warp,
    # measured 0.04 mm) separates a recovered warp from a partial one.
    moving, true_field = sinusoid_pair
    result = registration.register(fixed, moving, **FAST)
    assert rms(true_field[INNER]) > 1.5
    assert rms(result.field[INNER] - true_field[INNER]) < 0.15
    assert result.jacobian_statistics.folded_voxels == 0
    # The warped moving image matches the fixed one where the field is known well.
    assert np.abs(result.warped[INNER] - fixed[INNER]).mean() < 0.02 * np.abs(fixed).mean()


def test_geometry_of_volumes_is_used(grid):
    # 2 mm voxels, an origin and a Volume input: a 1.5-voxel shift is 3 mm.
    x, y, z = grid
    spacing, origin = (2.0, 2.0, 2.0), (-40.0, 10.0, 5.0)
    fixed = cumed.Volume(textured(x, y, z), spacing, origin)
    moving = cumed.Volume(textured(x - 1.5, y, z), spacing, origin)
    result = registration.register(fixed, moving, levels=2, grid_spacing_mm=16, iterations=30)
    assert rms(result.field[INNER] - np.array([3.0, 0.0, 0.0])) < 0.1
    assert result.grid.spacing == (16.0, 16.0, 16.0)


def test_grid_field_and_jacobian_agree_with_the_result(fixed, sinusoid_pair):
    moving, _ = sinusoid_pair
    result = registration.register(fixed, moving, **FAST)
    grid = result.grid
    assert grid.coefficients.shape == (3, grid.size[2], grid.size[1], grid.size[0])
    parameters = grid.itk_parameters()
    assert parameters.shape == (3 * np.prod(grid.size),)
    np.testing.assert_array_equal(parameters[:np.prod(grid.size)], grid.coefficients[0].ravel())
    fixed_parameters = grid.itk_fixed_parameters()
    np.testing.assert_array_equal(fixed_parameters[:3], grid.size)
    np.testing.assert_array_equal(fixed_parameters[6:9], grid.spacing)
    # Without an affine the field is the grid's: field_from_grid gives it back.
    field = registration.field_from_grid(grid, fixed.shape, backend="cpu")
    np.testing.assert_allclose(field, result.field, atol=1e-5)
    determinant = registration.jacobian(result.field, backend="cpu")
    np.testing.assert_allclose(determinant, result.jacobian, atol=1e-6)
    statistics = registration.jacobian_statistics(determinant)
    assert statistics.folded_voxels == result.jacobian_statistics.folded_voxels
    assert statistics.minimum == pytest.approx(result.jacobian_statistics.minimum, abs=1e-6)


def test_warp_applies_the_field_again(grid, fixed, sinusoid_pair):
    moving, _ = sinusoid_pair
    x, y, z = grid
    spacing, origin = (1.2, 0.9, 1.1), (3.0, -2.0, 7.5)
    fixed_volume = cumed.Volume(fixed, spacing, origin)
    moving_volume = cumed.Volume(moving, spacing, origin)
    result = registration.register(fixed_volume, moving_volume, levels=1, grid_spacing_mm=8,
                                   iterations=5, default_value=-7)
    assert result.spacing == spacing and result.origin == origin
    # The result's own field and geometry: its warped image, bit for bit.
    np.testing.assert_array_equal(registration.warp(moving_volume, result, default_value=-7),
                                  result.warped)
    # A field given as an array with its geometry, on another image of the moving subject.
    other = textured(x + 0.25, y, z) * 0.5
    warped = registration.warp(other, result.field, spacing=spacing, origin=origin,
                               moving_spacing=spacing, moving_origin=origin, default_value=-7)
    again = registration.warp(cumed.Volume(other, spacing, origin), result, default_value=-7)
    np.testing.assert_array_equal(warped, again)
    # A constant field of whole voxels shifts the image by whole voxels.
    shift = np.zeros(fixed.shape + (3,), np.float32)
    shift[..., 0] = 2.0
    shifted = registration.warp(fixed, shift, default_value=-1)
    np.testing.assert_array_equal(shifted[:, :, :-2], fixed[:, :, 2:])
    assert (shifted[:, :, -1] == -1).all()


def test_report_and_callback_errors(fixed):
    report = cumed.Report()
    registration.register(fixed, fixed, levels=1, iterations=2, backend="cpu", report=report)
    assert report.backend == "cpu" and report.seconds > 0

    def failing(_):
        raise KeyError("from the progress callback")

    moving = np.roll(fixed, 1, axis=2)
    with pytest.raises(KeyError, match="from the progress callback"):
        registration.register(fixed, moving, levels=1, iterations=5, progress=failing)


def test_results_wrap_cumeds_memory(fixed):
    result = registration.register(fixed, fixed, levels=1, iterations=2, backend="cpu")
    for array in (result.warped, result.field, result.jacobian):
        assert not array.flags.owndata  # a view of CuMed's image, not a copy
        assert array.dtype == np.float32
    assert result.field.shape == fixed.shape + (3,)
    assert len(result.timing.levels) == 1 and result.timing.output >= 0


def test_outputs_selects_the_arrays(fixed):
    result = registration.register(fixed, fixed, levels=1, iterations=2, outputs=("field",))
    assert result.warped is None and result.jacobian is None
    assert result.field.shape == fixed.shape + (3,)


def test_mixed_dtypes_give_the_float32_result(grid):
    x, y, z = grid
    fixed = np.round(textured(x, y, z)).astype(np.int16)
    moving = np.round(textured(x - 1.5, y, z)).astype(np.float32)
    as_int = registration.register(fixed, moving, **FAST)
    as_float = registration.register(fixed.astype(np.float32), moving, **FAST)
    np.testing.assert_array_equal(as_int.field, as_float.field)


def test_initial_affine_and_affine_stage(grid):
    x, y, z = grid
    shift = np.array([1.5, -1.0, 0.5])
    fixed = textured(x, y, z)
    moving = textured(x - shift[0], y - shift[1], z - shift[2])
    # With no iterations the field is the given affine alone: a 3x4 translation.
    matrix = np.hstack([np.eye(3), shift[:, None]])
    result = registration.register(fixed, moving, levels=1, iterations=0, initial_affine=matrix)
    np.testing.assert_allclose(result.field, np.broadcast_to(shift, result.field.shape),
                               atol=1e-5)
    np.testing.assert_allclose(result.affine[:3], matrix)
    # The affine stage finds most of the shift by itself on the coarse level (measured within
    # 0.16 mm of 1.87 mm); the B-spline level takes the field the rest of the way.
    result = registration.register(fixed, moving, levels=2, iterations=30, affine=True)
    np.testing.assert_allclose(result.affine[:3, 3], shift, atol=0.3)
    assert rms(result.field[INNER] - shift) < 0.05
    assert len(result.affine_iterations) == 1 and result.timing.affine > 0


def test_mask_counts_its_voxels(fixed):
    mask = np.zeros(fixed.shape, dtype=np.int16)  # any dtype: nonzero counts
    mask[10:38, 12:36, 8:40] = 7
    result = registration.register(fixed, fixed, levels=1, iterations=2, mask=mask)
    assert result.jacobian_statistics.voxels == int((mask != 0).sum())


def test_moving_mask_hides_an_artefact_that_misleads(grid):
    # A bright box in the moving image only (an artefact, or anatomy the fixed scan lacks):
    # SSD bends the field to hide it; the moving mask (0 on the box and a voxel around it, as
    # the trilinear samples near it read it) leaves it out and the 1.87 mm shift comes back.
    # Measured on the CPU: 0.012 mm RMS with the mask, 7.9 mm (and folding) without.
    x, y, z = grid
    shift = np.array([1.5, -1.0, 0.5])
    fixed = textured(x, y, z)
    moving = textured(x - shift[0], y - shift[1], z - shift[2])
    box = (slice(18, 30), slice(20, 30), slice(16, 28))  # [z, y, x]
    moving[box] += 2000
    moving_mask = np.ones(moving.shape, dtype=bool)
    moving_mask[17:31, 19:31, 15:29] = False
    misled = registration.register(fixed, moving, metric="ssd", **FAST)
    masked = registration.register(fixed, moving, metric="ssd", moving_mask=moving_mask, **FAST)
    misled_error = rms(misled.field[INNER] - shift)
    masked_error = rms(masked.field[INNER] - shift)
    assert misled_error > 1.0, "the artefact no longer misleads: the test proves nothing"
    assert masked_error < 0.05
    assert masked_error < 0.2 * misled_error
    # The check leaves out what maps onto the box, and finds the masked result fine: without
    # the mask it would compare the 46 x 47 x 47 voxels that stay in the moving image under the
    # identity and the shift (x + 1.5 < 47.5, y - 1 >= -0.5, z + 0.5 < 47.5); the mask takes
    # about its 2352 excluded voxels off that (measured 99197).
    assert masked.quality.voxels_compared < 46 * 47 * 47 - int((~moving_mask).sum()) // 2
    assert masked.quality.ok and masked.quality.ncc_after > 0.999


def test_moving_mask_errors_are_named(fixed):
    with pytest.raises(cumed.InvalidArgument, match="moving_mask must have the moving image's "
                                                    "shape"):
        registration.register(fixed, fixed, levels=1, iterations=1,
                              moving_mask=np.ones((4, 4, 4), np.uint8))
    with pytest.raises(cumed.InvalidArgument, match="moving mask has no nonzero voxel"):
        registration.register(fixed, fixed, levels=1, iterations=1,
                              moving_mask=np.zeros(fixed.shape, np.uint8))


def test_quality_of_a_good_run(fixed, sinusoid_pair):
    moving, _ = sinusoid_pair
    result = registration.register(fixed, moving, **FAST)
    q = result.quality
    assert isinstance(q, registration.RegistrationQuality)
    assert q.ok and q.warnings == [] and not q.folded and not q.worse_than_start
    assert q.folded_percent == 0.0
    assert q.correlation_checked and q.voxels_compared > 0.9 * fixed.size
    assert q.ncc_before < 0.9 < 0.99 < q.ncc_after <= 1.0


def test_quality_flags_a_folding_run():
    # Two unrelated noise images, SSD, no regularisation, a control point per voxel: the
    # optimiser folds the grid to match noise (the C++ RegisterQuality test's case, in 2D).
    rng = np.random.default_rng(5)
    fixed = rng.normal(100, 30, (32, 32)).astype(np.float32)
    moving = rng.normal(100, 30, (32, 32)).astype(np.float32)
    result = registration.register(fixed, moving, metric="ssd", levels=1, grid_spacing_mm=1,
                                   iterations=30, bending=0, backend="cpu")
    q = result.quality
    assert q.folded and not q.ok
    assert q.folded_percent == pytest.approx(result.jacobian_statistics.folded_percent)
    assert q.folded_percent > 0
    assert any("folds" in w for w in q.warnings)


def test_two_dimensional_images(grid):
    x, y, _ = grid
    fixed = textured(x[0], y[0], np.zeros_like(x[0]))
    moving = textured(x[0] - 1.0, y[0], np.zeros_like(x[0]))
    result = registration.register(fixed, moving, levels=1, grid_spacing_mm=8, iterations=30)
    assert result.field.shape == fixed.shape + (3,)
    inner = (slice(6, N - 6),) * 2
    assert rms(result.field[inner][..., :2] - np.array([1.0, 0.0])) < 0.1


def test_progress_and_iterations_are_reported(fixed, sinusoid_pair):
    moving, _ = sinusoid_pair
    fractions, iterations = [], []
    registration.register(fixed, moving, levels=2, grid_spacing_mm=8, iterations=5,
                          progress=fractions.append, on_iteration=iterations.append)
    assert len(fractions) >= 5
    assert all(0.0 < f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)
    assert fractions[-1] == 1.0
    assert [it.level for it in iterations] == sorted(it.level for it in iterations)
    assert {it.level for it in iterations} == {0, 1}
    assert all(it.levels == 2 and not it.affine and math.isfinite(it.cost) for it in iterations)


def test_cancel_stops_with_cancelled(fixed, sinusoid_pair):
    moving, _ = sinusoid_pair
    polls = []

    def cancel():
        polls.append(1)
        return len(polls) >= 3

    with pytest.raises(cumed.Cancelled, match="stopped by its observer"):
        registration.register(fixed, moving, **FAST, cancel=cancel)
    assert len(polls) <= 4
    with pytest.raises(cumed.Cancelled):
        registration.register(fixed, moving, **FAST, on_iteration=lambda it: it.iteration < 2)


@pytest.mark.parametrize("keywords, fragment", [
    (dict(metric="mse"), "unknown similarity metric 'mse'"),
    (dict(grid_spacing_mm=-5), "grid_spacing_mm = -5"),
    (dict(levels=0), "levels = 0 is outside 1..8 (pyramid levels)"),
    (dict(bending=-1), "bending = -1 is outside 0..1e+30"),
    (dict(histogram_bins=10**9, metric="nmi"), "histogram_bins = 1000000000 is outside 4..1024"),
    (dict(fixed_origin=(1e308, 0, 0)), "fixed_origin[0] = 1e+308 is outside"),
    (dict(lncc_sigma_mm=0, metric="lncc"), "lncc_sigma_mm = 0 is outside 1e-06..1e+06 (mm)"),
    (dict(outputs=("warped", "velocity")), "unknown output 'velocity'"),
    (dict(initial_affine=np.eye(3)), "initial_affine must be a 4x4 or 3x4 matrix"),
    (dict(mask=np.ones((4, 4, 4), np.uint8)), "fixed mask geometry (size 4 x 4 x 4)"),
    (dict(fixed_spacing=(1.0, 0.0, 1.0)), "fixed_spacing[1] = 0 is outside 1e-30..1e+30"),
])
def test_bad_options_are_named(fixed, keywords, fragment):
    with pytest.raises(cumed.InvalidArgument) as error:
        registration.register(fixed, fixed, levels=keywords.pop("levels", 1), iterations=1,
                              **keywords)
    assert fragment in str(error.value)


def test_bad_images_are_named(fixed):
    with pytest.raises(cumed.InvalidArgument, match="moving: unsupported dtype '<i8'"):
        registration.register(fixed, fixed.astype(np.int64), levels=1)
    with pytest.raises(cumed.InvalidArgument, match="fixed is a 3D array but moving is 2D"):
        registration.register(fixed, fixed[0], levels=1)
    with pytest.raises(cumed.InvalidArgument, match="fixed image has a non-finite pixel"):
        bad = fixed.copy()
        bad[3, 4, 5] = np.nan
        registration.register(bad, fixed, levels=1)
    with pytest.raises(cumed.InvalidArgument, match=r"field: expected a \[z, y, x, 3\]"):
        registration.jacobian(fixed)
    with pytest.raises(TypeError):
        registration.register(fixed, fixed, level=1)


# --- the same registration through the C++ program ---------------------------------------


def write_mha(path, array, spacing=(1.0, 1.0, 1.0), origin=(0.0, 0.0, 0.0)):
    header = [
        "ObjectType = Image", "NDims = 3", "BinaryData = True", "BinaryDataByteOrderMSB = False",
        "TransformMatrix = 1 0 0 0 1 0 0 0 1", "Offset = " + " ".join(map(str, origin)),
        "ElementSpacing = " + " ".join(map(str, spacing)),
        "DimSize = " + " ".join(str(n) for n in array.shape[::-1]),
        "ElementType = MET_FLOAT", "ElementDataFile = LOCAL"]
    with open(path, "wb") as out:
        out.write(("\n".join(header) + "\n").encode())
        out.write(np.ascontiguousarray(array, dtype="<f4").tobytes())


def read_mha(path):
    data = pathlib.Path(path).read_bytes()
    fields, position = {}, 0
    while True:
        end = data.index(b"\n", position)
        key, _, value = data[position:end].decode().partition("=")
        fields[key.strip()] = value.strip()
        position = end + 1
        if key.strip() == "ElementDataFile":
            break
    assert fields["ElementType"] == "MET_FLOAT" and fields.get("CompressedData", "False") == "False"
    shape = tuple(int(n) for n in fields["DimSize"].split()[::-1])
    components = int(fields.get("ElementNumberOfChannels", "1"))
    array = np.frombuffer(data[position:], dtype="<f4")
    return array.reshape(shape + ((components,) if components > 1 else ()))


def read_tfm_numbers(path, key):
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith(key + ":"):
            return np.array([float(value) for value in line.split()[1:]])
    raise AssertionError(f"no {key} in {path}")


def test_python_equals_cumed_register(tmp_path, fixed, sinusoid_pair):
    # The same options through the C++ program (files in and out): the same field, warped image
    # and Jacobian (measured: bit for bit), and its transform.tfm holds the grid's ITK
    # parameters and fixed parameters.
    build = os.environ.get("CUMED_BUILD_DIR")
    program = pathlib.Path(build or "", "bin", "cumed-register")
    if not build or not program.exists():
        pytest.skip(f"cumed-register not built ({program}); set CUMED_BUILD_DIR")
    moving, _ = sinusoid_pair
    spacing, origin = (1.0, 1.1, 0.9), (3.0, -4.0, 5.5)
    write_mha(tmp_path / "fixed.mha", fixed, spacing, origin)
    write_mha(tmp_path / "moving.mha", moving, spacing, origin)
    out = tmp_path / "out"
    subprocess.run([str(program), "--metric", "lncc", "--levels", "2", "--grid-spacing", "8",
                    "--iterations", "10", "--bending", "5", "--backend", "cpu", "--output",
                    str(out), str(tmp_path / "fixed.mha"), str(tmp_path / "moving.mha")],
                   check=True, capture_output=True)
    result = registration.register(
        # The files hold (x, y, z); a Volume's spacing is (z, y, x).
        cumed.Volume(fixed, spacing[::-1], origin), cumed.Volume(moving, spacing[::-1], origin),
        metric="lncc", levels=2, grid_spacing_mm=8, iterations=10, bending=5, backend="cpu")
    np.testing.assert_allclose(result.field, read_mha(out / "field.mha"), atol=1e-5)
    np.testing.assert_allclose(result.warped, read_mha(out / "warped.mha"), atol=1e-5)
    np.testing.assert_allclose(result.jacobian, read_mha(out / "jacobian.mha"), atol=1e-5)
    np.testing.assert_allclose(result.grid.itk_parameters(),
                               read_tfm_numbers(out / "transform.tfm", "Parameters"),
                               rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(result.grid.itk_fixed_parameters(),
                               read_tfm_numbers(out / "transform.tfm", "FixedParameters"),
                               rtol=1e-12)
