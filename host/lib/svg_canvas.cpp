#include <pluzzle/host/svg_canvas.hpp>

#include <pluzzle/host/utf8.hpp>

#include <cmath>
#include <cstdio>

namespace pluzzle::host {

namespace {

std::string num(float v) {
    if (!std::isfinite(v)) v = 0; // a NaN from a plugin must not make the document unreadable
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

std::string points(const pz_point *p, uint32_t n) {
    std::string s;
    for (uint32_t i = 0; i < n; ++i)
        s += (i ? " " : "") + num(p[i].x) + "," + num(p[i].y);
    return s;
}

SvgCanvas &self(void *ctx) { return *static_cast<SvgCanvas *>(ctx); }

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

SvgCanvas::SvgCanvas(float scale) : scale_(scale) {
    canvas_ = pz_canvas{sizeof(pz_canvas), this, &begin, &group_begin, &group_end, &polygon, &polyline, &circle, &text};
}

template <class F> void SvgCanvas::guarded(void *ctx, F &&f) noexcept {
    SvgCanvas &s = self(ctx);
    if (s.error_) return;
    try {
        f(s);
    } catch (...) {
        s.error_ = std::current_exception();
    }
}

std::string SvgCanvas::str() const {
    if (error_) std::rethrow_exception(error_);
    std::string doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    doc += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_ * scale_) + "\" height=\"" +
           num(height_ * scale_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) + "\">\n";
    doc += background_ + body_;
    for (int i = 0; i < open_groups_; ++i)
        doc += "</g>\n";
    return doc + "</svg>\n";
}

void SvgCanvas::begin(void *ctx, float w, float h, pz_rgba background) {
    guarded(ctx, [&](SvgCanvas &s) {
        s.width_ = w > 0 && std::isfinite(w) ? w : 100;
        s.height_ = h > 0 && std::isfinite(h) ? h : 100;
        s.background_ =
            background.a ? "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\"" + paint("fill", background) + "/>\n"
                         : "";
    });
}

void SvgCanvas::group_begin(void *ctx, const char *name) {
    guarded(ctx, [&](SvgCanvas &s) {
        s.body_ += name && *name ? "<g class=\"" + xml_escape(name) + "\">\n" : "<g>\n";
        ++s.open_groups_;
    });
}

void SvgCanvas::group_end(void *ctx) {
    guarded(ctx, [&](SvgCanvas &s) {
        if (s.open_groups_ == 0) return; // unbalanced end from a plugin: ignore rather than break the document
        s.body_ += "</g>\n";
        --s.open_groups_;
    });
}

void SvgCanvas::polygon(void *ctx, const pz_point *p, uint32_t n, pz_rgba fill, pz_rgba stroke, float width) {
    if (!p || n < 2) return;
    guarded(ctx, [&](SvgCanvas &s) {
        s.body_ +=
            "<polygon points=\"" + points(p, n) + "\"" + paint("fill", fill) + stroke_attrs(stroke, width) + "/>\n";
    });
}

void SvgCanvas::polyline(void *ctx, const pz_point *p, uint32_t n, pz_rgba stroke, float width) {
    if (!p || n < 2) return;
    guarded(ctx, [&](SvgCanvas &s) {
        s.body_ += "<polyline points=\"" + points(p, n) + "\" fill=\"none\"" + stroke_attrs(stroke, width) +
                   " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n";
    });
}

void SvgCanvas::circle(void *ctx, float cx, float cy, float r, pz_rgba fill, pz_rgba stroke, float width) {
    guarded(ctx, [&](SvgCanvas &s) {
        s.body_ += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\"" + paint("fill", fill) +
                   stroke_attrs(stroke, width) + "/>\n";
    });
}

void SvgCanvas::text(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor, const char *utf8) {
    static const char *anchors[] = {"start", "middle", "end"};
    const char *a = anchor >= PZ_ANCHOR_START && anchor <= PZ_ANCHOR_END ? anchors[anchor] : "start";
    // dominant-baseline=central: y is the text's middle, as for the editor's drawing.
    guarded(ctx, [&](SvgCanvas &s) {
        s.body_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
                   "\" font-family=\"sans-serif\" text-anchor=\"" + a + "\" dominant-baseline=\"central\"" +
                   paint("fill", color) + ">" + xml_escape(utf8 ? utf8 : "") + "</text>\n";
    });
}

} // namespace pluzzle::host
