// The palette: the canonical `palette` line (written only when it is not the default), its errors, validation.
#include "kami_test_support.hpp"

using namespace kami;
using namespace kami::test;

namespace {

const std::string kHead = "kami 1\ngrid square\nmode free\nsize 3 1\ncolours 3\n";

std::string field_and_line(std::string_view text) {
    try {
        parse_levels(text, "");
    } catch (const pluzzle::Error &e) {
        return e.field() + "@" + std::to_string(e.line());
    }
    return "no error";
}

} // namespace

TEST(KamiPalette, ACustomPaletteRoundTripsInLowerCase) {
    const Board b = board_from(kHead + "palette #FF0000 #00ff00 #0000Ff\ncells\n123\n");
    EXPECT_EQ(b.palette, (std::vector<uint32_t>{0xff0000, 0x00ff00, 0x0000ff}));
    EXPECT_EQ(palette_colour(b, 2), 0x00ff00u);
    EXPECT_EQ(encode_board(b), kHead + "palette #ff0000 #00ff00 #0000ff\ncells\n123\n");
    // The palette may come before `colours`: the count is checked once both are known.
    const Board early = board_from(
        "kami 1\ngrid square\nmode free\nsize 3 1\npalette #010203 #040506 #070809\ncolours 3\ncells\n123\n");
    EXPECT_EQ(early.palette.back(), 0x070809u);
}

TEST(KamiPalette, TheDefaultPaletteIsLeftOut) {
    const Board plain = board_from(kHead + "cells\n123\n");
    EXPECT_TRUE(plain.palette.empty());
    EXPECT_EQ(palette_colour(plain, 1), default_palette()[0]);
    EXPECT_EQ(palette_colour(plain, 3), default_palette()[2]);
    // Written out in full, the default palette reads, and is not written back.
    const Board spelled = board_from(kHead + "palette #4e79a7 #f28e2b #e15759\ncells\n123\n");
    EXPECT_EQ(encode_board(spelled), kHead + "cells\n123\n");
    // Nine colours that all differ.
    for (size_t i = 0; i < default_palette().size(); ++i)
        for (size_t j = i + 1; j < default_palette().size(); ++j)
            EXPECT_NE(default_palette()[i], default_palette()[j]);
}

TEST(KamiPalette, BadPalettesNameTheFieldAndLine) {
    EXPECT_EQ(field_and_line(kHead + "palette #ff0000 #00ff00\ncells\n123\n"), "palette@6"); // too few
    EXPECT_EQ(field_and_line(kHead + "palette #ff0000 #00ff00 #000000 #ffffff\ncells\n123\n"), "palette@6");
    EXPECT_EQ(field_and_line(kHead + "palette #ff000 #00ff00 #000000\ncells\n123\n"), "palette@6");
    EXPECT_EQ(field_and_line(kHead + "palette red green blue\ncells\n123\n"), "palette@6");
    EXPECT_EQ(field_and_line(kHead + "palette #gg0000 #00ff00 #000000\ncells\n123\n"), "palette@6");
    EXPECT_EQ(field_and_line(kHead + "palette\ncells\n123\n"), "palette@6");
}

TEST(KamiPalette, ValidationChecksTheCountAndTheRange) {
    Board b = board_from(kHead + "cells\n123\n");
    b.palette = {1, 2};
    try {
        validate_board(b);
        ADD_FAILURE() << "two colours for a palette of three";
    } catch (const pluzzle::Error &e) {
        EXPECT_EQ(e.field(), "palette");
    }
    b.palette = {1, 2, 0x1000000};
    EXPECT_THROW(validate_board(b), pluzzle::Error);
    b.palette = {1, 2, 3};
    EXPECT_NO_THROW(validate_board(b));
}
