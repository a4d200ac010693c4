#include "cumed/seg/DicomSeg.h"

#include "BinaryFrames.h"
#include "cumed/io/DicomSeriesScan.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmfg/fgderimg.h>
#include <dcmtk/dcmfg/fgpixmsr.h>
#include <dcmtk/dcmfg/fgplanor.h>
#include <dcmtk/dcmfg/fgplanpo.h>
#include <dcmtk/dcmfg/fgseg.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace cumed::seg {
namespace {

using io::DicomError;
using Vec3 = std::array<double, 3>;

struct FramePlane {
  Vec3 position{};
  Uint16 segment = 0;
};

class SegFile {
public:
  explicit SegFile(const std::string& file) : file_(file) {
    // DCMTK loads the whole file, allocating what its elements declare: the scan's checks first.
    io::CheckDicomFileBeforeLoading(file);
    // Rows and Columns are read from the data set: dcmiod keeps them behind a variant.
    OFCondition status = format_.loadFile(file.c_str());
    DcmDataset& dataset = *format_.getDataset();
    if (status.good() && (dataset.findAndGetUint16(DCM_Rows, rows_).bad() ||
                          dataset.findAndGetUint16(DCM_Columns, columns_).bad()))
      status = EC_TagNotFound;
    // Another object (a CT slice) is named here: DCMTK 3.6.7's loadDataset leaks the whole
    // segmentation object it built when its read fails.
    OFString sopClass;
    if (status.good() && (dataset.findAndGetOFString(DCM_SOPClassUID, sopClass).bad() ||
                          sopClass != UID_SegmentationStorage))
      throw DicomError("'" + file + "' is not a DICOM SEG: its SOPClassUID (0008,0016) is '" +
                       std::string(sopClass.c_str()) + "' (expected " + UID_SegmentationStorage +
                       ", Segmentation Storage)");
    DcmSegmentation* loaded = nullptr;
    if (status.good()) status = DcmSegmentation::loadDataset(dataset, loaded);
    segmentation_.reset(loaded);
    if (status.bad() || !segmentation_)
      throw DicomError("cannot read '" + file + "' as a DICOM SEG with DCMTK: " + status.text());
    if (segmentation_->getSegmentationType() != DcmSegTypes::ST_BINARY)
      throw DicomError("SEG '" + file + "' is fractional; only binary SEG is read");
  }

  DcmSegmentation& operator*() { return *segmentation_; }
  DcmSegmentation* operator->() { return segmentation_.get(); }

  [[noreturn]] void Fail(const std::string& what) const {
    throw DicomError("SEG '" + file_ + "': " + what);
  }

  template <class Group> Group* Find(Uint32 frame, DcmFGTypes::E_FGType type, const char* name) {
    auto* group = dynamic_cast<Group*>(segmentation_->getFunctionalGroups().get(frame, type));
    if (group == nullptr) Fail("frame " + std::to_string(frame + 1) + " has no " + name);
    return group;
  }

