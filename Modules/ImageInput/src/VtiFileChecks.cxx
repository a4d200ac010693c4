#include "VtiFileChecks.h"

#include "cumed/io/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <vtkDataObject.h>
#include <vtkInformation.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::io::detail {
namespace {

constexpr std::size_t kHeadBytes = 1 << 16; // the XML before the appended data

// The value of `attribute="..."` in `element`, or "".
std::string Attribute(const std::string& element, const std::string& attribute) {
  const std::string key = " " + attribute + "=\"";
  const auto at = element.find(key);
  if (at == std::string::npos) return "";
  const auto from = at + key.size();
  return element.substr(from, element.find('"', from) - from);
}

// VTK parses "nan" or "1e999" in Spacing/Origin/Direction as some other number without a word:
// the attributes of the <ImageData> element are checked as written.
void CheckDeclaredNumbers(const fs::path& file, const std::string& head) {
  const auto start = head.find("<ImageData");
  const auto end = head.find('>', start);
  if (start == std::string::npos || end == std::string::npos) return; // the reader says what
  const std::string element = head.substr(start, end - start);
  for (const char* attribute : {"WholeExtent", "Origin", "Spacing", "Direction"}) {
    const std::string value = Attribute(element, attribute);
    if (value.empty()) continue;
    io::CheckHeaderNumbers(file, attribute, value, std::string(attribute) == "Spacing");
  }
}

// The grid the file declares, checked (app::ImageInputChecks.h) before the reader allocates it:
// each voxel takes at least one byte, in memory and in the file (compressed or not).
void CheckDeclaredGrid(vtkXMLImageDataReader* reader, const fs::path& file) {
  vtkInformation* info = reader->GetOutputInformation(0);
  int extent[6] = {0, -1, 0, -1, 0, -1};
  info->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), extent);
  io::ImageGridClaim grid;
  double spacing[3] = {1, 1, 1}, origin[3] = {0, 0, 0};
  double direction[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  if (info->Has(vtkDataObject::SPACING())) info->Get(vtkDataObject::SPACING(), spacing);
  if (info->Has(vtkDataObject::ORIGIN())) info->Get(vtkDataObject::ORIGIN(), origin);
  if (info->Has(vtkDataObject::DIRECTION())) info->Get(vtkDataObject::DIRECTION(), direction);
  for (int axis = 0; axis < 3; ++axis) {
    const long long points = static_cast<long long>(extent[2 * axis + 1]) - extent[2 * axis] + 1;
    grid.size.push_back(points > 0 ? static_cast<std::uint64_t>(points) : 0);
    grid.spacing.push_back(spacing[axis]);
    grid.origin.push_back(origin[axis]);
  }
  grid.direction.assign(direction, direction + 9);
  const std::uint64_t voxels = io::VoxelCount(file, grid.size);
  io::CheckGridGeometry(file, grid);
  std::error_code error;
  io::CheckCompressedBound(file, fs::file_size(file, error), voxels);
  io::CheckFitsInMemory(file, io::SizeText(grid.size), voxels);
}

// Uncompressed raw appended data: each block's byte count (a UInt32 or UInt64 before it) must
// end before </AppendedData>.
void CheckAppendedBlocks(const fs::path& file, const std::string& head) {
  const auto appended = head.find("<AppendedData");
  if (appended == std::string::npos || head.find(" compressor=\"") != std::string::npos) return;
  const auto tagEnd = head.find('>', appended);
  if (tagEnd == std::string::npos) return;
  if (Attribute(head.substr(appended, tagEnd - appended), "encoding") != "raw") return;
  const auto underscore = head.find('_', tagEnd);
  if (underscore == std::string::npos) return;
  const std::uint64_t dataStart = underscore + 1;
  const auto fileTag = head.find("<VTKFile");
  const bool wide =
      Attribute(head.substr(fileTag, head.find('>', fileTag) - fileTag), "header_type") == "UInt64";
  std::error_code error;
  std::uint64_t end = fs::file_size(file, error);
  { // the closing tags after the data are no data
    std::ifstream in(file, std::ios::binary);
    const std::uint64_t tail = std::min<std::uint64_t>(end, 256);
    std::string last(tail, '\0');
    in.seekg(static_cast<std::streamoff>(end - tail));
    in.read(last.data(), static_cast<std::streamsize>(tail));
    const auto closing = last.rfind("</AppendedData>");
    if (closing != std::string::npos) end = end - tail + closing;
  }
  std::ifstream in(file, std::ios::binary);
  for (auto at = head.find("<DataArray"); at < appended; at = head.find("<DataArray", at + 1)) {
    const std::string element = head.substr(at, head.find('>', at) - at);
    if (Attribute(element, "format") != "appended") continue;
    const std::string offsetText = Attribute(element, "offset");
    const std::uint64_t start = dataStart + std::stoull(offsetText.empty() ? "0" : offsetText);
    std::uint64_t declared = 0;
    in.seekg(static_cast<std::streamoff>(start));
    in.read(reinterpret_cast<char*>(&declared), wide ? 8 : 4); // little-endian files only
    const std::uint64_t first = start + (wide ? 8 : 4);
    const std::uint64_t available = end > first ? end - first : 0;
    if (!in || declared > available) {
      throw cumed::Error(io::InputName(file) + ": the appended data of array '" +
                         Attribute(element, "Name") + "' declare " + std::to_string(declared) +
                         " bytes, but only " + std::to_string(available) +
                         " bytes of data follow: the file is truncated");
    }
  }
}

} // namespace

void CheckVtiFileBeforeReading(vtkXMLImageDataReader* reader, const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string head(kHeadBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  CheckDeclaredNumbers(file, head);
  reader->UpdateInformation();
  CheckDeclaredGrid(reader, file);
  if (head.find("byte_order=\"BigEndian\"") == std::string::npos) CheckAppendedBlocks(file, head);
}

} // namespace cumed::io::detail
