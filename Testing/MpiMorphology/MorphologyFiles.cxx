// Test helper of cumed-mpi-morphology's smoke test:
//   make-volume OUT.mha values|mask [PLANES]
//                              a random int16 volume (or 0/1 mask) with an oblique direction
//   compare A B.mha            A (.mha, or .pvti read by vtkXMLPImageDataReader) has B's voxels
//                              and geometry (a .pvti's direction aside); exit 0 when identical,
//                              1 otherwise (printed).
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLPImageDataReader.h>

#include <cmath>
#include <cstring>
#include <iostream>
#include <random>
#include <string>

namespace {

using Volume = itk::Image<std::int16_t, 3>;

int MakeVolume(const std::string& file, const std::string& type, std::size_t planes) {
  cumed::ImageGeometry geometry;
  geometry.size = {21, 17, planes};
  geometry.spacing = {0.8, 0.9, 1.7};
  geometry.origin = {-12.5, 3.25, 40};
  geometry.direction = {0, 1, 0, -1, 0, 0, 0, 0, 1}; // rotated about z
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  std::mt19937 random(17);
  auto* values = static_cast<std::int16_t*>(image.data());
  for (std::size_t i = 0; i < geometry.numberOfPixels(); ++i)
    values[i] = type == "mask" ? std::int16_t(random() % 3 == 0)
                               : std::int16_t(int(random() % 4001) - 2000);
  auto writer = itk::ImageFileWriter<Volume>::New();
  writer->SetInput(cumed::ToItkImage<Volume>(std::move(image)));
  writer->SetFileName(file);
  writer->Update();
  return 0;
}

bool Near(double a, double b) {
  return std::abs(a - b) <= 1e-9 * (1 + std::abs(b));
}

int Compare(const std::string& actual, const std::string& expectedFile) {
  auto reader = itk::ImageFileReader<Volume>::New();
  reader->SetFileName(expectedFile);
  reader->Update();
  const cumed::ImageGeometry want = cumed::GeometryOf(*reader->GetOutput());
  const std::int16_t* expected = reader->GetOutput()->GetBufferPointer();
  cumed::ImageGeometry got;
  std::vector<std::int16_t> values;
  const bool pieces = actual.size() > 5 && actual.compare(actual.size() - 5, 5, ".pvti") == 0;
  if (pieces) {
    vtkNew<vtkXMLPImageDataReader> reader;
    reader->SetFileName(actual.c_str());
    reader->Update();
    vtkImageData* image = reader->GetOutput();
    vtkDataArray* scalars = image->GetPointData()->GetScalars();
    if (!scalars || scalars->GetDataType() != VTK_SHORT) {
      std::cerr << actual << ": no int16 scalars\n";
      return 1;
    }
    got = cumed::GeometryOf(image);
    values.resize(std::size_t(scalars->GetNumberOfTuples()));
    std::memcpy(values.data(), scalars->GetVoidPointer(0), values.size() * 2);
  } else {
    auto other = itk::ImageFileReader<Volume>::New();
    other->SetFileName(actual);
    other->Update();
    got = cumed::GeometryOf(*other->GetOutput());
    const std::int16_t* data = other->GetOutput()->GetBufferPointer();
    values.assign(data, data + got.numberOfPixels());
  }
  bool same = got.size == want.size;
  for (int i = 0; i < 3; ++i)
    same = same && Near(got.spacing[i], want.spacing[i]) && Near(got.origin[i], want.origin[i]);
  // VTK 9.1's vtkXMLPImageDataReader does not read the Direction the .pvti and its pieces hold
  // (the smoke test checks the files' text for it).
  for (int i = 0; i < 9 && !pieces; ++i) same = same && Near(got.direction[i], want.direction[i]);
  if (!same) {
    std::cerr << actual << ": geometry differs from " << expectedFile << ": origin "
              << got.origin[0] << "," << got.origin[1] << "," << got.origin[2] << " direction "
              << got.direction[0] << "," << got.direction[1] << " spacing " << got.spacing[0]
              << " size " << got.size[0] << "x" << got.size[1] << "x" << got.size[2] << "\n";
    return 1;
  }
  std::size_t differing = 0;
  for (std::size_t i = 0; i < values.size(); ++i) differing += values[i] != expected[i];
  std::cout << actual << ": " << differing << " of " << values.size() << " voxels differ from "
            << expectedFile << "\n";
  return differing == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  try {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "make-volume" && (argc == 4 || argc == 5))
      return MakeVolume(argv[2], argv[3], argc == 5 ? std::stoul(argv[4]) : 13);
    if (mode == "compare" && argc == 4) return Compare(argv[2], argv[3]);
    std::cerr << "usage: make-volume OUT.mha values|mask [PLANES] | compare A B.mha\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
}
