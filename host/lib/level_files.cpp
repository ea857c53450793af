#include <pluzzle/host/level_files.hpp>

namespace pluzzle::host {

size_t LoadedFiles::level_count() const {
    size_t n = 0;
    for (const auto &f : files)
        n += f.levels.size();
    return n;
}

LoadedFiles load_level_files(const PluginRegistry &registry, const std::vector<std::string> &paths,
                             const SourceOptions &options) {
    LoadedFiles out;
    for (const std::string &path : paths) {
        try {
            auto levels = load_levels(registry, path, options);
            if (!levels.empty() && levels[0].read_as_windows_1252) out.read_as_windows_1252.push_back(path);
            out.files.push_back({path, std::move(levels)});
        } catch (const InputError &e) {
            out.failures.push_back({path, e});
        } catch (const PluginError &e) {
            // A plugin's own failure on this file (it threw, or broke the ABI's rules): the file's problem to report,
            // the other files' levels still load.
            out.failures.push_back({path, InputError(path, e.what())});
        }
    }
    return out;
}

} // namespace pluzzle::host
