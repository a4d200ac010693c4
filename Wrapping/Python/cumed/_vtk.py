"""CuMed and VTK's Python objects, through VTK's own NumPy bridge (vtkmodules.util.numpy_support):
a vtkImageData's scalars are viewed as a ``[z, y, x]`` array without copying, and CuMed's arrays
and meshes become vtkImageData and vtkPolyData that point at CuMed's memory (the VTK arrays keep
the NumPy arrays they view alive).

Imported only when VTK objects are involved; without VTK's Python package it raises ImportError
saying what to install."""
import numpy as np

try:
    from vtkmodules.util import numpy_support
    from vtkmodules.vtkCommonCore import VTK_ID_TYPE, vtkIdTypeArray, vtkPoints
    from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkImageData, vtkPolyData
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "cumed's VTK interop needs VTK's Python package (vtkmodules, VTK 9.1 or newer): "
        "install python3-vtk9 (Debian/Ubuntu) or `pip install vtk`") from error

from . import _cumed
from ._common import Volume

# Connectivity and offsets are shared with VTK only when vtkIdType is 64 bits (CuMed's point ids).
_ID_TYPE_IS_64_BITS = vtkIdTypeArray().GetDataTypeSize() == 8


def _scalars_of(image, name):
    scalars = image.GetPointData().GetScalars()
    if scalars is None:
        raise _cumed.InvalidArgument(
            f"{name}: the vtkImageData has no point scalars (GetPointData().GetScalars() is None);"
            " set them with GetPointData().SetScalars(array)")
    components = scalars.GetNumberOfComponents()
    if components != 1:
        raise _cumed.InvalidArgument(
            f"{name}: the vtkImageData's scalars '{scalars.GetName()}' have {components} "
            "components per point; CuMed needs one (pick one with vtkImageExtractComponents)")
    return scalars


def _direction_rows(image):
    matrix = image.GetDirectionMatrix()
    return tuple(tuple(matrix.GetElement(row, column) for column in range(3)) for row in range(3))


def volume_from_image_data(image, name="image"):
    """A cumed.Volume viewing ``image``'s point scalars as a ``[z, y, x]`` array (no copy).

    Spacing and direction are the image's; the origin is the physical position of the first
    point of its extent (VTK extents may start anywhere), so CuMed's world coordinates are VTK's.
    ``info`` holds ``scalars_name``, the name of the VTK array."""
    scalars = _scalars_of(image, name)
    nx, ny, nz = image.GetDimensions()
    if nx * ny * nz == 0:
        raise _cumed.InvalidArgument(
            f"{name}: the vtkImageData is empty (dimensions {nx} x {ny} x {nz})")
    if scalars.GetNumberOfTuples() != nx * ny * nz:
        raise _cumed.InvalidArgument(
            f"{name}: the vtkImageData's scalars have {scalars.GetNumberOfTuples()} values but its "
            f"dimensions {nx} x {ny} x {nz} need {nx * ny * nz}")
    array = numpy_support.vtk_to_numpy(scalars).reshape(nz, ny, nx)
    extent = image.GetExtent()
    origin = [0.0, 0.0, 0.0]
    image.TransformIndexToPhysicalPoint(extent[0], extent[2], extent[4], origin)
    return Volume.from_xyz(array, tuple(image.GetSpacing()), tuple(origin), _direction_rows(image),
                  {"scalars_name": scalars.GetName()})


def _host(array):
    """A NumPy array for a NumPy, CuPy (``.get()``) or PyTorch (``.cpu()``) array: VTK's arrays
    live in host memory, so device results are copied here (once)."""
    if array is None or isinstance(array, np.ndarray):
        return array
    if hasattr(array, "get"):
        return array.get()
    if hasattr(array, "cpu"):
        return array.cpu().numpy()
    return np.asarray(array)


def _vtk_array(array, name, array_type=None):
    """A VTK array viewing the C-contiguous NumPy ``array`` (numpy_to_vtk keeps it alive)."""
    vtk_array = numpy_support.numpy_to_vtk(np.ascontiguousarray(array), deep=False,
                                           array_type=array_type)
    if name:
        vtk_array.SetName(name)
    return vtk_array


def image_data_from_array(array, like):
    """A vtkImageData with the extent, spacing, origin and direction of ``like`` whose point
    scalars view ``array`` (``[z, y, x]``, or ``[z, y, x, c]`` for c components per point)."""
    array = _host(array)
    nx, ny, nz = like.GetDimensions()
    grid = (nz, ny, nx)
    if array.shape[:3] != grid and not (array.ndim == 2 and nz == 1 and array.shape == grid[1:]):
        raise _cumed.InvalidArgument(
            f"the array's shape {array.shape} does not match the vtkImageData's points "
            f"[z, y, x] = {list(grid)}")
    components = array.shape[3] if array.ndim == 4 else 1
    like_scalars = like.GetPointData().GetScalars()
    name = like_scalars.GetName() if like_scalars is not None else None
    image = vtkImageData()
    image.SetExtent(like.GetExtent())
    image.SetSpacing(like.GetSpacing())
    image.SetOrigin(like.GetOrigin())
    image.SetDirectionMatrix(like.GetDirectionMatrix())
    flat = np.ascontiguousarray(array).reshape(nx * ny * nz, components) if components > 1 \
        else np.ascontiguousarray(array).reshape(-1)
    image.GetPointData().SetScalars(_vtk_array(flat, name or "scalars"))
    return image


def polydata_from_mesh(mesh, scalars_name="scalars"):
    """A vtkPolyData of a cumed.surface.Mesh: points, triangles (vtkCellArray over 64-bit offsets
    and connectivity), normals and scalars as point data. Host arrays are shared, not copied
    (device arrays are copied to the host first)."""
    points_array = _host(mesh.points)
    triangles = _host(mesh.triangles)
    points = vtkPoints()
    points.SetData(_vtk_array(points_array.reshape(-1, 3), None))
    ids = triangles.reshape(-1)
    offsets = np.arange(0, ids.size + 1, 3, dtype=np.int64)
    if not _ID_TYPE_IS_64_BITS:
        ids, offsets = ids.astype(np.int32), offsets.astype(np.int32)
    cells = vtkCellArray()
    cells.SetData(_vtk_array(offsets, None, VTK_ID_TYPE), _vtk_array(ids, None, VTK_ID_TYPE))
    # SetData shares the memory through new arrays of its own storage type, not through the ones
    # passed in: those (and the NumPy references numpy_to_vtk put on them) would go away, so the
    # references go onto the arrays the cell array holds.
    cells.GetOffsetsArray()._numpy_reference = offsets
    cells.GetConnectivityArray()._numpy_reference = ids
    polydata = vtkPolyData()
    polydata.SetPoints(points)
    polydata.SetPolys(cells)
    if mesh.normals is not None:
        polydata.GetPointData().SetNormals(_vtk_array(_host(mesh.normals), "Normals"))
    if mesh.scalars is not None:
        polydata.GetPointData().SetScalars(_vtk_array(_host(mesh.scalars), scalars_name))
    return polydata
