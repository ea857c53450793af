// cube_records.cpp -- see cube_records.hpp.
#include "jobs/cube_records.hpp"

namespace pluzzle::host {

StoredSplit stored_split(const KnownCubes &split) {
    StoredSplit out;
    out.combine = int(split.combine);
    out.root_lower = split.root_lower;
    out.root_upper = split.root_upper;
    out.root_solution = split.root_solution;
    for (const std::string &text : split.cubes) {
        StoredCube cube;
        cube.text = text;
        out.cubes.push_back(std::move(cube));
    }
    return out;
}

StoredCube stored_answer(const std::string &cube_text, const WorkResult &answer) {
    StoredCube c;
    c.text = cube_text;
    c.status = attempt_status_text(answer.status);
    c.lower_bound = answer.lower_bound;
    c.upper_bound = answer.upper_bound;
    c.solutions = answer.solutions_found;
    c.solution = answer.solution;
    c.second_solution = answer.second_solution;
    c.nodes = answer.nodes;
    c.time_ms = answer.time_ms;
    return c;
}

std::optional<KnownCubes> known_cubes(const StoredSplit &stored) {
    if (stored.cubes.empty() || (stored.combine != PZ_COMBINE_FIRST && stored.combine != PZ_COMBINE_COUNT &&
                                 stored.combine != PZ_COMBINE_BEST))
        return std::nullopt;
    KnownCubes k;
    k.combine = pz_combine(stored.combine);
    k.root_lower = stored.root_lower;
    k.root_upper = stored.root_upper;
    k.root_solution = stored.root_solution;
    for (size_t i = 0; i < stored.cubes.size(); ++i) {
        const StoredCube &c = stored.cubes[i];
        k.cubes.push_back(c.text);
        const std::optional<AttemptStatus> status = parse_attempt_status(c.status);
        if (!status) continue;
        WorkResult r;
        r.part = int32_t(i);
        r.status = *status;
        r.lower_bound = c.lower_bound;
        r.upper_bound = c.upper_bound;
        r.solutions_found = c.solutions;
        r.solution = c.solution;
        r.second_solution = c.second_solution;
        r.nodes = c.nodes;
        r.time_ms = c.time_ms;
        k.answers.emplace(i, std::move(r));
    }
    return k;
}

} // namespace pluzzle::host
