#include "cumed/parallel/SlabImageFiles.h"

#include "cumed/core/Error.h"
#include "cumed/parallel/HaloExchange.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>
#include <vtkXMLImageDataWriter.h>

#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>

namespace cumed::parallel {
namespace {

constexpr char kArrayName[] = "scalars";

const char* XmlTypeName(PixelType type) {
  switch (type) {
  case PixelType::UInt8:
    return "UInt8";
  case PixelType::Int16:
    return "Int16";
  case PixelType::UInt16:
    return "UInt16";
  case PixelType::Float32:
    return "Float32";
  }
  return "unknown";
}

std::string ExtentText(const ImageGeometry& global, const Slab& slab) {
  return "0 " + std::to_string(global.size[0] - 1) + " 0 " + std::to_string(global.size[1] - 1) +
         " " + std::to_string(slab.begin) + " " + std::to_string(slab.end - 1);
}

template <std::size_t N> std::string Numbers(const std::array<double, N>& values) {
  std::ostringstream text;
  text << std::setprecision(17);
  for (std::size_t i = 0; i < N; ++i) text << (i ? " " : "") << values[i];
  return text.str();
}

} // namespace

std::filesystem::path SlabPieceName(const std::filesystem::path& pvti, int rank) {
  const std::string stem = pvti.stem().string();
  return std::filesystem::path(stem) / (stem + "_" + std::to_string(rank) + ".vti");
}

Slab SlabPiecePlanes(const std::vector<Slab>& slabs, int rank) {
  return HaloOf(slabs, rank, 0, 1).all();
}

void WriteSlabPiece(const std::filesystem::path& file, const void* pixels, PixelType type,
                    const ImageGeometry& global, const Slab& slab) {
  vtkNew<vtkImageData> image;
  ApplyGeometry(global, image); // the global origin: the extent places the planes
  image->SetExtent(0, int(global.size[0]) - 1, 0, int(global.size[1]) - 1, int(slab.begin),
                   int(slab.end) - 1);
  vtkSmartPointer<vtkDataArray> scalars;
  scalars.TakeReference(vtkDataArray::CreateDataArray(VtkScalarTypeOf(type)));
  scalars->SetName(kArrayName);
  // The writer only reads: it may look at the rank's result without a copy.
  scalars->SetVoidArray(const_cast<void*>(pixels),
                        vtkIdType(global.size[0] * global.size[1]) * vtkIdType(slab.planes()), 1);
  image->GetPointData()->SetScalars(scalars);
  vtkNew<vtkXMLImageDataWriter> writer;
  writer->SetInputData(image);
  writer->SetFileName(file.string().c_str());
  writer->SetDataModeToAppended();
  writer->EncodeAppendedDataOff();
  // Write() returns 1 when the file could not be opened too: the error code tells.
  if (writer->Write() != 1 || writer->GetErrorCode() != 0)
    throw Error("cannot write the piece '" + file.string() + "' (VTK error " +
                std::to_string(writer->GetErrorCode()) + ")");
}

void WriteSlabPieceIndex(const std::filesystem::path& file, const std::filesystem::path& finalName,
                         PixelType type, const ImageGeometry& global,
                         const std::vector<Slab>& slabs) {
  std::ofstream out(file, std::ios::binary);
  out << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"PImageData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <PImageData WholeExtent=\"" << ExtentText(global, {0, std::int64_t(global.size[2])})
      << "\" GhostLevel=\"0\" Origin=\"" << Numbers(global.origin) << "\" Spacing=\""
      << Numbers(global.spacing) << "\" Direction=\"" << Numbers(global.direction) << "\">\n"
      << "    <PPointData Scalars=\"" << kArrayName << "\">\n"
      << "      <PDataArray type=\"" << XmlTypeName(type) << "\" Name=\"" << kArrayName << "\"/>\n"
      << "    </PPointData>\n";
  for (std::size_t rank = 0; rank < slabs.size(); ++rank)
    if (!slabs[rank].empty())
      out << "    <Piece Extent=\"" << ExtentText(global, SlabPiecePlanes(slabs, int(rank)))
          << "\" Source=\"" << SlabPieceName(finalName, int(rank)).generic_string() << "\"/>\n";
  out << "  </PImageData>\n</VTKFile>\n";
  out.close();
  if (!out) throw Error("cannot write '" + file.string() + "'");
}

} // namespace cumed::parallel
