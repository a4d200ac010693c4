"""Hostile numbers through the Python API (issue 25): the library's ranges (NumberRules) reach
Python with the keyword's name; values that are not numbers raise TypeError naming the keyword
instead of a nameless cast error; outputs never hold inf/NaN unless the input did."""
import os
import random

import numpy as np
import pytest

import cumed
from cumed import deform, morphology, registration, surface


def sphere(n=20, dtype=np.float32):
    z, y, x = np.mgrid[0:n, 0:n, 0:n].astype(np.float64)
    return (100 - 10 * np.sqrt((x - n / 2) ** 2 + (y - n / 2) ** 2 + (z - n / 2) ** 2)).astype(dtype)


def blob(n=24):
    z, y, x = np.mgrid[0:n, 0:n, 0:n].astype(np.float64)
    return (1000 * np.exp(-((x - 12) ** 2 + (y - 11) ** 2 + (z - 12) ** 2) / 30)).astype(np.float32)


@pytest.mark.parametrize("foreground, message", [
    (float("nan"), "foreground = nan is not a finite number"),
    (1e10, "foreground 1e+10 is not a value of the input's pixel type int16"),
])
def test_binary_dilate_refuses_a_foreground_no_pixel_can_hold(foreground, message):
    image = np.zeros((8, 8, 8), np.int16)
    image[4, 4, 4] = 1
    with pytest.raises(cumed.InvalidArgument, match=message.replace("+", r"\+")):
        morphology.binary_dilate(image, 1, foreground=foreground, backend="cpu")


def test_origin_beyond_float_is_refused_by_keyword():
    with pytest.raises(cumed.InvalidArgument,
                       match=r"origin\[0\] = 1e\+308 is outside -1e\+30\.\.1e\+30"):
        surface.isosurface(sphere(), 50, origin=(1e308, 0, 0), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"origin\[2\] = -1e\+308 is outside"):
        morphology.dilate(sphere(), 1, origin=(0, 0, -1e308), backend="cpu")


def test_a_finite_volume_gives_finite_points():
    volume = sphere()
    mesh = surface.isosurface(volume, 50, backend="cpu")
    assert np.isfinite(mesh.points).all()
    assert (mesh.non_finite_voxels, mesh.non_finite_points) == (0, 0)


def test_nan_voxels_are_counted_and_warned():
    volume = sphere()
    volume.reshape(-1)[::97] = np.nan
    with pytest.warns(RuntimeWarning, match=r"the image has 83 non-finite voxels \(NaN or inf\)"):
        mesh = surface.isosurface(volume, 50, backend="cpu")
    assert mesh.non_finite_voxels == 83
    assert mesh.non_finite_points == int((~np.isfinite(mesh.points)).sum())


def test_piv_units_are_refused_by_keyword():
    rng = np.random.default_rng(5)
    first = rng.random((64, 64)).astype(np.float32)
    result = cumed.piv.piv(first, np.roll(first, 2, axis=1), window=32, backend="cpu")
    with pytest.raises(cumed.InvalidArgument,
                       match=r"time_between_frames = 1e-40 is outside 1e-12\.\.1e\+12"):
        result.derived(time_between_frames=1e-40)
    with pytest.raises(cumed.InvalidArgument, match=r"pixel_size = 1e\+40 is outside"):
        result.derived(pixel_size=1e40)
    with pytest.raises(TypeError, match="pixel_size must be a number, got NoneType None"):
        result.derived(pixel_size=None)
    derived = result.derived(time_between_frames=1e-12, pixel_size=1e12)
    assert np.isfinite(derived.u).all() and np.isfinite(derived.vorticity).all()


def test_registration_options_are_refused_by_keyword():
    image = blob()
    with pytest.raises(cumed.InvalidArgument,
                       match=r"default_value = 1e\+300 is outside .*\(the warped image is float32\)"):
        registration.register(image, image, default_value=1e300, backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"grid_spacing_mm = 1e\+300 is outside 0\.\.1e\+06"):
        registration.register(image, image, grid_spacing_mm=1e300, backend="cpu")
    with pytest.raises(TypeError, match="grid_spacing_mm must be a number, got str '10'"):
        registration.register(image, image, grid_spacing_mm="10", backend="cpu")


