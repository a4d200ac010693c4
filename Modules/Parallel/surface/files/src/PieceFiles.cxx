#include "cumed/parallel/PieceFiles.h"

#include "cumed/core/Error.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkDataSetAttributes.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkUnsignedCharArray.h>

#include <cstdint>
#include <fstream>
#include <string>

namespace cumed::parallel {
namespace fs = std::filesystem;

fs::path PieceName(const fs::path& pvtp, int rank) {
  return pvtp.parent_path() / (pvtp.stem().string() + "_" + std::to_string(rank) + ".vtp");
}

void WritePiece(const StandalonePiece& piece, const fs::path& file) {
  vtkNew<vtkPolyData> polyData;
  ToVtkPolyData(piece.mesh, polyData);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  ghosts->SetNumberOfValues(piece.mesh.numberOfPoints());
  for (std::int64_t p = 0; p < piece.mesh.numberOfPoints(); ++p) {
    ghosts->SetValue(p, p < piece.ownPoints ? 0 : vtkDataSetAttributes::DUPLICATEPOINT);
  }
  polyData->GetPointData()->AddArray(ghosts);
  meshio::WriteVtp(polyData, file);
}

void WritePvtp(const fs::path& file, int pieces, bool normals, const fs::path& finalName) {
  std::ofstream out(file, std::ios::binary);
  out << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"PPolyData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <PPolyData GhostLevel=\"0\">\n"
      << "    <PPointData" << (normals ? " Normals=\"Normals\"" : "") << ">\n";
  if (normals) {
    out << "      <PDataArray type=\"Float32\" Name=\"Normals\" NumberOfComponents=\"3\"/>\n";
  }
  out << "      <PDataArray type=\"UInt8\" Name=\"" << vtkDataSetAttributes::GhostArrayName()
      << "\"/>\n"
      << "    </PPointData>\n"
      << "    <PPoints>\n"
      << "      <PDataArray type=\"Float32\" Name=\"Points\" NumberOfComponents=\"3\"/>\n"
      << "    </PPoints>\n";
  for (int r = 0; r < pieces; ++r) {
    out << "    <Piece Source=\"" << PieceName(finalName, r).filename().string() << "\"/>\n";
  }
  out << "  </PPolyData>\n</VTKFile>\n";
  out.close();
  if (!out) throw cumed::Error("'" + finalName.string() + "': writing failed");
}

} // namespace cumed::parallel
