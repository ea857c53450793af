// cube_records.hpp -- a conquest's split and cube answers (conquest.hpp) as the store keeps them (StoredSplit,
// schema 9) and back: what `db solve --split` saves as it goes and `--resume` goes on from. Internal to host/lib/jobs.
#pragma once
#include <pluzzle/host/solve/conquest.hpp>
#include <pluzzle/host/store/store.hpp>

namespace pluzzle::host {

StoredSplit stored_split(const KnownCubes &split);
StoredCube stored_answer(const std::string &cube_text, const WorkResult &answer);
// The split as the conquest takes it, with the answers that count (a stored status the host no longer reads, or an
// unanswered cube, is solved again); nothing when the stored split cannot be one (no cube, or a combine rule
// abi.h does not know: a damaged row), and the level is split again.
std::optional<KnownCubes> known_cubes(const StoredSplit &stored);

} // namespace pluzzle::host
