// guarded_parse.cpp -- see guarded_parse.hpp.
#include <pluzzle/host/sandbox/guarded_parse.hpp>

#include <pluzzle/host/base/content_hash.hpp>
#include <pluzzle/host/sandbox/plugin_calls.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>
#include <pluzzle/host/sandbox/sandbox_ops.hpp>

#include <algorithm>

namespace pluzzle::host {

std::string parse_verdict_key(const Plugin &plugin, const std::string &format, std::string_view text) {
    return content_hash(plugin.id() + "\n" + format, text);
}

void read_in_sandbox(PluginSandbox &sandbox, const Plugin &plugin, const std::string &format,
                     const std::vector<std::pair<std::string, std::string_view>> &texts, ParseVerdicts &verdicts) {
    constexpr size_t kBatch = 256, kBatchBytes = size_t(16) << 20;
    for (size_t from = 0; from < texts.size();) {
        size_t end = from, bytes = 0;
        while (end < texts.size() && end - from < kBatch &&
               (end == from || bytes + texts[end].second.size() < kBatchBytes))
            bytes += texts[end++].second.size();
        wire::Fields args = {{"format", format}};
        for (size_t i = from; i < end; ++i) {
            args.emplace_back("source", texts[i].first);
            args.emplace_back("text", std::string(texts[i].second));
        }
        wire::Call call = parse_call(plugin, "", format, "");
        call.op = "parse_many";
        call.args = std::move(args);
        size_t answered = 0;
        std::vector<KnownVerdict *> read; // the verdicts of texts read, to name the batch once it is answered
        const SandboxOutcome out =
            sandbox.call(std::move(call), plugin.id(), {kParseDeadlineSeconds + 0.05 * double(end - from)}, nullptr,
                         [&](const wire::Progress &p) {
                             const size_t i = from + size_t(p.nodes);
                             if (i >= end) return;
                             KnownVerdict &v = verdicts[parse_verdict_key(plugin, format, texts[i].second)];
                             v = {p.fraction > 0 ? ParseVerdict::read : ParseVerdict::refused, {}, 0, i - from};
                             if (v.verdict == ParseVerdict::read) read.push_back(&v);
                             answered = std::max(answered, size_t(p.nodes) + 1);
                         });
        if (out.answered()) {
            sandbox.worker_keeps(out.answer->call_id);
            for (KnownVerdict *v : read)
                v->batch = out.answer->call_id;
            from = end;
            continue;
        }
        // The worker died on the first text it had not answered: that one is the culprit, the batch goes on after it.
        const size_t culprit = from + answered;
        if (culprit < end)
            verdicts[parse_verdict_key(plugin, format, texts[culprit].second)] = {
                ParseVerdict::crashed, parse_lost_reason(plugin, out)};
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