def test_registration_of_a_denormal_image_is_refused_naming_it():
    image = blob()
    with pytest.raises(cumed.InvalidArgument, match="moving image: its values span"):
        registration.register(image, image * np.float32(1e-44), levels=1, iterations=3,
                              backend="cpu")


def test_animation_amplitude_and_memory_are_checked_before_allocating():
    lattice = deform.Lattice((12, 12, 12))
    with pytest.raises(cumed.InvalidArgument, match=r"amplitude = 1e\+300 is outside -1000\.\.1000"):
        deform.animation(lattice, "bend", frames=4, amplitude=1e300)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"frames = 2000000000 x a 12x12x12 lattice's control points needs "
                             r"82944000000000 bytes"):
        deform.animation(lattice, "bend", frames=2_000_000_000)
    with pytest.raises(TypeError, match="frames must be a whole number, got 2.5"):
        deform.animation(lattice, "bend", frames=2.5)


def test_a_lattice_beyond_float_is_refused():
    points = np.array([[0, 0, 0], [1, 1, 1], [0, 1, 0]], np.float32)
    triangles = np.array([[0, 1, 2]], np.int64)
    lattice = deform.Lattice((3, 3, 3), origin=(1e308, 0, 0))
    with pytest.raises(cumed.InvalidArgument,
                       match=r"FFD lattice: origin \+ axes along x = 1e\+308 is outside"):
        deform.deform(points, triangles, lattice, backend="cpu")


def test_not_a_number_names_the_keyword():
    image = np.zeros((8, 8, 8), np.uint8)
    with pytest.raises(TypeError, match="foreground must be a number, got str 'x'"):
        morphology.binary_dilate(image, 1, foreground="x")
    with pytest.raises(TypeError, match="background must be a number, got list"):
        morphology.binary_dilate(image, 1, background=[1])
    with pytest.raises(TypeError, match="threads must be a whole number, got str"):
        morphology.dilate(image, 1, threads="4")


EXTREMES = [0.0, -0.0, 5e-324, -5e-324, 1e-300, 1e300, -1e300, float("nan"), float("inf"),
            float("-inf"), 2 ** 64 + 1, -(2 ** 63), 1.0]


def test_seeded_extremes_are_refused_by_keyword_or_give_finite_outputs():
    seed = int(os.environ.get("CUMED_TEST_SEED", random.randrange(2 ** 32)))
    rng = random.Random(seed)
    volume = sphere(12)
    int_image = np.zeros((8, 8, 8), np.int16)
    int_image[4, 4, 4] = 1
    lattice = deform.Lattice((3, 3, 3))
    calls = {
        "origin": lambda v: surface.isosurface(volume, 50, origin=(v, 0, 0), backend="cpu").points,
        "spacing": lambda v: surface.isosurface(volume, 50, spacing=(1, v, 1), backend="cpu").points,
        "foreground": lambda v: morphology.binary_dilate(int_image, 1, foreground=v,
                                                         backend="cpu").astype(np.float64),
        "amplitude": lambda v: deform.animation(lattice, "squash", frames=3, amplitude=v),
    }
    for _ in range(40):
        keyword = rng.choice(sorted(calls))
        value = rng.choice(EXTREMES)
        try:
            output = calls[keyword](value)
        except (cumed.InvalidArgument, TypeError) as error:
            assert keyword in str(error), f"seed {seed}: {keyword}={value!r}: {error}"
            continue
        assert np.isfinite(np.asarray(output, dtype=np.float64)).all(), \
            f"seed {seed}: {keyword}={value!r} gave non-finite outputs"


# ------------------------------------------------ fuzz_api.py findings (issue 25), one per root
def mesh_of_two_spheres():
    return surface.isosurface(sphere(), [50, 70], backend="cpu")


