#include "PlyStrips.h"

#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkPLY.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace cumed::meshio::detail {

bool CheckPlyHeader(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::string line;
  if (!std::getline(file, line) || line.rfind("ply", 0) != 0)
    throw InvalidArgument("mesh file " + path + ": not a PLY file (first line is not 'ply')");
  bool strips = false;
  // A header is a few lines; 1 MiB of them without end_header is not a header.
  std::size_t bytes = 0;
  while (std::getline(file, line) && bytes < (std::size_t{1} << 20)) {
    bytes += line.size() + 1;
    std::istringstream words(line);
    std::string word, name;
    words >> word;
    if (word == "end_header") return strips;
    if (word == "element" && (words >> name) && name == "tristrips") strips = true;
  }
  throw InvalidArgument("mesh file " + path + ": the PLY header has no end_header line");
}

void ReadPlyTriangleStrips(const std::string& path, vtkPolyData* data) {
  int elements = 0;
  char** names = nullptr;
  PlyFile* ply = vtkPLY::ply_open_for_reading(path.c_str(), &elements, &names);
  if (!ply) throw InvalidArgument("mesh file " + path + ": VTK's PLY library cannot open it");
  struct Strip {
    int count;
    int* ids;
  };
  struct Ignored {
    unsigned char bytes[64];
  };
  PlyProperty indices = {"vertex_indices", PLY_INT, PLY_INT,  static_cast<int>(offsetof(Strip, ids)),
                         1,                PLY_INT, PLY_INT, static_cast<int>(offsetof(Strip, count))};
  vtkNew<vtkCellArray> cells;
  // Elements come in file order: those before the strips are read and dropped.
  for (int e = 0; e < elements; ++e) {
    int count = 0, properties = 0;
    vtkPLY::ply_get_element_description(ply, names[e], &count, &properties);
    const bool strips = std::string(names[e]) == "tristrips";
    if (strips) vtkPLY::ply_get_property(ply, names[e], &indices);
    for (int i = 0; i < count; ++i) {
      if (!strips) {
        Ignored ignored;
        vtkPLY::ply_get_element(ply, &ignored);
        continue;
      }
      Strip strip{0, nullptr};
      vtkPLY::ply_get_element(ply, &strip);
      std::vector<vtkIdType> ids;
      for (int k = 0; k <= strip.count; ++k) {
        if (k == strip.count || strip.ids[k] < 0) {
          if (ids.size() >= 3) cells->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
          ids.clear();
        } else {
          ids.push_back(strip.ids[k]);
        }
      }
      std::free(strip.ids);
    }
    if (strips) break;
  }
  vtkPLY::ply_close(ply);
  data->SetStrips(cells);
}

} // namespace cumed::meshio::detail
