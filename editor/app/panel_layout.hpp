// panel_layout.hpp -- the fixed sizes of the editor window's layout, shared by the files that place its parts.
#pragma once
#include <algorithm>

namespace pluzzle::editor::app {

inline constexpr float kMenuHeight = 22, kStatusHeight = 26;
// The side panels' widths are the author's (drag an inner edge); these bound them so the board keeps a usable area.
inline constexpr float kPanelMinWidth = 160, kBoardMinWidth = 200;
// At first the library grows with the window from 300 px at 1024 px, until the board is left 300 px beside the
// inspector: at 1200 or 1280 px its names read whole or nearly; at 1024 px and below it keeps its old 300.
inline constexpr float kLibraryStartWidth = 300, kBoardStartWidth = 300;
inline float library_start_width(float window_width, float inspector_width) {
    const float grown = kLibraryStartWidth + 1.75f * (window_width - 1024);
    const float room = window_width - inspector_width - kBoardStartWidth;
    return std::max(kLibraryStartWidth, std::min(grown, room));
}
// The library's list shows its Type and Size columns from this inner width on (below, they are in the tooltip).
inline constexpr float kLibraryAllColumnsWidth = 520;

} // namespace pluzzle::editor::app
