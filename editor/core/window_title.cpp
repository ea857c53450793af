#include "window_title.hpp"

#include "editor_session.hpp"

#include <filesystem>

namespace pluzzle::editor {

std::string window_title(EditorSession &session) {
    const std::string app = "Pluzzle editor";
    const std::string dash = " \xE2\x80\x94 "; // an em dash, UTF-8
    if (!session.has_document()) {
        const LevelLibrary *library = session.library();
        return library ? std::filesystem::path(library->path()).filename().string() + dash + app : app;
    }
    const Document &doc = session.document();
    const std::string name = doc.meta().name.empty() ? "untitled " + doc.plugin().id() : doc.meta().name;
    const LevelOrigin &origin = doc.origin();
    const std::string where = origin.level_id == 0
                                  ? std::string("not saved")
                                  : std::filesystem::path(origin.database).filename().string() + " / " + origin.pack;
    return (doc.dirty() ? "*" : "") + name + dash + where + dash + app;
}

} // namespace pluzzle::editor
