// store_runs.cpp -- runs on the database and their in-flight marks (schemas 6 and 8): who is solving what, and
// whether its owner still lives. See docs/design/issue47-runs.md.
#include <pluzzle/host/store/store.hpp>

#include "store/store_sql.hpp"

#include <chrono>
#include <unordered_map>

namespace pluzzle::host {

namespace {

constexpr const char *kRunColumns =
    "id, host, boot_id, pid, start_ticks, kind, started_at, lease_until, COALESCE(ended_at, '')";

RunRecord read_run(const sql::Statement &st) {
    RunRecord r;
    r.id = st.int64(0);
    r.process.host = st.text(1);
    r.process.boot_id = st.text(2);
    r.process.pid = st.int64(3);
    r.process.start_ticks = uint64_t(st.int64(4));
    r.kind = st.text(5);
    r.started_at = st.text(6);
    r.lease_until = st.real(7);
    r.ended_at = st.text(8);
    return r;
}

} // namespace

double unix_now() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool run_gone(const RunRecord &run, double now) {
    if (!run.ended_at.empty()) return true;
    if (on_this_host(run.process)) return !still_running_here(run.process);
    return now > run.lease_until; // another host (or this one before a reboot): only the lease can tell
}

int64_t Store::begin_run(const std::string &kind, double lease_s) {
    const ProcessIdentity &me = this_process();
    auto old = db_.prepare("DELETE FROM runs WHERE ended_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 days')",
                           "dropping runs that ended a week ago");
    old.step();
    auto st = db_.prepare("INSERT INTO runs(host, boot_id, pid, start_ticks, kind, started_at, lease_until) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, " PLUZZLE_SQL_NOW ", ?6)",
                          "recording this run");
    st.bind(1, me.host).bind(2, me.boot_id).bind(3, me.pid).bind(4, int64_t(me.start_ticks)).bind(5, kind);
    st.bind(6, unix_now() + lease_s);
    st.step();
    run_id_ = db_.last_insert_rowid();
    return run_id_;
}

void Store::renew_run(int64_t run_id, double lease_s) {
    auto st = db_.prepare("UPDATE runs SET lease_until = ?2 WHERE id = ?1", "renewing this run's lease");
    st.bind(1, run_id).bind(2, unix_now() + lease_s);
    st.step();
}

void Store::end_run(int64_t run_id) {
    sql::Transaction tx(db_);
    auto marks = db_.prepare("DELETE FROM in_flight WHERE run_id = ?1", "clearing this run's marks");
    marks.bind(1, run_id);
    marks.step();
    auto end = db_.prepare("UPDATE runs SET ended_at = " PLUZZLE_SQL_NOW " WHERE id = ?1", "recording this run's end");
    end.bind(1, run_id);
    end.step();
    tx.commit();
    if (run_id == run_id_) run_id_ = 0;
}

bool Store::retire_run(int64_t run_id) {
    auto st = db_.prepare("UPDATE runs SET ended_at = " PLUZZLE_SQL_NOW " WHERE id = ?1 AND ended_at IS NULL AND "
                          "NOT EXISTS (SELECT 1 FROM in_flight WHERE run_id = ?1)",
                          "retiring a gone run");
    st.bind(1, run_id);
    st.step();
    return db_.changes() > 0;
}

std::vector<RunRecord> Store::runs() {
    std::vector<RunRecord> out;
    if (schema_ < 8) return out;
    auto st = db_.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE ended_at IS NULL ORDER BY id",
                          "reading the runs");
    while (st.step()) out.push_back(read_run(st));
    return out;
}

std::optional<RunRecord> Store::run(int64_t run_id) {
    if (schema_ < 8) return std::nullopt;
    auto st = db_.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1", "reading a run");
    st.bind(1, run_id);
    if (!st.step()) return std::nullopt;
    return read_run(st);
}

