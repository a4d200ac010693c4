"""cumed.io: DICOM CT series read as the C++ reader reads them (geometry exact, HU bit for bit,
compared with cumed_python_reference), written and read back, and refused with messages that
name the path, the file and the tag."""
import gc
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import cumed
import cpp_reference


def real_ct():
    shared = os.environ.get("CUMED_SHARED_DATA")
    directory = Path(shared) / "ct" / "popi-phase00" if shared else None
    if directory is None or not directory.is_dir():
        pytest.skip(f"real CT series absent ({directory}; set CUMED_SHARED_DATA)")
    return directory


def phantom_ct():
    build = os.environ.get("CUMED_BUILD_DIR")
    directory = Path(build) / "Data" / "phantom-ct" if build else None
    if directory is None or not directory.is_dir():
        pytest.skip(f"phantom CT series absent ({directory}; built by cumed_sample_data, "
                    "set CUMED_BUILD_DIR)")
    return directory


def rotation(angle_z, angle_x):
    """Rows of an orthonormal right-handed direction matrix (oblique axes)."""
    cz, sz, cx, sx = np.cos(angle_z), np.sin(angle_z), np.cos(angle_x), np.sin(angle_x)
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    return tuple(map(tuple, rz @ rx))


def copy_slices(source, target, count):
    target.mkdir(parents=True, exist_ok=True)
    names = sorted(p.name for p in Path(source).glob("*.dcm"))[:count]
    for name in names:
        shutil.copyfile(Path(source) / name, target / name)
    return names


def assert_matches_cpp_reader(directory, scratch):
    volume = cumed.io.read_dicom_series(directory)
    expected, hu = cpp_reference.read_dicom(directory, scratch)
    assert volume.array.dtype == np.int16
    assert volume.array.shape == hu.shape == tuple(reversed(expected["size"]))
    assert np.array_equal(volume.array, hu)
    assert volume.spacing_xyz == tuple(expected["spacing"])  # the C++ reader's (x, y, z)
    assert volume.spacing == tuple(reversed(expected["spacing"]))
    assert volume.origin == tuple(expected["origin"])
    flat_direction = tuple(value for row in volume.direction for value in row)
    assert flat_direction == tuple(expected["direction"])
    for key in ("series_uid", "modality", "series_description", "files", "other_series_uids",
                "skipped_files", "rescale_slope", "rescale_intercept"):
        assert volume.info[key] == expected[key], key
    assert volume.info["slices"] == len(expected["files"]) == hu.shape[0]
    assert volume.info["directory"] == str(directory)
    return volume


# Reading: the C++ reader's answers.

def test_real_ct_matches_cpp_reader(tmp_path):
    volume = assert_matches_cpp_reader(real_ct(), tmp_path)
    assert volume.info["modality"] == "CT"
    assert volume.array.min() >= -1024  # HU, not stored values


def test_phantom_matches_cpp_reader(tmp_path):
    volume = assert_matches_cpp_reader(phantom_ct(), tmp_path)
    assert volume.info["series_description"] == "CuMed synthetic thoracic CT phantom"


def test_array_wraps_the_readers_memory_and_outlives_the_volume():
    volume = cumed.io.read_dicom_series(phantom_ct(), threads=1)
    array = volume.array
    assert not array.flags.owndata and array.flags.c_contiguous
    assert type(array.base).__name__ == "PyCapsule"  # the reader's ITK buffer, not a copy
    checksum = int(array.astype(np.int64).sum())
    del volume
    gc.collect()
    assert int(array.astype(np.int64).sum()) == checksum


