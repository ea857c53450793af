// editor_session.hpp -- everything the editor does, without a window: the open database, the document and its
// edit tools, continuous validation, the background solve and its solution, play mode and autosave. The SFML app
// and its --script option are thin layers over this class, and the tests drive it directly.
#pragma once
#include "document.hpp"
#include "edit_interaction.hpp"
#include "level_library.hpp"
#include "pack_editor.hpp"
#include "play_session.hpp"
#include "recovery.hpp"
#include "solution_steps.hpp"
#include "solve_job.hpp"

#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <pluzzle/host/sandbox/plugin_sandbox.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace pluzzle::editor {

enum class Mode { Edit, Play, Solution };

struct SessionOptions {
    std::string recovery_folder;   // "" = RecoveryStore::default_folder()
    double check_time_limit_s = 2; // the quick solve behind continuous validation
    double split_after_s = 1;      // a solve (F5) of a plugin that splits goes to cubes after this, as `--split-after`
    double autosave_delay_s = 0.5; // autosave at most this often while editing (always before a solve)
    std::string player;            // whose AI profiles play mode uses and updates; "" = default_player_name()
};

class EditorSession {
  public:
    EditorSession(std::shared_ptr<const host::PluginRegistry> registry, SessionOptions options = {});
    ~EditorSession();

    const host::PluginRegistry &registry() const { return *registry_; }

    // --- database
    void open_database(const std::string &path);
    LevelLibrary *library() { return library_.get(); }
    // The open database's undoable pack operations (null without one); its history goes with the database.
    PackEditor *packs() { return packs_.get(); }
    // Where plugin calls of the session run (null under PLUZZLE_IN_PROCESS=1): for work the window starts itself.
    host::PluginSandbox *sandbox() { return sandbox_.get(); }
    void open_level(int64_t level_id);
    // Saves into the open database (pack: the document's own, else `pack`). Errors as LevelLibrary::save.
    void save(const std::string &pack = "editor");

    // --- documents
    void new_level(const std::string &type, const host::KeyValues &params, uint64_t seed);
    void new_level_from_text(const std::string &type, const std::string &text);
    // The plugin's blank level (Plugin::can_blank) from generator parameters.
    void new_blank_level(const std::string &type, const host::KeyValues &params);
    void set_document(Document doc);
    bool has_document() const { return doc_ != nullptr; }
    Document &document() { return *doc_; }
    EditInteraction &edit() { return *edit_; }

    // --- modes: Edit (tools change the level), Play (moves change a state), Solution (a solution's frames)
    Mode mode() const { return mode_; }
    void enter_edit();
    void enter_play(); // PluginError when the plugin cannot play
    PlaySession *play() { return play_.get(); }
    // The player whose AI profiles (e.g. an adaptive AI's skill) live in the open database. InputError if empty.
    void set_player(const std::string &name);
    const std::string &player() const { return player_; }
    bool undo();
    bool redo();

    // --- board input in drawing units, routed by mode
    bool press(float x, float y, int button, uint32_t modifiers = 0);
    bool drag(float x, float y, uint32_t modifiers = 0);
    bool release(float x, float y, uint32_t modifiers = 0);
    // A key names `cell` if given, else the keyboard cursor's cell while the cursor is shown.
    bool key(int32_t key, uint32_t modifiers = 0, std::optional<Cell> cell = std::nullopt);

    // --- the keyboard cursor, for plugins that say where their cells are (ABI 1.6 cell_outline): the first arrow
    // shows it, the next ones move it by a row or column (staying on the board); a press on the board hides it.
    // false: no cursor here (no level, a solution shown, or the plugin does not say where its cells are).
    bool move_cursor(int rows, int cols);
    std::optional<Cell> cursor() const;           // while shown, on a cell of the board
    std::vector<pz_point> cursor_outline() const; // where to draw it; empty while hidden

    // --- solving
    void start_solve(double time_limit_s = 0);
    void cancel_solve();
    const SolveJob *solve_job() const { return solve_job_.get(); }
    const std::optional<host::SolveReport> &last_report() const { return last_report_; }
    // How many solve results this session stored in the open database: the library lists its rows again when it
    // grows, so a row shows the editor's own solve as soon as it ends.
    uint64_t results_stored() const { return results_stored_; }
    // Shows solution `index` of the last report (Solution mode), on its last frame -- the solved picture; the
    // author steps back from there. InputError (field "solution") when there is no such solution.
    void show_solution(size_t index);
    // nullptr once the level changed: a solution belongs to the level it was found for.
    const SolutionSteps *solution() const {
        return steps_ && steps_revision_ == doc_->revision() ? steps_.get() : nullptr;
    }
    size_t solution_frame() const { return frame_; }
    void set_solution_frame(size_t frame);

    // What to draw: the level, with the play state or solution frame of the current mode.
    const pz_state *board_state() const;

    // Why the level is not right, in words: an edit the plugin refused, or what the quick solve found (no
    // solution, several solutions). "" when nothing is known to be wrong.
    std::string problem() const;
    // Marks for the cells or points a refused edit is about (ABI 1.7 validate_places), in drawing units: each cell's
    // outline where the plugin says it is drawn, a ring around each point. Empty outside edit mode or without them.
    std::vector<host::DrawItem> problem_marks() const;
    // Status line text: solve progress, results, saves.
    const std::string &message() const { return message_; }
    void set_message(std::string m) { message_ = std::move(m); }

    // Call every frame: collects finished jobs, starts the quick validation solve, lets AIs move, autosaves.
    void poll();
    // Blocks (polling) until no solve or AI job runs, up to `limit`. For scripts and tests.
    bool wait_idle(std::chrono::milliseconds limit);

    RecoveryStore &recovery() { return recovery_; }
    // Writes the recovery file now (done automatically; public for tests and for "before a risky operation").
    void autosave();

  private:
    void document_changed();
    void start_check();
    PlayerProfiles profiles() const;

    std::shared_ptr<const host::PluginRegistry> registry_;
    SessionOptions options_;
    // Reads the text the user opens (files, database rows, pack files) before this process does; its worker
    // starts on first use, on the UI thread (which it lives and dies with). Null under PLUZZLE_IN_PROCESS=1.
    std::unique_ptr<host::PluginSandbox> sandbox_;
    std::unique_ptr<LevelLibrary> library_;
    std::unique_ptr<PackEditor> packs_; // over *library_: declared after it, so destroyed first
    std::unique_ptr<Document> doc_;
    std::unique_ptr<EditInteraction> edit_;
    std::unique_ptr<PlaySession> play_;
    std::unique_ptr<SolveJob> solve_job_, check_job_;
    std::optional<host::SolveReport> last_report_;
    std::unique_ptr<SolutionSteps> steps_;
    size_t frame_ = 0;
    Mode mode_ = Mode::Edit;
    std::string message_, check_problem_, player_;
    uint64_t steps_revision_ = 0, seen_revision_ = UINT64_MAX, results_stored_ = 0;
    uint64_t checked_revision_ = UINT64_MAX, autosaved_revision_ = UINT64_MAX, play_revision_ = UINT64_MAX;
    std::chrono::steady_clock::time_point last_autosave_{};
    RecoveryStore recovery_;
    Cell cursor_{0, 0};
    bool cursor_shown_ = false;
};

} // namespace pluzzle::editor
