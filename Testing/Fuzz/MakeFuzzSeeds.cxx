// Writes the fuzzers' seed corpora (run by the CTest fixture cumed_fuzz_seeds):
//   OUTPUT/dicom_file/    single slices: a small phantom series and, when REAL_CT_DIR is given and
//                         holds DICOM files, a few real CT slices cropped to 32 x 32 pixels
//   OUTPUT/dicom_series/  the same slices joined into series inputs (FuzzSupport.h)
//   OUTPUT/image_file/    small volumes and a slice as .mha, .nii, .nii.gz and .nrrd
//   OUTPUT/mesh_file/     a tetrahedron as PLY (ascii, binary little/big endian, with strips),
//                         OBJ (every reference form) and STL (ascii, binary)
//   OUTPUT/frame_file/    small PIV frames of each accepted kind: PNG (gray 1/4/8/16-bit, RGB
//                         8/16, palette, interlaced), BMP (8-bit palette, 24-bit, bottom-up and
//                         top-down), TIFF (u8/i8/u16/i16/f32, 1/4-bit, RGB, strips, both byte
//                         orders, Deflate), written here byte by byte
// Seeds are kept to a few kilobytes so that the fuzzers' mutations land in headers and structure.
// Usage: cumed_fuzz_make_seeds OUTPUT [REAL_CT_DIR]
#include "FrameFileSelector.h"
#include "FuzzSupport.h"
#include "MeshFileSelector.h"
#include "ParameterFileSeeds.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <itkCastImageFilter.h>
#include <itkImageFileWriter.h>
#include <itkRegionOfInterestImageFilter.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataWriter.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace {

using cumed::io::HounsfieldImage;

constexpr unsigned kRealCtSlices = 3;
constexpr Uint16 kCropSize = 32;

std::string ReadBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open '" + file.string() + "'");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << bytes;
  out.close();
  if (!out) throw std::runtime_error("cannot write '" + file.string() + "'");
}

