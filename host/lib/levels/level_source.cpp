// level_source.cpp -- see level_source.hpp.
#include <pluzzle/host/levels/level_source.hpp>

#include <pluzzle/host/levels/pack_file.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>
#include <pluzzle/host/base/text_file.hpp>
#include <pluzzle/host/base/utf8.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace pluzzle::host {

namespace {

bool has_utf8_beyond_ascii(std::string_view text) {
    for (size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0x80) && utf8_sequence(text, i) > 1) return true;
    return false;
}

std::vector<SourceLevel> wrap(const std::shared_ptr<const Plugin> &plugin, std::vector<ParsedLevel> parsed,
                              const std::string &source) {
    std::vector<SourceLevel> out;
    for (size_t i = 0; i < parsed.size(); ++i) {
        SourceLevel l;
        l.plugin = plugin;
        l.level = std::move(parsed[i].level);
        l.name = std::move(parsed[i].name);
        for (auto &[k, v] : plugin->describe(l.level.get()))
            if (k == "author") l.author = v;
        l.file = source;
        l.index = i;
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<SourceLevel> from_pack(const PluginRegistry &registry, const std::string &text, const std::string &source,
                                   const SourceOptions &options) {
    const PackFile pack = pack_from_json(text, source);
    std::vector<SourceLevel> out;
    for (size_t i = 0; i < pack.levels.size(); ++i) {
        const PackFileLevel &pl = pack.levels[i];
        const std::string where = source + " (level " + std::to_string(i + 1) + ")";
        auto plugin = registry.find(pl.type);
        if (!plugin)
            throw InputError(where, "no plugin for type '" + pl.type + "' (installed: " + registry.ids() + ")",
                             0, 0, "type");
        // Stored text is the plugin's canonical format (its first), never a guess: detection could read it as
        // another format the plugin also accepts.
        const auto &formats = plugin->formats();
        const std::string canonical = formats.empty() ? "" : formats[0].name;
        auto parsed = guarded_parse(*plugin, pl.text, canonical, where, options.sandbox, options.verdicts);
        if (parsed.size() != 1) throw InputError(where, "a pack level must hold exactly one level", 0, 0, "text");
        SourceLevel l;
        l.plugin = plugin;
        l.level = std::move(parsed[0].level);
        l.name = pl.name;
        l.author = pl.author;
        l.params = pl.params;
        l.pack_description = pack.description;
        l.file = source;
        l.index = i;
        out.push_back(std::move(l));
    }
    return out;
}

std::string extension_of(const std::string &source) {
    std::string ext = fs::path(source).extension().string();
    if (!ext.empty()) ext.erase(0, 1);
    return ext;
}

// Plugins that claim the format (if given), else the file's extension.
std::vector<std::shared_ptr<const Plugin>> claiming(const PluginRegistry &registry, const std::string &source,
                                                    const SourceOptions &options) {
    const std::string ext = extension_of(source);
    std::vector<std::shared_ptr<const Plugin>> candidates;
    for (auto &p : registry.plugins()) {
        const bool claims =
            options.format.empty() ? (!ext.empty() && p->has_extension(ext)) : p->has_format(options.format);
        if (claims) candidates.push_back(p);
    }
    return candidates;
}

} // namespace

std::optional<Reader> reader_by_path(const PluginRegistry &registry, const std::string &source,
                                     const SourceOptions &options) {
    if (!options.type.empty()) {
        auto plugin = registry.find(options.type);
        if (!plugin || (!options.format.empty() && !plugin->has_format(options.format))) return std::nullopt;
        return Reader{plugin, options.format, {}};
    }
    const auto candidates = claiming(registry, source, options);
    if (candidates.size() != 1) return std::nullopt;
    const std::string format =
        options.format.empty() ? candidates[0]->format_for_extension(extension_of(source)) : options.format;
    return Reader{candidates[0], format, {}};
}

std::vector<Reader> readers_to_try(const PluginRegistry &registry, std::string_view text, const std::string &source,
                                   const SourceOptions &options) {
    const std::string_view body = strip_utf8_bom(text);
    if (first_invalid_utf8(body) != std::string_view::npos) return {};
    if (!options.type.empty()) {
        auto plugin = registry.find(options.type);
        if (!plugin || (!options.format.empty() && !plugin->has_format(options.format))) return {};
        return {Reader{plugin, options.format, body}};
    }
    if (looks_like_pack_file(body)) return {};
    auto candidates = claiming(registry, source, options);
    if (candidates.size() == 1) {
        const std::string format =
            options.format.empty() ? candidates[0]->format_for_extension(extension_of(source)) : options.format;
        return {Reader{candidates[0], format, body}};
    }
    if (candidates.empty() && options.format.empty()) candidates = registry.plugins();
    std::vector<Reader> readers;
    for (auto &p : candidates)
        readers.push_back(Reader{p, options.format, body});
    return readers;
}

namespace {

// Whether the sandbox's current worker keeps the levels it read from the text `verdict` is about: it read them in
// the parse_many call it answered last (a replaced worker answered none).
bool kept_in_worker(const KnownVerdict *verdict, const SourceOptions &options) {
    return verdict && options.sandbox && verdict->verdict == ParseVerdict::read && verdict->batch != 0 &&
           verdict->batch == options.sandbox->kept_batch();
}

// Names each of `levels` (one text's, in order) as the worker that read the text keeps it, so plugin calls about it
// in that worker send the reference, not the text (level_arg).
void name_kept(std::vector<SourceLevel> &levels, const KnownVerdict &verdict, PluginSandbox *keeper) {
    for (size_t i = 0; i < levels.size() && i < verdict.levels.size(); ++i) {
        levels[i].keeper = keeper;
        levels[i].kept = kept_reference(verdict.batch, verdict.text, i);
    }
}

// The levels `plugin` reads in `text` as `format`, parsed here after the guarded read; named as the worker keeps
// them when it does. When the caller allows it (leave_in_worker; `owned` is the text, kept for a parse here later)
// they are not parsed here at all: the worker told their names.
std::vector<SourceLevel> read_with(const std::shared_ptr<const Plugin> &plugin, const std::string &text,
                                   const std::string &format, const std::string &source, const SourceOptions &options,
                                   const std::shared_ptr<const std::string> &owned) {
    const KnownVerdict *verdict = find_verdict(options.verdicts, *plugin, format, text, options.text_keys);
    if (!kept_in_worker(verdict, options))
        return wrap(plugin, parse_with_verdict(*plugin, text, format, source, options.sandbox, verdict), source);
    std::vector<SourceLevel> out;
    if (owned && options.leave_in_worker && !verdict->levels.empty()) {
        const auto lazy = std::make_shared<const LazyLevels>(plugin, owned, format, source);
        out.resize(verdict->levels.size());
        for (size_t i = 0; i < out.size(); ++i) {
            SourceLevel &l = out[i];
            l.plugin = plugin;
            l.name = verdict->levels[i].name;
            l.author = verdict->levels[i].author;
            l.file = source;
            l.index = i;
            l.lazy = lazy;
        }
    } else {
        out = wrap(plugin, parse_with_verdict(*plugin, text, format, source, options.sandbox, verdict), source);
    }
    name_kept(out, *verdict, options.sandbox);
    return out;
}

std::vector<SourceLevel> load_text(const PluginRegistry &registry, const std::string &text,
                                   const std::shared_ptr<const std::string> &owned, const std::string &source,
                                   const SourceOptions &options) {
    // Level files are UTF-8 text (the ABI says so): refuse anything else here, once, with its position, rather
    // than let each plugin stumble over it. Editors may put a byte order mark in front.
    const std::string_view body = strip_utf8_bom(text);
    if (body.size() != text.size()) return load_levels_from_text(registry, std::string(body), source, options);
    check_utf8_text(text, source);

    if (options.type.empty() && looks_like_pack_file(text)) return from_pack(registry, text, source, options);

    if (!options.type.empty()) {
        auto plugin = registry.find(options.type);
        if (!plugin) throw InputError(source, "unknown puzzle type '" + options.type + "' (installed: " + registry.ids() + ")", 0, 0, "type");
        if (!options.format.empty() && !plugin->has_format(options.format))
            throw InputError(source, "type '" + options.type + "' has no format '" + options.format + "'", 0, 0, "format");
        return read_with(plugin, text, options.format, source, options, owned);
    }

    std::vector<std::shared_ptr<const Plugin>> candidates = claiming(registry, source, options);
    const std::string ext = extension_of(source);
    if (candidates.size() == 1) {
        const std::string format = options.format.empty() ? candidates[0]->format_for_extension(ext) : options.format;
        return read_with(candidates[0], text, format, source, options, owned);
    }
    if (candidates.empty()) {
        if (!options.format.empty()) throw InputError(source, "no installed plugin reads format '" + options.format + "'", 0, 0, "format");
        candidates = registry.plugins();
    }
    if (candidates.empty()) throw InputError(source, "no puzzle plugin is installed (see `pluzzle plugins`)");

    // Content decides: exactly one candidate must read the whole file.
    struct Candidate {
        std::shared_ptr<const Plugin> plugin;
        std::vector<ParsedLevel> levels;
        const KnownVerdict *verdict;
    };
    std::vector<Candidate> readers;
    std::string reasons;
    for (auto &p : candidates) {
        try {
            const KnownVerdict *verdict = find_verdict(options.verdicts, *p, options.format, text, options.text_keys);
            readers.push_back({p, parse_with_verdict(*p, text, options.format, source, options.sandbox, verdict),
                               verdict});
        } catch (const InputError &e) {
            reasons += "\n  " + p->id() + ": " + e.what();
        } catch (const PluginError &e) {
            reasons += "\n  " + p->id() + ": " + e.what();
        }
    }
    if (readers.size() == 1) {
        auto levels = wrap(readers[0].plugin, std::move(readers[0].levels), source);
        if (kept_in_worker(readers[0].verdict, options)) name_kept(levels, *readers[0].verdict, options.sandbox);
        return levels;
    }
    if (readers.empty()) throw InputError(source, "no installed plugin can read this file:" + reasons);
    std::string names;
    for (auto &r : readers) names += (names.empty() ? "" : ", ") + r.plugin->id();
    throw InputError(source, "ambiguous: readable as " + names + "; choose with --type", 0, 0, "type");
}

} // namespace

std::vector<SourceLevel> load_levels_from_text(const PluginRegistry &registry, const std::string &text,
                                               const std::string &source, const SourceOptions &options) {
    return load_text(registry, text, nullptr, source, options);
}

std::vector<SourceLevel> load_levels_from_text(const PluginRegistry &registry, std::shared_ptr<const std::string> text,
                                               const std::string &source, const SourceOptions &options) {
    return load_text(registry, *text, text, source, options);
}

LazyLevels::LazyLevels(std::shared_ptr<const Plugin> plugin, std::shared_ptr<const std::string> text,
                       std::string format, std::string source)
    : plugin_(std::move(plugin)), text_(std::move(text)), format_(std::move(format)), source_(std::move(source)) {}

LevelPtr LazyLevels::at(size_t i) const {
    std::call_once(once_, [&] {
        try {
            levels_ = plugin_->parse(*text_, format_, source_); // the worker read it: safe to read here
        } catch (...) {
            error_ = std::current_exception();
        }
    });
    if (error_) std::rethrow_exception(error_);
    if (i >= levels_.size())
        throw PluginError("plugin '" + plugin_->id() + "' read " + std::to_string(levels_.size()) + " levels in " +
                          source_ + " here, " + std::to_string(i + 1) + " or more in its worker");
    return levels_[i].level;
}

LevelPtr level_here(const SourceLevel &level) {
    if (level.level || !level.lazy) return level.level;
    return level.lazy->at(level.index);
}

LevelArg level_arg(const SourceLevel &level, std::string source) {
    LevelArg arg;
    arg.level = level.level;
    arg.source = std::move(source);
    arg.keeper = level.keeper;
    arg.kept = level.kept;
    if (!level.level && level.lazy) arg.parse_here = [lazy = level.lazy, i = level.index] { return lazy->at(i); };
    return arg;
}

LevelFileText read_level_file(const std::string &path) {
    LevelFileText file{read_text_file(path)};
    // Files from the wild are not all UTF-8: webpbn's exports carry Windows-1252 names. Level text in memory and
    // in the database is always UTF-8, so the conversion happens here, at the file boundary, and only for files
    // with no UTF-8 character beyond ASCII at all: one that has some is damaged UTF-8, refused with the position.
    std::string &text = file.text;
    if (first_invalid_utf8(strip_utf8_bom(text)) != std::string_view::npos && !has_utf8_beyond_ascii(text) &&
        text.find('\0') == std::string::npos) {
        if (auto utf8 = windows_1252_to_utf8(text)) {
            text = std::move(*utf8);
            file.converted = true;
        }
    }
    return file;
}

std::vector<SourceLevel> load_levels(const PluginRegistry &registry, const std::string &path,
                                     const SourceOptions &options) {
    const LevelFileText file = read_level_file(path);
    auto levels = load_levels_from_text(registry, file.text, path, options);
    for (auto &l : levels)
        l.read_as_windows_1252 = file.converted;
    return levels;
}

std::string level_name_in_pack(const SourceLevel &level, size_t levels_in_file) {
    if (!level.name.empty()) return level.name;
    return std::filesystem::path(level.file).stem().string() +
           (levels_in_file > 1 ? " #" + std::to_string(level.index + 1) : "");
}

} // namespace pluzzle::host
