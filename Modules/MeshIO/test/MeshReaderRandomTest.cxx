// Randomized differential test of CuMed's mesh file readers against VTK's (vtkPLYReader,
// vtkOBJReader, vtkSTLReader): each case draws a mesh and writes it (MeshFileWriters.h) in one
// variation of its format, and ReadSurfaceMesh must give VTK's points and triangles exactly, bit
// for bit, in VTK's order. Variations drawn:
//   PLY: ascii, binary little/big endian; coordinates of each of the 8 scalar types (both names
//        of each type), integer extremes, -0, huge and tiny floats, doubles that round; extra
//        vertex and face properties (scalars and lists) anywhere among x, y, z and
//        vertex_indices (or vertex_index); list count and index types of every integer type;
//        comments, obj_info, an extra element after the faces; an empty face element; a
//        tristrips element (checked against the strips as drawn: vtkPLYReader skips it). An
//        ascii file with lists VTK does not read is compared with VTK's reading of its binary
//        twin: vtkPLYReader 9.1 misreads (under ASan: crashes on) such ascii lists.
//   OBJ: coordinates as %.9g floats, %.17g doubles (rounded by strtof as VTK's stream does),
//        integers, '+' signs and exponents, trailing comments; faces of 3..6 corners as i, i/j,
//        i//k, i/j/k, positive or negative (relative) references, faces before the vertices;
//        comments, g/o/s/usemtl/ mtllib lines, blank lines, CRLF, continuation lines. Texture and
//        normal references that differ from the vertex's: VTK duplicates the points per corner,
//        CuMed keeps the file's (MeshReader.h), so those cases compare every triangle corner's
//        coordinates.
//   STL: binary and ascii (several solids, keywords in any case, indentation, color lines),
//        repeated points, 0 and -0, degenerate triangles (VTK merges points and drops them).
// The run's seed and each failing case's reproducer are printed (cumed/test/RandomCases.h).
#include "MeshFileWriters.h"
#include "cumed/core/Error.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/test/RandomCases.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkCellArrayIterator.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkObject.h>
#include <vtkPLYReader.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

