// .vtp files through CuMed's structural check (VtpFileCheck) and vtkXMLPolyDataReader: every
// variant VTK's own writer makes (ascii, binary, appended raw and base64; uncompressed, zlib and
// LZ4 blocks; UInt32 and UInt64 headers; either byte order) must read as VTK reads it, and every
// hostile file (a table of named cases and seeded random corruptions: truncation, flipped bytes,
// inflated counts, NaN words, huge NumberOfTuples, wrong components, bad offsets) must be refused
// with an InvalidArgument naming the file, never crash, hang or read as a different mesh.
#include "cumed/core/Error.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkXMLPolyDataReader.h>
#include <vtkXMLPolyDataWriter.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cumed::meshio::test {
namespace {
namespace fs = std::filesystem;
using cumed::test::RandomDraw;

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("cumed-vtp-hostile-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  std::string write(const std::string& name, const std::string& bytes) const {
    const fs::path file = dir / name;
    // A new file, not a truncated one: ext4 flushes a file truncated and rewritten on close.
    std::error_code ignored;
    fs::remove(file, ignored);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    return file.string();
  }
};

std::string Load(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// How VTK's writer stores the arrays.
struct Variant {
  int mode = 0;       ///< 0 ascii, 1 binary, 2 appended raw, 3 appended base64
  int compressor = 0; ///< 0 none, 1 zlib, 2 LZ4
  bool header64 = false, bigEndian = false, id32 = false;
  int blockSize = 1 << 15;

  std::string describe() const {
    static const char* const modes[] = {"ascii", "binary", "appended raw", "appended base64"};
    static const char* const compressors[] = {"none", "zlib", "lz4"};
    return std::string(modes[mode]) + ", " + compressors[compressor] +
           (header64 ? ", UInt64" : ", UInt32") + (bigEndian ? ", big endian" : "") +
           (id32 ? ", Int32 ids" : "") + ", blocks of " + std::to_string(blockSize);
  }
};

/// A random surface with every kind of cell and point and cell data arrays.
vtkSmartPointer<vtkPolyData> RandomMesh(RandomDraw& draw) {
  const int n = draw.edgy(3, 60);
  vtkNew<vtkPoints> points;
  for (int p = 0; p < n; ++p)
    points->InsertNextPoint(draw.real(-10, 10), draw.real(-10, 10), draw.real(-10, 10));
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  mesh->SetPoints(points);
  // A computed norm range makes the writer add <InformationKey> children to the Points array.
  double range[2];
  if (draw.chance(0.5)) points->GetData()->GetRange(range, -1);
  const auto cells = [&](int count, int low, int high) {
    auto array = vtkSmartPointer<vtkCellArray>::New();
    for (int c = 0; c < count; ++c) {
      const int size = draw.integer(low, high);
      array->InsertNextCell(size);
      for (int k = 0; k < size; ++k) array->InsertCellPoint(draw.integer(0, n - 1));
    }
    return array;
  };
  mesh->SetPolys(cells(draw.edgy(1, 80), 3, 5));
  if (draw.chance(0.3)) mesh->SetStrips(cells(draw.integer(1, 5), 3, 8));
  if (draw.chance(0.2)) mesh->SetLines(cells(draw.integer(1, 5), 2, 4));
  if (draw.chance(0.2)) mesh->SetVerts(cells(draw.integer(1, 5), 1, 1));
  if (draw.chance(0.5)) {
    vtkNew<vtkFloatArray> scalars;
    scalars->SetName("scalars");
    scalars->SetNumberOfComponents(draw.integer(1, 4));
    scalars->SetNumberOfTuples(n);
    for (vtkIdType v = 0; v < scalars->GetNumberOfValues(); ++v)
      scalars->SetValue(v, static_cast<float>(draw.real(-1, 1)));
    mesh->GetPointData()->AddArray(scalars);
  }
  if (draw.chance(0.3)) {
    vtkNew<vtkIntArray> labels;
    labels->SetName("labels");
    labels->SetNumberOfTuples(mesh->GetNumberOfCells());
    for (vtkIdType v = 0; v < labels->GetNumberOfValues(); ++v)
      labels->SetValue(v, draw.integer(-5, 5));
    mesh->GetCellData()->AddArray(labels);
  }
  return mesh;
}

Variant RandomVariant(RandomDraw& draw) {
  Variant v;
  v.mode = draw.integer(0, 3);
  v.compressor = draw.integer(0, 2);
  v.header64 = draw.chance(0.5);
  v.bigEndian = draw.chance(0.3);
  v.id32 = draw.chance(0.3);
  v.blockSize = draw.chance(0.5) ? 8 * draw.integer(2, 32) : 1 << 15; // VTK wants multiples of 8
  return v;
}

std::string WriteWithVtk(vtkPolyData* mesh, const Variant& v, const std::string& file) {
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputData(mesh);
  writer->SetFileName(file.c_str());
  if (v.mode == 0) writer->SetDataModeToAscii();
  if (v.mode == 1) writer->SetDataModeToBinary();
  if (v.mode >= 2) writer->SetDataModeToAppended();
  writer->SetEncodeAppendedData(v.mode == 3);
  if (v.compressor == 0) writer->SetCompressorTypeToNone();
  if (v.compressor == 1) writer->SetCompressorTypeToZLib();
  if (v.compressor == 2) writer->SetCompressorTypeToLZ4();
  writer->SetBlockSize(static_cast<size_t>(v.blockSize));
  if (v.header64)
    writer->SetHeaderTypeToUInt64();
  else
    writer->SetHeaderTypeToUInt32();
  if (v.bigEndian)
    writer->SetByteOrderToBigEndian();
  else
    writer->SetByteOrderToLittleEndian();
  if (v.id32)
    writer->SetIdTypeToInt32();
  else
    writer->SetIdTypeToInt64();
  if (writer->Write() != 1) throw std::runtime_error("vtkXMLPolyDataWriter failed on " + file);
  return file;
}

vtkSmartPointer<vtkPolyData> ReadWithVtk(const std::string& file) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  auto data = vtkSmartPointer<vtkPolyData>::New();
  data->ShallowCopy(reader->GetOutput());
  return data;
}