def test_thread_count_and_concurrent_reads_give_the_same_volume():
    directory = phantom_ct()
    expected = cumed.io.read_dicom_series(directory, threads=1)
    assert expected.info["timing"]["threads"] == 1
    results = [None] * 3

    def read(k):
        results[k] = cumed.io.read_dicom_series(directory, threads=2)

    threads = [threading.Thread(target=read, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in results:
        assert np.array_equal(result.array, expected.array)
        assert (result.spacing, result.origin, result.direction) == \
            (expected.spacing, expected.origin, expected.direction)


def test_gil_is_released_while_reading_and_writing(tmp_path):
    # A write and a read on a worker thread; the main thread must keep running Python while
    # each call runs: its longest pause must be far shorter than the calls.
    phantom = cumed.io.read_dicom_series(phantom_ct())
    volume = np.concatenate([phantom.array] * 3)  # 360 slices: calls of about 0.1 s
    started, finished = threading.Event(), threading.Event()
    durations = []

    def timed(call, *args, **keywords):
        start = time.perf_counter()
        call(*args, **keywords)
        durations.append(time.perf_counter() - start)

    def work():
        started.set()
        timed(cumed.io.write_dicom_series, volume, tmp_path / "series")
        timed(cumed.io.read_dicom_series, tmp_path / "series", threads=1)
        finished.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    longest_pause, last = 0.0, time.perf_counter()
    while not finished.is_set():
        now = time.perf_counter()
        longest_pause, last = max(longest_pause, now - last), now
    worker.join()
    assert min(durations) > 0.03, f"the calls ({durations} s) are too short to tell"
    # Holding the GIL would pause the main thread for a whole call.
    assert longest_pause < 0.5 * min(durations), (longest_pause, durations)


def test_series_uid_picks_one_of_several_series(tmp_path):
    mixed = tmp_path / "mixed"
    copy_slices(phantom_ct(), mixed, 8)
    small = np.arange(3 * 4 * 5, dtype=np.int16).reshape(3, 4, 5) * 10
    derived_uid = cumed.io.write_dicom_series(small, tmp_path / "derived")
    for name in os.listdir(tmp_path / "derived"):
        shutil.copyfile(tmp_path / "derived" / name, mixed / ("derived-" + name))

    largest = cumed.io.read_dicom_series(mixed)
    assert largest.info["slices"] == 8
    assert largest.info["other_series_uids"] == [derived_uid]
    chosen = cumed.io.read_dicom_series(mixed, series_uid=derived_uid)
    assert chosen.info["series_uid"] == derived_uid
    assert np.array_equal(chosen.array, small)
    with pytest.raises(cumed.Error, match=r"no series with SeriesInstanceUID \(0020,000E\) "
                                          r"'1\.2\.3'") as raised:
        cumed.io.read_dicom_series(mixed, series_uid="1.2.3")
    assert str(mixed) in str(raised.value)


def test_require_ct_refuses_other_modalities(tmp_path):
    cumed.io.write_dicom_series(np.zeros((2, 3, 4), np.int16), tmp_path / "mr")
    for path in (tmp_path / "mr").iterdir():  # Modality (0008,0060) CS "CT" -> "MR"
        data = path.read_bytes()
        element = b"\x08\x00\x60\x00CS\x02\x00"
        assert data.count(element + b"CT") == 1
        path.write_bytes(data.replace(element + b"CT", element + b"MR"))
    with pytest.raises(cumed.Error, match=r"Modality \(0008,0060\)"):
        cumed.io.read_dicom_series(tmp_path / "mr")
    volume = cumed.io.read_dicom_series(tmp_path / "mr", require_ct=False)
    assert volume.info["modality"] == "MR"


# Reading: what is refused, naming the path.

def test_missing_directory_is_named(tmp_path):
    missing = tmp_path / "no-such-series"
    with pytest.raises(cumed.Error, match="does not exist") as raised:
        cumed.io.read_dicom_series(missing)
    assert str(missing) in str(raised.value)


def test_empty_directory_is_named(tmp_path):
    with pytest.raises(cumed.Error, match="no DICOM series") as raised:
        cumed.io.read_dicom_series(tmp_path)
    assert str(tmp_path) in str(raised.value)


def test_a_file_is_not_a_directory(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a series")
    with pytest.raises(cumed.Error, match="is not a directory") as raised:
        cumed.io.read_dicom_series(path)
    assert str(path) in str(raised.value)


def test_cut_off_file_is_named(tmp_path):
    names = copy_slices(phantom_ct(), tmp_path, 6)
    broken = tmp_path / names[3]
    broken.write_bytes(broken.read_bytes()[:64])
    with pytest.raises(cumed.Error, match="named as a DICOM file but it is not one") as raised:
        cumed.io.read_dicom_series(tmp_path)
    assert str(broken) in str(raised.value)
    assert not isinstance(raised.value, cumed.InvalidArgument)


def test_truncated_pixel_data_is_named_with_its_tag(tmp_path):
    names = copy_slices(phantom_ct(), tmp_path, 6)
    broken = tmp_path / names[2]
    broken.write_bytes(broken.read_bytes()[:-1000])
    with pytest.raises(cumed.Error, match=r"PixelData \(7FE0,0010\)") as raised:
        cumed.io.read_dicom_series(tmp_path)
    assert str(broken) in str(raised.value)


def test_bad_read_arguments(tmp_path):
    with pytest.raises(cumed.InvalidArgument, match=r"threads = -1 is outside 0\.\.4096"):
        cumed.io.read_dicom_series(phantom_ct(), threads=-1)
    with pytest.raises(TypeError, match="series_uid must be a str"):
        cumed.io.read_dicom_series(tmp_path, series_uid=12)
    with pytest.raises(TypeError, match="directory must be a str or os.PathLike"):
        cumed.io.read_dicom_series(3)


# Writing.

def test_write_then_read_back_oblique_anisotropic(tmp_path):
    rng = np.random.default_rng(14)
    hu = rng.integers(-1024, 3071, size=(4, 20, 24), endpoint=True).astype(np.int16)
    spacing, origin, direction = (0.7, 0.8, 2.5), (-10.25, 3.5, 100.0), rotation(0.3, 0.2)
    target = tmp_path / "parents" / "made" / "series"
    uid = cumed.io.write_dicom_series(hu, target, spacing=spacing, origin=origin,
                                      direction=direction, series_description="CuMed test",
                                      series_number=7)
    assert sorted(os.listdir(target)) == ["IMG0001.dcm", "IMG0002.dcm", "IMG0003.dcm",
                                          "IMG0004.dcm"]
    assert b"DERIVED\\SECONDARY\\AXIAL" in (target / "IMG0001.dcm").read_bytes()
    volume = assert_matches_cpp_reader(target, tmp_path)  # oblique: the rows are compared
    assert volume.info["series_uid"] == uid
    assert volume.info["series_description"] == "CuMed test"
    assert np.array_equal(volume.array, hu)
    # DICOM stores decimal strings (at most 16 characters): equal to their precision.
    np.testing.assert_allclose(volume.spacing, spacing, rtol=1e-12)
    np.testing.assert_allclose(volume.origin, origin, rtol=0, atol=1e-9)
    np.testing.assert_allclose(volume.direction, direction, rtol=0, atol=1e-9)


def test_write_a_volume_read_from_dicom(tmp_path):
    original = cumed.io.read_dicom_series(phantom_ct())
    uid = cumed.io.write_dicom_series(original, tmp_path / "copy", derived=False)
    assert b"ORIGINAL\\PRIMARY\\AXIAL" in (tmp_path / "copy" / "IMG0001.dcm").read_bytes()
    copy = cumed.io.read_dicom_series(tmp_path / "copy")
    assert uid == copy.info["series_uid"] != original.info["series_uid"]
    assert np.array_equal(copy.array, original.array)
    np.testing.assert_allclose(copy.spacing, original.spacing, rtol=1e-12)
    np.testing.assert_allclose(copy.origin, original.origin, rtol=0, atol=1e-9)
    assert copy.direction == original.direction


def test_signed_storage_keeps_the_whole_int16_range(tmp_path):
    hu = np.array([[[-32768, -2000, -1025], [0, 1, 32767]]], dtype=np.int16)
    with pytest.raises(cumed.Error, match="unsigned_with_intercept=False") as raised:
        cumed.io.write_dicom_series(hu, tmp_path / "unsigned")
    assert "HU value -32768" in str(raised.value)
    assert not (tmp_path / "unsigned").exists()
    cumed.io.write_dicom_series(hu, tmp_path / "signed", unsigned_with_intercept=False)
    assert np.array_equal(cumed.io.read_dicom_series(tmp_path / "signed").array, hu)


def test_a_2d_image_is_one_slice(tmp_path):
    hu = np.arange(-1000, -1000 + 6 * 7, dtype=np.int16).reshape(6, 7)
    cumed.io.write_dicom_series(hu, tmp_path / "slice", spacing=(0.5, 0.6))  # (y, x)
    volume = cumed.io.read_dicom_series(tmp_path / "slice")
    assert volume.array.shape == (1, 6, 7)
    assert np.array_equal(volume.array[0], hu)
    assert volume.spacing[1:] == (0.5, 0.6)
    assert volume.spacing_xyz[:2] == (0.6, 0.5)


def test_write_never_overwrites(tmp_path):
    occupied = tmp_path / "occupied"
    occupied.mkdir()
    (occupied / "keep.txt").write_text("mine")
    hu = np.zeros((2, 3, 4), np.int16)
    with pytest.raises(cumed.Error, match="is not empty; refusing to write into it") as raised:
        cumed.io.write_dicom_series(hu, occupied)
    assert str(occupied) in str(raised.value)
    assert os.listdir(occupied) == ["keep.txt"] and (occupied / "keep.txt").read_text() == "mine"

    cumed.io.write_dicom_series(hu, tmp_path / "series")
    with pytest.raises(cumed.Error, match="is not empty"):  # a second write to the same place
        cumed.io.write_dicom_series(hu, tmp_path / "series")

    a_file = tmp_path / "file.dcm"
    a_file.write_bytes(b"x")
    with pytest.raises(cumed.Error) as raised:
        cumed.io.write_dicom_series(hu, a_file)
    assert str(a_file) in str(raised.value) and a_file.read_bytes() == b"x"

    empty = tmp_path / "empty"
    empty.mkdir()
    cumed.io.write_dicom_series(hu, empty)  # an existing empty directory is accepted
    assert len(os.listdir(empty)) == 2
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".cumed-partial")]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.uint8, np.uint16, np.int32,
                                   np.bool_])
