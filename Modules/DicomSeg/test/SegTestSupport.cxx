#include "SegTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>

#include <cstdio>
#include <memory>

namespace cumed::seg::test {

io::DicomWriteOptions SourceStudyOptions() {
  io::DicomWriteOptions options;
  options.patientName = "Doe^Jane";
  options.patientId = "PID-26";
  options.studyDescription = "Chest CT";
  options.seriesDescription = "Source CT";
  options.seriesNumber = 3;
  options.studyInstanceUid = "1.2.826.0.1.3680043.10.543.26.1";
  options.frameOfReferenceUid = "1.2.826.0.1.3680043.10.543.26.2";
  return options;
}

io::CtSeries MakeSourceSeries(const VolumeGeometry& geometry, const std::string& directory,
                              unsigned seed) {
  const auto volume = io::test::MakeRandomVolume(geometry, -1024, 2000, seed);
  io::WriteDicomCtSeries(volume.GetPointer(), directory, SourceStudyOptions());
  // What the writer leaves empty without a source, as a scanner would fill it.
  for (const auto& entry : io::test::fs::directory_iterator(directory))
    io::test::EditDicomFileInPlace(entry.path(), [](DcmDataset& dataset) {
      io::test::PutString(dataset, DCM_PatientBirthDate, "19700101");
      io::test::PutString(dataset, DCM_PatientSex, "F");
      io::test::PutString(dataset, DCM_AccessionNumber, "ACC-2026");
      io::test::PutString(dataset, DCM_StudyID, "S26");
      io::test::PutString(dataset, DCM_StudyDate, "20260102");
      io::test::PutString(dataset, DCM_StudyTime, "101500");
      io::test::PutString(dataset, DCM_ReferringPhysicianName, "Who^Doctor");
    });
  return io::ReadDicomCtSeries(directory);
}

LabelImage::Pointer ThresholdMask(const io::HounsfieldImage& image, int threshold) {
  auto mask = LabelImage::New();
  mask->SetRegions(image.GetLargestPossibleRegion());
  mask->CopyInformation(&image);
  mask->Allocate();
  const auto count = image.GetLargestPossibleRegion().GetNumberOfPixels();
  for (std::size_t i = 0; i < count; ++i)
    mask->GetBufferPointer()[i] = image.GetBufferPointer()[i] >= threshold ? 1 : 0;
  return mask;
}

IodCheck RunDciodvfy(const std::string& file) {
  IodCheck check;
  const std::string program = CUMED_DCIODVFY;
  if (program.empty() || program.find("NOTFOUND") != std::string::npos) return check;
  check.available = true;
  const std::string command = "'" + program + "' '" + file + "' 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) {
    check.errors.push_back("Error: cannot run " + command);
    return check;
  }
  char buffer[4096];
  while (std::fgets(buffer, sizeof(buffer), pipe.get())) {
    std::string line(buffer);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    check.lines.push_back(line);
    std::printf("[ dciodvfy ] %s\n", line.c_str()); // warnings stay visible in the test log
    if (line.rfind("Error", 0) == 0) check.errors.push_back(line);
  }
  return check;
}

} // namespace cumed::seg::test
