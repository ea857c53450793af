// golden_games.hpp -- reads recorded games of the original app (golden_games_meta.csv / golden_games_moves.csv)
// from $CELLADD_GOLDEN_DIR, default PLUZZLE_SHARED_DATA_DIR/celladd.
#pragma once
#include "published_ai.hpp"

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace celladd::test {

struct RecordedMove {
    int t = 0, player = 0, row = 0, col = 0, p1_score = 0, p2_score = 0; // as in the file: 1-based
};

struct RecordedGame {
    int id = 0;
    Layout layout;
    int first = 1; // 1 = scripted player, 2 = AI
    Opponent opponent;
    bool ok = true; // false where the original crashed
    int final_p1 = 0, final_p2 = 0;
    std::vector<RecordedMove> moves;
};

inline std::string golden_dir() {
    if (const char *dir = std::getenv("CELLADD_GOLDEN_DIR")) return dir;
    return PLUZZLE_SHARED_DATA_DIR "/celladd";
}

inline std::vector<std::string> csv_fields(const std::string &line) {
    std::vector<std::string> fields;
    std::stringstream in(line);
    std::string field;
    while (std::getline(in, field, ','))
        fields.push_back(field);
    return fields;
}

// Empty when the files are absent.
inline std::vector<RecordedGame> read_golden_games(const std::string &dir) {
    std::ifstream meta(dir + "/golden_games_meta.csv"), moves(dir + "/golden_games_moves.csv");
    std::vector<RecordedGame> games;
    if (!meta || !moves) return games;
    std::string line;
    std::getline(meta, line); // header
    std::map<int, size_t> by_id;
    while (std::getline(meta, line)) {
        const auto f = csv_fields(line);
        if (f.size() < 13) continue;
        RecordedGame g;
        g.id = std::stoi(f[0]);
        if (f[1] == "petri")
            g.layout = {Family::petri, std::stoi(f[6]), 0};
        else
            g.layout = {f[1] == "beaker" ? Family::beaker : Family::flask, std::stoi(f[2]), std::stoi(f[3])};
        g.first = std::stoi(f[7]);
        const int difficulty = std::stoi(f[8]);
        g.opponent.kind = std::stoi(f[9])   ? PublishedAi::adaptive
                          : difficulty == 1 ? PublishedAi::easy
                          : difficulty == 2 ? PublishedAi::medium
                                            : PublishedAi::hard;
        g.opponent.skill = std::stoi(f[10]);
        g.ok = f[12] == "ok";
        if (g.ok) g.final_p1 = std::stoi(f[13]), g.final_p2 = std::stoi(f[14]);
        by_id[g.id] = games.size();
        games.push_back(g);
    }
    std::getline(moves, line);
    while (std::getline(moves, line)) {
        const auto f = csv_fields(line);
        if (f.size() < 7) continue;
        auto it = by_id.find(std::stoi(f[0]));
        if (it == by_id.end()) continue;
        games[it->second].moves.push_back(
            {std::stoi(f[1]), std::stoi(f[2]), std::stoi(f[3]), std::stoi(f[4]), std::stoi(f[5]), std::stoi(f[6])});
    }
    return games;
}

} // namespace celladd::test
