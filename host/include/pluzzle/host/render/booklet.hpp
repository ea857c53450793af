// booklet.hpp -- a printable booklet of puzzles (issue 16's "Publish"): each puzzle's drawing laid out on A4 pages,
// numbered and captioned, several to a page if asked, with the solutions at the back. The pages are DisplayLists in
// points, written as PDF by cairo (pdf_document), the same way `render -o x.pdf` writes one level.
#pragma once
#include <pluzzle/host/render/display_list.hpp>

#include <optional>
#include <string>
#include <vector>

namespace pluzzle::host {

inline constexpr float kA4Width = 595.28f, kA4Height = 841.89f;    // points
inline constexpr unsigned kBookletPerPage[] = {1, 2, 4, 6, 9, 12}; // the layouts there are (columns x rows)

struct BookletPuzzle {
    std::string caption;                 // "Plus sign" (the booklet numbers it: "3. Plus sign")
    DisplayList puzzle;                  // as the plugin draws the level
    std::optional<DisplayList> solution; // the level with its solution; none: "no solution" on the solution page
};

struct BookletLayout {
    unsigned per_page = 1; // one of kBookletPerPage
    std::string title;     // on every page's head, e.g. the pack's name
    bool solutions = true; // the solution pages at the back
};

// Every page, puzzles first (numbered from 1 in order), then the solutions under the same numbers. InputError
// (field "per-page") for a per_page that is not one of kBookletPerPage.
std::vector<DisplayList> booklet_pages(const std::vector<BookletPuzzle> &puzzles, const BookletLayout &layout);

// `drawing` scaled by `scale` and moved by (dx, dy), appended to `page` (its background as a filled rectangle; its
// groups are dropped: a page is not a plugin's drawing).
void place_drawing(DisplayList &page, const DisplayList &drawing, float dx, float dy, float scale);

} // namespace pluzzle::host
