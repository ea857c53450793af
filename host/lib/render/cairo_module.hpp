// cairo_module.hpp -- the entry points of pluzzle_cairo.so (cairo_module/cairo_module.cpp), which cairo_writer.cpp
// opens with dlopen the first time a PNG or PDF is drawn. Both are built from this tree with the same compiler, so
// C++ types cross; errors come back as text (true: `out` holds the bytes; false: `error` says why).
#pragma once
#include <pluzzle/host/render/display_list.hpp>

#include <string>
#include <vector>

extern "C" {
using PluzzleCairoPng = bool (*)(const pluzzle::host::DisplayList *drawing, float scale, std::string *out,
                                 std::string *error);
using PluzzleCairoPdf = bool (*)(const std::vector<pluzzle::host::DisplayList> *pages, float scale, std::string *out,
                                 std::string *error);
}

namespace pluzzle::host {
inline constexpr const char *kCairoModuleFile = "pluzzle_cairo.so";
}
