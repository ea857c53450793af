#include <pluzzle/host/render/svg_writer.hpp>

#include <pluzzle/host/base/utf8.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

namespace pluzzle::host {

namespace {

std::string num(float v) {
    if (!std::isfinite(v)) v = 0; // a NaN must not make the document unreadable (recordings have none)
    char buf[64];
    if (std::fabs(v) >= 1e15f) {
        std::snprintf(buf, sizeof buf, "%.6g", double(v)); // fixed notation would not fit
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%.2f", double(v));
    std::string s = buf;
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

std::string paint(const char *attr, pz_rgba c) {
    if (c.a == 0) return std::string(" ") + attr + "=\"none\"";
    char buf[80];
    std::snprintf(buf, sizeof buf, " %s=\"#%02x%02x%02x\"", attr, c.r, c.g, c.b);
    std::string s = buf;
    if (c.a != 255) s += std::string(" ") + attr + "-opacity=\"" + num(c.a / 255.0f) + "\"";
    return s;
}

std::string stroke_attrs(pz_rgba stroke, float width) {
    if (stroke.a == 0 || width <= 0) return " stroke=\"none\"";
    return paint("stroke", stroke) + " stroke-width=\"" + num(width) + "\"";
}

std::string points(const std::vector<pz_point> &p) {
    std::string s;
    for (size_t i = 0; i < p.size(); ++i)
        s += (i ? " " : "") + num(p[i].x) + "," + num(p[i].y);
    return s;
}

} // namespace

std::string xml_escape(const std::string &raw) {
    const std::string text = repair_utf8(raw); // XML must be well-formed UTF-8
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default:
            if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
        }
    }
    return out;
}

namespace {

std::string element(const DrawItem &item) {
    switch (item.kind) {
    case DrawItem::Polygon:
        return "<polygon points=\"" + points(item.points) + "\"" + paint("fill", item.fill) +
               stroke_attrs(item.stroke, item.width) + "/>\n";
    case DrawItem::Polyline:
        return "<polyline points=\"" + points(item.points) + "\" fill=\"none\"" +
               stroke_attrs(item.stroke, item.width) + " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n";
    case DrawItem::Circle: {
        const pz_point c = item.points[0];
        return "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(item.radius) + "\"" +
               paint("fill", item.fill) + stroke_attrs(item.stroke, item.width) + "/>\n";
    }
    case DrawItem::Text: {
        static const char *anchors[] = {"start", "middle", "end"};
        const char *a = item.anchor >= PZ_ANCHOR_START && item.anchor <= PZ_ANCHOR_END ? anchors[item.anchor] : "start";
        const pz_point at = item.points[0];
        // y is the text's middle: SVG's y is the alphabetic baseline, so it moves down by the portable offset
        // (kTextBaselineOffset, see display_list.hpp) rather than relying on dominant-baseline, which not every
        // viewer honours. The editor places its text the same way.
        return "<text x=\"" + num(at.x) + "\" y=\"" + num(at.y + kTextBaselineOffset * item.size) + "\" font-size=\"" +
               num(item.size) + "\" font-family=\"sans-serif\" text-anchor=\"" + a + "\"" + paint("fill", item.fill) +
               ">" + xml_escape(item.text) + "</text>\n";
    }
    }
    return {};
}

// Whether `item` has the points its kind needs (a recording always does; a hand-made list may not).
bool drawable(const DrawItem &item) {
    return item.points.size() >= (item.kind == DrawItem::Polygon || item.kind == DrawItem::Polyline ? 2u : 1u);
}

} // namespace

std::string svg_document(const DisplayList &list, float scale) {
    std::string doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    doc += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(list.width * scale) + "\" height=\"" +
           num(list.height * scale) + "\" viewBox=\"0 0 " + num(list.width) + " " + num(list.height) + "\">\n";
    if (list.background.a)
        doc += "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\"" + paint("fill", list.background) + "/>\n";

    // The group tree back as nested elements: a group opens (inside its parent) before the first item drawn after
    // it began, and closes once an item or group outside it comes, or at the end. This writes every <g> of the
    // plugin's group_begin calls, in their order, empty ones and ones left open included.
    std::vector<int> open;                    // indices of the groups written open, innermost last
    const auto close_until = [&](int group) { // -1, or a group not open: close them all
        while (!open.empty() && open.back() != group) {
            doc += "</g>\n";
            open.pop_back();
        }
    };
    size_t next_group = 0;
    const auto open_groups_up_to = [&](size_t item) { // the groups that began before items[item] was drawn
        for (; next_group < list.groups.size() && list.groups[next_group].first_item <= item; ++next_group) {
            const DrawGroup &g = list.groups[next_group];
            close_until(g.parent);
            doc += g.name.empty() ? "<g>\n" : "<g class=\"" + xml_escape(g.name) + "\">\n";
            open.push_back(int(next_group));
        }
    };
    for (size_t i = 0; i < list.items.size(); ++i) {
        const DrawItem &item = list.items[i];
        open_groups_up_to(i);
        close_until(item.group_index);
        if (drawable(item)) doc += element(item);
    }
    open_groups_up_to(list.items.size());
    close_until(-1);
    return doc + "</svg>\n";
}

} // namespace pluzzle::host
