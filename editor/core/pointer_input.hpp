// pointer_input.hpp -- builds the SDK's pz_input from window events already mapped to drawing units. One place
// so edit and play, the window and scripts, describe events the same way.
#pragma once
#include <pluzzle/abi.h>

#include <optional>

namespace pluzzle::editor {

struct Cell {
    int row = 0, col = 0;
};

struct PointerTracker {
    float start_x = 0, start_y = 0;
    int button = 0;
    bool down = false;

    pz_input press(float x, float y, int button_, uint32_t modifiers = 0);
    pz_input drag(float x, float y, uint32_t modifiers = 0) const;
    pz_input release(float x, float y, uint32_t modifiers = 0);
};

// A key event; `cell` is the host's keyboard cursor (or a script's cell) when it has one.
pz_input key_input(int32_t key, uint32_t modifiers = 0, std::optional<Cell> cell = std::nullopt);

} // namespace pluzzle::editor
