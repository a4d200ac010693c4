// Hostile mesh files: each must be refused by ReadSurfaceMesh with cumed::InvalidArgument whose
// message names the file and the offending value. The table holds the cases VTK 9.1's readers
// crashed on (signals, heap corruption) or read silently wrong, and more: truncation at every
// byte of binary files and every line of ascii ones, counts off by one, huge counts, bad
// numbers, NaN/inf, index ranges, missing properties, non-regular files.
#include "MeshFileWriters.h"
#include "cumed/core/Error.h"
#include "cumed/meshio/MeshReader.h"

#include <gtest/gtest.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <unistd.h>

namespace cumed::meshio::test {
namespace {
namespace fs = std::filesystem;

class MeshFileHostile : public ::testing::Test {
protected:
  MeshFileHostile()
      : dir_(fs::temp_directory_path() / ("cumed-mesh-hostile-" + std::to_string(::getpid()))) {
    fs::create_directories(dir_);
  }
  ~MeshFileHostile() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string Write(const std::string& name, const std::string& bytes) const {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    return file.string();
  }
  fs::path dir_;
};

/// The refusal's message, or "" (with a failure) when the file is read or something else is
/// thrown.
std::string Refusal(const std::string& file) {
  try {
    ReadSurfaceMesh(file);
    vtkNew<vtkPolyData> data;
    ReadPolyData(file, data);
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("mesh file " + file + ": "), std::string::npos)
        << "the message does not name the file: " << e.what();
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << file << ": not an InvalidArgument: " << e.what();
    return "";
  }
  ADD_FAILURE() << file << " was read";
  return "";
}

const std::string kPlyHeader = "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\n"
                               "property float y\nproperty float z\nelement face 4\n"
                               "property list uchar int vertex_indices\nend_header\n";
const std::string kPlyVertices = "0 0 0\n1 0 0\n0 1 0\n0 0 1\n";
const std::string kPlyFaces = "3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("'" + from + "' not in the test file");
  return text.replace(at, from.size(), to);
}

std::string AsciiPly(const std::string& header, const std::string& vertices,
                     const std::string& faces) {
  return header + vertices + faces;
}

/// The tetrahedron as binary PLY (little endian unless `big`), with `mutate` applied to the
/// header text.
std::string BinaryPly(const std::string& headerFrom = "", const std::string& headerTo = "",
                      bool big = false, double vertexValue = 0, int valueAt = -1) {
  std::string header =
      Replace(kPlyHeader, "ascii", big ? "binary_big_endian" : "binary_little_endian");
  if (!headerFrom.empty()) header = Replace(header, headerFrom, headerTo);
  std::string out = header;
  const PlyEncoding encoding = big ? PlyEncoding::BinaryBigEndian : PlyEncoding::BinaryLittleEndian;
  const double xyz[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int i = 0; i < 12; ++i)
    PutPlyValue(out, encoding, PlyType::Float32, i == valueAt ? vertexValue : xyz[i]);
  const int faces[4][3] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  for (const auto& face : faces) {
    PutPlyValue(out, encoding, PlyType::UInt8, 3);
    for (const int id : face) PutPlyValue(out, encoding, PlyType::Int32, id);
  }
  return out;
}

const std::string kObjVertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";

const std::vector<float> kStlCorners = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0};

std::string AsciiStl() {
  return "solid t\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n"
         "   vertex 0 1 0\n  endloop\n endfacet\nendsolid t\n";
}

struct HostileCase {
  std::string name;                   ///< file name (its extension picks the reader)
  std::string bytes;                  ///< the file
  std::vector<std::string> fragments; ///< each must be in the message
};

