// editor_app.cpp -- see editor_app.hpp: the frame loop, events and keys, the menu bar, the board and the status bar.
// The side panels and the dialogs have their own files: library_panel.cpp, inspector_panel.cpp, dialogs.cpp.
#include "editor_app.hpp"

#include "board_view.hpp"
#include "panel_layout.hpp"
#include "window_title.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/System/Clock.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

namespace pluzzle::editor::app {
namespace {

const char *kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

const char *mode_name(Mode m) { return m == Mode::Edit ? "Edit" : m == Mode::Play ? "Play" : "Solution"; }

// Board keys the plugin may interpret: arrows, Enter, Escape, Backspace, Delete, printable characters.
int32_t plugin_key(sf::Keyboard::Key key, bool shift) {
    switch (key) {
    case sf::Keyboard::Up: return PZ_KEY_UP;
    case sf::Keyboard::Down: return PZ_KEY_DOWN;
    case sf::Keyboard::Left: return PZ_KEY_LEFT;
    case sf::Keyboard::Right: return PZ_KEY_RIGHT;
    case sf::Keyboard::Enter: return PZ_KEY_ENTER;
    case sf::Keyboard::BackSpace: return PZ_KEY_BACKSPACE;
    case sf::Keyboard::Delete: return PZ_KEY_DELETE;
    case sf::Keyboard::Space: return ' ';
    default: break;
    }
    if (key >= sf::Keyboard::A && key <= sf::Keyboard::Z) return (shift ? 'A' : 'a') + (key - sf::Keyboard::A);
    if (key >= sf::Keyboard::Num0 && key <= sf::Keyboard::Num9) return '0' + (key - sf::Keyboard::Num0);
    return 0;
}

sf::Keyboard::Key key_named(const std::string &name) {
    if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z')
        return sf::Keyboard::Key(sf::Keyboard::A + (name[0] - 'a'));
    if (name.size() == 1 && name[0] >= '0' && name[0] <= '9')
        return sf::Keyboard::Key(sf::Keyboard::Num0 + (name[0] - '0'));
    if (name.size() >= 2 && name[0] == 'f') return sf::Keyboard::Key(sf::Keyboard::F1 + std::stoi(name.substr(1)) - 1);
    static const std::pair<const char *, sf::Keyboard::Key> named[] = {
        {"escape", sf::Keyboard::Escape}, {"space", sf::Keyboard::Space}, {"enter", sf::Keyboard::Enter},
        {"left", sf::Keyboard::Left},     {"right", sf::Keyboard::Right}, {"up", sf::Keyboard::Up},
        {"down", sf::Keyboard::Down},     {"plus", sf::Keyboard::Add},    {"minus", sf::Keyboard::Subtract},
        {"home", sf::Keyboard::Home},     {"end", sf::Keyboard::End},     {"delete", sf::Keyboard::Delete}};
    for (auto &[n, k] : named)
        if (name == n) return k;
    return sf::Keyboard::Unknown;
}

} // namespace

std::string EditorApp::read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw host::InputError(path, "cannot read the file");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

EditorApp::EditorApp(std::shared_ptr<const host::PluginRegistry> registry, AppOptions options)
    : registry_(std::move(registry)), options_(std::move(options)),
      window_(sf::VideoMode(options_.width, options_.height), "Pluzzle editor", sf::Style::Default),
      session_(registry_, options_.session), recent_(RecentDatabases::file_for(options_.session.recovery_folder)) {
    window_.setVerticalSyncEnabled(false);
    window_.setFramerateLimit(60);
    imgui_ = std::make_unique<ImGuiSfmlBridge>(window_, kFont, 15);
    library_width_ = library_start_width(float(options_.width), inspector_width_);
    if (!registry_->plugins().empty()) new_type_ = registry_->plugins().front()->id();
    if (!options_.database.empty()) {
        reporting([&] { open_database(options_.database); });
    }
    orphans_ = session_.recovery().orphans();
    show_recovery_ = !orphans_.empty() && options_.script.empty();
    if (!options_.script.empty()) script_ = parse_script(read_file(options_.script), options_.script);
}

void EditorApp::report(const std::exception &e) {
    error_ = e.what();
    session_.set_message(std::string("error: ") + e.what());
    std::cerr << "pluzzle-editor: " << e.what() << "\n";
}

int EditorApp::run() {
    sf::Clock clock, frame_clock;
    while (window_.isOpen() && !quit_) {
        frame_clock.restart();
        const bool pack_solving = pack_job_ && pack_job_->running();
        sf::Event event;
        while (window_.pollEvent(event))
            handle_event(event);
        session_.poll();
        list_stored_results();
        poll_pack_solve();
        if (animate_ && session_.solution()) {
            animate_clock_ += clock.getElapsedTime().asSeconds();
            if (animate_clock_ > 0.4f) {
                animate_clock_ = 0;
                const size_t next = session_.solution_frame() + 1;
                session_.set_solution_frame(next >= session_.solution()->frames() ? 0 : next);
            }
        }
        imgui_->new_frame(clock.restart().asSeconds());
        if (const std::string title = window_title(session_); title != title_) {
            title_ = title;
            window_.setTitle(sf::String::fromUtf8(title.begin(), title.end()));
        }
        frame();
        imgui_->render();
        if (!script_.empty() && !run_script_step()) break;
        window_.display();
        (pack_solving ? pack_frame_ms_ : idle_frame_ms_).push_back(frame_clock.getElapsedTime().asSeconds() * 1000);
    }
    // Unsaved work stays in the recovery file (offered at the next start); saved work needs none.
    if (!session_.has_document() || !session_.document().dirty())
        session_.recovery().clear();
    else
        session_.autosave();
    return exit_code_;
}

void EditorApp::handle_event(const sf::Event &event) {
    imgui_->process_event(event);
    ImGuiIO &io = ImGui::GetIO();
    switch (event.type) {
    case sf::Event::Closed: guard_unsaved([this] { quit_ = true; }); break;
    case sf::Event::Resized:
        window_.setView(sf::View(sf::FloatRect(0, 0, float(event.size.width), float(event.size.height))));
        break; // draw_board refits a fitted board to the new area
    case sf::Event::KeyPressed:
        if (!io.WantTextInput) handle_key(event.key.code, event.key.control, event.key.shift, event.key.alt);
        break;
    case sf::Event::MouseWheelScrolled: {
        const float x = float(event.mouseWheelScroll.x), y = float(event.mouseWheelScroll.y);
        if (x >= board_x_ && y >= board_y_ && x < board_x_ + board_w_ && y < board_y_ + board_h_)
            view_.zoom_at({x, y}, event.mouseWheelScroll.delta > 0 ? 1.15f : 1 / 1.15f);
        break;
    }
    default: break;
    }
}

bool EditorApp::handle_key(sf::Keyboard::Key key, bool ctrl, bool shift, bool alt) {
    try {
        if (run_binding(key, ctrl, shift)) return true; // the table the F1 panel lists (key_bindings.cpp)
        if (ctrl) return false;
        if (!session_.has_document()) return false;
        if (session_.mode() == Mode::Solution && session_.solution()) {
            if (key == sf::Keyboard::Right || key == sf::Keyboard::Left) {
                const size_t f = session_.solution_frame();
                session_.set_solution_frame(key == sf::Keyboard::Right ? f + 1 : (f ? f - 1 : 0));
                refresh_board();
                return true;
            }
            if (key == sf::Keyboard::Space) {
                animate_ = !animate_;
                return true;
            }
        }
        if (session_.mode() == Mode::Edit && !alt && key >= sf::Keyboard::A && key <= sf::Keyboard::Z) {
            if (const ToolDesc *tool = session_.edit().tool_for_shortcut(char('a' + (key - sf::Keyboard::A)))) {
                session_.edit().select_tool(tool->id);
                return true;
            }
        }
        // Arrows move the keyboard cursor where the plugin says where its cells are; other plugins get them.
        if (!alt && (key == sf::Keyboard::Up || key == sf::Keyboard::Down || key == sf::Keyboard::Left ||
                     key == sf::Keyboard::Right)) {
            const int rows = key == sf::Keyboard::Up ? -1 : key == sf::Keyboard::Down ? 1 : 0;
            const int cols = key == sf::Keyboard::Left ? -1 : key == sf::Keyboard::Right ? 1 : 0;
            if (session_.move_cursor(rows, cols)) {
                refresh_board();
                return true;
            }
        }
        if (const int32_t k = plugin_key(key, shift)) {
            const bool changed =
                session_.key(k, (shift ? uint32_t(PZ_MOD_SHIFT) : 0u) | (alt ? uint32_t(PZ_MOD_ALT) : 0u));
            if (changed) refresh_board();
            return changed;
        }
    } catch (const std::exception &e) {
        report(e);
    }
    return false;
}

bool EditorApp::shortcut(const std::string &combo) {
    bool ctrl = false, shift = false, alt = false;
    std::string rest = combo;
    for (;;) {
        if (rest.rfind("ctrl+", 0) == 0)
            ctrl = true, rest = rest.substr(5);
        else if (rest.rfind("shift+", 0) == 0)
            shift = true, rest = rest.substr(6);
        else if (rest.rfind("alt+", 0) == 0)
            alt = true, rest = rest.substr(4);
        else
            break;
    }
    const sf::Keyboard::Key key = key_named(rest);
    if (key == sf::Keyboard::Unknown) throw host::InputError("key", "unknown key '" + combo + "'");
    return handle_key(key, ctrl, shift, alt);
}

void EditorApp::do_save() {
    if (!session_.library()) {
        show_open_db_ = true;
        return;
    }
    reporting([&] {
        session_.save(save_pack_);
        refresh_library();
    });
}

void EditorApp::show_document(std::optional<LevelMeta> meta) {
    meta_edit_ = meta ? *meta : session_.document().meta();
    // A level from the database shows (and saves to) its own pack.
    if (const std::string &pack = session_.document().origin().pack; !pack.empty()) save_pack_ = pack;
    refresh_board();
    view_fitted_ = false;
}

void EditorApp::refresh_board() {
    if (!session_.has_document()) return;
    reporting([&] {
        const host::Plugin &plugin = session_.document().plugin();
        // Just after a move, a plugin that animates draws the move part of the way through.
        if (session_.mode() == Mode::Play && session_.play() && plugin.can_animate())
            if (const auto &last = session_.play()->last_move()) {
                const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - last->at).count() /
                                 kMoveAnimationSeconds;
                if (t < 1) {
                    board_ = plugin.render_move(last->before.get(), last->move, float(t));
                    return;
                }
            }
        board_ = plugin.render(session_.document().level().get(), session_.board_state());
        // What a refused edit is about, in red, under the cursor.
        for (host::DrawItem &mark : session_.problem_marks())
            board_.items.push_back(std::move(mark));
        // The keyboard cursor on top: an outline the colour of a selection, thick enough to see on any board.
        if (const std::vector<pz_point> outline = session_.cursor_outline(); outline.size() >= 2) {
            host::DrawItem cursor;
            cursor.kind = host::DrawItem::Polygon;
            cursor.points = outline;
            cursor.stroke = {255, 140, 0, 255};
            cursor.width = 3;
            board_.items.push_back(std::move(cursor));
        }
    });
}

