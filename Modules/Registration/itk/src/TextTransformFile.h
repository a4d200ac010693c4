#pragma once
// ITK's text transform files (.tfm, .txt): "#Transform N", "Transform: NAME", then for every
// transform but a composite a "Parameters: ..." and a "FixedParameters: ..." line. ITK's reader
// takes a file cut inside its last lines for a complete one (the transform keeps what it had, e.g.
// the identity), and its writer does not notice a full file system: both sides check the shape.
#include <filesystem>

namespace cumed::registration {

/// What the text transform file holds, line by line.
struct TextTransformFileShape {
  int transforms = 0;                   ///< "Transform:" lines
  int composites = 0;                   ///< of them CompositeTransform (no parameters of their own)
  int fixedParameters = 0;              ///< complete "FixedParameters:" lines
  bool endsWithFixedParameters = false; ///< the last line is one, ended by a newline
};

TextTransformFileShape ReadTextTransformFileShape(const std::filesystem::path& file);

/// Whether `file` names a text transform file by its extension (.tfm, .txt).
bool IsTextTransformFile(const std::filesystem::path& file);

} // namespace cumed::registration