namespace cumed::meshio::test {
namespace {
namespace fs = std::filesystem;
using cumed::test::RandomDraw;

class ScratchDir {
public:
  ScratchDir()
      : path_(fs::temp_directory_path() / ("cumed-mesh-random-" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string Write(const std::string& name, const std::string& bytes) const {
    const fs::path file = path_ / name;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    return file.string();
  }

private:
  fs::path path_;
};

template <class Reader> vtkSmartPointer<vtkPolyData> ReadWithVtk(const std::string& file) {
  vtkNew<Reader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  return reader->GetOutput();
}

std::vector<std::uint32_t> Bits(const MeshArray<float>& values) {
  std::vector<std::uint32_t> bits(values.size());
  if (!values.empty()) std::memcpy(bits.data(), values.data(), values.size() * sizeof(float));
  return bits;
}

std::vector<std::int64_t> Ids(const MeshArray<std::int64_t>& ids) {
  return std::vector<std::int64_t>(ids.begin(), ids.end());
}

std::vector<std::vector<std::int64_t>> CellsOf(vtkCellArray* cells) {
  std::vector<std::vector<std::int64_t>> out;
  if (!cells) return out;
  auto iterator = vtk::TakeSmartPointer(cells->NewIterator());
  vtkIdType n = 0;
  const vtkIdType* ids = nullptr;
  for (iterator->GoToFirstCell(); !iterator->IsDoneWithTraversal(); iterator->GoToNextCell()) {
    iterator->GetCurrentCell(n, ids);
    out.emplace_back(ids, ids + n);
  }
  return out;
}

std::vector<std::uint32_t> PointBits(vtkPolyData* data) {
  std::vector<std::uint32_t> bits;
  for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p)
    for (int a = 0; a < 3; ++a) {
      const float value = static_cast<float>(data->GetPoints()->GetData()->GetComponent(p, a));
      std::uint32_t b;
      std::memcpy(&b, &value, 4);
      bits.push_back(b);
    }
  return bits;
}

/// ReadSurfaceMesh(file) must equal FromVtkPolyData(reference) exactly, or both have no
/// triangles (ReadSurfaceMesh then refuses the file).
void ExpectSameSurface(const std::string& file, vtkPolyData* reference, bool cornersOnly = false) {
  const SurfaceMesh expected = FromVtkPolyData(reference);
  if (expected.numberOfTriangles() == 0) {
    try {
      ReadSurfaceMesh(file);
      ADD_FAILURE() << "VTK's reference has no triangles; CuMed read some";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("no triangles"), std::string::npos) << e.what();
    }
    return;
  }
  SurfaceMesh ours;
  try {
    ours = ReadSurfaceMesh(file);
  } catch (const std::exception& e) {
    FAIL() << "CuMed refused a file VTK reads: " << e.what();
  }
  if (!cornersOnly) {
    EXPECT_EQ(Bits(ours.points), Bits(expected.points)) << "points differ";
    EXPECT_EQ(Ids(ours.triangles), Ids(expected.triangles)) << "triangles differ";
    return;
  }
  ASSERT_EQ(ours.numberOfTriangles(), expected.numberOfTriangles());
  for (std::int64_t t = 0; t < ours.numberOfTriangles(); ++t)
    for (int c = 0; c < 3; ++c)
      for (int a = 0; a < 3; ++a) {
        const float mine = ours.points[3 * ours.triangles[3 * t + c] + a];
        const float theirs = expected.points[3 * expected.triangles[3 * t + c] + a];
        ASSERT_EQ(std::memcmp(&mine, &theirs, 4), 0)
            << "triangle " << t << " corner " << c << ": " << mine << " vs " << theirs;
      }
}

// --- drawing ------------------------------------------------------------------------------------

double IntegerCoordinate(RandomDraw& draw, PlyType type) {
  static const double lows[] = {-128, 0, -32768, 0, -2147483648.0, 0};
  static const double highs[] = {127, 255, 32767, 65535, 2147483647.0, 4294967295.0};
  const double low = lows[static_cast<int>(type)], high = highs[static_cast<int>(type)];
  switch (draw.integer(0, 5)) {
  case 0:
    return low;
  case 1:
    return high;
  case 2:
    return 0;
  default:
    return std::floor(draw.real(low, high));
  }
}

double RealCoordinate(RandomDraw& draw, bool single) {
  double value = 0;
  switch (draw.integer(0, 7)) {
  case 0:
    value = draw.integer(-5, 5);
    break;
  case 1:
    value = -0.0;
    break;
  case 2:
    value = draw.real(-1e30, 1e30);
    break;
  case 3:
    value = draw.real(-1e-30, 1e-30);
    break;
  case 4:
    value = draw.chance(0.5) ? 3.4e38 : -3.4e38;
    break;
  default:
    value = draw.real(-1000, 1000);
  }
  return single ? static_cast<double>(static_cast<float>(value)) : value;
}

struct DrawnMesh {
  std::vector<double> xyz; ///< x,y,z per point, exact in the coordinates' type
  std::vector<std::vector<std::int64_t>> faces;
};

DrawnMesh DrawMesh(RandomDraw& draw, const std::function<double()>& coordinate, int maxCorners) {
  DrawnMesh mesh;
  const int points = draw.edgy(3, 40);
  for (int p = 0; p < points; ++p) {
    if (p > 0 && draw.chance(0.2)) { // a repeat (STL merges it), sometimes with -0 for 0
      const int other = draw.integer(0, p - 1);
      for (int a = 0; a < 3; ++a) {
        const double value = mesh.xyz[3 * other + a];
        mesh.xyz.push_back(value == 0 && draw.chance(0.5) ? -value : value);
      }
      continue;
    }
    for (int a = 0; a < 3; ++a) mesh.xyz.push_back(coordinate());
  }
  const int faces = draw.edgy(1, 30);
  for (int f = 0; f < faces; ++f) {
    std::vector<std::int64_t> face(static_cast<std::size_t>(draw.edgy(3, maxCorners)));
    for (std::int64_t& id : face) id = draw.integer(0, points - 1);
    mesh.faces.push_back(face);
  }
  return mesh;
}

// --- PLY ----------------------------------------------------------------------------------------

struct PlyProp {
  std::string name;
  bool list = false;
  PlyType countType = PlyType::UInt8;
  PlyType type = PlyType::Float32;
};

PlyType AnyIntegerType(RandomDraw& draw) {
  return static_cast<PlyType>(draw.integer(0, 5));
}

double ValueOfType(RandomDraw& draw, PlyType type) {
  return IsIntegerType(type) ? IntegerCoordinate(draw, type)
                             : RealCoordinate(draw, type == PlyType::Float32);
}

void RandomPlyCase(RandomDraw& draw, const ScratchDir& dir) {
  const auto encoding = static_cast<PlyEncoding>(draw.integer(0, 2));
  const auto coordinateType = static_cast<PlyType>(draw.integer(0, 7));
  const DrawnMesh mesh = DrawMesh(
      draw, [&] { return ValueOfType(draw, coordinateType); }, 6);
  const std::int64_t points = static_cast<std::int64_t>(mesh.xyz.size() / 3);
  SCOPED_TRACE("PLY, encoding " + std::to_string(int(encoding)) + ", coordinates " +
               PlyTypeName(coordinateType) + ", " + std::to_string(points) + " points");

  // Vertex properties: x, y, z in order with extras anywhere between them.
  std::vector<PlyProp> vertexProps = {{"x", false, PlyType::UInt8, coordinateType},
                                      {"y", false, PlyType::UInt8, coordinateType},
                                      {"z", false, PlyType::UInt8, coordinateType}};
  const std::vector<PlyProp> extras = {{"nx", false, PlyType::UInt8, PlyType::Float32},
                                       {"red", false, PlyType::UInt8, PlyType::UInt8},
                                       {"quality", false, PlyType::UInt8, PlyType::Float64},
                                       {"flags", false, PlyType::UInt8, PlyType::Int16},
                                       {"neighbours", true, PlyType::UInt8, PlyType::Int32}};
  for (const PlyProp& extra : extras)
    if (draw.chance(0.3))
      vertexProps.insert(vertexProps.begin() + draw.integer(0, int(vertexProps.size())), extra);
  // Face properties: the list with random count and index types, extras around it.
  const PlyType countType = AnyIntegerType(draw);
  PlyType indexType = AnyIntegerType(draw);
  std::vector<PlyProp> faceProps = {
      {draw.chance(0.5) ? "vertex_indices" : "vertex_index", true, countType, indexType}};
  const std::vector<PlyProp> faceExtras = {{"intensity", false, PlyType::UInt8, PlyType::UInt8},
                                           {"flags", false, PlyType::UInt8, PlyType::Int32},
                                           {"weights", true, PlyType::UInt16, PlyType::Float32}};
  for (const PlyProp& extra : faceExtras)
    if (draw.chance(0.3))
      faceProps.insert(faceProps.begin() + draw.integer(0, int(faceProps.size())), extra);
  const bool emptyFaces = draw.chance(0.1);
  const bool edges = draw.chance(0.3);
  const bool strips = draw.chance(0.3);
  std::vector<std::vector<std::int64_t>> stripLists, expectedStrips;
  if (strips) {
    for (int s = draw.integer(1, 2); s > 0; --s) {
      std::vector<std::int64_t> list;
      std::vector<std::int64_t> run;
      for (int k = draw.integer(0, 12); k > 0; --k) {
        if (draw.chance(0.2)) {
          list.push_back(-1);
          if (run.size() >= 3) expectedStrips.push_back(run);
          run.clear();
        } else {
          list.push_back(draw.integer(0, int(points) - 1));
          run.push_back(list.back());
        }
      }
      if (run.size() >= 3) expectedStrips.push_back(run);
      stripLists.push_back(list);
    }
  }

  // The file in an encoding; `d` is a copy of the case's draw, so that every encoding gets the
  // same header and values.
  const auto write = [&](PlyEncoding encoding, RandomDraw d) {
    RandomDraw& draw = d;
    std::string out = "ply\n";
    out += std::string("format ") +
           (encoding == PlyEncoding::Ascii                ? "ascii"
            : encoding == PlyEncoding::BinaryLittleEndian ? "binary_little_endian"
                                                          : "binary_big_endian") +
           " 1.0\n";
    if (draw.chance(0.3)) out += "comment written by MeshReaderRandomTest\n";
    if (draw.chance(0.2)) out += "obj_info random case\n";
    const auto header = [&](const PlyProp& prop) {
      const bool alternative = draw.chance(0.5);
      if (prop.list)
        out += std::string("property list ") + PlyTypeName(prop.countType, alternative) + " " +
               PlyTypeName(prop.type, alternative) + " " + prop.name + "\n";
      else
        out +=
            std::string("property ") + PlyTypeName(prop.type, alternative) + " " + prop.name + "\n";
    };
    out += "element vertex " + std::to_string(points) + "\n";
    for (const PlyProp& prop : vertexProps) header(prop);
    const std::size_t faceCount = emptyFaces ? 0 : mesh.faces.size();
    out += "element face " + std::to_string(faceCount) + "\n";
    for (const PlyProp& prop : faceProps) header(prop);
    const int edgeCount = edges ? draw.integer(0, 3) : 0;
    if (edges)
      out += "element edge " + std::to_string(edgeCount) +
             "\nproperty int vertex1\nproperty int vertex2\n";
    if (strips)
      out += "element tristrips " + std::to_string(stripLists.size()) +
             "\nproperty list int int vertex_indices\n";
    out += "end_header\n";

    for (std::int64_t p = 0; p < points; ++p) {
      for (const PlyProp& prop : vertexProps) {
        if (prop.name == "x" || prop.name == "y" || prop.name == "z") {
          PutPlyValue(out, encoding, prop.type, mesh.xyz[3 * p + (prop.name[0] - 'x')]);
        } else if (prop.list) {
          const int n = draw.integer(0, 3);
          PutPlyValue(out, encoding, prop.countType, n);
          for (int k = 0; k < n; ++k) PutPlyValue(out, encoding, prop.type, draw.integer(0, 99));
        } else {
          PutPlyValue(out, encoding, prop.type, ValueOfType(draw, prop.type));
        }
      }
      EndPlyRecord(out, encoding);
    }
    for (std::size_t f = 0; f < faceCount; ++f) {
      for (const PlyProp& prop : faceProps) {
        if (prop.name.rfind("vertex_ind", 0) == 0) {
          PutPlyValue(out, encoding, prop.countType, double(mesh.faces[f].size()));
          for (const std::int64_t id : mesh.faces[f]) PutPlyValue(out, encoding, prop.type, id);
        } else if (prop.list) {
          const int n = draw.integer(0, 2);
          PutPlyValue(out, encoding, prop.countType, n);
          for (int k = 0; k < n; ++k) PutPlyValue(out, encoding, prop.type, draw.real(0, 1));
        } else {
          PutPlyValue(out, encoding, prop.type, IntegerCoordinate(draw, PlyType::UInt8));
        }
      }
      EndPlyRecord(out, encoding);
    }
    for (int e = 0; e < edgeCount; ++e) {
      PutPlyValue(out, encoding, PlyType::Int32, draw.integer(0, int(points) - 1));
      PutPlyValue(out, encoding, PlyType::Int32, draw.integer(0, int(points) - 1));
      EndPlyRecord(out, encoding);
    }
    for (const auto& list : stripLists) {
      PutPlyValue(out, encoding, PlyType::Int32, double(list.size()));
      for (const std::int64_t id : list) PutPlyValue(out, encoding, PlyType::Int32, double(id));
      EndPlyRecord(out, encoding);
    }
    return out;
  };
  const std::string out = write(encoding, draw);
  const std::string file = dir.Write(draw.chance(0.2) ? "random.PLY" : "random.ply", out);
  // vtkPLYReader 9.1 indexes a type table with an uninitialised type for every ascii list it does
  // not read (garbage, or SIGSEGV under ASan); for those files VTK reads the binary twin.
  const bool extraLists = std::any_of(vertexProps.begin(), vertexProps.end(),
                                      [](const PlyProp& p) { return p.list; }) ||
                          std::any_of(faceProps.begin(), faceProps.end(), [](const PlyProp& p) {
                            return p.list && p.name.rfind("vertex_ind", 0) != 0;
                          });
  const std::string vtkFile =
      encoding == PlyEncoding::Ascii && extraLists
          ? dir.Write("twin.ply", write(PlyEncoding::BinaryLittleEndian, draw))
          : file;

  vtkSmartPointer<vtkPolyData> reference = ReadWithVtk<vtkPLYReader>(vtkFile);
  vtkNew<vtkPolyData> ours;
  ASSERT_NO_THROW(ReadPolyData(file, ours)) << out.substr(0, 2000);
  EXPECT_EQ(PointBits(ours), PointBits(reference)) << "ReadPolyData's points differ from VTK's";
  EXPECT_EQ(CellsOf(ours->GetPolys()), CellsOf(reference->GetPolys()));
  EXPECT_EQ(CellsOf(ours->GetStrips()), expectedStrips);
  if (!expectedStrips.empty()) {
    vtkNew<vtkCellArray> stripCells;
    for (const auto& run : expectedStrips) {
      const std::vector<vtkIdType> ids(run.begin(), run.end());
      stripCells->InsertNextCell(vtkIdType(ids.size()), ids.data());
    }
    reference->SetStrips(stripCells);
  }
  ExpectSameSurface(file, reference);
}

// --- OBJ ----------------------------------------------------------------------------------------

std::string ObjNumber(RandomDraw& draw, double& value) {
  char text[64];
  switch (draw.integer(0, 5)) {
  case 0: // a double: strtof rounds it as VTK's stream does
    value = draw.real(-1e4, 1e4);
    std::snprintf(text, sizeof(text), "%.17g", value);
    break;
  case 1:
    value = draw.integer(-9, 9);
    std::snprintf(text, sizeof(text), "%+d", int(value));
    break;
  case 2:
    value = draw.real(-1e20, 1e20);
    std::snprintf(text, sizeof(text), "%.6e", value);
    break;
  case 3:
    value = 0;
    std::snprintf(text, sizeof(text), draw.chance(0.5) ? "-0" : "0.0");
    break;
  default:
    value = static_cast<float>(draw.real(-100, 100));
    std::snprintf(text, sizeof(text), "%.9g", value);
  }
  return text;
}

void RandomObjCase(RandomDraw& draw, const ScratchDir& dir) {
  const DrawnMesh mesh = DrawMesh(
      draw, [] { return 0.0; }, 6);
  const int points = static_cast<int>(mesh.xyz.size() / 3);
  const int form = draw.integer(0, 3); // bit 0: texture references, bit 1: normal references
  const bool negative = draw.chance(0.3);
  const bool facesFirst = !negative && draw.chance(0.2);
  const bool mismatch = form != 0 && draw.chance(0.25);
  const bool crlf = draw.chance(0.2);
  const std::string eol = crlf ? "\r\n" : "\n";
  SCOPED_TRACE("OBJ, form " + std::to_string(form) + (negative ? ", negative" : "") +
               (facesFirst ? ", faces first" : "") + (mismatch ? ", other tex/normal ids" : "") +
               (crlf ? ", CRLF" : ""));

  std::string vertices, faces;
  for (int p = 0; p < points; ++p) {
    double ignored = 0;
    vertices += "v";
    for (int a = 0; a < 3; ++a) vertices += " " + ObjNumber(draw, ignored);
    if (draw.chance(0.1)) vertices += " 1.0";
    if (draw.chance(0.05)) vertices += " # a trailing comment";
    vertices += eol;
    if (form & 1)
      vertices += "vt " + ObjNumber(draw, ignored) + " " + ObjNumber(draw, ignored) + eol;
    if (form & 2)
      vertices += "vn " + ObjNumber(draw, ignored) + " " + ObjNumber(draw, ignored) + " " +
                  ObjNumber(draw, ignored) + eol;
    if (draw.chance(0.05)) vertices += "# a comment" + eol;
  }
  const auto reference = [&](std::int64_t id) {
    return std::to_string(negative ? id - points : id + 1);
  };
  for (const auto& face : mesh.faces) {
    if (draw.chance(0.1)) faces += (draw.chance(0.5) ? "g part" : "s off") + eol;
    faces += "f";
    for (std::size_t k = 0; k < face.size(); ++k) {
      const std::string v = reference(face[k]);
      const std::string other = mismatch ? reference((face[k] + 1) % points) : v;
      faces += " " + v;
      if (form == 1) faces += "/" + other;
      if (form == 2) faces += "//" + other;
      if (form == 3) faces += "/" + other + "/" + other;
      if (!crlf && k + 1 < face.size() && draw.chance(0.05)) faces += " \\\n";
    }
    faces += eol;
  }
  std::string out = "# random OBJ" + eol;
  if (draw.chance(0.3)) out += "mtllib random.mtl" + eol + "usemtl material" + eol;
  if (draw.chance(0.3)) out += "o object" + eol + eol;
  out += facesFirst ? faces + vertices : vertices + faces;
  const std::string file = dir.Write("random.obj", out);
  ExpectSameSurface(file, ReadWithVtk<vtkOBJReader>(file), mismatch);
  if (!mismatch) {
    vtkNew<vtkPolyData> ours;
    ASSERT_NO_THROW(ReadPolyData(file, ours));
    EXPECT_EQ(CellsOf(ours->GetPolys()), CellsOf(ReadWithVtk<vtkOBJReader>(file)->GetPolys()));
  }
}

// --- STL ----------------------------------------------------------------------------------------

std::string Cased(RandomDraw& draw, std::string word) {
  const int mode = draw.integer(0, 5);
  for (std::size_t i = 0; i < word.size(); ++i)
    if (mode == 0 || (mode == 1 && i == 0))
      word[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[i])));
  return word;
}

