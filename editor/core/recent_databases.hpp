// recent_databases.hpp -- File > Recent databases: the last eight databases opened, newest first, one absolute path
// a line in a file beside the recovery folder (the editor's state, not the user's settings).
#pragma once
#include <string>
#include <vector>

namespace pluzzle::editor {

class RecentDatabases {
  public:
    // `file`: where the list lives; a missing or unreadable file is an empty list (it only saves typing).
    explicit RecentDatabases(std::string file);
    // The file for a recovery folder ("" = RecoveryStore::default_folder()): "recent-databases" in its parent.
    static std::string file_for(const std::string &recovery_folder);

    const std::vector<std::string> &paths() const { return paths_; }
    // To the front (once), keeping eight; written at once. A file that cannot be written keeps the list in memory.
    void add(const std::string &path);

  private:
    std::string file_;
    std::vector<std::string> paths_;
};

} // namespace pluzzle::editor
