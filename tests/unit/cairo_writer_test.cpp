// PNG and PDF output through cairo, read back with cairo: sizes, colours where the drawing put them, one page per
// drawing, and clear errors for an unknown extension or a picture too large.
#include "png_image.hpp"
#include "test_support.hpp"
#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/base/errors.hpp>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

DisplayList red_square_on_white() {
    DisplayList d;
    d.width = 100;
    d.height = 60;
    d.background = {255, 255, 255, 255};
    DrawItem square;
    square.kind = DrawItem::Polygon;
    square.points = {{10, 10}, {50, 10}, {50, 50}, {10, 50}};
    square.fill = {255, 0, 0, 255};
    d.items.push_back(square);
    DrawItem label;
    label.kind = DrawItem::Text;
    label.points = {{75, 30}};
    label.size = 12;
    label.fill = {0, 0, 255, 255};
    label.text = "A\xff"; // invalid UTF-8 is repaired, not passed to cairo
    d.items.push_back(label);
    return d;
}

int count(const std::string &text, const std::string &what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

TEST(CairoWriter, PngHasTheDrawingsSizeAndColours) {
    const Png png(png_document(red_square_on_white(), 2));
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png.width(), 200);
    EXPECT_EQ(png.height(), 120);
    EXPECT_EQ(png.at(60, 60), (std::array<int, 3>{255, 0, 0}));    // inside the square
    EXPECT_EQ(png.at(130, 20), (std::array<int, 3>{255, 255, 255})); // background
    int blue = 0; // the label is drawn (blue pixels near its anchor)
    for (int y = 40; y < 80; ++y)
        for (int x = 130; x < 170; ++x) blue += png.at(x, y)[2] > 200 && png.at(x, y)[0] < 100;
    EXPECT_GT(blue, 10);
}

TEST(CairoWriter, ATooLargePictureIsRefusedNamingTheScale) {
    try {
        png_document(red_square_on_white(), 500);
        FAIL() << "a 50000-pixel-wide PNG was made";
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "scale");
        EXPECT_NE(e.reason().find("smaller --scale"), std::string::npos) << e.what();
    }
}

TEST(CairoWriter, PdfHasOnePagePerDrawing) {
    const std::string one = pdf_document({red_square_on_white()}, 1);
    const std::string three = pdf_document({red_square_on_white(), red_square_on_white(), red_square_on_white()}, 1);
    EXPECT_EQ(one.rfind("%PDF-", 0), 0u);
    EXPECT_EQ(count(one, "/Type /Page\n") + count(one, "/Type /Page "), 1);
    EXPECT_EQ(count(three, "/Type /Page\n") + count(three, "/Type /Page "), 3);
    EXPECT_NE(one.find("%%EOF"), std::string::npos);
}

TEST(CairoWriter, TheOutputsExtensionPicksTheFormat) {
    EXPECT_EQ(drawing_format("a/b.svg"), "svg");
    EXPECT_EQ(drawing_format("B.PNG"), "png");
    EXPECT_EQ(drawing_format("x.pdf"), "pdf");
    try {
        drawing_format("x.gif");
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "output");
        EXPECT_NE(std::string(e.what()).find("x.gif"), std::string::npos);
    }
}

// Every plugin's drawing through the real CLI: PNG and PDF files that cairo reads back.
TEST(CairoWriter, RenderWritesPngAndPdfForEveryBundledType) {
    TempDir tmp;
    for (const char *level : {"lightsout/classic.lightsout", "nonogram/webpbn-00001.non", "sliceit/house.sliceit",
                              "celladd/small.celladd", "loop/hex-net-07x07.loop"}) {
        SCOPED_TRACE(level);
        const std::string png = tmp / "out.png", pdf = tmp / "out.pdf";
        RunResult r = run(quote(PLUZZLE_CLI) + " render " + quote(data_dir() + "/" + level) + " -o " + quote(png), true);
        ASSERT_EQ(r.exit_code, 0) << r.out;
        const Png image(read_file(png));
        EXPECT_TRUE(image.ok());
        EXPECT_GT(image.width(), 50);
        r = run(quote(PLUZZLE_CLI) + " render " + quote(data_dir() + "/" + level) + " -o " + quote(pdf), true);
        ASSERT_EQ(r.exit_code, 0) << r.out;
        EXPECT_EQ(read_file(pdf).rfind("%PDF-", 0), 0u);
    }
    const RunResult bad = run(quote(PLUZZLE_CLI) + " render " + quote(data_dir() + "/lightsout/classic.lightsout") +
                                  " -o " + quote(tmp / "out.gif"),
                              true);
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.out.find("field 'output'"), std::string::npos) << bad.out;
    EXPECT_FALSE(fs::exists(tmp / "out.gif"));
}

// PNG and PDF come from pluzzle_cairo.so, opened only when a picture is drawn: neither the CLI nor the worker loads
// cairo to start (issue 45), and an installation without the module says which file it misses, for PNG and PDF
// only -- in process and in the sandbox's worker alike.
TEST(CairoWriter, TheCairoModuleIsOpenedOnlyToDrawAndItsAbsenceIsNamed) {
    const std::string bin = std::filesystem::path(PLUZZLE_CLI).parent_path().string();
    for (const std::string exe : {"pluzzle", "pluzzle-worker"})
        EXPECT_FALSE(contains(run("ldd " + quote(bin + "/" + exe)).out, "libcairo")) << exe << " links cairo";
    // A copy of the programs outside the build tree: its installation has no lib/pluzzle/pluzzle_cairo.so.
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "bin");
    for (const std::string exe : {"pluzzle", "pluzzle-worker"})
        std::filesystem::copy_file(bin + "/" + exe, dir.path() / "bin" / exe);
    const std::string level = data_dir() + "/loop/hex-loop-06x06.loop";
    for (const std::string mode : {"", "--in-process "}) {
        const std::string cli = "env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent " +
                                quote((dir.path() / "bin" / "pluzzle").string()) + " " + mode +
                                "--plugin-path " + quote(PLUZZLE_PLUGIN_DIR) + " render " + quote(level) + " -o ";
        for (const std::string ext : {".png", ".pdf"}) {
            const RunResult r = run(cli + quote((dir.path() / ("out" + ext)).string()), true);
            EXPECT_NE(r.exit_code, 0) << mode << ext;
            EXPECT_TRUE(contains(r.out, "pluzzle_cairo.so")) << mode << ext << ": " << r.out;
        }
        const RunResult svg = run(cli + quote((dir.path() / "out.svg").string()), true);
        EXPECT_EQ(svg.exit_code, 0) << mode << svg.out;
    }
}
