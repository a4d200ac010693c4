#pragma once
// Helpers for the IO tests: scratch directories, edited copies of DICOM files, random volumes.
#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdatset.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cumed::io::test {

namespace fs = std::filesystem;

/// Whether `text` holds `part` (messages are checked for what they must name).
inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}
/// The bytes of `file`, and `bytes` written as `file` (replaced): for hand-damaged files.
std::string ReadBytes(const fs::path& file);
void WriteBytes(const fs::path& file, const std::string& bytes);

/// A fresh empty directory under the system temporary directory, removed (with its content)
/// when the object goes away.
class TemporaryDirectory {
public:
  TemporaryDirectory();
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const fs::path& path() const { return path_; }
  /// `path()/name` as a string (not created).
  std::string Sub(const std::string& name) const { return (path_ / name).string(); }

private:
  fs::path path_;
};

/// ../shared/data/ct/popi-phase00 next to the repository (CUMED_SOURCE_DIR); empty when absent.
fs::path RealSeriesDirectory();

/// Symbolic links in `to` (created if needed) to every regular file of `from`, except `except`.
void LinkFiles(const fs::path& from, const fs::path& to, const std::set<std::string>& except = {});

/// Loads `source` with DCMTK, lets `edit` change the data set, and saves it as `target` in the
/// source's transfer syntax. `source` is never written.
void EditDicomFile(const fs::path& source, const fs::path& target,
                   const std::function<void(DcmDataset&)>& edit);
/// Same, in place, for files the test made itself.
void EditDicomFileInPlace(const fs::path& file, const std::function<void(DcmDataset&)>& edit);
/// Sets a string-valued attribute; fails the test on a DCMTK error.
void PutString(DcmDataset& dataset, const DcmTagKey& tag, const std::string& value);
/// A string attribute of a file, read with DCMTK (not the code under test).
std::string ReadString(const fs::path& file, const DcmTagKey& tag);
/// ImagePositionPatient of a file, read with DCMTK.
std::array<double, 3> ReadPosition(const fs::path& file);

struct VolumeGeometry {
  std::array<std::size_t, 3> size{8, 8, 4};
  std::array<double, 3> spacing{1.0, 1.0, 1.0};
  std::array<double, 3> origin{0.0, 0.0, 0.0};
  double rotationAboutZDegrees = 0.0;
};
/// Uniform random HU in [minHu, maxHu] with the given geometry (fixed seed: reproducible).
HounsfieldImage::Pointer MakeRandomVolume(const VolumeGeometry& geometry, int minHu, int maxHu,
                                          unsigned seed = 1234);

/// Every voxel equal; the first difference is reported.
::testing::AssertionResult SamePixels(const HounsfieldImage& expected,
                                      const HounsfieldImage& actual);
/// Size equal, spacing/origin/direction equal within `tolerance`.
::testing::AssertionResult SameGeometry(const HounsfieldImage& expected,
                                        const HounsfieldImage& actual, double tolerance);

/// Name, size and modification time of every entry: to prove a directory was not touched.
std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>>
DirectorySnapshot(const fs::path& directory);

/// Runs `action`, which must throw DicomError, and returns its message ("" and a test failure
/// when it does not throw it).
std::string DicomErrorMessage(const std::function<void()>& action);

/// Collects cumed::Log messages while alive (and restores the previous sink).
class LogCapture {
public:
  LogCapture();
  ~LogCapture();
  const std::vector<std::string>& messages() const { return messages_; }
  bool Contains(const std::string& text) const;

private:
  std::vector<std::string> messages_;
  LogSink previous_;
};

/// The file name of slice k (counting from 1, as in IMG0001.dcm) of a series written by
/// WriteDicomCtSeries.
std::string SliceName(int k);

/// A random series of `geometry` written into a scratch directory of its own for each test.
class GeneratedSeries : public ::testing::Test {
protected:
  explicit GeneratedSeries(const VolumeGeometry& geometry) : geometry_(geometry) {}
  void SetUp() override {
    volume_ = MakeRandomVolume(geometry_, -1024, 2000);
    cumed::io::WriteDicomCtSeries(volume_.GetPointer(), directory());
  }
  std::string directory() const { return scratch_.Sub("series"); }
  fs::path slice(int k) const { return fs::path(directory()) / SliceName(k); }

  VolumeGeometry geometry_;
  TemporaryDirectory scratch_;
  HounsfieldImage::Pointer volume_;
};

} // namespace cumed::io::test
