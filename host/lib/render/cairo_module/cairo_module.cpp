// cairo_module.cpp -- pluzzle_cairo.so: a recorded drawing as PNG or PDF bytes, drawn by cairo. A module of its own,
// opened by cairo_writer.cpp the first time a picture is drawn, so that the CLI and the sandbox worker, which rarely
// draw one, do not load cairo and the twenty libraries it brings at every start (issue 45: they cost a worker 5 ms).
#include "render/cairo_module.hpp"

#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/utf8.hpp>

#include <cairo-pdf.h>
#include <cairo.h>

#include <cmath>
#include <memory>

namespace pluzzle::host {
namespace {

struct SurfaceFree {
    void operator()(cairo_surface_t *s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
    void operator()(cairo_t *c) const { cairo_destroy(c); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceFree>;
using Context = std::unique_ptr<cairo_t, ContextFree>;

cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    static_cast<std::string *>(closure)->append(reinterpret_cast<const char *>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

void check(cairo_status_t status, const char *what) {
    if (status != CAIRO_STATUS_SUCCESS)
        throw PluginError(std::string("cairo could not ") + what + ": " + cairo_status_to_string(status));
}

void colour(cairo_t *cr, pz_rgba c) { cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0); }

// Fills with `fill`, then strokes the same path with `stroke` (each only when visible), as SVG does.
void paint(cairo_t *cr, pz_rgba fill, pz_rgba stroke, float width) {
    if (fill.a) {
        colour(cr, fill);
        cairo_fill_preserve(cr);
    }
    if (stroke.a && width > 0) {
        colour(cr, stroke);
        cairo_set_line_width(cr, width);
        cairo_stroke_preserve(cr);
    }
    cairo_new_path(cr);
}

void draw(cairo_t *cr, const DisplayList &d) {
    if (d.background.a) {
        colour(cr, d.background);
        cairo_rectangle(cr, 0, 0, d.width, d.height);
        cairo_fill(cr);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    for (const DrawItem &item : d.items) {
        switch (item.kind) {
        case DrawItem::Polygon:
        case DrawItem::Polyline:
            cairo_move_to(cr, item.points[0].x, item.points[0].y);
            for (size_t i = 1; i < item.points.size(); ++i) cairo_line_to(cr, item.points[i].x, item.points[i].y);
            if (item.kind == DrawItem::Polygon) {
                cairo_close_path(cr);
                paint(cr, item.fill, item.stroke, item.width);
            } else {
                paint(cr, {0, 0, 0, 0}, item.stroke, item.width);
            }
            break;
        case DrawItem::Circle:
            cairo_new_sub_path(cr);
            cairo_arc(cr, item.points[0].x, item.points[0].y, std::max(0.0f, item.radius), 0, 2 * M_PI);
            paint(cr, item.fill, item.stroke, item.width);
            break;
        case DrawItem::Text: {
            if (item.size <= 0 || item.text.empty()) break;
            const std::string text = repair_utf8(item.text);
            cairo_set_font_size(cr, item.size);
            cairo_text_extents_t extents;
            cairo_text_extents(cr, text.c_str(), &extents);
            const double shift = item.anchor == PZ_ANCHOR_MIDDLE ? extents.x_advance / 2
                                 : item.anchor == PZ_ANCHOR_END  ? extents.x_advance
                                                                 : 0;
            colour(cr, item.fill);
            cairo_move_to(cr, item.points[0].x - shift, item.points[0].y + kTextBaselineOffset * item.size);
            cairo_show_text(cr, text.c_str());
            cairo_new_path(cr);
            break;
        }
        }
    }
}

std::string png_bytes(const DisplayList &drawing, float scale) {
    const double w = std::ceil(double(drawing.width) * scale), h = std::ceil(double(drawing.height) * scale);
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, int(w), int(h)));
    check(cairo_surface_status(surface.get()), "make an image");
    Context cr(cairo_create(surface.get()));
    cairo_set_source_rgb(cr.get(), 1, 1, 1); // PNG viewers show transparency as anything: paint white first
    cairo_paint(cr.get());
    cairo_scale(cr.get(), scale, scale);
    draw(cr.get(), drawing);
    check(cairo_status(cr.get()), "draw");
    std::string bytes;
    check(cairo_surface_write_to_png_stream(surface.get(), &append, &bytes), "write PNG");
    return bytes;
}

std::string pdf_bytes(const std::vector<DisplayList> &pages, float scale) {
    std::string bytes;
    if (pages.empty()) return bytes;
    Surface surface(cairo_pdf_surface_create_for_stream(&append, &bytes, pages[0].width * scale, pages[0].height * scale));
    check(cairo_surface_status(surface.get()), "make a PDF");
    Context cr(cairo_create(surface.get()));
    for (const DisplayList &page : pages) {
        cairo_pdf_surface_set_size(surface.get(), page.width * scale, page.height * scale);
        cairo_save(cr.get());
        cairo_scale(cr.get(), scale, scale);
        draw(cr.get(), page);
        cairo_restore(cr.get());
        cairo_show_page(cr.get());
    }
    check(cairo_status(cr.get()), "draw");
    cr.reset();
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "write PDF");
    return bytes;
}

} // namespace
} // namespace pluzzle::host

// The entry points: a failure is a message, not an exception across the dlopen boundary.
extern "C" __attribute__((visibility("default"))) bool pluzzle_cairo_png(const pluzzle::host::DisplayList *drawing,
                                                                         float scale, std::string *out,
                                                                         std::string *error) {
    try {
        *out = pluzzle::host::png_bytes(*drawing, scale);
        return true;
    } catch (const std::exception &e) {
        *error = e.what();
        return false;
    }
}

extern "C" __attribute__((visibility("default"))) bool
pluzzle_cairo_pdf(const std::vector<pluzzle::host::DisplayList> *pages, float scale, std::string *out,
                  std::string *error) {
    try {
        *out = pluzzle::host::pdf_bytes(*pages, scale);
        return true;
    } catch (const std::exception &e) {
        *error = e.what();
        return false;
    }
}
