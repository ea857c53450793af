// bulk_solve.cpp -- the dispatcher: the only writer of the database in a bulk solve. It hands levels to an Executor
// (threads, worker processes or MPI ranks), stores results as they arrive -- those arriving within one commit window
// together, in one transaction -- and only then reports them, so whatever was printed is stored and killing the run
// loses at most the levels in flight and the results of the last window.
#include <pluzzle/host/jobs/bulk_solve.hpp>

#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/solve/thread_executor.hpp>

#include <chrono>
#include <optional>
#include <unordered_map>

namespace pluzzle::host {

namespace {

using Clock = std::chrono::steady_clock;

// How long the dispatcher waits for a result before it looks at the cancel flag again.
constexpr std::chrono::milliseconds kPollWait{20};
// At most this many results in one commit, whatever the window (a transaction's memory stays small).
constexpr size_t kMaxBatch = 1000;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// How many levels are read from the database at a time: memory stays flat however big the pack.
constexpr size_t kPageSize = 1024;

// The levels of the filter, a page at a time, less (with --resume) those with a final result from the same plugin
// version: left out in SQL (LevelFilter::not_done_by), so no set of ids is held however big the pack, and counted
// as skipped.
class LevelStream {
  public:
    // in_process: the solves run in this process (Executor::contains_crashes)
    LevelStream(Store &store, const PluginRegistry &registry, const BulkOptions &options, bool in_process,
                BulkReport &report)
        : store_(store), filter_(options.filter) {
        report.total = store.count_levels(filter_);
        to_solve_ = report.total;
        if (!options.resume && !in_process) return;
        for (const std::string &type : store.level_types(filter_))
            if (auto plugin = registry.find(type))
                filter_.not_done_by.push_back({type, plugin->id(), plugin->version()});
        // Done: the final statuses with --resume; in this process also "crashed" (it would end this run too).
        static const std::string crashed = attempt_status_text(AttemptFailure::crashed);
        if (options.resume) {
            for (SolveStatus st : kSolveStatuses)
                if (attempt_final(st)) filter_.done_statuses.push_back(attempt_status_text(st));
        }
        if (in_process) filter_.done_statuses.push_back(crashed);
        to_solve_ = store.count_levels(filter_);
        report.skipped = report.total - to_solve_;
    }

    size_t to_solve() const { return to_solve_; } // known before the first level: the progress line's total

    // The next level to solve, or nullopt at the end.
    std::optional<LevelRecord> next() {
        if (at_ == page_.size()) {
            if (ended_) return std::nullopt;
            page_ = store_.levels_page(filter_, cursor_, kPageSize);
            at_ = 0;
            ended_ = page_.size() < kPageSize;
            if (page_.empty()) return std::nullopt;
            cursor_ = {page_.back().pack_id, page_.back().position};
        }
        return std::move(page_[at_++]);
    }

  private:
    Store &store_;
    LevelFilter filter_;
    size_t to_solve_ = 0;
    std::vector<LevelRecord> page_;
    size_t at_ = 0;
    bool ended_ = false;
    LevelCursor cursor_;
};

class Dispatcher {
  public:
    Dispatcher(Store &store, const PluginRegistry &registry, const BulkOptions &options, Executor &executor)
        : store_(store), registry_(registry), options_(options), executor_(executor),
          in_process_(!executor.contains_crashes()) {}

    BulkReport run() {
        for (auto &p : store_.packs())
            pack_names_[p.id] = p.name;
        if (in_process_) settle_leftovers();
        LevelStream levels(store_, registry_, options_, in_process_, report_);
        to_solve_ += levels.to_solve();
        // The levels settled just now count once, as attempted, not again as skipped.
        report_.skipped -= std::min(report_.skipped, settled_done_);

        bool all_handed_out = false, stopping = false;
        while (true) {
            if (!stopping && cancel_requested()) stopping = true, executor_.cancel();
            // Read each time: MPI's grows as solve times become known.
            const size_t ahead = std::max<size_t>(1, executor_.backlog());
            std::vector<LevelRecord> out;
            while (!stopping && !all_handed_out && executor_.pending() + out.size() < ahead) {
                std::optional<LevelRecord> level = levels.next();
                if (level)
                    out.push_back(std::move(*level));
                else
                    all_handed_out = true;
            }
            hand_out(std::move(out), false);
            if ((stopping || all_handed_out) && executor_.pending() == 0) break;
            collect_and_commit();
        }
        finish();
        return report_;
    }

