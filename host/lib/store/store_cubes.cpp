// store_cubes.cpp -- a hard level's split into cubes and the cubes' answers (schema 9; issue 48's cube-and-conquer):
// what `db solve --split --resume` goes on from after a kill. NaN bounds are stored as NULL.
#include <pluzzle/host/store/store.hpp>

#include "store/store_sql.hpp"

#include <cmath>

namespace pluzzle::host {
namespace {

void bind_real(sql::Statement &st, int index, double value) {
    if (std::isnan(value))
        st.bind(index, nullptr);
    else
        st.bind(index, value);
}

double real_or_nan(const sql::Statement &st, int column) { return st.is_null(column) ? NAN : st.real(column); }

} // namespace

void Store::save_split(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version,
                       const StoredSplit &split) {
    sql::Transaction tx(db_);
    drop_split(level_id, plugin_id, plugin_version);
    auto head = db_.prepare("INSERT INTO cube_splits(level_id, plugin_id, plugin_version, combine, root_lower, "
                            "root_upper, root_solution, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, " PLUZZLE_SQL_NOW
                            ")",
                            "storing a level's split into cubes");
    head.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version).bind(4, int64_t(split.combine));
    bind_real(head, 5, split.root_lower);
    bind_real(head, 6, split.root_upper);
    head.bind(7, split.root_solution);
    head.step();
    auto cube = db_.prepare("INSERT INTO cubes(level_id, plugin_id, plugin_version, idx, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                            "storing a level's cubes");
    for (size_t i = 0; i < split.cubes.size(); ++i) {
        cube.reset();
        cube.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version).bind(4, int64_t(i)).bind(5, split.cubes[i].text);
        cube.step();
    }
    tx.commit();
}

void Store::save_cube_answer(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version,
                             size_t index, const StoredCube &answer) {
    auto st = db_.prepare("UPDATE cubes SET status = ?5, lower_bound = ?6, upper_bound = ?7, solutions = ?8, "
                          "solution = ?9, second_solution = ?10, nodes = ?11, time_ms = ?12, solved_at = " PLUZZLE_SQL_NOW
                          " WHERE level_id = ?1 AND plugin_id = ?2 AND plugin_version = ?3 AND idx = ?4",
                          "storing a cube's answer");
    st.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version).bind(4, int64_t(index)).bind(5, answer.status);
    bind_real(st, 6, answer.lower_bound);
    bind_real(st, 7, answer.upper_bound);
    st.bind(8, int64_t(answer.solutions)).bind(9, answer.solution).bind(10, answer.second_solution);
    st.bind(11, int64_t(answer.nodes)).bind(12, answer.time_ms);
    st.step();
}

std::optional<StoredSplit> Store::split_of(int64_t level_id, const std::string &plugin_id,
                                           const std::string &plugin_version) {
    if (schema_ < 9) return std::nullopt;
    auto head = db_.prepare("SELECT combine, root_lower, root_upper, root_solution FROM cube_splits "
                            "WHERE level_id = ?1 AND plugin_id = ?2 AND plugin_version = ?3",
                            "reading a level's split into cubes");
    head.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version);
    if (!head.step()) return std::nullopt;
    StoredSplit split;
    split.combine = int(head.int64(0));
    split.root_lower = real_or_nan(head, 1);
    split.root_upper = real_or_nan(head, 2);
    split.root_solution = head.text(3);
    auto cubes = db_.prepare("SELECT text, COALESCE(status, ''), lower_bound, upper_bound, solutions, solution, "
                             "second_solution, nodes, time_ms FROM cubes WHERE level_id = ?1 AND plugin_id = ?2 AND "
                             "plugin_version = ?3 ORDER BY idx",
                             "reading a level's cubes");
    cubes.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version);
    while (cubes.step()) {
        StoredCube c;
        c.text = cubes.text(0);
        c.status = cubes.text(1);
        c.lower_bound = real_or_nan(cubes, 2);
        c.upper_bound = real_or_nan(cubes, 3);
        c.solutions = uint32_t(cubes.int64(4));
        c.solution = cubes.text(5);
        c.second_solution = cubes.text(6);
        c.nodes = uint64_t(cubes.int64(7));
        c.time_ms = cubes.real(8);
        split.cubes.push_back(std::move(c));
    }
    return split;
}

void Store::drop_split(int64_t level_id, const std::string &plugin_id, const std::string &plugin_version) {
    if (schema_ < 9) return;
    auto st = db_.prepare("DELETE FROM cube_splits WHERE level_id = ?1 AND plugin_id = ?2 AND plugin_version = ?3",
                          "dropping a level's split into cubes");
    st.bind(1, level_id).bind(2, plugin_id).bind(3, plugin_version);
    st.step();
}

} // namespace pluzzle::host
