#include "pointer_input.hpp"

namespace pluzzle::editor {
namespace {
pz_input blank(int32_t kind, float x, float y, uint32_t modifiers) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = kind;
    in.x = x;
    in.y = y;
    in.modifiers = modifiers;
    return in;
}
} // namespace

pz_input PointerTracker::press(float x, float y, int button_, uint32_t modifiers) {
    down = true;
    button = button_;
    start_x = x;
    start_y = y;
    pz_input in = blank(PZ_INPUT_PRESS, x, y, modifiers);
    in.button = button;
    in.start_x = x;
    in.start_y = y;
    return in;
}

pz_input PointerTracker::drag(float x, float y, uint32_t modifiers) const {
    pz_input in = blank(PZ_INPUT_DRAG, x, y, modifiers);
    in.button = button;
    in.start_x = start_x;
    in.start_y = start_y;
    return in;
}

pz_input PointerTracker::release(float x, float y, uint32_t modifiers) {
    pz_input in = blank(PZ_INPUT_RELEASE, x, y, modifiers);
    in.button = button;
    in.start_x = start_x;
    in.start_y = start_y;
    down = false;
    return in;
}

pz_input key_input(int32_t key, uint32_t modifiers, std::optional<Cell> cell) {
    pz_input in = blank(PZ_INPUT_KEY, 0, 0, modifiers);
    in.key = key;
    if (cell) {
        in.has_cell = 1;
        in.cell_row = cell->row;
        in.cell_col = cell->col;
    }
    return in;
}

} // namespace pluzzle::editor
