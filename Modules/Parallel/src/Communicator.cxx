#include "cumed/parallel/Communicator.h"

#include "cumed/core/Error.h"

namespace cumed::parallel {

namespace detail {
void CheckMpi(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw Error(std::string("MPI: ") + call + " failed: " + std::string(text, length));
}
} // namespace detail

MpiSession::MpiSession(int* argc, char*** argv) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (initialised) return;
  int provided = 0;
  CUMED_MPI_CHECK(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided));
  started_ = true;
  // Failures come back as codes, which CUMED_MPI_CHECK turns into exceptions naming the call,
  // instead of MPI aborting the job without a word about what CuMed was doing.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

MpiSession::~MpiSession() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (started_ && !finalised) MPI_Finalize();
}

int Communicator::rank() const {
  int rank = 0;
  CUMED_MPI_CHECK(MPI_Comm_rank(comm_, &rank));
  return rank;
}

int Communicator::size() const {
  int size = 0;
  CUMED_MPI_CHECK(MPI_Comm_size(comm_, &size));
  return size;
}

void Communicator::barrier() const {
  CUMED_MPI_CHECK(MPI_Barrier(comm_));
}

} // namespace cumed::parallel