std::vector<HostileCase> HostileCases() {
  const std::string ply = AsciiPly(kPlyHeader, kPlyVertices, kPlyFaces);
  std::string bigStrips = Replace(BinaryPly(), "end_header",
                                  "element tristrips 1\n"
                                  "property list int int vertex_indices\n"
                                  "end_header");
  PutPlyValue(bigStrips, PlyEncoding::BinaryLittleEndian, PlyType::Int32, 2147483647);
  PutPlyValue(bigStrips, PlyEncoding::BinaryLittleEndian, PlyType::Int32, 0);
  std::string binaryIndex2e9 = BinaryPly();
  const std::int32_t big = 2000000000;
  binaryIndex2e9.replace(binaryIndex2e9.size() - 4, 4, reinterpret_cast<const char*>(&big), 4);
  std::vector<float> nanCorners = kStlCorners;
  nanCorners[4] = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> infCorners = kStlCorners;
  infCorners[9] = -std::numeric_limits<float>::infinity();
  return {
      // --- PLY: the cases VTK crashed on or read wrong ---
      {"count-larger.ply",
       Replace(ply, "vertex 4", "vertex 10"),
       {"element vertex", "claims 10 elements", "8 lines of data remain"}},
      {"count-larger-binary.ply",
       BinaryPly("vertex 4", "vertex 1000"),
       {"element vertex", "claims 1000 elements", "bytes of data remain"}},
      {"count-blank-lines.ply",
       Replace(kPlyHeader, "vertex 4", "vertex 20") + std::string(20, '\n'),
       {"element vertex", "claims 20 elements of at least 6 characters each"}},
      {"count-huge.ply",
       Replace(ply, "vertex 4", "vertex 9223372036854775807"),
       {"claims 9223372036854775807 elements"}},
      {"count-huge-binary.ply",
       BinaryPly("face 4", "face 4611686018427387904"),
       {"element face", "claims 4611686018427387904 elements"}},
      {"count-too-big.ply",
       Replace(ply, "vertex 4", "vertex 9223372036854775808"),
       {"count '9223372036854775808' is not a whole number"}},
      {"count-negative.ply", Replace(ply, "vertex 4", "vertex -1"), {"count '-1'"}},
      {"count-exponent.ply", Replace(ply, "vertex 4", "vertex 4e0"), {"count '4e0'"}},
      {"count-plus-one.ply",
       Replace(ply, "vertex 4", "vertex 5"),
       {"vertex 4", "1 more words than its properties", "'1'"}},
      {"count-minus-one.ply",
       Replace(ply, "vertex 4", "vertex 3"),
       {"face 0", "has 0 vertex indices"}},
      {"face-count-plus-one.ply",
       Replace(ply, "face 4", "face 5"),
       {"element face", "claims 5 elements", "4 lines of data remain"}},
      {"face-count-minus-one.ply",
       Replace(ply, "face 4", "face 3"),
       {"'3 1 2 3'", "follows the last element"}},
      {"binary-count-plus-one.ply",
       BinaryPly("vertex 4", "vertex 5"),
       {"face 0", "has 0 vertex indices"}},
      {"binary-count-minus-one.ply",
       BinaryPly("face 4", "face 3"),
       {"13 bytes follow the last element face"}},
      {"list-count-zero.ply", Replace(ply, "3 0 2 1", "0"), {"face 0", "has 0 vertex indices"}},
      {"list-count-two.ply", Replace(ply, "3 0 2 1", "2 0 2"), {"face 0", "has 2 vertex indices"}},
      {"list-count-255.ply",
       Replace(ply, "3 0 2 1", "255 0 2 1"),
       {"face 0", "has count 255 but only 3 words follow"}},
      {"list-count-255-binary.ply",
       [] {
         std::string b = BinaryPly();
         b[b.size() - 4 * 13] = char(255);
         return b;
       }(),
       {"face 0", "has count 255", "bytes remain"}},
      {"binary-header-ascii-data.ply",
       Replace(ply, "ascii", "binary_little_endian"),
       {"face 0", "list vertex_indices has count 51", "but only 7 bytes remain"}},
      {"ascii-header-binary-data.ply",
       Replace(BinaryPly(), "binary_little_endian", "ascii"),
       {"element vertex", "claims 4 elements, but only 1 lines of data remain"}},
      {"big-endian-data-little-header.ply",
       Replace(BinaryPly("", "", true), "binary_big_endian", "binary_little_endian"),
       {"face 0", "vertex index 33554432 is out of range (4 vertices)"}},
      {"missing-z.ply",
       Replace(ply, "property float z\n", ""),
       {"the vertex element has no property z"}},
      {"z-list.ply",
       Replace(ply, "property float z", "property list uchar float z"),
       {"property z of the vertex element is a list"}},
      {"no-vertex.ply",
       "ply\nformat ascii 1.0\nelement face 0\nproperty list uchar int "
       "vertex_indices\nend_header\n",
       {"no vertex element"}},
      {"no-indices.ply",
       Replace(ply, "vertex_indices", "corners"),
       {"the face element has no list property vertex_indices"}},
      {"huge-strip-count.ply", bigStrips, {"tristrips 0", "has count 2147483647", "bytes remain"}},
      {"index-2e9.ply",
       Replace(ply, "3 1 2 3", "3 1 2 2000000000"),
       {"face 3", "vertex index 2000000000 is out of range (4 vertices)"}},
      {"index-2e9-binary.ply",
       binaryIndex2e9,
       {"face 3", "vertex index 2000000000 is out of range (4 vertices)"}},
      {"index-wraps.ply",
       Replace(ply, "3 1 2 3", "3 1 2 4294967299"),
       {"face 3", "vertex index 4294967299 is out of range (4 vertices)"}},
      {"index-negative.ply",
       Replace(ply, "3 1 2 3", "3 1 2 -1"),
       {"face 3", "vertex index -1 is out of range"}},
      {"index-too-long.ply",
       Replace(ply, "3 1 2 3", "3 1 2 99999999999999999999"),
       {"'99999999999999999999' is not a whole number"}},
      {"index-real.ply", Replace(ply, "3 1 2 3", "3 1 2 1.5"), {"'1.5' is not a whole number"}},
      {"coordinate-text.ply",
       Replace(ply, "1 0 0\n", "abc 0 0\n"),
       {"vertex 1", "x 'abc' is not a number"}},
      {"coordinate-empty-exponent.ply",
       Replace(ply, "1 0 0\n", "1e 0 0\n"),
       {"vertex 1", "x '1e' is not a number"}},
      {"coordinate-nan.ply",
       Replace(ply, "0 1 0\n", "0 nan 0\n"),
       {"vertex 2", "y is nan, not a finite number"}},
      {"coordinate-inf.ply",
       Replace(ply, "0 0 1\n", "0 0 -inf\n"),
       {"vertex 3", "z is -inf, not a finite number"}},
      {"coordinate-float-overflow.ply",
       Replace(ply, "1 0 0\n", "1e39 0 0\n"),
       {"vertex 1", "x 1e+39 is outside the float range"}},
      {"coordinate-type-range.ply",
       Replace(Replace(ply, "property float x", "property uchar x"), "1 0 0\n", "300 0 0\n"),
       {"vertex 1", "x 300 does not fit its type uchar"}},
      {"coordinate-nan-binary.ply",
       BinaryPly("", "", false, std::numeric_limits<double>::quiet_NaN(), 7),
       {"vertex 2", "y is nan"}},
      {"coordinate-inf-binary-be.ply",
       BinaryPly("", "", true, std::numeric_limits<double>::infinity(), 5),
       {"vertex 1", "z is inf"}},
      {"coordinate-double-overflow.ply",
       [] {
         std::string b = BinaryPly("property float x", "property double x");
         // x of vertex 1 as 1e300: rewrite the vertex block (x double, y and z float).
         std::string header = b.substr(0, b.find("end_header\n") + 11);
         std::string out = header;
         const double x[4] = {0, 1e300, 0, 0};
         for (int v = 0; v < 4; ++v) {
           PutPlyValue(out, PlyEncoding::BinaryLittleEndian, PlyType::Float64, x[v]);
           PutPlyValue(out, PlyEncoding::BinaryLittleEndian, PlyType::Float32, 0);
           PutPlyValue(out, PlyEncoding::BinaryLittleEndian, PlyType::Float32, 0);
         }
         return out + b.substr(header.size() + 48);
       }(),
       {"vertex 1", "x 1e+300 is outside the float range"}},
      {"trailing-bytes.ply", BinaryPly() + "abc", {"3 bytes follow the last element face"}},
      {"trailing-line.ply", ply + "3 0 1 2\n", {"'3 0 1 2' follows the last element"}},
      {"trailing-after-blank-lines.ply",
       ply + "\n\n3 0 1 2\n",
       {"line 20: '3 0 1 2' follows the last element"}},
      {"no-end-header.ply",
       "ply\nformat ascii 1.0\nelement vertex 3\n",
       {"the PLY header has no end_header line"}},
      {"not-ply.ply", "plyx\nformat ascii 1.0\n", {"not a PLY file"}},
      {"unknown-type.ply",
       Replace(ply, "property float y", "property float16 y"),
       {"'float16' is not a PLY type"}},
      {"float-count-type.ply",
       Replace(ply, "list uchar int", "list float int"),
       {"list vertex_indices has count type float", "must be integers"}},
      {"float-index-type.ply",
       Replace(ply, "list uchar int", "list uchar float"),
       {"vertex_indices of the face element has type float", "must be integers"}},
      {"duplicate-element.ply",
       Replace(ply, "end_header", "element vertex 0\nend_header"),
       {"element vertex is declared twice"}},
      {"duplicate-property.ply",
       Replace(ply, "property float z",
               "property float z\nproperty "
               "float z"),
       {"property z of element vertex is declared twice"}},
      {"no-format.ply", Replace(ply, "format ascii 1.0\n", ""), {"no format line"}},
      {"unknown-format.ply",
       Replace(ply, "format ascii", "format binary"),
       {"format 'binary' is none of"}},
      {"unknown-keyword.ply",
       Replace(ply, "end_header", "elements 3\nend_header"),
       {"unknown keyword 'elements'"}},
      {"property-first.ply",
       Replace(ply, "element vertex 4\n", ""),
       {"a property before any element"}},
      {"element-without-properties.ply",
       Replace(ply, "end_header", "element junk 2\nend_header"),
       {"element junk declares 2 elements but no property"}},
      {"strip-index-negative.ply",
       Replace(ply, "end_header",
               "element tristrips 1\nproperty list int int vertex_indices\n"
               "end_header") +
           "4 0 1 2 -2\n",
       {"tristrips 0", "vertex index -2 is out of range"}},
      {"strip-index-range.ply",
       Replace(ply, "end_header",
               "element tristrips 1\nproperty list int int vertex_indices\n"
               "end_header") +
           "4 0 1 2 4\n",
       {"tristrips 0", "vertex index 4 is out of range (4 vertices)"}},
      {"short-line.ply", Replace(ply, "0 1 0\n", "0 1\n"), {"vertex 2 ends before its property z"}},
      // --- OBJ ---
      {"texture-without-vt.obj",
       kObjVertices + "f 1/1 2/2 3/3\n",
       {"line 5", "texture coordinate index 1 is out of range (0 texture coordinates)"}},
      {"normal-out-of-range.obj",
       kObjVertices + "vn 0 0 1\nf 1//1 2//9 3//1\n",
       {"line 6", "normal index 9 is out of range (1 normals)"}},
      {"nan.obj",
       "v nan 0 0\n" + kObjVertices + "f 1 2 3\n",
       {"line 1", "x 'nan' is not a finite"}},
      {"inf.obj",
       "v 0 0 inf\n" + kObjVertices + "f 1 2 3\n",
       {"line 1", "z 'inf' is not a finite"}},
      {"float-overflow.obj",
       "v 0 1e39 0\n" + kObjVertices + "f 1 2 3\n",
       {"vertex 1", "y '1e39' is not a finite float"}},
      {"text.obj", "v 0 0 abc\n" + kObjVertices + "f 1 2 3\n", {"z 'abc' is not a number"}},
      {"two-coordinates.obj",
       "v 1 2\n" + kObjVertices + "f 1 2 3\n",
       {"vertex 1 has 2 coordinates"}},
      {"too-many-numbers.obj",
       "v 1 2 3 4 5 6 7 8\n" + kObjVertices + "f 1 2 3\n",
       {"vertex 1 has 8 numbers"}},
      {"index-zero.obj", kObjVertices + "f 1 2 0\n", {"line 5", "vertex index 0 is not valid"}},
      {"index-range.obj",
       kObjVertices + "f 1 2 5\n",
       {"line 5", "vertex index 5 is out of range (4 vertices)"}},
      {"index-wraps.obj",
       kObjVertices + "f 1 2 4294967299\n",
       {"vertex index 4294967299 is out of range (4 vertices)"}},
      {"index-relative-range.obj",
       kObjVertices + "f -5 -1 -2\n",
       {"vertex index -5 is out of range (4 vertices before this line)"}},
      {"index-text.obj", kObjVertices + "f 1 2 x\n", {"vertex index 'x' is not a whole number"}},
      {"index-too-long.obj",
       kObjVertices + "f 1 2 99999999999999999999\n",
       {"'99999999999999999999' is not a whole number"}},
      {"two-corners.obj", kObjVertices + "f 1 2\n", {"line 5", "f has 2 vertices"}},
      {"mixed-forms.obj",
       kObjVertices + "vt 0 0\nf 1/1 2 3\n",
       {"'2' does not have the form of the face's first reference '1/1'"}},
      {"bad-reference.obj", kObjVertices + "f 1/ 2/ 3/\n", {"'1/' is not a reference"}},
      {"bad-vt.obj", kObjVertices + "vt 0 x\nf 1 2 3\n", {"line 5", "vt 1: 'x' is not a number"}},
      // --- STL ---
      {"count-mismatch.stl",
       BinaryStl(kStlCorners, 5),
       {"binary STL claims 5 triangles", "334 bytes", "the file has 184 bytes"}},
      {"count-mismatch-low.stl",
       BinaryStl(kStlCorners, 1),
       {"binary STL claims 1 triangles", "134 bytes", "the file has 184 bytes"}},
      {"count-huge.stl", BinaryStl(kStlCorners, 0xffffffffu), {"claims 4294967295 triangles"}},
      {"nan.stl", BinaryStl(nanCorners), {"triangle 0: vertex 1: y is nan"}},
      {"inf.stl", BinaryStl(infCorners), {"triangle 1: vertex 0: x is inf"}},
      {"short.stl", "12345", {"is 5 bytes long"}},
      {"ascii-no-endsolid.stl",
       Replace(AsciiStl(), "endsolid t\n", ""),
       {"ends (line 8) where 'endsolid' was expected"}},
      {"ascii-two-coordinates.stl",
       Replace(AsciiStl(), "vertex 1 0 0", "vertex 1 0"),
       {"line 5: triangle 0: vertex 1 has 2 coordinates"}},
      {"ascii-nan.stl",
       Replace(AsciiStl(), "vertex 1 0 0", "vertex nan 0 0"),
       {"line 5", "x 'nan' is not a finite float"}},
      {"ascii-overflow.stl",
       Replace(AsciiStl(), "vertex 1 0 0", "vertex 1 0 1e39"),
       {"z '1e39' is not a finite float"}},
      {"ascii-text.stl",
       Replace(AsciiStl(), "vertex 1 0 0", "vertex 1 abc 0"),
       {"y 'abc' is not a number"}},
      {"ascii-no-loop.stl",
       Replace(AsciiStl(), "  outer loop\n", ""),
       {"line 3: expected 'outer loop', found 'vertex'"}},
  };
}

