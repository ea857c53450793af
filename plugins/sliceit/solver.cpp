// solver.cpp -- structures, strokes from lines, the residuals and the multistart loop.
#include "solver.hpp"
#include "geometry_algorithms.hpp"

#include "fit.hpp"
#include "parking.hpp"

#include <pluzzle/rng.hpp>

#include <algorithm>
#include <cmath>

namespace sliceit {
namespace {

constexpr double kParked = 10; // offsets (in box diagonals) that put a line well outside the shapes

// The solver works in normalised coordinates: the box centre at 0 and its diagonal 1.
struct Frame {
    Vec centre;
    double scale;
    Vec to_world(const Vec &p) const { return {centre.x + p.x * scale, centre.y + p.y * scale}; }
};

// A line's parameters in the normalised frame: angle and offset.
struct Params {
    std::vector<double> values; // angle0, offset0, angle1, offset1, ...
    Line line(size_t k) const { return Line{values[2 * k], values[2 * k + 1]}; }
};

class Solver {
  public:
    Solver(const Level &level, pluzzle::SolveControl &control, uint64_t seed)
        : level_(level), board_(level), control_(control), rng_(seed) {
        frame_.centre = {(board_.box.x0 + board_.box.x1) / 2, (board_.box.y0 + board_.box.y1) / 2};
        frame_.scale = board_.scale;
        target_ = 1.0 / level.pieces;
        residual_count_ = size_t(level.pieces) + 6;
        tolerance_ = level.tolerance / 100;
        sliver_ = level.sliver / 100;
        for (const Shape &s : level.shapes) {
            rings_.push_back({normalised(s.outer), 1});
            for (const Ring &h : s.holes)
                rings_.push_back({normalised(h), -1});
        }
    }

    SolveReport run(uint64_t max_starts) {
        SolveReport report;
        for (uint64_t start = 0; start < max_starts; ++start) {
            if (control_.poll()) {
                report.status = control_.stop_status();
                break;
            }
            std::string structure;
            std::vector<double> params = start_params(start, structure);
            ++report.starts;
            control_.progress(double(start) / double(max_starts), structure.c_str());
            if (attempt(params)) {
                report.status = PZ_SOLVE_SOLVED;
                // Unneeded lines were parked outside the box (see strokes_of): bring them into view.
                std::vector<bool> parked;
                for (const Stroke &st : found_)
                    parked.push_back(st.a.x > board_.box.x1 + board_.scale);
                report.strokes = unpark(board_, found_, parked);
                report.verdict = judge(board_, report.strokes);
                report.structure = structure;
                break;
            }
            if (stopped_) {
                report.status = control_.stop_status();
                break;
            }
        }
        report.evaluations = evaluations_;
        return report;
    }

  private:
    Ring normalised(const Ring &ring) const {
        Ring out;
        for (const Vec &v : ring)
            out.push_back({(v.x - frame_.centre.x) / frame_.scale, (v.y - frame_.centre.y) / frame_.scale});
        return out;
    }

