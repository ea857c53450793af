// level_files.cpp -- see level_files.hpp.
#include <pluzzle/host/levels/level_files.hpp>

#include <future>
#include <map>
#include <optional>

namespace pluzzle::host {

size_t LoadedFiles::level_count() const {
    size_t n = 0;
    for (const auto &f : files)
        n += f.levels.size();
    return n;
}

namespace {

// Tells the early reads that this process's copies of the files are in place; set however the reading ends, so
// that thread never waits forever.
class TextsReady {
  public:
    ~TextsReady() { set(); }
    std::shared_future<void> future() const { return future_; }
    void set() {
        if (!set_) promise_.set_value(), set_ = true;
    }

  private:
    std::promise<void> promise_;
    std::shared_future<void> future_ = promise_.get_future().share();
    bool set_ = false;
};
struct SetWhenDone {
    TextsReady &ready;
    ~SetWhenDone() { ready.set(); }
};

// A group of files is read into memory at a time (bounded memory for an import of 10^5 files).
constexpr size_t kFilesAtATime = 1024;

void add_failure(LoadedFiles &out, const std::string &path, const InputError &e) { out.failures.push_back({path, e}); }

// The texts one plugin reads as one format in the sandbox, with the file (its index in the group) of each.
struct Batch {
    std::vector<SandboxText> texts;
    std::vector<size_t> files;
    void add(SandboxText text, size_t file) {
        texts.push_back(text);
        files.push_back(file);
    }
};
using Batches = std::map<std::pair<std::shared_ptr<const Plugin>, std::string>, Batch>;

// Reads each batch in the sandbox, adding the verdicts, and each text's key to its file's keys.
void read_batches(PluginSandbox &sandbox, const Batches &batches, ParseVerdicts &verdicts, std::vector<TextKeys> &keys,
                  const std::shared_future<void> &texts_ready = {}) {
    for (const auto &[reader, batch] : batches) {
        const auto &[plugin, format] = reader;
        const auto computed = read_in_sandbox(sandbox, *plugin, format, batch.texts, verdicts, texts_ready);
        for (size_t k = 0; k < batch.texts.size(); ++k)
            keys[batch.files[k]].push_back({plugin.get(), format, batch.texts[k].text.size(), computed[k]});
    }
}

} // namespace

LoadedFiles load_level_files(const PluginRegistry &registry, const std::vector<std::string> &paths,
                             const SourceOptions &options) {
    LoadedFiles out;
    for (size_t from = 0; from < paths.size(); from += kFilesAtATime) {
        const size_t end = std::min(paths.size(), from + kFilesAtATime);
        std::vector<std::optional<LevelFileText>> texts(end - from);
        std::vector<std::optional<InputError>> unreadable(end - from);
        ParseVerdicts verdicts;
        std::vector<TextKeys> keys(end - from); // each file's, as read_in_sandbox hashed it: not hashed again
        // A file whose path alone names its reader is read by the worker while this process reads it too: the
        // worker's verdict counts once the two copies' keys agree (read_in_sandbox).
        Batches early;
        if (options.sandbox)
            for (size_t i = from; i < end; ++i)
                if (const auto reader = reader_by_path(registry, paths[i], options))
                    early[{reader->plugin, reader->format}].add({paths[i], {}, true}, i - from);
        // This thread reads the files on another one meanwhile: a worker dies with the thread that started it
        // (PluginSandbox::start), so the sandbox's calls stay on this one.
        TextsReady ready;
        std::future<void> reading = std::async(early.empty() ? std::launch::deferred : std::launch::async, [&] {
            const SetWhenDone done{ready};
            for (size_t i = from; i < end; ++i) {
                try {
                    texts[i - from] = read_level_file(paths[i]);
                } catch (const InputError &e) {
                    unreadable[i - from] = e;
                }
            }
            for (auto &[reader, batch] : early)
                for (size_t k = 0; k < batch.texts.size(); ++k)
                    if (const auto &file = texts[batch.files[k]]) batch.texts[k].text = file->text;
        });
        if (!early.empty()) read_batches(*options.sandbox, early, verdicts, keys, ready.future());
        reading.get();
        // With a sandbox, each text goes to the worker of every plugin that will be asked to read it, in batches
        // first: one round trip for a few hundred files instead of one per file and candidate
        // (load_levels_from_text then uses the verdicts). Those read early need not go again.
        SourceOptions with_verdicts = options;
        if (options.sandbox) {
            Batches by_reader;
            for (size_t i = from; i < end; ++i)
                if (const auto &file = texts[i - from])
                    for (const Reader &reader : readers_to_try(registry, file->text, paths[i], options)) {
                        const std::string *key = known_key(keys[i - from], *reader.plugin, reader.format, reader.text);
                        if (key && verdicts.count(*key)) continue;
                        const bool whole_file = !file->converted && reader.text.data() == file->text.data() &&
                                                reader.text.size() == file->text.size();
                        by_reader[{reader.plugin, reader.format}].add({paths[i], reader.text, whole_file}, i - from);
                    }
            read_batches(*options.sandbox, by_reader, verdicts, keys);
            with_verdicts.verdicts = &verdicts;
        }
        for (size_t i = from; i < end; ++i) {
            const std::string &path = paths[i];
            if (unreadable[i - from]) {
                add_failure(out, path, *unreadable[i - from]);
                continue;
            }
            try {
                // Owned from here on: a level left in the worker may be parsed from it later (LazyLevels).
                auto text = std::make_shared<const std::string>(std::move(texts[i - from]->text));
                with_verdicts.text_keys = &keys[i - from];
                auto levels = load_levels_from_text(registry, std::move(text), path, with_verdicts);
                for (auto &l : levels)
                    l.read_as_windows_1252 = texts[i - from]->converted;
                if (texts[i - from]->converted) out.read_as_windows_1252.push_back(path);
                out.files.push_back({path, std::move(levels)});
            } catch (const InputError &e) {
                add_failure(out, path, e);
            } catch (const PluginError &e) {
                // A plugin's own failure on this file (it threw, or broke the ABI's rules): the file's problem to
                // report, the other files' levels still load.
                add_failure(out, path, InputError(path, e.what()));
            }
        }
    }
    return out;
}

} // namespace pluzzle::host
