#pragma once
// MPI for CuMed: the session (MPI_Init / MPI_Finalize, once per process) and a communicator
// handle. Only this module includes <mpi.h>'s types in its headers through MPI_Comm; programs
// that do not use MPI never see it (the layer is optional: CUMED_WITH_MPI).
#include <mpi.h>

#include <string>

namespace cumed::parallel {

/// Starts MPI for the process (funneled threads: OpenMP inside a rank is fine) unless something
/// else already did, and finalises it on destruction only if it started it.
class MpiSession {
public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

private:
  bool started_ = false;
};

/// A communicator someone else owns (MPI_COMM_WORLD by default), with the questions every
/// distributed algorithm asks. Errors of MPI calls throw cumed::Error naming the call.
class Communicator {
public:
  explicit Communicator(MPI_Comm comm = MPI_COMM_WORLD) : comm_(comm) {}
  MPI_Comm native() const noexcept { return comm_; }
  int rank() const;
  int size() const;
  void barrier() const;

private:
  MPI_Comm comm_;
};

namespace detail {
/// Throws cumed::Error "MPI: <call> failed: <MPI's error string>" unless `code` is MPI_SUCCESS.
void CheckMpi(int code, const char* call);
} // namespace detail

} // namespace cumed::parallel

#define CUMED_MPI_CHECK(call) ::cumed::parallel::detail::CheckMpi((call), #call)