void ExpectSameCells(vtkCellArray* a, vtkCellArray* b, const char* kind) {
  const vtkIdType na = a ? a->GetNumberOfCells() : 0, nb = b ? b->GetNumberOfCells() : 0;
  ASSERT_EQ(na, nb) << kind;
  if (na == 0) return;
  vtkNew<vtkIdList> ia, ib;
  for (vtkIdType c = 0; c < na; ++c) {
    a->GetCellAtId(c, ia);
    b->GetCellAtId(c, ib);
    ASSERT_EQ(ia->GetNumberOfIds(), ib->GetNumberOfIds()) << kind << " " << c;
    for (vtkIdType k = 0; k < ia->GetNumberOfIds(); ++k)
      ASSERT_EQ(ia->GetId(k), ib->GetId(k)) << kind << " " << c;
  }
}

void ExpectSameMesh(vtkPolyData* a, vtkPolyData* b) {
  ASSERT_EQ(a->GetNumberOfPoints(), b->GetNumberOfPoints());
  for (vtkIdType p = 0; p < a->GetNumberOfPoints(); ++p) {
    double pa[3], pb[3];
    a->GetPoint(p, pa);
    b->GetPoint(p, pb);
    for (int k = 0; k < 3; ++k) ASSERT_EQ(pa[k], pb[k]) << "point " << p;
  }
  ExpectSameCells(a->GetPolys(), b->GetPolys(), "polys");
  ExpectSameCells(a->GetStrips(), b->GetStrips(), "strips");
  ExpectSameCells(a->GetLines(), b->GetLines(), "lines");
  ExpectSameCells(a->GetVerts(), b->GetVerts(), "verts");
  ASSERT_EQ(a->GetPointData()->GetNumberOfArrays(), b->GetPointData()->GetNumberOfArrays());
  ASSERT_EQ(a->GetCellData()->GetNumberOfArrays(), b->GetCellData()->GetNumberOfArrays());
}

