// script_runner.cpp -- EditorApp's --script interpreter: one command per frame, through the same entry points as
// the mouse and keyboard, so a script exercises the real window (tests, README screenshots).
#include "editor_app.hpp"
#include "window_title.hpp"

#include <result_line.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

namespace pluzzle::editor::app {
namespace {

float number(const ScriptCommand &c, size_t i) {
    try {
        return std::stof(c.args.at(i));
    } catch (const std::exception &) {
        throw host::InputError("script", "'" + c.name + "': expected a number, found '" + c.args.at(i) + "'", c.line);
    }
}

std::string joined(const std::vector<std::string> &words, size_t from) {
    std::string s;
    for (size_t i = from; i < words.size(); ++i)
        s += (i > from ? " " : "") + words[i];
    return s;
}

} // namespace

bool EditorApp::run_script_step() {
    if (script_wait_frames_ > 0) {
        --script_wait_frames_;
        return true;
    }
    if (script_wait_s_ >= 0) { // "wait": until the solve, validation and AI are done (or the limit)
        if (!session_.wait_idle(std::chrono::milliseconds(0)) && script_wait_s_ > 0) {
            script_wait_s_ -= 1.0 / 60;
            return true;
        }
        script_wait_s_ = -1;
        list_stored_results(); // what the window would show in this frame
        refresh_board();
    }
    if (script_wait_pack_s_ >= 0) { // "wait-pack": until the pack solve has ended and been taken in
        if (pack_job_ && script_wait_pack_s_ > 0) {
            script_wait_pack_s_ -= 1.0 / 60;
            return true;
        }
        script_wait_pack_s_ = -1;
    }
    if (script_pos_ >= script_.size()) return false; // done: leave the loop
    const ScriptCommand &c = script_[script_pos_++];
    const auto board_point = [&](float u, float v) {
        const pz_point s = view_.to_screen({u * board_.width, v * board_.height});
        return std::pair<float, float>(s.x, s.y);
    };
    try {
        if (c.name == "library") {
            library_action(c.args);
        } else if (c.name == "solve-pack") {
            start_pack_solve(c.args.empty() ? 10 : number(c, 0));
        } else if (c.name == "wait-pack") {
            script_wait_pack_s_ = c.args.empty() ? 600 : number(c, 0);
        } else if (c.name == "print-pack") {
            print_pack(c.args[0], c.args.size() > 1 ? unsigned(number(c, 1)) : 4u);
        } else if (c.name == "answer") {
            answer_unsaved(c.args[0]);
        } else if (c.name == "pack") {
            current_pack_ = c.args[0] == "*" ? "" : c.args[0];
            refresh_library();
        } else if (c.name == "filter") {
            filter_ = joined(c.args, 0);
        } else if (c.name == "open-db") {
            open_database(c.args[0]);
            refresh_library();
        } else if (c.name == "new") {
            host::KeyValues params;
            uint64_t seed = 1;
            bool blank = false;
            for (size_t i = 1; i < c.args.size(); ++i) {
                if (c.args[i] == "blank") { // the plugin's blank level instead of a generated one
                    blank = true;
                    continue;
                }
                const size_t eq = c.args[i].find('=');
                if (eq == std::string::npos) throw host::InputError("script", "expected key=value", c.line);
                if (c.args[i].substr(0, eq) == "seed")
                    seed = std::stoull(c.args[i].substr(eq + 1));
                else
                    params.emplace_back(c.args[i].substr(0, eq), c.args[i].substr(eq + 1));
            }
            if (blank)
                session_.new_blank_level(c.args[0], params);
            else
                session_.new_level(c.args[0], params, seed);
            meta_edit_ = session_.document().meta();
            view_fitted_ = false;
        } else if (c.name == "new-text") {
            std::ifstream in(c.args[1]);
            std::stringstream text;
            text << in.rdbuf();
            session_.new_level_from_text(c.args[0], text.str());
            meta_edit_ = session_.document().meta();
            view_fitted_ = false;
        } else if (c.name == "open-level") {
            session_.open_level(std::stoll(c.args[0]));
            show_document(); // as a click on the library's row does
        } else if (c.name == "tool") {
            session_.edit().select_tool(c.args[0]);
        } else if (c.name == "click") {
            auto [x, y] = board_point(number(c, 0), number(c, 1));
            const int button = c.args.size() > 2 ? int(number(c, 2)) : 0;
            board_press(x, y, button);
            board_release(x, y);
        } else if (c.name == "drag") {
            auto [x0, y0] = board_point(number(c, 0), number(c, 1));
            auto [x1, y1] = board_point(number(c, 2), number(c, 3));
            board_press(x0, y0, 0);
            for (int i = 1; i <= 20; ++i)
                board_drag(x0 + (x1 - x0) * i / 20, y0 + (y1 - y0) * i / 20);
            board_release(x1, y1);
        } else if (c.name == "key") {
            shortcut(c.args[0]);
        } else if (c.name == "edit") {
            if (!session_.edit().type_edit(joined(c.args, 0)))
                throw host::InputError("script", "edit refused: " + session_.edit().problem(), c.line);
        } else if (c.name == "try-edit") { // an edit the plugin may refuse: the script goes on to look at the board
            session_.edit().type_edit(joined(c.args, 0));
        } else if (c.name == "meta") {
            LevelMeta m = session_.document().meta();
            for (auto &a : c.args) {
                const size_t eq = a.find('=');
                const std::string k = a.substr(0, eq), v = eq == std::string::npos ? "" : a.substr(eq + 1);
                std::string value = v;
                for (char &ch : value)
                    ch = ch == '_' ? ' ' : ch; // scripts write spaces as '_'
                if (k == "name")
                    m.name = value;
                else if (k == "author")
                    m.author = value;
                else if (k == "difficulty")
                    m.difficulty = value;
            }
            session_.document().set_meta(m);
            meta_edit_ = m;
        } else if (c.name == "save") {
            if (!c.args.empty()) save_pack_ = c.args[0];
            session_.save(save_pack_);
            refresh_library();
        } else if (c.name == "import") {
            session_.library()->import_pack_file(c.args[0], c.args.size() > 1 ? c.args[1] : "");
            refresh_library();
        } else if (c.name == "export") {
            session_.library()->export_pack_file(c.args[0], c.args[1]);
        } else if (c.name == "solve") {
            session_.start_solve(c.args.empty() ? 0 : number(c, 0));
        } else if (c.name == "cancel") {
            session_.cancel_solve();
        } else if (c.name == "wait") {
            script_wait_s_ = c.args.empty() ? 30 : number(c, 0);
        } else if (c.name == "solution") {
            session_.show_solution(size_t(number(c, 0)));
        } else if (c.name == "frame") {
            session_.set_solution_frame(c.args[0] == "last" ? SIZE_MAX : size_t(number(c, 0)));
        } else if (c.name == "play") {
            session_.enter_play();
        } else if (c.name == "edit-mode") {
            session_.enter_edit();
        } else if (c.name == "seat") {
            if (!session_.play()) throw host::InputError("script", "'seat' needs play mode", c.line);
            session_.play()->set_seat(unsigned(number(c, 0)), c.args[1] == "person" ? "" : c.args[1]);
        } else if (c.name == "player") {
            session_.set_player(c.args[0]);
        } else if (c.name == "zoom") {
            view_.zoom_at({board_x_ + board_w_ / 2, board_y_ + board_h_ / 2}, number(c, 0));
        } else if (c.name == "pan") {
            view_.pan(number(c, 0), number(c, 1));
        } else if (c.name == "window") {
            // As a real resize: a fitted board refits, a zoomed or panned one stays put (draw_board).
            window_.setSize(sf::Vector2u(unsigned(number(c, 0)), unsigned(number(c, 1))));
            script_wait_frames_ = 3; // let the resize event arrive
        } else if (c.name == "mouse") {
            // The window's own mouse events at window pixel (x, y), through handle_event as SFML delivers them: what
            // ImGui's widgets (a panel edge, a table column) see. `down`/`up` press or release the left button there.
            sf::Event move{};
            move.type = sf::Event::MouseMoved;
            move.mouseMove = {int(number(c, 0)), int(number(c, 1))};
            handle_event(move);
            if (c.args.size() > 2) {
                if (c.args[2] != "down" && c.args[2] != "up")
                    throw host::InputError("script", "'mouse': expected down or up, found '" + c.args[2] + "'", c.line);
                sf::Event press{};
                press.type = c.args[2] == "down" ? sf::Event::MouseButtonPressed : sf::Event::MouseButtonReleased;
                press.mouseButton = {sf::Mouse::Left, move.mouseMove.x, move.mouseMove.y};
                handle_event(press);
            }
        } else if (c.name == "panels") { // the side panels' widths, as dragging their inner edges sets them
            set_panel_widths(number(c, 0), number(c, 1));
            script_wait_frames_ = 2;
        } else if (c.name == "frames") {
            script_wait_frames_ = int(number(c, 0));
        } else if (c.name == "screenshot") {
            if (!screenshot(c.args[0])) throw host::InputError(c.args[0], "cannot write the screenshot", c.line);
        } else if (c.name == "dump") {
            // One line a test can read: the session as the window shows it.
            std::cout << "mode=" << int(session_.mode()) << " document=" << session_.has_document();
            if (session_.has_document()) {
                const Document &d = session_.document();
                std::cout << " type=" << d.plugin().id() << " revision=" << d.revision() << " dirty=" << d.dirty()
                          << " undo=" << d.can_undo() << " level_id=" << d.origin().level_id;
                if (session_.last_report()) std::cout << " solve=" << solve_status_text(session_.last_report()->status);
                if (session_.solution())
                    std::cout << " frames=" << session_.solution()->frames() << " frame=" << session_.solution_frame();
                if (session_.play()) {
                    const host::PlayStatus st = session_.play()->status();
                    std::cout << " play_phase=" << int(st.phase) << " play_moves=" << st.moves
                              << " to_move=" << st.to_move;
                    std::string state = d.plugin().encode_state(session_.board_state());
                    std::replace(state.begin(), state.end(), '\n', '|');
                    std::cout << " state='" << state << "'";
                }
                std::cout << " problem='" << session_.problem() << "' marks=" << session_.problem_marks().size();
                std::cout << " message='" << session_.message() << "'";
                if (const auto c = session_.cursor()) std::cout << " cursor=" << c->row << "," << c->col;
                if (session_.last_report()) std::cout << " result='" << result_words(*session_.last_report()) << "'";
                // The open level's row of the library, as the list shows it: status, time, measured difficulty.
                for (const LevelRow &r : rows_)
                    if (r.id == d.origin().level_id)
                        std::cout << " row_status=" << (r.status.empty() ? "-" : r.status)
                                  << " row_timed=" << r.time_ms.has_value() << " row_graded=" << r.measured.has_value();
            }
            std::cout << " title='" << window_title(session_) << "' rows=" << rows_.size();
            // Whether the list reads whole: rows whose name or status its column cut, the least part of a name shown.
            std::cout << " names_cut=" << names_cut_ << " name_least_shown=" << name_least_shown_
                      << " statuses_cut=" << statuses_cut_;
            // The layout: panel widths, the board area and how much of it the drawing fills.
            std::cout << " panels=" << library_width_ << "," << inspector_width_ << " board_area=" << board_w_ << "x"
                      << board_h_ << " fitted=" << view_.fitted;
            if (session_.has_document())
                std::cout << " drawn=" << board_.width * view_.scale << "x" << board_.height * view_.scale;
            std::cout << " prompt=" << unsaved_prompt_ << " help=" << show_help_ << " help_rows=" << help_rows().size()
                      << " recent=" << recent_.paths().size();
            // The list as the panel shows it (search box applied), by name, up to 40.
            const auto shown = visible_rows();
            std::cout << " visible=" << shown.size() << " library='";
            for (size_t i = 0; i < shown.size() && i < 40; ++i)
                std::cout << (i ? "," : "") << shown[i]->name;
            std::cout << "' pack='" << current_pack_ << "'";
            size_t graded = 0, timed = 0;
            for (const LevelRow &r : rows_)
                graded += r.measured.has_value(), timed += r.time_ms.has_value();
            std::cout << " graded=" << graded << " timed=" << timed;
            // Frame times while the last pack solve ran, and since it ended (the baseline), for the bench.
            for (const auto &[name, frames] :
                 {std::pair<const char *, const std::vector<float> *>{"pack", &pack_frame_ms_},
                  {"idle", &idle_frame_ms_}}) {
                if (frames->empty()) continue;
                std::vector<float> ms = *frames;
                std::sort(ms.begin(), ms.end());
                std::cout << " " << name << "_frames=" << ms.size() << " " << name << "_ms_p50=" << ms[ms.size() / 2]
                          << " " << name << "_ms_p95=" << ms[ms.size() * 95 / 100] << " " << name
                          << "_ms_max=" << ms.back();
            }
            std::cout << std::endl;
        } else if (c.name == "quit") {
            quit_ = true;
        }
        refresh_board();
    } catch (const std::exception &e) {
        std::cerr << options_.script << ":" << c.line << ": " << e.what() << "\n";
        exit_code_ = 1;
        return false;
    }
    return true;
}

} // namespace pluzzle::editor::app