std::vector<fs::path> SortedFiles(const fs::path& directory) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Each slice alone, all of them as one series, and all but the last with a stray text file (the
// reader skips it with a warning).
void WriteDicomSeeds(const std::string& name, const std::vector<std::string>& slices,
                     const fs::path& output) {
  for (std::size_t i = 0; i < slices.size(); ++i)
    WriteBytes(output / "dicom_file" / (name + "-" + std::to_string(i) + ".dcm"), slices[i]);
  WriteBytes(output / "dicom_series" / (name + ".series"), cumed::fuzz::JoinSeriesInput(slices));
  std::vector<std::string> withStray(slices.begin(), slices.end() - 1);
  withStray.push_back("not a DICOM file\n");
  WriteBytes(output / "dicom_series" / (name + "-stray.series"),
             cumed::fuzz::JoinSeriesInput(withStray));
}

HounsfieldImage::Pointer Crop(const HounsfieldImage* image,
                              const HounsfieldImage::RegionType& region) {
  auto roi = itk::RegionOfInterestImageFilter<HounsfieldImage, HounsfieldImage>::New();
  roi->SetInput(image);
  roi->SetRegionOfInterest(region);
  roi->Update();
  return roi->GetOutput();
}

// The smallest phantom (32 voxels along each axis), cut to three slices through the chest.
HounsfieldImage::Pointer MakeSmallPhantom() {
  cumed::data::CtPhantomParameters parameters;
  parameters.size = {32, 32, 32};
  parameters.spacing = {10.0, 10.0, 10.0};
  return Crop(cumed::data::MakeCtPhantom(parameters).GetPointer(),
              HounsfieldImage::RegionType({0, 0, 14}, {32, 32, 3}));
}

std::vector<std::string> PhantomSlices(const HounsfieldImage* phantom, const fs::path& scratch) {
  const fs::path directory = scratch / "phantom";
  cumed::io::WriteDicomCtSeries(phantom, directory.string());
  std::vector<std::string> slices;
  for (const fs::path& file : SortedFiles(directory)) slices.push_back(ReadBytes(file));
  return slices;
}

// The centre kCropSize x kCropSize pixels of a native 16-bit slice, with Rows and Columns to
// match and the private elements removed (they only make the seed larger). Empty when the slice
// is not native 16-bit or smaller than the crop.
std::string CroppedSlice(const fs::path& file, const fs::path& scratch) {
  DcmFileFormat format;
  if (format.loadFile(file.string().c_str()).bad()) return {};
  DcmDataset* dataset = format.getDataset();
  Uint16 rows = 0, columns = 0, bitsAllocated = 0;
  const Uint16* pixels = nullptr;
  if (dataset->findAndGetUint16(DCM_Rows, rows).bad() ||
      dataset->findAndGetUint16(DCM_Columns, columns).bad() ||
      dataset->findAndGetUint16(DCM_BitsAllocated, bitsAllocated).bad() || bitsAllocated != 16 ||
      rows < kCropSize || columns < kCropSize ||
      dataset->findAndGetUint16Array(DCM_PixelData, pixels).bad() || !pixels)
    return {};
  std::vector<Uint16> crop;
  const std::size_t top = (rows - kCropSize) / 2, left = (columns - kCropSize) / 2;
  for (std::size_t r = top; r < top + kCropSize; ++r)
    crop.insert(crop.end(), pixels + r * columns + left, pixels + r * columns + left + kCropSize);
  for (unsigned long i = dataset->card(); i-- > 0;) {
    if (dataset->getElement(i)->getTag().isPrivate()) delete dataset->remove(i);
  }
  if (dataset->putAndInsertUint16Array(DCM_PixelData, crop.data(), crop.size()).bad() ||
      dataset->putAndInsertUint16(DCM_Rows, kCropSize).bad() ||
      dataset->putAndInsertUint16(DCM_Columns, kCropSize).bad())
    return {};
  const fs::path cropped = scratch / ("cropped-" + file.filename().string());
  if (format.saveFile(cropped.string().c_str(), dataset->getOriginalXfer()).bad()) return {};
  return ReadBytes(cropped);
}

std::vector<std::string> RealCtSlices(const fs::path& directory, const fs::path& scratch) {
  std::vector<std::string> slices;
  for (const fs::path& file : SortedFiles(directory)) {
    if (slices.size() == kRealCtSlices) break;
    std::string slice = CroppedSlice(file, scratch);
    if (!slice.empty()) slices.push_back(std::move(slice));
  }
  return slices;
}

template <class TImage>
void WriteImageSeed(const TImage* image, const std::string& extension, bool compress,
                    const std::string& name, const fs::path& output, const fs::path& scratch) {
  const fs::path file = scratch / (name + extension);
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->SetUseCompression(compress);
  writer->Update();
  const auto& extensions = cumed::fuzz::ImageFileExtensions();
  const auto selector = std::find(extensions.begin(), extensions.end(), extension);
  if (selector == extensions.end()) throw std::logic_error("no selector for " + extension);
  WriteBytes(output / "image_file" / (name + extension),
             std::string(1, char(selector - extensions.begin())) + ReadBytes(file));
}

template <class TOut, class TIn> typename TOut::Pointer Cast(const TIn* image) {
  auto cast = itk::CastImageFilter<TIn, TOut>::New();
  cast->SetInput(image);
  cast->Update();
  return cast->GetOutput();
}

void WriteImageSeeds(const HounsfieldImage* phantom, const fs::path& output,
                     const fs::path& scratch) {
  // 16 x 16 x 3 voxels from the middle of the phantom, and its middle slice as a 2D image.
  const HounsfieldImage::Pointer volume =
      Crop(phantom, HounsfieldImage::RegionType({8, 8, 0}, {16, 16, 3}));
  using Slice = itk::Image<std::int16_t, 2>;
  auto slice = Slice::New();
  slice->SetRegions(Slice::RegionType({16, 16}));
  slice->Allocate();
  std::copy_n(volume->GetBufferPointer() + 16 * 16, 16 * 16, slice->GetBufferPointer());
  using FloatVolume = itk::Image<float, 3>;
  using ByteVolume = itk::Image<std::uint8_t, 3>;

  WriteImageSeed(volume.GetPointer(), ".mha", false, "short-volume", output, scratch);
  WriteImageSeed(Cast<FloatVolume>(volume.GetPointer()).GetPointer(), ".mha", true,
                 "float-volume-compressed", output, scratch);
  WriteImageSeed(volume.GetPointer(), ".nii", false, "short-volume", output, scratch);
  WriteImageSeed(Cast<FloatVolume>(volume.GetPointer()).GetPointer(), ".nii.gz", true,
                 "float-volume", output, scratch);
  WriteImageSeed(Cast<ByteVolume>(volume.GetPointer()).GetPointer(), ".nrrd", false, "byte-volume",
                 output, scratch);
  WriteImageSeed(volume.GetPointer(), ".nrrd", true, "short-volume-gzip", output, scratch);
  WriteImageSeed(slice.GetPointer(), ".nrrd", false, "short-slice", output, scratch);
  WriteImageSeed(slice.GetPointer(), ".mha", false, "short-slice", output, scratch);
}

// A tetrahedron (4 points, 4 triangles) in each mesh format and encoding CuMed reads, each file
// after the byte that selects its extension (MeshFileSelector.h).
void WriteMeshSeeds(const fs::path& output) {
  fs::create_directories(output / "mesh_file");
  const auto& extensions = cumed::fuzz::MeshFileExtensions();
  const auto write = [&](const std::string& name, const std::string& bytes) {
    const std::string extension = fs::path(name).extension().string();
    const auto selector = std::find(extensions.begin(), extensions.end(), extension);
    if (selector == extensions.end()) throw std::logic_error("no selector for " + extension);
    WriteBytes(output / "mesh_file" / name,
               std::string(1, char(selector - extensions.begin())) + bytes);
  };
  const float points[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const int faces[4][3] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  const std::string header = "element vertex 4\nproperty float x\nproperty float y\n"
                             "property float z\nelement face 4\n"
                             "property list uchar int vertex_indices\nend_header\n";
  std::string ascii = "ply\nformat ascii 1.0\ncomment seed\n" + header;
  for (const auto& p : points)
    ascii += std::to_string(p[0]) + " " + std::to_string(p[1]) + " " + std::to_string(p[2]) + "\n";
  for (const auto& f : faces)
    ascii += "3 " + std::to_string(f[0]) + " " + std::to_string(f[1]) + " " + std::to_string(f[2]) +
             "\n";
  write("tetrahedron-ascii.ply", ascii);
  for (const bool big : {false, true}) {
    std::string binary = std::string("ply\nformat ") +
                         (big ? "binary_big_endian" : "binary_little_endian") + " 1.0\n" + header;
    const auto put = [&](const void* value, std::size_t size) {
      std::string bytes(static_cast<const char*>(value), size);
      if (big) std::reverse(bytes.begin(), bytes.end());
      binary += bytes;
    };
    for (const auto& p : points)
      for (const float c : p) put(&c, 4);
    for (const auto& f : faces) {
      binary.push_back(3);
      for (const int id : f) put(&id, 4);
    }
    write(big ? "tetrahedron-big.ply" : "tetrahedron-little.ply", binary);
  }
  write("strips.ply", "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\n"
                      "property float y\nproperty float z\nelement tristrips 1\n"
                      "property list int int vertex_indices\nend_header\n"
                      "0 0 0\n1 0 0\n0 1 0\n0 0 1\n6 0 1 2 3 -1 1\n");
  std::string obj = "# seed\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\n"
                    "vt 1 1\nvn 0 0 1\ng tetrahedron\n";
  obj += "f 1 3 2\nf 1/1 2/2 4/4\nf 1//1 4//1 3//1\nf -3/-3/1 -2/-2/1 -1/-1/1\n";
  write("tetrahedron.obj", obj);
  std::string stl = "solid tetrahedron\n";
  std::string binaryStl(80, '\0');
  const std::uint32_t count = 4;
  binaryStl.append(reinterpret_cast<const char*>(&count), 4);
  for (const auto& f : faces) {
    stl += " facet normal 0 0 0\n  outer loop\n";
    const float normal[3] = {0, 0, 0};
    binaryStl.append(reinterpret_cast<const char*>(normal), 12);
    for (const int id : f) {
      stl += "   vertex " + std::to_string(points[id][0]) + " " + std::to_string(points[id][1]) +
             " " + std::to_string(points[id][2]) + "\n";
      binaryStl.append(reinterpret_cast<const char*>(points[id]), 12);
    }
    binaryStl.append(2, '\0');
    stl += "  endloop\n endfacet\n";
  }
  write("tetrahedron-ascii.stl", stl + "endsolid tetrahedron\n");
  write("tetrahedron-binary.stl", binaryStl);

  // .vtp as VTK's own writer makes it, in the encodings the check reads differently: ascii
  // words, inline base64, appended raw and base64, zlib and LZ4 blocks (small blocks, so that
  // there are several), UInt32 and UInt64 headers, both byte orders.
  vtkNew<vtkPoints> vtkPointsOfTetrahedron;
  for (const auto& p : points) vtkPointsOfTetrahedron->InsertNextPoint(p[0], p[1], p[2]);
  vtkNew<vtkCellArray> polys;
  for (const auto& face : faces) {
    polys->InsertNextCell(3);
    for (const int id : face) polys->InsertCellPoint(id);
  }
  vtkNew<vtkPolyData> tetrahedron;
  tetrahedron->SetPoints(vtkPointsOfTetrahedron);
  tetrahedron->SetPolys(polys);
  struct VtpSeed {
    const char* name;
    int mode; // 0 ascii, 1 binary, 2 appended
    bool base64;
    int compressor; // 0 none, 1 zlib, 2 LZ4
    bool header64, bigEndian;
  };
  const VtpSeed vtpSeeds[] = {{"tetrahedron-ascii.vtp", 0, false, 0, false, false},
                              {"tetrahedron-binary-zlib.vtp", 1, true, 1, false, false},
                              {"tetrahedron-appended-raw.vtp", 2, false, 0, false, false},
                              {"tetrahedron-appended-raw-lz4.vtp", 2, false, 2, true, false},
                              {"tetrahedron-appended-base64-zlib.vtp", 2, true, 1, true, true}};
  for (const VtpSeed& seed : vtpSeeds) {
    vtkNew<vtkXMLPolyDataWriter> writer;
    writer->SetInputData(tetrahedron);
    writer->WriteToOutputStringOn();
    if (seed.mode == 0) writer->SetDataModeToAscii();
    if (seed.mode == 1) writer->SetDataModeToBinary();
    if (seed.mode == 2) writer->SetDataModeToAppended();
    writer->SetEncodeAppendedData(seed.base64);
    if (seed.compressor == 0) writer->SetCompressorTypeToNone();
    if (seed.compressor == 1) writer->SetCompressorTypeToZLib();
    if (seed.compressor == 2) writer->SetCompressorTypeToLZ4();
    writer->SetBlockSize(32);
    if (seed.header64) writer->SetHeaderTypeToUInt64();
    if (seed.bigEndian)
      writer->SetByteOrderToBigEndian();
    else
      writer->SetByteOrderToLittleEndian();
    if (writer->Write() != 1) throw std::runtime_error(std::string("cannot write ") + seed.name);
    write(seed.name, writer->GetOutputString());
  }
}

// ---- PIV frames (FrameFileSelector.h), each file after the byte that selects its extension.
void PutInt(std::string& out, std::uint64_t value, int bytes, bool bigEndian) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(char((value >> (8 * (bigEndian ? bytes - 1 - i : i))) & 0xff));
}

std::string Zlib(const std::string& data) {
  uLongf size = compressBound(uLong(data.size()));
  std::string out(size, '\0');
  if (compress(reinterpret_cast<Bytef*>(&out[0]), &size,
               reinterpret_cast<const Bytef*>(data.data()), uLong(data.size())) != Z_OK)
    throw std::runtime_error("zlib cannot compress a seed");
  out.resize(size);
  return out;
}

// `samples` per pixel, packed MSB first at `bits` (big-endian for 16) into rows of `width`.
std::string PackRow(const std::vector<std::uint32_t>& samples, std::size_t first, std::size_t count,
                    int bits, bool bigEndian) {
  std::string row;
  std::uint32_t buffer = 0;
  int used = 0;
  for (std::size_t i = first; i < first + count; ++i) {
    if (bits >= 8) {
      PutInt(row, samples[i], bits / 8, bigEndian);
      continue;
    }
    buffer = (buffer << bits) | samples[i];
    used += bits;
    if (used == 8) row.push_back(char(buffer)), buffer = 0, used = 0;
  }
  if (used) row.push_back(char(buffer << (8 - used)));
  return row;
}

void PngChunk(std::string& out, const std::string& type, const std::string& data) {
  PutInt(out, data.size(), 4, true);
  const std::string typed = type + data;
  out += typed;
  PutInt(out, crc32(0, reinterpret_cast<const Bytef*>(typed.data()), uInt(typed.size())), 4, true);
}

std::string Png(int width, int height, int bitDepth, int colourType, bool interlace,
                const std::vector<std::uint32_t>& samples, const std::string& palette = "") {
  const int channels = colourType == 2 ? 3 : 1;
  std::string raw;
  const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
  const int y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
  for (int pass = 0; pass < (interlace ? 7 : 1); ++pass) {
    const int sx = interlace ? x0[pass] : 0, sy = interlace ? y0[pass] : 0;
    const int stepX = interlace ? dx[pass] : 1, stepY = interlace ? dy[pass] : 1;
    if (sx >= width || sy >= height) continue;
    for (int y = sy; y < height; y += stepY) {
      std::vector<std::uint32_t> row;
      for (int x = sx; x < width; x += stepX)
        for (int c = 0; c < channels; ++c)
          row.push_back(samples[(std::size_t(y) * width + x) * channels + c]);
      raw.push_back(0);
      raw += PackRow(row, 0, row.size(), bitDepth, true);
    }
  }
  std::string out("\x89PNG\r\n\x1a\n", 8), ihdr;
  PutInt(ihdr, width, 4, true);
  PutInt(ihdr, height, 4, true);
  ihdr += {char(bitDepth), char(colourType), 0, 0, char(interlace ? 1 : 0)};
  PngChunk(out, "IHDR", ihdr);
  if (colourType == 3) PngChunk(out, "PLTE", palette);
  PngChunk(out, "IDAT", Zlib(raw));
  PngChunk(out, "IEND", "");
  return out;
}

std::string Bmp(int width, int height, int bits, bool topDown,
                const std::vector<std::uint32_t>& samples, int colours) {
  const std::size_t stride = (std::size_t(width) * bits + 31) / 32 * 4;
  std::string palette, pixels;
  for (int i = 0; i < colours; ++i)
    palette += {char(i * 255 / std::max(1, colours - 1)), char(i * 7), char(255 - i), 0};
  for (int r = 0; r < height; ++r) {
    const int y = topDown ? r : height - 1 - r;
    std::string row =
        PackRow(samples, std::size_t(y) * width * (bits / 8), width * (bits / 8), 8, false);
    row.resize(stride, '\0');
    pixels += row;
  }
  std::string out = "BM";
  PutInt(out, 54 + palette.size() + pixels.size(), 4, false);
  PutInt(out, 0, 4, false);
  PutInt(out, 54 + palette.size(), 4, false);
  for (const auto& [value, bytes] :
       std::vector<std::pair<std::uint64_t, int>>{{40, 4},
                                                  {width, 4},
                                                  {std::uint32_t(topDown ? -height : height), 4},
                                                  {1, 2},
                                                  {bits, 2},
                                                  {0, 4},
                                                  {pixels.size(), 4},
                                                  {2835, 4},
                                                  {2835, 4},
                                                  {colours, 4},
                                                  {0, 4}})
    PutInt(out, value, bytes, false);
  return out + palette + pixels;
}

std::string Tiff(int width, int height, int bits, int format, int samplesPerPixel, bool bigEndian,
                 int rowsPerStrip, bool deflate, const std::vector<std::uint32_t>& samples) {
  const bool be = bigEndian;
  std::string out = be ? "MM" : "II";
  PutInt(out, 42, 2, be);
  PutInt(out, 0, 4, be);
  std::vector<std::uint64_t> offsets, counts;
  const std::size_t perRow = std::size_t(width) * samplesPerPixel;
  for (int y0 = 0; y0 < height; y0 += rowsPerStrip) {
    std::string strip;
    for (int y = y0; y < std::min(height, y0 + rowsPerStrip); ++y)
      strip += PackRow(samples, y * perRow, perRow, bits, be);
    if (deflate) strip = Zlib(strip);
    offsets.push_back(out.size());
    counts.push_back(strip.size());
    out += strip;
    if (out.size() % 2) out.push_back('\0');
  }
  const std::uint64_t ifd = out.size();
  for (int i = 0; i < 4; ++i) out[4 + i] = char((ifd >> (8 * (be ? 3 - i : i))) & 0xff);
  const std::vector<std::tuple<int, int, std::vector<std::uint64_t>>> fields{
      {256, 4, {std::uint64_t(width)}},
      {257, 4, {std::uint64_t(height)}},
      {258, 3, std::vector<std::uint64_t>(samplesPerPixel, bits)},
      {259, 3, {deflate ? 8u : 1u}},
      {262, 3, {samplesPerPixel == 3 ? 2u : 1u}},
      {273, 4, offsets},
      {277, 3, {std::uint64_t(samplesPerPixel)}},
      {278, 4, {std::uint64_t(rowsPerStrip)}},
      {279, 4, counts},
      {339, 3, std::vector<std::uint64_t>(samplesPerPixel, format)}};
  std::string extra;
  const std::uint64_t extraAt = ifd + 2 + 12 * fields.size() + 4;
  PutInt(out, fields.size(), 2, be);
  for (const auto& [tag, type, values] : fields) {
    std::string bytes;
    for (const std::uint64_t v : values) PutInt(bytes, v, type == 3 ? 2 : 4, be);
    PutInt(out, tag, 2, be);
    PutInt(out, type, 2, be);
    PutInt(out, values.size(), 4, be);
    if (bytes.size() <= 4) {
      bytes.resize(4, '\0');
      out += bytes;
    } else {
      PutInt(out, extraAt + extra.size(), 4, be);
      extra += bytes;
    }
  }
  PutInt(out, 0, 4, be);
  return out + extra;
}

void WriteFrameSeeds(const fs::path& output) {
  fs::create_directories(output / "frame_file");
  const auto& extensions = cumed::fuzz::FrameFileExtensions();
  const auto write = [&](const std::string& name, const std::string& bytes) {
    const std::string extension = fs::path(name).extension().string();
    const auto selector = std::find(extensions.begin(), extensions.end(), extension);
    if (selector == extensions.end()) throw std::logic_error("no selector for " + extension);
    const auto index = selector - extensions.begin();
    WriteBytes(output / "frame_file" / name, std::string(1, char(index)) + bytes);
    // PNGs once more with the selector that repairs CRCs (FrameFileSelector.h).
    if (extension == ".png")
      WriteBytes(output / "frame_file" / ("crc-repaired-" + name),
                 std::string(1, char(index + extensions.size())) + bytes);
  };
  std::mt19937 random(2024);
  const auto values = [&](std::size_t n, std::uint32_t top) {
    std::vector<std::uint32_t> v(n);
    for (auto& x : v) x = std::uniform_int_distribution<std::uint32_t>(0, top)(random);
    return v;
  };
  write("gray8.png", Png(5, 3, 8, 0, false, values(15, 255)));
  write("gray16.png", Png(4, 4, 16, 0, false, values(16, 65535)));
  write("gray1.png", Png(7, 2, 1, 0, false, values(14, 1)));
  write("gray4-interlaced.png", Png(9, 5, 4, 0, true, values(45, 15)));
  write("gray8-interlaced.png", Png(3, 3, 8, 0, true, values(9, 255)));
  write("rgb8.png", Png(3, 3, 8, 2, false, values(27, 255)));
  write("rgb16.png", Png(2, 2, 16, 2, false, values(12, 65535)));
  write("palette8.png", Png(6, 4, 8, 3, false, values(24, 3),
                            std::string("\0\0\0\x40\x40\x40\x80\x80\x80\xff\xff\xff", 12)));
  write("palette2.png",
        Png(5, 2, 2, 3, false, values(10, 3), "\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0"));
  write("palette8.bmp", Bmp(5, 3, 8, false, values(15, 255), 256));
  write("palette16-topdown.bmp", Bmp(4, 2, 8, true, values(8, 15), 16));
  write("rgb24.bmp", Bmp(3, 3, 24, false, values(27, 255), 0));
  write("rgb24-topdown.bmp", Bmp(2, 3, 24, true, values(18, 255), 0));
  write("u8.tif", Tiff(5, 3, 8, 1, 1, false, 3, false, values(15, 255)));
  write("u8-strips-be.tif", Tiff(4, 5, 8, 1, 1, true, 2, false, values(20, 255)));
  write("i8.tif", Tiff(3, 2, 8, 2, 1, false, 2, false, values(6, 255)));
  write("u16.tif", Tiff(3, 3, 16, 1, 1, false, 1, false, values(9, 65535)));
  write("i16-be.tif", Tiff(3, 2, 16, 2, 1, true, 2, false, values(6, 65535)));
  write("f32.tif",
        Tiff(2, 2, 32, 3, 1, false, 2, false, {0x3f800000u, 0xc0000000u, 0x42c80000u, 0}));
  write("bits1.tif", Tiff(9, 2, 1, 1, 1, false, 2, false, values(18, 1)));
  write("bits4-be.tif", Tiff(3, 3, 4, 1, 1, true, 3, false, values(9, 15)));
  write("rgb8.tif", Tiff(2, 2, 8, 1, 3, false, 2, false, values(12, 255)));
  write("rgb16-be.tif", Tiff(2, 2, 16, 1, 3, true, 1, false, values(12, 65535)));
  write("u8-deflate.tif", Tiff(6, 4, 8, 1, 1, false, 2, true, values(24, 255)));
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: cumed_fuzz_make_seeds OUTPUT [REAL_CT_DIR]\n";
    return 2;
  }
  try {
    cumed::fuzz::QuietLibraries();
    const fs::path output = argv[1];
    fs::remove_all(output);
    for (const char* corpus : {"dicom_file", "dicom_series", "image_file"})
      fs::create_directories(output / corpus);
    const cumed::fuzz::ScratchDirectory scratch("seeds");

    const HounsfieldImage::Pointer phantom = MakeSmallPhantom();
    WriteDicomSeeds("phantom", PhantomSlices(phantom.GetPointer(), scratch.path()), output);
    WriteImageSeeds(phantom.GetPointer(), output, scratch.path());
    WriteMeshSeeds(output);
    WriteFrameSeeds(output);
    cumed::fuzz::WriteParameterFileSeeds(output);

    if (argc == 3 && fs::is_directory(argv[2])) {
      const std::vector<std::string> real = RealCtSlices(argv[2], scratch.path());
      if (real.empty())
        throw std::runtime_error(std::string("no native 16-bit DICOM slice of at least ") +
                                 std::to_string(kCropSize) + " x " + std::to_string(kCropSize) +
                                 " pixels in '" + argv[2] + "'");
      WriteDicomSeeds("real-ct", real, output);
      std::cout << "seeds: " << real.size() << " real CT slices from " << argv[2] << "\n";
    } else {
      std::cout << "seeds: no real CT series (" << (argc == 3 ? argv[2] : "none given")
                << "); phantom and generated images only\n";
    }
    std::cout << "seeds written to " << output.string() << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cumed_fuzz_make_seeds: " << e.what() << "\n";
    return 1;
  }
}