TEST_F(MeshFileHostile, EachCaseIsRefusedNamingTheFileAndTheValue) {
  int cases = 0;
  for (const HostileCase& hostile : HostileCases()) {
    SCOPED_TRACE(hostile.name);
    const std::string file = Write(hostile.name, hostile.bytes);
    const std::string message = Refusal(file);
    for (const std::string& fragment : hostile.fragments)
      EXPECT_NE(message.find(fragment), std::string::npos)
          << "'" << fragment << "' is not in: " << message;
    ++cases;
  }
  std::printf("[ hostile  ] %d files refused\n", cases);
}

TEST_F(MeshFileHostile, ValidBasesOfTheTableAreRead) {
  const std::string ply = AsciiPly(kPlyHeader, kPlyVertices, kPlyFaces);
  for (const auto& [name, bytes] : std::vector<std::pair<std::string, std::string>>{
           {"base.ply", ply},
           {"base-binary.ply", BinaryPly()},
           {"base-big.ply", BinaryPly("", "", true)},
           {"base.obj", kObjVertices + "f 1 2 3\nf -1 -2 -3\n"},
           {"comments.obj", "v 0 0 0 # origin\nv 1 0 0\nv 0 1 0\n# faces\nf 1 2 \\\n 3 # last\n"},
           {"base.stl", BinaryStl(kStlCorners)},
           {"base-ascii.stl", AsciiStl()}}) {
    SCOPED_TRACE(name);
    EXPECT_NO_THROW(ReadSurfaceMesh(Write(name, bytes)));
  }
}

