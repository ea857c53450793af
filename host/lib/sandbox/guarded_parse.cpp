// guarded_parse.cpp -- see guarded_parse.hpp.
#include <pluzzle/host/sandbox/guarded_parse.hpp>

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <algorithm>
#include <cstdlib>
#include <future>

namespace pluzzle::host {

std::string parse_verdict_key(const Plugin &plugin, const std::string &format, std::string_view text) {
    return content_hash(plugin.id() + "\n" + format, text);
}

std::vector<std::string> read_in_sandbox(PluginSandbox &sandbox, const Plugin &plugin, const std::string &format,
                                         const std::vector<SandboxText> &texts, ParseVerdicts &verdicts,
                                         const std::shared_future<void> &texts_ready) {
    std::vector<std::string> all_keys;
    all_keys.reserve(texts.size());
    constexpr size_t kBatch = 256, kBatchBytes = size_t(16) << 20;
    // Only what crosses the pipe counts against kBatchBytes: a whole file goes as its path (and its text may not be
    // here yet: see texts_ready).
    const auto piped = [&](size_t i) { return texts[i].whole_file ? size_t(0) : texts[i].text.size(); };
    for (size_t from = 0; from < texts.size();) {
        size_t end = from, bytes = 0;
        while (end < texts.size() && end - from < kBatch && (end == from || bytes + piped(end) < kBatchBytes))
            bytes += piped(end++);
        wire::Fields args = {{"format", format}};
        for (size_t i = from; i < end; ++i) {
            args.emplace_back("source", texts[i].source);
            if (texts[i].whole_file)
                args.emplace_back("file", texts[i].source);
            else
                args.emplace_back("text", std::string(texts[i].text));
        }
        wire::Call call = parse_call(plugin, "", format, "");
        call.op = "parse_many";
        call.args = std::move(args);
        // Each text's verdict key, as this process has the text: hashed on another thread while the worker reads.
        std::future<std::vector<std::string>> hashing = std::async(std::launch::async, [&, from, end] {
            if (texts_ready.valid()) texts_ready.wait();
            std::vector<std::string> out;
            for (size_t i = from; i < end; ++i)
                out.push_back(parse_verdict_key(plugin, format, texts[i].text));
            return out;
        });
        std::vector<int> heard(end - from, -1); // -1: no verdict yet; 0: refused; 1: read
        size_t answered = 0;
        const SandboxOutcome out =
            sandbox.call(std::move(call), plugin.id(), {kParseDeadlineSeconds + 0.05 * double(end - from)}, nullptr,
                         [&](const wire::Progress &p) {
                             const size_t i = from + size_t(p.nodes);
                             if (i >= end) return;
                             heard[i - from] = p.fraction > 0 ? 1 : 0;
                             answered = std::max(answered, size_t(p.nodes) + 1);
                         });
        const std::vector<std::string> keys = hashing.get();
        // The next call starts at `next`: the keys of the texts before it are final (the rest are hashed again there).
        const auto go_on_at = [&](size_t next) {
            all_keys.insert(all_keys.end(), keys.begin(), keys.begin() + ptrdiff_t(next - from));
            from = next;
        };
        const auto record = [&](size_t i, uint32_t batch, std::vector<LevelNames> names) {
            verdicts[keys[i - from]] = {heard[i - from] ? ParseVerdict::read : ParseVerdict::refused, {},
                                        heard[i - from] ? batch : 0, i - from, std::move(names)};
        };
        if (out.answered()) {
            sandbox.worker_keeps(out.answer->call_id);
            std::vector<std::string> file_keys;
            std::vector<std::vector<LevelNames>> names(end - from); // each text's levels, as the worker read them
            LevelNames *level = nullptr; // the worker lists each level as level_of, name, author
            for (auto &[k, v] : out.answer->fields) {
                if (k == "file_key") {
                    file_keys.push_back(v);
                } else if (k == "level_of") {
                    const size_t t = size_t(std::strtoull(v.c_str(), nullptr, 10));
                    level = t < names.size() ? &names[t].emplace_back() : nullptr;
                } else if (level && k == "name") {
                    level->name = std::move(v);
                } else if (level && k == "author") {
                    level->author = std::move(v);
                }
            }
            // A file the worker read itself holds what this process read only if their keys agree (it may have
            // changed in between): any other verdict is left out, and guarded_parse sends that text itself.
            size_t next_file = 0;
            for (size_t i = from; i < end; ++i) {
                const bool same =
                    !texts[i].whole_file || (next_file < file_keys.size() && file_keys[next_file] == keys[i - from]);
                if (texts[i].whole_file) ++next_file;
                if (heard[i - from] >= 0 && same) record(i, out.answer->call_id, std::move(names[i - from]));
            }
            go_on_at(end);
            continue;
        }
        // The worker died on the first text it had not answered: that one is the culprit, the batch goes on after it.
        // A file it read itself is judged only with the keys of a whole answer: it may not be what this process read,
        // so neither its verdict nor a crash on it is kept (guarded_parse then tries this process's text alone).
        const size_t culprit = from + answered;
        for (size_t i = from; i < culprit && i < end; ++i)
            if (heard[i - from] >= 0 && !texts[i].whole_file) record(i, 0, {});
        if (culprit < end && !texts[culprit].whole_file)
            verdicts[keys[culprit - from]] = {ParseVerdict::crashed, parse_lost_reason(plugin, out)};
        go_on_at(std::min(culprit + 1, end)); // lost after its last verdict: no culprit, none skipped
    }
    return all_keys;
}

const std::string *known_key(const TextKeys &keys, const Plugin &plugin, const std::string &format,
                             std::string_view text) {
    for (const TextKey &k : keys)
        if (k.plugin == &plugin && k.format == format && k.size == text.size()) return &k.key;
    return nullptr;
}

const KnownVerdict *find_verdict(const ParseVerdicts *verdicts, const Plugin &plugin, const std::string &format,
                                 std::string_view text, const TextKeys *keys) {
    if (!verdicts) return nullptr;
    const std::string *key = keys ? known_key(*keys, plugin, format, text) : nullptr;
    // Hashing a megabyte costs milliseconds: only a text whose key is not known yet.
    const auto known = verdicts->find(key ? *key : parse_verdict_key(plugin, format, text));
    return known == verdicts->end() ? nullptr : &known->second;
}

std::vector<ParsedLevel> parse_with_verdict(const Plugin &plugin, const std::string &text, const std::string &format,
                                            const std::string &source, PluginSandbox *sandbox,
                                            const KnownVerdict *verdict) {
    if (!verdict) return parse_level_text(plugin, text, format, source, sandbox);
    if (verdict->verdict == ParseVerdict::crashed) throw InputError(source, verdict->reason);
    return plugin.parse(text, format, source); // read there, or refused there: the same answer here
}

std::vector<ParsedLevel> guarded_parse(const Plugin &plugin, const std::string &text, const std::string &format,
                                       const std::string &source, PluginSandbox *sandbox,
                                       const ParseVerdicts *verdicts) {
    return parse_with_verdict(plugin, text, format, source, sandbox, find_verdict(verdicts, plugin, format, text));
}

} // namespace pluzzle::host