    // Fraction of the total area below the line (n . p < offset), by clipping every ring (signed areas add up, so
    // concave rings and holes need no special care).
    double fraction_below(double angle, double offset) const {
        const Line line{angle, offset};
        double area = 0;
        for (const auto &[ring, sign] : rings_)
            area += sign * clipped_area(ring, line);
        return area * frame_.scale * frame_.scale / board_.total;
    }
    static double clipped_area(const Ring &ring, const Line &line) {
        double twice = 0;
        Vec first{}, prev{};
        bool have = false;
        auto emit = [&](const Vec &v) {
            if (have)
                twice += prev.x * v.y - v.x * prev.y;
            else
                first = v, have = true;
            prev = v;
        };
        for (size_t i = 0, n = ring.size(); i < n; ++i) {
            const Vec &p = ring[i], &q = ring[(i + 1) % n];
            const double sp = line.side(p), sq = line.side(q);
            if (sp <= 0) emit(p);
            if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
                const double t = sp / (sp - sq);
                emit({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
            }
        }
        if (have) twice += prev.x * first.y - first.x * prev.y;
        return std::abs(twice) / 2;
    }
    // The offset at which `fraction` of the area lies below a line at `angle` (bisection: the area is monotone).
    double quantile(double angle, double fraction) const {
        double lo = -1, hi = 1;
        for (int i = 0; i < 60; ++i) {
            const double mid = (lo + hi) / 2;
            (fraction_below(angle, mid) < fraction ? lo : hi) = mid;
        }
        return (lo + hi) / 2;
    }

    double uniform() { return rng_.unit(); }

    // Principal axis of the shapes' vertices: a natural grid direction for elongated shapes.
    double principal_angle() const {
        double sxx = 0, syy = 0, sxy = 0;
        for (const auto &[ring, sign] : rings_)
            for (const Vec &v : ring)
                sxx += v.x * v.x, syy += v.y * v.y, sxy += v.x * v.y;
        return 0.5 * std::atan2(2 * sxy, sxx - syy);
    }

    // Families of parallel lines at area quantiles: `count` lines at `angle`.
    void family(std::vector<double> &params, double angle, int count) const {
        for (int j = 1; j <= count; ++j) {
            params.push_back(angle);
            params.push_back(quantile(angle, double(j) / (count + 1)));
        }
    }
    void park(std::vector<double> &params) const {
        while (params.size() < size_t(2 * level_.strokes)) {
            params.push_back(0);
            params.push_back(kParked);
        }
    }

    // Grids (a, b) with (a+1)(b+1) = M and a + b <= N, smallest leftover first.
    std::vector<std::pair<int, int>> exact_grids() const {
        std::vector<std::pair<int, int>> out;
        for (int a = 0; a <= level_.strokes; ++a)
            for (int b = 0; a + b <= level_.strokes; ++b)
                if ((a + 1) * (b + 1) == level_.pieces && a >= b) out.push_back({a, b});
        std::sort(out.begin(), out.end(), [](auto x, auto y) { return x.first + x.second > y.first + y.second; });
        return out;
    }

    std::vector<double> start_params(uint64_t start, std::string &structure) {
        static const double kAngles[] = {0, M_PI / 2, M_PI / 4, -M_PI / 4};
        const auto grids = exact_grids();
        const bool fan = 2 * level_.strokes == level_.pieces;
        std::vector<double> params;
        // First the structured starts at natural angles, then random angles, interleaved with random lines.
        const uint64_t structured = grids.size() * 5 + (fan ? 3 : 0);
        if (start < structured) {
            uint64_t i = start;
            if (i < grids.size() * 5) {
                const auto [a, b] = grids[i % grids.size()];
                const uint64_t which = i / grids.size();
                const double angle = which < 4 ? kAngles[which] : principal_angle();
                family(params, angle, a);
                family(params, angle + M_PI / 2, b);
                structure = "grid " + std::to_string(a) + "x" + std::to_string(b);
            } else {
                i -= grids.size() * 5;
                fan_start(params, M_PI * double(i) / (3.0 * level_.strokes));
                structure = "fan";
            }
        } else if (start % 3 == 0 && !grids.empty()) {
            const auto [a, b] = grids[(start / 3) % grids.size()];
            const double angle = uniform() * M_PI, cross = M_PI / 2 + (uniform() - 0.5) * M_PI / 2;
            family(params, angle, a);
            family(params, angle + cross, b);
            structure = "skew grid " + std::to_string(a) + "x" + std::to_string(b);
        } else if (start % 3 == 1 && fan) {
            fan_start(params, uniform() * M_PI);
            structure = "fan";
        } else {
            // Random lines, each through a random point of the shapes' area at a random quantile.
            // At least as many lines as a convex shape needs for M pieces (k lines make at most k(k+1)/2 + 1),
            // unless several shapes or concave parts make fewer enough.
            int fewest = 1;
            while (fewest < level_.strokes && fewest * (fewest + 1) / 2 + 1 < level_.pieces)
                ++fewest;
            if (level_.shapes.size() > 1 || !board_.convex) fewest = std::min(fewest, 1 + int(rng_.below(2)));
            const int useful = fewest + int(rng_.below(uint64_t(level_.strokes - fewest + 1)));
            for (int k = 0; k < useful; ++k) {
                const double angle = uniform() * M_PI;
                params.push_back(angle);
                params.push_back(quantile(angle, 0.05 + 0.9 * uniform()));
            }
            structure = "random " + std::to_string(useful) + " lines";
        }
        park(params);
        return params;
    }

    // N lines through the area centre, angles spread so that the sectors are about equal.
    void fan_start(std::vector<double> &params, double phase) const {
        const double cx = quantile(0, 0.5), cy = quantile(M_PI / 2, 0.5);
        for (int k = 0; k < level_.strokes; ++k) {
            const double angle = phase + M_PI * k / level_.strokes;
            params.push_back(angle);
            params.push_back(std::cos(angle) * cx + std::sin(angle) * cy);
        }
    }

    // The stroke for line k: the line clipped to the (slightly enlarged) box, then, if it meets forbidden zones,
    // the free stretch that covers the most of the shapes. nullopt if the line misses the box.
    std::optional<Stroke> stroke_of(const Line &normal_line) const {
        const Vec n = normal_line.normal();
        const double offset = normal_line.offset * frame_.scale + n.x * frame_.centre.x + n.y * frame_.centre.y;
        const Line line{normal_line.angle, offset};
        const double half = 0.51 * board_.scale + 1e-6 * board_.scale;
        const Vec c = frame_.centre;
        if (std::abs(line.side(c)) > half) return std::nullopt;
        const double tc = line.param(c);
        double lo = tc - half, hi = tc + half;
        if (!board_.forbidden.empty()) {
            if (!free_stretch(line, lo, hi)) return std::nullopt;
        }
        return Stroke{line.at(lo), line.at(hi)};
    }

    bool free_stretch(const Line &line, double &lo, double &hi) const {
        using BLine = bg::model::linestring<BPoint>;
        using BMultiLine = bg::model::multi_linestring<BLine>;
        const double margin = 1e-6 * board_.scale;
        auto interval_of = [&](const auto &geometry, std::vector<std::pair<double, double>> &out) {
            BLine segment{BPoint(line.at(lo).x, line.at(lo).y), BPoint(line.at(hi).x, line.at(hi).y)};
            BMultiLine parts;
            bg::intersection(segment, geometry, parts);
            for (const BLine &part : parts) {
                double a = 1e300, b = -1e300;
                for (const BPoint &p : part) {
                    const double t = line.param({p.x(), p.y()});
                    a = std::min(a, t), b = std::max(b, t);
                }
                if (a <= b) out.push_back({a, b});
            }
        };
        std::vector<std::pair<double, double>> blocked, inside;
        for (const BPolygon &zone : board_.forbidden)
            interval_of(zone, blocked);
        if (blocked.empty()) return true;
        interval_of(board_.shapes, inside);
        // Free stretches between blocked intervals (with a margin so the stroke does not touch).
        std::sort(blocked.begin(), blocked.end());
        std::vector<std::pair<double, double>> free;
        double at = lo;
        for (auto [a, b] : blocked) {
            if (a - margin > at) free.push_back({at, a - margin});
            at = std::max(at, b + margin);
        }
        if (at < hi) free.push_back({at, hi});
        double best = -1;
        for (auto [a, b] : free) {
            double covered = 0;
            for (auto [c, d] : inside)
                covered += std::max(0.0, std::min(b, d) - std::max(a, c));
            if (covered > best) best = covered, lo = a, hi = b;
        }
        return best >= 0;
    }

    // Strokes for every line; lines that miss the box become short strokes far outside (they cut nothing).
    std::vector<Stroke> strokes_of(const std::vector<double> &values) const {
        std::vector<Stroke> strokes;
        const double far = 2 * board_.scale;
        for (size_t k = 0; 2 * k < values.size(); ++k) {
            const std::optional<Stroke> s = stroke_of(Line{values[2 * k], values[2 * k + 1]});
            if (s) {
                strokes.push_back(*s);
            } else {
                // Parked: a short stroke beyond the box's corner, away from any forbidden zone's box too.
                const double x = board_.box.x1 + far + double(k) * 0.01 * board_.scale, y = board_.box.y1 + far;
                strokes.push_back({{x, y}, {x, y + 0.005 * board_.scale}});
            }
        }
        return strokes;
    }

    // Sorted piece areas (as fractions) -> residuals of fixed length: the M largest minus 1/M, the rest themselves.
    bool residuals(const std::vector<double> &values, std::vector<double> &r) {
        if (control_.tick(1 + work_) || control_.stopped()) {
            stopped_ = true;
            return false;
        }
        ++evaluations_;
        work_ = 0;
        const std::vector<double> areas = piece_areas(board_, strokes_of(values), work_);
        r.assign(residual_count_, 0);
        for (size_t i = 0; i < residual_count_; ++i) {
            const double a = i < areas.size() ? areas[i] / board_.total : 0;
            r[i] = i < size_t(level_.pieces) ? a - target_ : a;
        }
        return true;
    }

    // Close enough to try the exact rules: M pieces above the sliver threshold, all within the tolerance (with a
    // margin), the rest slivers.
    bool promising(const std::vector<double> &r) const {
        for (size_t i = 0; i < r.size(); ++i) {
            if (i < size_t(level_.pieces)) {
                if (std::abs(r[i]) > 0.5 * tolerance_ || r[i] + target_ < sliver_) return false;
            } else if (r[i] >= sliver_) {
                return false;
            }
        }
        return true;
    }

    bool attempt(std::vector<double> params) {
        bool solved = false;
        auto residual_fn = [&](const std::vector<double> &p, std::vector<double> &r) { return residuals(p, r); };
        // Keep improving a promising fit a few more steps (smaller deviation), then confirm with the rules.
        int polished = 0;
        std::vector<double> best;
        auto accept = [&](const std::vector<double> &p, const std::vector<double> &r) {
            if (!promising(r)) return false;
            best = p;
            double worst = 0;
            for (size_t i = 0; i < size_t(level_.pieces); ++i)
                worst = std::max(worst, std::abs(r[i]));
            return worst < 1e-9 || ++polished > 8;
        };
        FitOptions options;
        fit(params, residual_fn, accept, options);
        if (stopped_) return false;
        // The fit's last point has the least squared error, not always the least deviation: keep the better.
        double least = 1e300;
        std::vector<double> chosen;
        for (const std::vector<double> *candidate : {&params, &best}) {
            if (candidate->empty()) continue;
            const std::vector<Stroke> strokes = strokes_of(*candidate);
            const Verdict verdict = judge(board_, strokes);
            if (verdict.solved && verdict.largest_deviation < least) {
                least = verdict.largest_deviation;
                found_ = strokes;
                chosen = *candidate;
                solved = true;
            }
        }
        if (solved) polish(chosen, least);
        return solved;
    }

    // An answer within tolerance is often a least-squares fit that stalled on the sliver residuals or on a kink:
    // refit the same lines to the M counted areas only, with weights that grow on the worst pieces (iteratively
    // reweighted towards the largest deviation), and keep every step the rules confirm with a smaller deviation.
    void polish(std::vector<double> params, double least) {
        std::vector<double> weights(size_t(level_.pieces), 1.0);
        auto residual_fn = [&](const std::vector<double> &p, std::vector<double> &r) {
            if (!residuals(p, r)) return false;
            r.resize(size_t(level_.pieces));
            for (size_t i = 0; i < r.size(); ++i)
                r[i] *= weights[i];
            return true;
        };
        auto accept = [&](const std::vector<double> &p, const std::vector<double> &) {
            const std::vector<Stroke> strokes = strokes_of(p);
            const Verdict verdict = judge(board_, strokes);
            if (verdict.solved && verdict.largest_deviation < least) {
                least = verdict.largest_deviation;
                found_ = strokes;
                params = p;
            }
            return least < 1e-3;
        };
        FitOptions options;
        options.max_iterations = 20;
        for (int round = 0; round < 6 && least > 1e-3 && !stopped_; ++round) {
            std::vector<double> p = params, r;
            fit(p, residual_fn, accept, options);
            if (stopped_ || !residuals(params, r)) return;
            // Lawson's update: a piece's weight grows with its share of the deviation.
            double sum = 0;
            for (size_t i = 0; i < weights.size(); ++i)
                sum += weights[i] * std::abs(r[i]);
            if (sum <= 0) return;
            for (size_t i = 0; i < weights.size(); ++i)
                weights[i] = std::max(1e-3, weights[i] * std::abs(r[i]) * double(weights.size()) / sum);
        }
    }

    const Level &level_;
    Board board_;
    pluzzle::SolveControl &control_;
    pluzzle::Rng rng_;
    Frame frame_;
    std::vector<std::pair<Ring, int>> rings_; // normalised rings with +1 (outer) / -1 (hole)
    double target_ = 0, tolerance_ = 0, sliver_ = 0;
    size_t residual_count_ = 0;
    uint64_t evaluations_ = 0, work_ = 0;
    bool stopped_ = false;
    std::vector<Stroke> found_;
};

} // namespace

SolveReport solve_level(const Level &level, pluzzle::SolveControl &control, uint64_t seed, uint64_t max_starts) {
    return Solver(level, control, seed).run(max_starts);
}

} // namespace sliceit
