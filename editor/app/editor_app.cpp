#include "editor_app.hpp"

#include "board_view.hpp"
#include "window_title.hpp"

#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/jobs/pack_booklet.hpp>
#include <pluzzle/host/base/text_file.hpp>

#include <imgui.h>
#include <imgui_stdlib.h>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/System/Clock.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace pluzzle::editor::app {
namespace {

const char *kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kMenuHeight = 22, kStatusHeight = 26;
// The side panels' widths are the author's (drag an inner edge); these bound them so the board keeps a usable area.
constexpr float kPanelMinWidth = 160, kBoardMinWidth = 200;

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw host::InputError(path, "cannot read the file");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

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

EditorApp::EditorApp(std::shared_ptr<const host::PluginRegistry> registry, AppOptions options)
    : registry_(std::move(registry)), options_(std::move(options)),
      window_(sf::VideoMode(options_.width, options_.height), "Pluzzle editor", sf::Style::Default),
      session_(registry_, options_.session), recent_(RecentDatabases::file_for(options_.session.recovery_folder)) {
    window_.setVerticalSyncEnabled(false);
    window_.setFramerateLimit(60);
    imgui_ = std::make_unique<ImGuiSfmlBridge>(window_, kFont, 15);
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

void EditorApp::open_database(const std::string &path) {
    session_.open_database(path);
    recent_.add(path);
    current_pack_.clear();
    refresh_library();
}

void EditorApp::guard_unsaved(std::function<void()> then) {
    if (!session_.has_document() || !session_.document().dirty()) {
        then();
        return;
    }
    after_prompt_ = std::move(then);
    unsaved_prompt_ = true;
}

void EditorApp::answer_unsaved(const std::string &answer) {
    if (!unsaved_prompt_) throw host::InputError("answer", "no question is open");
    if (answer != "save" && answer != "discard" && answer != "cancel")
        throw host::InputError("answer", "answer save, discard or cancel, not '" + answer + "'");
    unsaved_prompt_ = false;
    std::function<void()> then = std::move(after_prompt_);
    after_prompt_ = nullptr;
    if (answer == "cancel") return;
    if (answer == "save") {
        do_save();
        if (session_.document().dirty()) return; // not saved (no database, or refused): stay, the status says why
    }
    then();
}

// The question a dirty level asks before it is left (quit, another level, a new one): Save / Discard / Cancel.
void EditorApp::draw_unsaved_prompt() {
    if (unsaved_prompt_ && !ImGui::IsPopupOpen("Unsaved changes")) ImGui::OpenPopup("Unsaved changes");
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextUnformatted("The level has unsaved changes.");
    std::string answer;
    if (ImGui::Button("Save")) answer = "save";
    ImGui::SameLine();
    if (ImGui::Button("Discard")) answer = "discard";
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) answer = "cancel";
    if (!answer.empty() || !unsaved_prompt_) {
        ImGui::CloseCurrentPopup();
        if (!answer.empty()) reporting([&] { answer_unsaved(answer); });
    }
    ImGui::EndPopup();
}

void EditorApp::print_pack(const std::string &path, unsigned per_page) {
    if (!session_.library()) throw host::InputError("print", "no database open (File > Open database)");
    if (host::drawing_format(path) != "pdf")
        throw host::InputError(path, "a booklet is a PDF: name the file *.pdf", 0, 0, "file");
    const std::string pack = current_pack_.empty() ? save_pack_ : current_pack_;
    host::PackBookletOptions options;
    options.layout.per_page = per_page;
    options.site = {session_.sandbox(), nullptr};
    const host::PackBooklet booklet = host::pack_booklet(session_.library()->store(), *registry_, pack, options);
    host::write_text_file(path, host::pdf_document(booklet.pages, 1));
    session_.set_message("printed pack '" + pack + "' to " + path + ": " + std::to_string(booklet.levels) +
                         " level(s), " + std::to_string(booklet.pages.size()) + " page(s)");
}

void EditorApp::start_pack_solve(double timeout_s) {
    if (!session_.library()) throw host::InputError("solve-pack", "no database open (File > Open database)");
    if (current_pack_.empty()) throw host::InputError("solve-pack", "choose a pack to solve first");
    if (pack_job_ && pack_job_->running()) throw host::InputError("solve-pack", "a pack is being solved already");
    pack_frame_ms_.clear();
    idle_frame_ms_.clear(); // the baseline: the frames from here on without a solve
    pack_job_ = std::make_unique<PackSolveJob>(session_.library()->path(), current_pack_, registry_, timeout_s);
    session_.set_message("solving pack '" + current_pack_ + "'...");
}

void EditorApp::poll_pack_solve() {
    if (!pack_job_) return;
    const std::vector<host::BulkItem> arrived = pack_job_->take_results();
    if (!arrived.empty()) {
        std::unordered_map<int64_t, LevelRow *> by_id;
        for (LevelRow &r : rows_)
            by_id[r.id] = &r;
        for (const host::BulkItem &item : arrived)
            if (const auto it = by_id.find(item.level_id); it != by_id.end()) {
                it->second->status = item.status;
                it->second->measured.reset();
                if (!std::isnan(item.difficulty)) it->second->measured = item.difficulty;
                it->second->measured_label = item.difficulty_label;
                it->second->time_ms = item.time_ms;
            }
    }
    if (!pack_job_->running() && arrived.empty()) {
        const std::string error = pack_job_->error();
        session_.set_message(!error.empty() ? "pack solve failed: " + error
                             : pack_job_->cancelled()
                                 ? "pack solve cancelled after " + std::to_string(pack_job_->done()) + " level(s)"
                                 : "solved pack '" + pack_job_->pack() + "': " + std::to_string(pack_job_->done()) +
                                       " level(s)");
        pack_job_.reset();
    }
}

// While a pack solves: its progress and a Cancel button. With graded levels in the pack shown: the difficulty curve,
// position -> estimate, so an author sees where the pack stumbles.
void EditorApp::draw_pack_solve() {
    if (pack_job_) {
        const size_t total = std::max<size_t>(1, pack_job_->total());
        const std::string label = std::to_string(pack_job_->done()) + " / " + std::to_string(pack_job_->total());
        ImGui::ProgressBar(float(pack_job_->done()) / float(total), ImVec2(-70, 0), label.c_str());
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) pack_job_->cancel();
    }
    if (current_pack_.empty()) return;
    std::vector<float> curve;
    bool graded = false;
    for (const LevelRow &r : rows_) {
        curve.push_back(r.measured ? float(*r.measured) : 0.f);
        graded = graded || r.measured.has_value();
    }
    if (!graded) return;
    // An explicit width: this ImGui's PlotLines does not read -1 as "the rest of the line".
    ImGui::PlotLines("##curve", curve.data(), int(curve.size()), 0, "difficulty by position", 0.f, 10.f,
                     ImVec2(ImGui::GetContentRegionAvail().x, 70));
}

