// image_import.hpp -- a square loop board read from a picture of it (a screenshot), with OpenCV: where the board
// is, how many tiles it has, and which sides of each tile a pipe leaves through. Independent of the tile size, the
// margins, the board's position, the colours, and mild blur or JPEG noise.
#pragma once
#include "board.hpp"

#include <pluzzle/params.hpp>

#include <string_view>

namespace loop {

// `bytes`: a PNG or JPEG file. `params` (the generator's): rules and wrap, which a picture does not show.
// pluzzle::parse_error (field "image") when the picture is not a square loop board.
Board import_image(std::string_view bytes, const pluzzle::Params &params);

} // namespace loop