/// ReadPolyData's refusal, or "" when it read the file (then it must equal VTK's reading).
std::string TryRead(const std::string& file, bool mustRefuse, vtkPolyData* original = nullptr) {
  vtkNew<vtkPolyData> data;
  try {
    ReadPolyData(file, data);
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("mesh file " + file + ": "), std::string::npos)
        << "the message does not name the file: " << e.what();
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InvalidArgument: " << e.what();
    return "?";
  }
  if (mustRefuse) {
    ADD_FAILURE() << file << " was read";
  } else {
    ExpectSameMesh(data, ReadWithVtk(file)); // safe now: the check passed this file
    if (original) ExpectSameMesh(data, original);
  }
  return "";
}

TEST(VtpFile, EveryVtkWriterVariantReadsAsVtkReadsIt) {
  const Scratch scratch;
  RandomDraw draw(20261129);
  const auto mesh = RandomMesh(draw);
  int variants = 0;
  for (int mode = 0; mode < 4; ++mode)
    for (int compressor = 0; compressor < 3; ++compressor)
      for (const bool header64 : {false, true})
        for (const bool bigEndian : {false, true})
          for (const int blockSize : {64, 1 << 15}) {
            if (mode == 0 && (compressor > 0 || header64 || blockSize == 64)) continue;
            const Variant v{mode, compressor, header64, bigEndian, false, blockSize};
            SCOPED_TRACE(v.describe());
            const std::string file = WriteWithVtk(mesh, v, (scratch.dir / "variant.vtp").string());
            vtkNew<vtkPolyData> data;
            ASSERT_NO_THROW(ReadPolyData(file, data));
            ExpectSameMesh(data, ReadWithVtk(file));
            ExpectSameMesh(data, mesh);
            ++variants;
          }
  std::printf("[ variants ] %d VTK writer variants read\n", variants);
}

TEST(VtpFileRandom, VtkWrittenFilesReadAsVtkReadsThem) {
  const Scratch scratch;
  cumed::test::ForEachRandomCase(60, [&](RandomDraw& draw) {
    const auto mesh = RandomMesh(draw);
    const Variant v = RandomVariant(draw);
    SCOPED_TRACE(v.describe());
    const std::string file = WriteWithVtk(mesh, v, (scratch.dir / "random.vtp").string());
    vtkNew<vtkPolyData> data;
    ASSERT_NO_THROW(ReadPolyData(file, data));
    ExpectSameMesh(data, mesh);
  });
}

/// The first `key="value"` after `from` with its value replaced, or "" when there is none.
std::string SetAttribute(const std::string& text, const std::string& key, const std::string& value,
                         std::size_t from = 0) {
  const std::size_t at = text.find(" " + key + "=\"", from);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size() + 3;
  const std::size_t end = text.find('"', begin);
  return text.substr(0, begin) + value + text.substr(end);
}

std::string AttributeValue(const std::string& text, const std::string& key, std::size_t from = 0) {
  const std::size_t at = text.find(" " + key + "=\"", from);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size() + 3;
  return text.substr(begin, text.find('"', begin) - begin);
}

