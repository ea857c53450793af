// booklet.cpp -- see booklet.hpp.
#include <pluzzle/host/render/booklet.hpp>

#include <pluzzle/host/base/errors.hpp>

#include <algorithm>
#include <cmath>

namespace pluzzle::host {
namespace {

constexpr float kMargin = 36;      // around the page (half an inch)
constexpr float kHeadHeight = 22;  // the title line
constexpr float kFootHeight = 18;  // the page number
constexpr float kCaptionSize = 10; // "3. Plus sign" above each puzzle
constexpr float kCellPadding = 8;
constexpr pz_rgba kInk{0, 0, 0, 255};
constexpr pz_rgba kGrey{110, 110, 110, 255};

struct Grid {
    unsigned columns, rows;
};

Grid grid_for(unsigned per_page) {
    switch (per_page) {
    case 1: return {1, 1};
    case 2: return {1, 2};
    case 4: return {2, 2};
    case 6: return {2, 3};
    case 9: return {3, 3};
    case 12: return {3, 4};
    }
    throw InputError("--per-page", std::to_string(per_page) + " puzzles a page is not a layout: 1, 2, 4, 6, 9 or 12", 0,
                     0, "per-page");
}

void text(DisplayList &page, float x, float y, float size, pz_rgba colour, int anchor, std::string s) {
    DrawItem t;
    t.kind = DrawItem::Text;
    t.points = {{x, y}};
    t.fill = colour;
    t.size = size;
    t.anchor = anchor;
    t.text = std::move(s);
    page.items.push_back(std::move(t));
}

DisplayList blank_page(const std::string &head, size_t number) {
    DisplayList page;
    page.width = kA4Width;
    page.height = kA4Height;
    page.background = {255, 255, 255, 255};
    if (!head.empty()) text(page, kA4Width / 2, kMargin + kHeadHeight / 2, 12, kGrey, PZ_ANCHOR_MIDDLE, head);
    text(page, kA4Width / 2, kA4Height - kMargin + kFootHeight / 2 - 4, 9, kGrey, PZ_ANCHOR_MIDDLE,
         std::to_string(number));
    return page;
}

// Lays one section (the puzzles, or their solutions) out from a fresh page.
void section(std::vector<DisplayList> &pages, const std::vector<BookletPuzzle> &puzzles, Grid grid,
             const std::string &head, bool solutions) {
    const float left = kMargin, top = kMargin + kHeadHeight;
    const float cell_w = (kA4Width - 2 * kMargin) / float(grid.columns);
    const float cell_h = (kA4Height - 2 * kMargin - kHeadHeight - kFootHeight) / float(grid.rows);
    const size_t per_page = size_t(grid.columns) * grid.rows;
    for (size_t i = 0; i < puzzles.size(); ++i) {
        if (i % per_page == 0) pages.push_back(blank_page(head, pages.size() + 1));
        DisplayList &page = pages.back();
        const size_t slot = i % per_page;
        const float x = left + cell_w * float(slot % grid.columns), y = top + cell_h * float(slot / grid.columns);
        const BookletPuzzle &p = puzzles[i];
        text(page, x + cell_w / 2, y + kCaptionSize, kCaptionSize, kInk, PZ_ANCHOR_MIDDLE,
             std::to_string(i + 1) + (p.caption.empty() ? "" : ". " + p.caption));
        const DisplayList *drawing = solutions ? (p.solution ? &*p.solution : nullptr) : &p.puzzle;
        const float box_x = x + kCellPadding, box_y = y + 2 * kCaptionSize + 4;
        const float box_w = cell_w - 2 * kCellPadding, box_h = cell_h - 2 * kCaptionSize - 4 - kCellPadding;
        if (!drawing) {
            text(page, x + cell_w / 2, box_y + box_h / 2, kCaptionSize, kGrey, PZ_ANCHOR_MIDDLE, "(no solution)");
            continue;
        }
        const float scale = std::min(box_w / drawing->width, box_h / drawing->height);
        place_drawing(page, *drawing, box_x + (box_w - drawing->width * scale) / 2,
                      box_y + (box_h - drawing->height * scale) / 2, scale);
    }
}

} // namespace

void place_drawing(DisplayList &page, const DisplayList &drawing, float dx, float dy, float scale) {
    const auto at = [&](pz_point p) { return pz_point{dx + p.x * scale, dy + p.y * scale}; };
    if (drawing.background.a) {
        DrawItem bg;
        bg.kind = DrawItem::Polygon;
        bg.points = {at({0, 0}), at({drawing.width, 0}), at({drawing.width, drawing.height}), at({0, drawing.height})};
        bg.fill = drawing.background;
        page.items.push_back(std::move(bg));
    }
    for (DrawItem item : drawing.items) {
        for (pz_point &p : item.points)
            p = at(p);
        item.width *= scale;
        item.radius *= scale;
        item.size *= scale;
        item.group.clear();
        item.group_index = -1;
        page.items.push_back(std::move(item));
    }
}

std::vector<DisplayList> booklet_pages(const std::vector<BookletPuzzle> &puzzles, const BookletLayout &layout) {
    const Grid grid = grid_for(layout.per_page);
    std::vector<DisplayList> pages;
    section(pages, puzzles, grid, layout.title, false);
    if (layout.solutions && !puzzles.empty())
        section(pages, puzzles, grid, layout.title.empty() ? "Solutions" : layout.title + ": solutions", true);
    return pages;
}

} // namespace pluzzle::host
