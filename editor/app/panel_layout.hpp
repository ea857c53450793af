// panel_layout.hpp -- the fixed sizes of the editor window's layout, shared by the files that place its parts.
#pragma once

namespace pluzzle::editor::app {

inline constexpr float kMenuHeight = 22, kStatusHeight = 26;
// The side panels' widths are the author's (drag an inner edge); these bound them so the board keeps a usable area.
inline constexpr float kPanelMinWidth = 160, kBoardMinWidth = 200;

} // namespace pluzzle::editor::app
