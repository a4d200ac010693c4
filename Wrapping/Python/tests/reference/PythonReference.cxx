// cumed_python_reference: what CuMed's C++ API answers, for the Python tests to compare the
// cumed package with, bit for bit.
//   read-dicom DIR OUT.json OUT.raw
//       ReadDicomCtSeries(DIR) with default options: geometry and info as JSON (numbers with 17
//       significant digits, so they read back exactly), the HU volume as raw int16 [z, y, x].
//   morphology IN.raw DTYPE Z Y X OPERATION ELEMENT RX RY RZ OUT.raw
//       DTYPE uint8|int16|uint16|float32; OPERATION a grayscale operation (dilate, erode, open,
//       close, white-top-hat, black-top-hat, gradient) or binary-dilate|erode|open|close;
//       ELEMENT ball|box|cross with radii in voxels along x, y, z; CPU backend, default options.
// Exit codes: 0 done, 1 CuMed refused the input (its message on stderr), 2 bad command line.
#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace cumed;
using namespace cumed::morphology;

/// A command line this program cannot use (exit code 2).
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string JsonString(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      quoted += escaped;
    } else {
      quoted += c;
    }
  }
  return quoted + "\"";
}

std::string JsonNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return text;
}

template <class Values, class Format> std::string JsonList(const Values& values, Format format) {
  std::string list = "[";
  for (const auto& value : values) list += (list.size() > 1 ? ", " : "") + format(value);
  return list + "]";
}

void WriteFile(const std::string& path, const void* data, std::size_t bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(static_cast<const char*>(data), std::streamsize(bytes));
  if (!out) throw UsageError("cannot write '" + path + "'");
}

std::vector<char> ReadFile(const std::string& path, std::size_t expectedBytes) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes(expectedBytes);
  in.read(bytes.data(), std::streamsize(expectedBytes));
  if (!in || in.peek() != std::char_traits<char>::eof())
    throw UsageError("'" + path + "' does not hold exactly " + std::to_string(expectedBytes) +
                     " bytes");
  return bytes;
}

std::string GeometryAndInfoJson(const ImageGeometry& geometry, const io::DicomSeriesInfo& info) {
  const auto number = [](double value) { return JsonNumber(value); };
  const auto text = [](const std::string& value) { return JsonString(value); };
  return "{\n  \"size\": " +
         JsonList(geometry.size, [](std::size_t value) { return std::to_string(value); }) +
         ",\n  \"spacing\": " + JsonList(geometry.spacing, number) +
         ",\n  \"origin\": " + JsonList(geometry.origin, number) +
         ",\n  \"direction\": " + JsonList(geometry.direction, number) +
         ",\n  \"series_uid\": " + JsonString(info.seriesUid) +
         ",\n  \"modality\": " + JsonString(info.modality) +
         ",\n  \"series_description\": " + JsonString(info.seriesDescription) +
         ",\n  \"files\": " + JsonList(info.files, text) +
         ",\n  \"other_series_uids\": " + JsonList(info.otherSeriesUids, text) +
         ",\n  \"skipped_files\": " + JsonList(info.skippedFiles, text) +
         ",\n  \"rescale_slope\": " + JsonNumber(info.rescaleSlope) +
         ",\n  \"rescale_intercept\": " + JsonNumber(info.rescaleIntercept) + "\n}\n";
}

void ReadDicom(const std::vector<std::string>& args) {
  if (args.size() != 3) throw UsageError("read-dicom takes DIR OUT.json OUT.raw");
  const io::CtSeries series = io::ReadDicomCtSeries(args[0]);
  const auto view = HostView(*series.image);
  const std::string json = GeometryAndInfoJson(view.geometry, series.info);
  WriteFile(args[1], json.data(), json.size());
  WriteFile(args[2], view.data, view.geometry.numberOfPixels() * sizeof(std::int16_t));
}

int ParseRadius(const std::string& text) {
  std::size_t used = 0;
  const int radius = std::stoi(text, &used);
  if (used != text.size()) throw UsageError("radius '" + text + "' is not an integer");
  return radius;
}

