// library_panel.cpp -- the library browser (EditorApp, editor_app.hpp): the list of the pack shown with its search box
// and Pack menu, the pack operations scripts share with it, and the pack's background solve and printing.
#include "editor_app.hpp"

#include "panel_layout.hpp"

#include <pluzzle/host/base/text_file.hpp>
#include <pluzzle/host/jobs/pack_booklet.hpp>
#include <pluzzle/host/render/cairo_writer.hpp>

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <unordered_map>

namespace pluzzle::editor::app {

void EditorApp::print_pack(const std::string &path, unsigned per_page) {
    if (!session_.library()) throw host::InputError("print", "no database open (File > Open database)");
    if (host::drawing_format(path) != "pdf")
        throw host::InputError(path, "a booklet is a PDF: name the file *.pdf", 0, 0, "file");
    const std::string pack = current_pack_.empty() ? save_pack_ : current_pack_;
    host::PackBookletOptions options;
    options.layout.per_page = per_page;
    options.site.sandbox = session_.sandbox();
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

// Whether `text` is wider than what is left of the table cell it is about to be drawn in (the dump's check that the
// list reads whole).
static bool text_cut(const std::string &text, float *least_shown = nullptr) {
    const float width = ImGui::CalcTextSize(text.c_str()).x, room = ImGui::GetContentRegionAvail().x;
    if (least_shown && width > 0) *least_shown = std::min(*least_shown, room / width);
    return width > room + 0.5f;
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
    // Every column but the name fits its content each frame (a status that arrives later is never cut); the name,
    // first, takes the rest of the panel, and its tooltip has it whole.
    names_cut_ = statuses_cut_ = 0;
    name_least_shown_ = 1;
    // A narrow panel leaves Type and Size to the name's tooltip, so that the name keeps some room.
    const bool wide = ImGui::GetContentRegionAvail().x >= kLibraryAllColumnsWidth;
    if (ImGui::BeginTable("levels", wide ? 7 : 5,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        if (wide) {
            ImGui::TableSetupColumn("Type");
            // Sizes can be long ("3 strokes, 12 pieces"): a narrower share of the rest, whole in the name's tooltip.
            ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthStretch, 0.4f);
        }
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
            const std::string shown_name = row.name.empty() ? "#" + std::to_string(row.id) : row.name;
            const std::string label = shown_name + "##" + std::to_string(row.id);
            names_cut_ += text_cut(shown_name, &name_least_shown_);
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
                ImGui::SetTooltip("%s\n%s %s%s%s%s", row.name.empty() ? "(no name)" : row.name.c_str(), row.type.c_str(),
                                  row.size.c_str(),
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
            if (wide) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(row.type.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(row.size.c_str());
            }
            ImGui::TableNextColumn();
            statuses_cut_ += text_cut(row.status);
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

} // namespace pluzzle::editor::app
