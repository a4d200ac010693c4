#include "DicomMixedExport.h"

#include "cumed/test/RandomCases.h"

#include <dcmtk/dcmdata/dcdeftag.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <set>

namespace cumed::io::test {
namespace {

constexpr char kStudyUid[] = "1.2.826.0.1.3680043.2.1125.26.1";
constexpr char kFrameOfReferenceUid[] = "1.2.826.0.1.3680043.2.1125.26.2";

// A ball of bone-like HU in air: something every program can find a surface in.
HounsfieldImage::Pointer Ball(std::size_t slices, bool coronal) {
  VolumeGeometry geometry;
  geometry.size = {16, 16, slices};
  geometry.spacing = {1.0, 1.0, 1.5};
  geometry.origin = {-8.0, -8.0, -12.0};
  HounsfieldImage::Pointer image = MakeRandomVolume(geometry, 0, 0);
  if (coronal) { // rows along x, columns along -z, slices along y: right-handed
    HounsfieldImage::DirectionType direction;
    direction.Fill(0);
    direction(0, 0) = 1;
    direction(2, 1) = -1;
    direction(1, 2) = 1;
    image->SetDirection(direction);
  }
  const double centre[3] = {7.5, 7.5, (slices - 1) / 2.0};
  for (std::size_t z = 0; z < slices; ++z)
    for (std::size_t y = 0; y < 16; ++y)
      for (std::size_t x = 0; x < 16; ++x) {
        const double dx = x - centre[0], dy = y - centre[1], dz = (z - centre[2]) * 1.5;
        const bool inside = dx * dx + dy * dy + dz * dz <= 36.0;
        image->GetBufferPointer()[(z * 16 + y) * 16 + x] = inside ? 700 : -1000;
      }
  return image;
}

struct Series {
  std::string description;
  int number;
  std::string kernel;
  std::size_t slices;
  bool coronal = false;
};

// Writes `series` into `staging`, lets `edit` change every file, then moves the files to
// `target` under names drawn from `random`.
std::string WriteInto(const Series& series, const fs::path& staging, const fs::path& target,
                      std::mt19937_64& random, const std::function<void(DcmDataset&)>& edit,
                      HounsfieldImage::Pointer* volume = nullptr) {
  DicomWriteOptions options;
  options.seriesDescription = series.description;
  options.seriesNumber = series.number;
  options.studyInstanceUid = kStudyUid;
  options.frameOfReferenceUid = kFrameOfReferenceUid;
  options.patientName = "Export^Mixed";
  options.patientId = "MIX26";
  HounsfieldImage::Pointer image = Ball(series.slices, series.coronal);
  if (volume) *volume = image;
  const std::string uid = WriteDicomCtSeries(image.GetPointer(), staging.string(), options);
  fs::create_directories(target);
  for (const auto& file : fs::directory_iterator(staging)) {
    EditDicomFileInPlace(file.path(), [&](DcmDataset& d) {
      if (!series.kernel.empty()) PutString(d, DCM_ConvolutionKernel, series.kernel);
      if (edit) edit(d);
    });
    char name[16];
    std::snprintf(name, sizeof name, "I%07llX", static_cast<unsigned long long>(random() >> 36));
    fs::rename(file.path(), target / name);
  }
  fs::remove(staging);
  return uid;
}

} // namespace

MixedExport WriteMixedExport(const fs::path& root, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  MixedExport result;
  result.root = root;
  const fs::path staging = root.parent_path() / (root.filename().string() + "-staging");
  const fs::path study = root / "DICOM" / "ST000001";
  result.mrUid = WriteInto({"t1 axial", 5, "", kMixedMrSlices}, staging, study / "SE000001", random,
                           [](DcmDataset& d) {
                             PutString(d, DCM_Modality, "MR");
                             PutString(d, DCM_SOPClassUID, "1.2.840.10008.5.1.4.1.1.4");
                           });
  result.stdUid = WriteInto({"STD", 2, "B30f", kMixedCtSlices}, staging, study / "SE000002", random,
                            nullptr, &result.stdVolume);
  result.boneUid =
      WriteInto({"BONE", 3, "B70f", kMixedCtSlices}, staging, study / "SE000003", random, nullptr);
  result.coronalUid = WriteInto({"COR", 4, "B30f", kMixedCoronalSlices, true}, staging,
                                study / "SE000004", random, nullptr);
  result.captureUid = WriteInto({"Dose", 6, "", kMixedCaptureSlices}, staging, study / "SE000005",
                                random, [](DcmDataset& d) {
                                  PutString(d, DCM_SOPClassUID, "1.2.840.10008.5.1.4.1.1.7");
                                  PutString(d, DCM_ImageType, "DERIVED\\SECONDARY");
                                });
  // The localizer: another image size and orientation, but the STD series' UID and number.
  const fs::path localizerDirectory = root / "localizer-staging";
  const std::string stdUid = result.stdUid;
  WriteInto({"STD", 2, "B30f", 1, true}, staging, localizerDirectory, random, [&](DcmDataset& d) {
    PutString(d, DCM_SeriesInstanceUID, stdUid);
    PutString(d, DCM_ImageType, "ORIGINAL\\PRIMARY\\LOCALIZER");
  });
  const fs::path localizer = fs::directory_iterator(localizerDirectory)->path();
  result.localizer = study / "SE000002" / ("L" + localizer.filename().string());
  fs::rename(localizer, result.localizer);
  fs::remove(localizerDirectory);
  // A DICOMDIR: DICOM, but no series and no image (what matters here is that it is skipped).
  const fs::path anyMr = fs::directory_iterator(study / "SE000001")->path();
  EditDicomFile(anyMr, root / "DICOMDIR", [](DcmDataset& d) {
    d.findAndDeleteElement(DCM_SeriesInstanceUID);
    d.findAndDeleteElement(DCM_PixelData);
  });
  return result;
}

std::string MixedExportTieReason() {
  return "two axial CT series of 18 slices: chose SeriesNumber 2 'STD' (kernel B30f) over "
         "SeriesNumber 3 'BONE' (kernel B70f) by the lowest SeriesNumber";
}

MixedExport WriteMixedExportWithRunSeed(const std::filesystem::path& root) {
  const std::uint64_t seed = cumed::test::RandomRunSeed();
  std::printf("mixed export file names from seed %llu (CUMED_RANDOM_SEED)\n",
              static_cast<unsigned long long>(seed));
  return WriteMixedExport(root, seed);
}

} // namespace cumed::io::test
