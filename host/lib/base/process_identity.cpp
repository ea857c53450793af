// process_identity.cpp -- see process_identity.hpp. Linux only (/proc), like the worker sandbox.
#include <pluzzle/host/base/process_identity.hpp>

#include <fstream>
#include <sstream>
#include <unistd.h>

namespace pluzzle::host {
namespace {

std::string first_line(const char *path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

} // namespace

std::optional<uint64_t> process_start_ticks(int64_t pid) {
    if (pid <= 0) return std::nullopt;
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return std::nullopt;
    // "pid (comm) state ...": comm may hold spaces and parentheses, so fields are counted after the last ')'.
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    uint64_t start = 0;
    for (int i = 3; i <= 22; ++i) { // field 3 is the state
        if (!(fields >> field)) return std::nullopt;
        if (i == 3 && (field == "Z" || field == "X")) return std::nullopt; // ended, not yet reaped
        if (i == 22) start = std::stoull(field);
    }
    return start;
}

const ProcessIdentity &this_process() {
    static const ProcessIdentity me = [] {
        ProcessIdentity p;
        p.host = host_name();
        p.boot_id = first_line("/proc/sys/kernel/random/boot_id");
        p.pid = int64_t(getpid());
        p.start_ticks = process_start_ticks(p.pid).value_or(0);
        return p;
    }();
    return me;
}

bool on_this_host(const ProcessIdentity &p) {
    const ProcessIdentity &me = this_process();
    return p.host == me.host && p.boot_id == me.boot_id;
}

bool still_running_here(const ProcessIdentity &p) {
    if (!on_this_host(p)) return false;
    const std::optional<uint64_t> start = process_start_ticks(p.pid);
    return start && *start == p.start_ticks;
}

} // namespace pluzzle::host
