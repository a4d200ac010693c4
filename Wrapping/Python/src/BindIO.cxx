// cumed._cumed.io: DICOM CT series in and out through CuMed::IO, and checked image files in
// through CuMed::ImageInput (the Python layer, cumed/io.py, holds the public signatures and
// documentation). The volume read is returned as a NumPy array
// over the reader's own ITK buffer; the array written is handed to the writer as an ITK image
// over the caller's memory. Both run with the GIL released.
#include "ArrayBridge.h"
#include "Bindings.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesList.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/DicomSeriesWriter.h"
#include "cumed/io/ReadImage.h"
#include "cumed/itk/ItkImageBridge.h"

#include <pybind11/stl.h>

#include <filesystem>
#include <optional>

namespace cumed::python {

namespace {

py::tuple Triple(const std::array<double, 3>& values) {
  return py::make_tuple(values[0], values[1], values[2]);
}

/// ITK's direction as rows of a 3x3 matrix (its columns are the image axes).
py::tuple DirectionRows(const std::array<double, 9>& direction) {
  return py::make_tuple(py::make_tuple(direction[0], direction[1], direction[2]),
                        py::make_tuple(direction[3], direction[4], direction[5]),
                        py::make_tuple(direction[6], direction[7], direction[8]));
}

py::dict PatientStudyToDict(const io::DicomPatientStudy& p) {
  py::dict dict;
  dict["patient_name"] = p.patientName;
  dict["patient_id"] = p.patientId;
  dict["patient_birth_date"] = p.patientBirthDate;
  dict["patient_sex"] = p.patientSex;
  dict["study_instance_uid"] = p.studyInstanceUid;
  dict["study_date"] = p.studyDate;
  dict["study_time"] = p.studyTime;
  dict["study_id"] = p.studyId;
  dict["accession_number"] = p.accessionNumber;
  dict["study_description"] = p.studyDescription;
  dict["referring_physician_name"] = p.referringPhysicianName;
  dict["frame_of_reference_uid"] = p.frameOfReferenceUid;
  return dict;
}

/// `dict[key]` as T; InvalidArgument naming the key when it is absent or of another type.
template <class T> T SourceValue(const py::dict& dict, const char* key, const char* where) {
  if (!dict.contains(key))
    throw InvalidArgument(std::string("source: ") + where + " has no '" + key +
                          "' (pass the info dict of read_dicom_series, or the source directory)");
  try {
    return dict[key].cast<T>();
  } catch (const py::cast_error&) {
    throw InvalidArgument(std::string("source: ") + where + "['" + key + "'] is a " +
                          std::string(py::str(py::type::of(dict[key]).attr("__name__"))) +
                          ", not what read_dicom_series gives");
  }
}

/// The inverse of PatientStudyToDict and of InfoToDict's keys the derived-series writer uses
/// (DicomWriteOptions::source): the patient/study, the SOP class and instances, the slices.
io::DicomSeriesInfo SourceInfoFromDict(const py::dict& info) {
  io::DicomSeriesInfo source;
  const char* where = "the info dict";
  source.directory = SourceValue<std::string>(info, "directory", where);
  source.seriesUid = SourceValue<std::string>(info, "series_uid", where);
  const py::object number = SourceValue<py::object>(info, "series_number", where);
  source.seriesNumber = number.is_none() ? -1 : SourceValue<int>(info, "series_number", where);
  source.sopClassUid = SourceValue<std::string>(info, "sop_class_uid", where);
  source.sopInstanceUids = SourceValue<std::vector<std::string>>(info, "sop_instance_uids", where);
  source.files = SourceValue<std::vector<std::string>>(info, "files", where);
  source.tiltDegrees = SourceValue<double>(info, "tilt_degrees", where);
  source.tiltResampled = SourceValue<bool>(info, "tilt_resampled", where);
  source.multiFrame = SourceValue<bool>(info, "multi_frame", where);
  const auto study = SourceValue<py::dict>(info, "patient_study", where);
  const char* inner = "the info dict's patient_study";
  io::DicomPatientStudy& p = source.patientStudy;
  p.patientName = SourceValue<std::string>(study, "patient_name", inner);
  p.patientId = SourceValue<std::string>(study, "patient_id", inner);
  p.patientBirthDate = SourceValue<std::string>(study, "patient_birth_date", inner);
  p.patientSex = SourceValue<std::string>(study, "patient_sex", inner);
  p.studyInstanceUid = SourceValue<std::string>(study, "study_instance_uid", inner);
  p.studyDate = SourceValue<std::string>(study, "study_date", inner);
  p.studyTime = SourceValue<std::string>(study, "study_time", inner);
  p.studyId = SourceValue<std::string>(study, "study_id", inner);
  p.accessionNumber = SourceValue<std::string>(study, "accession_number", inner);
  p.studyDescription = SourceValue<std::string>(study, "study_description", inner);
  p.referringPhysicianName = SourceValue<std::string>(study, "referring_physician_name", inner);
  p.frameOfReferenceUid = SourceValue<std::string>(study, "frame_of_reference_uid", inner);
  return source;
}

/// SeriesNumber as Python has it: None when absent (-1).
py::object SeriesNumber(int number) {
  return number >= 0 ? py::object(py::int_(number)) : py::object(py::none());
}

/// Everything CtSeries::info carries, with the slice count and the reader's timing.
py::dict InfoToDict(const io::DicomSeriesInfo& info, const io::DicomReadReport& report) {
  py::dict dict;
  dict["directory"] = info.directory;
  dict["series_uid"] = info.seriesUid;
  dict["modality"] = info.modality;
  dict["series_description"] = info.seriesDescription;
  dict["series_number"] = SeriesNumber(info.seriesNumber);
  dict["convolution_kernel"] = info.convolutionKernel;
  dict["image_type"] = info.imageType;
  dict["sop_class_uid"] = info.sopClassUid;
  dict["manufacturer"] = info.manufacturer;
  dict["patient_study"] = PatientStudyToDict(info.patientStudy);
  dict["sop_instance_uids"] = info.sopInstanceUids;
  dict["selection"] = info.selection;
  dict["tilt_degrees"] = info.tiltDegrees;
  dict["tilt_resampled"] = info.tiltResampled;
  dict["multi_frame"] = info.multiFrame;
  dict["rounded_values"] = info.roundedValues;
  dict["max_rounding_hu"] = info.maxRoundingHu;
  dict["slices"] = info.files.size();
  dict["files"] = info.files;
  dict["other_series_uids"] = info.otherSeriesUids;
  dict["skipped_files"] = info.skippedFiles;
  dict["rescale_slope"] = info.rescaleSlope;
  dict["rescale_intercept"] = info.rescaleIntercept;
  py::dict timing;
  timing["threads"] = report.threads;
  timing["header_seconds"] = report.headerSeconds;
  timing["decode_seconds"] = report.decodeSeconds;
  timing["total_seconds"] = report.totalSeconds;
  dict["timing"] = timing;
  return dict;
}

/// (array [z, y, x] int16 HU, spacing, origin, direction rows, info).
py::tuple ReadBinding(const std::string& directory, const std::string& seriesUid,
                      const std::string& seriesSpec, bool recursive, bool requireCT, int threads) {
  io::DicomReadOptions options;
  options.seriesUid = seriesUid;
  options.series = seriesSpec;
  options.recursive = recursive;
  options.requireCT = requireCT;
  options.threads = threads;
  io::DicomReadReport report;
  options.timing = &report;
  io::CtSeries series;
  {
    py::gil_scoped_release release;
    series = io::ReadDicomCtSeries(directory, options);
  }
  Image image = AdoptItkImage(series.image.GetPointer());
  const ImageGeometry geometry = image.geometry();
  return py::make_tuple(ImageToArray(std::move(image), 3), Triple(geometry.spacing),
                        Triple(geometry.origin), DirectionRows(geometry.direction),
                        InfoToDict(series.info, report));
}

/// One DicomSeriesEntry, with the keys of cumed-dicom-ls --json (DicomSeriesOptions.cxx).
py::dict EntryToDict(const io::DicomSeriesEntry& e, bool isDefault, const std::string& reason) {
  py::dict dict;
  dict["id"] = e.id;
  dict["series_uid"] = e.seriesUid;
  dict["part"] = e.part;
  dict["parts"] = e.parts;
  dict["directories"] = e.directories;
  dict["series_number"] = SeriesNumber(e.seriesNumber);
  dict["modality"] = e.modality;
  dict["series_description"] = e.seriesDescription;
  dict["convolution_kernel"] = e.convolutionKernel;
  dict["image_type"] = e.imageType;
  dict["sop_class_uid"] = e.sopClassUid;
  dict["files"] = e.files;
  dict["slices"] = e.slices;
  dict["slice_thickness"] = e.sliceThickness;
  dict["orientation"] = e.orientation;
  dict["tilt_degrees"] = e.tiltDegrees;
  dict["columns"] = e.columns;
  dict["rows"] = e.rows;
  dict["patient_study"] = PatientStudyToDict(e.patientStudy);
  dict["localizer"] = e.localizer;
  dict["derived"] = e.derived;
  dict["standard_uid"] = e.standardUid;
  dict["readable"] = e.readable;
  dict["reason"] = e.reason;
  dict["default"] = isDefault;
  dict["selection"] = isDefault ? reason : std::string();
  return dict;
}

py::list ListBinding(const std::string& path, bool recursive, bool requireCT, int threads) {
  io::DicomReadOptions options;
  options.recursive = recursive;
  options.requireCT = requireCT;
  options.threads = threads;
  io::DicomSeriesListing listing;
  {
    py::gil_scoped_release release;
    listing = io::ListDicomSeries(path, options);
  }
  py::list list;
  for (std::size_t i = 0; i < listing.series.size(); ++i)
    list.append(
        EntryToDict(listing.series[i], int(i) == listing.defaultIndex, listing.defaultReason));
  return list;
}

/// What ImageHeader says, as a dict (geometry in ITK's (x, y, z) order).
py::dict HeaderToDict(const io::ImageHeader& header) {
  py::dict dict;
  dict["path"] = header.path.string();
  dict["format"] = header.format;
  dict["dimension"] = header.dimension;
  const auto& size = header.geometry.size;
  // py::tuple on both sides: pybind11 3 types each make_tuple by its arguments.
  dict["size"] = header.dimension == 2 ? py::tuple(py::make_tuple(size[0], size[1]))
                                       : py::tuple(py::make_tuple(size[0], size[1], size[2]));
  dict["spacing"] = Triple(header.geometry.spacing);
  dict["origin"] = Triple(header.geometry.origin);
  dict["direction"] = DirectionRows(header.geometry.direction);
  dict["stored_type"] = header.storedType;
  dict["components"] = header.components;
  dict["dtype"] = ToString(header.readAs);
  dict["conversion"] = header.conversion;
  std::vector<std::string> files;
  for (const auto& file : header.files) files.push_back(file.string());
  dict["files"] = files;
  return dict;
}

io::ImageReadOptions ReadOptions(const std::string& seriesUid, unsigned copies, int threads) {
  io::ImageReadOptions options;
  options.seriesUid = seriesUid;
  options.copies = copies;
  options.threads = threads;
  return options;
}

py::dict ReadHeaderBinding(const std::string& path, const std::string& seriesUid, int threads) {
  io::ImageHeader header;
  {
    py::gil_scoped_release release;
    header = io::ReadImageHeader(path, ReadOptions(seriesUid, 1, threads));
  }
  return HeaderToDict(header);
}

/// (array [z, y, x(, c)] or [y, x(, c)], spacing, origin, direction rows, header dict).
py::tuple ReadImageBinding(const std::string& path, const std::string& seriesUid, int threads) {
  io::ImageHeader header;
  Image image;
  {
    py::gil_scoped_release release;
    image = io::ReadImage(path, ReadOptions(seriesUid, 1, threads), &header);
  }
  const ImageGeometry geometry = image.geometry();
  return py::make_tuple(ImageToArray(std::move(image), header.dimension == 2 ? 2 : 3),
                        Triple(geometry.spacing), Triple(geometry.origin),
                        DirectionRows(geometry.direction), HeaderToDict(header));
}

struct WriteArguments {
  std::string patientName, patientId, studyDescription, seriesDescription, studyUid,
      frameOfReferenceUid;
  std::optional<int> seriesNumber;
  bool derived = true;
  bool unsignedWithIntercept = true;
  /// None, the info dict of read_dicom_series, or a source directory (str) read with
  /// `sourceSeries` (DicomReadOptions::series)
  py::object source;
  std::string sourceSeries;
  std::string derivationDescription;
};

/// The source series of a derived one: from the info dict, or read from its directory (the
/// pixels too: the reader checks every slice), with the GIL released.
std::optional<io::DicomSeriesInfo> SourceInfo(const WriteArguments& arguments) {
  if (arguments.source.is_none()) return std::nullopt;
  if (py::isinstance<py::dict>(arguments.source))
    return SourceInfoFromDict(arguments.source.cast<py::dict>());
  const std::string directory = arguments.source.cast<std::string>();
  io::DicomReadOptions read;
  read.series = arguments.sourceSeries;
  py::gil_scoped_release release;
  return io::ReadDicomCtSeries(directory, read).info;
}

/// Writes `image` (int16 HU) as a new series; returns its Series Instance UID.
std::string WriteBinding(py::handle image, const std::string& directory,
                         const GeometryArguments& geometry, const WriteArguments& arguments) {
  auto input = AdoptArray(image, geometry, "image");
  if (input.image.pixelType() != PixelType::Int16)
    throw InvalidArgument(std::string("image: write_dicom_series writes int16 Hounsfield units, "
                                      "got ") +
                          ToString(input.image.pixelType()) +
                          " (convert with numpy.rint(image).astype(numpy.int16) after checking "
                          "the range)");
  io::DicomWriteOptions options;
  options.patientName = arguments.patientName;
  options.patientId = arguments.patientId;
  options.studyDescription = arguments.studyDescription;
  options.seriesDescription = arguments.seriesDescription;
  options.studyInstanceUid = arguments.studyUid;
  options.frameOfReferenceUid = arguments.frameOfReferenceUid;
  options.seriesNumber = arguments.seriesNumber;
  options.derived = arguments.derived;
  options.unsignedWithIntercept = arguments.unsignedWithIntercept;
  const std::optional<io::DicomSeriesInfo> source = SourceInfo(arguments);
  if (source) {
    options.source = &*source;
    options.derivationDescription = arguments.derivationDescription;
  }
  const Stream* stream = input.stream ? &*input.stream : nullptr;
  io::HounsfieldImage::Pointer itkImage;
  std::string seriesUid;
  {
    py::gil_scoped_release release;
    // The files need host pixels: a device array is copied to the host once.
    Image host = input.image.location() == MemoryLocation::Host ? std::move(input.image)
                                                                : input.image.toHost(stream);
    itkImage = ToItkImage<io::HounsfieldImage>(std::move(host));
    try {
      seriesUid = io::WriteDicomCtSeries(itkImage.GetPointer(), directory, options);
    } catch (const std::filesystem::filesystem_error& error) {
      // e.g. "File name too long": a cumed.Error naming the directory, not a bare RuntimeError
      throw Error("directory: cannot write the DICOM series to '" + directory +
                  "': " + error.code().message());
    }
  }
  return seriesUid; // itkImage lets go of the caller's array here, with the GIL held
}

} // namespace

void BindIO(py::module_& module) {
  module.def("read_image_header", &ReadHeaderBinding, py::arg("path"), py::arg("series_uid"),
             py::arg("threads"));
  module.def("read_image", &ReadImageBinding, py::arg("path"), py::arg("series_uid"),
             py::arg("threads"));
  module.def("read_dicom_series", &ReadBinding, py::arg("directory"), py::arg("series_uid"),
             py::arg("series"), py::arg("recursive"), py::arg("require_ct"), py::arg("threads"));
  module.def("list_series", &ListBinding, py::arg("path"), py::arg("recursive"),
             py::arg("require_ct"), py::arg("threads"));
  module.def(
      "write_dicom_series",
      [](py::handle image, const std::string& directory, const GeometryArguments& geometry,
         std::string patientName, std::string patientId, std::string studyDescription,
         std::string seriesDescription, std::string studyUid, std::string frameOfReferenceUid,
         std::optional<int> seriesNumber, bool derived, bool unsignedWithIntercept,
         py::object source, std::string sourceSeries, std::string derivationDescription) {
        return WriteBinding(image, directory, geometry,
                            {std::move(patientName), std::move(patientId),
                             std::move(studyDescription), std::move(seriesDescription),
                             std::move(studyUid), std::move(frameOfReferenceUid), seriesNumber,
                             derived, unsignedWithIntercept, std::move(source),
                             std::move(sourceSeries), std::move(derivationDescription)});
      },
      py::arg("image"), py::arg("directory"), py::arg("geometry"), py::arg("patient_name"),
      py::arg("patient_id"), py::arg("study_description"), py::arg("series_description"),
      py::arg("study_uid"), py::arg("frame_of_reference_uid"), py::arg("series_number"),
      py::arg("derived"), py::arg("unsigned_with_intercept"), py::arg("source"),
      py::arg("source_series"), py::arg("derivation_description"));
}

} // namespace cumed::python
