// The "pipeline" under test in this user project: writes an 8x6x4 uint8 ramp as a MetaImage file
// (header and data by hand, so the project needs no toolkit of its own).
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make-ramp OUTPUT.mha\n";
    return 2;
  }
  std::ofstream file(argv[1], std::ios::binary);
  file << "ObjectType = Image\nNDims = 3\nDimSize = 8 6 4\nElementSpacing = 0.5 0.5 1\n"
       << "Offset = 0 0 0\nElementType = MET_UCHAR\nElementDataFile = LOCAL\n";
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 8; ++x) file.put(static_cast<char>(10 * x + 3 * y + z));
  return file ? 0 : 1;
}
