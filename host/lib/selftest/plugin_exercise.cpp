#include <pluzzle/host/selftest/plugin_exercise.hpp>

#include <pluzzle/host/solve/cube_tally.hpp>

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/solve_status.hpp>

#include <climits>

namespace pluzzle::host {

std::vector<ExerciseMove> moves_from_bytes(std::string_view bytes) {
    std::vector<ExerciseMove> out;
    for (size_t i = 0; i + 4 <= bytes.size() && out.size() < 16; i += 4)
        out.push_back(
            {uint8_t(bytes[i]), uint8_t(bytes[i + 1]) / 255.0f, uint8_t(bytes[i + 2]) / 255.0f, uint8_t(bytes[i + 3])});
    return out;
}

std::vector<ExerciseMove> random_moves(Rng &rng, int count) {
    std::string bytes;
    for (int i = 0; i < 4 * count; ++i)
        bytes += char(rng.below(256));
    // A third are keys on a character a puzzle may use (digits, letters, space): a byte alone rarely is one.
    std::vector<ExerciseMove> moves = moves_from_bytes(bytes);
    static const std::string keys = "0123456789 abcdefghijklmnopqrstuvwxyz";
    for (ExerciseMove &m : moves)
        if (rng.below(3) == 0) m.what = uint8_t((m.what & ~3u) | PZ_INPUT_KEY), m.extra = uint8_t(rng.pick(keys));
    return moves;
}

void ExerciseTally::add(const ExerciseTally &o) {
    texts += o.texts, refused_texts += o.refused_texts, levels += o.levels, solved += o.solved;
    solve_refused += o.solve_refused, moves += o.moves, edits += o.edits;
    splits_compared += o.splits_compared;
}

SolveOptions tiny_solve_limits() {
    SolveOptions o;
    o.node_limit = 500;
    o.time_limit_s = 0.25;
    return o;
}

namespace {

pz_input input_of(const ExerciseMove &m, const DisplayList &picture) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = int32_t(m.what & 3);
    in.x = m.x * picture.width;
    in.y = m.y * picture.height;
    in.start_x = in.x, in.start_y = in.y;
    in.button = (m.what & 4) ? 1 : 0;
    static constexpr int32_t keys[] = {PZ_KEY_UP,    PZ_KEY_DOWN,   PZ_KEY_LEFT,      PZ_KEY_RIGHT,
                                       PZ_KEY_ENTER, PZ_KEY_ESCAPE, PZ_KEY_BACKSPACE, PZ_KEY_DELETE};
    in.key = m.extra < 8 ? keys[m.extra] : int32_t(m.extra);
    // A play move with bit 4 names a cell, as a keyboard cursor does (ABI 1.6), off the board too.
    if (!(m.what & 8) && (m.what & 16))
        in.has_cell = 1, in.cell_row = int(m.x * 24) - 2, in.cell_col = int(m.y * 24) - 2;
    return in;
}

void play(const Plugin &plugin, const LevelPtr &level, const std::vector<ExerciseMove> &moves, ExerciseTally &tally) {
    StatePtr state = plugin.new_state(level);
    for (const ExerciseMove &m : moves) {
        if (m.what & 8) continue; // an edit
        const DisplayList picture = plugin.render(level.get(), state.get());
        plugin.status(state.get());
        const std::string move = plugin.interpret(state.get(), input_of(m, picture));
        if (move.empty()) continue;
        try {
            state = plugin.execute(state, move);
        } catch (const InputError &) {
            continue; // a move the rules refuse (the game is over): said, not done
        }
        ++tally.moves;
        const std::string text = plugin.encode_state(state.get());
        if (plugin.encode_state(plugin.decode_state(level, text, "state").get()) != text)
            throw ContractViolation("the state text does not round-trip: " + text);
    }
    plugin.render_solution(level.get(), state.get()); // `render --solution` of a play state: any picture, no crash
}

// ABI 1.9 (rule 14): a solution drawn for a reader shows something (the page of a booklet is not blank).
void draw_solution(const Plugin &plugin, const LevelPtr &level, const std::string &solution) {
    const StatePtr state = plugin.decode_state(level, solution, "solution");
    const DisplayList page = plugin.render_solution(level.get(), state.get());
    if (page.items.empty() || !(page.width > 0) || !(page.height > 0))
        throw ContractViolation("render_solution draws nothing for the solver's own solution: " + solution);
}

void edit(const Plugin &plugin, LevelPtr level, const std::vector<ExerciseMove> &moves, ExerciseTally &tally) {
    const auto &tools = plugin.tools();
    if (tools.empty()) return;
    for (const ExerciseMove &m : moves) {
        if (!(m.what & 8)) continue;
        const DisplayList picture = plugin.render(level.get(), nullptr);
        const std::string edit =
            plugin.edit_interpret(level.get(), tools[(m.what >> 4) % tools.size()].id, input_of(m, picture));
        if (edit.empty()) continue;
        try {
            level = plugin.edit_execute(level.get(), edit);
        } catch (const InputError &) {
            continue; // an edit that would break the level's rules is refused with a reason
        }
        ++tally.edits;
        plugin.render(level.get(), nullptr);
    }
    const std::string text = plugin.encode(level.get());
    const auto again = plugin.parse(text, plugin.formats().front().name, "edited");
    if (again.size() != 1 || plugin.encode(again.front().level.get()) != text)
        throw ContractViolation("an edited level does not round-trip: " + text);
}

// A BEST cube asked for cheaper than an aim below the best known (the host's deepening: the split's bound + 1) must
// agree with its answer against the best known (`best`): a solution is the cube's optimum found there (or, where
// there was none cheaper than `best`, one of `best` or more); none only when that optimum is not cheaper than the
// aim, with a lower bound of at least the aim when it gives one.
void check_aimed_cube(const Plugin &plugin, const LevelPtr &level, const SplitReport &split, size_t index,
                      const SolveReport &against_best, double best, const SolveOptions &limits) {
    const double aim = split.outcome.lower_bound + 1;
    if (!std::isfinite(aim) || !(aim < best)) return;
    SolveOptions aimed = limits;
    aimed.known_best = [aim] { return aim; };
    const SolveReport r = plugin.solve_cube(level.get(), split.cubes[index], aimed);
    if (!is_final(r.status)) return; // a limit: nothing to compare
    const std::string which = "cube " + std::to_string(index) + " asked for cheaper than " + std::to_string(aim);
    const bool had = counts_as_solved(against_best.status);
    if (counts_as_solved(r.status)) {
        if (had ? r.upper_bound != against_best.upper_bound : r.upper_bound < best)
            throw ContractViolation(which + " finds cost " + std::to_string(r.upper_bound) +
                                    ", against the best known " +
                                    (had ? std::to_string(against_best.upper_bound)
                                         : "none cheaper than " + std::to_string(best)));
        for (const std::string &solution : r.solutions)
            if (const CheckReport c = plugin.check(level.get(), solution); !c.ok)
                throw ContractViolation("check rejects a cube's solution (" + c.message + "): " + solution);
    } else if (had && against_best.upper_bound < aim) {
        throw ContractViolation(which + " says '" + solve_status_text(r.status) + "', but holds cost " +
                                std::to_string(against_best.upper_bound));
    } else if (r.lower_bound < aim) {
        throw ContractViolation(which + " has none, but proves only " + std::to_string(r.lower_bound));
    }
}

// ABI 1.8: the level's cubes, each solved as the whole was, must give the whole's answer (status; the optimum of an
// optimiser) when every one of them finishes; each cube's solutions must check; a damaged cube text is refused,
// never a crash.
void compare_split(const Plugin &plugin, const LevelPtr &level, const SolveReport &whole, const SolveOptions &limits,
                   ExerciseTally &tally) {
    const SplitReport split = plugin.split(level.get(), limits, 4);
    if (split.cubes.empty()) {
        if (is_final(split.outcome.status) && is_final(whole.status) && split.outcome.status != whole.status)
            throw ContractViolation("the split decided the level as '" + std::string(solve_status_text(split.outcome.status)) +
                                    "', the whole solve as '" + solve_status_text(whole.status) + "'");
        return;
    }
    CubeTally tally_of_cubes(split.combine, split.cubes.size(), limits.max_solutions, split.outcome.lower_bound,
                             split.outcome.upper_bound,
                             split.outcome.solutions.empty() ? std::string() : split.outcome.solutions[0]);
    for (size_t i = 0; i < split.cubes.size(); ++i) {
        SolveOptions cube_limits = limits;
        if (split.combine == PZ_COMBINE_BEST) {
            const double best = tally_of_cubes.upper();
            cube_limits.known_best = [best] { return best; };
        }
        const SolveReport r = plugin.solve_cube(level.get(), split.cubes[i], cube_limits);
        for (const std::string &solution : r.solutions)
            if (const CheckReport c = plugin.check(level.get(), solution); !c.ok)
                throw ContractViolation("check rejects a cube's solution (" + c.message + "): " + solution);
        if (split.combine == PZ_COMBINE_BEST && is_final(r.status))
            check_aimed_cube(plugin, level, split, i, r, tally_of_cubes.upper(), limits);
        WorkResult answer;
        answer.status = r.status;
        answer.solution = r.solutions.empty() ? "" : r.solutions[0];
        answer.second_solution = r.solutions.size() > 1 ? r.solutions[1] : "";
        answer.solutions_found = uint32_t(r.solutions.size());
        answer.lower_bound = r.lower_bound, answer.upper_bound = r.upper_bound;
        tally_of_cubes.add(i, answer);
    }
    try { // a cube text cut short: refused with a reason or solved as some cube, never a crash
        plugin.solve_cube(level.get(), split.cubes[0].substr(0, split.cubes[0].size() / 2) + "\x01", limits);
    } catch (const InputError &) {
    } catch (const PluginError &) {
    }
    if (!tally_of_cubes.decided() || !is_final(whole.status)) return; // a limit on either side: nothing to compare
    const WorkResult combined = tally_of_cubes.level_result(0);
    if (!combined.status || *combined.status != whole.status)
        throw ContractViolation("the cubes of a split say '" + std::string(attempt_status_text(combined.status)) +
                                "', the whole solve '" + solve_status_text(whole.status) + "'");
    if (split.combine == PZ_COMBINE_BEST && combined.upper_bound != whole.upper_bound)
        throw ContractViolation("the cubes of a split find cost " + std::to_string(combined.upper_bound) +
                                ", the whole solve " + std::to_string(whole.upper_bound));
    ++tally.splits_compared;
}

} // namespace