void RandomStlCase(RandomDraw& draw, const ScratchDir& dir) {
  const DrawnMesh mesh = DrawMesh(
      draw, [&] { return RealCoordinate(draw, true); }, 5);
  std::vector<float> corners;
  for (const auto& face : mesh.faces)
    for (std::size_t k = 1; k + 1 < face.size(); ++k)
      for (const std::int64_t id : {face[0], face[k], face[k + 1]})
        for (int a = 0; a < 3; ++a) corners.push_back(static_cast<float>(mesh.xyz[3 * id + a]));
  const bool binary = draw.chance(0.5);
  SCOPED_TRACE(std::string("STL, ") + (binary ? "binary" : "ascii") + ", " +
               std::to_string(corners.size() / 9) + " triangles");
  std::string out;
  if (binary) {
    out = BinaryStl(corners);
  } else {
    const int solids = draw.integer(1, 2);
    const std::size_t triangles = corners.size() / 9;
    const std::string eol = draw.chance(0.2) ? "\r\n" : "\n";
    const std::string indent = draw.chance(0.5) ? "  " : "\t";
    for (int s = 0; s < solids; ++s) {
      out += Cased(draw, "solid") + (draw.chance(0.5) ? " part" + std::to_string(s) : "") + eol;
      const std::size_t begin = triangles * s / solids, end = triangles * (s + 1) / solids;
      for (std::size_t t = begin; t < end; ++t) {
        if (draw.chance(0.05)) out += indent + "color 1 0 0" + eol;
        out += indent + Cased(draw, "facet") + " normal 0 0 1" + eol;
        out += indent + indent + Cased(draw, "outer") + " " + Cased(draw, "loop") + eol;
        for (int c = 0; c < 3; ++c) {
          char text[128];
          std::snprintf(text, sizeof(text), "%svertex %.9g %.9g %.9g", (indent + indent).c_str(),
                        double(corners[9 * t + 3 * c]), double(corners[9 * t + 3 * c + 1]),
                        double(corners[9 * t + 3 * c + 2]));
          out += text + eol;
        }
        out += indent + Cased(draw, "endloop") + eol + indent + Cased(draw, "endfacet") + eol;
      }
      out += Cased(draw, "endsolid") + (draw.chance(0.5) ? " part" : "") + eol;
    }
  }
  const std::string file = dir.Write(draw.chance(0.2) ? "random.Stl" : "random.stl", out);
  ExpectSameSurface(file, ReadWithVtk<vtkSTLReader>(file));
}

