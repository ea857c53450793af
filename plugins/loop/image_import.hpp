// image_import.hpp -- a square loop board read from a picture of it (a screenshot), with OpenCV: where the board
// is, how many tiles it has, and which sides of each tile a pipe leaves through. Independent of the tile size, the
// margins, the board's position, the colours, and mild blur or JPEG noise.
#pragma once
#include "board.hpp"

#include <pluzzle/params.hpp>

#include <string>
#include <string_view>

namespace loop {

// `bytes`: a PNG or JPEG file. `params` (the generator's): rules and wrap, which a picture does not show.
// pluzzle::parse_error (field "image") when the picture is not a square loop board.
Board import_image(std::string_view bytes, const pluzzle::Params &params);

// Why the module file or its folder at `path` may not be loaded, or "" when it may: owned by root or this user, and
// writable by no one else (the rule the host applies to plugin folders; pluzzle_loop.d/ is a folder of its own).
std::string untrusted_module_problem(const std::string &path);

} // namespace loop
