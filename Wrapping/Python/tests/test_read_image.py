"""cumed.io.read_image / read_image_header: image files written here byte by byte (MetaImage,
NRRD) read back value for value with their geometry, in every stored type (seeded random
arrays; types CuMed has no image of come back as float), several components, 2D files, DICOM
directories equal to read_dicom_series, and hostile headers refused with the file named."""
import os
import zlib
from pathlib import Path

import numpy as np
import pytest

import cumed

META_TYPES = {
    np.uint8: "MET_UCHAR", np.int8: "MET_CHAR", np.int16: "MET_SHORT", np.uint16: "MET_USHORT",
    np.int32: "MET_INT", np.uint32: "MET_UINT", np.float32: "MET_FLOAT", np.float64: "MET_DOUBLE",
}
KEPT = {np.uint8, np.int16, np.uint16, np.float32}


def write_mha(path, array, spacing, origin, direction_rows, components=1, compressed=False):
    """A MetaImage file: ``array`` is [z, y, x(, c)] or [y, x(, c)]."""
    ndim = array.ndim - (1 if components > 1 else 0)
    size = list(reversed(array.shape[:ndim]))
    data = np.ascontiguousarray(array).tobytes()
    if compressed:
        data = zlib.compress(data)
    # MetaImage's TransformMatrix lists the axes' direction vectors one after the other.
    columns = np.array(direction_rows)[:ndim, :ndim].T.reshape(-1)
    lines = [
        "ObjectType = Image", f"NDims = {ndim}", "BinaryData = True", "BinaryDataByteOrderMSB = False",
        f"CompressedData = {'True' if compressed else 'False'}",
    ]
    if compressed:
        lines.append(f"CompressedDataSize = {len(data)}")
    lines += [
        "TransformMatrix = " + " ".join(repr(float(v)) for v in columns),
        "Offset = " + " ".join(repr(float(v)) for v in origin[:ndim]),
        "ElementSpacing = " + " ".join(repr(float(v)) for v in spacing[:ndim]),
        "DimSize = " + " ".join(str(s) for s in size),
        f"ElementNumberOfChannels = {components}",
        f"ElementType = {META_TYPES[array.dtype.type]}",
        "ElementDataFile = LOCAL",
    ]
    Path(path).write_bytes(("\n".join(lines) + "\n").encode() + data)


def random_array(rng, dtype, shape):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dtype)
    return (rng.standard_normal(shape) * 1e3).astype(dtype)


@pytest.mark.parametrize("dtype", sorted(META_TYPES, key=lambda t: t.__name__))
@pytest.mark.parametrize("compressed", [False, True])
def test_every_stored_type_reads_back_value_for_value(dtype, compressed, tmp_path):
    seed = 20261129 + hash((dtype.__name__, compressed)) % 1000
    rng = np.random.default_rng(seed)
    shape = tuple(int(s) for s in rng.integers(1, 9, size=3))
    array = random_array(rng, dtype, shape)
    spacing = tuple(float(s) for s in rng.uniform(0.2, 3.0, size=3))
    origin = tuple(float(s) for s in rng.uniform(-500, 500, size=3))
    c, s = np.cos(0.3), np.sin(0.3)
    rows = ((c, -s, 0.0), (s, c, 0.0), (0.0, 0.0, 1.0))
    path = tmp_path / "image.mha"
    write_mha(path, array, spacing, origin, rows, compressed=compressed)

    header = cumed.io.read_image_header(path)
    volume = cumed.io.read_image(path)
    expected = array if dtype in KEPT else array.astype(np.float32)
    assert volume.array.dtype == expected.dtype, f"seed {seed}"
    np.testing.assert_array_equal(volume.array, expected, err_msg=f"seed {seed}")
    np.testing.assert_allclose(volume.spacing_xyz, spacing, rtol=1e-12)  # the file's x, y, z
    np.testing.assert_allclose(volume.origin, origin, rtol=1e-12)
    np.testing.assert_allclose(volume.direction, rows, atol=1e-12)
    assert header["format"] == "MetaImage"
    assert header["size"] == tuple(reversed(shape))
    assert header["components"] == 1
    assert header["conversion"] == ("" if dtype in KEPT else f"{header['stored_type']} read as float")
    assert volume.info == header


def test_components_and_2d(tmp_path):
    rng = np.random.default_rng(7)
    vectors = random_array(rng, np.float32, (5, 6, 3))
    write_mha(tmp_path / "v.mha", vectors, (0.5, 2.0), (1.0, -1.0), ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
              components=3)
    volume = cumed.io.read_image(tmp_path / "v.mha")
    assert volume.info["dimension"] == 2 and volume.info["components"] == 3
    np.testing.assert_array_equal(volume.array, vectors)
    assert volume.spacing_xyz[:2] == (0.5, 2.0) and volume.spacing == (2.0, 0.5)