/// A corruption that must be refused, or one that must be refused or read exactly as VTK reads
/// it: flipped bytes may leave a valid file; an offset of an array the reader never looks at (the
/// cell arrays of a kind with no cells) changes nothing, so the mesh must then be the original.
/// "" when the case does not apply.
std::string Corrupt(RandomDraw& draw, const std::string& bytes, const Variant& v, bool& mustRefuse,
                    bool& sameMesh, std::string& what) {
  mustRefuse = true;
  sameMesh = false;
  const std::size_t xmlEnd = std::min(bytes.find("<AppendedData"), bytes.size());
  switch (draw.integer(0, 7)) {
  case 0: {
    const std::size_t at = static_cast<std::size_t>(draw.integer(0, int(bytes.size()) - 1));
    what = "truncated at " + std::to_string(at);
    return bytes.substr(0, at);
  }
  case 1: {
    mustRefuse = false;
    std::string out = bytes;
    const int flips = draw.integer(1, 4);
    what = "bytes flipped at";
    for (int k = 0; k < flips; ++k) {
      const std::size_t at = static_cast<std::size_t>(draw.integer(0, int(out.size()) - 1));
      out[at] = static_cast<char>(out[at] ^ (1 << draw.integer(0, 7)));
      what += " " + std::to_string(at);
    }
    return out;
  }
  case 2: {
    const char* key = draw.chance(0.5) ? "NumberOfPoints" : "NumberOfPolys";
    const long long value = std::stoll(AttributeValue(bytes, key));
    const long long inflated = value + draw.pick<long long>({1, 2, 1000, 4294967296LL});
    what = std::string(key) + " " + std::to_string(inflated);
    return SetAttribute(bytes, key, std::to_string(inflated));
  }
  case 3: {
    if (v.mode != 0) return "";
    const std::size_t array = bytes.find("Name=\"Points\"");
    const std::size_t at = bytes.find('>', array) + 1;
    const std::size_t word = bytes.find_first_not_of(" \n", at);
    const std::size_t end = bytes.find_first_of(" \n", word);
    const std::string bad = draw.pick<std::string>({"nan", "inf", "-nan", "1e999", "abc", "0x10"});
    what = "first coordinate " + bad;
    return bytes.substr(0, word) + bad + bytes.substr(end);
  }
  case 4: {
    const std::string huge =
        draw.pick<std::string>({"4294967299", "9223372036854775807", "18446744073709551616", "-1"});
    what = "NumberOfTuples " + huge;
    const std::size_t array = bytes.find("<DataArray");
    return bytes.substr(0, array + 10) + " NumberOfTuples=\"" + huge + "\"" +
           bytes.substr(array + 10);
  }
  case 5: {
    const std::size_t points = bytes.find("<Points>");
    const std::string comps = draw.pick<std::string>({"1", "2", "4", "0", "100000"});
    what = "Points NumberOfComponents " + comps;
    return SetAttribute(bytes, "NumberOfComponents", comps, points);
  }
  case 6: {
    if (v.mode < 2) return "";
    const std::size_t appended = bytes.size() - bytes.find("_", xmlEnd);
    std::size_t at = 0;
    int which = draw.integer(0, 3);
    for (; which >= 0; --which) {
      const std::size_t next = bytes.find(" offset=\"", at + 1);
      if (next == std::string::npos || next > xmlEnd) break;
      at = next;
    }
    if (at == 0) return "";
    const long long offset = std::stoll(AttributeValue(bytes, "offset", at - 1));
    const long long bad =
        draw.chance(0.5) ? offset + 1 : static_cast<long long>(appended) + draw.integer(0, 100);
    what = "offset " + std::to_string(offset) + " -> " + std::to_string(bad);
    mustRefuse = false;
    sameMesh = true;
    return SetAttribute(bytes, "offset", std::to_string(bad), at - 1);
  }
  default: {
    // A compression header or size header with a count made up: the block count or size.
    if (v.mode != 2) return "";
    const std::size_t data = bytes.find('_', xmlEnd) + 1;
    const std::size_t word = v.header64 ? 8 : 4;
    const std::size_t field = static_cast<std::size_t>(draw.integer(0, v.compressor ? 3 : 0));
    std::string out = bytes;
    const std::size_t at = data + field * word + (v.bigEndian ? 0 : word - 1);
    out[at] = static_cast<char>(out[at] + draw.integer(1, 100));
    what = "header word " + std::to_string(field) + " changed";
    mustRefuse = false; // a single partial block's full size is not used
    sameMesh = true;
    return out;
  }
  }
}

TEST(VtpFileRandom, CorruptionsAreRefusedNamingTheFile) {
  const Scratch scratch;
  int refused = 0, readSame = 0;
  cumed::test::ForEachRandomCase(300, [&](RandomDraw& draw) {
    const auto mesh = RandomMesh(draw);
    const Variant v = RandomVariant(draw);
    const std::string valid = Load(WriteWithVtk(mesh, v, (scratch.dir / "valid.vtp").string()));
    bool mustRefuse = true, sameMesh = false;
    std::string what;
    const std::string bad = Corrupt(draw, valid, v, mustRefuse, sameMesh, what);
    if (bad.empty()) return;
    SCOPED_TRACE(v.describe() + ": " + what);
    const std::string file = scratch.write("corrupt.vtp", bad);
    (TryRead(file, mustRefuse, sameMesh ? mesh.Get() : nullptr).empty() ? readSame : refused) += 1;
  });
  std::printf(
      "[ random   ] %d corruptions refused, %d flips or unused offsets read as VTK reads them\n",
      refused, readSame);
}

