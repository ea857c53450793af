#include "board_view.hpp"

#include "polygon_fill.hpp"

#include <vector>

namespace pluzzle::editor::app {

using host::DrawItem;

namespace {

ImU32 colour(pz_rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); }

ImVec2 screen(const ViewTransform &view, pz_point p) {
    const pz_point s = view.to_screen(p);
    return ImVec2(s.x, s.y);
}

} // namespace

void draw_display_list(ImDrawList &out, const host::DisplayList &list, const ViewTransform &view) {
    out.AddRectFilled(screen(view, {0, 0}), screen(view, {list.width, list.height}), colour(list.background));
    std::vector<ImVec2> pts;
    ImFont *font = ImGui::GetFont();
    for (const DrawItem &item : list.items) {
        pts.clear();
        for (auto &p : item.points)
            pts.push_back(screen(view, p));
        const float stroke = std::max(1.0f, item.width * view.scale);
        switch (item.kind) {
        case DrawItem::Polygon:
            // ImGui fills only convex shapes (anti-aliased); concave ones (e.g. sliceit pieces) go as triangles.
            if (item.fill.a && is_convex(item.points)) {
                out.AddConvexPolyFilled(pts.data(), int(pts.size()), colour(item.fill));
            } else if (item.fill.a) {
                const ImDrawListFlags flags = out.Flags;
                out.Flags &= ~ImDrawListFlags_AntiAliasedFill; // fringes would show seams between the triangles
                for (const auto &t : triangulate(item.points))
                    out.AddTriangleFilled(pts[size_t(t[0])], pts[size_t(t[1])], pts[size_t(t[2])], colour(item.fill));
                out.Flags = flags;
            }
            if (item.stroke.a && item.width > 0)
                out.AddPolyline(pts.data(), int(pts.size()), colour(item.stroke), ImDrawFlags_Closed, stroke);
            break;
        case DrawItem::Polyline:
            if (item.stroke.a) out.AddPolyline(pts.data(), int(pts.size()), colour(item.stroke), 0, stroke);
            break;
        case DrawItem::Circle: {
            const float r = item.radius * view.scale;
            if (item.fill.a) out.AddCircleFilled(pts[0], r, colour(item.fill), 0);
            if (item.stroke.a && item.width > 0) out.AddCircle(pts[0], r, colour(item.stroke), 0, stroke);
            break;
        }
        case DrawItem::Text: {
            const float size = item.size * view.scale;
            if (size < 3) break; // unreadable: skip rather than draw noise
            const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, item.text.c_str());
            float x = pts[0].x;
            if (item.anchor == PZ_ANCHOR_MIDDLE)
                x -= extent.x / 2;
            else if (item.anchor == PZ_ANCHOR_END)
                x -= extent.x;
            // y is the text's middle: the baseline goes kTextBaselineOffset * size below it, as in the SVG writer.
            // AddText takes the line's top, which is the font's ascent above its baseline.
            const float top = pts[0].y + (host::kTextBaselineOffset - font->Ascent / font->FontSize) * size;
            out.AddText(font, size, ImVec2(x, top), colour(item.fill), item.text.c_str());
            break;
        }
        }
    }
}

void draw_problem(ImDrawList &out, const host::DisplayList &list, const ViewTransform &view,
                  const std::string &problem) {
    if (problem.empty()) return;
    const ImVec2 a = screen(view, {0, 0}), b = screen(view, {list.width, list.height});
    const ImU32 red = IM_COL32(210, 30, 30, 255);
    out.AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), red, 0, 0, 4);
    const ImVec2 text = ImGui::CalcTextSize(problem.c_str());
    out.AddRectFilled(ImVec2(a.x - 3, a.y - text.y - 10), ImVec2(a.x + text.x + 12, a.y - 3), red);
    out.AddText(ImVec2(a.x + 3, a.y - text.y - 7), IM_COL32(255, 255, 255, 255), problem.c_str());
}

} // namespace pluzzle::editor::app
