// mpi_session.hpp -- the MPI run of `pluzzle db solve --mpi`: MPI is started only under --mpi (so the same binary
// runs without mpirun), and every rank is checked to have rank 0's plugins before any level is handed out.
#pragma once
#include <pluzzle/host/plugin_registry.hpp>

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

// Collective, before any work: each rank's plugin ids and versions against rank 0's. Returns "" when every rank
// has the same set; otherwise, on rank 0, the differences ("rank 2 on n3: plugin 'probe' 2.0.0, rank 0 has
// 1.0.0"), and on the others a short text -- every rank then stops.
std::string compare_plugins(const PluginRegistry &registry);

// Whether mpirun keeps the job alive when a rank dies (--enable-recovery): then rank 0 reassigns a lost rank's
// levels itself; otherwise Open MPI ends the job and --resume picks up.
bool recovery_enabled();

} // namespace pluzzle::host::mpi