const std::string kTetrahedron = R"(<?xml version="1.0"?>
<VTKFile type="PolyData" version="1.0" byte_order="LittleEndian" header_type="UInt32">
  <PolyData>
    <Piece NumberOfPoints="4" NumberOfVerts="0" NumberOfLines="0" NumberOfStrips="0" NumberOfPolys="4">
      <Points>
        <DataArray type="Float32" Name="Points" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0 0 0 1</DataArray>
      </Points>
      <Polys>
        <DataArray type="Int64" Name="connectivity" format="ascii">0 2 1 0 1 3 0 3 2 1 2 3</DataArray>
        <DataArray type="Int64" Name="offsets" format="ascii">3 6 9 12</DataArray>
      </Polys>
    </Piece>
  </PolyData>
</VTKFile>
)";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("'" + from + "' not in the test file");
  return text.replace(at, from.size(), to);
}

TEST(VtpFileHostile, EachCaseIsRefusedNamingTheValue) {
  const Scratch scratch;
  const std::string t = kTetrahedron;
  ASSERT_EQ(TryRead(scratch.write("valid.vtp", t), false), "");
  std::string deep = t;
  for (int k = 0; k < 40; ++k) deep = Replace(deep, "<Points>", "<Points><Points>");
  const struct {
    std::string file, expected;
  } cases[] = {
      {Replace(t, "\"PolyData\"", "\"UnstructuredGrid\""), "type 'UnstructuredGrid'"},
      {Replace(t, "VTKFile type", "VTKFiles type"), "XML line"},
      {Replace(t, "version=\"1.0\" byte", "version=\"9.0\" byte"), "version '9.0'"},
      {Replace(t, "LittleEndian", "MiddleEndian"), "byte_order 'MiddleEndian'"},
      {Replace(t, "UInt32", "Int16"), "header_type 'Int16'"},
      {Replace(t, "header_type", "compressor=\"vtkLZMADataCompressor\" header_type"),
       "compressor 'vtkLZMADataCompressor'"},
      {Replace(t, "NumberOfPoints=\"4\"", "NumberOfPoints=\"4x\""), "NumberOfPoints '4x'"},
      {Replace(t, "NumberOfPolys=\"4\"", "NumberOfPolys=\"-4\""), "NumberOfPolys '-4'"},
      {Replace(t, "NumberOfPoints=\"4\"", "NumberOfPoints=\"5\""), "declares 15 values"},
      {Replace(t, "NumberOfPolys=\"4\"", "NumberOfPolys=\"5\""), "holds 4 values, declares 5"},
      {Replace(t, "\"Float32\"", "\"Float128\""), "type 'Float128'"},
      {Replace(t, "NumberOfComponents=\"3\"", "NumberOfComponents=\"2\""),
       "NumberOfComponents 2 (must be 3)"},
      {Replace(t, "NumberOfComponents=\"3\"",
               "NumberOfComponents=\"3\" NumberOfTuples=\"4294967299\""),
       "NumberOfTuples 4294967299"},
      {Replace(t, "0 0 0 1 0 0", "nan 0 0 1 0 0"), "value 0 'nan' is not a finite Float32"},
      {Replace(t, "0 2 1 0 1 3", "0 2 1 0 1 3.5"), "'3.5' is not a Int64"},
      {Replace(t, "3 6 9 12", "3 9 6 12"), "offset 2 is 6"},
      {Replace(t, "3 6 9 12", "3 6 9 4294967299"), "declares 4294967299 values"},
      {Replace(t, "format=\"ascii\">0 0 0", "format=\"appended\" offset=\"0\">0 0 0"),
       "no AppendedData"},
      {Replace(t, "format=\"ascii\">0 0 0", "format=\"binary\">AAAA"), "size header"},
      {Replace(t, "format=\"ascii\">0 0 0", "format=\"binary\">MAAAAA==0 0"),
       "needs 48 bytes, the file holds 21"},
      {Replace(t, "format=\"ascii\">0 0 0", "format=\"binary\">MAA*AAAA"), "is not base64"},
      {Replace(t, "<?xml version=\"1.0\"?>", "<!DOCTYPE x [<!ENTITY a \"b\">]>"), "DOCTYPE"},
      {deep, "nest deeper"},
      {Replace(t, "</PolyData>", "</PolyData><PolyData/>"), "more than one PolyData"},
      {Replace(t, "<Polys>", "<Polys><DataArray Name=\"extra\" type=\"Int8\" format=\"ascii\"/>"),
       "'extra'"},
      {Replace(t, "</VTKFile>", "<AppendedData encoding=\"raw\">\n x</AppendedData></VTKFile>"),
       "'_' marker"},
  };
  int n = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE("case " + std::to_string(n) + ": " + c.expected);
    const std::string message =
        TryRead(scratch.write("case" + std::to_string(n++) + ".vtp", c.file), true);
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
  }
}