void EditorApp::list_stored_results() {
    if (session_.results_stored() == results_listed_) return;
    results_listed_ = session_.results_stored();
    refresh_library();
}

void EditorApp::open_database(const std::string &path) {
    session_.open_database(path);
    recent_.add(path);
    current_pack_.clear();
    refresh_library();
}

void EditorApp::fit_view() {
    view_.fit(board_.width, board_.height, board_x_, board_y_, board_w_, board_h_, 24);
    view_fitted_ = true;
}

void EditorApp::board_press(float sx, float sy, int button) {
    const pz_point p = view_.to_drawing({sx, sy});
    reporting([&] {
        if (session_.press(p.x, p.y, button)) refresh_board();
    });
}

void EditorApp::board_drag(float sx, float sy) {
    const pz_point p = view_.to_drawing({sx, sy});
    reporting([&] {
        if (session_.drag(p.x, p.y)) refresh_board();
    });
}

void EditorApp::board_release(float sx, float sy) {
    const pz_point p = view_.to_drawing({sx, sy});
    reporting([&] {
        if (session_.release(p.x, p.y)) refresh_board();
    });
}

void EditorApp::frame() {
    // A board drawn from the session every frame would call the plugin 60 times a second: redraw on change only,
    // but play mode's AI and solution animation change the state behind our back.
    if (session_.has_document() && session_.mode() != Mode::Edit) refresh_board();
    draw_menu();
    draw_library();
    draw_inspector();
    draw_board();
    draw_status();
    draw_dialogs();
    draw_help();
    draw_unsaved_prompt();
}