int64_t EditorApp::level_named(const std::string &word) const {
    if (!word.empty() && word[0] == '@') {
        for (const LevelRow &r : rows_)
            if (r.name == word.substr(1)) return r.id;
        throw host::InputError("library", "no level named '" + word.substr(1) + "' in the list", 0, 0, "level");
    }
    try {
        return std::stoll(word);
    } catch (const std::exception &) {
        throw host::InputError("library", "expected a level id or @name, found '" + word + "'", 0, 0, "level");
    }
}

std::vector<const LevelRow *> EditorApp::visible_rows() const {
    std::vector<const LevelRow *> out;
    for (const LevelRow &r : rows_)
        if (row_matches(r, filter_)) out.push_back(&r);
    return out;
}

void EditorApp::library_action(const std::vector<std::string> &words) {
    PackEditor *packs = session_.packs();
    if (!packs) throw host::InputError("library", "no database open (File > Open database)");
    const auto arg = [&](size_t i) -> const std::string & {
        if (i >= words.size())
            throw host::InputError("library", "'" + words.at(0) + "' needs " + std::to_string(i) + " argument(s)");
        return words[i];
    };
    const std::string pack = current_pack_.empty() ? "editor" : current_pack_;
    const std::string &verb = arg(0);
    std::string said;
    if (verb == "sort") {
        if (current_pack_.empty()) throw host::InputError("library", "choose a pack to sort first");
        said = packs->sort(current_pack_, arg(1));
    } else if (verb == "move") {
        said = packs->move({level_named(arg(1))}, arg(2));
    } else if (verb == "delete") {
        said = packs->remove({level_named(arg(1))});
    } else if (verb == "rename") {
        said = packs->rename_pack(arg(1), arg(2));
        if (current_pack_ == arg(1)) current_pack_ = arg(2);
    } else if (verb == "delete-pack") {
        said = packs->delete_pack(arg(1));
        if (current_pack_ == arg(1)) current_pack_.clear();
    } else if (verb == "paste-file") {
        said = packs->paste(read_file(arg(1)), pack, arg(1));
    } else if (verb == "paste-text") {
        said = packs->paste(arg(1), pack);
    } else if (verb == "copy") {
        ImGui::SetClipboardText(packs->text_of(level_named(arg(1))).c_str());
        said = "copied level " + arg(1) + "'s text";
    } else if (verb == "undo") {
        said = packs->undo();
        if (said.empty()) said = "nothing to undo in the library";
    } else if (verb == "redo") {
        said = packs->redo();
        if (said.empty()) said = "nothing to redo in the library";
    } else {
        throw host::InputError("library", "unknown library action '" + verb +
                                              "' (sort, move, delete, rename, delete-pack, paste-file, paste-text, "
                                              "copy, undo, redo)");
    }
    // A pack that is gone (renamed back by an undo, or deleted) cannot stay chosen.
    if (!current_pack_.empty() && !session_.library()->store().find_pack(current_pack_)) current_pack_.clear();
    session_.set_message(said);
    refresh_library();
}

