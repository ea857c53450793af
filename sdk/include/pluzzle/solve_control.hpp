// pluzzle/solve_control.hpp -- limits, polled cancellation, progress and solution output for a search.
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/params.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace pluzzle {

// Handed to solve(), generate() and ai_move(). Search code calls tick() once per node: it is cheap (a counter;
// the clock and the host's cancel flag are read every 256 ticks), and when it returns true the search must
// unwind and report stop_status().
class SolveControl {
public:
    // A request shorter than this SDK's (an older host) is used up to its struct_size only.
    SolveControl(const pz_solve_request *request, const pz_solution_sink *solutions, Params options = {})
        : request_(request && PZ_STRUCT_HAS(request, pz_solve_request, param_count) ? request : nullptr),
          solutions_(solutions), options_(std::move(options)),
          start_(std::chrono::steady_clock::now()), last_progress_(start_) {}

    bool tick(uint64_t nodes = 1) {
        nodes_ += nodes;
        if (stopped_) return true;
        if (request_ && request_->node_limit && nodes_ >= request_->node_limit) return stop(PZ_SOLVE_LIMIT);
        if ((ticks_++ & 255u) == 0) return poll();
        return false;
    }
    // Check the clock and the host's cancel flag now (for code whose steps are expensive).
    bool poll() {
        if (stopped_) return true;
        if (request_ && request_->should_stop && request_->should_stop(request_->ctx))
            return stop(PZ_SOLVE_CANCELLED);
        if (request_ && request_->time_limit_s > 0 && elapsed_s() >= request_->time_limit_s)
            return stop(PZ_SOLVE_LIMIT);
        return false;
    }
    bool stopped() const { return stopped_; }
    pz_solve_status stop_status() const { return stop_status_; }

    // Hand one complete solution to the host (in its state/solution text form). True when that makes as many as
    // the caller wants (has_enough()): a counting search stops there.
    bool solution(std::string_view text) {
        ++found_;
        if (solutions_ && solutions_->solution) solutions_->solution(solutions_->ctx, text.data(), text.size());
        return has_enough();
    }
    uint64_t solutions_found() const { return found_; }
    // A counting search has found as many solutions as the caller wants and can stop.
    bool has_enough() const { return found_ >= max_solutions(); }
    // The status of a counting search from what it handed to solution(): `searched_all` when it ran through its
    // whole search space, false when it stopped early (enough solutions, or tick() said stop). 0 solutions is
    // unsolvable or the stop's reason, 1 is unique or solved (uniqueness unknown), 2 or more are multiple.
    pz_solve_status counted_status(bool searched_all) const {
        if (found_ >= 2) return PZ_SOLVE_MULTIPLE;
        if (found_ == 1) return searched_all ? PZ_SOLVE_UNIQUE : PZ_SOLVE_SOLVED;
        return searched_all ? PZ_SOLVE_UNSOLVABLE : stop_status_;
    }
    // How many solutions the caller wants before stopping (2 decides uniqueness).
    uint32_t max_solutions() const {
        return request_ && request_->max_solutions ? request_->max_solutions : 2u;
    }

    // Rate-limited to 10 calls a second so a tight loop can call it freely.
    void progress(double fraction, const char *message = nullptr) {
        if (!request_ || !request_->progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_progress_ < std::chrono::milliseconds(100)) return;
        last_progress_ = now;
        pz_progress p{nodes_, fraction, message};
        request_->progress(request_->ctx, &p);
    }

    uint64_t nodes() const { return nodes_; }
    double elapsed_s() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    double time_limit_s() const { return request_ ? request_->time_limit_s : 0; }
    // 0 when the host set none; a sub-search given its own control should stay within what is left of it.
    uint64_t node_limit() const { return request_ ? request_->node_limit : 0; }
    const Params &options() const { return options_; }
    // solve_cube() of a Combine::best split (ABI 1.8): the cost to beat -- the best any cube has found so far
    // (infinity: none), or a lower aim while the host deepens across the cubes. Only cheaper solutions matter to
    // this cube; it may fall while the cube runs (read it again).
    double known_best() const {
        if (request_ && PZ_STRUCT_HAS(request_, pz_solve_request, known_best) && request_->known_best)
            return request_->known_best(request_->ctx);
        return INFINITY;
    }

private:
    bool stop(pz_solve_status why) {
        stopped_ = true;
        stop_status_ = why;
        return true;
    }
    const pz_solve_request *request_;
    const pz_solution_sink *solutions_;
    Params options_;
    std::chrono::steady_clock::time_point start_, last_progress_;
    uint64_t nodes_ = 0, ticks_ = 0, found_ = 0;
    bool stopped_ = false;
    pz_solve_status stop_status_ = PZ_SOLVE_LIMIT;
};

// A search inside a search (a generator's uniqueness test, an exact endgame within a heuristic move): its own
// limits and solution count on a control of its own, also stopped when the parent stops (its cancel flag, clock
// and node limit), and its nodes counted on the parent when it ends. Limits of 0 mean none; max_solutions 0
// means 2, as in a request.
class SubSearch {
  public:
    struct Limits {
        uint32_t max_solutions = 0;
        uint64_t nodes = 0;
        double seconds = 0;
    };
    explicit SubSearch(Limits limits, SolveControl *parent = nullptr)
        : parent_(parent), control_(request(limits), nullptr) {}
    ~SubSearch() {
        if (parent_) parent_->tick(control_.nodes());
    }
    SubSearch(const SubSearch &) = delete;
    SubSearch &operator=(const SubSearch &) = delete;
    SolveControl &control() { return control_; }

  private:
    const pz_solve_request *request(const Limits &limits) {
        request_.struct_size = sizeof request_;
        request_.max_solutions = limits.max_solutions;
        request_.node_limit = limits.nodes;
        request_.time_limit_s = limits.seconds;
        if (parent_) {
            request_.ctx = parent_;
            request_.should_stop = [](void *parent) { return static_cast<SolveControl *>(parent)->poll() ? 1 : 0; };
        }
        return &request_;
    }
    pz_solve_request request_{}; // declared before control_, which points into it
    SolveControl *parent_;
    SolveControl control_;
};

} // namespace pluzzle
