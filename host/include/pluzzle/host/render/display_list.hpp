// display_list.hpp -- what a plugin drew, recorded. DisplayListRecorder is the one pz_canvas the host hands to
// plugins (Plugin::render returns its recording); the SVG writer (svg_writer.hpp) and the editor's window draw
// from the DisplayList, and tests read it to see what a plugin drew.
#pragma once
#include <pluzzle/abi.h>

#include <cstddef>
#include <exception>
#include <string>
#include <vector>

namespace pluzzle::host {

// A text item's y is the vertical middle of the text (abi.h). Writers put its alphabetic baseline at
// y + kTextBaselineOffset * size, the same in every output: 0.35 em below the middle is a common approximation of
// the central baseline for Latin fonts (the middle of capitals and digits, e.g. DejaVu Sans' cap height 0.73 em,
// lands about there). SVG's dominant-baseline="central" would say "middle" directly, but not every SVG viewer
// honours it, and the editor's and later PDF/PNG outputs need the number anyway.
inline constexpr float kTextBaselineOffset = 0.35f;

// One primitive, in the plugin's units (y down). A colour with a == 0 is "none". Numbers are finite.
struct DrawItem {
    enum Kind { Polygon, Polyline, Circle, Text } kind = Polygon;
    std::vector<pz_point> points;  // polygon/polyline: at least 2; circle: the centre; text: the anchor point
    pz_rgba fill{0, 0, 0, 0};      // a text's colour is its fill
    pz_rgba stroke{0, 0, 0, 0};    // polygon, polyline, circle
    float width = 0;               // stroke width
    float radius = 0;              // circle
    float size = 0;                // text: font size; points[0].y is the vertical middle of the text (abi.h)
    int anchor = PZ_ANCHOR_MIDDLE; // text: a pz_text_anchor placing points[0].x at the start, middle or end
    std::string text;              // text: UTF-8 as the plugin gave it (writers repair and escape it)
    std::string group;             // the innermost group's name when drawn ("" outside groups)
    int group_index = -1;          // that group in DisplayList::groups, -1 outside groups
};

// A group_begin..group_end span. Groups form a tree: each item names its innermost group, each group its parent,
// so a writer can rebuild the nesting exactly (also for empty groups and for sibling groups of the same name).
struct DrawGroup {
    std::string name;      // "" for an unnamed group
    int parent = -1;       // the enclosing group's index, -1 at the top level
    size_t first_item = 0; // items.size() when it began: it opened after items [0, first_item) were drawn
};

struct DisplayList {
    float width = 100, height = 100; // the extent given to begin() (100 x 100 when absent or not positive)
    pz_rgba background{0, 0, 0, 0};  // none until begin() says otherwise
    std::vector<DrawItem> items;     // in drawing order
    std::vector<DrawGroup> groups;   // in the order they began (a parent before its children)

    size_t count(DrawItem::Kind kind) const;
    size_t count_in_group(const std::string &group) const; // items whose innermost group has this name
};

// The pz_canvas that records into a DisplayList. Its callbacks never throw into plugin code (abi.h rule 3):
// whatever fails inside one (an allocation, the item limit) is kept, the calls after it are ignored, and take()
// rethrows it once the plugin has returned. Plugin input is sanitised: non-finite numbers become 0 (a
// non-finite or non-positive extent 100), an unbalanced group_end is ignored, a NULL or short (n < 2) point
// list draws nothing, NULL strings are "", an unknown text anchor is PZ_ANCHOR_START. Groups left open are
// simply not closed: DisplayList has no "end" to miss.
class DisplayListRecorder {
  public:
    // About 4 million items and groups together: far above any real drawing (a 200 x 200 nonogram draws under
    // 100,000), a bound on what a runaway plugin can make the host allocate.
    static constexpr size_t kDefaultMaxItems = size_t(1) << 22;

    explicit DisplayListRecorder(size_t max_items = kDefaultMaxItems);
    DisplayListRecorder(const DisplayListRecorder &) = delete;
    DisplayListRecorder &operator=(const DisplayListRecorder &) = delete;

    // The table to hand to a plugin; valid while this object lives.
    const pz_canvas &canvas() const { return canvas_; }
    // The recording, or what a callback failed with rethrown (PluginError for the item limit); then the recorder
    // is empty again.
    DisplayList take();

  private:
    static void begin(void *ctx, float w, float h, pz_rgba background) noexcept;
    static void group_begin(void *ctx, const char *name) noexcept;
    static void group_end(void *ctx) noexcept;
    static void polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke, float width) noexcept;
    static void polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width) noexcept;
    static void circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke, float width) noexcept;
    static void text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor, const char *s) noexcept;
    template <class F> static void guarded(void *ctx, F &&f) noexcept;
    void check_limit() const;           // throws at the item limit
    DrawItem &add(DrawItem::Kind kind); // a new item in the current group

    pz_canvas canvas_;
    DisplayList list_;
    std::vector<int> open_; // indices of the groups open now, innermost last
    size_t max_items_;
    std::exception_ptr error_;
};

} // namespace pluzzle::host
