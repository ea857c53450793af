#include "editor_session.hpp"

#include "result_line.hpp"

#include <thread>

namespace pluzzle::editor {

EditorSession::EditorSession(std::shared_ptr<const host::PluginRegistry> registry, SessionOptions options)
    : registry_(std::move(registry)), options_(std::move(options)),
      player_(options_.player.empty() ? default_player_name() : options_.player),
      recovery_(options_.recovery_folder.empty() ? RecoveryStore::default_folder() : options_.recovery_folder) {
    if (!host::in_process_requested()) sandbox_ = std::make_unique<host::PluginSandbox>();
}

EditorSession::~EditorSession() {
    // Jobs first: they may still be running plugin code on the document's level.
    solve_job_.reset();
    check_job_.reset();
}

void EditorSession::open_database(const std::string &path) {
    auto library = std::make_unique<LevelLibrary>(path, registry_);
    library->set_sandbox(sandbox_.get());
    if (play_) play_->set_profiles(PlayerProfiles(player_, &library->store())); // before the old store goes
    packs_.reset();
    library_ = std::move(library);
    packs_ = std::make_unique<PackEditor>(*library_, *registry_, sandbox_.get());
    message_ = "opened " + path;
}

void EditorSession::set_player(const std::string &name) {
    if (name.empty()) throw host::InputError("player", "the player name cannot be empty");
    player_ = name;
    if (play_) play_->set_profiles(profiles());
}

PlayerProfiles EditorSession::profiles() const {
    return PlayerProfiles(player_, library_ ? &library_->store() : nullptr);
}

void EditorSession::open_level(int64_t level_id) {
    if (!library_) throw host::InputError("database", "no database is open");
    set_document(library_->open(level_id));
}

void EditorSession::save(const std::string &pack) {
    if (!library_) throw host::InputError("database", "no database is open");
    if (!doc_) return;
    const bool ours = doc_->origin().level_id != 0 && doc_->origin().database == library_->path();
    library_->save(*doc_, ours ? doc_->origin().pack : pack);
    recovery_.clear(); // the database has it now
    autosaved_revision_ = doc_->revision();
    message_ = "saved level " + std::to_string(doc_->origin().level_id) + " to " + library_->path();
}

void EditorSession::new_level(const std::string &type, const host::KeyValues &params, uint64_t seed) {
    auto plugin = registry_->find(type);
    if (!plugin)
        throw host::InputError("type", "no installed plugin '" + type + "' (installed: " + registry_->ids() + ")");
    set_document(Document::generated(plugin, params, seed));
}

void EditorSession::new_blank_level(const std::string &type, const host::KeyValues &params) {
    auto plugin = registry_->find(type);
    if (!plugin)
        throw host::InputError("type", "no installed plugin '" + type + "' (installed: " + registry_->ids() + ")");
    set_document(Document::blank(plugin, params));
}

void EditorSession::new_level_from_text(const std::string &type, const std::string &text) {
    auto plugin = registry_->find(type);
    if (!plugin)
        throw host::InputError("type", "no installed plugin '" + type + "' (installed: " + registry_->ids() + ")");
    set_document(Document::from_text(plugin, text, {}, {}, sandbox_.get()));
}

void EditorSession::set_document(Document doc) {
    solve_job_.reset();
    check_job_.reset();
    play_.reset();
    steps_.reset();
    edit_.reset();
    last_report_.reset();
    check_problem_.clear();
    doc_ = std::make_unique<Document>(std::move(doc));
    edit_ = std::make_unique<EditInteraction>(*doc_);
    mode_ = Mode::Edit;
    checked_revision_ = autosaved_revision_ = play_revision_ = seen_revision_ = UINT64_MAX;
    document_changed();
}

void EditorSession::enter_edit() { mode_ = Mode::Edit; }

void EditorSession::enter_play() {
    if (!doc_) return;
    if (!doc_->plugin().can(PZ_CAP_PLAY))
        throw host::PluginError("type '" + doc_->plugin().id() + "' cannot be played");
    // A new game whenever the level changed since the last one (or there was none).
    if (!play_ || play_revision_ != doc_->revision()) {
        play_ = std::make_unique<PlaySession>(doc_->plugin_ptr(), doc_->level());
        play_->set_profiles(profiles());
    }
    play_revision_ = doc_->revision();
    mode_ = Mode::Play;
}

bool EditorSession::undo() {
    if (!doc_) return false;
    bool changed = false;
    if (mode_ == Mode::Play && play_) return play_->undo();
    if (mode_ == Mode::Edit) changed = doc_->undo();
    if (changed) document_changed();
    return changed;
}

bool EditorSession::redo() {
    if (!doc_) return false;
    if (mode_ == Mode::Play && play_) return play_->redo();
    const bool changed = mode_ == Mode::Edit && doc_->redo();
    if (changed) document_changed();
    return changed;
}

bool EditorSession::press(float x, float y, int button, uint32_t modifiers) {
    if (!doc_) return false;
    cursor_shown_ = false; // the pointer took over
    if (mode_ == Mode::Play && play_) return play_->press(x, y, button, modifiers);
    if (mode_ != Mode::Edit) return false;
    const bool changed = edit_->press(x, y, button, modifiers);
    if (changed) document_changed();
    return changed;
}

bool EditorSession::drag(float x, float y, uint32_t modifiers) {
    if (!doc_) return false;
    if (mode_ == Mode::Play && play_) return play_->drag(x, y, modifiers);
    if (mode_ != Mode::Edit) return false;
    const bool changed = edit_->drag(x, y, modifiers);
    if (changed) document_changed();
    return changed;
}

bool EditorSession::release(float x, float y, uint32_t modifiers) {
    if (!doc_) return false;
    if (mode_ == Mode::Play && play_) return play_->release(x, y, modifiers);
    if (mode_ != Mode::Edit) return false;
    const bool changed = edit_->release(x, y, modifiers);
    if (changed) document_changed();
    return changed;
}

bool EditorSession::move_cursor(int rows, int cols) {
    if (!doc_ || mode_ == Mode::Solution || !doc_->plugin().has_cell_outlines()) return false;
    const pz_level *level = doc_->level().get();
    if (!doc_->plugin().cell_outline(level, cursor_.row, cursor_.col)) cursor_ = {0, 0}; // the board changed
    if (cursor_shown_) {
        const Cell next{cursor_.row + rows, cursor_.col + cols};
        if (doc_->plugin().cell_outline(level, next.row, next.col)) cursor_ = next; // else it stays at the edge
    }
    cursor_shown_ = bool(doc_->plugin().cell_outline(level, cursor_.row, cursor_.col));
    return cursor_shown_;
}

std::optional<Cell> EditorSession::cursor() const {
    if (!doc_ || !cursor_shown_ || mode_ == Mode::Solution) return std::nullopt;
    if (!doc_->plugin().cell_outline(doc_->level().get(), cursor_.row, cursor_.col)) return std::nullopt;
    return cursor_;
}

std::vector<pz_point> EditorSession::cursor_outline() const {
    if (!cursor()) return {};
    return doc_->plugin().cell_outline(doc_->level().get(), cursor_.row, cursor_.col).value_or(std::vector<pz_point>{});
}

bool EditorSession::key(int32_t key, uint32_t modifiers, std::optional<Cell> cell) {
    if (!doc_) return false;
    if (!cell) cell = cursor();
    if (mode_ == Mode::Play && play_) return play_->key(key, modifiers, cell);
    if (mode_ != Mode::Edit) return false;
    const bool changed = edit_->key(key, modifiers, cell);
    if (changed) document_changed();
    return changed;
}

void EditorSession::document_changed() {
    steps_.reset();
    if (mode_ == Mode::Solution) mode_ = Mode::Edit;
    check_problem_.clear();
    if (doc_) seen_revision_ = doc_->revision();
}

void EditorSession::autosave() {
    if (!doc_) return;
    recovery_.save(*doc_);
    autosaved_revision_ = doc_->revision();
    last_autosave_ = std::chrono::steady_clock::now();
}

void EditorSession::start_solve(double time_limit_s) {
    if (!doc_ || !doc_->plugin().can(PZ_CAP_SOLVE)) {
        message_ = "this type has no solver";
        return;
    }
    // Before plugin code runs on the edits: if it crashes the process, the recovery file has them.
    if (doc_->dirty()) autosave();
    check_job_.reset();
    host::SolveOptions options;
    options.time_limit_s = time_limit_s;
    solve_job_ = std::make_unique<SolveJob>(doc_->plugin_ptr(), doc_->level(), options, doc_->revision(),
                                            options_.split_after_s);
    message_ = "solving...";
}

void EditorSession::cancel_solve() {
    if (solve_job_) solve_job_->cancel();
}

void EditorSession::start_check() {
    if (doc_->dirty()) autosave();
    host::SolveOptions options;
    options.time_limit_s = options_.check_time_limit_s;
    check_job_ = std::make_unique<SolveJob>(doc_->plugin_ptr(), doc_->level(), options, doc_->revision());
    checked_revision_ = doc_->revision();
}

void EditorSession::show_solution(size_t index) {
    const size_t found = last_report_ ? last_report_->solutions.size() : 0;
    if (index >= found)
        throw host::InputError("solution",
                               "solution " + std::to_string(index) + " does not exist: " +
                                   (last_report_
                                        ? "the last solve found " + std::to_string(found) + " (numbered from 0)"
                                        : "nothing has been solved yet (F5)"),
                               0, 0, "solution");
    steps_ = std::make_unique<SolutionSteps>(doc_->plugin_ptr(), doc_->level(), last_report_->solutions[index]);
    steps_revision_ = doc_->revision();
    frame_ = steps_->frames() - 1; // the solved picture first (issue 16): that is what an author asked to see
    mode_ = Mode::Solution;
}

void EditorSession::set_solution_frame(size_t frame) {
    if (steps_) frame_ = std::min(frame, steps_->frames() - 1);
}

const pz_state *EditorSession::board_state() const {
    if (mode_ == Mode::Play && play_) return play_->state().get();
    if (mode_ == Mode::Solution && solution()) return steps_->frame(frame_).get();
    return nullptr;
}

std::vector<host::DrawItem> EditorSession::problem_marks() const {
    std::vector<host::DrawItem> marks;
    if (!doc_ || mode_ != Mode::Edit) return marks;
    constexpr pz_rgba kRed{220, 30, 30, 255};
    for (const pluzzle::Place &p : edit_->problem_places()) {
        host::DrawItem mark;
        mark.stroke = kRed;
        mark.width = 3;
        if (p.kind == PZ_PLACE_POINT) {
            mark.kind = host::DrawItem::Circle;
            mark.points = {{p.x, p.y}};
            mark.radius = 10;
        } else if (auto outline = doc_->plugin().cell_outline(doc_->level().get(), p.row, p.col)) {
            mark.kind = host::DrawItem::Polygon; // a cell the level being edited does not have is left unmarked
            mark.points = std::move(*outline);
        } else {
            continue;
        }
        marks.push_back(std::move(mark));
    }
    return marks;
}

std::string EditorSession::problem() const {
    if (!doc_) return {};
    if (mode_ == Mode::Play && play_ && !play_->problem().empty()) return play_->problem();
    if (!edit_->problem().empty()) return edit_->problem();
    return check_problem_;
}

void EditorSession::poll() {
    if (!doc_) return;
    // Edits made straight through edit() (typed edits, scripts) are noticed here.
    if (seen_revision_ != doc_->revision()) {
        if (seen_revision_ != UINT64_MAX) document_changed();
        seen_revision_ = doc_->revision();
    }
    if (solve_job_ && solve_job_->finished()) {
        if (auto report = solve_job_->report()) {
            // A result for an older revision describes a level that is gone: report it, but show no solution.
            if (solve_job_->revision() == doc_->revision()) last_report_ = report;
            message_ = "solve: " + result_line(*report);
            // An answer about the level as saved belongs in the database, stored as a bulk solve stores one (a
            // limit too, with its bounds; a cancel says nothing about the level).
            const bool saved_here = library_ && !doc_->dirty() && doc_->origin().database == library_->path();
            if (saved_here && solve_job_->revision() == doc_->revision() && report->status != PZ_SOLVE_CANCELLED) {
                try {
                    library_->record_result(doc_->origin().level_id, doc_->plugin(), *report, solve_job_->info());
                    ++results_stored_;
                } catch (const std::exception &e) {
                    message_ += " (not stored: " + std::string(e.what()) + ")";
                }
            }
        } else {
            message_ = "solve failed: " + solve_job_->error();
        }
        solve_job_.reset();
    }
    if (check_job_ && check_job_->finished()) {
        if (check_job_->revision() == doc_->revision()) {
            if (auto r = check_job_->report()) {
                check_problem_ = r->status == PZ_SOLVE_UNSOLVABLE ? "no solution"
                                 : r->status == PZ_SOLVE_MULTIPLE ? "more than one solution"
                                                                  : "";
            } else {
                check_problem_ = check_job_->error();
            }
        }
        check_job_.reset();
    }
    const bool can_check = doc_->plugin().can(PZ_CAP_SOLVE) && doc_->plugin().can(PZ_CAP_COUNT_SOLUTIONS);
    if (can_check && mode_ == Mode::Edit && !solve_job_ && !check_job_ && checked_revision_ != doc_->revision() &&
        !edit_->pointer_down())
        start_check();
    if (mode_ == Mode::Play && play_) play_->poll_ai();
    if (play_)
        if (std::string note = play_->take_profile_note(); !note.empty()) message_ = note;
    const auto now = std::chrono::steady_clock::now();
    if (doc_->dirty() && autosaved_revision_ != doc_->revision() &&
        now - last_autosave_ >= std::chrono::duration<double>(options_.autosave_delay_s))
        autosave();
}

bool EditorSession::wait_idle(std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
        poll();
        const bool busy =
            solve_job_ || check_job_ || (play_ && (play_->ai_thinking() || play_->ai_to_move()) && mode_ == Mode::Play);
        if (!busy) return true;
        if (std::chrono::steady_clock::now() >= end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

} // namespace pluzzle::editor
