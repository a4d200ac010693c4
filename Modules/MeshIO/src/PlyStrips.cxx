#include "PlyStrips.h"

#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPLY.h>
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
  // The element names are the caller's to free (malloc'd array of strdup'd names).
  struct FreeNames {
    char** names;
    int count;
    ~FreeNames() {
      for (int e = 0; names && e < count; ++e) std::free(names[e]);
      std::free(names);
    }
  } freeNames{names, elements};
  if (!ply) throw InvalidArgument("mesh file " + path + ": VTK's PLY library cannot open it");
  struct Strip {
    int count;
    int* ids;
  };
  // VTK's PLY library reads an element only with at least one property requested; of the
  // elements before the strips, the first property is read (and dropped).
  struct Dropped {
    double value;
    int count;
    double* list;
  };
  vtkNew<vtkCellArray> cells;
  for (int e = 0; e < elements; ++e) {
    int count = 0, properties = 0;
    PlyElement* element = vtkPLY::ply_get_element_description(ply, names[e], &count, &properties);
    const bool strips = std::string(names[e]) == "tristrips";
    if (!element || element->nprops == 0) continue;
    if (strips) {
      bool found = false;
      for (int p = 0; p < element->nprops; ++p)
        found |=
            std::string(element->props[p]->name) == "vertex_indices" && element->props[p]->is_list;
      if (!found) {
        vtkPLY::ply_close(ply);
        throw InvalidArgument("mesh file " + path +
                              ": the tristrips element has no list property vertex_indices");
      }
      PlyProperty indices = {"vertex_indices",
                             PLY_INT,
                             PLY_INT,
                             static_cast<int>(offsetof(Strip, ids)),
                             1,
                             PLY_INT,
                             PLY_INT,
                             static_cast<int>(offsetof(Strip, count))};
      vtkPLY::ply_get_property(ply, names[e], &indices);
    } else {
      const PlyProperty* first = element->props[0];
      PlyProperty drop = {
          first->name,
          first->external_type,
          PLY_DOUBLE,
          static_cast<int>(first->is_list ? offsetof(Dropped, list) : offsetof(Dropped, value)),
          first->is_list,
          first->count_external,
          PLY_INT,
          static_cast<int>(offsetof(Dropped, count))};
      vtkPLY::ply_get_property(ply, names[e], &drop);
    }
    for (int i = 0; i < count; ++i) {
      if (!strips) {
        Dropped dropped{0, 0, nullptr};
        vtkPLY::ply_get_element(ply, &dropped);
        std::free(dropped.list);
        continue;
      }
      Strip strip{0, nullptr};
      vtkPLY::ply_get_element(ply, &strip);
      std::vector<vtkIdType> ids;
      for (int k = 0; k <= strip.count; ++k) {
        if (k == strip.count || strip.ids[k] < 0) {
          if (ids.size() >= 3)
            cells->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
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
