// common_options.hpp -- options several subcommands declare alike, declared once so that their names, checks and
// help texts agree.
#pragma once
#include "cli_checks.hpp"
#include <pluzzle/host/base/parallel.hpp>

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace pluzzle::cli {

// How a command that reads level files picks the plugin that reads them (Context::source_options, level_source.hpp):
// by --type and --format when given, else by the file's extension and content.
inline void add_level_type_options(CLI::App &cmd, std::string &type, std::string &format) {
    cmd.add_option("--type", type, "Puzzle type (plugin id); inferred when unambiguous");
    cmd.add_option("--format", format, "Input format name; detected when omitted");
}

// Which level of a multi-puzzle file a one-level command works on (level_choice.hpp).
inline void add_level_index_option(CLI::App &cmd, size_t &index) {
    cmd.add_option("--index", index, "Which level of a multi-puzzle file (1-based)")
        ->check(kNotNegative & CLI::Range(size_t(1), size_t(1) << 40));
}

// The level database a `db` subcommand works on (the first argument).
inline void add_database_argument(CLI::App &cmd, std::string &db) {
    cmd.add_option("db", db, "Database file")->required();
}

// Search nodes per level, for the commands that solve.
inline void add_node_limit_option(CLI::App &cmd, uint64_t &node_limit) {
    cmd.add_option("--node-limit", node_limit, "Search nodes per level (0 = none)")->check(kNotNegative);
}

// --timeout and --jobs of the commands that solve many levels (solve, db solve): their defaults come from the
// settings file, so the caller asks the returned option whether it was given.
inline CLI::Option *add_default_timeout_option(CLI::App &cmd, double &timeout_s) {
    return cmd.add_option("--timeout", timeout_s, "Seconds per level (0 = none; default from settings)")
        ->check(kSeconds);
}
inline CLI::Option *add_jobs_option(CLI::App &cmd, unsigned &jobs) {
    return cmd.add_option("-j,--jobs", jobs, "Threads (0 = every core; default from settings)")
        ->check(kNotNegative & CLI::Range(0u, host::kMaxJobs));
}
// Cube-and-conquer (issue 48): `what_else` says where the cubes run and what becomes of them.
inline void add_split_options(CLI::App &cmd, bool &split, double &split_after_s, const std::string &what_else) {
    cmd.add_flag("--split", split,
                 "A level not solved within --split-after is split into cubes (plugins with the 'split' "
                 "capability) " + what_else);
    cmd.add_option("--split-after", split_after_s, "Seconds a level is solved whole before it is split (0: at once)")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
}

} // namespace pluzzle::cli