void EditorApp::draw_menu() {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("New level...", "Ctrl+N")) guard_unsaved([this] { show_new_ = true; });
        if (ImGui::MenuItem("Open database...", "Ctrl+O")) show_open_db_ = true;
        if (ImGui::BeginMenu("Recent databases", !recent_.paths().empty())) {
            for (const std::string &path : recent_.paths())
                if (ImGui::MenuItem(path.c_str())) reporting([&] { open_database(path); });
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem("Save", "Ctrl+S", false, session_.has_document())) do_save();
        ImGui::Separator();
        if (ImGui::MenuItem("Import pack file...", "Ctrl+I", false, session_.library() != nullptr)) show_import_ = true;
        if (ImGui::MenuItem("Export pack file...", "Ctrl+E", false, session_.library() != nullptr)) show_export_ = true;
        if (ImGui::MenuItem("Print pack...", nullptr, false, session_.library() != nullptr)) show_print_ = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) guard_unsaved([this] { quit_ = true; });
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keys and mouse", "F1")) show_help_ = !show_help_;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        if (ImGui::MenuItem("Undo", "Ctrl+Z")) shortcut("ctrl+z");
        if (ImGui::MenuItem("Redo", "Ctrl+Y")) shortcut("ctrl+y");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Level")) {
        if (ImGui::MenuItem("Edit mode", "F2")) shortcut("f2");
        if (ImGui::MenuItem("Play mode", "F3")) shortcut("f3");
        if (ImGui::MenuItem("Show solution", "F4")) shortcut("f4");
        if (ImGui::MenuItem("Solve", "F5")) shortcut("f5");
        if (ImGui::MenuItem("Cancel solve", "Esc")) shortcut("escape");
        if (ImGui::MenuItem("Fit board", "Home")) fit_view();
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