  private:
    bool cancel_requested() const { return options_.cancel && options_.cancel->load(); }

    void collect_and_commit() {
        const std::vector<WorkResult> arrived = executor_.collect(kPollWait);
        for (const WorkResult &r : arrived)
            add_to_batch(r);
        if (!batch_.empty() && (arrived.empty() || batch_.size() >= kMaxBatch || Clock::now() >= batch_due_))
            commit_batch();
    }

    void finish() {
        commit_batch();
        // A clean end (a cancel, too) leaves no marks: only a run that dies does.
        std::vector<int64_t> unanswered = std::move(cancelled_ids_);
        for (auto &[id, rec] : in_flight_)
            unanswered.push_back(id);
        if (in_process_) store_.clear_in_flight(unanswered);
        if (cancel_requested()) report_.cancelled = true;
        report_.wall_s = seconds_since(start_);
    }

    // The marks a run that died left (this process's solves only: worker processes and ranks contain a crash). A
    // level that was alone in flight took that run down: it is recorded as crashed. The others were beside the
    // one that did, or it: each is solved alone now, before anything else, so a crash leaves exactly one mark.
    void settle_leftovers() {
        settling_ = true;
        std::vector<LevelRecord> suspects;
        for (auto &[mark, level] : store_.in_flight(options_.filter)) {
            const auto plugin = registry_.find(level.type);
            if (!plugin) continue; // no plugin now: the level is reported by the main stream
            if (mark.alone && mark.plugin_id == plugin->id() && mark.plugin_version == plugin->version()) {
                WorkResult r;
                r.level_id = level.id;
                r.status = AttemptFailure::crashed;
                r.error = "the process solving it died (a run of `db solve` in this process, with no other level in "
                          "flight); it is not solved in process again: try `db solve --isolate`";
                r.info = JsonLine().add("reason", r.error).str();
                ++to_solve_;
                add_to_batch(r, level);
            } else {
                suspects.push_back(std::move(level));
            }
        }
        commit_batch();
        report_.suspects = suspects.size();
        to_solve_ += suspects.size();
        for (LevelRecord &level : suspects) {
            if (cancel_requested()) break;
            std::vector<LevelRecord> one;
            one.push_back(std::move(level));
            hand_out(std::move(one), true);
            while (executor_.pending() > 0)
                collect_and_commit();
            commit_batch();
        }
        settling_ = false;
    }

    // A level whose text no longer matches its hash is never solved: it is stored (and reported) as corrupt. A level
    // whose type has no plugin is reported here, and neither is stored: there is no plugin to key the result by.
    // In this process, the levels are marked in flight (one transaction) before any of them starts.
    void hand_out(std::vector<LevelRecord> levels, bool alone) {
        std::vector<InFlightMark> marks;
        std::vector<LevelRecord> go;
        for (LevelRecord &rec : levels) {
            if (!level_text_intact(rec)) {
                WorkResult r;
                r.level_id = rec.id;
                r.status = AttemptFailure::corrupt;
                r.error = "its stored text does not match its hash: the database is damaged (see `pluzzle db check`)";
                r.info = JsonLine().add("reason", r.error).add("hash", rec.hash).str();
                if (registry_.find(rec.type))
                    add_to_batch(r, rec);
                else
                    report_unstored(rec, attempt_status_text(r.status), r.error);
                continue;
            }
            const auto plugin = registry_.find(rec.type);
            if (!plugin) {
                report_unstored(rec, "no-plugin", "no plugin for type '" + rec.type + "'");
                continue;
            }
            if (in_process_) marks.push_back({rec.id, plugin->id(), plugin->version(), alone});
            go.push_back(std::move(rec));
        }
        store_.mark_in_flight(marks);
        for (LevelRecord &rec : go) {
            executor_.submit({rec.id, rec.type, rec.text});
            rec.text.clear(); // the worker has it now; the dispatcher keeps what the report needs
            const int64_t id = rec.id;
            in_flight_.emplace(id, std::move(rec));
        }
    }

    void report_unstored(const LevelRecord &rec, const std::string &status, const std::string &error) {
        BulkItem item = item_of(rec);
        item.status = status;
        item.error = error;
        report(item, false);
    }

