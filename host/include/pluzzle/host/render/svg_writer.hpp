// svg_writer.hpp -- a recorded drawing (DisplayList, see display_list.hpp) as an SVG document: rendering with no
// display, for the CLI and for tests.
#pragma once
#include <pluzzle/host/render/display_list.hpp>

#include <string>

namespace pluzzle::host {

// The whole document. `scale` converts the plugin's units to SVG pixels (width and height; the viewBox stays in
// the plugin's units). Groups become nested <g class="name"> elements, closed even when the plugin left them open.
std::string svg_document(const DisplayList &list, float scale = 1.0f);

// Text for XML content or attribute values: invalid UTF-8 repaired, & < > " escaped, control characters dropped.
std::string xml_escape(const std::string &text);

} // namespace pluzzle::host
