// `pluzzle db print`: a pack as a PDF booklet, read back by poppler (pdfinfo, pdftoppm) -- not by the cairo that
// wrote it: page counts for every layout, a page's picture against the level's own PNG, and clear errors.
#include "png_image.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <cmath>
#include <map>

using namespace pluzzle::test;

namespace {

int pdf_pages(const std::string &pdf) {
    const RunResult r = run("pdfinfo " + quote(pdf));
    const size_t at = r.out.find("Pages:");
    return at == std::string::npos ? -1 : std::stoi(r.out.substr(at + 6));
}

struct Box {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1; // inclusive; empty when x1 < x0
    int width() const { return x1 - x0 + 1; }
    int height() const { return y1 - y0 + 1; }
};

// The bounding box of the pixels that are not (near) white, between rows `top` and `bottom`.
Box ink(const Png &png, int top, int bottom) {
    Box b;
    for (int y = std::max(0, top); y < std::min(png.height(), bottom); ++y)
        for (int x = 0; x < png.width(); ++x) {
            const auto c = png.at(x, y);
            if (c[0] + c[1] + c[2] < 3 * 235) {
                b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y);
                b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
            }
        }
    return b;
}

// Mean absolute difference per channel (0..255) between box `a` of `pa` and box `b` of `pb`, `b` sampled at the
// positions of `a` (nearest pixel).
double difference(const Png &pa, Box a, const Png &pb, Box b) {
    double sum = 0;
    size_t n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const auto p = pa.at(a.x0 + x, a.y0 + y);
            const auto q = pb.at(b.x0 + std::min(b.width() - 1, x * b.width() / a.width()),
                                 b.y0 + std::min(b.height() - 1, y * b.height() / a.height()));
            for (int c = 0; c < 3; ++c)
                sum += std::abs(p[c] - q[c]);
            n += 3;
        }
    return n ? sum / double(n) : 255;
}

// The share of the commonest colour (16 levels a channel) among the strongly coloured pixels of `box`: near 1 for a
// finished KAMI 2 board (one colour, a gold border), far lower for its start board.
double commonest_colour_share(const Png &png, Box box) {
    std::map<int, int> bins;
    int coloured = 0, top = 0;
    for (int y = box.y0; y <= box.y1; ++y)
        for (int x = box.x0; x <= box.x1; ++x) {
            const auto c = png.at(x, y);
            if (std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}) <= 60) continue;
            ++coloured;
            top = std::max(top, ++bins[(c[0] >> 4) << 8 | (c[1] >> 4) << 4 | c[2] >> 4]);
        }
    return coloured ? double(top) / coloured : 1;
}

std::string make_pack(const TempDir &dir, const std::string &levels_file, const std::string &pack) {
    const std::string db = dir / "levels.db";
    EXPECT_EQ(run(cli() + " -q db import " + quote(db) + " " + quote(levels_file) + " --pack " + pack).exit_code, 0);
    return db;
}

} // namespace

TEST(DbPrint, EveryLevelAndItsSolutionOnTheRightNumberOfPages) {
    TempDir dir;
    const std::string db = make_pack(dir, data_dir() + "/lightsout/classic.lightsout", "classic");
    ASSERT_EQ(run(cli() + " -q db solve " + quote(db)).exit_code, 0); // stored solutions are used...
    const int levels = 7;
    for (unsigned per_page : {1u, 2u, 4u, 6u, 9u, 12u}) {
        const std::string pdf = dir / ("book" + std::to_string(per_page) + ".pdf");
        const RunResult r = run(cli() + " --json db print " + quote(db) + " --pack classic --per-page " +
                                std::to_string(per_page) + " -o " + quote(pdf));
        ASSERT_EQ(r.exit_code, 0) << r.out;
        const int sheets = (levels + int(per_page) - 1) / int(per_page);
        EXPECT_EQ(pdf_pages(pdf), 2 * sheets) << per_page; // the puzzles, then their solutions
        EXPECT_TRUE(contains(r.out, "\"levels\":7")) << r.out;
        EXPECT_TRUE(contains(r.out, "\"solutions\":7")) << r.out;
    }
    // ...and without them, the levels are solved now; --no-solutions leaves the back pages out.
    TempDir other;
    const std::string unsolved = make_pack(other, data_dir() + "/lightsout/classic.lightsout", "classic");
    RunResult r = run(cli() + " --json db print " + quote(unsolved) + " --pack classic --per-page 4 -o " +
                      quote(other / "b.pdf"));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "\"solutions\":7")) << r.out;
    r = run(cli() + " db print " + quote(unsolved) + " --pack classic --no-solutions -o " + quote(other / "c.pdf"));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(pdf_pages(other / "c.pdf"), levels);
}