def test_write_refuses_other_dtypes(dtype, tmp_path):
    with pytest.raises(cumed.InvalidArgument, match="writes int16 Hounsfield units") as raised:
        cumed.io.write_dicom_series(np.zeros((2, 3, 4), dtype), tmp_path / "series")
    assert np.dtype(dtype).name in str(raised.value)
    assert not (tmp_path / "series").exists()


def test_write_refuses_bad_geometry_and_arguments(tmp_path):
    hu = np.zeros((2, 3, 4), np.int16)
    with pytest.raises(cumed.Error, match="not orthonormal"):
        cumed.io.write_dicom_series(hu, tmp_path / "a", direction=((1, 0, 0), (0, 2, 0), (0, 0, 1)))
    with pytest.raises(cumed.InvalidArgument, match=r"spacing\[1\]"):
        cumed.io.write_dicom_series(hu, tmp_path / "a", spacing=(1, -1, 1))
    with pytest.raises(cumed.InvalidArgument, match="expected a 2D"):
        cumed.io.write_dicom_series(np.zeros((1, 2, 3, 4), np.int16), tmp_path / "a")
    with pytest.raises(TypeError, match="series_description must be a str"):
        cumed.io.write_dicom_series(hu, tmp_path / "a", series_description=None)
    assert not (tmp_path / "a").exists()


