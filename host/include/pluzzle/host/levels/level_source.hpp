// level_source.hpp -- turns files on disk into validated levels: reads the file, picks the plugin (by --type,
// by extension, else by which plugin can read the content), parses every level in it. Pack files (JSON) are
// read too, each level by the plugin its "type" names.
#pragma once
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/base/text_file.hpp>
#include <pluzzle/host/sandbox/guarded_parse.hpp>

#include <pluzzle/host/sandbox/plugin_calls.hpp>

#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pluzzle::host {

// The levels of one text, parsed in this process on first need only: the text was read safely by the sandbox's
// worker, which keeps its levels, so a command that only hands them to that worker never parses them here.
class LazyLevels {
  public:
    LazyLevels(std::shared_ptr<const Plugin> plugin, std::shared_ptr<const std::string> text, std::string format,
               std::string source);
    // Level `i` of the text; the whole text is parsed once, by whichever thread asks first.
    LevelPtr at(size_t i) const;

  private:
    std::shared_ptr<const Plugin> plugin_;
    std::shared_ptr<const std::string> text_;
    std::string format_, source_;
    mutable std::once_flag once_;
    mutable std::vector<ParsedLevel> levels_;
    mutable std::exception_ptr error_;
};

struct SourceLevel {
    std::shared_ptr<const Plugin> plugin;
    LevelPtr level; // null when only the worker holds it (SourceOptions::leave_in_worker): see level_arg()
    // The level as the sandbox's worker keeps it, whenever that worker read it in the batch it answered last: `kept`
    // names it in `keeper`'s worker (plugin calls there send that, not the text: level_arg), and `lazy` parses it
    // here if `level` is null and something else needs it.
    const PluginSandbox *keeper = nullptr;
    std::string kept;
    std::shared_ptr<const LazyLevels> lazy;
    std::string name;   // from the file, may be empty
    std::string author; // from a pack file or the level's own metadata
    std::string params; // generator parameters, when known
    std::string pack_description; // from a pack file: the pack's description
    std::string file;   // where it came from
    size_t index = 0;   // 0-based position within the file
    bool read_as_windows_1252 = false; // the file was not UTF-8: read as Windows-1252 (callers say so once)
};

struct SourceOptions {
    std::string type;   // plugin id; empty: infer
    std::string format; // format name; empty: detect
    // When set, every parse runs in the sandbox's worker first, and in this process only if it read the text there
    // without crashing or hanging: a plugin that dies on a file is a reason ("plugin 'x' crashed while reading it
    // (worker killed by SIGSEGV)"), never the end of the caller. Null: parse in process (--in-process).
    PluginSandbox *sandbox = nullptr;
    // Verdicts the sandbox gave in a batch: a text it read is parsed here without another round trip, one it
    // refused is parsed here for the plugin's own error, one that crashed it is that error. Null: none.
    const ParseVerdicts *verdicts = nullptr;
    // The keys read_in_sandbox computed for the text being read, so its verdict is found without hashing it again:
    // load_level_files sets them file by file. Null: hashed here.
    const TextKeys *text_keys = nullptr;
    // A level file's levels that the sandbox's worker read and keeps are not parsed here (SourceLevel::level is null;
    // `kept` names them either way): for a command whose only use of them is plugin calls in that worker (solve).
    // Only load_level_files honours it (it owns the texts a later parse here needs).
    bool leave_in_worker = false;
};

// A plugin call's argument for `level` (plugin_calls.hpp): the worker's kept one when it keeps it, else the level
// parsed here (now, when it was left in the worker). `source` names it in errors.
LevelArg level_arg(const SourceLevel &level, std::string source);
// The level parsed here: `level`, or the kept one parsed now (once for its whole text).
LevelPtr level_here(const SourceLevel &level);

// Every level of one file. Throws InputError (file, line, column, field) when the file cannot be read (see
// read_text_file), holds a NUL byte, the type cannot be decided, or any level is malformed or invalid. A leading
// UTF-8 byte order mark is ignored. A file that is not UTF-8 is read as Windows-1252 (its levels say so); one that
// is neither is refused with the position of the first bad byte.
std::vector<SourceLevel> load_levels(const PluginRegistry &registry, const std::string &path,
                                     const SourceOptions &options = {});

// A level file's text as load_levels reads it: UTF-8, or converted from Windows-1252 (converted = true) when it
// has no UTF-8 beyond ASCII at all. InputError when it cannot be read.
struct LevelFileText {
    std::string text;
    bool converted = false;
};
LevelFileText read_level_file(const std::string &path);

// The plugins (and formats) load_levels_from_text will hand `text` from `source` to: the one named by --type, or
// the only plugin claiming --format or the file's extension, else every candidate (content decides); with the
// text as they are handed it (no byte order mark). Empty for a pack file and for text that is not UTF-8.
struct Reader {
    std::shared_ptr<const Plugin> plugin;
    std::string format;
    std::string_view text;
};
std::vector<Reader> readers_to_try(const PluginRegistry &registry, std::string_view text, const std::string &source,
                                   const SourceOptions &options);
// The one reader (text left empty) that readers_to_try would name from `source` alone, before the file is read:
// --type, or the only plugin claiming --format or the extension; nullopt when the content has a say.
std::optional<Reader> reader_by_path(const PluginRegistry &registry, const std::string &source,
                                     const SourceOptions &options);

// The name a level gets in a pack: its own, else the file's stem ("#2" after it for the second level of a file that
// holds several). `db import` and the editor's paste name levels the same way.
std::string level_name_in_pack(const SourceLevel &level, size_t levels_in_file);

// Same, for text already in memory (`source` names it in errors).
std::vector<SourceLevel> load_levels_from_text(const PluginRegistry &registry, const std::string &text,
                                               const std::string &source, const SourceOptions &options = {});
// The same for a text the levels may keep: SourceOptions::leave_in_worker applies (a kept level is parsed here
// later, from this text).
std::vector<SourceLevel> load_levels_from_text(const PluginRegistry &registry, std::shared_ptr<const std::string> text,
                                               const std::string &source, const SourceOptions &options = {});

} // namespace pluzzle::host