void EditorApp::refresh_library() {
    if (!session_.library()) return;
    reporting([&] { rows_ = session_.library()->levels(current_pack_); });
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

// The Pack menu above the list: what works on the pack shown (sort, paste, rename, delete) and the library's
// undo/redo, each one undoable step (pack_editor.hpp).
void EditorApp::draw_library_menu() {
    PackEditor *packs = session_.packs();
    if (!packs) return;
    if (ImGui::Button("Pack...")) ImGui::OpenPopup("pack-menu");
    ImGui::SameLine();
    if (ImGui::Button("Undo") && packs->can_undo()) reporting([&] { library_action({"undo"}); });
    ImGui::SameLine();
    if (ImGui::Button("Redo") && packs->can_redo()) reporting([&] { library_action({"redo"}); });
    if (!ImGui::BeginPopup("pack-menu")) return;
    const bool one = !current_pack_.empty();
    if (ImGui::MenuItem("Sort by measured difficulty", nullptr, false, one))
        reporting([&] { library_action({"sort", "difficulty"}); });
    if (ImGui::MenuItem("Sort by name", nullptr, false, one)) reporting([&] { library_action({"sort", "name"}); });
    if (ImGui::MenuItem("Solve pack (10 s a level)", nullptr, false, one && !pack_job_))
        reporting([&] { start_pack_solve(10); });
    if (ImGui::MenuItem("Paste level text as new levels"))
        reporting([&] {
            const char *text = ImGui::GetClipboardText();
            library_action({"paste-text", text ? text : ""});
        });
    ImGui::Separator();
    ImGui::InputTextWithHint("##rename", "new name", &pack_name_edit_);
    if (ImGui::MenuItem("Rename pack", nullptr, false, one && !pack_name_edit_.empty()))
        reporting([&] { library_action({"rename", current_pack_, pack_name_edit_}); });
    if (ImGui::MenuItem("Delete pack", nullptr, false, one))
        reporting([&] { library_action({"delete-pack", current_pack_}); });
    ImGui::EndPopup();
}

float EditorApp::panel_max_width(float other_panel) const {
    return std::max(kPanelMinWidth, float(window_.getSize().x) - other_panel - kBoardMinWidth);
}

void EditorApp::set_panel_widths(float library, float inspector) {
    library_width_ = std::clamp(library, kPanelMinWidth, panel_max_width(kPanelMinWidth));
    inspector_width_ = std::clamp(inspector, kPanelMinWidth, panel_max_width(library_width_));
}

void EditorApp::draw_library() {
    const float h = float(window_.getSize().y) - kMenuHeight - kStatusHeight;
    ImGui::SetNextWindowPos(ImVec2(0, kMenuHeight));
    ImGui::SetNextWindowSize(ImVec2(library_width_, h));
    ImGui::SetNextWindowSizeConstraints(ImVec2(kPanelMinWidth, h), ImVec2(panel_max_width(inspector_width_), h));
    ImGui::Begin("Library", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
    library_width_ = ImGui::GetWindowWidth(); // what the author dragged it to this frame
    if (!session_.library()) {
        ImGui::TextWrapped("No database open. File > Open database (Ctrl+O) opens or creates one.");
        ImGui::End();
        return;
    }
    ImGui::TextWrapped("%s", session_.library()->path().c_str());
    if (ImGui::BeginCombo("Pack", current_pack_.empty() ? "(all packs)" : current_pack_.c_str())) {
        if (ImGui::Selectable("(all packs)", current_pack_.empty())) current_pack_.clear(), refresh_library();
        for (auto &p : session_.library()->packs()) {
            const std::string label = p.name + " (" + std::to_string(p.level_count) + ")";
            if (ImGui::Selectable(label.c_str(), current_pack_ == p.name)) current_pack_ = p.name, refresh_library();
        }
        ImGui::EndCombo();
    }
    ImGui::InputTextWithHint("##filter", "search: name, type, author, status", &filter_);
    draw_library_menu();
    draw_pack_solve();
    // Drag a row onto another to put it there (one pack shown and no search: the order is the pack's).
    const bool can_drag = session_.packs() && !current_pack_.empty() && filter_.empty();
    std::optional<std::pair<int64_t, int64_t>> dropped; // (dragged level, the level it was dropped on)
    if (ImGui::BeginTable("levels", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupColumn("Name");
        ImGui::TableSetupColumn("Type");
        ImGui::TableSetupColumn("Size");
        ImGui::TableSetupColumn("Status");
        ImGui::TableSetupColumn("Par");
        ImGui::TableSetupColumn("Time");
        ImGui::TableSetupColumn("Diff.");
        ImGui::TableHeadersRow();
        for (const LevelRow *shown : visible_rows()) {
            const LevelRow &row = *shown;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const bool open = session_.has_document() && session_.document().origin().level_id == row.id;
            const std::string label =
                (row.name.empty() ? "#" + std::to_string(row.id) : row.name) + "##" + std::to_string(row.id);
            if (ImGui::Selectable(label.c_str(), open, ImGuiSelectableFlags_SpanAllColumns)) {
                const int64_t id = row.id;
                guard_unsaved([this, id] {
                    reporting([&] {
                        session_.open_level(id);
                        show_document();
                    });
                });
            }
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s%s%s%s", row.name.empty() ? "(no name)" : row.name.c_str(),
                                  row.author.empty() ? "" : ("\nby " + row.author).c_str(),
                                  row.difficulty.empty() ? "" : ("\nrated " + row.difficulty).c_str(),
                                  row.measured_label.empty() ? "" : ("\nmeasured: " + row.measured_label).c_str());
            if (can_drag && ImGui::BeginDragDropSource()) {
                ImGui::SetDragDropPayload("pluzzle-level", &row.id, sizeof row.id);
                ImGui::TextUnformatted(row.name.empty() ? "(level)" : row.name.c_str());
                ImGui::EndDragDropSource();
            }
            if (can_drag && ImGui::BeginDragDropTarget()) {
                if (const ImGuiPayload *p = ImGui::AcceptDragDropPayload("pluzzle-level"))
                    dropped = std::make_pair(*static_cast<const int64_t *>(p->Data), row.id);
                ImGui::EndDragDropTarget();
            }
            if (ImGui::BeginPopupContextItem()) { // right click: this level's operations
                const std::string id = std::to_string(row.id);
                if (ImGui::MenuItem("Copy level text")) reporting([&] { library_action({"copy", id}); });
                if (ImGui::MenuItem("Duplicate as a new level"))
                    reporting([&] {
                        session_.new_level_from_text(row.type, session_.packs()->text_of(row.id));
                        show_document();
                    });
                if (ImGui::MenuItem("Delete level")) reporting([&] { library_action({"delete", id}); });
                if (ImGui::BeginMenu("Move to pack")) {
                    for (auto &p : session_.library()->packs())
                        if (ImGui::MenuItem(p.name.c_str())) reporting([&] { library_action({"move", id, p.name}); });
                    ImGui::InputTextWithHint("##to", "new pack", &pack_name_edit_);
                    if (ImGui::MenuItem("Move to the new pack", nullptr, false, !pack_name_edit_.empty()))
                        reporting([&] { library_action({"move", id, pack_name_edit_}); });
                    ImGui::EndMenu();
                }
                ImGui::EndPopup();
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.type.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.size.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.status.empty() ? "-" : row.status.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.par.c_str());
            ImGui::TableNextColumn();
            if (row.time_ms)
                ImGui::Text(*row.time_ms < 1000 ? "%.0f ms" : "%.1f s",
                            *row.time_ms < 1000 ? *row.time_ms : *row.time_ms / 1000);
            else
                ImGui::TextUnformatted("-");
            ImGui::TableNextColumn();
            if (row.measured) {
                ImGui::Text("%.1f", *row.measured);
                if (ImGui::IsItemHovered() && !row.measured_label.empty())
                    ImGui::SetTooltip("%s", row.measured_label.c_str());
            } else {
                ImGui::TextUnformatted("-");
            }
        }
        ImGui::EndTable();
    }
    if (dropped && dropped->first != dropped->second)
        reporting([&] {
            // Dropped on a row below: after it; on a row above: before it (so any place can be reached).
            const auto at = [&](int64_t id) {
                return std::find_if(rows_.begin(), rows_.end(), [&](const LevelRow &r) { return r.id == id; }) -
                       rows_.begin();
            };
            const bool down = at(dropped->first) < at(dropped->second);
            std::vector<int64_t> order;
            for (const LevelRow &r : rows_)
                if (r.id != dropped->first) order.push_back(r.id);
            order.insert(std::find(order.begin(), order.end(), dropped->second) + (down ? 1 : 0), dropped->first);
            session_.set_message(session_.packs()->reorder(current_pack_, order));
            refresh_library();
        });
    ImGui::End();
}

void EditorApp::draw_inspector() {
    const float w = float(window_.getSize().x), h = float(window_.getSize().y) - kMenuHeight - kStatusHeight;
    ImGui::SetNextWindowPos(ImVec2(w - inspector_width_, kMenuHeight));
    ImGui::SetNextWindowSize(ImVec2(inspector_width_, h));
    ImGui::SetNextWindowSizeConstraints(ImVec2(kPanelMinWidth, h), ImVec2(panel_max_width(library_width_), h));
    ImGui::Begin("Level", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
    inspector_width_ = ImGui::GetWindowWidth(); // dragging its left edge widens it towards the board
    if (!session_.has_document()) {
        ImGui::TextWrapped("No level. File > New level (Ctrl+N), or pick one in the library.");
        ImGui::End();
        return;
    }
    Document &doc = session_.document();
    ImGui::Text("%s%s", doc.plugin().name().c_str(), doc.dirty() ? "  (unsaved)" : "");
    int mode = int(session_.mode());
    if (ImGui::RadioButton("Edit (F2)", mode == 0)) shortcut("f2");
    if (doc.plugin().can(PZ_CAP_PLAY)) {
        ImGui::SameLine();
        if (ImGui::RadioButton("Play (F3)", mode == 1)) shortcut("f3");
    }
    if (session_.solution()) {
        ImGui::SameLine();
        if (ImGui::RadioButton("Solution (F4)", mode == 2)) shortcut("f4");
    }

    if (ImGui::CollapsingHeader("Metadata", ImGuiTreeNodeFlags_DefaultOpen)) {
        bool changed = ImGui::InputText("Name", &meta_edit_.name);
        changed |= ImGui::InputText("Author", &meta_edit_.author);
        changed |= ImGui::InputText("Difficulty", &meta_edit_.difficulty);
        if (changed) session_.document().set_meta(meta_edit_);
        ImGui::InputText("Pack", &save_pack_);
        if (ImGui::Button("Save (Ctrl+S)")) do_save();
    }
    if (session_.mode() == Mode::Edit && ImGui::CollapsingHeader("Tools", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (auto &tool : session_.edit().tools()) {
            std::string label = tool.name;
            if (!tool.shortcut.empty()) label += "  [" + tool.shortcut + "]";
            if (ImGui::RadioButton(label.c_str(), session_.edit().tool() == tool.id))
                session_.edit().select_tool(tool.id);
            if (ImGui::IsItemHovered() && !tool.help.empty()) ImGui::SetTooltip("%s", tool.help.c_str());
        }
        ImGui::InputTextWithHint("##typed", "typed edit, e.g. from the tool's help", &typed_edit_);
        ImGui::SameLine();
        if (ImGui::Button("Apply") && !typed_edit_.empty()) {
            if (session_.edit().type_edit(typed_edit_)) refresh_board();
        }
        ImGui::BeginDisabled(!doc.can_undo());
        if (ImGui::Button("Undo")) shortcut("ctrl+z");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(!doc.can_redo());
        if (ImGui::Button("Redo")) shortcut("ctrl+y");
        ImGui::EndDisabled();
    }
    if (doc.plugin().can(PZ_CAP_SOLVE) && ImGui::CollapsingHeader("Solve", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (const SolveJob *job = session_.solve_job()) {
            const SolveProgress p = job->progress();
            char overlay[96];
            std::snprintf(overlay, sizeof overlay, "%.1f s, %llu nodes", p.elapsed_s, (unsigned long long)p.nodes);
            ImGui::ProgressBar(p.fraction >= 0 ? float(p.fraction) : float(std::fmod(p.elapsed_s, 1.0)), ImVec2(-1, 0),
                               overlay);
            if (!p.message.empty()) ImGui::TextWrapped("%s", p.message.c_str());
            if (ImGui::Button("Cancel (Esc)")) session_.cancel_solve();
        } else if (ImGui::Button("Solve (F5)")) {
            session_.start_solve();
        }
        if (const auto &r = session_.last_report()) {
            ImGui::Text("%s, %zu solution(s), %.0f ms", solve_status_text(r->status), r->solutions.size(), r->time_ms);
            for (size_t i = 0; i < r->solutions.size(); ++i) {
                const std::string label = "Show solution " + std::to_string(i + 1);
                if (ImGui::Button(label.c_str())) session_.show_solution(i), refresh_board();
            }
        }
        if (session_.mode() == Mode::Solution && session_.solution()) {
            int f = int(session_.solution_frame());
            if (ImGui::SliderInt("Step", &f, 0, int(session_.solution()->frames()) - 1))
                session_.set_solution_frame(size_t(f));
            ImGui::Checkbox("Animate (Space)", &animate_);
        }
    }
    if (session_.mode() == Mode::Play && session_.play()) {
        PlaySession &play = *session_.play();
        const host::PlayStatus st = play.status();
        ImGui::Separator();
        ImGui::TextWrapped("%s%s",
                           st.phase == PZ_PLAY_SOLVED      ? "Solved! "
                           : st.phase == PZ_PLAY_GAME_OVER ? "Game over. "
                                                           : "",
                           st.message.c_str());
        ImGui::Text("moves: %u", st.moves);
        if (st.players > 1) {
            // Whose AI profiles (e.g. an adaptive AI's skill) this game uses and updates.
            if (player_edit_.empty()) player_edit_ = session_.player();
            if (ImGui::InputText("You are", &player_edit_) && !player_edit_.empty()) session_.set_player(player_edit_);
            const auto &ais = doc.plugin().ais();
            for (unsigned p = 0; p < st.players; ++p) {
                const std::string label = "Player " + std::to_string(p + 1) + (st.to_move == p ? " (to move)" : "");
                const std::string &seat = play.seat(p);
                if (ImGui::BeginCombo(label.c_str(), seat.empty() ? "person" : seat.c_str())) {
                    reporting([&] {
                        if (ImGui::Selectable("person", seat.empty())) play.set_seat(p, "");
                        for (auto &ai : ais)
                            if (ImGui::Selectable(ai.name.c_str(), seat == ai.id)) play.set_seat(p, ai.id);
                    });
                    ImGui::EndCombo();
                }
                ImGui::SameLine();
                ImGui::Text("%.0f", p < st.scores.size() ? st.scores[p] : 0.0);
            }
            if (play.ai_thinking()) ImGui::TextUnformatted("AI is thinking...");
        }
        if (ImGui::Button("Restart")) play.restart();
    }
    ImGui::End();
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
        ImGui::TextUnformatted("Ctrl+N: new level    Ctrl+O: open a level database");
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

void EditorApp::draw_dialogs() {
    if (show_new_) {
        ImGui::OpenPopup("New level");
        show_new_ = false;
    }
    if (ImGui::BeginPopupModal("New level", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        auto plugin = registry_->find(new_type_);
        if (ImGui::BeginCombo("Type", new_type_.c_str())) {
            for (auto &p : registry_->plugins())
                if (ImGui::Selectable((p->id() + "  " + p->name()).c_str(), p->id() == new_type_)) {
                    new_type_ = p->id();
                    new_param_values_.clear();
                }
            ImGui::EndCombo();
        }
        plugin = registry_->find(new_type_);
        if (plugin && (plugin->can(PZ_CAP_GENERATE) || plugin->can_blank())) {
            const auto &params = plugin->params();
            if (new_param_values_.size() != params.size()) {
                new_param_values_.clear();
                for (auto &p : params)
                    new_param_values_.push_back(p.default_value);
            }
            for (size_t i = 0; i < params.size(); ++i) {
                ImGui::InputText(params[i].name.c_str(), &new_param_values_[i]);
                if (ImGui::IsItemHovered() && !params[i].help.empty()) ImGui::SetTooltip("%s", params[i].help.c_str());
            }
            host::KeyValues kv;
            for (size_t i = 0; i < params.size(); ++i)
                kv.emplace_back(params[i].name, new_param_values_[i]);
            const auto create = [&](bool blank) {
                reporting([&] {
                    if (blank)
                        session_.new_blank_level(new_type_, kv);
                    else
                        session_.new_level(new_type_, kv, uint64_t(new_seed_));
                    show_document({});
                    ImGui::CloseCurrentPopup();
                });
            };
            if (plugin->can(PZ_CAP_GENERATE)) {
                ImGui::InputInt("Seed", &new_seed_);
                if (ImGui::Button("Generate")) create(false);
            }
            if (plugin->can_blank()) {
                if (plugin->can(PZ_CAP_GENERATE)) ImGui::SameLine();
                if (ImGui::Button("Blank")) create(true);
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("an empty level of this size, to edit from scratch");
            }
        }
        ImGui::Separator();
        if (plugin && !plugin->formats().empty())
            ImGui::TextWrapped("Or type a level (%s):", plugin->formats()[0].description.c_str());
        ImGui::InputTextMultiline("##text", &new_text_, ImVec2(420, 120));
        if (ImGui::Button("From text")) {
            reporting([&] {
                session_.new_level_from_text(new_type_, new_text_);
                show_document();
                ImGui::CloseCurrentPopup();
            });
        }
        ImGui::SameLine();
        if (ImGui::Button("Close")) ImGui::CloseCurrentPopup();
        if (!error_.empty()) ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", error_.c_str());
        ImGui::EndPopup();
    }
    auto path_dialog = [&](bool &show, const char *title, const char *label, std::string &path, auto &&action) {
        if (show) {
            ImGui::OpenPopup(title);
            show = false;
        }
        if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
            ImGui::InputText(label, &path);
            if (ImGui::Button("OK")) {
                reporting([&] {
                    action();
                    ImGui::CloseCurrentPopup();
                });
            }
            ImGui::SameLine();
            if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
            if (!error_.empty()) ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1), "%s", error_.c_str());
            ImGui::EndPopup();
        }
    };
    path_dialog(show_open_db_, "Open database", "Path", db_path_, [&] {
        open_database(db_path_);
        refresh_library();
    });
    path_dialog(show_import_, "Import pack file", "Pack file", pack_file_, [&] {
        const ImportReport r = session_.library()->import_pack_file(pack_file_);
        session_.set_message("imported " + std::to_string(r.added) + " level(s), " + std::to_string(r.duplicates) +
                             " duplicate(s), " + std::to_string(r.skipped.size()) + " skipped");
        refresh_library();
    });
    path_dialog(show_print_, "Print pack (PDF booklet, 4 a page)", "PDF file", print_file_,
                [&] { print_pack(print_file_, unsigned(print_per_page_)); });
    path_dialog(show_export_, "Export pack file", "Pack file", pack_file_, [&] {
        session_.library()->export_pack_file(current_pack_.empty() ? save_pack_ : current_pack_, pack_file_);
        session_.set_message("exported to " + pack_file_);
    });
    if (show_recovery_) {
        ImGui::OpenPopup("Recover unsaved work");
        show_recovery_ = false;
    }
    if (ImGui::BeginPopupModal("Recover unsaved work", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("An editor ended without saving these levels:");
        for (size_t i = 0; i < orphans_.size(); ++i) {
            const RecoveredLevel &r = orphans_[i];
            ImGui::Text("%s '%s' (%s)", r.type.c_str(), r.meta.name.c_str(), r.origin.database.c_str());
            ImGui::SameLine();
            if (ImGui::Button(("Restore##" + std::to_string(i)).c_str())) {
                reporting([&] {
                    if (!r.origin.database.empty()) {
                        session_.open_database(r.origin.database);
                        refresh_library();
                    }
                    session_.set_document(RecoveryStore::restore(r, *registry_));
                    session_.autosave(); // now ours
                    RecoveryStore::discard(r.file);
                    show_document();
                    ImGui::CloseCurrentPopup();
                });
            }
        }
        if (ImGui::Button("Discard all")) {
            for (auto &r : orphans_)
                RecoveryStore::discard(r.file);
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Later")) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

bool EditorApp::screenshot(const std::string &path) {
    sf::Texture texture;
    texture.create(window_.getSize().x, window_.getSize().y);
    texture.update(window_);
    return texture.copyToImage().saveToFile(path);
}

} // namespace pluzzle::editor::app