TEST(DbPrint, APageShowsTheLevelAsItsOwnPngDoes) {
    TempDir dir;
    write_file(dir / "lit.lightsout", "lightsout 1\nname Lit\nsize 3 3\n###\n###\n###\n");
    write_file(dir / "dark.lightsout", "lightsout 1\nname Dark\nsize 3 3\n...\n...\n...\n");
    const std::string db = make_pack(dir, dir / "lit.lightsout", "one");
    ASSERT_EQ(
        run(cli() + " -q db print " + quote(db) + " --pack one --no-solutions -o " + quote(dir / "b.pdf")).exit_code,
        0);
    ASSERT_EQ(run("pdftoppm -r 72 -png -f 1 -l 1 " + quote(dir / "b.pdf") + " " + quote(dir / "page")).exit_code, 0);
    const Png page(read_file(dir / "page-1.png"));
    ASSERT_TRUE(page.ok());
    EXPECT_NEAR(page.width(), 595, 1); // A4 at 72 dpi
    EXPECT_NEAR(page.height(), 842, 1);
    const Box on_page = ink(page, 78, page.height() - 45); // below the head and caption, above the page number
    ASSERT_GT(on_page.width(), 300) << "the drawing fills its box";

    // The level's own PNG at the scale the page shows it.
    ASSERT_EQ(run(cli() + " render " + quote(dir / "lit.lightsout") + " -o " + quote(dir / "one.png")).exit_code, 0);
    const Png at_one(read_file(dir / "one.png"));
    const double scale = double(on_page.width()) / ink(at_one, 0, at_one.height()).width();
    const auto render = [&](const std::string &level, const std::string &png) {
        char s[32];
        std::snprintf(s, sizeof s, "%.4f", scale);
        EXPECT_EQ(run(cli() + " render " + quote(dir / level) + " --scale " + s + " -o " + quote(dir / png)).exit_code,
                  0);
        return read_file(dir / png);
    };
    const Png lit(render("lit.lightsout", "lit.png")), dark(render("dark.lightsout", "dark.png"));
    const double same = difference(page, on_page, lit, ink(lit, 0, lit.height()));
    const double other = difference(page, on_page, dark, ink(dark, 0, dark.height()));
    const Box lit_box = ink(lit, 0, lit.height());
    EXPECT_LT(same, 12) << "the page is the level's picture: page box " << on_page.x0 << "," << on_page.y0 << " "
                        << on_page.width() << "x" << on_page.height() << ", level box " << lit_box.x0 << ","
                        << lit_box.y0 << " " << lit_box.width() << "x" << lit_box.height() << " at scale " << scale;
    EXPECT_GT(other, 2 * same + 10) << "and not another level's (the comparison can tell them apart)";
}

TEST(DbPrint, BadRequestsAndACrashingPluginAreClearErrors) {
    TempDir dir;
    const std::string db = make_pack(dir, data_dir() + "/lightsout/classic.lightsout", "classic");
    RunResult r = run(cli() + " db print " + quote(db) + " --pack nope -o " + quote(dir / "x.pdf"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "field 'pack': no pack 'nope' (packs: classic)")) << r.out;
    r = run(cli() + " db print " + quote(db) + " --pack classic --per-page 5 -o " + quote(dir / "x.pdf"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "5 puzzles a page is not a layout")) << r.out;
    r = run(cli() + " db print " + quote(db) + " --pack classic -o " + quote(dir / "x.svg"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "a booklet is a PDF")) << r.out;
    r = run(cli() + " db print " + quote(dir / "missing.db") + " --pack classic -o " + quote(dir / "x.pdf"), true);
    EXPECT_EQ(r.exit_code, 3) << r.out;
    EXPECT_FALSE(fs::exists(dir / "x.pdf"));

    // A plugin that crashes while drawing one level: the command says which, writes nothing, and is not killed.
    write_file(dir / "ok.probe", "probe 1\nvalue 1\n");
    write_file(dir / "bad.probe", "probe 1\nvalue 2\ncrash_in render\n");
    const std::string probes = dir / "probes.db";
    ASSERT_EQ(run(cli(probe_dir("good")) + " -q db import " + quote(probes) + " " + quote(dir / "ok.probe") + " " +
                  quote(dir / "bad.probe") + " --pack p")
                  .exit_code,
              0);
    r = run(cli(probe_dir("good")) + " db print " + quote(probes) + " --pack p -o " + quote(dir / "p.pdf"), true);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "plugin 'probe' (render) crashed (worker killed by SIGSEGV)")) << r.out;
    EXPECT_FALSE(fs::exists(dir / "p.pdf"));
}

