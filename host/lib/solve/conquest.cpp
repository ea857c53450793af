// conquest.cpp -- see conquest.hpp.
#include <pluzzle/host/solve/conquest.hpp>

#include <pluzzle/host/base/json_line.hpp>
#include <pluzzle/host/plugin/plugin.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace pluzzle::host {
namespace {

using Clock = std::chrono::steady_clock;

class Conquest {
  public:
    Conquest(Executor &executor, const WorkItem &level, const ConquestOptions &options)
        : executor_(executor), level_(level), options_(options), start_(Clock::now()) {}

    WorkResult run() {
        if (options_.known && !options_.known->cubes.empty()) {
            plan_ = *options_.known;
        } else if (std::optional<WorkResult> decided = split()) {
            decided->time_ms = elapsed_ms();
            return *decided;
        }
        CubeTally tally(plan_.combine, plan_.cubes.size(), options_.max_solutions, plan_.root_lower, plan_.root_upper,
                        plan_.root_solution);
        next_.assign(plan_.cubes.size(), Next::solve);
        aim_.assign(plan_.cubes.size(), INFINITY);
        for (size_t i = 0; i < plan_.cubes.size(); ++i) {
            const auto known = plan_.answers.find(i);
            if (known == plan_.answers.end()) continue;
            tally.add(i, known->second);
            if (attempt_final(known->second.status)) next_[i] = Next::done;
        }
        report(tally);
        while (!tally.decided() && !stopped()) {
            while (executor_.pending() < executor_.backlog()) {
                const std::optional<size_t> next = next_cube(tally);
                if (!next) break;
                executor_.submit(cube_item(*next, tally));
            }
            if (executor_.pending() == 0 && !next_cube(tally)) break; // every cube answered (some not in full)
            for (const WorkResult &r : executor_.collect(std::chrono::milliseconds(20))) fold(r, tally);
            if (options_.on_wait) options_.on_wait();
        }
        // Out of time: the running cubes reach their own limit now too (it was the level's) and say what they proved;
        // an interrupt would lose that (a cancelled cube proves nothing). They get a moment before it.
        if (out_of_time() && !cancelled()) {
            const auto grace = std::chrono::duration<double>(2 + 0.02 * options_.time_limit_s);
            const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(grace);
            while (executor_.pending() > 0 && Clock::now() < until && !cancelled())
                for (const WorkResult &r : executor_.collect(std::chrono::milliseconds(20))) fold(r, tally);
        }
        drain(&tally);
        WorkResult out = tally.level_result(level_.level_id);
        if (!tally.decided() && cancelled()) out.status = PZ_SOLVE_CANCELLED;
        out.time_ms = elapsed_ms();
        return out;
    }

  private:
    // Runs the split; the level's answer when the split is all there is (it decided the level, failed, or was
    // stopped), else nothing and plan_ holds the cubes.
    std::optional<WorkResult> split() {
        WorkItem item = level_;
        item.part = item_part::split;
        item.want = std::max(2u, executor_.slots() * std::max(1u, options_.cubes_per_slot));
        item.time_limit_s = remaining_s();
        executor_.submit(item);
        std::optional<WorkResult> answer;
        while (!answer && !stopped() && executor_.pending() > 0) {
            for (WorkResult &r : executor_.collect(std::chrono::milliseconds(20)))
                if (r.key() == item.key()) answer = std::move(r);
            if (options_.on_wait) options_.on_wait();
        }
        if (!answer) {
            drain(nullptr);
            WorkResult out = cancelled_result(level_.key());
            if (!cancelled()) out.status = PZ_SOLVE_LIMIT;
            return out;
        }
        answer->part = item_part::whole;
        if (!answer->status || answer->cubes.empty()) return answer; // a failure, or the split decided the level
        plan_.combine = pz_combine(answer->combine);
        plan_.root_lower = answer->lower_bound;
        plan_.root_upper = answer->upper_bound;
        plan_.root_solution = answer->solution;
        plan_.cubes = std::move(answer->cubes);
        if (options_.on_split) options_.on_split(plan_);
        return std::nullopt;
    }

    // The cube to send next: COUNT and FIRST, the split's order; BEST, the cube with the least proven bound (the
    // split's order among equals), for that is what holds the level's lower bound down -- and none more than one
    // step above the least bound of the cubes still being asked: that step is needed unless the optimum is the next
    // bound, while a cube run further ahead may cost many times what the proof needs (each bound costs IDA* a
    // multiple of the one before) and hold a slot the next round wants. A cube that stopped for good (a node limit,
    // a crash twice) holds the level's bound where it is, but not the other cubes' steps.
    std::optional<size_t> next_cube(const CubeTally &tally) const {
        const bool best = plan_.combine == PZ_COMBINE_BEST;
        double least = INFINITY;
        if (best)
            for (size_t i = 0; i < next_.size(); ++i)
                if (next_[i] != Next::done) least = std::min(least, tally.cube_lower(i));
        const double ahead = std::isfinite(least) ? least + 2 : INFINITY;
        const double upper = best ? tally.upper() : INFINITY; // once, not per cube: it reads every cube
        std::optional<size_t> pick;
        double pick_bound = INFINITY;
        for (size_t i = 0; i < next_.size(); ++i) {
            if (next_[i] == Next::done || next_[i] == Next::running) continue;
            if (!best) return i;
            const double bound = tally.cube_lower(i);
            if (bound >= upper || bound >= ahead) continue; // nothing cheaper in it, or too far ahead
            if (!pick || bound < pick_bound) pick = i, pick_bound = bound;
        }
        return pick;
    }

