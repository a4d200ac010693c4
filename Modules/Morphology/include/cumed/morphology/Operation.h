#pragma once
// The morphological operations by name ("dilate", ..., "binary-close"), which options apply to
// each, and one call that runs an operation given by name on views of an image's pixels with the
// grayscale or binary API.
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/morphology/StructuringElement.h"

#include <optional>
#include <string>
#include <string_view>

namespace cumed::morphology {

struct Operation {
  const char* name;                ///< "dilate", "erode", ..., "binary-close"
  bool binary;                     ///< binary (foreground/background) rather than grayscale
  GrayscaleOperation grayscale;    ///< meaningful when !binary
  BinaryOperation binaryOperation; ///< meaningful when binary
  bool takesBoundary;              ///< OperationOptions::boundary applies (dilate, erode)
  bool takesSafeBorder;            ///< OperationOptions::safeBorder applies (padding)
};

/// Filter passes of the element over the volume: 1 for the dilations and erosions, 2 for the
/// composite operations (for work estimates).
int FilterPasses(const Operation& operation);

/// The operation called `name`, or nullptr.
const Operation* FindOperation(std::string_view name);

/// "dilate, erode, ..." for messages and help texts.
std::string OperationNames();

/// The names of the operations for which `Operation::*flag` is true, e.g. "dilate, erode".
std::string OperationNamesWith(bool Operation::*flag);

/// The options of every operation; each applies where the operation has it (GrayscaleOptions,
/// BinaryOptions). Backend, threads, progress and the report come from ExecutionOptions.
struct OperationOptions : ExecutionOptions {
  std::optional<double> boundary;   ///< dilate, erode: the value outside the image
  bool safeBorder = true;           ///< composite operations: pad first (ITK's SafeBorder)
  std::optional<double> foreground; ///< binary operations: the object's value (required)
  std::optional<double> background; ///< binary operations: unset, ITK's default
};

/// The options of the grayscale API that `options` sets (ExecutionOptions, boundary, safeBorder).
GrayscaleOptions GrayscaleOptionsOf(const OperationOptions& options);
/// The options of the binary API that `options` sets (ExecutionOptions, foreground, background,
/// safeBorder). Throws InvalidArgument naming `operation` when the foreground is unset.
BinaryOptions BinaryOptionsOf(const Operation& operation, const OperationOptions& options);

/// Runs `operation` on `input` into `output` with Grayscale() or Binary() (same contract: same
/// size and memory location) and returns the backend that ran. Throws InvalidArgument naming
/// the operation when it is binary and `options.foreground` is unset. T: uint8, int16, uint16 or
/// float.
template <class T>
Backend ApplyOperation(const Operation& operation, ImageView<const T> input, ImageView<T> output,
                       const StructuringElement& element, const OperationOptions& options);

} // namespace cumed::morphology