/// `bytes` with the header word `index` of the first appended array replaced by `value`.
std::string PatchHeader(std::string bytes, std::size_t word, std::size_t index,
                        std::uint64_t value) {
  const std::size_t at = bytes.find('_', bytes.find("<AppendedData")) + 1 + index * word;
  for (std::size_t k = 0; k < word; ++k) bytes[at + k] = static_cast<char>(value >> (8 * k) & 0xff);
  return bytes;
}

// The lies VTK 9.1's reader believed: a block count of 2^40 (it died of an uncaught
// std::bad_alloc), a size header of 4 GiB over 48 bytes of data (it read the file anyway).
TEST(VtpFileHostile, HeaderLiesAreRefused) {
  const Scratch scratch;
  RandomDraw draw(11);
  const auto mesh = RandomMesh(draw);
  const std::string lz4 = Load(WriteWithVtk(mesh, Variant{2, 2, true, false, false, 1 << 15},
                                            (scratch.dir / "lz4.vtp").string()));
  const std::string raw = Load(WriteWithVtk(mesh, Variant{2, 0, false, false, false, 1 << 15},
                                            (scratch.dir / "raw.vtp").string()));
  const struct {
    std::string file, expected;
  } cases[] = {
      {PatchHeader(lz4, 8, 0, 1ull << 40), "claims 1099511627776 blocks"},
      {PatchHeader(lz4, 8, 1, 1ull << 33), "block size 8589934592"},
      {PatchHeader(lz4, 8, 3, 1ull << 33), "compressed block 0 of 8589934592 bytes"},
      {PatchHeader(raw, 4, 0, 0xfffffff0u), "size header says 4294967280 bytes"},
  };
  int n = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.expected);
    const std::string message =
        TryRead(scratch.write("lie" + std::to_string(n++) + ".vtp", c.file), true);
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
  }
}

TEST(VtpFileHostile, TruncationAtEveryByteIsRefused) {
  const Scratch scratch;
  RandomDraw draw(7);
  const auto mesh = RandomMesh(draw);
  for (const int mode : {1, 2, 3}) {
    const Variant v{mode, mode == 2 ? 1 : 2, mode == 3, false, false, 64};
    SCOPED_TRACE(v.describe());
    const std::string valid = Load(WriteWithVtk(mesh, v, (scratch.dir / "full.vtp").string()));
    const std::string file = (scratch.dir / "cut.vtp").string();
    for (std::size_t length = 0; length + 1 < valid.size(); ++length) {
      scratch.write("cut.vtp", valid.substr(0, length));
      vtkNew<vtkPolyData> data;
      ASSERT_THROW(ReadPolyData(file, data), InvalidArgument) << "length " << length;
    }
  }
}

} // namespace
} // namespace cumed::meshio::test
