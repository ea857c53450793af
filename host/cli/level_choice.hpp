// level_choice.hpp -- picks the one level a command works on from a file (--index for multi-puzzle files).
#pragma once
#include "cli_context.hpp"
#include <pluzzle/host/levels/level_source.hpp>

namespace pluzzle::cli {

inline host::SourceLevel choose_level(Context &ctx, const std::string &file, const host::SourceOptions &options,
                                      size_t index) {
    auto levels = host::load_levels(ctx.registry(), file, options);
    if (index < 1 || index > levels.size())
        throw host::InputError(file, "has " + std::to_string(levels.size()) + " level(s); --index " +
                                         std::to_string(index) + " is out of range",
                               0, 0, "index");
    return std::move(levels[index - 1]);
}

} // namespace pluzzle::cli
