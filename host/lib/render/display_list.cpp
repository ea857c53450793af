#include <pluzzle/host/render/display_list.hpp>

#include <pluzzle/host/base/errors.hpp>

#include <cmath>
#include <utility>

namespace pluzzle::host {

namespace {

float finite(float v) { return std::isfinite(v) ? v : 0.0f; } // a NaN from a plugin must not reach a writer

pz_point finite(pz_point p) { return pz_point{finite(p.x), finite(p.y)}; }

std::vector<pz_point> finite_points(const pz_point *p, uint32_t n) {
    std::vector<pz_point> out;
    out.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
        out.push_back(finite(p[i]));
    return out;
}

DisplayListRecorder &self(void *ctx) { return *static_cast<DisplayListRecorder *>(ctx); }

} // namespace

size_t DisplayList::count(DrawItem::Kind kind) const {
    size_t n = 0;
    for (auto &item : items)
        n += item.kind == kind;
    return n;
}

size_t DisplayList::count_in_group(const std::string &group) const {
    size_t n = 0;
    for (auto &item : items)
        n += item.group == group;
    return n;
}

DisplayListRecorder::DisplayListRecorder(size_t max_items) : max_items_(max_items) {
    canvas_ = pz_canvas{sizeof(pz_canvas), this, &begin, &group_begin, &group_end, &polygon, &polyline, &circle, &text};
}

DisplayList DisplayListRecorder::take() {
    DisplayList list = std::exchange(list_, DisplayList{}); // either way the recorder starts afresh
    open_.clear();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return list;
}

// Callbacks run inside plugin code: nothing may unwind through it (ABI rule 3). A failure may leave the recording
// half-made, which is fine: take() throws instead of returning it.
template <class F> void DisplayListRecorder::guarded(void *ctx, F &&f) noexcept {
    DisplayListRecorder &s = self(ctx);
    if (s.error_) return; // the recording is already lost: take() reports the first failure
    try {
        f(s);
    } catch (...) {
        s.error_ = std::current_exception();
    }
}

void DisplayListRecorder::check_limit() const {
    if (list_.items.size() + list_.groups.size() >= max_items_)
        throw PluginError("the drawing has more than " + std::to_string(max_items_) + " items and groups");
}

DrawItem &DisplayListRecorder::add(DrawItem::Kind kind) {
    check_limit();
    DrawItem &item = list_.items.emplace_back();
    item.kind = kind;
    if (!open_.empty()) {
        item.group_index = open_.back();
        item.group = list_.groups[size_t(item.group_index)].name;
    }
    return item;
}

void DisplayListRecorder::begin(void *ctx, float w, float h, pz_rgba background) noexcept {
    guarded(ctx, [&](DisplayListRecorder &s) {
        s.list_.width = w > 0 && std::isfinite(w) ? w : 100;
        s.list_.height = h > 0 && std::isfinite(h) ? h : 100;
        s.list_.background = background;
    });
}

void DisplayListRecorder::group_begin(void *ctx, const char *name) noexcept {
    guarded(ctx, [&](DisplayListRecorder &s) {
        s.check_limit();
        s.list_.groups.push_back(
            DrawGroup{name ? name : "", s.open_.empty() ? -1 : s.open_.back(), s.list_.items.size()});
        s.open_.push_back(int(s.list_.groups.size() - 1));
    });
}

void DisplayListRecorder::group_end(void *ctx) noexcept {
    guarded(ctx, [&](DisplayListRecorder &s) {
        if (!s.open_.empty()) s.open_.pop_back(); // an unbalanced end from a plugin is ignored
    });
}

void DisplayListRecorder::polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke,
                                  float width) noexcept {
    if (!p || n < 2) return;
    guarded(ctx, [&](DisplayListRecorder &s) {
        DrawItem &item = s.add(DrawItem::Polygon);
        item.points = finite_points(p, n);
        item.fill = fill;
        item.stroke = stroke;
        item.width = finite(width);
    });
}

void DisplayListRecorder::polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width) noexcept {
    if (!p || n < 2) return;
    guarded(ctx, [&](DisplayListRecorder &s) {
        DrawItem &item = s.add(DrawItem::Polyline);
        item.points = finite_points(p, n);
        item.stroke = stroke;
        item.width = finite(width);
    });
}

void DisplayListRecorder::circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke,
                                 float width) noexcept {
    guarded(ctx, [&](DisplayListRecorder &s) {
        DrawItem &item = s.add(DrawItem::Circle);
        item.points = {finite(pz_point{cx, cy})};
        item.radius = finite(r);
        item.fill = fill;
        item.stroke = stroke;
        item.width = finite(width);
    });
}

void DisplayListRecorder::text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor,
                               const char *t) noexcept {
    guarded(ctx, [&](DisplayListRecorder &s) {
        DrawItem &item = s.add(DrawItem::Text);
        item.points = {finite(pz_point{x, y})};
        item.size = finite(size);
        item.fill = color;
        item.anchor = anchor >= PZ_ANCHOR_START && anchor <= PZ_ANCHOR_END ? anchor : PZ_ANCHOR_START;
        item.text = t ? t : "";
    });
}

} // namespace pluzzle::host
