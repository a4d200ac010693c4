#include "VtpEncoding.h"

#include "OutputFile.h"

#include "cumed/core/Error.h"

#include <omp.h>
#include <vtkDataCompressor.h>
#include <vtkLZ4DataCompressor.h>
#include <vtkSmartPointer.h>
#include <vtkZLibDataCompressor.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <sstream>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the .vtp writer writes host byte order");

namespace cumed::meshio::detail {
namespace {

using Word = std::uint64_t; // header_type="UInt64"

std::string Escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// The arrays in the order their data is appended, which is the order the XML names them.
std::vector<const VtpArray*> FileOrder(const VtpContent& content) {
  std::vector<const VtpArray*> arrays;
  for (const VtpArray& a : content.pointData.arrays) arrays.push_back(&a);
  for (const VtpArray& a : content.cellData.arrays) arrays.push_back(&a);
  arrays.push_back(&content.points);
  for (const VtpCells* cells : {&content.verts, &content.lines, &content.strips, &content.polys}) {
    arrays.push_back(&cells->connectivity);
    arrays.push_back(&cells->offsets);
  }
  return arrays;
}

/// The XML part of the file, up to and including the '_' that starts the appended data.
std::string XmlHeader(const VtpContent& content, const std::vector<const VtpArray*>& arrays,
                      const std::vector<Word>& offsets, VtpCompression compression) {
  std::ostringstream xml;
  std::size_t next = 0;
  const auto array = [&](const char* indent) {
    const VtpArray& a = *arrays[next];
    xml << indent << "<DataArray type=\"" << a.type << '"';
    // vtkXMLPolyDataReader selects arrays by name: an unnamed one gets one, as VTK's writer does.
    xml << " Name=\"" << (a.name.empty() ? "Array " + std::to_string(next) : Escaped(a.name))
        << '"';
    if (a.components != 1) xml << " NumberOfComponents=\"" << a.components << '"';
    xml << " format=\"appended\" offset=\"" << offsets[next] << "\"/>\n";
    ++next;
  };
  const auto attributes = [&](const char* element, const VtpAttributes& data) {
    xml << "      <" << element;
    for (const auto& [role, name] : data.active)
      xml << ' ' << role << "=\"" << Escaped(name) << '"';
    xml << ">\n";
    for (std::size_t i = 0; i < data.arrays.size(); ++i) array("        ");
    xml << "      </" << element << ">\n";
  };
  xml << "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\"";
  if (compression == VtpCompression::LZ4) xml << " compressor=\"vtkLZ4DataCompressor\"";
  if (compression == VtpCompression::ZLib) xml << " compressor=\"vtkZLibDataCompressor\"";
  xml << ">\n  <PolyData>\n    <Piece NumberOfPoints=\"" << content.numberOfPoints
      << "\" NumberOfVerts=\"" << content.verts.count << "\" NumberOfLines=\""
      << content.lines.count << "\" NumberOfStrips=\"" << content.strips.count
      << "\" NumberOfPolys=\"" << content.polys.count << "\">\n";
  attributes("PointData", content.pointData);
  attributes("CellData", content.cellData);
  xml << "      <Points>\n";
  array("        ");
  xml << "      </Points>\n";
  for (const char* element : {"Verts", "Lines", "Strips", "Polys"}) {
    xml << "      <" << element << ">\n";
    array("        ");
    array("        ");
    xml << "      </" << element << ">\n";
  }
  xml << "    </Piece>\n  </PolyData>\n  <AppendedData encoding=\"raw\">\n   _";
  return xml.str();
}

constexpr char kTrailer[] = "\n  </AppendedData>\n</VTKFile>\n";

void WriteRaw(const VtpContent& content, const std::vector<const VtpArray*>& arrays,
              OutputFile& out) {
  std::vector<Word> offsets;
  Word offset = 0;
  for (const VtpArray* a : arrays) {
    offsets.push_back(offset);
    offset += sizeof(Word) + a->bytes;
  }
  const std::string xml = XmlHeader(content, arrays, offsets, VtpCompression::None);
  out.Write(xml.data(), xml.size());
  for (const VtpArray* a : arrays) {
    const Word bytes = a->bytes;
    out.Write(&bytes, sizeof bytes);
    if (a->bytes) out.Write(a->data, a->bytes);
  }
}

vtkSmartPointer<vtkDataCompressor> MakeCompressor(const VtpOptions& options) {
  if (options.compression == VtpCompression::LZ4) {
    auto lz4 = vtkSmartPointer<vtkLZ4DataCompressor>::New();
    if (options.level > 0) lz4->SetCompressionLevel(options.level);
    return lz4;
  }
  auto zlib = vtkSmartPointer<vtkZLibDataCompressor>::New();
  zlib->SetCompressionLevel(options.level > 0 ? options.level : 1);
  return zlib;
}

/// Every array split into blocks of `blockBytes`, all blocks of all arrays compressed in
/// parallel into slots of one buffer, then each array written as its header (block count, block
/// size, size of a partial last block, compressed size of every block) and its blocks.
void WriteCompressed(const VtpContent& content, const std::vector<const VtpArray*>& arrays,
                     const VtpOptions& options, OutputFile& out) {
  const std::size_t blockBytes = options.blockBytes;
  struct Block {
    const unsigned char* source;
    std::size_t bytes;
    std::size_t slot; ///< where its compressed bytes go in `compressed`
    std::size_t compressedBytes = 0;
  };
  std::vector<Block> blocks;
  std::vector<std::size_t> firstBlock; // per array, one more entry than arrays
  const vtkSmartPointer<vtkDataCompressor> sizing = MakeCompressor(options);
  std::size_t space = 0;
  for (const VtpArray* a : arrays) {
    firstBlock.push_back(blocks.size());
    const auto* source = static_cast<const unsigned char*>(a->data);
    for (std::size_t start = 0; start < a->bytes; start += blockBytes) {
      const std::size_t bytes = std::min(blockBytes, a->bytes - start);
      blocks.push_back({source + start, bytes, space});
      space += sizing->GetMaximumCompressionSpace(bytes);
    }
  }
  firstBlock.push_back(blocks.size());

  // Uninitialised: each thread first-touches the slots it fills.
  const std::unique_ptr<unsigned char[]> compressed(
      new unsigned char[std::max<std::size_t>(space, 1)]);
  const auto count = static_cast<std::int64_t>(blocks.size());
  // One compressor per thread, made here: VTK objects are not created inside parallel regions.
  std::vector<vtkSmartPointer<vtkDataCompressor>> compressors;
  for (int t = 0; t < omp_get_max_threads(); ++t) compressors.push_back(MakeCompressor(options));
  bool failed = false;
#pragma omp parallel reduction(|| : failed)
  {
    vtkDataCompressor* compressor = compressors[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < count; ++b) {
      Block& block = blocks[b];
      const std::size_t room = compressor->GetMaximumCompressionSpace(block.bytes);
      block.compressedBytes =
          compressor->Compress(block.source, block.bytes, compressed.get() + block.slot, room);
      if (block.compressedBytes == 0) failed = true;
    }
  }
  if (failed) {
    throw cumed::Error("cannot write '" + out.path().string() +
                       "': " + ToString(options.compression) + " compression failed");
  }

  std::vector<std::vector<Word>> headers;
  std::vector<Word> offsets;
  Word offset = 0;
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    std::vector<Word> header{firstBlock[a + 1] - firstBlock[a], blockBytes,
                             arrays[a]->bytes % blockBytes};
    for (std::size_t b = firstBlock[a]; b < firstBlock[a + 1]; ++b)
      header.push_back(blocks[b].compressedBytes);
    offsets.push_back(offset);
    for (std::size_t h = 3; h < header.size(); ++h) offset += header[h];
    offset += header.size() * sizeof(Word);
    headers.push_back(std::move(header));
  }
  const std::string xml = XmlHeader(content, arrays, offsets, options.compression);
  out.Write(xml.data(), xml.size());
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    out.Write(headers[a].data(), headers[a].size() * sizeof(Word));
    for (std::size_t b = firstBlock[a]; b < firstBlock[a + 1]; ++b)
      out.Write(compressed.get() + blocks[b].slot, blocks[b].compressedBytes);
  }
}

} // namespace

void WriteVtpContent(const VtpContent& content, const std::filesystem::path& file,
                     const VtpOptions& options) {
  if (options.blockBytes == 0 || options.level < 0 || options.level > 9)
    throw InvalidArgument("WriteVtp: block size must be > 0 and level 0..9");
  const std::vector<const VtpArray*> arrays = FileOrder(content);
  OutputFile out(file);
  if (options.compression == VtpCompression::None)
    WriteRaw(content, arrays, out);
  else
    WriteCompressed(content, arrays, options, out);
  out.Write(kTrailer, sizeof kTrailer - 1);
  out.Close();
}

} // namespace cumed::meshio::detail
