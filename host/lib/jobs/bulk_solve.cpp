// bulk_solve.cpp -- the dispatcher: the only writer of the database in a bulk solve. It hands levels to an Executor
// (threads, worker processes or MPI ranks), stores results as they arrive -- those arriving within one commit window
// together, in one transaction -- and only then reports them, so whatever was printed is stored and killing the run
// loses at most the levels in flight and the results of the last window.
#include <pluzzle/host/jobs/bulk_solve.hpp>

#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/jobs/crash_note.hpp>

#include "jobs/cube_records.hpp"
#include <pluzzle/host/solve/thread_executor.hpp>

#include <chrono>
#include <deque>
#include <iterator>
#include <optional>
#include <thread>
#include <unordered_map>
#include <unordered_set>

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
// A run's lease (renewed every quarter of it): only runs on other hosts are judged by it, so it can be generous.
constexpr double kLeaseSeconds = 60;
// Runs a level must have been alone in, that ended without a crash note, before it is stored as crashed.
constexpr int kDeathsWithoutNote = 3;
// Levels offered to one claim at least, when fewer are wanted: most may be done or held by other runs.
constexpr size_t kClaimCandidates = 64;
// Work a run claims ahead per slot (claim_ahead()).
constexpr std::chrono::duration<double> kClaimHorizon{0.5};
// How often a run that has handed out everything looks again at the levels other runs hold.
constexpr std::chrono::milliseconds kHeldRecheck{200};

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
        run_id_ = store_.begin_run(options_.run_kind, kLeaseSeconds);
        if (in_process_) note_.emplace(CrashNote::path_for(store_.path(), run_id_));
        // Runs that overlap work as one: what any of them solved since the oldest live one began is done.
        done_since_ = store_.run(run_id_)->started_at;
        const double now = unix_now();
        for (const RunRecord &other : store_.runs()) {
            if (!run_gone(other, now)) {
                if (other.started_at < done_since_) done_since_ = other.started_at;
            } else if (store_.retire_run(other.id)) { // gone and nothing left to weigh: so is its crash note
                CrashNote::remove(CrashNote::path_for(store_.path(), other.id));
            }
        }
        renew_due_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(kLeaseSeconds / 4));
        for (SolveStatus st : kSolveStatuses)
            if (attempt_final(st)) done_statuses_.push_back(attempt_status_text(st));
        done_statuses_.push_back(attempt_status_text(AttemptFailure::crashed));
        if (in_process_) settle_leftovers();
        LevelStream levels(store_, registry_, options_, in_process_, report_);
        to_solve_ += levels.to_solve();
        // The levels settled just now count once, as attempted, not again as skipped.
        report_.skipped -= std::min(report_.skipped, settled_done_);

        bool all_handed_out = false, stopping = false;
        while (true) {
            if (!stopping && cancel_requested()) stopping = true, executor_.cancel();
            // Candidates in one claim: enough to pass over the levels other runs did or hold, in one transaction.
            const size_t ahead = claim_ahead(), pending = executor_.pending();
            std::vector<LevelRecord> out;
            while (!stopping && !all_handed_out && pending < ahead &&
                   out.size() < std::max(ahead - pending, kClaimCandidates)) {
                std::optional<LevelRecord> level = next_level(levels);
                if (level)
                    out.push_back(std::move(*level));
                else
                    all_handed_out = true;
            }
            if (!out.empty()) hand_out(std::move(out), false, !in_process_, 0, ahead - pending);
            if (!deferred_.empty()) all_handed_out = false; // the stream ended, its last candidates wait
            if ((stopping || all_handed_out) && executor_.pending() == 0) {
                if (!stopping && !to_conquer_.empty()) { // the pack's other levels are done: every slot on this one
                    conquer_next();
                    continue;
                }
                if (stopping || (held_.empty() && left_.empty())) break;
                come_back();
                continue;
            }
            collect_and_commit();
        }
        finish();
        return report_;
    }

  private:
    bool cancel_requested() const { return options_.cancel && options_.cancel->load(); }

    // How many levels to have handed out (claimed) at a time: the executor's backlog (read each time: MPI's grows as
    // solve times become known), but no more than about kClaimHorizon of work per slot, so that another run on the
    // database is not left waiting at the end for levels this one claimed long before it could start them. Tiny
    // levels still fill the whole backlog; before any solve time is known, two per slot.
    size_t claim_ahead() const {
        const size_t most = std::max<size_t>(1, executor_.backlog()), slots = std::max(1u, executor_.slots());
        if (timed_results_ == 0) return std::min(most, 2 * slots);
        const double mean_s = std::max(1e-6, timed_ms_ / double(timed_results_) / 1000);
        const double per_slot = std::max(2.0, kClaimHorizon.count() / mean_s);
        return std::min(most, size_t(double(slots) * std::min(per_slot, 1e6)));
    }

    void renew_lease_when_due() {
        if (Clock::now() < renew_due_) return;
        store_.renew_run(run_id_, kLeaseSeconds);
        renew_due_ = Clock::now() +
                     std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kLeaseSeconds / 4));
    }

    void collect_and_commit() {
        renew_lease_when_due();
        const std::vector<WorkResult> arrived = executor_.collect(kPollWait);
        for (const WorkResult &r : arrived)
            add_to_batch(r);
        if (!batch_.empty() && (arrived.empty() || batch_.size() >= kMaxBatch || Clock::now() >= batch_due_))
            commit_batch();
    }

    void finish() {
        commit_batch();
        note_.reset(); // a clean end: no crash to report
        // A clean end (a cancel, too) leaves no marks: only a run that dies does.
        std::vector<int64_t> unanswered = std::move(cancelled_ids_);
        for (auto &[id, rec] : in_flight_)
            unanswered.push_back(id);
        for (const LevelRecord &rec : to_conquer_) // set aside, never conquered (a cancel)
            unanswered.push_back(rec.id);
        store_.clear_in_flight(unanswered);
        store_.end_run(run_id_);
        if (cancel_requested()) report_.cancelled = true;
        report_.wall_s = seconds_since(start_);
    }

    // The marks gone runs left (this process's solves only: worker processes and ranks contain a crash). A level
    // alone in flight when its run crashed took that run down: it is recorded as crashed. The others were beside
    // the one that did, or it, or their run was killed from outside: each is solved alone now, before anything
    // else, so a crash leaves exactly one mark. A gone run's crash note is removed once all its marks are weighed.
    void settle_leftovers() {
        settling_ = true;
        std::vector<std::pair<InFlightMark, LevelRecord>> suspects;
        std::unordered_map<int64_t, bool> gone_by_run; // by run id: a run's row is read once, however many marks
        const double now = unix_now();
        for (auto &[mark, level] : store_.in_flight(options_.filter)) {
            const auto plugin = registry_.find(level.type);
            if (!plugin) continue; // no plugin now: the level is reported by the main stream
            const auto known = gone_by_run.find(mark.run_id);
            const bool gone = known != gone_by_run.end() ? known->second
                                                        : gone_by_run.emplace(mark.run_id, store_.owner_gone(mark.run_id, now))
                                                              .first->second;
            if (!gone) continue; // a live run's level: it is solving it now
            if (convicts(mark, *plugin)) {
                convict(level, true);
            } else {
                suspects.emplace_back(mark, std::move(level));
            }
        }
        commit_batch();
        report_.suspects = suspects.size();
        to_solve_ += suspects.size();
        bool weighed_all = true;
        for (auto &[mark, level] : suspects) {
            if (cancel_requested()) {
                weighed_all = false;
                break;
            }
            settled_ids_.insert(level.id);
            settle_alone(mark, std::move(level));
        }
        if (weighed_all && options_.filter.pack.empty() && options_.filter.type.empty())
            for (const auto &[run, gone] : gone_by_run)
                if (gone) CrashNote::remove(CrashNote::path_for(store_.path(), run));
        settling_ = false;
    }

    // A level that may have ended a run: stored as crashed, never solved in this process again. `extra`: the
    // level is not one of the stream's (a leftover found before it), so the progress total grows.
    void convict(const LevelRecord &level, bool extra) {
        // The gone run's mark becomes this run's, so that the stored result clears it; another run that took it
        // first, or already stored the verdict (settling the same leftovers at the same time), keeps it.
        const auto plugin = registry_.find(level.type);
        if (!plugin || store_.claim_levels({{level.id, plugin->id(), plugin->version(), false}}, done_since_,
                                           done_statuses_, true)[0]
                               .outcome != ClaimOutcome::kClaimed)
            return;
        WorkResult r;
        r.level_id = level.id;
        r.status = AttemptFailure::crashed;
        r.error = "the process solving it died (a run of `db solve` in this process, with no other level in "
                  "flight); it is not solved in process again: try `db solve --isolate`";
        r.info = JsonLine().add("reason", r.error).str();
        if (extra) ++to_solve_;
        add_to_batch(r, level);
    }

    // Solved on its own (marked alone, the gone run's mark `left` taken over), before anything else goes on: if it
    // ends this run too, its mark says it was alone, and how many runs it was alone in that were killed from outside.
    void settle_alone(const InFlightMark &left, LevelRecord level) {
        std::vector<LevelRecord> one;
        one.push_back(std::move(level));
        hand_out(std::move(one), true, true, left.deaths + (left.alone ? 1 : 0));
        while (executor_.pending() > 0)
            collect_and_commit();
        commit_batch();
    }

    // A gone run's mark is evidence that its level ended that run when the level was alone in flight there, the
    // same plugin version would solve it now, and the run crashed (its crash note) -- or, without a note, when this
    // is the third run it was alone in that ended so (an OOM kill or a plugin's _exit each time; a user's kill -9
    // lands on the same level's lone solve three times only by a long chance, and a healthy level stored as crashed
    // is worse than a bad one solved once more). An older binary's mark (no owner) is taken at its word, as then.
    bool convicts(const InFlightMark &mark, const Plugin &plugin) const {
        if (!mark.alone || mark.plugin_id != plugin.id() || mark.plugin_version != plugin.version()) return false;
        return mark.run_id == 0 || mark.deaths >= kDeathsWithoutNote - 1 ||
               CrashNote::exists(CrashNote::path_for(store_.path(), mark.run_id));
    }


    // A level whose text no longer matches its hash is never solved: it is stored (and reported) as corrupt. A level
    // whose type has no plugin is reported here, and neither is stored: there is no plugin to key the result by.
    // The others are claimed for this run (one transaction) before any of them starts: a level another live run
    // holds is left to it (looked at again at the end), one solved meanwhile is done, and one a gone run left is
    // taken when `take_gone` (else kept for come_back(): in this process it is solved alone, as it may have been
    // what ended that run).
    // The next level: one a claim did not reach yet, else the stream's.
    std::optional<LevelRecord> next_level(LevelStream &levels) {
        if (deferred_.empty()) return levels.next();
        LevelRecord level = std::move(deferred_.front());
        deferred_.pop_front();
        return level;
    }

    void hand_out(std::vector<LevelRecord> levels, bool alone, bool take_gone, int deaths = 0,
                  size_t limit = SIZE_MAX) {
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
            marks.push_back({rec.id, plugin->id(), plugin->version(), alone && in_process_, 0, deaths});
            go.push_back(std::move(rec));
        }
        const std::vector<Claim> claims = store_.claim_levels(marks, done_since_, done_statuses_, take_gone, limit);
        std::vector<LevelRecord> not_tried;
        for (size_t i = 0; i < go.size(); ++i) {
            LevelRecord &rec = go[i];
            switch (claims[i].outcome) {
            case ClaimOutcome::kClaimed: break;
            case ClaimOutcome::kHeldByLiveRun: held_.push_back(std::move(rec)); continue;
            case ClaimOutcome::kLeftByGoneRun: left_.emplace_back(claims[i].previous, std::move(rec)); continue;
            case ClaimOutcome::kDoneMeanwhile:
                if (!settled_ids_.count(rec.id)) ++report_.by_other_runs;
                continue;
            case ClaimOutcome::kNotTried: not_tried.push_back(std::move(rec)); continue;
            }
            WorkItem item = level_item(rec.id, rec.type, rec.text);
            if (options_.split && split_first(*registry_.find(rec.type))) {
                item.time_limit_s = options_.split_after_s; // a level still undecided then is conquered later
                if (item.time_limit_s == 0) {
                    to_conquer_.push_back(std::move(rec));
                    continue;
                }
            } else {
                rec.text.clear(); // the worker has it now; the dispatcher keeps what the report needs
            }
            executor_.submit(std::move(item));
            const int64_t id = rec.id;
            in_flight_.emplace(id, std::move(rec));
        }
        deferred_.insert(deferred_.begin(), std::make_move_iterator(not_tried.begin()),
                         std::make_move_iterator(not_tried.end()));
    }

    // After the stream: the levels other runs held when this run reached them, and those gone runs left. A level
    // another run finished meanwhile is done; one whose run is gone is taken; one still held is looked at again
    // shortly, so a run ends when the pack is done, not when its own share is.
    void come_back() {
        commit_batch(); // what this run solved must be visible: another run may be waiting for it just the same
        if (left_.empty()) std::this_thread::sleep_for(kHeldRecheck);
        std::vector<LevelRecord> again = std::move(held_);
        held_.clear();
        hand_out(std::move(again), false, !in_process_);
        std::vector<std::pair<InFlightMark, LevelRecord>> left = std::move(left_);
        left_.clear();
        for (auto &[mark, level] : left) {
            if (cancel_requested()) break;
            const auto plugin = registry_.find(level.type);
            if (in_process_ && plugin && convicts(mark, *plugin)) {
                convict(level, false);
                commit_batch();
                continue;
            }
            settle_alone(mark, std::move(level));
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

    // Queues one result for the next commit; it is reported once committed. A level --split set a time for that is
    // still undecided is set aside for its conquest instead (its claim stays).
    void add_to_batch(const WorkResult &r) {
        auto found = in_flight_.find(r.level_id);
        if (found == in_flight_.end()) return; // not reached: an executor answers each submitted level once
        LevelRecord rec = std::move(found->second);
        in_flight_.erase(found);
        if (options_.split && r.status == PZ_SOLVE_LIMIT && split_first(*registry_.find(rec.type))) {
            to_conquer_.push_back(std::move(rec));
            return;
        }
        add_to_batch(r, rec);
    }

    // Whether --split conquers this plugin's undecided levels: it splits, and its solves get less time whole than
    // the level's limit.
    bool split_first(const Plugin &plugin) const {
        return plugin.can_split() && conquers_after_whole(options_.timeout_s, options_.split_after_s);
    }

    // One set-aside level on every slot: its stored split goes on (--resume), or a new one is made and stored; each
    // cube's answer is stored as it comes; the level's result is stored as any other, and its cubes are forgotten
    // once the answer is final.
    void conquer_next() {
        LevelRecord rec = std::move(to_conquer_.front());
        to_conquer_.pop_front();
        const auto plugin = registry_.find(rec.type);
        const std::string id = plugin->id(), version = plugin->version();
        ConquestOptions options;
        options.max_solutions = 2;
        options.cancel = options_.cancel;
        if (options_.timeout_s > 0) options.time_limit_s = std::max(0.001, options_.timeout_s - options_.split_after_s);
        std::vector<std::string> texts; // the cubes' texts, stored with their answers
        if (const std::optional<StoredSplit> stored = store_.split_of(rec.id, id, version))
            if ((options.known = known_cubes(*stored))) texts = options.known->cubes;
        options.on_split = [&](const KnownCubes &split) {
            store_.save_split(rec.id, id, version, stored_split(split));
            texts = split.cubes;
        };
        options.on_cube = [&](size_t index, const WorkResult &answer) {
            store_.save_cube_answer(rec.id, id, version, index, stored_answer(texts.at(index), answer));
        };
        options.on_wait = [&] { renew_lease_when_due(); };
        if (options_.on_cubes)
            options.on_progress = [&](const ConquestProgress &p) { options_.on_cubes(item_of(rec), p); };
        WorkResult r = conquer(executor_, level_item(rec.id, rec.type, rec.text), options);
        r.level_id = rec.id;
        const bool final = attempt_final(r.status);
        rec.text.clear();
        add_to_batch(r, rec);
        commit_batch();
        if (final) store_.drop_split(rec.id, id, version);
    }

    void add_to_batch(const WorkResult &r, const LevelRecord &rec) {
        timed_ms_ += r.time_ms;
        ++timed_results_;
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
        item.lower_bound = r.lower_bound;
        item.upper_bound = r.upper_bound;
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
    std::deque<LevelRecord> to_conquer_;                 // --split: undecided, with their text, conquered at the end
    int64_t run_id_ = 0;                                 // this run on the database (begin_run)
    std::optional<CrashNote> note_;                      // armed while this process's threads solve
    std::string done_since_; // results stored since then are done: this run's start, or an older live run's
    std::vector<std::string> done_statuses_;             // statuses that mean done for another run's result
    Clock::time_point renew_due_;                        // when the run's lease is renewed next
    std::deque<LevelRecord> deferred_;                   // candidates a claim did not reach: handed out next
    std::vector<LevelRecord> held_;                      // held by another live run when this one reached them
    std::vector<std::pair<InFlightMark, LevelRecord>> left_; // left by gone runs: settled after the stream
    std::unordered_set<int64_t> settled_ids_;            // levels settled alone (their results are this run's)
    double timed_ms_ = 0;                                // solve time of the results so far (claim_ahead())
    size_t timed_results_ = 0;
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
