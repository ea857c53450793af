// image_module.hpp -- what the loop plugin and its image reader module (image_module/, OpenCV) agree on. OpenCV
// and its ~130 libraries took ~0.4 s to load in every process that loaded the plugin, and only import_image needs
// them, so the reader is a module of its own, loaded on the first import_image (image_import.cpp). It lives in a
// folder beside the plugin file, which the host's plugin scan (top-level *.so files only) never enters.
#pragma once
#include "board.hpp"

#include <pluzzle/params.hpp>

#include <string_view>

namespace loop {

// Where the module is, relative to the plugin file's folder.
inline constexpr const char *image_module_file = "pluzzle_loop.d/pluzzle_loop_image.so";

// The module's one exported object, named by image_module_symbol. Plugin and module come from one build, so C++
// types (and the pluzzle::Error the reader throws) cross between them as between two files of the plugin.
struct ImageModule {
    Board (*import_image)(std::string_view bytes, const pluzzle::Params &params);
};
inline constexpr const char *image_module_symbol = "pluzzle_loop_image_module";

} // namespace loop
