// key_bindings.cpp -- the window's shortcuts as one table: handle_key dispatches through it and the F1 panel lists
// it, so the help can never drift from what the keys do. Keys whose meaning depends on the mode or the plugin (tool
// letters, arrows, the plugin's own keys) and the mouse are listed after it, from the same sources their handlers
// read (the tools' shortcuts come from the plugin).
#include "editor_app.hpp"

#include <imgui.h>

namespace pluzzle::editor::app {

const std::vector<EditorApp::KeyBinding> &EditorApp::key_bindings() {
    if (!bindings_.empty()) return bindings_;
    const auto zoom = [this](float factor) {
        view_.zoom_at({board_x_ + board_w_ / 2, board_y_ + board_h_ / 2}, factor);
    };
    bindings_ = {
        {sf::Keyboard::Z, true, false, "Ctrl+Z", "Undo the last edit or move",
         [this] { session_.undo(), refresh_board(); }},
        {sf::Keyboard::Z, true, true, "Ctrl+Shift+Z", "Redo", [this] { session_.redo(), refresh_board(); }},
        {sf::Keyboard::Y, true, false, "Ctrl+Y", "Redo", [this] { session_.redo(), refresh_board(); }},
        {sf::Keyboard::S, true, false, "Ctrl+S", "Save the level to the open database", [this] { do_save(); }},
        {sf::Keyboard::N, true, false, "Ctrl+N", "New level", [this] { guard_unsaved([this] { show_new_ = true; }); }},
        {sf::Keyboard::O, true, false, "Ctrl+O", "Open or create a database", [this] { show_open_db_ = true; }},
        {sf::Keyboard::I, true, false, "Ctrl+I", "Import a pack file", [this] { show_import_ = true; }},
        {sf::Keyboard::E, true, false, "Ctrl+E", "Export the pack as a pack file", [this] { show_export_ = true; }},
        {sf::Keyboard::Q, true, false, "Ctrl+Q", "Quit (asks first when the level has unsaved changes)",
         [this] { guard_unsaved([this] { quit_ = true; }); }},
        {sf::Keyboard::F1, false, false, "F1", "Show or hide this list", [this] { show_help_ = !show_help_; }},
        {sf::Keyboard::F2, false, false, "F2", "Edit mode", [this] { session_.enter_edit(), refresh_board(); }},
        {sf::Keyboard::F3, false, false, "F3", "Play mode", [this] { session_.enter_play(), refresh_board(); }},
        {sf::Keyboard::F4, false, false, "F4", "Show the first solution of the last solve",
         [this] {
             if (session_.last_report() && !session_.last_report()->solutions.empty()) session_.show_solution(0);
             refresh_board();
         }},
        {sf::Keyboard::F5, false, false, "F5", "Solve the level", [this] { session_.start_solve(); }},
        {sf::Keyboard::Escape, false, false, "Esc", "Stop the solve; stop the solution's animation",
         [this] { session_.cancel_solve(), animate_ = false; }},
        {sf::Keyboard::Home, false, false, "Home", "Fit the board to the window", [this] { fit_view(); }},
        {sf::Keyboard::Add, false, false, "+", "Zoom in", [zoom] { zoom(1.25f); }},
        {sf::Keyboard::Equal, false, false, "=", "Zoom in", [zoom] { zoom(1.25f); }},
        {sf::Keyboard::Subtract, false, false, "-", "Zoom out", [zoom] { zoom(0.8f); }},
        {sf::Keyboard::Hyphen, false, false, "-", "Zoom out", [zoom] { zoom(0.8f); }},
    };
    return bindings_;
}

bool EditorApp::run_binding(sf::Keyboard::Key key, bool ctrl, bool shift) {
    for (const KeyBinding &b : key_bindings())
        if (b.key == key && b.ctrl == ctrl && (b.shift == shift || (!b.ctrl && !b.shift))) {
            b.action();
            return true;
        }
    return false;
}

std::vector<std::pair<std::string, std::string>> EditorApp::help_rows() {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const KeyBinding &b : key_bindings())
        if (rows.empty() || rows.back().second != b.what) rows.emplace_back(b.keys, b.what); // "+" and "=" once
    if (session_.has_document())
        for (const ToolDesc &t : session_.edit().tools())
            if (!t.shortcut.empty()) rows.emplace_back(t.shortcut, "Edit mode: tool '" + t.name + "' (" + t.help + ")");
    const std::pair<std::string, std::string> contextual[] = {
        {"Arrows", "Move the keyboard cursor over the board's cells (plugins that say where their cells are)"},
        {"Space, Enter, digits...", "Go to the plugin with the cursor's cell (e.g. press it, place a digit)"},
        {"Left / Right", "Solution mode: the previous / next frame"},
        {"Space", "Solution mode: animate the solution"},
        {"Left click, drag", "Edit mode: the tool; play mode: a move"},
        {"Right click", "Edit and play: the plugin's second action; on a library row: its menu"},
        {"Wheel, middle drag", "Zoom at the pointer, pan"},
        {"Drag a library row", "Move the level within its pack (one pack shown, no search)"},
        {"Drag a side panel's inner edge", "Resize it; a fitted board refits to the area left (Home refits)"},
    };
    for (const auto &row : contextual)
        rows.push_back(row);
    return rows;
}

void EditorApp::draw_help() {
    if (!show_help_) return;
    ImGui::SetNextWindowSize(ImVec2(560, 420), ImGuiCond_FirstUseEver);
    if (ImGui::Begin("Keys and mouse (F1)", &show_help_)) {
        if (ImGui::BeginTable("help", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable)) {
            for (const auto &[keys, what] : help_rows()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(keys.c_str());
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", what.c_str());
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

} // namespace pluzzle::editor::app
