// window_title.hpp -- the editor window's title (issue 16): which level, where it is kept, and a leading `*` while it
// has unsaved changes, so an author sees at a glance what closing the window would lose.
#pragma once
#include <string>

namespace pluzzle::editor {

class EditorSession;

// "*Plus sign — levels.db / starter — Pluzzle editor"; "untitled lightsout — not saved — ..." for a level never
// stored; "levels.db — Pluzzle editor" with no level open.
std::string window_title(EditorSession &session);

} // namespace pluzzle::editor
