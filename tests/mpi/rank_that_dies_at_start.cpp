// rank_that_dies_at_start.cpp -- an MPI rank that starts MPI and dies before it says anything: what a node that
// crashes (or runs out of memory) while loading its plugins looks like to rank 0 (cli_mpi_test.cpp).
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    _exit(3);
}
