// cairo_writer.hpp -- a recorded drawing as PNG or PDF bytes, drawn by cairo from the same DisplayList as the SVG
// writer (same geometry, same text placement: kTextBaselineOffset).
#pragma once
#include <pluzzle/host/render/display_list.hpp>

#include <string>
#include <vector>

namespace pluzzle::host {

// The largest PNG side in pixels: cairo's own limit is 32767, and a bigger picture is rarely what anyone wants.
inline constexpr int kMaxPngSide = 16384;

// PNG bytes of `drawing` at `scale` pixels per plugin unit (white where the drawing has no background). InputError
// (field "scale") when the picture would exceed kMaxPngSide on a side.
std::string png_document(const DisplayList &drawing, float scale);
// PDF bytes, one page per drawing, each page the drawing's size at `scale` points per plugin unit.
std::string pdf_document(const std::vector<DisplayList> &pages, float scale);

// The output kind a file name asks for by its extension: "svg", "png" or "pdf"; InputError naming the file (field
// "output") for any other.
std::string drawing_format(const std::string &path);

} // namespace pluzzle::host
