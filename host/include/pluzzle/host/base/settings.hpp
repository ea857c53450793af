// settings.hpp -- the user's settings file (JSON): plugin folders, default job count, timeout and author name.
#pragma once
#include <string>
#include <vector>

namespace pluzzle::host {

struct Settings {
    std::vector<std::string> plugin_paths; // searched for plugins in addition to the built-in places
    unsigned jobs = 0;                     // 0 = one per hardware thread
    double timeout_s = 0;                  // per level; 0 = none
    std::string author;                    // stored with levels the user creates
};

// $XDG_CONFIG_HOME/pluzzle/settings.json, or ~/.config/pluzzle/settings.json when XDG_CONFIG_HOME is unset (or,
// as the XDG spec asks, not an absolute path).
std::string default_settings_path();

// A missing file gives the defaults; so does each missing key. Unknown keys are ignored (files written by a newer
// pluzzle still load). Throws InputError naming the file if it is unreadable or malformed.
Settings load_settings(const std::string &path);

// Creates the folder if needed; writes path + ".tmp" and renames it over path (never a half-written file).
// Throws InputError naming the file if it cannot be written.
void save_settings(const std::string &path, const Settings &settings);

} // namespace pluzzle::host
