#include "cumed/parallel/RankTools.h"

namespace cumed::parallel {

std::string BroadcastText(const Communicator& comm, std::string text, int root) {
  int length = int(text.size());
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, root, comm.native()));
  text.resize(std::size_t(length));
  CUMED_MPI_CHECK(MPI_Bcast(text.data(), length, MPI_CHAR, root, comm.native()));
  return text;
}

void BroadcastImageLayout(const Communicator& comm, PixelType& type, ImageGeometry& geometry,
                          int root) {
  double packed[19];
  packed[0] = double(int(type));
  for (int i = 0; i < 3; ++i) {
    packed[1 + i] = double(geometry.size[std::size_t(i)]);
    packed[4 + i] = geometry.spacing[std::size_t(i)];
    packed[7 + i] = geometry.origin[std::size_t(i)];
  }
  for (int i = 0; i < 9; ++i) packed[10 + i] = geometry.direction[std::size_t(i)];
  CUMED_MPI_CHECK(MPI_Bcast(packed, 19, MPI_DOUBLE, root, comm.native()));
  type = PixelType(int(packed[0]));
  for (int i = 0; i < 3; ++i) {
    geometry.size[std::size_t(i)] = std::size_t(packed[1 + i]);
    geometry.spacing[std::size_t(i)] = packed[4 + i];
    geometry.origin[std::size_t(i)] = packed[7 + i];
  }
  for (int i = 0; i < 9; ++i) geometry.direction[std::size_t(i)] = packed[10 + i];
}

} // namespace cumed::parallel
