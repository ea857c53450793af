// edit.cpp -- editor tools: "paint" (toggle a cell of the picture; the clues follow the picture, which becomes the
// level's goal), "clue" (type a row or column clue) and "resize". The edit texts are described in edit.hpp.
#include "edit.hpp"
#include "formats.hpp"
#include "play.hpp"
#include "render.hpp"
#include "solver.hpp"

#include <pluzzle/text.hpp>

#include <optional>

namespace nonogram {
namespace {

[[noreturn]] void bad_edit(const std::string &why) { throw pluzzle::bad_argument(why, "edit"); }

int read_number(std::string_view s, int lo, int hi, const char *what) {
    const std::optional<int> number = pluzzle::whole_number<int>(s);
    if (!number) bad_edit(std::string("expected ") + what + ", found '" + std::string(s) + "'");
    const int v = *number;
    if (v < lo || v > hi)
        bad_edit(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
                 std::to_string(hi));
    return v;
}

// The picture to edit: the goal, else a solution of the clues (found within a second), else nothing.
std::optional<Grid> picture_of(const Puzzle &p) {
    if (!p.goal.empty()) return goal_grid(p);
    pz_solve_request request{};
    request.struct_size = sizeof request;
    request.time_limit_s = 1.0;
    request.max_solutions = 1;
    pluzzle::SolveControl control(&request, nullptr);
    SolverOptions options;
    options.max_solutions = 1;
    const SolverReport report = solve(p, control, options);
    if (report.solutions.empty()) return std::nullopt;
    return report.solutions.front();
}

// A puzzle whose clues are those of `picture` and whose goal is `picture`; metadata kept.
Puzzle from_picture(const Puzzle &p, const Grid &picture) {
    Puzzle next;
    next.meta = p.meta;
    derive_clues(picture, next);
    next.goal = goal_string(picture);
    return next;
}

} // namespace

std::string edit_input(const Puzzle &p, std::string_view tool, const pluzzle::Input &input) {
    if (tool == "paint") {
        if (input.kind != PZ_INPUT_PRESS || input.button != 0) return {};
        const auto cell = layout_of(p).grid.cell_at(input.x, input.y);
        return cell ? "paint " + std::to_string(cell->row) + "," + std::to_string(cell->col) : std::string();
    }
    if (tool == "clue" || tool == "resize") return {}; // typed: `clue row 3 1 2`, `resize 20 15`
    throw pluzzle::bad_argument("unknown tool '" + std::string(tool) + "' (tools: paint, clue, resize)", "tool");
}

Puzzle execute_edit(const Puzzle &p, std::string_view edit) {
    const std::vector<pluzzle::Token> words = pluzzle::tokens(edit, " \t\r\n");
    if (words.empty()) bad_edit("empty edit (edits: paint r,c; clue row|col N runs...; resize W H)");
    const std::string_view verb = words[0].text;

    if (verb == "paint") {
        if (words.size() != 2 && words.size() != 3) bad_edit("expected 'paint row,column [#|.]'");
        const std::string_view cell = words[1].text;
        const size_t comma = cell.find(',');
        if (comma == std::string_view::npos) bad_edit("expected a cell 'row,column', found '" + std::string(cell) + "'");
        const int r = read_number(cell.substr(0, comma), 0, p.height - 1, "row");
        const int c = read_number(cell.substr(comma + 1), 0, p.width - 1, "column");
        if (words.size() == 3 && words[2].text != "#" && words[2].text != ".")
            bad_edit("expected '#' or '.' after the cell, found '" + std::string(words[2].text) + "'");
        Grid picture = picture_of(p).value_or(Grid(p.width, p.height, kEmpty));
        picture.at(r, c) = words.size() == 3 ? (words[2].text == "#" ? kFilled : kEmpty)
                                             : (picture.at(r, c) == kFilled ? kEmpty : kFilled);
        return from_picture(p, picture);
    }

    if (verb == "clue") {
        if (words.size() < 3 || (words[1].text != "row" && words[1].text != "col" && words[1].text != "column"))
            bad_edit("expected 'clue row|col <index> <runs...>'");
        const bool row = words[1].text == "row";
        const int index = read_number(words[2].text, 0, (row ? p.height : p.width) - 1, row ? "row" : "column");
        Clue clue;
        for (size_t i = 3; i < words.size(); ++i) {
            const int v = read_number(words[i].text, 0, kMaxSide, "a run length");
            if (v == 0 && words.size() > 4) bad_edit("0 stands alone for a blank line");
            if (v) clue.push_back(v);
        }
        Puzzle next = p; // levels are immutable: copy, then change
        (row ? next.rows : next.cols)[size_t(index)] = clue;
        // The goal stays only while it still matches every clue.
        if (!next.goal.empty() && !satisfies(next, goal_grid(next))) next.goal.clear();
        return next;
    }

    if (verb == "resize") {
        if (words.size() != 3) bad_edit("expected 'resize <width> <height>'");
        const int w = read_number(words[1].text, 1, kMaxSide, "width");
        const int h = read_number(words[2].text, 1, kMaxSide, "height");
        if (const std::optional<Grid> old = picture_of(p)) {
            Grid picture(w, h, kEmpty);
            for (int r = 0; r < std::min(h, p.height); ++r)
                for (int c = 0; c < std::min(w, p.width); ++c) picture.at(r, c) = old->at(r, c);
            return from_picture(p, picture);
        }
        // No picture (unsolvable clues): keep the clues that still fit, blank the rest.
        Puzzle next = p;
        next.width = w;
        next.height = h;
        next.goal.clear();
        next.rows.resize(size_t(h));
        next.cols.resize(size_t(w));
        auto fit = [](std::vector<Clue> &clues, int length) {
            for (Clue &clue : clues) {
                int need = clue.empty() ? 0 : int(clue.size()) - 1;
                for (int run : clue) need += run;
                if (need > length) clue.clear();
            }
        };
        fit(next.rows, w);
        fit(next.cols, h);
        return next;
    }
    bad_edit("unknown edit '" + std::string(verb) + "' (edits: paint, clue, resize)");
}

} // namespace nonogram