def test_mesh_surface_leaves_a_zero_d_index_array_unchanged():  # fuzz 14:13033
    mesh = mesh_of_two_spheres()
    index = np.array(-1.0)
    part = mesh.surface(index)
    assert index == -1.0 and part.values == (mesh.values[-1],)
    with pytest.raises(TypeError, match="index"):
        mesh.surface("cross")


@pytest.mark.parametrize("displacement", [None, lambda rest: None, [[1.0, 2.0, 3.0]] * 2, "x"])
def test_lattice_control_points_refuses_a_missing_or_misshapen_displacement(displacement):
    # fuzz 1:1039 (None became NaN), 1:58 (a numpy broadcast error without the keyword)
    with pytest.raises(TypeError, match="displacement"):
        deform.Lattice((2, 2, 2)).control_points(displacement)


def test_grayscale_refuses_an_empty_element():  # fuzz 2:13923 (returned -FLT_MAX / -inf)
    with pytest.raises(cumed.InvalidArgument, match="element"):
        morphology.grayscale(sphere(8), "erode", element=np.zeros((3, 3, 3), np.uint8),
                             backend="cpu")


@pytest.mark.parametrize("tiny", [5e-324, 1e-310, 1e-31])
def test_denormal_spacing_is_refused(tiny):  # fuzz 5:15839, 1:18429
    with pytest.raises(cumed.InvalidArgument, match=r"spacing\[1\]"):
        morphology.dilate(sphere(8), 1, spacing=(1, tiny, 1), backend="cpu")


@pytest.mark.parametrize("keyword, value", [
    ("spacing", (1, None, 1)), ("spacing", 1j), ("spacing", "abc"), ("origin", (0, 0, "x")),
    ("origin", {}), ("direction", "abc"), ("direction", 3.0), ("direction", ((1, 0, 0), None, 1)),
    # radius=None is the default now (1, or the footprint's): not in this list
    ("radius", (1, "a", 1)), ("radius", 1.5), ("radius", float("inf")), ("radius", "a"),
    ("radius_mm", "x"),
])
def test_morphology_non_numbers_are_type_errors_naming_the_keyword(keyword, value):
    # fuzz B1/D: "Unable to cast Python instance to C++ type", "'float' object is not iterable"
    arguments = {"radius": 1}
    arguments[keyword] = value
    if keyword == "radius_mm":
        arguments = {"radius_mm": value, "element": "ball"}
    with pytest.raises(TypeError, match=keyword):
        morphology.dilate(sphere(8), backend="cpu", **arguments)


def test_radius_beyond_int_is_a_value_error_naming_radius():
    with pytest.raises(ValueError, match="radius"):
        morphology.dilate(sphere(8), 2 ** 31, backend="cpu")


@pytest.mark.parametrize("call, keyword", [
    (lambda: cumed.io.read_image_header("x.mha", threads=float("inf")), "threads"),
    (lambda: deform.Lattice((3, float("inf"), 3)).rest_points(), "dimensions"),
    (lambda: deform.Lattice((3, 3, 3), origin="1,2,3").rest_points(), "origin"),
    (lambda: deform.lattice_around(np.zeros((4, 3), np.float32), (3, float("inf"), 3)),
     "dimensions"),
    (lambda: deform.MeshDeformer(np.zeros((3, 3), np.float32), np.array([[0, 1, 2]]),
                                 deform.Lattice(), threads=float("inf")), "threads"),
    (lambda: registration.field_from_grid(None, (4, 4, 4)), "grid"),
    (lambda: registration.jacobian([1, 2]), "field"),
    (lambda: registration.warp(sphere(8), 5), "field"),
    (lambda: deform.animation(3), "lattice"),
    (lambda: cumed.Volume([1]).shape, "array"),
    (lambda: surface.isosurface(sphere(8), 50, normals=np.ones(3), backend="cpu"), "normals"),
    (lambda: surface.isosurface(sphere(8), 50, output=np.ones(3), backend="cpu"), "output"),
    (lambda: mesh_of_two_spheres().to_vtk(scalars_name=5), "scalars_name"),
])
def test_wrong_types_are_type_errors_naming_the_keyword(call, keyword):
    # fuzz B2/B3/D: AttributeError, OverflowError from int(inf), unnamed int()/bool() errors
    # (output=array: cumed.InvalidArgument, a ValueError, as for any other unknown output)
    with pytest.raises(TypeError if keyword != "output" else ValueError, match=keyword):
        call()