    BulkItem item_of(const LevelRecord &rec) const {
        BulkItem item;
        item.level_id = rec.id;
        item.position = rec.position;
        const auto pack = pack_names_.find(rec.pack_id);
        item.pack = pack == pack_names_.end() ? "" : pack->second;
        item.type = rec.type;
        item.name = rec.name;
        return item;
    }

    // Queues one result for the next commit; it is reported once committed.
    void add_to_batch(const WorkResult &r) {
        auto found = in_flight_.find(r.level_id);
        if (found == in_flight_.end()) return; // not reached: an executor answers each submitted level once
        const LevelRecord rec = std::move(found->second);
        in_flight_.erase(found);
        add_to_batch(r, rec);
    }

    void add_to_batch(const WorkResult &r, const LevelRecord &rec) {
        if (r.status == PZ_SOLVE_CANCELLED) {
            report_.cancelled = true; // not stored: it says nothing about the level
            cancelled_ids_.push_back(r.level_id);
            return;
        }
        const auto plugin = registry_.find(rec.type);
        ResultRecord result;
        result.level_id = r.level_id;
        result.plugin_id = plugin->id();
        result.plugin_version = plugin->version();
        result.status = r.status;
        result.solution = r.solution;
        result.time_ms = r.time_ms;
        result.nodes = r.nodes;
        result.info = r.info;
        if (!std::isnan(r.difficulty)) result.difficulty = r.difficulty;
        result.difficulty_label = r.difficulty_label;
        BulkItem item = item_of(rec);
        item.status = attempt_status_text(r.status);
        item.solution = r.solution;
        item.error = r.error;
        item.time_ms = r.time_ms;
        item.nodes = r.nodes;
        item.difficulty = r.difficulty;
        item.difficulty_label = r.difficulty_label;
        if (batch_.empty()) batch_due_ = Clock::now() + options_.commit_window;
        batch_.push_back(std::move(result));
        batch_items_.push_back(std::move(item));
    }

    // Commits the queued results in one transaction, then reports them (committed before a level counts as done).
    // A store failure stops the run and says why; nothing of the failed batch is reported.
    void commit_batch() {
        if (batch_.empty()) return;
        if (settling_)
            for (const ResultRecord &r : batch_)
                if (r.status.failure() == AttemptFailure::crashed || (options_.resume && attempt_final(r.status)))
                    ++settled_done_;
        try {
            store_.add_results(batch_);
        } catch (...) {
            executor_.cancel();
            throw;
        }
        for (size_t i = 0; i < batch_.size(); ++i)
            report(batch_items_[i], attempt_solved(batch_[i].status));
        batch_.clear();
        batch_items_.clear();
    }

    void report(const BulkItem &item, bool solved) {
        ++report_.attempted;
        if (!solved) ++report_.unsolved;
        BulkCell &cell = report_.table[{item.type, item.status}];
        ++cell.count;
        cell.time_ms += item.time_ms;
        ++done_;
        if (options_.on_item) options_.on_item(item);
        if (options_.on_progress) options_.on_progress({done_, to_solve_, seconds_since(start_)});
    }

    Store &store_;
    const PluginRegistry &registry_;
    const BulkOptions &options_;
    Executor &executor_;
    const bool in_process_; // a plugin's crash would end this process: levels are marked in flight
    const Clock::time_point start_ = Clock::now();
    BulkReport report_;
    size_t to_solve_ = 0;
    std::unordered_map<int64_t, LevelRecord> in_flight_; // handed out, no result yet (without their text)
    bool settling_ = false;                              // settle_leftovers() is running
    size_t settled_done_ = 0;                            // levels it stored a result for that the stream skips
    std::vector<int64_t> cancelled_ids_;                 // answered as cancelled: not stored, marks cleared at the end
    std::unordered_map<int64_t, std::string> pack_names_;
    size_t done_ = 0;
    std::vector<ResultRecord> batch_;   // waiting for the next commit
    std::vector<BulkItem> batch_items_; // what to report for each, once committed
    Clock::time_point batch_due_;
};

} // namespace

BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options, Executor &executor) {
    return Dispatcher(store, registry, options, executor).run();
}

BulkReport bulk_solve(Store &store, const PluginRegistry &registry, const BulkOptions &options) {
    ThreadExecutor threads(registry, {options.timeout_s, options.node_limit}, options.jobs);
    return bulk_solve(store, registry, options, threads);
}

} // namespace pluzzle::host
