"""The package imports everywhere, reports what ran, translates errors, runs callbacks on the
calling thread and releases the GIL while it computes."""
import threading
import time

import numpy as np
import pytest

import cumed


def test_import_and_device_queries_never_raise():
    assert isinstance(cumed.cuda_available(), bool)
    assert isinstance(cumed.cuda_built(), bool)
    assert cumed.describe_devices().startswith("CUDA")
    if not cumed.cuda_built():
        assert not cumed.cuda_available()


def test_report_is_filled_and_last_report_follows(rng):
    volume = rng.integers(0, 1000, (8, 9, 10), dtype=np.int16)
    report = cumed.Report()
    assert report.backend == "auto"
    cumed.morphology.dilate(volume, 1, backend="cpu", report=report)
    assert report.backend == "cpu"
    assert report.seconds >= 0
    assert report.transfers == {
        "host_to_device_copies": 0, "device_to_host_copies": 0,
        "host_to_device_bytes": 0, "device_to_host_bytes": 0}
    assert cumed.last_report().backend == "cpu"


def test_unknown_keyword_is_a_type_error(rng):
    volume = rng.integers(0, 9, (4, 4, 4), dtype=np.uint8)
    with pytest.raises(TypeError, match="backnd"):
        cumed.morphology.dilate(volume, 1, backnd="cpu")


def test_bad_execution_values_name_themselves(rng):
    volume = rng.integers(0, 9, (4, 4, 4), dtype=np.uint8)
    with pytest.raises(cumed.InvalidArgument, match="gpu"):
        cumed.morphology.dilate(volume, 1, backend="gpu")
    with pytest.raises(ValueError, match="threads = -2"):
        cumed.morphology.dilate(volume, 1, threads=-2)
    # Team sizes no machine has: refused by name, never handed to OpenMP (libgomp aborted).
    for threads in (4097, 100000, 10**9, 10**12):
        with pytest.raises(cumed.InvalidArgument, match=f"threads = {threads} is outside"):
            cumed.morphology.dilate(volume, 1, threads=threads)
    assert cumed.morphology.dilate(volume, 1, threads=4096).shape == volume.shape


@pytest.mark.skipif(cumed.cuda_available(), reason="a usable CUDA device is present")
def test_cuda_requested_without_device_is_a_clear_cuda_error(rng):
    volume = rng.integers(0, 9, (4, 4, 4), dtype=np.uint8)
    with pytest.raises(cumed.CudaError, match="no CUDA device is usable"):
        cumed.morphology.dilate(volume, 1, backend="cuda")
    assert cumed.last_report().backend == "auto"  # filled also when the call throws


def test_exception_hierarchy():
    assert issubclass(cumed.InvalidArgument, cumed.Error)
    assert issubclass(cumed.InvalidArgument, ValueError)
    assert issubclass(cumed.Cancelled, cumed.Error)
    assert issubclass(cumed.Error, RuntimeError)


def test_progress_reaches_one_on_the_calling_thread(rng):
    volume = rng.integers(0, 1000, (16, 16, 16), dtype=np.int16)
    seen = []
    caller = threading.get_ident()
    cumed.morphology.closing(volume, 1, progress=lambda f: seen.append((f, threading.get_ident())))
    assert seen and seen[-1][0] == pytest.approx(1.0)
    assert all(thread == caller for _, thread in seen)
    assert [f for f, _ in seen] == sorted(f for f, _ in seen)


def test_progress_exception_propagates_unchanged(rng):
    volume = rng.integers(0, 1000, (16, 16, 16), dtype=np.int16)

    class Stop(Exception):
        pass

    def progress(_):
        raise Stop("from the callback")

    with pytest.raises(Stop, match="from the callback"):
        cumed.morphology.dilate(volume, 1, progress=progress)


def test_cancel_raises_cancelled(rng):
    volume = rng.integers(0, 1000, (16, 16, 16), dtype=np.int16)
    with pytest.raises(cumed.Cancelled):
        cumed.morphology.dilate(volume, 1, cancel=lambda: True)


def spins_while_dilating(volume, radius):
    """Python loop iterations per second on this thread while another thread dilates, and the
    dilation's duration."""
    started, finished = threading.Event(), threading.Event()

    def work():
        started.set()
        cumed.morphology.dilate(volume, radius, element="ball", threads=1)
        finished.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    start = time.perf_counter()
    spins = 0
    while not finished.is_set():
        spins += 1
    elapsed = time.perf_counter() - start
    worker.join()
    return spins / elapsed, elapsed


def test_gil_is_released_while_computing():
    # A long dilation on a worker thread; the main thread must keep running Python meanwhile.
    # Larger radii until the work lasts long enough to tell (fast machines finish small ones).
    volume = np.zeros((96, 256, 256), np.float32)
    volume[48, 128, 128] = 1
    for radius in (6, 10, 16, 24):
        rate, elapsed = spins_while_dilating(volume, radius)
        if elapsed > 0.05:
            break
    assert elapsed > 0.05, "the workload is too small to tell"
    # Holding the GIL would leave the main thread at most a switch interval's worth of spins.
    assert rate > 100000