def test_write_dicom_series_refuses_a_nul_in_the_directory(tmp_path):  # fuzz 1:16533
    with pytest.raises(cumed.InvalidArgument, match="directory"):
        cumed.io.write_dicom_series(np.zeros((2, 4, 4), np.int16), str(tmp_path) + "/a\0b")


def test_write_dicom_series_into_a_too_long_name_is_a_cumed_error(tmp_path):  # fuzz B4
    with pytest.raises(cumed.Error, match="directory"):
        cumed.io.write_dicom_series(np.zeros((2, 4, 4), np.int16), str(tmp_path / ("d" * 5000)))


def test_closed_surface_of_float32_with_a_small_spacing_has_finite_normals():  # fuzz 2:8011
    # The -FLT_MAX padding overflowed the gradient normals; points and triangles are unchanged.
    image = sphere(10)
    plain = surface.closed_surface(image, 50, spacing=(0.5, 1, 1), backend="cpu")
    mesh = surface.closed_surface(image, 50, spacing=(0.5, 1, 1), normals=True, backend="cpu")
    assert np.isfinite(mesh.normals).all()
    np.testing.assert_array_equal(mesh.points, plain.points)
    np.testing.assert_array_equal(mesh.triangles, plain.triangles)
    assert (np.linalg.norm(mesh.normals, axis=1) <= 1 + 1e-5).all()


def test_huge_deformation_is_refused_naming_the_inputs():  # fuzz 3:10432, 3:26389
    points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], np.float32)
    triangles = np.array([[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 3, 2]])
    lattice = deform.lattice_around(points, 3)
    with pytest.raises(cumed.InvalidArgument, match="displacement"):
        deform.MeshDeformer(points, triangles, lattice, backend="cpu").deform(
            displacement=lambda rest: rest * 1e30)


def test_jacobian_overflow_is_refused_naming_field():  # fuzz 3:1845
    field = np.zeros((4, 4, 4, 3), np.float32)
    field[..., 0] = np.arange(4, dtype=np.float32)[None, None, :] * 1e37
    field[..., 1] = np.arange(4, dtype=np.float32)[None, :, None] * 1e37
    field[..., 2] = np.arange(4, dtype=np.float32)[:, None, None] * 1e37
    with pytest.raises(cumed.InvalidArgument, match="field"):
        registration.jacobian(field, backend="cpu")


def test_lattice_around_names_a_margin_beyond_float():  # fuzz 1:9514 (blamed the origin)
    with pytest.raises(cumed.InvalidArgument, match="margin"):
        deform.lattice_around(np.eye(3, dtype=np.float32), 3, margin=1e308)


@pytest.mark.parametrize("shape", [(4, -1, 4), (7, 2 ** 63, 2)])
def test_field_from_grid_refuses_an_impossible_shape(shape):  # fuzz 1:1910, 1:9763
    grid = registration.BSplineGrid(np.zeros((4, 4, 4, 3)), (0, 0, 0), (1, 1, 1), (4, 4, 4),
                                    ((1, 0, 0), (0, 1, 0), (0, 0, 1)))
    with pytest.raises(cumed.InvalidArgument, match="shape"):
        registration.field_from_grid(grid, shape)


@pytest.mark.parametrize("keyword, value, error", [
    ("series_uid", "\0", cumed.InvalidArgument), ("series_uid", np.ones(3), TypeError)])
def test_read_dicom_series_uid_is_checked_by_keyword(tmp_path, keyword, value, error):
    # fuzz 1:43387 (the C++ message stopped at the NUL)
    with pytest.raises(error, match=keyword):
        cumed.io.read_dicom_series(str(tmp_path), **{keyword: value})


