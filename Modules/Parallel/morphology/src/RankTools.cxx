#include "cumed/parallel/RankTools.h"

namespace cumed::parallel {

std::string BroadcastText(const Communicator& comm, std::string text, int root) {
  int length = int(text.size());
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, root, comm.native()));
  text.resize(std::size_t(length));
  CUMED_MPI_CHECK(MPI_Bcast(text.data(), length, MPI_CHAR, root, comm.native()));
  return text;
}

} // namespace cumed::parallel
