#include "VtpEncoding.h"

#include "OutputFile.h"

#include "cumed/core/Error.h"
#include "cumed/core/XmlText.h"

#include <omp.h>
#include <vtkDataCompressor.h>
#include <vtkLZ4DataCompressor.h>
#include <vtkSmartPointer.h>
#include <vtkZLibDataCompressor.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <sstream>
#include <stdexcept>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the .vtp writer writes host byte order");

namespace cumed::meshio::detail {
namespace {

using Word = std::uint64_t;              // header_type="UInt64"
constexpr std::size_t kOffsetWidth = 20; // digits of the largest UInt64

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
    xml << " Name=\"" << (a.name.empty() ? "Array " + std::to_string(next) : XmlEscaped(a.name))
        << '"';
    if (a.components != 1) xml << " NumberOfComponents=\"" << a.components << '"';
    // Padded to a fixed width, so that the header can be written before the offsets are known
    // and rewritten in place once they are (as VTK's writer does).
    const std::string offset = std::to_string(offsets[next]);
    xml << " format=\"appended\" offset=\"" << offset << '"'
        << std::string(kOffsetWidth - offset.size(), ' ') << "/>\n";
    ++next;
  };
  const auto attributes = [&](const char* element, const VtpAttributes& data) {
    xml << "      <" << element;
    for (const auto& [role, name] : data.active)
      xml << ' ' << role << "=\"" << XmlEscaped(name) << '"';
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

/// Every array split into blocks of `blockBytes`, written as its header (block count, block
/// size, size of a partial last block, compressed size of every block) and its blocks. The
/// blocks are compressed in parallel a batch at a time into one reused buffer and written in
/// order; the XML (with offsets of fixed width) and each array's header are written first as
/// placeholders and rewritten in place at the end, when the compressed sizes are known. (A buffer
/// for all compressed blocks cost more in page faults than a thread gains.)
void WriteCompressed(const VtpContent& content, const std::vector<const VtpArray*>& arrays,
                     const VtpOptions& options, OutputFile& out) {
  const std::size_t blockBytes = options.blockBytes;
  // One compressor per thread, made here: VTK objects are not created inside parallel regions.
  const int threads = omp_get_max_threads();
  std::vector<vtkSmartPointer<vtkDataCompressor>> compressors;
  for (int t = 0; t < threads; ++t) compressors.push_back(MakeCompressor(options));
  const std::size_t slotBytes = compressors[0]->GetMaximumCompressionSpace(blockBytes);
  // Batches of at least 8 MB (and four blocks per thread), no larger than the largest array.
  std::size_t mostBlocks = 1;
  for (const VtpArray* a : arrays)
    mostBlocks = std::max(mostBlocks, (a->bytes + blockBytes - 1) / blockBytes);
  const std::size_t batchBlocks =
      std::min(mostBlocks, std::max<std::size_t>(4 * static_cast<std::size_t>(threads),
                                                 (std::size_t{8} << 20) / blockBytes));
  std::unique_ptr<unsigned char[]> slots; // made on first use: a mesh may have no data
  std::vector<std::size_t> compressedBytes(batchBlocks);

  std::vector<Word> offsets(arrays.size(), 0);
  const std::string placeholder = XmlHeader(content, arrays, offsets, options.compression);
  out.Write(placeholder.data(), placeholder.size());
  const std::size_t appendedStart = placeholder.size();
  std::vector<std::vector<Word>> headers;
  std::vector<std::size_t> headerPositions;
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    const std::size_t bytes = arrays[a]->bytes;
    const std::size_t blocks = (bytes + blockBytes - 1) / blockBytes;
    std::vector<Word> header{blocks, blockBytes, bytes % blockBytes};
    header.resize(3 + blocks, 0);
    offsets[a] = out.position() - appendedStart;
    headerPositions.push_back(out.position());
    out.Write(header.data(), header.size() * sizeof(Word));

    const auto* source = static_cast<const unsigned char*>(arrays[a]->data);
    for (std::size_t first = 0; first < blocks; first += batchBlocks) {
      const auto count = static_cast<std::int64_t>(std::min(batchBlocks, blocks - first));
      if (!slots) slots.reset(new unsigned char[slotBytes * batchBlocks]);
      bool failed = false;
#pragma omp parallel for schedule(dynamic, 1) reduction(|| : failed)
      for (std::int64_t b = 0; b < count; ++b) {
        const std::size_t start = (first + b) * blockBytes;
        const std::size_t size = std::min(blockBytes, bytes - start);
        compressedBytes[b] = compressors[omp_get_thread_num()]->Compress(
            source + start, size, slots.get() + b * slotBytes, slotBytes);
        if (compressedBytes[b] == 0) failed = true;
      }
      if (failed) {
        throw cumed::Error("cannot write '" + out.path().string() +
                           "': " + ToString(options.compression) + " compression failed");
      }
      for (std::int64_t b = 0; b < count; ++b) {
        header[3 + first + b] = compressedBytes[b];
        out.Write(slots.get() + b * slotBytes, compressedBytes[b]);
      }
    }
    headers.push_back(std::move(header));
  }
  for (std::size_t a = 0; a < arrays.size(); ++a)
    out.WriteAt(headers[a].data(), headers[a].size() * sizeof(Word), headerPositions[a]);
  const std::string xml = XmlHeader(content, arrays, offsets, options.compression);
  if (xml.size() != placeholder.size()) throw std::logic_error("WriteVtp: header size changed");
  out.WriteAt(xml.data(), xml.size(), 0);
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
