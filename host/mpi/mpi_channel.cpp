// mpi_channel.cpp -- see mpi_channel.hpp.
#include "mpi_channel.hpp"

#include <chrono>
#include <stdexcept>
#include <thread>

namespace pluzzle::host::mpi {

Channel::Channel() {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); // a failed call is an error we report, not an abort
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Channel::~Channel() {
    // The last sends (STOP, a final batch) should arrive: give them a moment, but no more -- a peer may be dead.
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
         !sends_.empty() && std::chrono::steady_clock::now() < until;) {
        progress();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    for (Pending &p : sends_)
        MPI_Request_free(&p.request);
}

void Channel::send(int to, wire::Kind kind, std::string payload) {
    sends_.push_back({MPI_REQUEST_NULL, std::move(payload), to});
    Pending &p = sends_.back();
    if (MPI_Isend(p.buffer.data(), int(p.buffer.size()), MPI_BYTE, to, int(kind), MPI_COMM_WORLD, &p.request) !=
        MPI_SUCCESS) {
        sends_.pop_back();
        throw std::runtime_error("MPI: cannot send to rank " + std::to_string(to));
    }
    progress();
}

void Channel::progress() {
    for (auto it = sends_.begin(); it != sends_.end();) {
        int done = 0;
        MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
        it = done ? sends_.erase(it) : std::next(it);
    }
}

std::optional<Message> Channel::receive() {
    progress();
    int waiting = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status) != MPI_SUCCESS || !waiting)
        return std::nullopt;
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    Message m;
    m.source = status.MPI_SOURCE;
    m.payload.resize(size_t(bytes));
    MPI_Recv(m.payload.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (!wire::known_kind(uint8_t(status.MPI_TAG)))
        throw wire::ProtocolError("rank " + std::to_string(m.source) + " sent a message of unknown kind " +
                                      std::to_string(status.MPI_TAG),
                                  "tag");
    m.kind = wire::Kind(status.MPI_TAG);
    return m;
}

void Channel::forget(int rank) {
    for (auto it = sends_.begin(); it != sends_.end();) {
        if (it->to != rank) {
            ++it;
            continue;
        }
        MPI_Request_free(&it->request);
        it = sends_.erase(it);
    }
}

} // namespace pluzzle::host::mpi
