// inspector_panel.cpp -- the inspector (EditorApp, editor_app.hpp): the level's metadata, the edit tools, the solve
// and its progress, and play mode's moves, players and scores.
#include "editor_app.hpp"

#include "panel_layout.hpp"

#include <result_line.hpp>

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdio>

namespace pluzzle::editor::app {

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
            float fraction = p.fraction >= 0 ? float(p.fraction) : float(std::fmod(p.elapsed_s, 1.0));
            if (p.through_cubes) std::snprintf(overlay, sizeof overlay, "%.1f s", p.elapsed_s);
            // Split: the bar is the cubes done at the current bounds (for an optimiser, a round of its deepening), the
            // text says them and the bounds.
            if (p.cubes_total > 0) {
                std::snprintf(overlay, sizeof overlay, "%.1f s, %s", p.elapsed_s, cube_progress_text(p).c_str());
                fraction = float(p.cubes_done) / float(p.cubes_total);
            }
            ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay);
            if (!p.message.empty() && p.cubes_total == 0) ImGui::TextWrapped("%s", p.message.c_str()); // (else: above)
            if (ImGui::Button("Cancel (Esc)")) session_.cancel_solve();
        } else if (ImGui::Button("Solve (F5)")) {
            session_.start_solve();
        }
        if (const auto &r = session_.last_report()) {
            ImGui::TextWrapped("%s", result_line(*r).c_str());
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

} // namespace pluzzle::editor::app
