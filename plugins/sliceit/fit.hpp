// fit.hpp -- Levenberg-Marquardt on a small least-squares problem with a finite-difference Jacobian. The solver
// fits line angles and offsets so that the piece areas hit their targets: d(area)/d(offset) is a chord length, so
// the problem is smooth almost everywhere and converges in a few steps from a start with the right structure.
#pragma once
#include <functional>
#include <vector>

namespace sliceit {

struct FitOptions {
    int max_iterations = 40;
    double step = 1e-7;  // finite-difference step, in the parameters' own units
    double goal = 1e-20; // stop when the squared residual norm drops below
};

// Residuals for the parameters; returns false to abandon the fit (stop request).
using Residuals = std::function<bool(const std::vector<double> &params, std::vector<double> &residuals)>;
// Called after every accepted step; return true to stop early (e.g. the level is solved already).
using Accept = std::function<bool(const std::vector<double> &params, const std::vector<double> &residuals)>;

// Improves `params` in place; returns the final squared residual norm (infinity when abandoned).
double fit(std::vector<double> &params, const Residuals &residuals, const Accept &accept, const FitOptions &options);

// Solves the n x n system a x = b (row-major a) by Gaussian elimination with partial pivoting; false if singular.
bool solve_linear(std::vector<double> a, std::vector<double> b, std::vector<double> &x);

} // namespace sliceit