StructuringElement MakeElement(const std::string& shape, const std::array<int, 3>& radius) {
  if (shape == "ball") return StructuringElement::Ball(radius);
  if (shape == "box") return StructuringElement::Box(radius);
  if (shape == "cross") return StructuringElement::Cross(radius);
  throw UsageError("unknown element '" + shape + "' (ball, box, cross)");
}

/// The operation named `name` among ToString()'s names of `last` and the ones before it.
template <class Operation>
bool FindOperation(const std::string& name, Operation last, Operation& found) {
  for (int value = 0; value <= int(last); ++value)
    if (name == ToString(Operation(value))) {
      found = Operation(value);
      return true;
    }
  return false;
}

template <class T>
void RunMorphology(const std::vector<char>& input, std::vector<char>& output,
                   const ImageGeometry& geometry, const std::string& operation,
                   const StructuringElement& element) {
  const ImageView<const T> in{reinterpret_cast<const T*>(input.data()), geometry};
  const ImageView<T> out{reinterpret_cast<T*>(output.data()), geometry};
  GrayscaleOperation grayscale{};
  BinaryOperation binary{};
  if (FindOperation(operation, GrayscaleOperation::Gradient, grayscale)) {
    GrayscaleOptions options;
    options.backend = Backend::CPU;
    Grayscale<T>(in, out, element, grayscale, options);
  } else if (FindOperation(operation, BinaryOperation::Close, binary)) {
    BinaryOptions options;
    options.backend = Backend::CPU;
    Binary<T>(in, out, element, binary, options);
  } else {
    throw UsageError("unknown operation '" + operation + "'");
  }
}

void Morphology(const std::vector<std::string>& args) {
  if (args.size() != 11)
    throw UsageError("morphology takes IN.raw DTYPE Z Y X OPERATION ELEMENT RX RY RZ OUT.raw");
  ImageGeometry geometry;
  geometry.size = {std::stoul(args[4]), std::stoul(args[3]), std::stoul(args[2])};
  const auto element =
      MakeElement(args[6], {ParseRadius(args[7]), ParseRadius(args[8]), ParseRadius(args[9])});
  const std::string& dtype = args[1];
  const std::size_t itemSize = dtype == "uint8" ? 1 : dtype == "float32" ? 4 : 2;
  const auto input = ReadFile(args[0], geometry.numberOfPixels() * itemSize);
  std::vector<char> output(input.size());
  if (dtype == "uint8")
    RunMorphology<std::uint8_t>(input, output, geometry, args[5], element);
  else if (dtype == "int16")
    RunMorphology<std::int16_t>(input, output, geometry, args[5], element);
  else if (dtype == "uint16")
    RunMorphology<std::uint16_t>(input, output, geometry, args[5], element);
  else if (dtype == "float32")
    RunMorphology<float>(input, output, geometry, args[5], element);
  else
    throw UsageError("unknown dtype '" + dtype + "' (uint8, int16, uint16, float32)");
  WriteFile(args.back(), output.data(), output.size());
}

} // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + std::min(argc, 2), argv + argc);
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    if (command == "read-dicom")
      ReadDicom(args);
    else if (command == "morphology")
      Morphology(args);
    else
      throw UsageError("usage: cumed_python_reference read-dicom DIR OUT.json OUT.raw | "
                       "morphology IN.raw DTYPE Z Y X OPERATION ELEMENT RX RY RZ OUT.raw");
    return 0;
  } catch (const UsageError& error) {
    std::cerr << "cumed_python_reference: " << error.what() << "\n";
    return 2;
  } catch (const std::logic_error& error) { // std::stoi/stoul of a bad number
    std::cerr << "cumed_python_reference: bad number on the command line: " << error.what() << "\n";
    return 2;
  } catch (const cumed::Error& error) {
    std::cerr << "cumed_python_reference: " << error.what() << "\n";
    return 1;
  }
}
