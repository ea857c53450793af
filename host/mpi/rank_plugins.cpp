// rank_plugins.cpp -- see rank_plugins.hpp.
#include "rank_plugins.hpp"

#include <algorithm>

namespace pluzzle::host::mpi {
namespace {

const wire::PluginEntry *find(const std::vector<wire::PluginEntry> &list, const std::string &id) {
    const auto it = std::find_if(list.begin(), list.end(), [&](const wire::PluginEntry &e) { return e.id == id; });
    return it == list.end() ? nullptr : &*it;
}

} // namespace

std::string rank_plugin_differences(int rank, const std::string &host, const std::vector<wire::PluginEntry> &rank0,
                                    const std::vector<wire::PluginEntry> &theirs) {
    const std::string who = "rank " + std::to_string(rank) + " on " + host + ": ";
    std::string out;
    for (const wire::PluginEntry &mine : rank0) {
        const wire::PluginEntry *other = find(theirs, mine.id);
        if (!other)
            out += who + "no plugin '" + mine.id + "' (rank 0 has " + mine.version + ")\n";
        else if (other->version != mine.version)
            out += who + "plugin '" + mine.id + "' " + other->version + ", rank 0 has " + mine.version + "\n";
    }
    for (const wire::PluginEntry &other : theirs)
        if (!find(rank0, other.id))
            out += who + "plugin '" + other.id + "' " + other.version + ", which rank 0 does not have\n";
    return out;
}

} // namespace pluzzle::host::mpi