def test_gdcm_jpeg_warnings_reach_cumeds_hook_inside_the_extension():
    # CuMed::IO turns libjpeg's "Corrupt JPEG data" warnings into errors by interposing GDCM's
    # gdcmjpeg*_jpeg_std_error (src/JpegDecoderWarnings.h). In a Python extension (dlopen'ed
    # with RTLD_LOCAL) that works only if the extension, or the shared libcumed_io it loads ahead
    # of GDCM (CUMED_SHARED_LIBS), exports the hooks and GDCM binds to them.
    env = dict(os.environ, LD_BIND_NOW="1", LD_DEBUG="bindings")
    result = subprocess.run([sys.executable, "-c", "import cumed"], env=env, capture_output=True,
                            text=True, timeout=120)
    bindings = [line for line in result.stderr.splitlines() if "jpeg_std_error'" in line]
    if not any("binding file" in line for line in result.stderr.splitlines()):
        pytest.skip("the dynamic linker does not report bindings (LD_DEBUG) here")
    for bits in ("8", "12", "16"):
        symbol = f"`gdcmjpeg{bits}_jpeg_std_error'"
        lines = [line for line in bindings if symbol in line and "libgdcmMSFF" in line]
        assert lines, f"GDCM never binds {symbol}"
        assert all(any(owner in line.split(" to ")[1] for owner in ("_cumed", "libcumed_io"))
                   for line in lines), lines


