// cumed._cumed.io's DICOM SEG functions, through CuMed::DicomSeg (the Python layer, cumed/io.py,
// holds the public signatures and documentation): a uint8 label array written as a SEG of the
// DICOM series it was computed from, and a SEG read back as a label array. Both release the GIL.
#include "ArrayBridge.h"
#include "Bindings.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/seg/DicomSeg.h"

#include <pybind11/stl.h>

#include <array>
#include <map>

namespace cumed::python {
namespace {

bool GivesGeometry(const GeometryArguments& geometry) {
  return !geometry.spacing.is_none() || !geometry.origin.is_none() || !geometry.direction.is_none();
}

/// Writes `labels` (uint8 [z, y, x]) as a SEG of the series `seriesSpec` of `source`; a bare
/// array takes that series' grid. Returns the SOP Instance UID.
std::string WriteSegBinding(py::handle labels, const GeometryArguments& geometry,
                            const std::string& source, const std::string& seriesSpec,
                            const std::string& file, const std::map<int, std::string>& names,
                            const std::string& seriesDescription,
                            const std::string& contentDescription, int threads) {
  auto input = AdoptArray(labels, geometry, "labels");
  if (input.image.pixelType() != PixelType::UInt8)
    throw InvalidArgument(std::string("labels: write_dicom_seg writes uint8 label values (0: "
                                      "background), got ") +
                          ToString(input.image.pixelType()));
  seg::DicomSegOptions options;
  options.segmentLabels = names;
  options.seriesDescription = seriesDescription;
  options.contentDescription = contentDescription;
  const bool ownGeometry = GivesGeometry(geometry);
  const Stream* stream = input.stream ? &*input.stream : nullptr;
  seg::LabelImage::Pointer itkLabels;
  std::string uid;
  {
    py::gil_scoped_release release;
    io::DicomReadOptions read;
    read.series = seriesSpec;
    read.threads = threads;
    const io::CtSeries series = io::ReadDicomCtSeries(source, read);
    Image host = input.image.location() == MemoryLocation::Host ? std::move(input.image)
                                                                : input.image.toHost(stream);
    itkLabels = ToItkImage<seg::LabelImage>(std::move(host));
    if (!ownGeometry) { // the labels were computed on the series' grid
      itkLabels->SetSpacing(series.image->GetSpacing());
      itkLabels->SetOrigin(series.image->GetOrigin());
      itkLabels->SetDirection(series.image->GetDirection());
    }
    uid = seg::WriteDicomSeg(itkLabels.GetPointer(), series, file, options);
  }
  return uid; // itkLabels lets go of the caller's array here, with the GIL held
}

py::dict SegmentToDict(const seg::DicomSegSegment& segment) {
  py::dict dict;
  dict["number"] = segment.number;
  dict["label"] = segment.label;
  dict["algorithm_name"] = segment.algorithmName;
  dict["category_code"] = segment.categoryCode;
  dict["type_code"] = segment.typeCode;
  return dict;
}

/// The grid (shape [z, y, x], spacing, origin, direction rows) as an image without pixels.
io::HounsfieldImage::Pointer Grid(const py::tuple& grid) {
  const auto shape = grid[0].cast<std::array<std::size_t, 3>>();
  const auto spacing = grid[1].cast<std::array<double, 3>>();
  const auto origin = grid[2].cast<std::array<double, 3>>();
  const auto rows = grid[3].cast<std::array<std::array<double, 3>, 3>>();
  auto image = io::HounsfieldImage::New();
  io::HounsfieldImage::SizeType size{{shape[2], shape[1], shape[0]}};
  image->SetRegions(size);
  io::HounsfieldImage::DirectionType direction;
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) direction(i, j) = rows[i][j];
  image->SetSpacing(spacing.data());
  image->SetOrigin(origin.data());
  image->SetDirection(direction);
  return image;
}

/// (uint8 array [z, y, x] of segment numbers, spacing, origin, direction rows, info); the
/// frames placed on `grid` when it is not None.
py::tuple ReadSegBinding(const std::string& file, const py::object& grid) {
  const io::HounsfieldImage::Pointer onto = grid.is_none() ? nullptr : Grid(grid.cast<py::tuple>());
  seg::DicomSegImage read;
  {
    py::gil_scoped_release release;
    read = seg::ReadDicomSeg(file, onto.GetPointer());
  }
  py::dict info;
  py::list segments;
  for (const auto& segment : read.segments) segments.append(SegmentToDict(segment));
  info["segments"] = segments;
  info["sop_instance_uid"] = read.sopInstanceUid;
  info["series_instance_uid"] = read.seriesInstanceUid;
  info["study_instance_uid"] = read.studyInstanceUid;
  info["frame_of_reference_uid"] = read.frameOfReferenceUid;
  info["patient_id"] = read.patientId;
  info["patient_name"] = read.patientName;
  info["referenced_instance_uids"] = read.referencedInstanceUids;
  Image image = AdoptItkImage(read.labels.GetPointer());
  const ImageGeometry geometry = image.geometry();
  const auto& d = geometry.direction;
  return py::make_tuple(
      ImageToArray(std::move(image), 3),
      py::make_tuple(geometry.spacing[0], geometry.spacing[1], geometry.spacing[2]),
      py::make_tuple(geometry.origin[0], geometry.origin[1], geometry.origin[2]),
      py::make_tuple(py::make_tuple(d[0], d[1], d[2]), py::make_tuple(d[3], d[4], d[5]),
                     py::make_tuple(d[6], d[7], d[8])),
      info);
}

} // namespace

void BindSeg(py::module_& module) {
  module.def("write_dicom_seg", &WriteSegBinding, py::arg("labels"), py::arg("geometry"),
             py::arg("source"), py::arg("series"), py::arg("file"), py::arg("segment_labels"),
             py::arg("series_description"), py::arg("content_description"), py::arg("threads"));
  module.def("read_dicom_seg", &ReadSegBinding, py::arg("file"), py::arg("grid"));
}

} // namespace cumed::python
