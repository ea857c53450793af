// editor_app.hpp -- the window: menus, the library browser, the tool palette, the board and the status bar, all
// driving an EditorSession. Scripts call the same entry points as the mouse and keyboard. One class, its members
// defined by part: editor_app.cpp (frame, events, menu, board, status), library_panel.cpp, inspector_panel.cpp,
// dialogs.cpp, key_bindings.cpp and script_runner.cpp.
#pragma once
#include "imgui_sfml_bridge.hpp"

#include <editor_session.hpp>
#include <pack_solve_job.hpp>
#include <recent_databases.hpp>
#include <script.hpp>
#include <view_transform.hpp>

#include <pluzzle/host/render/display_list.hpp>

#include <SFML/Graphics/RenderWindow.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pluzzle::editor::app {

struct AppOptions {
    std::string database; // opened at start when set
    std::string script;   // --script: commands run one per frame, then the app exits
    unsigned width = 1280, height = 800;
    SessionOptions session;
};

class EditorApp {
  public:
    EditorApp(std::shared_ptr<const host::PluginRegistry> registry, AppOptions options);
    int run(); // exit code: 0, or 1 when a script command failed

    // --- entry points shared by input and scripts
    void board_press(float sx, float sy, int button);
    void board_drag(float sx, float sy);
    void board_release(float sx, float sy);
    // Shortcut names: "ctrl+z", "ctrl+shift+z", "f5", "escape", "left", "space", a letter...
    bool shortcut(const std::string &combo);
    bool screenshot(const std::string &path);

  private:
    // One shortcut: handle_key runs it and the F1 panel lists it (key_bindings.cpp), from this one table.
    struct KeyBinding {
        sf::Keyboard::Key key;
        bool ctrl, shift;
        std::string keys, what;
        std::function<void()> action;
    };
    const std::vector<KeyBinding> &key_bindings();
    bool run_binding(sf::Keyboard::Key key, bool ctrl, bool shift);
    std::vector<std::pair<std::string, std::string>> help_rows(); // keys -> what, as the F1 panel shows them
    void draw_help();
    // Runs `then` at once, or after the Save / Discard / Cancel question when the level has unsaved changes.
    void guard_unsaved(std::function<void()> then);
    void answer_unsaved(const std::string &answer); // "save", "discard", "cancel" (the dialog's buttons, scripts)
    void draw_unsaved_prompt();
    void open_database(const std::string &path); // and remember it among the recent ones
    static std::string read_file(const std::string &path); // whole, for scripts and pasted pack files
    void frame();
    void handle_event(const sf::Event &event);
    bool handle_key(sf::Keyboard::Key key, bool ctrl, bool shift, bool alt);
    void draw_menu();
    void draw_library();
    void draw_library_menu();
    void draw_inspector();
    void draw_board();
    void draw_status();
    void draw_dialogs();
    void refresh_board();
    void refresh_library();
    void list_stored_results(); // lists the library again once the session stored a solve's result
    void fit_view();
    bool run_script_step();
    void report(const std::exception &e);
    // Runs one user action; a failure becomes the status line's message instead of ending the app.
    template <class Action> void reporting(Action &&action) {
        try {
            action();
        } catch (const std::exception &e) {
            report(e);
        }
    }
    void do_save();
    // One pack operation of the library (pack_editor.hpp), by words as a script gives them and the panel's menus
    // build them: sort difficulty|name, move LEVEL PACK, delete LEVEL, rename FROM TO, delete-pack NAME,
    // paste-file FILE, paste-text TEXT, copy LEVEL, undo, redo. LEVEL is an id or @name (a row of the list).
    // Says what it did on the status line and lists the library again.
    void library_action(const std::vector<std::string> &words);
    // The pack shown (or the save pack) as a PDF booklet, as `pluzzle db print` writes it, with the plugins in the
    // session's sandbox.
    void print_pack(const std::string &path, unsigned per_page);
    // Solve pack: the bulk solver over the pack shown, in the background (pack_solve_job.hpp); each frame takes the
    // results it stored into the list's columns and the difficulty curve.
    void start_pack_solve(double timeout_s);
    void poll_pack_solve();
    void draw_pack_solve();
    int64_t level_named(const std::string &word) const;
    // The widest a side panel may be beside the other one, leaving the board its minimum; `panels` sets both.
    float panel_max_width(float other_panel) const;
    void set_panel_widths(float library, float inspector);
    std::vector<const LevelRow *> visible_rows() const; // rows_ that match the search box
    // A new document is on screen: its metadata into the inspector (or `meta`), the board redrawn and refitted.
    void show_document(std::optional<LevelMeta> meta = std::nullopt);

    std::shared_ptr<const host::PluginRegistry> registry_;
    AppOptions options_;
    sf::RenderWindow window_;
    std::unique_ptr<ImGuiSfmlBridge> imgui_;
    EditorSession session_;

    host::DisplayList board_;
    ViewTransform view_;
    bool view_fitted_ = false;
    float board_x_ = 0, board_y_ = 0, board_w_ = 1, board_h_ = 1; // the board area in window pixels
    float library_width_ = 300, inspector_width_ = 290;           // the side panels, as the author sized them
    bool panning_ = false;
    float pan_last_x_ = 0, pan_last_y_ = 0;
    std::vector<LevelRow> rows_;
    size_t names_cut_ = 0, statuses_cut_ = 0; // rows whose name / status did not fit its column in the last frame
    float name_least_shown_ = 1;              // and the least part of a name's width its column showed
    uint64_t results_listed_ = 0; // the session's stored solve results the list shows (results_stored())
    std::string current_pack_;
    std::string filter_; // the library's search box
    std::unique_ptr<PackSolveJob> pack_job_;
    std::vector<float> pack_frame_ms_; // each frame's time while a pack solve ran (the bench's figure)
    std::vector<float> idle_frame_ms_; // and while none ran: the same run's baseline
    double script_wait_pack_s_ = -1;   // "wait-pack": until the pack solve ends (or this many seconds)
    std::string pack_name_edit_;       // the library's "move to / rename to" field
    bool animate_ = false;
    float animate_clock_ = 0;

    // dialogs
    bool show_new_ = false, show_open_db_ = false, show_import_ = false, show_export_ = false, show_recovery_ = false;
    bool show_print_ = false;
    std::string print_file_ = "pack.pdf";
    int print_per_page_ = 4;
    std::string new_type_, new_text_, db_path_, pack_file_, save_pack_ = "editor", typed_edit_;
    std::vector<std::string> new_param_values_;
    int new_seed_ = 1;
    std::vector<RecoveredLevel> orphans_;
    std::string error_;
    std::string player_edit_; // the Player field of play mode (AI profiles), applied when edited
    LevelMeta meta_edit_;

    std::vector<KeyBinding> bindings_;
    bool show_help_ = false;
    bool unsaved_prompt_ = false;
    std::function<void()> after_prompt_;
    RecentDatabases recent_;

    // script
    std::vector<ScriptCommand> script_;
    size_t script_pos_ = 0;
    int script_wait_frames_ = 0;
    double script_wait_s_ = -1;
    int exit_code_ = 0;
    bool quit_ = false;
    std::string title_; // the window's title as last set (window_title.hpp), so it is set only when it changes
};

} // namespace pluzzle::editor::app
