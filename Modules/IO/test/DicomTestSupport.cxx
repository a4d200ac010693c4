#include "DicomTestSupport.h"

#include "cumed/core/Log.h"

#include <cstdio>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

namespace cumed::io::test {

TemporaryDirectory::TemporaryDirectory() {
  std::string pattern = (fs::temp_directory_path() / "cumed-io-test-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed: " + pattern);
  path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

fs::path RealSeriesDirectory() {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const fs::path root = source ? fs::path(source) : fs::path(CUMED_IO_TEST_SOURCE_DIR);
  std::error_code error;
  const fs::path directory =
      fs::weakly_canonical(root / ".." / "shared/data/ct/popi-phase00", error);
  return !error && fs::is_directory(directory) ? directory : fs::path();
}

void LinkFiles(const fs::path& from, const fs::path& to, const std::set<std::string>& except) {
  fs::create_directories(to);
  for (const fs::directory_entry& entry : fs::directory_iterator(from)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && except.count(name) == 0)
      fs::create_symlink(fs::absolute(entry.path()), to / name);
  }
}

void EditDicomFile(const fs::path& source, const fs::path& target,
                   const std::function<void(DcmDataset&)>& edit) {
  DcmFileFormat file;
  ASSERT_TRUE(file.loadFile(source.c_str()).good()) << source;
  ASSERT_TRUE(file.loadAllDataIntoMemory().good()) << source; // target may be the source
  DcmDataset& dataset = *file.getDataset();
  const E_TransferSyntax syntax = dataset.getOriginalXfer();
  edit(dataset);
  const OFCondition status = file.saveFile(target.c_str(), syntax);
  ASSERT_TRUE(status.good()) << target << ": " << status.text();
}

void EditDicomFileInPlace(const fs::path& file, const std::function<void(DcmDataset&)>& edit) {
  EditDicomFile(file, file, edit);
}

void PutString(DcmDataset& dataset, const DcmTagKey& tag, const std::string& value) {
  const OFCondition status = dataset.putAndInsertString(tag, value.c_str());
  ASSERT_TRUE(status.good()) << tag.toString() << ": " << status.text();
}

std::string ReadString(const fs::path& file, const DcmTagKey& tag) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file; // pixel data is loaded lazily
  OFString value;
  format.getDataset()->findAndGetOFStringArray(tag, value);
  return value.c_str();
}

std::array<double, 3> ReadPosition(const fs::path& file) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file;
  std::array<double, 3> position{};
  for (unsigned long i = 0; i < 3; ++i)
    EXPECT_TRUE(
        format.getDataset()->findAndGetFloat64(DCM_ImagePositionPatient, position[i], i).good())
        << file;
  return position;
}

HounsfieldImage::Pointer MakeRandomVolume(const VolumeGeometry& geometry, int minHu, int maxHu,
                                          unsigned seed) {
  auto image = HounsfieldImage::New();
  HounsfieldImage::SizeType size;
  HounsfieldImage::SpacingType spacing;
  HounsfieldImage::PointType origin;
  for (unsigned i = 0; i < 3; ++i) {
    size[i] = geometry.size[i];
    spacing[i] = geometry.spacing[i];
    origin[i] = geometry.origin[i];
  }
  const double angle = geometry.rotationAboutZDegrees * std::acos(-1.0) / 180.0;
  HounsfieldImage::DirectionType direction;
  direction.SetIdentity();
  direction(0, 0) = std::cos(angle);
  direction(0, 1) = -std::sin(angle);
  direction(1, 0) = std::sin(angle);
  direction(1, 1) = std::cos(angle);
  image->SetRegions(HounsfieldImage::RegionType(size));
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->SetDirection(direction);
  image->Allocate();
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> values(minHu, maxHu);
  const std::size_t count = size[0] * size[1] * size[2];
  for (std::size_t i = 0; i < count; ++i)
    image->GetBufferPointer()[i] = static_cast<std::int16_t>(values(random));
  return image;
}

::testing::AssertionResult SamePixels(const HounsfieldImage& expected,
                                      const HounsfieldImage& actual) {
  const auto size = expected.GetLargestPossibleRegion().GetSize();
  if (actual.GetLargestPossibleRegion().GetSize() != size)
    return ::testing::AssertionFailure()
           << "sizes differ: " << size << " vs " << actual.GetLargestPossibleRegion().GetSize();
  const std::size_t count = size[0] * size[1] * size[2];
  for (std::size_t i = 0; i < count; ++i)
    if (expected.GetBufferPointer()[i] != actual.GetBufferPointer()[i])
      return ::testing::AssertionFailure()
             << "voxel " << i << " (x " << i % size[0] << ", y " << (i / size[0]) % size[1]
             << ", z " << i / (size[0] * size[1]) << "): expected "
             << expected.GetBufferPointer()[i] << ", got " << actual.GetBufferPointer()[i];
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult SameGeometry(const HounsfieldImage& expected,
                                        const HounsfieldImage& actual, double tolerance) {
  if (expected.GetLargestPossibleRegion().GetSize() != actual.GetLargestPossibleRegion().GetSize())
    return ::testing::AssertionFailure() << "sizes differ";
  for (unsigned i = 0; i < 3; ++i) {
    if (std::abs(expected.GetSpacing()[i] - actual.GetSpacing()[i]) > tolerance)
      return ::testing::AssertionFailure()
             << "spacing differs: " << expected.GetSpacing() << " vs " << actual.GetSpacing();
    if (std::abs(expected.GetOrigin()[i] - actual.GetOrigin()[i]) > tolerance)
      return ::testing::AssertionFailure()
             << "origin differs: " << expected.GetOrigin() << " vs " << actual.GetOrigin();
    for (unsigned j = 0; j < 3; ++j)
      if (std::abs(expected.GetDirection()(i, j) - actual.GetDirection()(i, j)) > tolerance)
        return ::testing::AssertionFailure() << "direction differs:\n"
                                             << expected.GetDirection() << "vs\n"
                                             << actual.GetDirection();
  }
  return ::testing::AssertionSuccess();
}

std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>>
DirectorySnapshot(const fs::path& directory) {
  std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>> snapshot;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory))
    snapshot[entry.path().filename().string()] = {entry.is_regular_file() ? entry.file_size() : 0,
                                                  entry.last_write_time()};
  return snapshot;
}

std::string DicomErrorMessage(const std::function<void()>& action) {
  try {
    action();
  } catch (const DicomError& error) {
    return error.what();
  } catch (const std::exception& error) {
    ADD_FAILURE() << "expected a DicomError, got another exception: " << error.what();
    return {};
  }
  ADD_FAILURE() << "expected a DicomError, nothing was thrown";
  return {};
}

LogCapture::LogCapture() {
  previous_ =
      SetLogSink([this](LogLevel, std::string_view message) { messages_.emplace_back(message); });
}

LogCapture::~LogCapture() {
  SetLogSink(previous_);
}

bool LogCapture::Contains(const std::string& text) const {
  for (const std::string& message : messages_)
    if (message.find(text) != std::string::npos) return true;
  return false;
}

std::string SliceName(int k) {
  char name[32];
  std::snprintf(name, sizeof(name), "IMG%04d.dcm", k);
  return name;
}

std::string ReadBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

} // namespace cumed::io::test
