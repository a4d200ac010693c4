"""Image files and DICOM CT series in, DICOM CT series out, through CuMed's C++ readers and writer
(CuMed::ImageInput, CuMed::IO).

``read_image`` reads a MetaImage (.mha/.mhd), NRRD (.nrrd/.nhdr) or NIfTI (.nii/.nii.gz) file, or
a DICOM CT series directory, after the header checks of CuMed::ImageInput (the header's form,
finite geometry, data that hold the claimed bytes, memory that can hold the image), and
``read_image_header`` says what such a file holds without reading its pixels.

``list_series`` lists the series of a folder tree (a CD export) and which one is read by
default; ``read_dicom_series`` reads one CT series of a directory tree into a :class:`cumed.Volume`: an int16
array of Hounsfield units indexed ``[z, y, x]`` (slices sorted along the slice normal) that wraps
the reader's own memory, with ``spacing`` in NumPy axis order ``(z, y, x)`` (``spacing_xyz``: ITK's order),
``origin`` and ``direction`` in ITK's ``(x, y, z)`` exactly as the C++ reader computes them, and ``info``, what the reader knows about the
series. ``write_dicom_series`` writes an int16 HU volume as a new CT series;
``write_dicom_seg`` writes a uint8 label array as a DICOM SEG of the series it was computed from,
and ``read_dicom_seg`` reads one back. They release the GIL
while they read or write. A series the reader cannot trust (missing or empty directory, damaged
or hostile file, inconsistent geometry) raises :class:`cumed.Error` whose message names the file
and the DICOM tag; bad arguments raise :class:`cumed.InvalidArgument`.
"""
import os

from . import _common
from ._common import Volume, public
from ._cumed import Error, InvalidArgument
from ._cumed import io as _native


def _directory(directory, name="directory"):
    try:
        path = os.fspath(directory)
    except TypeError:
        raise TypeError(f"{name} must be a str or os.PathLike, got {type(directory).__name__}") \
            from None
    if ("\0" if isinstance(path, str) else b"\0") in path:
        raise InvalidArgument(f"{name} {path!r} contains a NUL character")
    if len(path) == 0:
        raise InvalidArgument(f"{name} is an empty path")
    return path


