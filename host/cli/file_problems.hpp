// file_problems.hpp -- how a command over many level files reports the files it skipped: each failure with its
// reason (stderr, and a JSON line under --json), and one note for the files read as Windows-1252.
#pragma once
#include "cli_context.hpp"

#include <pluzzle/host/levels/level_files.hpp>

namespace pluzzle::cli {

// Prints the problems; true when some file failed (the command then exits kExitBadInput once the rest is done).
bool report_file_problems(Context &ctx, const host::LoadedFiles &loaded);

} // namespace pluzzle::cli
