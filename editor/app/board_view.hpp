// board_view.hpp -- draws a plugin's recorded drawing (DisplayList) into an ImGui draw list through the view's
// zoom and pan, and the problem banner over the board.
#pragma once
#include <view_transform.hpp>

#include <pluzzle/host/render/display_list.hpp>

#include <imgui.h>

#include <string>

namespace pluzzle::editor::app {

void draw_display_list(ImDrawList &out, const host::DisplayList &list, const ViewTransform &view);
// A red frame around the board and the message at its top: validation problems stay visible while editing.
void draw_problem(ImDrawList &out, const host::DisplayList &list, const ViewTransform &view,
                  const std::string &problem);

} // namespace pluzzle::editor::app