def test_nrrd_with_a_detached_data_file(tmp_path):
    rng = np.random.default_rng(11)
    array = random_array(rng, np.int16, (3, 4, 5))
    (tmp_path / "data.raw").write_bytes(array.tobytes())
    (tmp_path / "image.nhdr").write_text(
        "NRRD0004\ntype: short\ndimension: 3\nsizes: 5 4 3\nspace: left-posterior-superior\n"
        "space directions: (2,0,0) (0,2,0) (0,0,3)\nspace origin: (1,2,3)\nendian: little\n"
        "encoding: raw\ndata file: data.raw\n")
    volume = cumed.io.read_image(tmp_path / "image.nhdr")
    np.testing.assert_array_equal(volume.array, array)
    assert volume.spacing_xyz == (2.0, 2.0, 3.0) and volume.origin == (1.0, 2.0, 3.0)
    assert volume.info["format"] == "NRRD"


def test_dicom_directory_equals_read_dicom_series():
    build = os.environ.get("CUMED_BUILD_DIR")
    directory = Path(build) / "Data" / "phantom-ct" if build else None
    if directory is None or not directory.is_dir():
        pytest.skip(f"phantom CT series absent ({directory})")
    volume = cumed.io.read_image(directory)
    series = cumed.io.read_dicom_series(directory)
    np.testing.assert_array_equal(volume.array, series.array)
    assert volume.spacing == series.spacing and volume.origin == series.origin
    assert volume.info["format"] == "DICOM" and len(volume.info["files"]) == series.info["slices"]


@pytest.mark.parametrize("header, named", [
    ("DimSize = 4 4 nan", "DimSize"),
    ("DimSize = 100000 100000 100000", "need 1000000000000000"),
    ("ElementSpacing = 1 0 1", "spacing"),
])
def test_hostile_headers_are_refused_by_name(header, named, tmp_path):
    lines = {"ObjectType": "Image", "NDims": "3", "DimSize": "4 4 4", "ElementSpacing": "1 1 1",
             "ElementType": "MET_UCHAR", "ElementDataFile": "LOCAL"}
    key, value = header.split(" = ")
    lines[key] = value
    text = "".join(f"{k} = {v}\n" for k, v in lines.items() if k != "ElementDataFile")
    path = tmp_path / "hostile.mha"
    path.write_bytes((text + "ElementDataFile = LOCAL\n").encode() + bytes(64))
    for read in (cumed.io.read_image_header, cumed.io.read_image):
        with pytest.raises(cumed.Error) as error:
            read(path)
        assert str(path) in str(error.value) and named.lower() in str(error.value).lower()


def test_missing_and_unknown_files_are_named(tmp_path):
    with pytest.raises(cumed.Error, match="missing.mha"):
        cumed.io.read_image(tmp_path / "missing.mha")
    (tmp_path / "notes.txt").write_text("not an image")
    with pytest.raises(cumed.Error, match="notes.txt"):
        cumed.io.read_image(tmp_path / "notes.txt")
    with pytest.raises(TypeError):
        cumed.io.read_image(42)


def reflected(rows):
    rows = np.array(rows, dtype=float)
    rows[:, 2] *= -1.0
    return tuple(tuple(r) for r in rows)


def signed_volume(mesh):
    """Volume enclosed by the mesh by the divergence theorem: positive for outward winding."""
    p = np.asarray(mesh.points, dtype=float)[np.asarray(mesh.triangles)]
    return float(np.einsum("ij,ij->i", p[:, 0], np.cross(p[:, 1], p[:, 2])).sum() / 6.0)


