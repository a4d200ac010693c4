// cumed-field-error: an estimated displacement field against the true one, over a mask.
#include "CommandLine.h"
#include "FieldError.h"
#include "ImageFiles.h"

#include <cstdio>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  using namespace cumed::regdata;
  const char* usage =
      "usage: cumed-field-error ESTIMATED.mha TRUE.mha MASK.mha\n"
      "Both fields 3-component (mm, ITK's fixed->moving convention) on the mask's grid. Prints\n"
      "the error |est - true| over the mask's nonzero voxels (rms, mean, max) and the rms of\n"
      "|true| (the error before registration). Exit codes: 0 printed, 1 unreadable or\n"
      "mismatched inputs, 2 bad command line.\n";
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << usage;
    return 0;
  }
  if (argc != 4) {
    std::cerr << "cumed-field-error: expected 3 arguments, got " << argc - 1 << "\n" << usage;
    return kExitUsage;
  }
  try {
    const auto s =
        CompareFields(ReadFloatImage(argv[1]), ReadFloatImage(argv[2]), ReadMask(argv[3]));
    std::printf("field_error_mm rms=%.4f mean=%.4f max=%.4f before_rms=%.4f voxels=%zu\n", s.rmsMm,
                s.meanMm, s.maxMm, s.trueRmsMm, s.voxels);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cumed-field-error: " << e.what() << "\n";
    return kExitFailed;
  }
}
