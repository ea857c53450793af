// guarded_parse.hpp -- a level text a user handed the host, read by its plugin in the sandbox's worker before this
// process reads it: one text at a time (guarded_parse), or a few hundred to a call (read_in_sandbox: level_files.cpp
// reads many files so, not one round trip each), whose verdicts the later reads here reuse.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <future>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pluzzle::host {

class PluginSandbox;

// What the sandbox already found when it read texts in a batch: key parse_verdict_key(plugin, format, text).
enum class ParseVerdict { read, refused, crashed };
struct LevelNames {
    std::string name, author;
};
struct KnownVerdict {
    ParseVerdict verdict = ParseVerdict::read;
    std::string reason = {}; // crashed: why, as guarded_parse would say it
    uint32_t batch = 0; // read: the parse_many call that read it (0: its worker was lost), and the text's index there
    size_t text = 0;
    std::vector<LevelNames> levels = {}; // read in batch: its levels' names and authors, as the worker read them
};
using ParseVerdicts = std::unordered_map<std::string, KnownVerdict>;
std::string parse_verdict_key(const Plugin &plugin, const std::string &format, std::string_view text);
// A text for read_in_sandbox. `whole_file`: the text is the file at `source`, byte for byte, and the worker reads
// that file itself instead of being sent a copy (a megabyte through a pipe costs more than reading it again); its
// verdict counts only if the worker's bytes hash to this text's key (the file may change in between).
struct SandboxText {
    std::string source;
    std::string_view text;
    bool whole_file = false;
};
// Reads each text with `plugin` in the sandbox's worker, a few hundred to a call, adding a verdict for each to
// `verdicts`. A text that crashes the worker gets a crashed verdict; the rest go on in a fresh one.
// `texts_ready` (when valid): the whole files' `text` views are filled in by another thread, which makes it ready
// once they are; until then only their paths are used, so the worker reads them while this process does.
// Returns each text's key as this process holds it (parse_verdict_key), in order: a text was judged if `verdicts`
// has its key, and a later look-up need not hash it again (TextKeys).
std::vector<std::string> read_in_sandbox(PluginSandbox &sandbox, const Plugin &plugin, const std::string &format,
                                         const std::vector<SandboxText> &texts, ParseVerdicts &verdicts,
                                         const std::shared_future<void> &texts_ready = {});
// Keys read_in_sandbox computed for one file's text, or for the part of it after a byte order mark (told apart by
// their size: each is the end of the file's text), by the plugin and format that read it.
struct TextKey {
    const Plugin *plugin = nullptr;
    std::string format;
    size_t size = 0;
    std::string key;
};
using TextKeys = std::vector<TextKey>;
// The key of `text` (the file's text, or its end after a byte order mark) among its file's `keys`; null: not there.
const std::string *known_key(const TextKeys &keys, const Plugin &plugin, const std::string &format,
                             std::string_view text);

// plugin.parse, after `sandbox` (when not null) read the same text with the same plugin in its worker
// (parse_level_text, plugin_calls.hpp): a refusal there is rethrown as the plugin's own error (same text, same
// place); a crash or a hang is an InputError naming `source` and the plugin ("plugin 'x' crashed while reading it
// (worker killed by SIGSEGV)"). A text `verdicts` knows costs no round trip. For every host that parses text a user
// handed it: type detection (level_source.hpp), the editor's open and import.
std::vector<ParsedLevel> guarded_parse(const Plugin &plugin, const std::string &text, const std::string &format,
                                       const std::string &source, PluginSandbox *sandbox,
                                       const ParseVerdicts *verdicts = nullptr);
// The verdict `verdicts` (when not null) holds on `text` read by `plugin` as `format`; null when none. `keys`: the
// keys of the file `text` comes from (the caller vouches for that), used instead of hashing when one fits.
const KnownVerdict *find_verdict(const ParseVerdicts *verdicts, const Plugin &plugin, const std::string &format,
                                 std::string_view text, const TextKeys *keys = nullptr);
// guarded_parse with the text's verdict already found (null: none, so the worker reads it first). A caller that
// looks the verdict up itself (to name the levels the worker keeps: SourceLevel::kept) does not hash the text twice.
std::vector<ParsedLevel> parse_with_verdict(const Plugin &plugin, const std::string &text, const std::string &format,
                                            const std::string &source, PluginSandbox *sandbox,
                                            const KnownVerdict *verdict);

} // namespace pluzzle::host
