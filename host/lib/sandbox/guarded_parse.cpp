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

void read_in_sandbox(PluginSandbox &sandbox, const Plugin &plugin, const std::string &format,
                     const std::vector<SandboxText> &texts, ParseVerdicts &verdicts) {
    constexpr size_t kBatch = 256, kBatchBytes = size_t(16) << 20;
    for (size_t from = 0; from < texts.size();) {
        size_t end = from, bytes = 0;
        while (end < texts.size() && end - from < kBatch &&
               (end == from || bytes + texts[end].text.size() < kBatchBytes))
            bytes += texts[end++].text.size();
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
        size_t answered = 0;
        std::vector<bool> heard(end - from);
        // Each text's verdict key, as this process has the text: hashed on another thread while the worker reads.
        std::future<std::vector<std::string>> hashing = std::async(std::launch::async, [&, from, end] {
            std::vector<std::string> out;
            for (size_t i = from; i < end; ++i)
                out.push_back(parse_verdict_key(plugin, format, texts[i].text));
            return out;
        });
        std::vector<std::string> keys;
        const auto key = [&](size_t i) -> const std::string & {
            if (hashing.valid()) keys = hashing.get();
            return keys[i - from];
        };
        const SandboxOutcome out =
            sandbox.call(std::move(call), plugin.id(), {kParseDeadlineSeconds + 0.05 * double(end - from)}, nullptr,
                         [&](const wire::Progress &p) {
                             const size_t i = from + size_t(p.nodes);
                             if (i >= end) return;
                             heard[i - from] = true;
                             verdicts[key(i)] = {p.fraction > 0 ? ParseVerdict::read : ParseVerdict::refused, {}, 0,
                                                 i - from};
                             answered = std::max(answered, size_t(p.nodes) + 1);
                         });
        if (out.answered()) {
            sandbox.worker_keeps(out.answer->call_id);
            // A file the worker read itself holds what this process read only if their keys agree (it may have
            // changed in between): any other verdict is dropped, and guarded_parse sends that text itself.
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
            size_t next_file = 0;
            for (size_t i = from; i < end; ++i) {
                const bool same =
                    !texts[i].whole_file || (next_file < file_keys.size() && file_keys[next_file] == key(i));
                if (texts[i].whole_file) ++next_file;
                if (!heard[i - from]) continue;
                if (!same)
                    verdicts.erase(key(i));
                else if (KnownVerdict &v = verdicts[key(i)]; v.verdict == ParseVerdict::read) {
                    v.batch = out.answer->call_id;
                    v.levels = std::move(names[i - from]);
                }
            }
            from = end;
            continue;
        }
        // The worker died on the first text it had not answered: that one is the culprit, the batch goes on after it.
        // (A file it read itself may not be what this process read: guarded_parse then tries the text alone.)
        const size_t culprit = from + answered;
        if (culprit < end && !texts[culprit].whole_file)
            verdicts[key(culprit)] = {ParseVerdict::crashed, parse_lost_reason(plugin, out)};
        from = culprit + 1;
    }
}

std::vector<ParsedLevel> guarded_parse(const Plugin &plugin, const std::string &text, const std::string &format,
                                       const std::string &source, PluginSandbox *sandbox,
                                       const ParseVerdicts *verdicts) {
    if (verdicts) {
        const auto known = verdicts->find(parse_verdict_key(plugin, format, text));
        if (known != verdicts->end()) {
            const KnownVerdict &v = known->second;
            if (v.verdict == ParseVerdict::crashed) throw InputError(source, v.reason);
            auto levels = plugin.parse(text, format, source); // read there, or refused there: the same answer here
            if (sandbox && v.batch != 0 && v.batch == sandbox->kept_batch())
                for (size_t i = 0; i < levels.size(); ++i)
                    sandbox->note_kept(levels[i].level, kept_reference(v.batch, v.text, i));
            return levels;
        }
    }
    return parse_level_text(plugin, text, format, source, sandbox);
}

} // namespace pluzzle::host
