#include "edit_interaction.hpp"

namespace pluzzle::editor {

EditInteraction::EditInteraction(Document &doc) : doc_(doc) {
    if (!tools().empty()) tool_ = tools().front().id;
}

void EditInteraction::select_tool(const std::string &id) {
    for (auto &t : tools())
        if (id == t.id) {
            tool_ = id;
            return;
        }
    std::string names;
    for (auto &t : tools())
        names += (names.empty() ? "" : ", ") + t.id;
    throw host::InputError("tool", "type '" + doc_.plugin().id() + "' has no tool '" + id +
                                       "' (it has: " + (names.empty() ? "none" : names) + ")");
}

const ToolDesc *EditInteraction::tool_for_shortcut(char key) const {
    for (auto &t : tools())
        if (t.shortcut.size() == 1 && t.shortcut[0] == key) return &t;
    return nullptr;
}

bool EditInteraction::offer(const pz_input &input) {
    if (tool_.empty()) return false;
    std::string edit;
    try {
        edit = doc_.plugin().edit_interpret(doc_.level().get(), tool_, input);
    } catch (const host::InputError &e) {
        refused(e);
        return false;
    }
    if (edit.empty()) return false;
    // Moving within one cell repeats the same edit: applying a toggle twice would undo it mid-drag.
    if ((input.kind == PZ_INPUT_DRAG || input.kind == PZ_INPUT_RELEASE) && edit == last_gesture_edit_) return false;
    last_gesture_edit_ = edit;
    return type_edit(edit);
}

bool EditInteraction::type_edit(const std::string &edit) {
    try {
        doc_.apply_edit(edit);
        problem_.clear();
        problem_places_.clear();
        return true;
    } catch (const host::InputError &e) {
        refused(e);
        return false;
    }
}

void EditInteraction::refused(const host::InputError &e) {
    problem_ = e.reason();
    problem_places_ = e.places();
}

bool EditInteraction::press(float x, float y, int button, uint32_t modifiers) {
    doc_.begin_gesture();
    last_gesture_edit_.clear();
    return offer(pointer_.press(x, y, button, modifiers));
}

bool EditInteraction::drag(float x, float y, uint32_t modifiers) {
    if (!pointer_.down) return false;
    return offer(pointer_.drag(x, y, modifiers));
}

bool EditInteraction::release(float x, float y, uint32_t modifiers) {
    if (!pointer_.down) return false;
    const bool changed = offer(pointer_.release(x, y, modifiers));
    doc_.end_gesture();
    return changed;
}

bool EditInteraction::key(int32_t key, uint32_t modifiers, std::optional<Cell> cell) {
    return offer(key_input(key, modifiers, cell));
}

} // namespace pluzzle::editor