float EditorApp::panel_max_width(float other_panel) const {
    return std::max(kPanelMinWidth, float(window_.getSize().x) - other_panel - kBoardMinWidth);
}

void EditorApp::set_panel_widths(float library, float inspector) {
    library_width_ = std::clamp(library, kPanelMinWidth, panel_max_width(kPanelMinWidth));
    inspector_width_ = std::clamp(inspector, kPanelMinWidth, panel_max_width(library_width_));
}

void EditorApp::draw_board() {
    const float w = float(window_.getSize().x), h = float(window_.getSize().y);
    const float old_w = board_w_, old_h = board_h_;
    board_x_ = library_width_;
    board_y_ = kMenuHeight;
    board_w_ = std::max(50.0f, w - library_width_ - inspector_width_);
    board_h_ = std::max(50.0f, h - kMenuHeight - kStatusHeight);
    // A fitted board keeps filling its area as the panels or the window change; a zoomed or panned one stays put.
    if ((old_w != board_w_ || old_h != board_h_) && view_.fitted) view_fitted_ = false;
    ImGui::SetNextWindowPos(ImVec2(board_x_, board_y_));
    ImGui::SetNextWindowSize(ImVec2(board_w_, board_h_));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("Board", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    if (session_.has_document()) {
        if (!view_fitted_) fit_view();
        ImDrawList &dl = *ImGui::GetWindowDrawList();
        dl.PushClipRect(ImVec2(board_x_, board_y_), ImVec2(board_x_ + board_w_, board_y_ + board_h_), true);
        draw_display_list(dl, board_, view_);
        draw_problem(dl, board_, view_, session_.mode() == Mode::Edit ? session_.problem() : std::string());
        dl.PopClipRect();

        // Mouse: left/right go to the plugin; middle drag pans; the wheel zooms (handle_event).
        ImGui::SetCursorScreenPos(ImVec2(board_x_, board_y_));
        ImGui::InvisibleButton("board", ImVec2(board_w_, board_h_),
                               ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                                   ImGuiButtonFlags_MouseButtonMiddle);
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (ImGui::IsItemHovered()) {
            for (int b = 0; b < 2; ++b)
                if (ImGui::IsMouseClicked(b)) board_press(m.x, m.y, b);
            if (ImGui::IsMouseClicked(2)) panning_ = true, pan_last_x_ = m.x, pan_last_y_ = m.y;
        }
        if (session_.edit().pointer_down() || (session_.play() && session_.mode() == Mode::Play)) {
            for (int b = 0; b < 2; ++b) {
                if (ImGui::IsMouseDragging(b, 1.0f) && ImGui::GetIO().MouseDelta.x + ImGui::GetIO().MouseDelta.y != 0)
                    board_drag(m.x, m.y);
                if (ImGui::IsMouseReleased(b)) board_release(m.x, m.y);
            }
        }
        if (panning_) {
            view_.pan(m.x - pan_last_x_, m.y - pan_last_y_);
            pan_last_x_ = m.x, pan_last_y_ = m.y;
            if (!ImGui::IsMouseDown(2)) panning_ = false;
        }
    } else {
        ImGui::SetCursorPos(ImVec2(20, 20));
        ImGui::TextUnformatted("Ctrl+N: new level\nCtrl+O: open a level database"); // fits a 300 px board
    }
    ImGui::End();
}

void EditorApp::draw_status() {
    const float w = float(window_.getSize().x), h = float(window_.getSize().y);
    ImGui::SetNextWindowPos(ImVec2(0, h - kStatusHeight));
    ImGui::SetNextWindowSize(ImVec2(w, kStatusHeight));
    ImGui::Begin("Status", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
    std::string text = session_.has_document() ? std::string(mode_name(session_.mode())) + " | " : "";
    text += session_.message();
    if (session_.has_document() && !session_.problem().empty()) text += " | problem: " + session_.problem();
    ImGui::TextUnformatted(text.c_str());
    ImGui::End();
}


bool EditorApp::screenshot(const std::string &path) {
    sf::Texture texture;
    texture.create(window_.getSize().x, window_.getSize().y);
    texture.update(window_);
    return texture.copyToImage().saveToFile(path);
}

} // namespace pluzzle::editor::app
