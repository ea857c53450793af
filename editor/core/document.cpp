#include "document.hpp"

#include <pluzzle/host/levels/level_source.hpp>

namespace pluzzle::editor {

Document::Document(PluginPtr plugin, host::LevelPtr level, LevelMeta meta, LevelOrigin origin)
    : plugin_(std::move(plugin)), history_(std::move(level)), meta_(meta), saved_meta_(meta),
      origin_(std::move(origin)) {
    // A level loaded from a database counts as saved; a new one is dirty until it is stored.
    if (origin_.level_id != 0) saved_text_ = text();
}

Document Document::from_text(PluginPtr plugin, const std::string &text, LevelMeta meta, const std::string &format,
                             host::PluginSandbox *sandbox) {
    auto levels = host::guarded_parse(*plugin, text, format, meta.name.empty() ? "level" : meta.name, sandbox);
    if (meta.name.empty()) meta.name = levels.front().name;
    return Document(std::move(plugin), std::move(levels.front().level), std::move(meta));
}

Document Document::blank(PluginPtr plugin, const host::KeyValues &params) {
    host::LevelPtr level = plugin->blank(params);
    Document doc(std::move(plugin), std::move(level));
    std::string text;
    for (auto &[k, v] : params)
        text += k + "=" + v + " ";
    doc.params_ = text + "blank"; // stored like a generated level's parameters, so the row says where it came from
    return doc;
}

Document Document::generated(PluginPtr plugin, const host::KeyValues &params, uint64_t seed) {
    host::SolveOptions options;
    options.time_limit_s = 30; // a generator that cannot find a level says so rather than running forever
    host::LevelPtr level = plugin->generate(params, seed, options);
    Document doc(std::move(plugin), std::move(level));
    std::string text;
    for (auto &[k, v] : params)
        text += (text.empty() ? "" : " ") + k + "=" + v;
    doc.params_ = text + (text.empty() ? "" : " ") + "seed=" + std::to_string(seed);
    return doc;
}

void Document::apply_edit(const std::string &edit) {
    host::LevelPtr next = plugin_->edit_execute(level().get(), edit); // validated by the host library
    history_.push(std::move(next));
    ++revision_;
}

void Document::replace_level(host::LevelPtr level) {
    plugin_->validate(level.get(), "level");
    history_.push(std::move(level));
    ++revision_;
}

bool Document::undo() {
    if (!history_.undo()) return false;
    ++revision_;
    return true;
}

bool Document::redo() {
    if (!history_.redo()) return false;
    ++revision_;
    return true;
}

void Document::set_meta(const LevelMeta &meta) {
    if (meta == meta_) return;
    meta_ = meta;
    ++revision_;
}

void Document::mark_saved(const LevelOrigin &origin) {
    origin_ = origin;
    saved_text_ = text();
    saved_meta_ = meta_;
}

bool Document::dirty() const { return origin_.level_id == 0 || meta_ != saved_meta_ || text() != saved_text_; }

} // namespace pluzzle::editor