  DcmDataset& dataset() { return *format_.getDataset(); }
  Uint16 rows() const { return rows_; }
  Uint16 columns() const { return columns_; }

private:
  std::string file_;
  DcmFileFormat format_;
  Uint16 rows_ = 0, columns_ = 0;
  std::unique_ptr<DcmSegmentation> segmentation_;
};

std::string Text(CodeSequenceMacro& code) {
  OFString value, scheme, meaning;
  code.getCodeValue(value);
  code.getCodingSchemeDesignator(scheme);
  code.getCodeMeaning(meaning);
  return std::string(value.c_str()) + "^" + scheme.c_str() + "^" + meaning.c_str();
}

std::string Get(OFCondition status, const OFString& value) {
  return status.good() ? std::string(value.c_str()) : std::string();
}

// The grid spanning the frames, from the shared orientation and pixel measures.
LabelImage::Pointer FrameGrid(SegFile& seg, const std::vector<FramePlane>& planes) {
  auto* orientation =
      seg.Find<FGPlaneOrientationPatient>(0, DcmFGTypes::EFG_PLANEORIENTPATIENT, "orientation");
  auto* measures = seg.Find<FGPixelMeasures>(0, DcmFGTypes::EFG_PIXELMEASURES, "pixel measures");
  std::array<Float64, 6> cosines{};
  if (orientation
          ->getImageOrientationPatient(cosines[0], cosines[1], cosines[2], cosines[3], cosines[4],
                                       cosines[5])
          .bad())
    seg.Fail("ImageOrientationPatient cannot be read");
  Float64 rowSpacing = 0, columnSpacing = 0, step = 0;
  if (measures->getPixelSpacing(rowSpacing, 0).bad() ||
      measures->getPixelSpacing(columnSpacing, 1).bad())
    seg.Fail("PixelSpacing cannot be read");
  const Vec3 row{cosines[0], cosines[1], cosines[2]}, column{cosines[3], cosines[4], cosines[5]};
  const Vec3 normal{row[1] * column[2] - row[2] * column[1],
                    row[2] * column[0] - row[0] * column[2],
                    row[0] * column[1] - row[1] * column[0]};
  auto along = [&](const Vec3& p) {
    return p[0] * normal[0] + p[1] * normal[1] + p[2] * normal[2];
  };
  const auto [low, high] = std::minmax_element(planes.begin(), planes.end(),
                                               [&](const FramePlane& a, const FramePlane& b) {
                                                 return along(a.position) < along(b.position);
                                               });
  const double extent = along(high->position) - along(low->position);
  if (measures->getSpacingBetweenSlices(step).bad() || !(step > 0)) {
    if (extent > 0) seg.Fail("frames at several positions but no SpacingBetweenSlices");
    step = 1;
  }
  auto grid = LabelImage::New();
  LabelImage::SizeType size;
  size[0] = seg.columns();
  size[1] = seg.rows();
  // A hostile SEG (frames far apart, a tiny step) must not make a huge grid: CT has at most a
  // few thousand slices.
  const double slices = extent / step + 1;
  if (!(slices <= 65536) || double(size[0]) * double(size[1]) * slices > 4294967296.0)
    seg.Fail("the frames span " + std::to_string(extent) + " mm at a step of " +
             std::to_string(step) + " mm: a grid of " + std::to_string(slices) + " slices of " +
             std::to_string(size[0]) + " x " + std::to_string(size[1]) +
             " (at most 65536 slices and 2^32 voxels are read)");
  size[2] = static_cast<std::size_t>(std::lround(slices - 1)) + 1;
  grid->SetRegions(size);
  LabelImage::SpacingType spacing;
  spacing[0] = columnSpacing;
  spacing[1] = rowSpacing;
  spacing[2] = step;
  grid->SetSpacing(spacing);
  LabelImage::PointType origin;
  LabelImage::DirectionType direction;
  for (unsigned i = 0; i < 3; ++i) {
    origin[i] = low->position[i];
    direction(i, 0) = row[i];
    direction(i, 1) = column[i];
    direction(i, 2) = normal[i];
  }
  grid->SetOrigin(origin);
  grid->SetDirection(direction);
  return grid;
}

} // namespace

