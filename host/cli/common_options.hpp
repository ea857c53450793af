// common_options.hpp -- options several subcommands declare alike, declared once so that their names, checks and
// help texts agree.
#pragma once
#include "cli_checks.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
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

} // namespace pluzzle::cli
