// dialogs.cpp -- the editor window's dialogs (EditorApp, editor_app.hpp): new level, open database, import, export,
// print, recovery, and the Save / Discard / Cancel question a level with unsaved changes asks before it is left.
#include "editor_app.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace pluzzle::editor::app {

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

} // namespace pluzzle::editor::app
