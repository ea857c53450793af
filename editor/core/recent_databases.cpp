// recent_databases.cpp -- see recent_databases.hpp.
#include "recent_databases.hpp"

#include "recovery.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace pluzzle::editor {
namespace fs = std::filesystem;

constexpr size_t kKept = 8;

RecentDatabases::RecentDatabases(std::string file) : file_(std::move(file)) {
    std::ifstream in(file_);
    for (std::string line; std::getline(in, line) && paths_.size() < kKept;)
        if (!line.empty() && std::find(paths_.begin(), paths_.end(), line) == paths_.end()) paths_.push_back(line);
}

std::string RecentDatabases::file_for(const std::string &recovery_folder) {
    const fs::path folder =
        recovery_folder.empty() ? fs::path(RecoveryStore::default_folder()) : fs::path(recovery_folder);
    return (folder.parent_path() / "recent-databases").string();
}

void RecentDatabases::add(const std::string &path) {
    std::error_code ec;
    std::string absolute = fs::absolute(path, ec).lexically_normal().string();
    if (ec) absolute = path;
    paths_.erase(std::remove(paths_.begin(), paths_.end(), absolute), paths_.end());
    paths_.insert(paths_.begin(), absolute);
    if (paths_.size() > kKept) paths_.resize(kKept);
    fs::create_directories(fs::path(file_).parent_path(), ec);
    const std::string tmp = file_ + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        for (const std::string &p : paths_)
            out << p << "\n";
        if (!out) return;
    }
    fs::rename(tmp, file_, ec); // never a half-written list
}

} // namespace pluzzle::editor
