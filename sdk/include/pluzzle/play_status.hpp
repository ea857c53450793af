// pluzzle/play_status.hpp -- the C++ face of pz_play_status: where a puzzle or game stands. Plugins return it from
// their puzzle class's status(); the host reads the same type back.
#pragma once
#include <pluzzle/abi.h>

#include <string>
#include <vector>

namespace pluzzle {

struct PlayStatus {
    pz_play_phase phase = PZ_PLAY_ONGOING;
    unsigned players = 1, to_move = 0, moves = 0;
    int winner = -1;             // -1: none yet, or a draw
    std::vector<double> scores = {}; // one per player
    std::string message = {};        // e.g. "3 lights on"
};

} // namespace pluzzle