def _uid(name, value):
    """A UID keyword as the str the library takes (None: ""), or TypeError / InvalidArgument
    naming ``name``."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or None, got {type(value).__name__}")
    if "\0" in value:
        raise InvalidArgument(f"{name} {value!r} contains a NUL character")
    return value


@public
def read_dicom_series(directory, *, series_uid=None, series=None, recursive=True, require_ct=True,
                      threads=0):
    """Reads one DICOM CT series of ``directory`` (and, with ``recursive``, of its
    sub-directories: a CD export) as a :class:`cumed.Volume`.

    Which series: ``series_uid``, the exact SeriesInstanceUID (or an ``id`` of
    :func:`list_series`); else ``series``: an ``id`` or a UID (text with a dot), a SeriesNumber
    (all digits), or a SeriesDescription or ConvolutionKernel compared ignoring case (no match or
    several matches raise cumed.Error listing the candidates); else the default rule: the best
    axial CT (readable, not a localizer; not derived or a secondary capture, more than one slice,
    Modality CT and axial first; then the most slices; a tie goes to the lowest SeriesNumber,
    then the smallest UID). ``info["selection"]`` says why the series was read, and a warning
    names the others and why they were not. ``recursive``: also read sub-directories (a
    DICOMDIR is skipped; copies of an instance in another directory count once); False reads
    ``directory`` alone and warns about each sub-directory. ``require_ct``: refuse a series
    whose Modality is not CT. ``threads``: threads for the header scan and the pixel decode (0:
    OpenMP's default); the result does not depend on it.

    Returns a Volume whose ``array`` is int16 HU ``[z, y, x]`` (each slice's RescaleSlope and
    RescaleIntercept applied), ``spacing`` (column step, row step, slice step from the slice
    positions), ``origin`` (ImagePositionPatient of the first slice) and ``direction`` (rows of a
    3x3 matrix whose columns are the row cosine, the column cosine and the slice normal), all
    ``(x, y, z)``, and ``info``: ``directory``, ``series_uid``, ``modality``,
    ``series_description``, ``series_number`` (None when absent), ``convolution_kernel``,
    ``image_type``, ``sop_class_uid``, ``manufacturer``, ``patient_study`` (a dict:
    ``patient_name``, ``patient_id``, ``patient_birth_date``, ``patient_sex``,
    ``study_instance_uid``, ``study_date``, ``study_time``, ``study_id``, ``accession_number``,
    ``study_description``, ``referring_physician_name``, ``frame_of_reference_uid``),
    ``sop_instance_uids`` (per slice, in slice order), ``selection``, ``tilt_degrees`` and
    ``tilt_resampled`` (gantry tilt and whether the volume was resampled onto an axial grid),
    ``multi_frame`` (read from an enhanced multi-frame file), ``rounded_values`` and
    ``max_rounding_hu`` (voxels whose non-integer HU was rounded, and by how much at most),
    ``slices``, ``files`` (sorted along the normal), ``other_series_uids``, ``skipped_files``
    (not DICOM, warned), ``rescale_slope`` and ``rescale_intercept`` (of the first slice) and
    ``timing`` (threads and seconds).

    Raises cumed.Error naming the directory, the file and the tag for what the C++ reader
    refuses (see DicomSeriesReader.h); cumed.InvalidArgument for negative ``threads``.

    Parameters
    ----------
    directory : str or os.PathLike
        The directory (tree) holding the series.
    series_uid : str or None, default None
        The exact SeriesInstanceUID (or an ``id`` of :func:`list_series`).
    series : str or None, default None
        An ``id`` or UID, a SeriesNumber, or a SeriesDescription or ConvolutionKernel (ignoring
        case); None with ``series_uid`` None: the default rule.
    recursive : bool, default True
        Also read sub-directories (a CD export).
    require_ct : bool, default True
        Refuse a series whose Modality is not CT.
    threads : int, default 0
        Threads for the header scan and the decode (0: OpenMP's default).

    Returns
    -------
    cumed.Volume
        ``array`` int16 HU ``[z, y, x]`` (no copy of the reader's memory), ``spacing`` ``(z, y,
        x)`` (slice step, row step, column step; ``spacing_xyz`` the reverse), ``origin`` and
        ``direction`` in ``(x, y, z)``, and ``info`` as described above.

    Raises
    ------
    cumed.Error
        What the reader refuses, naming the directory, the file and the tag.
    cumed.InvalidArgument
        A negative ``threads``, an empty path.
    TypeError
        An unknown keyword, or a path that is not a str or os.PathLike.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp() + "/ct"
    >>> ct = numpy.arange(60, dtype=numpy.int16).reshape(3, 4, 5)
    >>> uid = cumed.io.write_dicom_series(ct, folder, spacing=(2.5, 0.7, 0.7))
    >>> back = cumed.io.read_dicom_series(folder)
    >>> back.spacing, bool((back.array == ct).all())
    ((2.5, 0.7, 0.7), True)
    """
    array, spacing, origin, direction, info = _native.read_dicom_series(
        _directory(directory), _uid("series_uid", series_uid), _uid("series", series),
        _common.flag("recursive", recursive), _common.flag("require_ct", require_ct),
        _common.whole("threads", threads))
    return Volume.from_xyz(array, spacing, origin, direction, info)


@public
def list_series(path, *, recursive=True, require_ct=True, threads=0):
    """The DICOM series under ``path`` (and its sub-directories with ``recursive``) from their
    headers alone, as :func:`read_dicom_series` would see them: a list of dicts (the objects of
    ``cumed-dicom-ls --json``'s ``series``), ordered by SeriesInstanceUID then part, with
    ``id`` (what ``series`` or ``series_uid`` takes: the UID, or ``UID#N`` for part N),
    ``series_uid``, ``part`` and ``parts`` (files of one UID that differ in ImageType LOCALIZER,
    or in ImageType and image size or orientation, are split into parts; part 1 is the main one),
    ``directories``, ``series_number`` (None when absent), ``modality``, ``series_description``,
    ``convolution_kernel``, ``image_type``, ``sop_class_uid``, ``files``, ``slices``,
    ``slice_thickness`` (0 when absent), ``orientation`` ("axial", "coronal", "sagittal",
    "oblique" or ""), ``tilt_degrees``, ``columns``, ``rows``, ``patient_study`` (as in
    read_dicom_series's info), ``localizer``, ``derived``, ``standard_uid`` (digits and single
    dots), ``readable`` (the reader's header checks pass; pixels are not decoded), ``reason``
    (why it is not readable or why the default rule passes over it; "" otherwise), ``default``
    (True for the series read when none is asked for) and ``selection`` (the default rule's
    reason on that entry, "" on the others). An empty list when ``path`` holds no series.

    Raises cumed.Error when ``path`` is missing or not a directory, and for a file that may be a
    damaged slice (as read_dicom_series).

    Parameters
    ----------
    path : str or os.PathLike
        The folder (tree) to list.
    recursive : bool, default True
        Also list sub-directories.
    require_ct : bool, default True
        Apply read_dicom_series's CT requirement to ``readable`` and the default rule.
    threads : int, default 0
        Threads for the header scan (0: OpenMP's default).

    Returns
    -------
    list of dict
        One dict per series (part), as described above.

    Raises
    ------
    cumed.Error
        ``path`` missing or not a directory, or a damaged slice.
    TypeError
        An unknown keyword, or a path that is not a str or os.PathLike.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp()
    >>> uid = cumed.io.write_dicom_series(numpy.zeros((2, 4, 4), numpy.int16), folder + "/a")
    >>> [entry["slices"] for entry in cumed.io.list_series(folder)]
    [2]
    """
    try:
        return _native.list_series(_directory(path, "path"), _common.flag("recursive", recursive),
                                   _common.flag("require_ct", require_ct),
                                   _common.whole("threads", threads))
    except Error as error:
        if not str(error).startswith("DICOM directory"):
            raise
        raise type(error)(f"path: {error}") from None  # name the keyword the caller wrote


@public
def read_image_header(path, *, series_uid=None, threads=0):
    """The checked header of an image file (or of a DICOM CT series directory, which reads the
    series: its geometry comes from every slice) as a dict: ``path``, ``format`` ("MetaImage",
    "NRRD", "NIfTI", "DICOM"), ``dimension``, ``size`` (x, y[, z]), ``spacing``, ``origin``,
    ``direction`` (rows of a 3x3 matrix whose columns are the axes), ``stored_type`` ("uint8",
    "double", ...), ``components``, ``dtype`` (what :func:`read_image` returns: uint8, int16,
    uint16 or float), ``conversion`` ("double read as float", or "") and ``files`` (the header
    and the data files it names, or the slices).

    Raises cumed.Error naming the file and the field for a header the checks refuse.

    Parameters
    ----------
    path : str or os.PathLike
        The image file, or a DICOM series directory.
    series_uid : str or None, default None
        The series of a DICOM directory (None: read_dicom_series's default rule).
    threads : int, default 0
        Threads for a DICOM read (0: OpenMP's default).

    Returns
    -------
    dict
        The keys above; ``spacing`` in NumPy axis order (``(z, y, x)``, ``(y, x)`` for 2-D) and
        ``spacing_xyz`` in ITK's; ``size`` stays ITK's ``(x, y[, z])``.

    Raises
    ------
    cumed.Error
        A header the checks refuse, naming the file and the field.
    TypeError
        An unknown keyword, or a ``series_uid`` that is not a str.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp() + "/ct"
    >>> uid = cumed.io.write_dicom_series(numpy.zeros((2, 3, 4), numpy.int16), folder,
    ...                                   spacing=(3.0, 1.0, 0.5))
    >>> header = cumed.io.read_image_header(folder)
    >>> header["spacing"], header["spacing_xyz"]
    ((3.0, 1.0, 0.5), (0.5, 1.0, 3.0))
    """
    if series_uid is not None and not isinstance(series_uid, str):
        raise TypeError(f"series_uid must be a str or None, got {type(series_uid).__name__}")
    return _header_spacing(_native.read_image_header(
        _directory(path, "path"), _uid("series_uid", series_uid),
        _common.whole("threads", threads)))


def _header_spacing(header):
    """A header's spacing in both orders, as many values as the image has dimensions."""
    dimension = int(header.get("dimension", len(header["spacing"])))
    header["spacing_xyz"] = tuple(header["spacing"])[:dimension]
    header["spacing"] = tuple(reversed(header["spacing_xyz"]))
    return header


@public
def read_image(path, *, series_uid=None, threads=0):
    """Reads an image file (.mha .mhd .nrrd .nhdr .nii .nii.gz) or a DICOM CT series directory
    as a :class:`cumed.Volume` whose ``array`` is ``[z, y, x]`` (``[y, x]`` for a 2D file; a last
    axis for several components per pixel) over the reader's own memory, with ``spacing``,
    ``origin`` and ``direction`` in ITK's ``(x, y, z)`` order and ``info`` the header
    (:func:`read_image_header`). uint8, int16, uint16 and float keep their type; other types
    are read as float (``info["conversion"]`` says so). Raises cumed.Error naming the file for
    what the header checks refuse.

    Parameters
    ----------
    path : str or os.PathLike
        The image file, or a DICOM series directory.
    series_uid : str or None, default None
        The series of a DICOM directory (None: read_dicom_series's default rule).
    threads : int, default 0
        Threads for a DICOM read or a decompression (0: OpenMP's default).

    Returns
    -------
    cumed.Volume
        ``array`` over the reader's memory, ``spacing`` in NumPy axis order (``spacing_xyz``:
        ITK's), ``origin`` and ``direction`` in ``(x, y, z)``, ``info`` the header.

    Raises
    ------
    cumed.Error
        What the header checks refuse, naming the file.
    TypeError
        An unknown keyword, or a ``series_uid`` that is not a str.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp() + "/ct"
    >>> uid = cumed.io.write_dicom_series(numpy.ones((2, 3, 4), numpy.int16), folder)
    >>> cumed.io.read_image(folder).array.shape
    (2, 3, 4)
    """
    if series_uid is not None and not isinstance(series_uid, str):
        raise TypeError(f"series_uid must be a str or None, got {type(series_uid).__name__}")
    array, spacing, origin, direction, info = _native.read_image(
        _directory(path, "path"), _uid("series_uid", series_uid), _common.whole("threads", threads))
    info = _header_spacing(info)
    return Volume(array, info["spacing"], tuple(origin), direction, info)


@public
def write_dicom_series(image, directory, *, spacing=None, spacing_xyz=None, origin=None,
                       direction=None,
                       series_description="CuMed CT", series_number=None,
                       study_description="CuMed", study_uid=None, frame_of_reference_uid=None,
                       patient_name="CuMed^Phantom", patient_id="CUMED0001", derived=True,
                       unsigned_with_intercept=True, source=None, source_series=None,
                       derivation_description="CuMed"):
    """Writes ``image`` (int16 Hounsfield units ``[z, y, x]``, or a 2D ``[y, x]`` slice; a
    cumed.Volume carries its own geometry) as a DICOM CT series, one file per slice named
    IMG0001.dcm..., and returns its new SeriesInstanceUID.

    ``directory`` must not exist or be empty: nothing is ever overwritten (cumed.Error names the
    directory otherwise), and there is no option to overwrite; missing parents are created. The
    series appears complete or not at all: the files are written into a hidden directory beside
    it that is renamed once every slice is written.

    Only int16 is written, as the C++ writer takes it: other dtypes raise cumed.InvalidArgument
    (round float results yourself, e.g. ``numpy.rint(x).astype(numpy.int16)`` after checking the
    range). A CUDA array is copied to the host once. ``spacing``, ``origin`` and ``direction``
    (``spacing`` in NumPy axis order ``(z, y, x)``, ``spacing_xyz`` in ITK's; ``origin`` and
    ``direction`` in ``(x, y, z)``) override a Volume's; the direction must be orthonormal.

    ``derived`` writes ImageType DERIVED\\SECONDARY\\AXIAL (the default, for results), else
    ORIGINAL\\PRIMARY\\AXIAL. ``unsigned_with_intercept`` stores HU + 1024 as uint16 with
    RescaleIntercept -1024 (as scanners do; values below -1024 are then refused, naming the value
    and slice); False stores int16 with intercept 0. ``study_uid`` and
    ``frame_of_reference_uid`` (None: fresh UIDs) place the series in an existing study and
    frame of reference. ``series_number``: SeriesNumber (None: the source's + 1000 with
    ``source``, else 1).

    ``source``: the series ``image`` was computed from, so that a PACS files the result with
    it. Either the ``info`` dict of the Volume :func:`read_dicom_series` returned (e.g.
    ``volume.info``; its ``directory``, ``series_uid``, ``series_number``, ``sop_class_uid``,
    ``sop_instance_uids``, ``files``, ``tilt_degrees``, ``tilt_resampled``, ``multi_frame`` and
    ``patient_study`` are used; nothing is read again), or the source's DICOM directory (a str
    or os.PathLike), read again with ``source_series`` choosing the series as
    :func:`read_dicom_series`'s ``series`` does (None: its default rule). With a source the
    series takes the source's patient (name, ID, birth date, sex), study (StudyInstanceUID,
    date, time, ID, accession number, description, referring physician) and Frame of
    Reference UID (``patient_name``, ``patient_id`` and ``study_description`` are then not
    used; ``study_uid`` and ``frame_of_reference_uid`` raise cumed.InvalidArgument), its
    ImageType is DERIVED\\SECONDARY\\AXIAL, and each slice k carries DerivationDescription
    (``derivation_description``), DerivationCodeSequence (113077, DCM, "Volume editing") and a
    SourceImageSequence item naming source slice k (its SOP Class and Instance UIDs). ``image``
    must have as many slices as the source, in its slice order (an array computed from the
    source Volume has). Raises cumed.Error, before anything is written, for a source without
    StudyInstanceUID or SOP Class UID, with another slice count, resampled from a tilt or read
    from an enhanced multi-frame file (its slices are not instances to reference), and
    cumed.InvalidArgument for a dict without those keys (naming the key).

    Parameters
    ----------
    image : array_like or cumed.Volume
        int16 HU ``[z, y, x]`` (or ``[y, x]``); NumPy, an array-like NumPy can view, or CUDA.
    directory : str or os.PathLike
        The new series' directory: must not exist or be empty.
    spacing : float or tuple of float, default None
        Voxel size in NumPy axis order ``(z, y, x)``; None: the Volume's, or 1.
    spacing_xyz : float or tuple of float, default None
        The same in ITK's ``(x, y, z)`` order (not with ``spacing``).
    origin : tuple of float, default None
        ImagePositionPatient of the first slice ``(x, y, z)``; None: the Volume's, or 0.
    direction : 3x3 sequence of float, default None
        Orthonormal, columns the x, y, z index axes; None: the Volume's, or the identity.
    series_description : str, default "CuMed CT"
        SeriesDescription.
    series_number : int or None, default None
        SeriesNumber (None: the source's + 1000 with ``source``, else 1).
    study_description : str, default "CuMed"
        StudyDescription (not used with ``source``).
    study_uid : str or None, default None
        StudyInstanceUID (None: a fresh one; not with ``source``).
    frame_of_reference_uid : str or None, default None
        FrameOfReferenceUID (None: a fresh one; not with ``source``).
    patient_name : str, default "CuMed^Phantom"
        PatientName (not used with ``source``).
    patient_id : str, default "CUMED0001"
        PatientID (not used with ``source``).
    derived : bool, default True
        ImageType DERIVED\\SECONDARY\\AXIAL, else ORIGINAL\\PRIMARY\\AXIAL.
    unsigned_with_intercept : bool, default True
        Store HU + 1024 as uint16 with RescaleIntercept -1024; False: int16, intercept 0.
    source : dict, str, os.PathLike or None, default None
        The series ``image`` was computed from: a read_dicom_series info dict or a directory.
    source_series : str or None, default None
        The series of a source directory, as read_dicom_series's ``series``.
    derivation_description : str, default "CuMed"
        DerivationDescription of each slice with ``source``.

    Returns
    -------
    str
        The new SeriesInstanceUID.

    Raises
    ------
    cumed.Error
        A directory that is not empty, a source that cannot be referenced (as above).
    cumed.InvalidArgument
        A dtype other than int16, values below -1024 with ``unsigned_with_intercept``, a
        source dict without a needed key, study/frame UIDs with ``source``.
    TypeError
        An unknown keyword, text keywords that are not str, ``spacing`` with ``spacing_xyz``.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp() + "/out"
    >>> uid = cumed.io.write_dicom_series(numpy.zeros((2, 3, 4), numpy.int16), folder)
    >>> uid.count(".") > 3
    True
    """
    if source is not None:
        if study_uid is not None or frame_of_reference_uid is not None:
            raise InvalidArgument("study_uid and frame_of_reference_uid come from source; give "
                                  "one or the other")
        if not isinstance(source, dict):
            source = _directory(source, "source")
    elif source_series is not None:
        raise InvalidArgument("source_series chooses the series of a source directory; "
                              "give source too")
    if not isinstance(derivation_description, str):
        raise TypeError(f"derivation_description must be a str, got "
                        f"{type(derivation_description).__name__}")
    array, geometry = _common.image_input(image, spacing, origin, direction,
                                          spacing_xyz=spacing_xyz)
    dtype = getattr(array, "dtype", None)
    if dtype is not None and str(dtype) not in ("int16", "torch.int16"):
        raise InvalidArgument(f"image: write_dicom_series writes int16 Hounsfield units, got dtype "
                              f"{dtype} (convert with numpy.rint(image).astype(numpy.int16) after "
                              f"checking the range)")
    for name, value in (("series_description", series_description),
                        ("study_description", study_description), ("patient_name", patient_name),
                        ("patient_id", patient_id)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, got {type(value).__name__}")
        if "\0" in value:
            raise InvalidArgument(f"{name} {value!r} contains a NUL character")
    try:
        return _native.write_dicom_series(
            array, _directory(directory), geometry, patient_name, patient_id, study_description,
            series_description, _uid("study_uid", study_uid),
            _uid("frame_of_reference_uid", frame_of_reference_uid),
            None if series_number is None else _common.whole("series_number", series_number),
            _common.flag("derived", derived),
            _common.flag("unsigned_with_intercept", unsigned_with_intercept), source,
            _uid("source_series", source_series), derivation_description)
    except Error as error:
        # The C++ message names the C++ option; name this function's keyword instead.
        text = str(error).replace("unsignedWithIntercept = false", "unsigned_with_intercept=False")
        if text == str(error):
            raise
        raise type(error)(text) from None


@public
def write_dicom_seg(labels, source, file, *, series=None, segment_labels=None,
                    series_description="CuMed SEG", content_description="CuMed segmentation",
                    threads=0):
    """Writes ``labels`` (uint8 ``[z, y, x]``, 0 background, every other value one segment) as a
    DICOM Segmentation (SEG) file of the CT series it was computed from, and returns its SOP
    Instance UID.

    ``source`` is the DICOM directory that series was read from; it is read again (``series``
    chooses the series as in :func:`read_dicom_series`) and the SEG joins its study: its
    patient, study and Frame of Reference, each frame referencing the source slice it segments.
    A bare array takes that series' grid; a cumed.Volume (or ``labels`` with geometry from a
    Volume) must lie on it (same shape, and spacing, origin and direction within 1e-4).
    ``segment_labels`` maps label values to SegmentLabel texts (default "Label N"). Segments
    are numbered 1, 2, ... in increasing label value, category and type SNOMED CT "Tissue".

    ``file`` must not exist: nothing is ever replaced; missing parent directories are created;
    the file appears complete or not at all. Raises cumed.Error for a label array without a
    non-zero value, a grid other than the series', an existing file, or a series that cannot be
    referenced slice by slice (resampled from a tilt, multi-frame); cumed.InvalidArgument for
    a dtype other than uint8. See Documentation/dicom.md, "Derived outputs and DICOM SEG".

    Parameters
    ----------
    labels : array_like or cumed.Volume
        uint8 ``[z, y, x]`` label map (0 background) on the source series' grid.
    source : str or os.PathLike
        The DICOM directory of the series the labels were computed from.
    file : str or os.PathLike
        The SEG file to write: must not exist.
    series : str or None, default None
        The series of ``source``, as read_dicom_series's ``series``.
    segment_labels : dict of int to str, or None, default None
        SegmentLabel per label value (default "Label N").
    series_description : str, default "CuMed SEG"
        The SEG's SeriesDescription.
    content_description : str, default "CuMed segmentation"
        The SEG's ContentDescription.
    threads : int, default 0
        Threads for reading the source (0: OpenMP's default).

    Returns
    -------
    str
        The SEG's SOP Instance UID.

    Raises
    ------
    cumed.Error
        No non-zero label, another grid than the series', an existing file, a series that
        cannot be referenced slice by slice.
    cumed.InvalidArgument
        A dtype other than uint8.
    TypeError
        An unknown keyword, or ``segment_labels`` that is not a dict of int to str.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp()
    >>> uid = cumed.io.write_dicom_series(numpy.zeros((2, 3, 4), numpy.int16), folder + "/ct")
    >>> mask = numpy.zeros((2, 3, 4), numpy.uint8); mask[1, 1, 1:3] = 1
    >>> seg = cumed.io.write_dicom_seg(mask, folder + "/ct", folder + "/seg.dcm")
    >>> int(cumed.io.read_dicom_seg(folder + "/seg.dcm", like=cumed.io.read_dicom_series(
    ...     folder + "/ct")).array.sum())
    2
    """
    array, geometry = _common.image_input(labels, name="labels")
    names = {}
    if segment_labels is not None and not isinstance(segment_labels, dict):
        raise TypeError("segment_labels must be a dict of int label values to str, got "
                        f"{type(segment_labels).__name__}")
    for value, text in (segment_labels or {}).items():
        if not isinstance(value, int) or not isinstance(text, str) or "\0" in text:
            raise TypeError(f"segment_labels must map int label values to str, got {value!r}: "
                            f"{text!r}")
        names[value] = text
    for name, value in (("series_description", series_description),
                        ("content_description", content_description)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    return _native.write_dicom_seg(array, geometry, _directory(source, "source"),
                                   _uid("series", series), _directory(file, "file"), names,
                                   series_description, content_description,
                                   _common.whole("threads", threads))


@public
def read_dicom_seg(file, *, like=None):
    """Reads a binary DICOM SEG (as :func:`write_dicom_seg` writes it) as a :class:`cumed.Volume`
    whose ``array`` (uint8 ``[z, y, x]``) holds the SegmentNumber of each voxel (0: none; the
    highest where segments overlap) on the grid of ``like`` (a cumed.Volume, e.g. the source
    series; a frame off it is a cumed.Error), else on the grid the frames span (slices without
    a frame at either end are then not part of it), and whose ``info`` has ``segments`` (dicts: ``number``, ``label``,
    ``algorithm_name``, ``category_code`` and ``type_code`` as "value^scheme^meaning"),
    ``sop_instance_uid``, ``series_instance_uid``, ``study_instance_uid``,
    ``frame_of_reference_uid``, ``patient_id``, ``patient_name`` and
    ``referenced_instance_uids`` (the source instance of each frame). Raises cumed.Error naming
    the file for a file DCMTK cannot load as a SEG, a fractional SEG, or frames without
    position.

    Parameters
    ----------
    file : str or os.PathLike
        The SEG file.
    like : cumed.Volume or None, default None
        The grid to read onto (e.g. the source series); None: the grid the frames span.

    Returns
    -------
    cumed.Volume
        uint8 segment numbers ``[z, y, x]`` with ``spacing`` ``(z, y, x)``, ``origin`` and
        ``direction`` ``(x, y, z)`` and ``info`` as above.

    Raises
    ------
    cumed.Error
        A file DCMTK cannot load as a SEG, a fractional SEG, frames without position, a frame
        off ``like``'s grid.
    TypeError
        An unknown keyword, or ``like`` that is not a 3-D Volume.

    Examples
    --------
    >>> import tempfile, numpy, cumed
    >>> folder = tempfile.mkdtemp()
    >>> uid = cumed.io.write_dicom_series(numpy.zeros((2, 3, 4), numpy.int16), folder + "/ct")
    >>> seg = cumed.io.write_dicom_seg(numpy.ones((2, 3, 4), numpy.uint8), folder + "/ct",
    ...                                folder + "/seg.dcm")
    >>> cumed.io.read_dicom_seg(folder + "/seg.dcm").info["segments"][0]["number"]
    1
    """
    grid = None
    if like is not None:
        if not isinstance(like, Volume) or len(like.shape) != 3:
            raise TypeError(f"like must be a 3D cumed.Volume, got {type(like).__name__}")
        spacing = _common.items("like.spacing", like.spacing, "three positive numbers")
        if len(spacing) != 3 or not all(_common.real(f"like.spacing[{i}]", v) > 0 and
                                        _common.real(f"like.spacing[{i}]", v) < float("inf")
                                        for i, v in enumerate(spacing)):
            raise InvalidArgument(f"like.spacing must be three positive finite numbers, got "
                                  f"{like.spacing!r}")
        grid = (tuple(like.shape), tuple(like.spacing_xyz), tuple(like.origin),
                tuple(tuple(row) for row in like.direction))
    array, spacing, origin, direction, info = _native.read_dicom_seg(_directory(file, "file"),
                                                                     grid)
    return Volume.from_xyz(array, spacing, origin, direction, info)


__all__ = ["list_series", "read_dicom_seg", "read_dicom_series", "read_image", "read_image_header",
           "write_dicom_seg", "write_dicom_series", "Volume"]
