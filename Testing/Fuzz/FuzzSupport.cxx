#include "FuzzSupport.h"

#include "DicomFileHeader.h"
#include "cumed/core/Log.h"

#include <dcmtk/oflog/oflog.h>
#include <gdcmTrace.h>
#include <itkObject.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::fuzz {

ScratchDirectory::ScratchDirectory(const std::string& purpose) {
  std::string pattern =
      (fs::temp_directory_path() / ("cumed-fuzz-" + purpose + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a scratch directory from '" + pattern + "'");
  path_ = pattern;
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ignored; // a destructor at exit: nothing left to report to
  fs::remove_all(path_, ignored);
}

std::string ScratchDirectory::Write(const std::string& name, const std::uint8_t* data,
                                    std::size_t size) const {
  const fs::path file = path_ / name;
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out)
    throw std::runtime_error("cannot write " + std::to_string(size) + " bytes to '" +
                             file.string() + "'");
  return file.string();
}

void ScratchDirectory::Clear() const {
  // Recreated when something else removed it (a tmp cleaner during a long run): the input is not
  // at fault then, and the run goes on.
  fs::create_directories(path_);
  for (const fs::directory_entry& entry : fs::directory_iterator(path_)) fs::remove_all(entry);
}

std::vector<std::string> SplitSeriesInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> files;
  std::size_t at = 0;
  while (at + 4 <= size && files.size() < kMaximumSeriesFiles) {
    const std::size_t length = std::size_t(data[at]) | std::size_t(data[at + 1]) << 8 |
                               std::size_t(data[at + 2]) << 16 | std::size_t(data[at + 3]) << 24;
    at += 4;
    const std::size_t take = std::min(length, size - at);
    files.emplace_back(reinterpret_cast<const char*>(data + at), take);
    at += take;
  }
  return files;
}

std::string JoinSeriesInput(const std::vector<std::string>& files) {
  std::string joined;
  for (const std::string& file : files) {
    const auto length = static_cast<std::uint32_t>(file.size());
    for (int shift = 0; shift < 32; shift += 8) joined.push_back(char((length >> shift) & 0xff));
    joined += file;
  }
  return joined;
}

const std::vector<std::string>& ImageFileExtensions() {
  static const std::vector<std::string> extensions{".mha", ".nii", ".nii.gz", ".nrrd"};
  return extensions;
}

void NoteRefusal(const std::exception& error) {
  static const bool verbose = std::getenv("CUMED_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::fprintf(stderr, "refused: %s\n", error.what());
}

void QuietLibraries() {
  itk::Object::GlobalWarningDisplayOff();
  gdcm::Trace::WarningOff();
  gdcm::Trace::ErrorOff();
  gdcm::Trace::DebugOff();
  OFLog::configure(OFLogger::FATAL_LOG_LEVEL);
  cumed::SetLogSink([](cumed::LogLevel, std::string_view) {});
  // Without it every scan fails the same way: nothing would be fuzzed.
  if (!cumed::io::detail::PrepareDcmtk())
    throw std::runtime_error("DCMTK's data dictionary is not loaded (set DCMDICTPATH)");
  // PrepareDcmtk lets dcmdata print its errors (one line per damaged element): not here.
  OFLog::getLogger("dcmtk.dcmdata").setLogLevel(OFLogger::FATAL_LOG_LEVEL);
}

} // namespace cumed::fuzz