/// A truncated binary file is refused at every length; an ascii PLY or STL at every line.
TEST_F(MeshFileHostile, TruncationAtEveryBoundaryIsRefused) {
  int truncations = 0;
  const auto refuseEvery = [&](const std::string& name, const std::string& bytes, bool lines) {
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      if (lines && size > 0 && bytes[size - 1] != '\n') continue;
      SCOPED_TRACE(name + " cut to " + std::to_string(size) + " bytes");
      Refusal(Write(name, bytes.substr(0, size)));
      ++truncations;
    }
  };
  refuseEvery("cut.ply", BinaryPly(), false);
  refuseEvery("cut-big.ply", BinaryPly("", "", true), false);
  refuseEvery("cut-ascii.ply", AsciiPly(kPlyHeader, kPlyVertices, kPlyFaces), true);
  refuseEvery("cut.stl", BinaryStl(kStlCorners), false);
  refuseEvery("cut-ascii.stl", AsciiStl(), true);
  std::printf("[ hostile  ] %d truncations refused\n", truncations);
}

TEST_F(MeshFileHostile, NonRegularFilesAreRefusedBeforeOpening) {
  const fs::path directory = dir_ / "directory.ply";
  fs::create_directories(directory);
  EXPECT_NE(Refusal(directory.string()).find("is a directory"), std::string::npos);
  const fs::path fifo = dir_ / "fifo.obj";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opening a FIFO for reading would wait for a writer: the refusal must come from stat.
  EXPECT_NE(Refusal(fifo.string()).find("is a FIFO"), std::string::npos);
  const fs::path fifoVtp = dir_ / "fifo.vtp";
  ASSERT_EQ(::mkfifo(fifoVtp.c_str(), 0600), 0);
  EXPECT_NE(Refusal(fifoVtp.string()).find("is a FIFO"), std::string::npos);
  if (fs::exists("/dev/null"))
    EXPECT_NE(Refusal("/dev/null").find("is a character device"), std::string::npos);
  EXPECT_NE(Refusal((dir_ / "missing.stl").string()).find("no such file"), std::string::npos);
}

} // namespace
} // namespace cumed::meshio::test
