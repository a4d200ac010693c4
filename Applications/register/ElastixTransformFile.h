#pragma once
// Recognises an elastix TransformParameters file (elastix's own "(Transform ...)" text format,
// which ITK's transform readers cannot read) so that --initial-transform can say what the file is
// instead of passing on ITK's parser error ("Tags must be delimited by :").
#include <filesystem>

namespace cumed::registerapp {

/// Throws cumed::Error naming the file when it is an elastix TransformParameters file: a text
/// file whose first non-comment line starts "(" and which has a "(Transform ...)" or
/// "(TransformParameters ...)" entry. Does nothing for any other file (ITK reports on those).
/// `option` names the file in the message (--initial-transform, --apply-transform).
void RefuseElastixTransformParameters(const std::filesystem::path& file,
                                      const char* option = "--initial-transform");

} // namespace cumed::registerapp
