// document.hpp -- one level being edited: its plugin, its undo history of immutable levels, its metadata and
// where it came from. Every change goes through the plugin (edit_execute validates the result), so the current
// level is always one the plugin accepted.
#pragma once
#include "undo_history.hpp"

#include <pluzzle/host/plugin/plugin.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace pluzzle::host {
class PluginSandbox;
}

namespace pluzzle::editor {

struct LevelMeta {
    std::string name, author, difficulty;
    bool operator==(const LevelMeta &o) const {
        return name == o.name && author == o.author && difficulty == o.difficulty;
    }
    bool operator!=(const LevelMeta &o) const { return !(*this == o); }
};

// The database row a document was loaded from or last saved to (level_id 0: never saved).
struct LevelOrigin {
    std::string database, pack;
    int64_t level_id = 0;
    int64_t revision = 0; // the row's revision when read: saving checks nobody changed it since (0: unknown)
};

class Document {
  public:
    using PluginPtr = std::shared_ptr<const host::Plugin>;

    Document(PluginPtr plugin, host::LevelPtr level, LevelMeta meta = {}, LevelOrigin origin = {});

    // A level from text (the plugin's canonical format unless `format` names another); the first level of the text.
    // With a sandbox the text is read in its worker first: a parser that crashes on it is an InputError, not the end
    // of the editor (host::guarded_parse).
    static Document from_text(PluginPtr plugin, const std::string &text, LevelMeta meta = {},
                              const std::string &format = {}, host::PluginSandbox *sandbox = nullptr);
    // A level from the plugin's generator.
    static Document generated(PluginPtr plugin, const host::KeyValues &params, uint64_t seed);
    // An empty level of the plugin (ABI 1.2 blank_level) from its generator parameters; PluginError without one.
    static Document blank(PluginPtr plugin, const host::KeyValues &params);

    const host::Plugin &plugin() const { return *plugin_; }
    const PluginPtr &plugin_ptr() const { return plugin_; }
    const host::LevelPtr &level() const { return history_.current(); }
    std::string text() const { return plugin_->encode(level().get()); }

    // Runs an edit text through the plugin and makes the result current (one undo step, or part of the open
    // gesture). Throws InputError with the plugin's reason when the edit is refused; nothing changes then.
    void apply_edit(const std::string &edit);
    // Replaces the level by one the caller made with this plugin (e.g. parsed from a text typed by the user).
    void replace_level(host::LevelPtr level);
    void begin_gesture() { history_.begin_gesture(); }
    void end_gesture() { history_.end_gesture(); }
    bool undo();
    bool redo();
    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }

    const LevelMeta &meta() const { return meta_; }
    void set_meta(const LevelMeta &meta);
    const LevelOrigin &origin() const { return origin_; }
    // After a save: this is now what the database holds.
    void mark_saved(const LevelOrigin &origin);
    // Points the document at a database row without claiming it matches it (a recovered level): saving updates
    // that row, and the document stays dirty until then.
    void adopt_origin(const LevelOrigin &origin) { origin_ = origin; }
    bool dirty() const;

    // Counts every change (edits, undo, redo, metadata): autosave and solves compare it to know what is stale.
    uint64_t revision() const { return revision_; }
    // Generator parameters the level was made from ("k=v ..."), kept with it in the database.
    const std::string &params() const { return params_; }
    void set_params(std::string params) { params_ = std::move(params); }

  private:
    PluginPtr plugin_;
    UndoHistory<host::LevelPtr> history_;
    LevelMeta meta_, saved_meta_;
    LevelOrigin origin_;
    std::string saved_text_, params_;
    uint64_t revision_ = 0;
};

} // namespace pluzzle::editor
