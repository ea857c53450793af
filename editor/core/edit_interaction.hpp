// edit_interaction.hpp -- the editor's half of the plugin's edit_interpret/edit_execute split: events on the board
// become edit texts through the current tool, edit texts become new levels, and one press-drag-release gesture is
// one undo step.
#pragma once
#include "document.hpp"
#include "pointer_input.hpp"

#include <string>
#include <vector>

namespace pluzzle::editor {

class EditInteraction {
  public:
    explicit EditInteraction(Document &doc);

    const std::vector<ToolDesc> &tools() const { return doc_.plugin().tools(); }
    const std::string &tool() const { return tool_; }
    // Throws InputError when the plugin has no such tool.
    void select_tool(const std::string &id);
    // The tool whose suggested shortcut is `key` (a lower-case letter), if any.
    const ToolDesc *tool_for_shortcut(char key) const;

    // Pointer events in drawing units. Each returns true when the level changed.
    bool press(float x, float y, int button, uint32_t modifiers = 0);
    bool drag(float x, float y, uint32_t modifiers = 0);
    bool release(float x, float y, uint32_t modifiers = 0);
    bool key(int32_t key, uint32_t modifiers = 0, std::optional<Cell> cell = std::nullopt);
    bool pointer_down() const { return pointer_.down; }

    // Why the last edit was refused ("" when it was accepted): shown on the board until the next edit.
    const std::string &problem() const { return problem_; }
    // The cells or points that refusal is about, when the plugin names them (ABI 1.7): marked on the board.
    const std::vector<pluzzle::Place> &problem_places() const { return problem_places_; }
    // Runs a typed edit text (for tools whose edits are typed, e.g. a clue). Returns false and sets problem().
    bool type_edit(const std::string &edit);

  private:
    bool offer(const pz_input &input);
    void refused(const host::InputError &e);

    Document &doc_;
    std::string tool_, problem_, last_gesture_edit_;
    std::vector<pluzzle::Place> problem_places_;
    PointerTracker pointer_;
};

} // namespace pluzzle::editor
