#include <pluzzle/host/bulk_solve.hpp>

#include <pluzzle/host/json_line.hpp>
#include <pluzzle/host/parallel.hpp>

#include <chrono>
#include <exception>
#include <mutex>
#include <unordered_map>

namespace pluzzle::host {

namespace {

std::string stats_json(const SolveReport &r) {
    JsonLine j;
    if (r.solutions.size() > 1) j.add("second_solution", r.solutions[1]);
    j.add("lower_bound", r.lower_bound).add("upper_bound", r.upper_bound);
    if (!r.stats.empty()) j.add("stats", r.stats);
    return j.str();
}

} // namespace

BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options) {
    const auto start = std::chrono::steady_clock::now();
    BulkReport report;
    std::vector<LevelRecord> levels = store.levels(options.filter);
    report.total = levels.size();

    if (options.resume) {
        // One query per plugin version, not per level.
        std::unordered_map<std::string, std::unordered_set<int64_t>> done;
        std::vector<LevelRecord> todo;
        for (auto &l : levels) {
            auto plugin = registry.find(l.type);
            if (plugin) {
                auto it = done.find(plugin->id());
                if (it == done.end())
                    it = done.emplace(plugin->id(), store.levels_with_final_result(plugin->id(), plugin->version())).first;
                if (it->second.count(l.id)) {
                    ++report.skipped;
                    continue;
                }
            }
            todo.push_back(std::move(l));
        }
        levels = std::move(todo);
    }

    std::unordered_map<int64_t, std::string> pack_names;
    for (auto &p : store.packs()) pack_names[p.id] = p.name;

    std::mutex mutex; // serialises the store, the report and the callbacks
    size_t done = 0;
    std::exception_ptr store_failure; // a write that failed stops the run; rethrown after the workers end
    std::atomic<bool> failed{false};
    parallel_for(levels.size(), options.jobs, [&](size_t i) {
        if ((options.cancel && options.cancel->load()) || failed.load()) return;
        const LevelRecord &rec = levels[i];
        BulkItem item;
        item.level_id = rec.id;
        item.position = rec.position;
        const auto pack = pack_names.find(rec.pack_id); // read-only from here on: safe to share between threads
        item.pack = pack == pack_names.end() ? "" : pack->second;
        item.type = rec.type;
        item.name = rec.name;
        ResultRecord result;
        result.level_id = rec.id;
        bool store_it = true;

        auto plugin = registry.find(rec.type);
        if (!plugin) {
            item.status = "no-plugin";
            item.error = "no plugin for type '" + rec.type + "'";
            store_it = false;
        } else {
            result.plugin_id = plugin->id();
            result.plugin_version = plugin->version();
            try {
                // Stored text is canonical: read it as such, never by format detection.
                auto parsed = plugin->parse(rec.text, plugin->formats().at(0).name, "level " + std::to_string(rec.id));
                SolveOptions so;
                so.time_limit_s = options.timeout_s;
                so.node_limit = options.node_limit;
                so.cancel = options.cancel;
                SolveReport r = plugin->solve(parsed.at(0).level.get(), so);
                result.status = r.status;
                item.solution = r.solutions.empty() ? "" : r.solutions[0];
                item.time_ms = r.time_ms;
                item.nodes = r.nodes;
                result.info = stats_json(r);
                if (r.status == PZ_SOLVE_CANCELLED) store_it = false;
            } catch (const std::exception &e) {
                result.status = AttemptFailure::error;
                item.error = e.what();
                result.info = JsonLine().add("error", item.error).str();
            }
            item.status = attempt_status_text(result.status);
        }
        result.solution = item.solution;
        result.time_ms = item.time_ms;
        result.nodes = item.nodes;

        std::lock_guard<std::mutex> lock(mutex);
        try {
            if (store_it) store.add_result(result); // committed before the level counts as done
        } catch (...) {
            if (!store_failure) store_failure = std::current_exception();
            failed = true;
            return;
        }
        if (result.status == PZ_SOLVE_CANCELLED) {
            report.cancelled = true;
            return;
        }
        ++report.attempted;
        if (!attempt_solved(result.status)) ++report.unsolved; // a level without a plugin is not solved either
        BulkCell &cell = report.table[{item.type, item.status}];
        ++cell.count;
        cell.time_ms += item.time_ms;
        ++done;
        if (options.on_item) options.on_item(item);
        if (options.on_progress)
            options.on_progress({done, levels.size(),
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    });
    if (store_failure) std::rethrow_exception(store_failure);
    if (options.cancel && options.cancel->load()) report.cancelled = true;
    report.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace pluzzle::host
