// install_paths.cpp -- see install_paths.hpp.
#include <pluzzle/host/base/install_paths.hpp>

#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;

namespace pluzzle::host {
namespace {

bool inside(const fs::path &dir, const fs::path &folder) {
    std::error_code ec;
    const std::string b = fs::weakly_canonical(folder, ec).string(), d = fs::weakly_canonical(dir, ec).string();
    return !b.empty() && d.compare(0, b.size(), b) == 0 && (d.size() == b.size() || d[b.size()] == '/');
}

} // namespace

std::string executable_folder() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

bool running_from_build_tree() {
    return inside(executable_folder(), fs::path(PLUZZLE_BUILD_PLUGIN_DIR) / ".." / ".." / "..");
}

std::string bundled_plugin_folder() {
    if (running_from_build_tree()) return PLUZZLE_BUILD_PLUGIN_DIR;
    const std::string exe = executable_folder();
    return exe.empty() ? PLUZZLE_INSTALL_PLUGIN_DIR : (fs::path(exe) / PLUZZLE_BIN_TO_PLUGIN_DIR).string();
}

bool is_bundled_plugin(const std::string &path) {
    const fs::path folder = fs::path(path).parent_path();
    std::error_code ec;
    const auto same = [&](const fs::path &f) { return fs::equivalent(folder, f, ec) && !ec; };
    return same(bundled_plugin_folder()) || same(PLUZZLE_INSTALL_PLUGIN_DIR);
}

std::string host_module_path(const std::string &file) {
    return (fs::path(bundled_plugin_folder()).parent_path() / file).string();
}

std::string worker_executable() {
    if (const char *env = std::getenv("PLUZZLE_WORKER"); env && *env) return env;
    return (fs::path(executable_folder()) / "pluzzle-worker").string();
}

} // namespace pluzzle::host
