// Screenshot import (issue 11), end to end through the ABI: boards the loop plugin generates and draws (PNG through
// cairo) are changed the way real screenshots differ -- tile size, margins, position, colour theme, blur, JPEG --
// and must read back exactly. Also the refusals: not a picture, no board, a hex board.
#include "built_plugins.hpp"
#include <pluzzle/host/render/cairo_writer.hpp>
#include "test_support.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <random>

using namespace pluzzle::host;
using namespace pluzzle::test;

namespace {

std::shared_ptr<const Plugin> loop_plugin() { return built_plugins().find("loop"); }

std::string bytes_of(const std::vector<uchar> &v) { return std::string(v.begin(), v.end()); }

// A screenshot-like picture of `level`: drawn at `scale`, moved inside a larger picture, recoloured, blurred or
// saved as JPEG, by `variant`.
std::string screenshot(const Plugin &p, const LevelPtr &level, float scale, int variant, std::mt19937_64 &rng) {
    const std::string png = png_document(p.render(level.get(), nullptr), scale);
    cv::Mat img = cv::imdecode(cv::Mat(1, int(png.size()), CV_8U, const_cast<char *>(png.data())), cv::IMREAD_COLOR);
    const cv::Vec3b margin = img.at<cv::Vec3b>(0, 0);
    cv::copyMakeBorder(img, img, int(rng() % 80), int(rng() % 80), int(rng() % 80), int(rng() % 80),
                       cv::BORDER_CONSTANT, cv::Scalar(margin[0], margin[1], margin[2]));
    switch (variant % 4) { // colour themes
    case 1: img = cv::Scalar(255, 255, 255) - img; break; // dark theme
    case 2: {                                            // other hues, dimmer
        std::vector<cv::Mat> ch;
        cv::split(img, ch);
        std::swap(ch[0], ch[2]);
        cv::merge(ch, img);
        img.convertTo(img, -1, 0.8, 20);
        break;
    }
    case 3: cv::cvtColor(img, img, cv::COLOR_BGR2GRAY), cv::cvtColor(img, img, cv::COLOR_GRAY2BGR); break;
    default: break;
    }
    std::vector<uchar> out;
    switch (variant % 3) { // noise
    case 1: cv::GaussianBlur(img, img, cv::Size(3, 3), 0.8); break;
    case 2: cv::imencode(".jpg", img, out, {cv::IMWRITE_JPEG_QUALITY, 80}); return bytes_of(out);
    default: break;
    }
    cv::imencode(".png", img, out);
    return bytes_of(out);
}

} // namespace

TEST(LoopImageImport, SixtyScreenshotsOfEveryKindReadBackExactly) {
    auto p = loop_plugin();
    ASSERT_TRUE(p);
    ASSERT_TRUE(p->can_import_image());
    std::mt19937_64 rng(2026);
    const float scales[] = {0.5f, 0.7f, 0.9f, 1.25f};
    int exact = 0, boards = 0;
    for (int i = 0; i < 60; ++i) {
        const int w = 5 + int(rng() % 36), h = 5 + int(rng() % 36);
        const std::string rules = i % 2 ? "net" : "loop";
        const KeyValues params = {{"width", std::to_string(w)}, {"height", std::to_string(h)}, {"rules", rules}};
        const LevelPtr level = p->generate(params, uint64_t(i + 1), {});
        const float scale = scales[i % 4];
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " scale " + std::to_string(scale) + " variant " +
                     std::to_string(i));
        const std::string picture = screenshot(*p, level, scale, i, rng);
        ++boards;
        try {
            const LevelPtr read = p->import_image(picture, {{"rules", rules}}, "shot");
            EXPECT_EQ(p->encode(read.get()), p->encode(level.get()));
            exact += p->encode(read.get()) == p->encode(level.get());
        } catch (const InputError &e) {
            ADD_FAILURE() << e.what();
        }
    }
    EXPECT_EQ(exact, boards);
    RecordProperty("exact", exact);
}

TEST(LoopImageImport, WhatIsNotABoardIsRefusedWithAReason) {
    auto p = loop_plugin();
    ASSERT_TRUE(p);
    try {
        p->import_image("not a picture at all", {}, "notes.txt");
        FAIL();
    } catch (const InputError &e) {
        EXPECT_EQ(e.field(), "image");
        EXPECT_NE(std::string(e.what()).find("notes.txt"), std::string::npos) << e.what();
    }
    std::vector<uchar> blank;
    cv::imencode(".png", cv::Mat(200, 300, CV_8UC3, cv::Scalar(255, 255, 255)), blank);
    try {
        p->import_image(bytes_of(blank), {}, "white.png");
        FAIL();
    } catch (const InputError &e) {
        EXPECT_NE(e.reason().find("no board found"), std::string::npos) << e.what();
    }
    EXPECT_THROW(p->import_image(bytes_of(blank), {{"grid", "hex"}}, "white.png"), InputError);
    // A type without the capability says so.
    EXPECT_THROW(built_plugins().find("lightsout")->import_image(bytes_of(blank), {}, "white.png"), InputError);
}

TEST(LoopImageImport, TheCliWritesTheLevel) {
    TempDir tmp;
    const std::string png = tmp / "shot.png", out = tmp / "read.loop";
    const std::string level = data_dir() + "/loop/square-loop-12x12.loop";
    ASSERT_EQ(run(quote(PLUZZLE_CLI) + " render " + quote(level) + " -o " + quote(png)).exit_code, 0);
    const RunResult r = run(quote(PLUZZLE_CLI) + " import-image loop " + quote(png) + " -o " + quote(out), true);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(read_file(out), read_file(level));
    const RunResult bad = run(quote(PLUZZLE_CLI) + " import-image loop " + quote(level) + " -o " + quote(out), true);
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.out.find("field 'image'"), std::string::npos) << bad.out;
}