def test_write_dicom_series_uid_must_be_a_string(tmp_path):  # fuzz 1:42808
    with pytest.raises(TypeError, match="frame_of_reference_uid"):
        cumed.io.write_dicom_series(np.zeros((2, 4, 4), np.int16), str(tmp_path / "out"),
                                    frame_of_reference_uid=np.ones(3))


def test_radius_mm_too_large_names_radius_mm():  # fuzz 1:37585
    with pytest.raises(cumed.InvalidArgument, match="radius_mm"):
        morphology.dilate(sphere(8), element="ball", radius_mm=65535.0, backend="cpu")


def test_label_surfaces_refuses_object_labels_by_name():  # fuzz 1:31008
    with pytest.raises(TypeError, match="labels"):
        surface.label_surfaces(np.array([1, "a", 2], dtype=object))


def test_on_iteration_returning_a_string_is_a_type_error_naming_it():  # fuzz B1
    z, y, x = np.mgrid[0:16, 0:16, 0:16].astype(np.float32)
    fixed = np.exp(-((x - 8) ** 2 + (y - 8) ** 2 + (z - 8) ** 2) / 20).astype(np.float32)
    moving = np.exp(-((x - 9) ** 2 + (y - 8) ** 2 + (z - 8) ** 2) / 20).astype(np.float32)
    with pytest.raises(TypeError, match="on_iteration"):
        registration.register(fixed, moving, on_iteration=lambda report: "yes", backend="cpu",
                              iterations=3, levels=1)


def test_label_surfaces_of_an_all_zero_volume_names_labels():  # fuzz 2:36135
    with pytest.raises(cumed.InvalidArgument, match="labels"):
        surface.label_surfaces(np.zeros((4, 4, 4), np.uint8), backend="cpu")



def test_an_element_beyond_twice_the_image_is_refused_up_front():  # fuzz 5:22962, 4:42628
    # The programs' rule (cumed::morphology::CheckElementAgainstVolume); these ran for minutes.
    image = np.zeros((5, 8, 10), np.float32)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"radius = 47: the element .* is more than twice the 10x8x5 volume"):
        morphology.grayscale(image, "close", np.uint64(47), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"radius_mm = 30: the element"):
        morphology.binary_dilate(image.astype(np.uint8), radius_mm=30, backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"element \(a mask array of 31x31x31"):
        morphology.dilate(image, element=np.ones((31, 31, 31), np.uint8), backend="cpu")
    with pytest.raises(cumed.InvalidArgument,
                       match=r"radius_mm = 127: the element .* 7x12x5 volume along x \(7 voxels\)"):
        surface.ct_surface(np.zeros((5, 12, 7), np.int16), radius_mm=np.int8(127), backend="cpu")
    # An element up to twice the image still runs, and a 2D array is one slice (no z limit).
    assert morphology.dilate(image, (4, 3, 2), backend="cpu").shape == image.shape
    assert morphology.dilate(image[0], 3, backend="cpu").shape == (8, 10)


def test_field_from_grid_checks_the_memory_before_allocating():  # fuzz 5:17787 (MemoryError)
    grid = registration.BSplineGrid(np.zeros((3, 4, 4, 4)), (0, 0, 0), (1, 1, 1), (4, 4, 4),
                                    ((1, 0, 0), (0, 1, 0), (0, 0, 1)))
    with pytest.raises(cumed.InvalidArgument,
                       match=r"shape = \(7, 2147483647\): the displacement field needs "
                             r"180388626348 bytes \(180\.4 GB\) of memory, more than"):
        registration.field_from_grid(grid, (7, 2147483647), backend="cpu")


def test_too_many_levels_are_named():  # fuzz 2:992 (only "constant over the 1 counted voxels")
    rng = np.random.default_rng(3)
    image = rng.integers(0, 255, (7, 12, 13), dtype=np.uint8)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"levels = 7 halves the fixed image to 1x1x1 voxels"):
        registration.register(image, image, metric="ncc", levels=7, iterations=5, backend="cpu")


