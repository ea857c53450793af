// level_source.hpp -- turns files on disk into validated levels: reads the file, picks the plugin (by --type,
// by extension, else by which plugin can read the content), parses every level in it. Pack files (JSON) are
// read too, each level by the plugin its "type" names.
#pragma once
#include <pluzzle/host/plugin_registry.hpp>
#include <pluzzle/host/text_file.hpp>

#include <memory>
#include <string>
#include <vector>

namespace pluzzle::host {

struct SourceLevel {
    std::shared_ptr<const Plugin> plugin;
    LevelPtr level;
    std::string name;   // from the file, may be empty
    std::string author; // from a pack file or the level's own metadata
    std::string params; // generator parameters, when known
    std::string pack_description; // from a pack file: the pack's description
    std::string file;   // where it came from
    size_t index = 0;   // 0-based position within the file
    bool read_as_windows_1252 = false; // the file was not UTF-8: read as Windows-1252 (callers say so once)
};

class PluginSandbox;

struct SourceOptions {
    std::string type;   // plugin id; empty: infer
    std::string format; // format name; empty: detect
    // When set, every parse runs in the sandbox's worker first, and in this process only if it read the text there
    // without crashing or hanging: a plugin that dies on a file is a reason ("plugin 'x' crashed while reading it
    // (worker killed by SIGSEGV)"), never the end of the caller. Null: parse in process (--in-process).
    PluginSandbox *sandbox = nullptr;
};

// Every level of one file. Throws InputError (file, line, column, field) when the file cannot be read (see
// read_text_file), holds a NUL byte, the type cannot be decided, or any level is malformed or invalid. A leading
// UTF-8 byte order mark is ignored. A file that is not UTF-8 is read as Windows-1252 (its levels say so); one that
// is neither is refused with the position of the first bad byte.
std::vector<SourceLevel> load_levels(const PluginRegistry &registry, const std::string &path,
                                     const SourceOptions &options = {});

// plugin.parse, after `sandbox` (when not null) read the same text with the same plugin in its worker: a refusal
// there is rethrown as the plugin's own error (same text, same place); a crash or a hang is an InputError naming
// `source` and the plugin ("plugin 'x' crashed while reading it (worker killed by SIGSEGV)"). For every host that
// parses text a user handed it: type detection below, the editor's open and import.
std::vector<ParsedLevel> guarded_parse(const Plugin &plugin, const std::string &text, const std::string &format,
                                       const std::string &source, PluginSandbox *sandbox);

// Same, for text already in memory (`source` names it in errors).
std::vector<SourceLevel> load_levels_from_text(const PluginRegistry &registry, const std::string &text,
                                               const std::string &source, const SourceOptions &options = {});

} // namespace pluzzle::host
