// mpi_session.hpp -- the MPI run of `pluzzle db solve --mpi`: MPI is started only under --mpi (so the same binary
// runs without mpirun). Rank 0 checks every rank's plugins against its own in MpiExecutor::start, point to point.
#pragma once
#include <string>

namespace pluzzle::host::mpi {

// MPI_Init_thread (funneled: only the main thread calls MPI) here, MPI_Finalize when it ends.
class Session {
  public:
    Session();
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;
    int rank() const { return rank_; }
    int size() const { return size_; }

  private:
    int rank_ = 0, size_ = 1;
};

// Whether mpirun keeps the job alive when a rank dies (--enable-recovery): then rank 0 reassigns a lost rank's
// levels itself; otherwise Open MPI ends the job and --resume picks up.
bool recovery_enabled();

} // namespace pluzzle::host::mpi
