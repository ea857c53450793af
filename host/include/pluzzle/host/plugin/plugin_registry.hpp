// plugin_registry.hpp -- finds plugin libraries, checks them before use and keeps them loaded for the life of
// the process. A file that is not a usable plugin is reported (path + reason) and skipped, never fatal.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>
#include <pluzzle/host/plugin/plugin_table.hpp>

#include <memory>
#include <string>
#include <vector>

namespace pluzzle::host {

struct LoadProblem {
    std::string path;
    std::string reason;
};

class PluginRegistry {
public:
    // The folders searched by default, in order (first one wins on a repeated id): the build's plugin folder,
    // each entry of PLUZZLE_PLUGIN_PATH (colon-separated), `extra` (e.g. from settings or --plugin-path), the
    // install prefix's plugin folder, ~/.local/share/pluzzle/plugins. Missing folders are kept out.
    static std::vector<std::string> default_search_path(const std::vector<std::string> &extra = {});

    // Loads every *.so in each folder (sorted by name, so the outcome does not depend on the file system). A folder
    // that other users can write to is refused whole (plugin_trust.hpp).
    void load_folders(const std::vector<std::string> &folders);
    // Loads one library; returns false (and records why) if it is not a usable plugin, or other users could have
    // replaced it (plugin_trust.hpp).
    bool load_file(const std::string &path);

    const std::vector<std::shared_ptr<const Plugin>> &plugins() const { return plugins_; }
    std::shared_ptr<const Plugin> find(const std::string &id) const;
    const std::vector<LoadProblem> &problems() const { return problems_; }
    std::string ids() const; // "a, b, c" for error messages

private:
    bool reject(const std::string &path, const std::string &reason);

    std::vector<std::shared_ptr<const Plugin>> plugins_;
    std::vector<LoadProblem> problems_;
};

} // namespace pluzzle::host
