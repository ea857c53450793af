// cli_checks.hpp -- argument checks shared by the subcommands (CLI11 validators): a usage error (exit 2) names
// the option, instead of a wrapped-around or NaN value slipping through.
#pragma once
#include <CLI/CLI.hpp>

#include <cmath>
#include <string>

namespace pluzzle::cli {

// Seconds: finite and >= 0 (NaN and inf are not limits).
inline const CLI::Validator kSeconds = CLI::Validator(
    [](std::string &value) -> std::string {
        char *end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        if (value.empty() || *end || !std::isfinite(v) || v < 0) return "must be a finite number of seconds >= 0";
        return {};
    },
    "SECONDS");

// Counts given as unsigned options: CLI11 would wrap "-5" to 2^64-5.
inline const CLI::Validator kNotNegative = CLI::Validator(
    [](std::string &value) -> std::string {
        return !value.empty() && value.find('-') == std::string::npos ? std::string() : "must not be negative";
    },
    "");

// A scale factor: finite, in [0.01, 1000] (a NaN passes CLI::Range, whose comparisons are all false).
inline const CLI::Validator kScale = CLI::Validator(
    [](std::string &value) -> std::string {
        char *end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        if (value.empty() || *end || !std::isfinite(v) || v < 0.01 || v > 1000) return "must be a number in [0.01, 1000]";
        return {};
    },
    "SCALE");

} // namespace pluzzle::cli
