// mpi_session.cpp -- see mpi_session.hpp.
#include "mpi_session.hpp"

#include <algorithm>
#include <cstdlib>
#include <mpi.h>
#include <sstream>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace pluzzle::host::mpi {
namespace {

// "id version" lines, sorted: two ranks agree when the texts are equal.
std::string manifest(const PluginRegistry &registry) {
    std::vector<std::string> lines;
    for (const auto &p : registry.plugins())
        lines.push_back(p->id() + " " + p->version());
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (const auto &l : lines)
        out += l + "\n";
    return out;
}

// id -> version
std::vector<std::pair<std::string, std::string>> entries(const std::string &text) {
    std::vector<std::pair<std::string, std::string>> out;
    std::istringstream in(text);
    for (std::string id, version; in >> id >> version;)
        out.push_back({id, version});
    return out;
}

std::string differences(int rank, const std::string &host, const std::string &mine, const std::string &theirs) {
    const auto a = entries(mine), b = entries(theirs);
    std::string out;
    const auto find = [](const auto &list, const std::string &id) {
        return std::find_if(list.begin(), list.end(), [&](const auto &e) { return e.first == id; });
    };
    const std::string who = "rank " + std::to_string(rank) + " on " + host + ": ";
    for (const auto &[id, version] : a) {
        const auto it = find(b, id);
        if (it == b.end())
            out += who + "no plugin '" + id + "' (rank 0 has " + version + ")\n";
        else if (it->second != version)
            out += who + "plugin '" + id + "' " + it->second + ", rank 0 has " + version + "\n";
    }
    for (const auto &[id, version] : b)
        if (find(a, id) == a.end()) out += who + "plugin '" + id + "' " + version + ", which rank 0 does not have\n";
    return out;
}

} // namespace

Session::Session() {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        throw std::runtime_error("MPI could not start (run under mpirun)");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

std::string compare_plugins(const PluginRegistry &registry) {
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    const std::string mine = std::string(host) + "\n" + manifest(registry); // the host name first
    const int length = int(mine.size());
    std::vector<int> lengths(static_cast<size_t>(size)), offsets(static_cast<size_t>(size));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string all;
    if (rank == 0) {
        for (int r = 0, at = 0; r < size; at += lengths[size_t(r)], ++r)
            offsets[size_t(r)] = at;
        all.resize(size_t(offsets.back() + lengths.back()));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    std::string problems;
    if (rank == 0) {
        const std::string rank0 = mine.substr(mine.find('\n') + 1);
        for (int r = 1; r < size; ++r) {
            const std::string text = all.substr(size_t(offsets[size_t(r)]), size_t(lengths[size_t(r)]));
            const size_t cut = text.find('\n');
            problems += differences(r, text.substr(0, cut), rank0, text.substr(cut + 1));
        }
    }
    int verdict = problems.empty() ? 0 : 1;
    MPI_Bcast(&verdict, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank != 0 && verdict) problems = "the ranks' plugins differ (rank 0 lists them)";
    return problems;
}

bool recovery_enabled() {
    const char *v = std::getenv("OMPI_MCA_orte_enable_recovery");
    return v && std::string(v) == "1";
}

} // namespace pluzzle::host::mpi
