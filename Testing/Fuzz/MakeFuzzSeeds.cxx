// Writes the fuzzers' seed corpora (run by the CTest fixture cumed_fuzz_seeds):
//   OUTPUT/dicom_file/    single slices: a small phantom series and, when REAL_CT_DIR is given and
//                         holds DICOM files, a few real CT slices cropped to 32 x 32 pixels
//   OUTPUT/dicom_series/  the same slices joined into series inputs (FuzzSupport.h)
//   OUTPUT/image_file/    small volumes and a slice as .mha, .nii, .nii.gz and .nrrd
//   OUTPUT/mesh_file/     a tetrahedron as PLY (ascii, binary little/big endian, with strips),
//                         OBJ (every reference form) and STL (ascii, binary)
// Seeds are kept to a few kilobytes so that the fuzzers' mutations land in headers and structure.
// Usage: cumed_fuzz_make_seeds OUTPUT [REAL_CT_DIR]
#include "FuzzSupport.h"
#include "MeshFileSelector.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <itkCastImageFilter.h>
#include <itkImageFileWriter.h>
#include <itkRegionOfInterestImageFilter.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
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
