"""CuMed: GPU-accelerated medical imaging for ITK and VTK users, on NumPy, CuPy and VTK arrays.

Every function takes a NumPy array (host) or a CUDA array (``__cuda_array_interface__`` or
``__dlpack__``: CuPy, PyTorch, Numba) indexed ``[z, y, x]`` like ITK's array views, with
``spacing``, ``origin`` and ``direction`` keywords in ITK's ``(x, y, z)`` order, and returns
results of the same kind without copying: NumPy in, NumPy out; CuPy in, CuPy out on the same
device and stream. ``backend=`` ("auto", "cpu", "cuda"), ``threads=``, ``progress=``,
``cancel=`` and ``report=`` work on every call; see Documentation/python.md.
"""
from ._cumed import (  # noqa: F401
    Cancelled,
    CudaError,
    DeviceArray,
    Error,
    InvalidArgument,
    Report,
    cuda_available,
    cuda_built,
    current_device,
    describe_devices,
    last_report,
    transfer_stats,
)
from ._cumed import __version__  # noqa: F401  (the C++ library's own version: cannot drift)
from ._common import Volume  # noqa: F401
from . import io  # noqa: F401
from . import morphology  # noqa: F401
from . import surface  # noqa: F401
from . import registration  # noqa: F401
from . import piv  # noqa: F401
from . import deform  # noqa: F401
from .surface import ct_surface  # noqa: F401  (the CT-to-surface job, as cumed-ct-surface)

__all__ = [
    "Cancelled", "CudaError", "DeviceArray", "Error", "InvalidArgument", "Report", "Volume",
    "ct_surface", "cuda_available", "cuda_built", "current_device", "describe_devices", "last_report",
    "transfer_stats", "deform", "io", "morphology", "piv", "registration", "surface",
]
