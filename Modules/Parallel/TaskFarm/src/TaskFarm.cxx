#include "cumed/parallel/TaskFarm.h"

#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"

#include <cstring>
#include <exception>

namespace cumed::parallel {
namespace {

// Rank 0 -> worker: kTask carries the task index then its text; kStop ends the worker.
// Worker -> rank 0: kResult carries the index, ok flag, seconds, then the text.
constexpr int kTask = 7101;
constexpr int kStop = 7102;
constexpr int kResult = 7103;

struct ResultHeader {
  int index;
  int ok;
  double seconds;
};

TaskOutcome RunOne(const TaskFunction& run, const std::string& task, int rank) {
  TaskOutcome outcome;
  outcome.rank = rank;
  const Stopwatch watch;
  try {
    outcome.text = run(task);
    outcome.ok = true;
  } catch (const std::exception& e) {
    outcome.text = e.what();
  } catch (...) {
    outcome.text = "unknown exception";
  }
  outcome.seconds = watch.elapsedSeconds();
  return outcome;
}

void SendTask(const Communicator& comm, int worker, int index, const std::string& task) {
  std::string message(sizeof index, '\0');
  std::memcpy(message.data(), &index, sizeof index);
  message += task;
  CUMED_MPI_CHECK(MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, worker,
                           kTask, comm.native()));
}

void SendStop(const Communicator& comm, int worker) {
  CUMED_MPI_CHECK(MPI_Send(nullptr, 0, MPI_BYTE, worker, kStop, comm.native()));
}

// Receives the next message with `tag` (or any tag when MPI_ANY_TAG) from `source`, whole.
std::string ReceiveBytes(const Communicator& comm, int source, int tag, MPI_Status& status) {
  CUMED_MPI_CHECK(MPI_Probe(source, tag, comm.native(), &status));
  int count = 0;
  CUMED_MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &count));
  std::string bytes(static_cast<std::size_t>(count), '\0');
  CUMED_MPI_CHECK(MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG,
                           comm.native(), MPI_STATUS_IGNORE));
  return bytes;
}

std::vector<TaskOutcome> HandOut(const Communicator& comm, const std::vector<std::string>& tasks) {
  std::vector<TaskOutcome> outcomes(tasks.size());
  const int workers = comm.size() - 1;
  int next = 0;
  int busy = 0;
  for (int worker = 1; worker <= workers; ++worker) {
    if (next < static_cast<int>(tasks.size())) {
      SendTask(comm, worker, next, tasks[next]);
      ++next, ++busy;
    } else {
      SendStop(comm, worker);
    }
  }
  while (busy > 0) {
    MPI_Status status;
    const std::string bytes = ReceiveBytes(comm, MPI_ANY_SOURCE, kResult, status);
    if (bytes.size() < sizeof(ResultHeader))
      throw Error("task farm: rank " + std::to_string(status.MPI_SOURCE) + " sent a result of " +
                  std::to_string(bytes.size()) + " bytes (expected at least " +
                  std::to_string(sizeof(ResultHeader)) + ")");
    ResultHeader header;
    std::memcpy(&header, bytes.data(), sizeof header);
    if (header.index < 0 || header.index >= static_cast<int>(tasks.size()))
      throw Error("task farm: rank " + std::to_string(status.MPI_SOURCE) + " answered for task " +
                  std::to_string(header.index) + " of " + std::to_string(tasks.size()));
    TaskOutcome& outcome = outcomes[header.index];
    outcome.rank = status.MPI_SOURCE;
    outcome.ok = header.ok != 0;
    outcome.seconds = header.seconds;
    outcome.text = bytes.substr(sizeof header);
    if (next < static_cast<int>(tasks.size())) {
      SendTask(comm, status.MPI_SOURCE, next, tasks[next]);
      ++next;
    } else {
      SendStop(comm, status.MPI_SOURCE);
      --busy;
    }
  }
  return outcomes;
}

void Work(const Communicator& comm, const TaskFunction& run) {
  const int rank = comm.rank();
  for (;;) {
    MPI_Status status;
    const std::string bytes = ReceiveBytes(comm, 0, MPI_ANY_TAG, status);
    if (status.MPI_TAG == kStop) return;
    int index = -1;
    if (status.MPI_TAG != kTask || bytes.size() < sizeof index)
      throw Error("task farm: rank " + std::to_string(rank) + " got a message with tag " +
                  std::to_string(status.MPI_TAG) + " and " + std::to_string(bytes.size()) +
                  " bytes from rank 0 (expected a task or stop)");
    std::memcpy(&index, bytes.data(), sizeof index);
    const TaskOutcome outcome = RunOne(run, bytes.substr(sizeof index), rank);
    const ResultHeader header{index, outcome.ok ? 1 : 0, outcome.seconds};
    std::string message(sizeof header, '\0');
    std::memcpy(message.data(), &header, sizeof header);
    message += outcome.text;
    CUMED_MPI_CHECK(MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, 0, kResult,
                             comm.native()));
  }
}

} // namespace

std::vector<TaskOutcome> RunTaskFarm(const Communicator& comm,
                                     const std::vector<std::string>& tasks,
                                     const TaskFunction& run) {
  if (comm.size() == 1) {
    std::vector<TaskOutcome> outcomes;
    for (const std::string& task : tasks) outcomes.push_back(RunOne(run, task, 0));
    return outcomes;
  }
  if (comm.rank() == 0) return HandOut(comm, tasks);
  Work(comm, run);
  return {};
}

} // namespace cumed::parallel
