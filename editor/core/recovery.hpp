// recovery.hpp -- autosave: the open document is written to a recovery file after every change and before every
// solve, so a crash or hang inside a plugin never loses unsaved edits. The file is a pack file holding the one
// level (so `pluzzle db import` reads it too); its description keeps where the level came from.
//
// Each editor process owns the file named after its pid. At start-up, files whose process is gone are offered
// for recovery.
#pragma once
#include "document.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>

#include <optional>
#include <string>
#include <vector>

namespace pluzzle::editor {

struct RecoveredLevel {
    std::string file; // the recovery file
    std::string type, text;
    LevelMeta meta;
    LevelOrigin origin;
    std::string params;
};

class RecoveryStore {
  public:
    // `folder` is created if missing. default_folder(): $XDG_STATE_HOME/pluzzle/recovery (~/.local/state/...).
    explicit RecoveryStore(std::string folder, long pid = 0);
    static std::string default_folder();

    const std::string &file() const { return file_; }
    // Writes the document atomically (write a temporary file, then rename).
    void save(const Document &doc);
    // The document was saved or closed: nothing to recover.
    void clear();

    // Recovery files left by editors that are no longer running.
    std::vector<RecoveredLevel> orphans() const;
    static RecoveredLevel read(const std::string &file);
    static Document restore(const RecoveredLevel &level, const host::PluginRegistry &registry);
    // Deletes a recovery file once its level was restored or refused.
    static void discard(const std::string &file);

  private:
    std::string folder_, file_;
    long pid_;
};

} // namespace pluzzle::editor