@pytest.mark.parametrize("reflect", [False, True])
def test_closed_surface_faces_out_and_closes_at_the_faces(reflect):
    # A block that touches two faces of the volume: the plain isosurface is open there, the
    # closed one is a box whose enclosed volume is known (to the half voxel of the contour).
    rng = np.random.default_rng(5 + reflect)
    array = np.full((12, 10, 8), -1000, np.int16)
    array[:6, 3:8, 2:6] = 1000
    c, s = np.cos(0.4), np.sin(0.4)
    rows = ((c, -s, 0.0), (s, c, 0.0), (0.0, 0.0, 1.0))
    direction = reflected(rows) if reflect else rows
    spacing = tuple(float(v) for v in rng.uniform(0.5, 2.0, size=3))
    closed = cumed.surface.closed_surface(array, 0.0, spacing_xyz=spacing, origin=(3.0, -2.0, 7.0),
                                          direction=direction, backend="cpu")
    # The same as contouring the array padded by hand with the lowest int16, with the last two
    # points of every triangle swapped where the direction is a reflection.
    padded = np.pad(array, 1, constant_values=np.iinfo(np.int16).min)
    moved = np.array(direction) @ -np.array(spacing) + np.array((3.0, -2.0, 7.0))
    plain = cumed.surface.isosurface(padded, 0.0, normals=True, spacing_xyz=spacing,
                                     origin=tuple(moved), direction=direction, backend="cpu")
    np.testing.assert_allclose(closed.points, plain.points, atol=1e-4)
    expected_triangles = np.asarray(plain.triangles)[:, [0, 2, 1] if reflect else [0, 1, 2]]
    np.testing.assert_array_equal(closed.triangles, expected_triangles)
    # The block spans 4 x 5 x 5.53 voxels between its iso crossings (z from the padded face's
    # crossing near -0.03 to 5.5); marching cubes cuts its edges and corners (at most an eighth
    # of a voxel per unit of edge), so the enclosed volume lies just below the box's. Positive:
    # outward winding.
    z = 5.5 + 32768.0 / 33768.0 - 1.0
    box = 4.0 * 5.0 * z * spacing[0] * spacing[1] * spacing[2]
    assert 0.85 * box < signed_volume(closed) < box


def test_closed_surface_refuses_an_unreachable_level():
    array = np.zeros((4, 4, 4), np.int16)
    with pytest.raises(cumed.InvalidArgument, match="no voxel reaches value 5"):
        cumed.surface.closed_surface(array, 5.0)
    with pytest.raises(cumed.InvalidArgument, match="not above the lowest uint8 value 0"):
        cumed.surface.closed_surface(np.zeros((4, 4, 4), np.uint8), 0.0)


def test_ct_surface_on_an_array_equals_the_steps():
    array = np.full((10, 12, 14), -1000, np.int16)
    array[2:8, 3:9, 4:11] = 700
    array[5, 6, 7] = -1000  # a pore the closing fills
    mesh, info = cumed.ct_surface(array, iso=300.0, radius_mm=1.0, spacing=(1.0, 1.0, 1.0),
                                  backend="cpu")
    assert info["closing"] == "cumed-cpu" and info["closing_radius_voxels"] == (1, 1, 1)
    assert info["voxels_at_or_above_iso"] == 6 * 6 * 7
    closed_input = array.copy()
    closed_input[5, 6, 7] = 700
    steps = cumed.surface.closed_surface(closed_input, 300.0, spacing=(1.0, 1.0, 1.0),
                                         backend="cpu")
    np.testing.assert_array_equal(mesh.triangles, steps.triangles)
    np.testing.assert_array_equal(mesh.points, steps.points)


@pytest.mark.parametrize("vtk_type, dtype, kept", [("Int16", np.int16, True),
                                                   ("Float64", np.float64, False)])
def test_vti_files_read_back_value_for_value(vtk_type, dtype, kept, tmp_path):
    rng = np.random.default_rng(23)
    array = random_array(rng, dtype, (2, 3, 4))  # [z, y, x]
    values = " ".join(repr(v.item()) for v in array.reshape(-1))
    path = tmp_path / "image.vti"
    path.write_text(
        '<?xml version="1.0"?>\n<VTKFile type="ImageData" version="0.1" '
        'byte_order="LittleEndian">\n<ImageData WholeExtent="0 3 0 2 0 1" Origin="1 2 3" '
        'Spacing="0.5 1 2">\n<Piece Extent="0 3 0 2 0 1">\n<PointData Scalars="v">\n'
        f'<DataArray type="{vtk_type}" Name="v" format="ascii">{values}</DataArray>\n'
        "</PointData>\n<CellData/>\n</Piece>\n</ImageData>\n</VTKFile>\n")
    volume = cumed.io.read_image(path)
    expected = array if kept else array.astype(np.float32)
    assert volume.array.dtype == expected.dtype
    np.testing.assert_array_equal(volume.array, expected)
    assert volume.spacing == (2.0, 1.0, 0.5) and volume.origin == (1.0, 2.0, 3.0)
    assert volume.info["format"] == "VTI"
    assert volume.info["conversion"] == ("" if kept else "double read as float")
    assert cumed.io.read_image_header(path)["size"] == (4, 3, 2)
