// plugin_calls_detail.hpp -- what Plugin's methods share around a call into plugin code (plugin.cpp,
// plugin_solve.cpp): sinks that collect into C++ values, traps that keep host exceptions out of plugin frames
// (ABI rule 3), and the solve request a SolveOptions becomes. Internal to host/lib/plugin.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <cmath>
#include <cstring>
#include <exception>

namespace pluzzle::host::plugin_detail {

inline pz_error blank_error() {
    pz_error e;
    std::memset(&e, 0, sizeof e);
    return e;
}

// Host callbacks run inside plugin code: an exception must not unwind through the plugin's frames (ABI rule 3).
// Each callback catches everything into its Trap; the host rethrows once the plugin call has returned.
struct Trap {
    std::exception_ptr error;
    template <class F> void run(F &&f) noexcept {
        if (error) return;
        try {
            f();
        } catch (...) {
            error = std::current_exception();
        }
    }
    void rethrow() const {
        if (error) std::rethrow_exception(error);
    }
};

// Collects what a plugin writes into a std::string.
struct TextCollector {
    std::string text;
    Trap trap;
    pz_text_sink sink() {
        return pz_text_sink{this, [](void *ctx, const char *s, size_t n) {
                                auto *self = static_cast<TextCollector *>(ctx);
                                self->trap.run([&] { self->text.append(s, n); });
                            }};
    }
};

struct KeyValueCollector {
    KeyValues values;
    Trap trap;
    pz_kv_sink sink() {
        return pz_kv_sink{this, [](void *ctx, const char *k, const char *v) {
                              auto *self = static_cast<KeyValueCollector *>(ctx);
                              self->trap.run([&] { self->values.emplace_back(k ? k : "", v ? v : ""); });
                          }};
    }
};

// The places a failed validation names (ABI 1.7). Kinds it does not know and points that are not numbers are left
// out, and so is everything past the first kMaxPlaces: they only decorate the error.
struct PlaceCollector {
    static constexpr size_t kMaxPlaces = 1 << 16;
    std::vector<pluzzle::Place> places;
    Trap trap;
    pz_place_sink sink() {
        return pz_place_sink{this, [](void *ctx, int32_t kind, int32_t row, int32_t col, float x, float y) {
                                 auto *self = static_cast<PlaceCollector *>(ctx);
                                 if (self->places.size() >= kMaxPlaces) return;
                                 if (kind == PZ_PLACE_CELL)
                                     self->trap.run([&] { self->places.push_back({PZ_PLACE_CELL, row, col, 0, 0}); });
                                 else if (kind == PZ_PLACE_POINT && std::isfinite(x) && std::isfinite(y))
                                     self->trap.run([&] { self->places.push_back({PZ_PLACE_POINT, 0, 0, x, y}); });
                             }};
    }
};

// What a solve request points back to: the caller's cancel flag and progress callback.
struct RequestContext {
    const SolveOptions *options;
    Trap trap; // for the progress callback
    static int should_stop(void *ctx) {
        auto *self = static_cast<RequestContext *>(ctx);
        return self->options->cancel && self->options->cancel->load(std::memory_order_relaxed) ? 1 : 0;
    }
    static void progress(void *ctx, const pz_progress *p) {
        auto *self = static_cast<RequestContext *>(ctx);
        if (self->options->progress && p) self->trap.run([&] { self->options->progress(*p); });
    }
    static double known_best(void *ctx) {
        auto *self = static_cast<RequestContext *>(ctx);
        double best = INFINITY;
        self->trap.run([&] { best = self->options->known_best(); });
        return best;
    }
};

struct ParamArray {
    std::vector<pz_param_value> values;
    explicit ParamArray(const KeyValues &kv) {
        for (auto &[k, v] : kv) values.push_back({k.c_str(), v.c_str()});
    }
};

inline pz_solve_request make_request(const SolveOptions &options, RequestContext &ctx, const ParamArray &params) {
    pz_solve_request r{};
    r.struct_size = sizeof r;
    r.time_limit_s = options.time_limit_s;
    r.node_limit = options.node_limit;
    r.max_solutions = options.max_solutions;
    r.ctx = &ctx;
    r.should_stop = &RequestContext::should_stop;
    r.progress = &RequestContext::progress;
    r.params = params.values.empty() ? nullptr : params.values.data();
    r.param_count = uint32_t(params.values.size());
    if (options.known_best) r.known_best = &RequestContext::known_best;
    return r;
}

} // namespace pluzzle::host::plugin_detail