# Series listing and selection in a folder tree (issue 26).

def ball(slices, value):
    z, y, x = np.mgrid[0:slices, 0:12, 0:12]
    inside = (x - 5.5) ** 2 + (y - 5.5) ** 2 + (z - (slices - 1) / 2) ** 2 <= 16
    return np.where(inside, value, -1000).astype(np.int16)


def set_modality(directory, modality):
    for path in directory.iterdir():  # Modality (0008,0060) CS "CT" -> e.g. "MR"
        data = path.read_bytes()
        element = b"\x08\x00\x60\x00CS\x02\x00"
        assert data.count(element + b"CT") == 1
        path.write_bytes(data.replace(element + b"CT", element + modality.encode()))


@pytest.fixture
def export(tmp_path):
    """A CD export: DICOMDIR, two equal axial CT reconstructions (STD 2, BONE 3) and a larger MR
    in nested directories."""
    root = tmp_path / "export"
    study = root / "DICOM" / "ST01"
    uids = {
        "std": cumed.io.write_dicom_series(ball(6, 700), study / "SE02", series_number=2,
                                           series_description="STD", derived=False),
        "bone": cumed.io.write_dicom_series(ball(6, 900), study / "SE03", series_number=3,
                                            series_description="BONE", derived=False),
        "mr": cumed.io.write_dicom_series(ball(9, 100), study / "SE05", series_number=5,
                                          series_description="t1", derived=False),
    }
    set_modality(study / "SE05", "MR")
    (root / "DICOMDIR").write_bytes(b"an index, skipped by its name")
    return root, uids


TIE = ("two axial CT series of 6 slices: chose SeriesNumber 2 'STD' over SeriesNumber 3 'BONE' "
       "by the lowest SeriesNumber")


def test_list_series_describes_every_series_and_the_default(export):
    root, uids = export
    listing = cumed.io.list_series(root)
    assert [entry["series_uid"] for entry in listing] == sorted(uids.values())
    by_uid = {entry["id"]: entry for entry in listing}
    std, mr = by_uid[uids["std"]], by_uid[uids["mr"]]
    assert (std["series_number"], std["series_description"], std["modality"]) == (2, "STD", "CT")
    assert (std["slices"], std["files"], std["columns"], std["rows"]) == (6, 6, 12, 12)
    assert std["orientation"] == "axial" and std["tilt_degrees"] == pytest.approx(0, abs=1e-9)
    assert std["readable"] and std["reason"] == "" and not std["localizer"]
    assert std["directories"] == [str(root / "DICOM" / "ST01" / "SE02")]
    assert std["patient_study"]["patient_id"] == "CUMED0001"
    assert std["default"] and std["selection"] == TIE
    assert not mr["readable"] and "Modality (0008,0060) is 'MR', not CT" in mr["reason"]
    assert not mr["default"] and mr["selection"] == ""
    assert [entry["default"] for entry in listing].count(True) == 1
    assert cumed.io.list_series(root, recursive=False) == []


def test_read_dicom_series_picks_the_axial_ct_and_says_why(export):
    root, uids = export
    volume = cumed.io.read_dicom_series(root)
    info = volume.info
    assert info["series_uid"] == uids["std"]
    assert info["selection"] == TIE
    assert np.array_equal(volume.array, ball(6, 700))
    assert info["series_number"] == 2 and info["convolution_kernel"] == ""
    assert info["image_type"] == "ORIGINAL\\PRIMARY\\AXIAL"
    assert info["sop_class_uid"] == "1.2.840.10008.5.1.4.1.1.2"
    assert len(info["sop_instance_uids"]) == 6 and len(set(info["sop_instance_uids"])) == 6
    assert info["patient_study"]["patient_name"] == "CuMed^Phantom"
    assert (info["tilt_degrees"], info["tilt_resampled"], info["multi_frame"]) == (0, False, False)
    assert (info["rounded_values"], info["max_rounding_hu"]) == (0, 0)
    assert sorted(info["other_series_uids"]) == sorted([uids["bone"], uids["mr"]])


