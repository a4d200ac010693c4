"""cumed.io.write_dicom_seg / read_dicom_seg: a label array of a generated CT series written as a
DICOM SEG of its study and read back voxel for voxel; dciodvfy (dicom3tools) finds no error when
it is installed; refusals leave the user's files as they were. The C++ suite
(cumed_dicom_seg_test) checks the same files with DCMTK and GDCM."""
import os
import shutil
import subprocess

import numpy as np
import pytest

import cumed

STUDY_UID = "1.2.826.0.1.3680043.10.543.26.11"
FRAME_OF_REFERENCE_UID = "1.2.826.0.1.3680043.10.543.26.12"


@pytest.fixture
def source(tmp_path):
    """A random CT series (13 x 11 pixels: frames not a multiple of 8 bits) in a known study."""
    seed = int(os.environ.get("CUMED_RANDOM_SEED", "2026"))
    print(f"seed {seed} (CUMED_RANDOM_SEED replays it)")
    rng = np.random.default_rng(seed)
    hu = rng.integers(-1024, 2000, size=(5, 11, 13), dtype=np.int16)
    directory = tmp_path / "ct"
    cumed.io.write_dicom_series(hu, directory, spacing=(0.7, 0.9, 2.5), origin=(-5.0, 3.0, 40.0),
                                study_uid=STUDY_UID, frame_of_reference_uid=FRAME_OF_REFERENCE_UID,
                                patient_id="PY-26", derived=False)
    return directory, cumed.io.read_dicom_series(directory), rng


def test_labels_round_trip_in_the_source_study(tmp_path, source):
    directory, volume, rng = source
    labels = rng.choice(np.array([0, 3, 7], np.uint8), size=volume.shape, p=[0.6, 0.2, 0.2])
    file = tmp_path / "out" / "labels.dcm"
    uid = cumed.io.write_dicom_seg(labels, directory, file, segment_labels={3: "Three"})
    seg = cumed.io.read_dicom_seg(file, like=volume)
    expected = np.select([labels == 3, labels == 7], [1, 2], 0).astype(np.uint8)
    np.testing.assert_array_equal(seg.array, expected)
    assert [s["label"] for s in seg.info["segments"]] == ["Three", "Label 7"]
    assert seg.info["sop_instance_uid"] == uid
    assert seg.info["study_instance_uid"] == STUDY_UID
    assert seg.info["frame_of_reference_uid"] == FRAME_OF_REFERENCE_UID
    assert seg.info["patient_id"] == "PY-26"
    assert set(seg.info["referenced_instance_uids"]) <= set(volume.info["sop_instance_uids"])
    assert seg.spacing == pytest.approx(volume.spacing)
    assert seg.origin == pytest.approx(volume.origin)
    dciodvfy = shutil.which("dciodvfy")
    if dciodvfy is None:
        pytest.skip("dciodvfy is not installed (Debian: dicom3tools)")
    output = subprocess.run([dciodvfy, str(file)], capture_output=True, text=True)
    lines = (output.stdout + output.stderr).splitlines()
    assert not [line for line in lines if line.startswith("Error")], lines


def test_refusals_name_the_problem_and_leave_files(tmp_path, source):
    directory, volume, _ = source
    with pytest.raises(cumed.Error, match="no non-zero voxel"):
        cumed.io.write_dicom_seg(np.zeros(volume.shape, np.uint8), directory, tmp_path / "e.dcm")
    assert not (tmp_path / "e.dcm").exists()
    with pytest.raises(cumed.InvalidArgument, match="uint8"):
        cumed.io.write_dicom_seg(np.ones(volume.shape, np.int16), directory, tmp_path / "i.dcm")
    with pytest.raises(cumed.Error, match="size 13 x 11 x 4 vs 13 x 11 x 5"):
        cumed.io.write_dicom_seg(np.ones((4, 11, 13), np.uint8), directory, tmp_path / "s.dcm")
    existing = tmp_path / "mine.dcm"
    existing.write_text("the user's file")
    with pytest.raises(cumed.Error, match="never replaced"):
        cumed.io.write_dicom_seg(np.ones(volume.shape, np.uint8), directory, existing)
    assert existing.read_text() == "the user's file"
    with pytest.raises(cumed.Error, match="ct"):
        cumed.io.read_dicom_seg(next(directory.iterdir()))