void exercise_level(const Plugin &plugin, const LevelPtr &level, const std::vector<ExerciseMove> &moves,
                    const SolveOptions &limits, ExerciseTally &tally) {
    ++tally.levels;
    const std::string text = plugin.encode(level.get());
    std::vector<ParsedLevel> again;
    try {
        again = plugin.parse(text, plugin.formats().front().name, "encoded");
    } catch (const InputError &e) {
        throw ContractViolation(std::string("the level's own encoding does not parse: ") + e.what() + "\n" + text);
    }
    if (again.size() != 1)
        throw ContractViolation("the encoding of one level parses as " + std::to_string(again.size()) + " levels");
    if (plugin.encode(again.front().level.get()) != text)
        throw ContractViolation("encode -> parse -> encode changes the text:\n" + text);
    plugin.describe(level.get());
    plugin.render(level.get(), nullptr);
    for (const auto &[row, col] : {std::pair{0, 0}, {1, 2}, {-1, 0}, {0, -1}, {1 << 20, 3}, {INT32_MIN, INT32_MAX}})
        plugin.cell_outline(level.get(), row, col); // any answer, never a crash (nothing when there is no cursor)
    if (plugin.can(PZ_CAP_SOLVE)) {
        SolveReport report;
        try {
            report = plugin.solve(level.get(), limits);
        } catch (const InputError &) {
            ++tally.solve_refused;          // a solver may refuse, with the reason, a level it has no answer for
            report.status = PZ_SOLVE_LIMIT; // (celladd's game with no AI opponent: no line to find)
        }
        if (counts_as_solved(report.status)) {
            ++tally.solved;
            for (const std::string &solution : report.solutions)
                if (const CheckReport c = plugin.check(level.get(), solution); !c.ok)
                    throw ContractViolation("check rejects the solver's own solution (" + c.message + "): " + solution);
            if (plugin.can(PZ_CAP_PLAY))
                for (const std::string &solution : report.solutions)
                    draw_solution(plugin, level, solution);
        }
        if (plugin.can_split()) {
            try {
                compare_split(plugin, level, report, limits, tally);
            } catch (const InputError &) { // refused, as a solve may be
            }
        }
    }
    if (plugin.can(PZ_CAP_PLAY)) play(plugin, level, moves, tally);
    if (plugin.can(PZ_CAP_EDIT)) edit(plugin, level, moves, tally);
}