def test_read_dicom_series_by_number_description_or_uid(export):
    root, uids = export
    for spec in ("3", "bone", "BONE", uids["bone"]):
        volume = cumed.io.read_dicom_series(root, series=spec)
        assert volume.info["series_uid"] == uids["bone"], spec
        assert volume.info["selection"].startswith("requested by "), volume.info["selection"]
        assert np.array_equal(volume.array, ball(6, 900))
    with pytest.raises(cumed.Error, match=r"no series with SeriesNumber 9 in") as raised:
        cumed.io.read_dicom_series(root, series="9")
    assert "'STD'" in str(raised.value) and "'BONE'" in str(raised.value)
    with pytest.raises(cumed.Error, match=r"not CT"):
        cumed.io.read_dicom_series(root, series="t1")
    with pytest.raises(cumed.Error, match="no DICOM series"):
        cumed.io.read_dicom_series(root, recursive=False)
    with pytest.raises(TypeError, match="series must be a str or None"):
        cumed.io.read_dicom_series(root, series=3)


def test_derived_series_keeps_the_source_patient_study_and_references(tmp_path):
    hu = (np.arange(4 * 5 * 6, dtype=np.int16).reshape(4, 5, 6) * 7 - 300).astype(np.int16)
    cumed.io.write_dicom_series(hu, tmp_path / "source", spacing=(0.8, 0.9, 2.0),
                                origin=(-10.0, 4.0, 30.0), patient_name="Doe^Jane",
                                patient_id="P26", study_description="Chest", series_number=7,
                                derived=False)
    source = cumed.io.read_dicom_series(tmp_path / "source")
    edited = (source.array + 1).astype(np.int16)
    written = {
        "info": cumed.io.write_dicom_series(edited, tmp_path / "from-info", source=source.info,
                                            spacing=source.spacing, origin=source.origin,
                                            direction=source.direction,
                                            derivation_description="plus one"),
        "directory": cumed.io.write_dicom_series(
            cumed.Volume(edited, source.spacing, source.origin, source.direction),
            tmp_path / "from-dir", source=tmp_path / "source", source_series="7"),
    }
    for name, folder, description in (("info", "from-info", b"plus one"),
                                      ("directory", "from-dir", b"CuMed")):
        derived = cumed.io.read_dicom_series(tmp_path / folder)
        assert derived.info["series_uid"] == written[name]
        assert derived.info["series_uid"] != source.info["series_uid"]
        assert derived.info["patient_study"] == source.info["patient_study"], name
        assert derived.info["patient_study"]["patient_name"] == "Doe^Jane"
        assert derived.info["patient_study"]["study_instance_uid"] == \
            source.info["patient_study"]["study_instance_uid"]
        assert derived.info["image_type"].startswith("DERIVED\\SECONDARY"), derived.info
        assert derived.info["series_number"] == 1007  # the source's + 1000
        assert np.array_equal(derived.array, edited)
        # Slice k references source slice k (ReferencedSOPInstanceUID in SourceImageSequence),
        # and no other source slice.
        for k, file in enumerate(derived.info["files"]):
            data = Path(file).read_bytes()
            for j, uid in enumerate(source.info["sop_instance_uids"]):
                assert (uid.encode() in data) == (j == k), (name, k, j)
        assert description in Path(derived.info["files"][0]).read_bytes()  # Derivation...

    with pytest.raises(cumed.InvalidArgument, match="come from source"):
        cumed.io.write_dicom_series(edited, tmp_path / "both", source=source.info,
                                    study_uid="1.2.3")
    with pytest.raises(cumed.InvalidArgument, match="give source too"):
        cumed.io.write_dicom_series(edited, tmp_path / "alone", source_series="7")
    partial = {k: v for k, v in source.info.items() if k != "sop_instance_uids"}
    with pytest.raises(cumed.InvalidArgument, match="'sop_instance_uids'"):
        cumed.io.write_dicom_series(edited, tmp_path / "partial", source=partial)
    with pytest.raises(cumed.Error, match="slice"):  # 3 slices from a 4-slice source
        cumed.io.write_dicom_series(edited[:3], tmp_path / "short", source=source.info)
    for folder in ("both", "alone", "partial", "short"):
        assert not (tmp_path / folder).exists()
