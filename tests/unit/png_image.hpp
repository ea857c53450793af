// png_image.hpp -- a PNG read back with cairo, for tests that look at pixels (cairo's own output, and poppler's
// rasters of our PDFs).
#pragma once
#include <cairo.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

namespace pluzzle::test {

struct Png {
    cairo_surface_t *surface;
    explicit Png(const std::string &bytes) {
        struct Reader {
            const std::string *bytes;
            size_t at = 0;
        } reader{&bytes};
        surface = cairo_image_surface_create_from_png_stream(
            [](void *closure, unsigned char *data, unsigned int length) {
                auto *r = static_cast<Reader *>(closure);
                if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
                std::memcpy(data, r->bytes->data() + r->at, length);
                r->at += length;
                return CAIRO_STATUS_SUCCESS;
            },
            &reader);
    }
    ~Png() { cairo_surface_destroy(surface); }
    bool ok() const { return cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS; }
    int width() const { return cairo_image_surface_get_width(surface); }
    int height() const { return cairo_image_surface_get_height(surface); }
    // (r, g, b) of a pixel: ARGB32 in native byte order, opaque here.
    std::array<int, 3> at(int x, int y) const {
        const unsigned char *row = cairo_image_surface_get_data(surface) + y * cairo_image_surface_get_stride(surface);
        uint32_t argb;
        std::memcpy(&argb, row + 4 * x, 4);
        return {int(argb >> 16 & 255), int(argb >> 8 & 255), int(argb & 255)};
    }
};

} // namespace pluzzle::test