@pytest.mark.parametrize("spacing, axis", [(1e-31, 0), (0.0, 1), (-1.0, 2), (2e30, 0)])
def test_spacing_rule_is_numberrules(spacing, axis):  # one rule: numbers::RequireSpacing
    values = [1.0, 1.0, 1.0]
    values[axis] = spacing
    with pytest.raises(cumed.InvalidArgument,
                       match=rf"spacing\[{axis}\] = .* is outside 1e-30\.\.1e\+30"):
        morphology.dilate(sphere(8), 1, spacing=tuple(values), backend="cpu")
    assert morphology.dilate(sphere(8), 1, spacing=(1e-30, 1, 1), backend="cpu").shape == (8, 8, 8)


class _FakeDeviceArray:
    """An array of a package other than NumPy (as a CuPy array is): count_non_finite must count
    it with that package's isfinite/count_nonzero, never by converting it to NumPy."""

    def __init__(self, data):
        self.data, self.size, self.dtype = data, data.size, data.dtype

    def __array__(self, *args, **kwargs):
        raise AssertionError("copied to the host")


_FakeDeviceArray.__module__ = "cumed_fake_xp.core"


def test_count_non_finite_uses_the_arrays_own_package(monkeypatch):
    import sys
    import types

    from cumed import _common
    calls = []
    fake = types.ModuleType("cumed_fake_xp")
    fake.isfinite = lambda a: calls.append("isfinite") or np.isfinite(a.data)
    fake.count_nonzero = lambda a: calls.append("count_nonzero") or np.count_nonzero(a)
    monkeypatch.setitem(sys.modules, "cumed_fake_xp", fake)
    data = np.ones((3, 4, 5), np.float32)
    data.reshape(-1)[[1, 7, 30]] = [np.nan, np.inf, -np.inf]
    assert _common.count_non_finite(_FakeDeviceArray(data)) == 3
    assert calls == ["isfinite", "count_nonzero"]
    assert _common.count_non_finite(data) == 3  # NumPy: the same helper
    assert _common.count_non_finite(np.zeros(4, np.int16)) == 0  # whole numbers: no scan
    assert _common.count_non_finite(object()) == -1  # a package that cannot count


def test_device_counts_come_from_the_array_package(monkeypatch):
    # The native layer says -1 for device data (as for a CuPy input); the Python layer counts.
    volume = sphere()
    volume.reshape(-1)[::97] = np.nan
    native = surface._native.isosurface

    def as_if_on_device(*args):
        arrays, _ = native(*args)
        return arrays, (-1, -1)

    monkeypatch.setattr(surface._native, "isosurface", as_if_on_device)
    with pytest.warns(RuntimeWarning, match=r"the image has 83 non-finite voxels"):
        mesh = surface.isosurface(volume, 50, backend="cpu")
    assert mesh.non_finite_voxels == 83
    assert mesh.non_finite_points == int((~np.isfinite(mesh.points)).sum())
    finite = surface.isosurface(sphere(), 50, backend="cpu")
    assert (finite.non_finite_voxels, finite.non_finite_points) == (0, 0)


def test_images_that_barely_overlap_name_the_geometry():  # fuzz 6:17256 (moving_spacing 9.2e18)
    rng = np.random.default_rng(4)
    image = rng.random((12, 10)).astype(np.float32)
    with pytest.raises(cumed.InvalidArgument, match=r"overlaps the moving image by less than two "
                       r"voxels along x: check the geometry, fixed_spacing = \(1, 1, 1\), "
                       r"moving_spacing = \(1e\+18, 1e\+18, 1\)"):
        registration.register(image, image, metric="ncc", levels=1, iterations=3,
                              moving_spacing=1e18, backend="cpu")
    # fuzz 5:43753: directions that turn the images away from each other
    with pytest.raises(cumed.InvalidArgument, match=r"less than two voxels along .*fixed_direction"):
        registration.register(image, image, metric="ncc", levels=1, iterations=3,
                              moving_direction=((-1, 0), (0, -1)), backend="cpu")