    // BEST deepens across the cubes, as IDA* deepens one search: a cube is asked for a solution cheaper than its
    // proven bound + 1, not than the best known, so that every cube proves each bound before any cube works on the
    // next, and the level's lower bound rises while the proof runs (a stopped proof reports it; a resumed one goes on
    // from it). The last step asks for cheaper than the best known, as a cube without deepening would. Costs are
    // counted in whole units (moves): a cube more than kDeepestGap units below the best known, or with no solution
    // known (no last step), is asked for cheaper than the best known at once.
    static constexpr double kDeepestGap = 64;
    WorkItem cube_item(size_t index, const CubeTally &tally) {
        WorkItem item = level_;
        item.part = int32_t(index);
        item.cube = plan_.cubes[index];
        if (plan_.combine == PZ_COMBINE_BEST) {
            const double best = tally.upper(), proven = tally.cube_lower(index);
            const bool deepen = std::isfinite(best) && std::isfinite(proven) && best - proven <= kDeepestGap &&
                                proven + 1 > proven;
            item.known_best = deepen ? std::min(best, proven + 1) : best;
            aim_[index] = item.known_best;
        }
        item.time_limit_s = remaining_s();
        next_[index] = Next::running;
        return item;
    }

    void fold(WorkResult r, CubeTally &tally) {
        if (r.level_id != level_.level_id || r.part < 0 || size_t(r.part) >= plan_.cubes.size()) return;
        const size_t index = size_t(r.part);
        // A full answer; or a limit, a failure or a cancel, which asking again would repeat.
        next_[index] = Next::done;
        // An interrupted cube's "cancelled" says nothing: it is not stored, and it does not count as an answer.
        if (r.status && *r.status == PZ_SOLVE_CANCELLED) return;
        if (plan_.combine == PZ_COMBINE_BEST && r.status && *r.status == PZ_SOLVE_UNSOLVABLE &&
            std::isfinite(aim_[index])) {
            // Nothing cheaper than the aim: a proven bound, final only when the aim was the best known.
            r.lower_bound = std::isnan(r.lower_bound) ? aim_[index] : std::max(r.lower_bound, aim_[index]);
            if (r.lower_bound < tally.upper()) {
                r.status = PZ_SOLVE_LIMIT;
                next_[index] = Next::solve;
            }
        }
        tally.add(index, r);
        if (options_.on_cube) options_.on_cube(index, tally.answer(index)); // a stopped step keeps the bound before it
        report(tally);
    }

    // Stops what still runs and waits for it to come back; late full answers still count.
    void drain(CubeTally *tally) {
        if (executor_.pending() == 0) return;
        executor_.interrupt();
        while (executor_.pending() > 0)
            for (const WorkResult &r : executor_.collect(std::chrono::milliseconds(50)))
                if (tally) fold(r, *tally);
    }

    void report(const CubeTally &tally) const {
        if (!options_.on_progress) return;
        options_.on_progress({tally.settled(), tally.total(), tally.lower(), tally.upper()});
    }

    bool cancelled() const { return options_.cancel && options_.cancel->load(); }
    bool out_of_time() const { return options_.time_limit_s > 0 && elapsed_ms() >= 1000 * options_.time_limit_s; }
    bool stopped() const { return cancelled() || out_of_time(); }
    double elapsed_ms() const { return std::chrono::duration<double, std::milli>(Clock::now() - start_).count(); }
    // What is left of the level's budget, for the next item (0: no limit).
    double remaining_s() const {
        return options_.time_limit_s > 0 ? std::max(0.001, options_.time_limit_s - elapsed_ms() / 1000) : 0;
    }

    Executor &executor_;
    const WorkItem &level_;
    const ConquestOptions &options_;
    Clock::time_point start_;
    KnownCubes plan_;
    enum class Next { solve, running, done }; // per cube: to send (again), sent, nothing more to ask of it
    std::vector<Next> next_;
    std::vector<double> aim_; // BEST: the known_best each cube was last sent with
};

} // namespace

WorkResult conquer(Executor &executor, const WorkItem &level, const ConquestOptions &options) {
    return Conquest(executor, level, options).run();
}

SolveReport report_of(const WorkResult &r) {
    SolveReport report;
    if (r.status) report.status = *r.status;
    if (!r.solution.empty()) report.solutions.push_back(r.solution);
    if (!r.second_solution.empty()) report.solutions.push_back(r.second_solution);
    report.nodes = r.nodes;
    report.time_ms = r.time_ms;
    report.lower_bound = r.lower_bound;
    report.upper_bound = r.upper_bound;
    report.difficulty = r.difficulty;
    report.difficulty_label = r.difficulty_label;
    // CubeTally's info names the cubes and those that answered in full: two whole numbers, found by their keys.
    for (const char *key : {"cubes", "cubes_finished"}) {
        const std::string quoted = std::string("\"") + key + "\":";
        const size_t at = r.info.find(quoted);
        if (at == std::string::npos) continue;
        const size_t from = at + quoted.size(), to = r.info.find_first_not_of("0123456789", from);
        if (to != from) report.stats.emplace_back(key, r.info.substr(from, to - from));
    }
    return report;
}

} // namespace pluzzle::host
