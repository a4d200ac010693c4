#include "cumed/morphology/Operation.h"

#include <array>

namespace cumed::morphology {
namespace {

// A binary entry's grayscale field and a grayscale entry's binary field are unused.
constexpr std::array<Operation, 11> kOperations{{
    {"dilate", false, GrayscaleOperation::Dilate, BinaryOperation::Dilate, true, false},
    {"erode", false, GrayscaleOperation::Erode, BinaryOperation::Dilate, true, false},
    {"open", false, GrayscaleOperation::Open, BinaryOperation::Dilate, false, true},
    {"close", false, GrayscaleOperation::Close, BinaryOperation::Dilate, false, true},
    {"white-top-hat", false, GrayscaleOperation::WhiteTopHat, BinaryOperation::Dilate, false, true},
    {"black-top-hat", false, GrayscaleOperation::BlackTopHat, BinaryOperation::Dilate, false, true},
    {"gradient", false, GrayscaleOperation::Gradient, BinaryOperation::Dilate, false, false},
    {"binary-dilate", true, GrayscaleOperation::Dilate, BinaryOperation::Dilate, false, false},
    {"binary-erode", true, GrayscaleOperation::Dilate, BinaryOperation::Erode, false, false},
    {"binary-open", true, GrayscaleOperation::Dilate, BinaryOperation::Open, false, false},
    // ITK's binary closing pads (SafeBorder); binary opening has no such option.
    {"binary-close", true, GrayscaleOperation::Dilate, BinaryOperation::Close, false, true},
}};

} // namespace

const Operation* FindOperation(std::string_view name) {
  for (const Operation& operation : kOperations) {
    if (name == operation.name) return &operation;
  }
  return nullptr;
}

std::string OperationNames() {
  std::string names;
  for (const Operation& operation : kOperations) {
    names += names.empty() ? "" : ", ";
    names += operation.name;
  }
  return names;
}

std::string OperationNamesWith(bool Operation::*flag) {
  std::string names;
  for (const Operation& operation : kOperations) {
    if (!(operation.*flag)) continue;
    names += names.empty() ? "" : ", ";
    names += operation.name;
  }
  return names;
}

int FilterPasses(const Operation& operation) {
  const bool single = operation.binary ? operation.binaryOperation == BinaryOperation::Dilate ||
                                             operation.binaryOperation == BinaryOperation::Erode
                                       : operation.grayscale == GrayscaleOperation::Dilate ||
                                             operation.grayscale == GrayscaleOperation::Erode;
  return single ? 1 : 2;
}

} // namespace cumed::morphology
