// level_files.hpp -- the level files of one command (`solve`, `db import` of thousands of files): a file that cannot
// be read is reported with its reason and skipped, never the end of the run -- the caller loads the rest and says
// at the end how many failed.
#pragma once
#include <pluzzle/host/levels/level_source.hpp>

#include <string>
#include <vector>

namespace pluzzle::host {

struct LoadedFile {
    std::string path;
    std::vector<SourceLevel> levels;
};

struct FileFailure {
    std::string path;
    InputError error; // names the file, and the line, column and field where it can
};

struct LoadedFiles {
    std::vector<LoadedFile> files;                 // those that loaded, in the order given
    std::vector<FileFailure> failures;             // the others, in the order given
    std::vector<std::string> read_as_windows_1252; // loaded files that were not UTF-8
    size_t level_count() const;
};

// load_levels for each path. A file that fails with InputError, or whose plugin fails (PluginError), becomes a
// FileFailure; anything else (out of memory) propagates.
LoadedFiles load_level_files(const PluginRegistry &registry, const std::vector<std::string> &paths,
                             const SourceOptions &options = {});

} // namespace pluzzle::host
