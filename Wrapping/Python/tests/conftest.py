"""Shared fixtures: the package under test is imported from the build tree (PYTHONPATH set by
CTest); data from ../shared/data is optional and skipped when absent."""
import os
import pathlib

import numpy as np
import pytest


@pytest.fixture
def rng():
    return np.random.default_rng(20261125)


@pytest.fixture
def shared_data():
    root = pathlib.Path(os.environ.get("CUMED_SHARED_DATA", "../../../../shared/data"))
    if not root.is_dir():
        pytest.skip(f"shared data not found at {root}")
    return root


@pytest.fixture
def build_dir():
    root = os.environ.get("CUMED_BUILD_DIR")
    if not root:
        pytest.skip("CUMED_BUILD_DIR is not set (run through ctest)")
    return pathlib.Path(root)