std::vector<Claim> Store::claim_levels(const std::vector<InFlightMark> &marks, const std::string &done_since,
                                       const std::vector<std::string> &done_statuses, bool take_gone, size_t limit) {
    std::vector<Claim> out(marks.size());
    if (marks.empty()) return out;
    auto held = db_.prepare("SELECT plugin_id, plugin_version, alone, COALESCE(run_id, 0), deaths FROM in_flight "
                            "WHERE level_id = ?1",
                            "reading a level's mark");
    std::string statuses;
    for (size_t i = 0; i < done_statuses.size(); ++i) statuses += (i ? ", ?" : "?") + std::to_string(i + 4);
    auto done = db_.prepare("SELECT 1 FROM results WHERE level_id = ?1 AND solved_at >= ?2 AND plugin_id = ?3" +
                                (statuses.empty() ? std::string(" AND 0") : " AND status IN (" + statuses + ")") +
                                " LIMIT 1",
                            "looking for a result stored meanwhile");
    auto mark = db_.prepare("INSERT OR REPLACE INTO in_flight(level_id, plugin_id, plugin_version, alone, marked_at, "
                            "run_id, deaths) VALUES (?1, ?2, ?3, ?4, " PLUZZLE_SQL_NOW ", NULLIF(?5, 0), ?6)",
                            "claiming levels");
    std::unordered_map<int64_t, bool> gone; // owner -> gone, looked up once per call
    const double now = unix_now();
    sql::Transaction tx(db_);
    size_t claimed = 0;
    for (size_t i = 0; i < marks.size(); ++i) {
        const InFlightMark &m = marks[i];
        Claim &claim = out[i];
        if (claimed == limit) {
            claim.outcome = ClaimOutcome::kNotTried;
            continue;
        }
        if (!done_since.empty()) {
            done.reset();
            done.bind(1, m.level_id).bind(2, done_since).bind(3, m.plugin_id);
            for (size_t k = 0; k < done_statuses.size(); ++k) done.bind(int(k + 4), done_statuses[k]);
            if (done.step()) {
                claim.outcome = ClaimOutcome::kDoneMeanwhile;
                continue;
            }
        }
        held.reset();
        held.bind(1, m.level_id);
        if (held.step()) {
            claim.previous = {m.level_id, held.text(0), held.text(1), held.int64(2) != 0, held.int64(3),
                              int(held.int64(4))};
            const int64_t owner = claim.previous.run_id;
            if (owner != run_id_) {
                auto known = gone.find(owner);
                if (known == gone.end()) {
                    known = gone.emplace(owner, owner_gone(owner, now)).first;
                }
                if (!known->second) {
                    claim.outcome = ClaimOutcome::kHeldByLiveRun;
                    continue;
                }
                if (!take_gone) {
                    claim.outcome = ClaimOutcome::kLeftByGoneRun;
                    continue;
                }
            }
        }
        mark.reset();
        mark.bind(1, m.level_id).bind(2, m.plugin_id).bind(3, m.plugin_version).bind(4, int64_t(m.alone ? 1 : 0));
        mark.bind(5, run_id_).bind(6, int64_t(m.deaths));
        mark.step();
        ++claimed;
    }
    tx.commit();
    return out;
}

bool Store::owner_gone(int64_t run_id, double now) {
    if (run_id == 0) return true;
    if (run_id == run_id_) return false;
    const std::optional<RunRecord> record = run(run_id);
    return !record || run_gone(*record, now);
}

void Store::mark_in_flight(const std::vector<InFlightMark> &marks) {
    if (marks.empty()) return;
    const bool owned = schema_ >= 8;
    auto st = db_.prepare(owned ? "INSERT OR REPLACE INTO in_flight(level_id, plugin_id, plugin_version, alone, "
                                  "marked_at, run_id) VALUES (?1, ?2, ?3, ?4, " PLUZZLE_SQL_NOW ", NULLIF(?5, 0))"
                                : "INSERT OR REPLACE INTO in_flight(level_id, plugin_id, plugin_version, alone, "
                                  "marked_at) VALUES (?1, ?2, ?3, ?4, " PLUZZLE_SQL_NOW ")",
                          "marking levels in flight");
    sql::Transaction tx(db_);
    for (const InFlightMark &m : marks) {
        st.reset();
        st.bind(1, m.level_id).bind(2, m.plugin_id).bind(3, m.plugin_version).bind(4, int64_t(m.alone ? 1 : 0));
        if (owned) st.bind(5, run_id_);
        st.step();
    }
    tx.commit();
}

void Store::clear_in_flight(const std::vector<int64_t> &level_ids) {
    if (level_ids.empty()) return;
    auto st = db_.prepare("DELETE FROM in_flight WHERE level_id = ?1", "clearing in-flight marks");
    sql::Transaction tx(db_);
    for (int64_t id : level_ids) {
        st.reset();
        st.bind(1, id);
        st.step();
    }
    tx.commit();
}

std::vector<std::pair<InFlightMark, LevelRecord>> Store::in_flight(const LevelFilter &filter) {
    auto st = db_.prepare("SELECT " + level_columns(schema_) + ", f.plugin_id, f.plugin_version, f.alone, " +
                              (schema_ >= 8 ? "COALESCE(f.run_id, 0), f.deaths" : "0, 0") +
                              " FROM in_flight f JOIN levels l ON l.id = f.level_id JOIN packs p ON p.id = l.pack_id"
                              " WHERE (?1 = '' OR p.name = ?1) AND (?2 = '' OR l.type = ?2)"
                              " ORDER BY l.pack_id, l.position",
                          "reading in-flight marks");
    st.bind(1, filter.pack).bind(2, filter.type);
    std::vector<std::pair<InFlightMark, LevelRecord>> out;
    while (st.step()) {
        LevelRecord level = read_level(st);
        InFlightMark mark{level.id, st.text(12), st.text(13), st.int64(14) != 0, st.int64(15), int(st.int64(16))};
        out.emplace_back(std::move(mark), std::move(level));
    }
    return out;
}

} // namespace pluzzle::host