def test_a_mask_that_does_not_fit_the_fixed_geometry_is_named():  # fuzz 3:39416
    image = np.ones((7, 6), np.float32)
    with pytest.raises(cumed.InvalidArgument,
                       match=r"^mask \(on the fixed image's geometry\): spacing needs 3 values"):
        registration.register(image, image, mask=np.ones((7, 6, 3), np.uint8),
                              fixed_spacing=(1.0, 1.5), backend="cpu")


def test_a_ragged_mask_is_named():  # fuzz 6:75865, 6:79942 (NumPy's "inhomogeneous shape")
    from cumed import piv
    frame = np.zeros((17, 20), np.int16)
    with pytest.raises(TypeError, match=r"^mask must be an array, got list: "):
        piv.piv(frame, frame, window=8, mask=[[1, 2], [3]], backend="cpu")
    with pytest.raises(TypeError, match=r"^mask must be an array"):
        piv.ensemble([(frame, frame)], window=8, mask=[[1, 2], [3]], backend="cpu")


def _frames():
    first = np.random.default_rng(1).random((64, 64)).astype(np.float32)
    return first, np.roll(first, 2, axis=1)


@pytest.mark.parametrize("keywords, message", [
    (dict(median_threshold=float("nan")), "median_threshold = nan is out of range"),
    (dict(median_epsilon=-1), "median_epsilon = -1 is out of range"),
    (dict(median_radius=10**9), "median_radius = 1000000000 is out of range"),
    (dict(min_peak_ratio=float("inf")), "min_peak_ratio = inf is out of range"),
    (dict(predictor_smoothing=9), "predictor_smoothing = 9 is out of range"),
    (dict(replacement_iterations=10**12),
     "replacement_iterations = 1000000000000 is outside -2147483648..2147483647"),
])
def test_piv_refusals_name_the_keyword(keywords, message):
    # The library names its fields (validation.medianThreshold); the keyword is what was given.
    from cumed import piv
    with pytest.raises(cumed.InvalidArgument, match=message) as refusal:
        piv.piv(*_frames(), backend="cpu", **keywords)
    assert "validation." not in str(refusal.value)


def test_deform_refusals_name_the_keywords():
    from cumed import deform as ffd
    points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], np.float32)
    triangles = np.array([[0, 1, 2], [0, 2, 3]])
    with pytest.raises(cumed.InvalidArgument, match="threads_per_block 1000000000 is not in"):
        ffd.deform(points, triangles, ffd.lattice_around(points), threads_per_block=10**9)
    # Too few control points is the dimensions' fault, not only the margin's.
    with pytest.raises(cumed.InvalidArgument,
                       match=r"dimensions = \(1, 3, 3\), margin = 0.05 give no valid lattice"):
        ffd.lattice_around(points, dimensions=(1, 3, 3))


def test_registration_grid_finer_than_the_voxels_names_grid_spacing_mm():
    volume = blob()
    with pytest.raises(cumed.InvalidArgument,
                       match="grid_spacing_mm = 0.5 mm is smaller than the fixed image's voxel"):
        registration.register(volume, volume, levels=1, iterations=2, grid_spacing_mm=0.5,
                              fixed_spacing=(2, 2, 2), moving_spacing=(2, 2, 2), backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match="iterations = 1000000000000 is outside"):
        registration.register(volume, volume, levels=1, iterations=10**12, backend="cpu")


def test_non_finite_contour_values_name_the_keyword():
    with pytest.raises(cumed.InvalidArgument, match=r"values\[0\] = nan is not a finite number"):
        surface.isosurface(sphere(), [float("nan")], backend="cpu")
    with pytest.raises(cumed.InvalidArgument, match=r"values\[1\] = inf is not a finite number"):
        surface.closed_surface(sphere(), [50, float("inf")], backend="cpu")
    # ct_surface's value is iso (the closing of minutes is not started for it).
    with pytest.raises(cumed.InvalidArgument, match="iso = nan is not a finite number"):
        surface.ct_surface(np.zeros((5, 12, 7), np.int16), iso=float("nan"), backend="cpu")