TEST(MeshFileRandom, ReadersEqualVtkOnEveryFormatVariation) {
  vtkObject::GlobalWarningDisplayOff(); // VTK's readers warn about skipped elements
  const ScratchDir dir;
  int ply = 0, obj = 0, stl = 0;
  cumed::test::ForEachRandomCase(100, [&](RandomDraw& draw) {
    const int format = draw.integer(0, 3);
    if (format <= 1) {
      ++ply;
      RandomPlyCase(draw, dir);
    } else if (format == 2) {
      ++obj;
      RandomObjCase(draw, dir);
    } else {
      ++stl;
      RandomStlCase(draw, dir);
    }
  });
  std::printf("[ random   ] %d PLY, %d OBJ, %d STL cases\n", ply, obj, stl);
}

/// The meshes of ../shared/data/mesh (when present): Igea's binary PLY strips and the bunny's OBJ
/// read as VTK reads them.
TEST(MeshFileRandom, SharedMeshesEqualVtk) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const fs::path dir = fs::path(source ? source : ".") / ".." / "shared" / "data" / "mesh";
  if (!fs::is_regular_file(dir / "stanford-bunny.obj") || !fs::is_regular_file(dir / "igea.ply"))
    GTEST_SKIP() << "../shared/data/mesh not found beside the checkout";
  const std::string bunny = (dir / "stanford-bunny.obj").string();
  ExpectSameSurface(bunny, ReadWithVtk<vtkOBJReader>(bunny));
  const std::string igea = (dir / "igea.ply").string();
  vtkNew<vtkPolyData> ours;
  ReadPolyData(igea, ours);
  EXPECT_EQ(PointBits(ours), PointBits(ReadWithVtk<vtkPLYReader>(igea)));
  EXPECT_EQ(ours->GetNumberOfStrips(), 35048); // one list, split at its -1 entries
  EXPECT_EQ(ours->GetNumberOfPolys(), 0);
}

} // namespace
} // namespace cumed::meshio::test