DicomSegImage ReadDicomSeg(const std::string& file, const io::HounsfieldImage* grid) {
  SegFile seg(file);
  DicomSegImage result;
  OFString value;
  result.sopInstanceUid = Get(seg->getSOPCommon().getSOPInstanceUID(value), value);
  result.seriesInstanceUid = Get(seg->getSeries().getSeriesInstanceUID(value), value);
  result.studyInstanceUid = Get(seg->getStudy().getStudyInstanceUID(value), value);
  result.frameOfReferenceUid = Get(seg->getFrameOfReference().getFrameOfReferenceUID(value), value);
  result.patientId = Get(seg->getPatient().getPatientID(value), value);
  result.patientName = Get(seg->getPatient().getPatientName(value), value);

  for (size_t number = 1; number <= seg->getNumberOfSegments(); ++number) {
    DcmSegment* segment = seg->getSegment(number);
    if (segment == nullptr) seg.Fail("segment " + std::to_string(number) + " is missing");
    DicomSegSegment info;
    info.number = static_cast<int>(number);
    info.label = Get(segment->getSegmentLabel(value), value);
    info.algorithmName = Get(segment->getSegmentAlgorithmName(value), value);
    info.categoryCode = Text(segment->getSegmentedPropertyCategoryCode());
    info.typeCode = Text(segment->getSegmentedPropertyTypeCode());
    result.segments.push_back(info);
  }
  if (result.segments.size() > 255)
    seg.Fail(std::to_string(result.segments.size()) + " segments; a label image holds 255");

  const size_t frames = seg->getNumberOfFrames();
  if (frames == 0) seg.Fail("no frames");
  std::vector<FramePlane> planes(frames);
  for (Uint32 f = 0; f < frames; ++f) {
    auto* position =
        seg.Find<FGPlanePosPatient>(f, DcmFGTypes::EFG_PLANEPOSPATIENT, "plane position");
    if (position
            ->getImagePositionPatient(planes[f].position[0], planes[f].position[1],
                                      planes[f].position[2])
            .bad())
      seg.Fail("frame " + std::to_string(f + 1) + ": ImagePositionPatient cannot be read");
    auto* segmentation =
        seg.Find<FGSegmentation>(f, DcmFGTypes::EFG_SEGMENTATION, "segment identification");
    if (segmentation->getReferencedSegmentNumber(planes[f].segment).bad() ||
        planes[f].segment == 0 || planes[f].segment > result.segments.size())
      seg.Fail("frame " + std::to_string(f + 1) + " refers to segment " +
               std::to_string(planes[f].segment) + " of 1.." +
               std::to_string(result.segments.size()));
    auto* derivation = dynamic_cast<FGDerivationImage*>(
        seg->getFunctionalGroups().get(f, DcmFGTypes::EFG_DERIVATIONIMAGE));
    if (derivation)
      for (auto* item : derivation->getDerivationImageItems())
        for (auto* source : item->getSourceImageItems()) {
          OFString uid;
          source->getImageSOPInstanceReference().getReferencedSOPInstanceUID(uid);
          result.referencedInstanceUids.push_back(uid.c_str());
        }
  }

  result.labels = FrameGrid(seg, planes);
  if (grid) {
    // The frames' own grid must lie on the one given: same plane geometry, whole slices.
    auto onGrid = LabelImage::New();
    onGrid->SetRegions(grid->GetLargestPossibleRegion());
    onGrid->SetSpacing(grid->GetSpacing());
    onGrid->SetOrigin(grid->GetOrigin());
    onGrid->SetDirection(grid->GetDirection());
    const auto& own = *result.labels;
    for (unsigned a = 0; a < 2; ++a)
      if (std::abs(own.GetSpacing()[a] - grid->GetSpacing()[a]) > 1e-4 ||
          own.GetLargestPossibleRegion().GetSize()[a] !=
              grid->GetLargestPossibleRegion().GetSize()[a])
        seg.Fail("frames of " + std::to_string(own.GetLargestPossibleRegion().GetSize()[0]) +
                 " x " + std::to_string(own.GetLargestPossibleRegion().GetSize()[1]) +
                 " pixels do not match the grid given");
    for (unsigned i = 0; i < 3; ++i)
      for (unsigned j = 0; j < 3; ++j)
        if (std::abs(own.GetDirection()(i, j) - grid->GetDirection()(i, j)) > 1e-4)
          seg.Fail("the frames' orientation differs from the grid given");
    result.labels = onGrid;
  }
  result.labels->Allocate(true);

  LabelImage& labels = *result.labels;
  const Uint16 rows = static_cast<Uint16>(labels.GetLargestPossibleRegion().GetSize()[1]);
  const Uint16 columns = static_cast<Uint16>(labels.GetLargestPossibleRegion().GetSize()[0]);
  const std::size_t length = std::size_t(rows) * columns;
  // The packed PixelData, read directly (BinaryFrames.h says why not through dcmseg's frames).
  const Uint8* bits = nullptr;
  unsigned long bytes = 0;
  if (seg.dataset().findAndGetUint8Array(DCM_PixelData, bits, &bytes).bad() || bits == nullptr ||
      bytes < detail::PackedBytes(frames, length))
    seg.Fail("PixelData holds " + std::to_string(bytes) + " bytes; " + std::to_string(frames) +
             " frames of " + std::to_string(rows) + " x " + std::to_string(columns) +
             " pixels need " + std::to_string(detail::PackedBytes(frames, length)));
  for (Uint32 f = 0; f < frames; ++f) {
    LabelImage::PointType point;
    for (unsigned i = 0; i < 3; ++i) point[i] = planes[f].position[i];
    itk::ContinuousIndex<double, 3> index;
    labels.TransformPhysicalPointToContinuousIndex(point, index);
    const long k = std::lround(index[2]);
    if (std::abs(index[0]) > 1e-3 || std::abs(index[1]) > 1e-3 || std::abs(index[2] - k) > 1e-3 ||
        k < 0 || k >= long(labels.GetLargestPossibleRegion().GetSize()[2]))
      seg.Fail("frame " + std::to_string(f + 1) + " at (" + std::to_string(point[0]) + ", " +
               std::to_string(point[1]) + ", " + std::to_string(point[2]) +
               ") is not a slice of the grid");
    std::uint8_t* slice = labels.GetBufferPointer() + std::size_t(k) * length;
    for (std::size_t i = 0; i < length; ++i)
      if (detail::PackedPixel(bits, f, length, i))
        slice[i] = std::max<std::uint8_t>(slice[i], planes[f].segment);
  }
  return result;
}

} // namespace cumed::seg