void exercise_text(const Plugin &plugin, std::string_view text, const std::vector<ExerciseMove> &moves,
                   const SolveOptions &limits, ExerciseTally &tally) {
    ++tally.texts;
    bool read = false;
    for (const auto &format : plugin.formats()) {
        try {
            std::vector<ParsedLevel> levels;
            try {
                levels = plugin.parse(text, format.name, "input");
            } catch (const ForeignParseError &e) {
                throw ContractViolation(std::string("parse threw an exception that is not a pluzzle::Error, so the "
                                                    "user gets no line or column: ") +
                                        e.what());
            } catch (const InputError &) {
                continue; // the input's fault, said with its place: what a bad file must get
            }
            read = true;
            for (const ParsedLevel &parsed : levels) {
                try {
                    exercise_level(plugin, parsed.level, moves, limits, tally);
                } catch (const InputError &e) { // past validate, only a refused move or edit is the input's fault
                    throw ContractViolation(std::string("a valid level refused: ") + e.what());
                }
            }
        } catch (const ContractViolation &e) {
            throw ContractViolation("format " + format.name + ": " + e.what());
        } catch (const PluginError &e) {
            throw ContractViolation("format " + format.name + ": internal error: " + e.what());
        } catch (const std::exception &e) {
            throw ContractViolation("format " + format.name + ": exception: " + e.what());
        }
    }
    if (!read) ++tally.refused_texts;
}

std::string mutate_text(const std::string &text, Rng &rng) {
    std::string s = text;
    const int edits = 1 + int(rng.below(4));
    static const std::string alphabet = "0123456789 \n\t#.-,;:|{}[]\"abcxyz\xff";
    for (int e = 0; e < edits && !s.empty(); ++e) {
        const size_t at = rng.below(s.size());
        switch (rng.below(5)) {
        case 0: s[at] = rng.pick(alphabet); break;                              // replace
        case 1: s.erase(at, 1 + rng.below(3)); break;                           // delete
        case 2: s.insert(at, 1, rng.pick(alphabet)); break;                     // insert
        case 3: s.resize(at); break;                                            // truncate
        default: s.insert(at, s.substr(rng.below(s.size()), 1 + rng.below(8))); // duplicate a piece
        }
    }
    return s;
}

} // namespace pluzzle::host
