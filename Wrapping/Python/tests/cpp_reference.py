"""The C++ API's answers for the tests: runs cumed_python_reference (tests/reference), found
through CUMED_PYTHON_REFERENCE (set by CTest) or in CUMED_BUILD_DIR/bin; tests skip without it."""
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest


def executable():
    path = os.environ.get("CUMED_PYTHON_REFERENCE")
    if not path and os.environ.get("CUMED_BUILD_DIR"):
        path = str(Path(os.environ["CUMED_BUILD_DIR"]) / "bin" / "cumed_python_reference")
    if not path or not os.path.isfile(path):
        pytest.skip("cumed_python_reference not found (set CUMED_PYTHON_REFERENCE or "
                    "CUMED_BUILD_DIR; it is built with CUMED_BUILD_TESTING)")
    return path


def run(*args):
    command = [executable(), *map(str, args)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {result.returncode}: {result.stderr}")


def read_dicom(directory, scratch):
    """(geometry and info as the C++ reader gives them, HU array [z, y, x])."""
    json_path, raw_path = Path(scratch) / "reference.json", Path(scratch) / "reference.raw"
    run("read-dicom", directory, json_path, raw_path)
    description = json.loads(json_path.read_text())
    size_x, size_y, size_z = description["size"]
    hu = np.fromfile(raw_path, dtype=np.int16).reshape(size_z, size_y, size_x)
    return description, hu


def morphology(array, operation, element, radius, scratch):
    """The C++ API's result of `operation` ("dilate", "white-top-hat", "binary-open"...) on a
    [z, y, x] array, CPU backend, default options; radius is (x, y, z) in voxels."""
    in_path, out_path = Path(scratch) / "in.raw", Path(scratch) / "out.raw"
    np.ascontiguousarray(array).tofile(in_path)
    depth, rows, columns = array.shape
    run("morphology", in_path, array.dtype.name, depth, rows, columns, operation, element,
        *radius, out_path)
    return np.fromfile(out_path, dtype=array.dtype).reshape(array.shape)
