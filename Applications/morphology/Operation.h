#pragma once
// The operations the program offers, by their command-line name, and which options apply to
// each (so the parser can refuse an option that would be silently ignored).
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <string>
#include <string_view>

namespace cumed::morphologyapp {

struct Operation {
  const char* name; ///< as typed after --operation
  bool binary;      ///< binary (foreground/background) rather than grayscale
  cumed::morphology::GrayscaleOperation grayscale;    ///< meaningful when !binary
  cumed::morphology::BinaryOperation binaryOperation; ///< meaningful when binary
  bool takesBoundary;   ///< --boundary: the value outside the image (dilate, erode)
  bool takesSafeBorder; ///< --no-safe-border: padding before a composite operation
};

/// Filter passes of the element over the volume: 1 for the dilations and erosions, 2 for the
/// composite operations (for the work estimate of NoteElementWork).
int FilterPasses(const Operation& operation);

/// The operation called `name`, or nullptr.
const Operation* FindOperation(std::string_view name);

/// "dilate, erode, ..." for messages and --help.
std::string OperationNames();

/// The names of the operations for which `Operation::*flag` is true, e.g. "dilate, erode".
std::string OperationNamesWith(bool Operation::*flag);

} // namespace cumed::morphologyapp
