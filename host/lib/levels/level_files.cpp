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

} // namespace

LoadedFiles load_level_files(const PluginRegistry &registry, const std::vector<std::string> &paths,
                             const SourceOptions &options) {
    LoadedFiles out;
    for (size_t from = 0; from < paths.size(); from += kFilesAtATime) {
        const size_t end = std::min(paths.size(), from + kFilesAtATime);
        std::vector<std::optional<LevelFileText>> texts(end - from);
        std::vector<std::optional<InputError>> unreadable(end - from);
        ParseVerdicts verdicts;
        // A file whose path alone names its reader is read by the worker while this process reads it too: the
        // worker's verdict counts once the two copies' keys agree (read_in_sandbox).
        std::map<std::pair<std::shared_ptr<const Plugin>, std::string>, std::vector<SandboxText>> early;
        std::map<std::pair<std::shared_ptr<const Plugin>, std::string>, std::vector<size_t>> early_files;
        if (options.sandbox)
            for (size_t i = from; i < end; ++i)
                if (const auto reader = reader_by_path(registry, paths[i], options)) {
                    early[{reader->plugin, reader->format}].push_back({paths[i], {}, true});
                    early_files[{reader->plugin, reader->format}].push_back(i - from);
                }
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
                for (size_t k = 0; k < batch.size(); ++k)
                    if (const auto &file = texts[early_files[reader][k]]) batch[k].text = file->text;
        });
        for (auto &[reader, batch] : early)
            read_in_sandbox(*options.sandbox, *reader.first, reader.second, batch, verdicts, ready.future());
        reading.get();
        // With a sandbox, each text goes to the worker of every plugin that will be asked to read it, in batches
        // first: one round trip for a few hundred files instead of one per file and candidate
        // (load_levels_from_text then uses the verdicts). Those read early need not go again.
        SourceOptions with_verdicts = options;
        if (options.sandbox) {
            std::map<std::pair<std::shared_ptr<const Plugin>, std::string>,
                     std::vector<SandboxText>>
                by_reader;
            for (size_t i = from; i < end; ++i)
                if (const auto &file = texts[i - from])
                    for (const Reader &reader : readers_to_try(registry, file->text, paths[i], options)) {
                        if (!early.empty() && verdicts.count(parse_verdict_key(*reader.plugin, reader.format, reader.text)))
                            continue;
                        const bool whole_file = !file->converted && reader.text.data() == file->text.data() &&
                                                reader.text.size() == file->text.size();
                        by_reader[{reader.plugin, reader.format}].push_back({paths[i], reader.text, whole_file});
                    }
            for (const auto &[reader, batch] : by_reader)
                read_in_sandbox(*options.sandbox, *reader.first, reader.second, batch, verdicts);
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