// Issue 49: a KAMI 2 solution page shows the moves (ABI 1.9's render_solution), not the finished one-colour board. Each
// solution page of the bundled pack shows the start board's colours, is the level's `render --solution` picture -- its
// start board, numbered moves and strip, which solution_pages_test.cpp checks pixel by pixel -- and not the puzzle
// page's picture.
TEST(DbPrint, AKamiSolutionPageIsTheLevelsMovesNotItsFinishedBoard) {
    TempDir dir;
    const std::vector<std::string> levels = {"tri-free-06x12.kami", "square-pivot-06x06.kami", "hand-courtyard.kami"};
    std::string files;
    for (const std::string &l : levels) files += " " + quote(data_dir() + "/kami/" + l);
    const std::string db = dir / "kami.db";
    ASSERT_EQ(run(cli() + " -q db import " + quote(db) + files + " --pack kami").exit_code, 0);
    const RunResult printed = run(cli() + " --json db print " + quote(db) + " --pack kami -o " + quote(dir / "b.pdf"));
    ASSERT_EQ(printed.exit_code, 0) << printed.out;
    EXPECT_TRUE(contains(printed.out, "\"solutions\":3")) << printed.out;
    ASSERT_EQ(pdf_pages(dir / "b.pdf"), 6);
    ASSERT_EQ(run("pdftoppm -r 72 -png " + quote(dir / "b.pdf") + " " + quote(dir / "page")).exit_code, 0);
    for (size_t i = 0; i < levels.size(); ++i) {
        const std::string level = data_dir() + "/kami/" + levels[i];
        const Png puzzle(read_file(dir / ("page-" + std::to_string(i + 1) + ".png")));
        const Png solution(read_file(dir / ("page-" + std::to_string(i + 4) + ".png")));
        ASSERT_TRUE(puzzle.ok() && solution.ok()) << levels[i];
        const Box on_page = ink(solution, 78, solution.height() - 45);
        // The same solution drawn by `render --solution` (the solver is deterministic: db print solved it the same).
        const RunResult solved = run(cli() + " --json solve " + quote(level));
        ASSERT_EQ(solved.exit_code, 0) << solved.out;
        write_file(dir / "answer.txt", member(json_lines(solved.out).back(), "solution"));
        ASSERT_EQ(run(cli() + " render " + quote(level) + " --solution " + quote(dir / "answer.txt") + " -o " +
                      quote(dir / "one.png"))
                      .exit_code,
                  0);
        const Png at_one(read_file(dir / "one.png"));
        const double scale = double(on_page.width()) / ink(at_one, 0, at_one.height()).width();
        char s[32];
        std::snprintf(s, sizeof s, "%.4f", scale);
        ASSERT_EQ(run(cli() + " render " + quote(level) + " --solution " + quote(dir / "answer.txt") + " --scale " + s +
                      " -o " + quote(dir / "scaled.png"))
                      .exit_code,
                  0);
        const Png moves(read_file(dir / "scaled.png"));
        const double same = difference(solution, on_page, moves, ink(moves, 0, moves.height()));
        const Box puzzle_box = ink(puzzle, 78, puzzle.height() - 45);
        const double other = difference(solution, on_page, puzzle, puzzle_box);
        EXPECT_LT(commonest_colour_share(solution, on_page), 0.65)
            << levels[i] << ": the start board's colours (a finished board is one colour: 0.77 to 0.87 of its pixels)";
        EXPECT_LT(same, 12) << levels[i] << ": the solution page is the level's moves";
        EXPECT_GT(other, same + 10) << levels[i] << ": and not the puzzle page again";
    }
}
