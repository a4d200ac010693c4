#pragma once
// What a MetaImage header must look like before ITK's MetaIO parses it. MetaIO (third party)
// copies field names and string values into fixed buffers without checking their length, casts
// numbers to int without a range check, reads as many array values as NDims says (across lines,
// past its 4096-value buffer) and lets a line without '=' swallow the next field's name: a
// hostile header crashes it, hangs it or is read as another image. These rules refuse such
// headers first, naming the file, the line or field and what was expected.
#include "MetaImageHeader.h"

#include <filesystem>

namespace cumed::io::detail {

/// Refuses `header` of `file` unless: every line up to ElementDataFile is blank or
/// "Name = value" (no ':' in the name, a non-empty value not starting with '=' or ':'), names are
/// printable and shorter than 255 characters and are not a known field written in another case;
/// string values have at most 254 characters (ElementDataFile 498) and no control characters;
/// NDims is a whole number from 1 to 10 and precedes the arrays; DimSize, ElementSpacing and the
/// other per-axis fields hold exactly NDims decimal numbers, TransformMatrix, Rotation and
/// Orientation NDims x NDims, Color 4; single-number fields hold one (whole numbers in int range
/// where MetaIO keeps an int; CompressedDataSize 0 to 2^53); ElementNumberOfChannels is 1 to 1024;
/// ElementType is one of MetaIO's numeric MET_* types; ElementDataFile names no file pattern ('%').
void CheckMetaImageForMetaIO(const std::filesystem::path& file, const MetaImageHeader& header);

} // namespace cumed::io::detail
