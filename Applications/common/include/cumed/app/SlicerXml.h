#pragma once
// A program as a 3D Slicer CLI module: `--xml` prints the module's description in Slicer's
// execution-model XML, made from the program's option table (CommandLine.h) so that it cannot
// drift from the options the program takes. The table gives each option's name, help text
// (the description) and accepted words (the enumerations); what it cannot say, the program adds
// in a SlicerModule: which options and positional arguments Slicer shows, their Slicer types
// (an image, a mesh, a number...), labels, defaults and ranges. The generator refuses an entry
// that names no option of the table, a boolean that takes a value, a value that is a flag, an
// enumeration whose words the table does not know, or a default outside them or the range.
#include <optional>
#include <string>
#include <vector>

namespace cumed::app {

/// One parameter as Slicer shows it and passes it to the program.
struct SlicerParameter {
  /// The option's first name as declared ("--iso"), or a positional argument's ("INPUT"), which
  /// Slicer passes by position (<index>, in the order CommandLine::Positional declared them).
  std::string option;
  /// The element: image, geometry, transform, file, directory (with `channel`), float, integer,
  /// boolean, string, string-enumeration, integer-vector or float-vector. Slicer leaves out a
  /// string, file, directory, vector, image or mesh that is empty, so an optional number
  /// without a default is a string or a vector here.
  std::string tag;
  std::string label;
  std::string defaultValue;
  std::string channel;        ///< input or output, for the data elements
  std::string fileExtensions; ///< what Slicer writes or reads (".nrrd", ".vtp"); "" its default
  std::optional<double> minimum, maximum, step;
  /// For a positional argument the table does not describe (CommandLine::Positional): its
  /// description; its name must then appear in the usage line.
  std::string description;
};

struct SlicerGroup {
  std::string label;
  std::string description;
  std::vector<SlicerParameter> parameters;
};

struct SlicerModule {
  std::string category = "CuMed";
  std::string title;
  std::string description;
  std::string documentationUrl;
  std::string contributor = "The CuMed developers";
  std::string license = "See the CuMed distribution";
  std::vector<SlicerGroup> groups;
};

} // namespace cumed::app
