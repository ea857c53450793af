// generator.cpp -- a level per parameter set; "layout=random" draws one of the 135 layouts from the seed.
#include "generator.hpp"

#include <pluzzle/rng.hpp>

namespace celladd {

std::vector<pluzzle::ParamDesc> generator_params() {
    return {
        {"layout", PZ_PARAM_CHOICE, "beaker", 0, 0, "petri|beaker|flask|random", "board family (random: any layout)"},
        {"cells", PZ_PARAM_INT, "29", 5, 120, "", "petri: cells (5 9 12 13 16 21 24 29 32 ... 120)"},
        {"height", PZ_PARAM_INT, "3", 2, 10, "", "beaker height"},
        {"width", PZ_PARAM_INT, "4", 2, 10, "", "beaker width"},
        {"neck", PZ_PARAM_INT, "3", 2, 8, "", "flask neck height"},
        {"base", PZ_PARAM_INT, "6", 4, 10, "", "flask base width: 4, 6, 8 or 10"},
        {"opponent", PZ_PARAM_CHOICE, "hard", 0, 0, "easy|medium|hard|adaptive|none", "the AI player 1 plays against"},
        {"skill", PZ_PARAM_INT, "50", 0, 100, "", "adaptive AI skill"},
        {"first", PZ_PARAM_CHOICE, "player", 0, 0, "player|opponent|random", "who moves first"},
        {"opening", PZ_PARAM_INT, "0", 0, 200, "", "random opening moves already played"},
    };
}

CellLevel generate_level(const pluzzle::Params &params, uint64_t seed) {
    pluzzle::Rng rng(seed);
    CellLevel level;
    const std::string family = params.text("layout");
    if (family == "random") {
        const auto layouts = all_layouts();
        level.layout = layouts[rng.below(layouts.size())];
    } else if (family == "petri") {
        level.layout = {Family::petri, int(params.integer("cells")), 0};
    } else if (family == "beaker") {
        level.layout = {Family::beaker, int(params.integer("height")), int(params.integer("width"))};
    } else {
        level.layout = {Family::flask, int(params.integer("neck")), int(params.integer("base"))};
    }
    try {
        level.board = make_board(level.layout);
    } catch (const pluzzle::Error &e) {
        throw pluzzle::bad_argument(e.what(), family == "petri" ? "cells" : "base");
    }
    const std::string first = params.text("first");
    level.first = first == "player" ? 0 : first == "opponent" ? 1 : int(rng.below(2));
    if (const auto kind = parse_ai_name(params.text("opponent")))
        level.opponent = Opponent{*kind, int(params.integer("skill"))};
    const int opening = int(std::min<long long>(params.integer("opening"), level.board.playable_count));
    Position position(level.board, level.first);
    std::vector<int> moves;
    for (int i = 0; i < opening; ++i) {
        legal_moves(level.board, position.owner(), moves);
        const int cell = moves[rng.below(moves.size())];
        level.opening.push_back(cell);
        position.play(cell);
    }
    level.name = layout_text(level.layout) + " vs " +
                  (level.opponent ? ai_name(level.opponent->kind) : std::string("nobody")) + " #" +
                  std::to_string(seed);
    return level;
}

} // namespace celladd
