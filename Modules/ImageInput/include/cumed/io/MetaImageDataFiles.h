#pragma once
// The data files a MetaImage header (.mhd, also .mha) names, so that no output replaces them.
// ElementDataFile is read as MetaIO reads it: the whole rest of the line is the name (spaces
// included); LOCAL means the data follow the header; "LIST [nD]" lists the names on the lines
// after it; a name with '%' is a pattern "FORMAT [MIN [MAX [STEP]]]" for numbered files (MIN 1,
// MAX the last DimSize, STEP 1 when not given).
#include <filesystem>
#include <vector>

namespace cumed::io {

/// The data files of `header`, relative names taken relative to its directory. Errs on the side
/// of protecting more: a name is also listed trimmed, and every word of a LIST line too. Empty
/// for LOCAL, an unreadable header, one that is not a regular file (never opened: a FIFO would
/// block), or one without ElementDataFile.
std::vector<std::filesystem::path> MetaImageDataFiles(const std::filesystem::path& header);

} // namespace cumed::io
