// mpi_session.cpp -- see mpi_session.hpp.
#include "mpi_session.hpp"

#include <cstdlib>
#include <mpi.h>
#include <stdexcept>
#include <string>

namespace pluzzle::host::mpi {

Session::Session() {
    // MPI_Finalize begins with a fence over every rank; under --enable-recovery a dead rank never reaches it, and
    // the survivors would wait for it forever. Every message that matters has been answered by then (rank 0 waits
    // for each result, a rank for STOP), so the fence guards nothing here. Read by MPI_Init: set before it.
    if (recovery_enabled()) setenv("OMPI_MCA_async_mpi_finalize", "1", 0);
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        throw std::runtime_error("MPI could not start (run under mpirun)");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

bool recovery_enabled() {
    const char *v = std::getenv("OMPI_MCA_orte_enable_recovery");
    return v && std::string(v) == "1";
}

} // namespace pluzzle::host::mpi
