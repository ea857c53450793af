// fit.cpp -- Levenberg-Marquardt with Marquardt's diagonal scaling.
#include "fit.hpp"

#include <cmath>
#include <limits>

namespace sliceit {
namespace {

double squared(const std::vector<double> &r) {
    double s = 0;
    for (double v : r)
        s += v * v;
    return s;
}

} // namespace

bool solve_linear(std::vector<double> a, std::vector<double> b, std::vector<double> &x) {
    const size_t n = b.size();
    for (size_t c = 0; c < n; ++c) {
        size_t pivot = c;
        for (size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r * n + c]) > std::abs(a[pivot * n + c])) pivot = r;
        if (std::abs(a[pivot * n + c]) < 1e-300) return false;
        if (pivot != c) {
            for (size_t k = 0; k < n; ++k)
                std::swap(a[c * n + k], a[pivot * n + k]);
            std::swap(b[c], b[pivot]);
        }
        for (size_t r = c + 1; r < n; ++r) {
            const double f = a[r * n + c] / a[c * n + c];
            if (f == 0) continue;
            for (size_t k = c; k < n; ++k)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    x.assign(n, 0);
    for (size_t r = n; r-- > 0;) {
        double s = b[r];
        for (size_t k = r + 1; k < n; ++k)
            s -= a[r * n + k] * x[k];
        x[r] = s / a[r * n + r];
    }
    return true;
}

double fit(std::vector<double> &params, const Residuals &residuals, const Accept &accept, const FitOptions &options) {
    const double abandoned = std::numeric_limits<double>::infinity();
    const size_t n = params.size();
    std::vector<double> r, trial_r, trial;
    if (!residuals(params, r)) return abandoned;
    double cost = squared(r);
    if (accept(params, r)) return cost;
    double lambda = 1e-3;
    const size_t m = r.size();
    std::vector<double> jac(m * n), shifted(n), rs;
    for (int it = 0; it < options.max_iterations && cost > options.goal; ++it) {
        for (size_t j = 0; j < n; ++j) {
            shifted = params;
            shifted[j] += options.step;
            if (!residuals(shifted, rs)) return abandoned;
            for (size_t i = 0; i < m; ++i)
                jac[i * n + j] = (rs[i] - r[i]) / options.step;
        }
        std::vector<double> jtj(n * n, 0), jtr(n, 0);
        for (size_t i = 0; i < m; ++i)
            for (size_t a = 0; a < n; ++a) {
                const double ja = jac[i * n + a];
                if (ja == 0) continue;
                jtr[a] -= ja * r[i];
                for (size_t b = 0; b < n; ++b)
                    jtj[a * n + b] += ja * jac[i * n + b];
            }
        bool improved = false;
        while (lambda < 1e10) {
            std::vector<double> damped = jtj, delta;
            for (size_t a = 0; a < n; ++a)
                damped[a * n + a] += lambda * (jtj[a * n + a] + 1e-12);
            if (!solve_linear(damped, jtr, delta)) {
                lambda *= 10;
                continue;
            }
            trial = params;
            for (size_t a = 0; a < n; ++a)
                trial[a] += delta[a];
            if (!residuals(trial, trial_r)) return abandoned;
            const double trial_cost = squared(trial_r);
            if (trial_cost < cost) {
                params = trial, r = trial_r, cost = trial_cost;
                lambda = std::max(lambda / 5, 1e-12);
                improved = true;
                break;
            }
            lambda *= 6;
        }
        if (!improved) break; // no step lowers the cost: a local minimum (or a kink)
        if (accept(params, r)) break;
    }
    return cost;
}

} // namespace sliceit
