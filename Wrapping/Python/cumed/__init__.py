"""CuMed: GPU-accelerated medical imaging for ITK and VTK users, on NumPy, CuPy and VTK arrays.

Every function takes a NumPy array (or anything NumPy can view: ``__array_interface__``,
``__array__``, the buffer protocol) or a CUDA array (``__cuda_array_interface__`` or
``__dlpack__``: CuPy, PyTorch, Numba) indexed ``[z, y, x]`` like ITK's array views, with
``spacing`` in the same NumPy axis order ``(z, y, x)`` as scikit-image (``spacing_xyz`` for ITK's
order) and ``origin``/``direction`` in physical ``(x, y, z)``, and returns results of the same
kind without copying: NumPy in, NumPy out; CuPy in, CuPy out on the same device and stream.
``backend=`` ("auto", "cpu", "cuda"), ``threads=``, ``progress=``, ``cancel=`` and ``report=``
work on every call. CuMed's C++ warnings arrive as :class:`CuMedWarning`, its debug and info
messages as records of ``logging.getLogger("cumed")``. See Documentation/python.md.
"""
from . import _cumed
from ._cumed import (  # noqa: F401
    Cancelled,
    CudaError,
    DeviceArray,
    Error,
    InvalidArgument,
    Report,
)
from ._cumed import __version__  # noqa: F401  (the C++ library's own version: cannot drift)
from ._common import CuMedWarning, Volume, public  # noqa: F401


@public
def cuda_available():
    """Whether CuMed can compute on a CUDA device here.

    Parameters
    ----------
    None

    Returns
    -------
    bool
        True when CuMed was built with CUDA and a usable device is present.

    Raises
    ------
    Nothing
        It never raises (a missing driver gives False).

    Examples
    --------
    >>> import cumed
    >>> cumed.cuda_available() in (True, False)
    True
    """
    return _cumed.cuda_available()


@public
def cuda_built():
    """Whether CuMed was built with its CUDA backend.

    Parameters
    ----------
    None

    Returns
    -------
    bool
        True for a CUDA build (a device may still be missing: :func:`cuda_available`).

    Raises
    ------
    Nothing
        It never raises.

    Examples
    --------
    >>> import cumed
    >>> isinstance(cumed.cuda_built(), bool)
    True
    """
    return _cumed.cuda_built()


@public
def describe_devices():
    """One line about the CUDA devices, or why there are none.

    Parameters
    ----------
    None

    Returns
    -------
    str
        The devices' names and memory, or the reason CUDA is not usable.

    Raises
    ------
    Nothing
        It never raises.

    Examples
    --------
    >>> import cumed
    >>> isinstance(cumed.describe_devices(), str)
    True
    """
    return _cumed.describe_devices()


@public
def current_device():
    """The current CUDA device of this thread.

    Parameters
    ----------
    None

    Returns
    -------
    int
        The device number (0 without CUDA).

    Raises
    ------
    cumed.CudaError
        CUDA refuses the query (a machine without a usable driver).

    Examples
    --------
    >>> import cumed
    >>> cumed.current_device() >= 0 if cumed.cuda_available() else True
    True
    """
    return _cumed.current_device()


@public
def last_report():
    """The report of the last CuMed call on this thread.

    Parameters
    ----------
    None

    Returns
    -------
    cumed.Report
        Backend, seconds, threads, devices, slabs and transfers of that call.

    Raises
    ------
    Nothing
        It never raises.

    Examples
    --------
    >>> import numpy, cumed
    >>> _ = cumed.morphology.dilate(numpy.zeros((3, 3), numpy.uint8), backend="cpu")
    >>> cumed.last_report().backend
    'cpu'
    """
    return _cumed.last_report()


@public
def transfer_stats():
    """Host<->device copies CuMed made since the process started (process-wide).

    Parameters
    ----------
    None

    Returns
    -------
    dict
        ``host_to_device_copies``, ``device_to_host_copies``, ``host_to_device_bytes``,
        ``device_to_host_bytes``.

    Raises
    ------
    Nothing
        It never raises.

    Examples
    --------
    >>> import cumed
    >>> sorted(cumed.transfer_stats())[0]
    'device_to_host_bytes'
    """
    return _cumed.transfer_stats()


from . import io  # noqa: E402,F401
from . import morphology  # noqa: E402,F401
from . import surface  # noqa: E402,F401
from . import registration  # noqa: E402,F401
from . import piv  # noqa: E402,F401
from . import deform  # noqa: E402,F401
from .surface import ct_surface  # noqa: E402,F401  (the CT-to-surface job, as cumed-ct-surface)

__all__ = [
    "Cancelled", "CuMedWarning", "CudaError", "DeviceArray", "Error", "InvalidArgument", "Report",
    "Volume", "ct_surface", "cuda_available", "cuda_built", "current_device", "describe_devices",
    "last_report", "transfer_stats", "deform", "io", "morphology", "piv", "registration",
    "surface",
]
