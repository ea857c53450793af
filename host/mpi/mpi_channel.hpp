// mpi_channel.hpp -- worker_protocol messages over MPI (the C API): the payload is the message, the kind its tag.
// Sends never block (each buffer is kept until MPI says it went), receiving only looks (Iprobe), so neither side
// spins inside MPI or waits on a rank that died; what to do about a silent rank is the caller's business
// (heartbeats).
#pragma once
#include <pluzzle/host/sandbox/worker_protocol.hpp>

#include <list>
#include <mpi.h>
#include <optional>
#include <string>

namespace pluzzle::host::mpi {

struct Message {
    int source = 0;
    wire::Kind kind = wire::Kind::hello;
    std::string payload;
};

class Channel {
  public:
    Channel();
    ~Channel(); // waits a second at most for sends still under way (their peer may be dead)
    int rank() const { return rank_; }
    int size() const { return size_; }

    void send(int to, wire::Kind kind, std::string payload);
    template <class M> void send(int to, const M &m) { send(to, M::kind, wire::payload_of(m)); }
    // The next message that has arrived, from anyone, if any; completes finished sends too.
    std::optional<Message> receive();
    // Forgets the sends to a rank that is gone.
    void forget(int rank);

  private:
    struct Pending {
        MPI_Request request;
        std::string buffer;
        int to;
    };
    void progress();
    int rank_ = 0, size_ = 1;
    std::list<Pending> sends_; // a list: MPI holds pointers into the buffers
};

} // namespace pluzzle::host::mpi
