// libFuzzer target: series assembly. One input is split into up to eight files (FuzzSupport.h)
// in an otherwise empty directory, which cumed::io::ReadDicomCtSeries reads as a user's directory:
// listing, scan, series selection, validation and sorting, decode. One thread, so that a finding
// reproduces. Documented refusals (cumed::Error) are fine; anything else is a finding.
#include "FuzzSupport.h"
#include "cumed/io/DicomSeriesReader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const cumed::fuzz::ScratchDirectory scratch("dicom-series");
  scratch.Clear();
  const std::vector<std::string> files = cumed::fuzz::SplitSeriesInput(data, size);
  for (std::size_t i = 0; i < files.size(); ++i) {
    scratch.Write("IMG" + std::to_string(i) + ".dcm",
                  reinterpret_cast<const std::uint8_t*>(files[i].data()), files[i].size());
  }
  cumed::io::DicomReadOptions options;
  options.threads = 1;
  try {
    cumed::io::ReadDicomCtSeries(scratch.path().string(), options);
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
