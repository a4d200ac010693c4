#include "HostileFiles.h"

#include "ProgramRun.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <zlib.h>

#include <cstring>
#include <fstream>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::imageinputtest {

fs::path FreshDirectory() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory =
      fs::path(apptest::Setting("CUMED_IMAGE_INPUT_WORK_DIR", CUMED_IMAGE_INPUT_WORK_DIR)) /
      (std::string(test->test_suite_name()) + "." + test->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

fs::path WriteMetaImage(const fs::path& file, const std::string& dimSize,
                        const std::string& extraFields, const std::string& data,
                        const std::string& dataFile) {
  std::ofstream out(file, std::ios::binary);
  out << "ObjectType = Image\nNDims = 3\nDimSize = " << dimSize << "\nElementType = MET_SHORT\n"
      << extraFields << "ElementDataFile = " << dataFile << "\n"
      << data;
  return file;
}

std::string Int16Bytes(std::size_t count) {
  std::string bytes(count * 2, '\0');
  for (std::size_t i = 0; i < count; ++i) {
    const auto value = static_cast<std::int16_t>(i);
    std::memcpy(&bytes[2 * i], &value, 2); // little-endian machines, as MET_SHORT assumes here
  }
  return bytes;
}

std::string Deflated(const std::string& bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::string out(size, '\0');
  compress(reinterpret_cast<Bytef*>(out.data()), &size,
           reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uLong>(bytes.size()));
  out.resize(size);
  return out;
}

fs::path WriteValidImage(const fs::path& file) {
  using Image = itk::Image<std::int16_t, 3>;
  auto image = Image::New();
  image->SetRegions(Image::SizeType{{9, 7, 5}});
  const double spacing[3] = {0.5, 0.75, 1.25};
  image->SetSpacing(spacing);
  image->Allocate();
  std::int16_t* pixels = image->GetBufferPointer();
  for (std::size_t i = 0; i < 9 * 7 * 5; ++i) pixels[i] = static_cast<std::int16_t>((i * 37) % 200);
  auto writer = itk::ImageFileWriter<Image>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->UseCompressionOn();
  writer->Update();
  return file;
}

fs::path Truncated(const fs::path& from, const fs::path& to, std::uint64_t bytes) {
  std::ifstream in(from, std::ios::binary);
  std::vector<char> data(bytes);
  in.read(data.data(), static_cast<std::streamsize>(bytes));
  std::ofstream(to, std::ios::binary).write(data.data(), in.gcount());
  return to;
}

fs::path WithBytesAt(const fs::path& from, const fs::path& to, std::size_t offset,
                     const std::string& bytes) {
  fs::copy_file(from, to, fs::copy_options::overwrite_existing);
  std::fstream file(to, std::ios::binary | std::ios::in | std::ios::out);
  file.seekp(static_cast<std::streamoff>(offset));
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return to;
}

fs::path WithFloatAt(const fs::path& from, const fs::path& to, std::size_t offset, float value) {
  // NIfTI as ITK writes it: this machine's byte order
  return WithBytesAt(from, to, offset, std::string(reinterpret_cast<const char*>(&value), 4));
}

std::uint64_t SizeOf(const fs::path& file) {
  return fs::file_size(file);
}

fs::path WriteVti(const fs::path& file, const std::string& wholeExtent, const std::string& spacing,
                  const std::string& origin, std::size_t payloadBytes,
                  std::uint32_t declaredBytes) {
  std::ofstream out(file, std::ios::binary);
  out << "<?xml version=\"1.0\"?>\n<VTKFile type=\"ImageData\" version=\"0.1\" "
         "byte_order=\"LittleEndian\" header_type=\"UInt32\">\n<ImageData WholeExtent=\""
      << wholeExtent << "\" Origin=\"" << origin << "\" Spacing=\"" << spacing
      << "\">\n<Piece Extent=\"" << wholeExtent
      << "\"><PointData Scalars=\"s\"><DataArray type=\"Float32\" Name=\"s\" "
         "format=\"appended\" offset=\"0\"/></PointData></Piece></ImageData>\n"
         "<AppendedData encoding=\"raw\">\n_";
  out.write(reinterpret_cast<const char*>(&declaredBytes), 4);
  std::vector<float> values(payloadBytes / 4);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i % 7);
  out.write(reinterpret_cast<const char*>(values.data()),
            static_cast<std::streamsize>(values.size() * 4));
  out << "\n</AppendedData></VTKFile>\n";
  return file;
}

} // namespace cumed::imageinputtest
