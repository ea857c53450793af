// script.hpp -- the editor's --script language: one command per line, '#' starts a comment. Scripts drive the
// real window (tests, screenshots); parsing lives here so it is tested without one.
//
//   open-db PATH | new TYPE [seed=N] [k=v...] | new-text TYPE FILE | open-level ID | tool ID
//   click U V [BUTTON] | drag U1 V1 U2 V2       (U, V: 0..1 across the board's drawing, so scripts fit any plugin)
//   key COMBO (ctrl+z, ctrl+shift+z, f5, space, ...) | edit TEXT... | try-edit TEXT... (may be refused)
//   meta name=.. author=.. difficulty=..
//   save [PACK] | import FILE [PACK] | export PACK FILE | solve [SECONDS] | cancel | wait [SECONDS]
//   solution N | frame N|last | play | edit-mode | seat PLAYER AI | zoom FACTOR | pan DX DY | window W H
//   frames N | screenshot PATH | dump | quit
//   pack NAME|* | filter [WORDS...] | print-pack PDF [PER_PAGE] | solve-pack [TIMEOUT] | wait-pack [SECONDS] |
//   answer save|discard|cancel (the unsaved-changes question) | library
//   ACTION [ARGS] (sort difficulty|name, move LEVEL PACK, delete LEVEL, rename FROM TO, delete-pack NAME, paste-file
//   FILE, paste-text TEXT, copy LEVEL, undo, redo; LEVEL: id or @name)
#pragma once
#include <string>
#include <vector>

namespace pluzzle::editor {

struct ScriptCommand {
    std::string name;
    std::vector<std::string> args;
    int line = 0;
};

// Throws InputError(source, ..., line) for an unknown command or a wrong number of arguments.
std::vector<ScriptCommand> parse_script(const std::string &text, const std::string &source);

} // namespace pluzzle::editor
