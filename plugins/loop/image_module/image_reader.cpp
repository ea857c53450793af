// image_reader.cpp -- the image reader module's one entry (see image_module.hpp): import_image of image_import.hpp,
// with OpenCV. Built as its own shared module so that only a process that reads a picture loads OpenCV. The
// reading, step by step:
//  1. The border colour is the picture's background; rows and columns that differ from it across a good part of
//     their length bound the board.
//  2. Inside, the most common colour is the tiles' background. A grid line is a column (row) that differs from it
//     over nearly its whole length; the tile count is the largest n for which every one of the n-1 inner grid
//     positions is such a line (pipes never cover a whole column, so only true divisions pass).
//  3. In each tile, the colour 0.3 tile from the centre towards each side's middle is compared with the colour
//     near the tile's corners (where nothing is ever drawn). The distances split into two groups (pipe, no pipe)
//     at the widest gap between their sorted values.
#include "image_module.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace loop {
namespace {

using pluzzle::parse_error;

double distance(const cv::Vec3f &a, const cv::Vec3f &b) {
    return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

// The mean colour of a small square window (clipped to the picture).
cv::Vec3f mean_at(const cv::Mat &img, double x, double y, double half) {
    const int x0 = std::clamp(int(std::lround(x - half)), 0, img.cols - 1), x1 = std::clamp(int(std::lround(x + half)), x0 + 1, img.cols);
    const int y0 = std::clamp(int(std::lround(y - half)), 0, img.rows - 1), y1 = std::clamp(int(std::lround(y + half)), y0 + 1, img.rows);
    const cv::Scalar m = cv::mean(img(cv::Range(y0, y1), cv::Range(x0, x1)));
    return {float(m[0]), float(m[1]), float(m[2])};
}

// The most common colour of a region, to 8 levels a channel (noise and anti-aliasing fall into its bin).
cv::Vec3f common_colour(const cv::Mat &img) {
    std::vector<int> bins(32 * 32 * 32, 0);
    std::vector<cv::Vec3d> sums(bins.size(), cv::Vec3d(0, 0, 0));
    for (int y = 0; y < img.rows; ++y)
        for (int x = 0; x < img.cols; ++x) {
            const cv::Vec3f p = img.at<cv::Vec3f>(y, x);
            const int b = (int(p[0]) >> 3) * 1024 + (int(p[1]) >> 3) * 32 + (int(p[2]) >> 3);
            ++bins[size_t(b)];
            sums[size_t(b)] += cv::Vec3d(p[0], p[1], p[2]);
        }
    const size_t best = size_t(std::max_element(bins.begin(), bins.end()) - bins.begin());
    const cv::Vec3d m = sums[best] / std::max(1, bins[best]);
    return {float(m[0]), float(m[1]), float(m[2])};
}

// For each column (rows: transpose first), the share of its pixels that differ from `colour` by more than `tol`.
std::vector<double> differing_share(const cv::Mat &img, const cv::Vec3f &colour, double tol) {
    std::vector<double> share(size_t(img.cols), 0);
    for (int y = 0; y < img.rows; ++y)
        for (int x = 0; x < img.cols; ++x)
            if (distance(img.at<cv::Vec3f>(y, x), colour) > tol) share[size_t(x)] += 1.0 / img.rows;
    return share;
}

// First and last index whose share exceeds `least`; throws when there is none.
std::pair<int, int> extent(const std::vector<double> &share, double least) {
    int first = -1, last = -1;
    for (int i = 0; i < int(share.size()); ++i)
        if (share[size_t(i)] > least) last = i, first = first < 0 ? i : first;
    if (first < 0 || last - first < 8) throw parse_error("no board found: the picture is one colour", 0, 0, "image");
    return {first, last + 1};
}

// Step 2: the number of tiles along a profile of the board (share of non-background pixels per column).
int tile_count(const std::vector<double> &share, const char *what) {
    const int length = int(share.size());
    auto line_at = [&](double x) { // a grid line within a pixel of x: nearly the whole column differs
        double best = 0;
        for (int i = int(std::floor(x)) - 1; i <= int(std::ceil(x)) + 1; ++i)
            if (i >= 0 && i < length) best = std::max(best, share[size_t(i)]);
        return best > 0.8;
    };
    for (int n = std::min(200, length / 6); n >= 1; --n) {
        const double p = double(length) / n;
        bool all = true;
        for (int k = 1; k < n && all; ++k) all = line_at(k * p);
        if (all) return n;
    }
    throw parse_error(std::string("no grid found: the tile ") + what + " cannot be told", 0, 0, "image");
}

Board read_picture(std::string_view bytes, const pluzzle::Params &params) {
    if (params.text("grid") != "square")
        throw pluzzle::bad_argument("only square boards are read from pictures", "grid");
    const cv::Mat raw(1, int(bytes.size()), CV_8U, const_cast<char *>(bytes.data()));
    cv::Mat decoded = bytes.empty() ? cv::Mat() : cv::imdecode(raw, cv::IMREAD_COLOR);
    if (decoded.empty()) throw parse_error("not a picture (PNG or JPEG) that could be decoded", 0, 0, "image");
    if (decoded.cols < 16 || decoded.rows < 16) throw parse_error("the picture is too small to hold a board", 0, 0, "image");
    // A 3x3 median first: JPEG ringing and speckle would otherwise make tile backgrounds look like lines.
    cv::Mat img;
    cv::medianBlur(decoded, decoded, 3);
    decoded.convertTo(img, CV_32FC3);

    // 1. The board's bounds against the picture's border colour.
    std::vector<cv::Vec3f> border;
    for (int x = 0; x < img.cols; ++x) border.push_back(img.at<cv::Vec3f>(0, x)), border.push_back(img.at<cv::Vec3f>(img.rows - 1, x));
    const cv::Mat border_mat(border, true);
    const cv::Vec3f outside = common_colour(border_mat.reshape(3, 1));
    const auto [x0, x1] = extent(differing_share(img, outside, 12), 0.3);
    const cv::Mat transposed = img.t();
    const auto [y0, y1] = extent(differing_share(transposed, outside, 12), 0.3);
    const cv::Mat board_img = img(cv::Range(y0, y1), cv::Range(x0, x1));

    // 2. The grid.
    const cv::Vec3f tile_colour = common_colour(board_img);
    const double tol = std::max(12.0, distance(tile_colour, outside) / 2);
    const int cols = tile_count(differing_share(board_img, tile_colour, tol), "columns");
    const int rows = tile_count(differing_share(board_img.t(), tile_colour, tol), "rows");
    const double pw = double(board_img.cols) / cols, ph = double(board_img.rows) / rows;
    if (pw < 6 || ph < 6) throw parse_error("the tiles are too small to read (under 6 pixels)", 0, 0, "image");

    // 3. Pipes: the colour towards each side's middle against the tile's corners.
    static const double dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    std::vector<std::array<double, 4>> d(size_t(rows) * size_t(cols));
    std::vector<double> all;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double cx = (c + 0.5) * pw, cy = (r + 0.5) * ph, half = std::max(1.0, 0.04 * std::min(pw, ph));
            cv::Vec3f corner(0, 0, 0);
            for (int sx : {-1, 1})
                for (int sy : {-1, 1}) corner += mean_at(board_img, cx + sx * 0.32 * pw, cy + sy * 0.32 * ph, half) / 4;
            for (int k = 0; k < 4; ++k) {
                const double v = distance(mean_at(board_img, cx + dx[k] * 0.3 * pw, cy + dy[k] * 0.3 * ph, half), corner);
                d[size_t(r) * size_t(cols) + size_t(c)][size_t(k)] = v;
                all.push_back(v);
            }
        }
    std::sort(all.begin(), all.end());
    double threshold = 1e9; // no gap wide enough: no pipes at all
    double widest = 20;     // a pipe differs from the tile by more than noise does
    for (size_t i = 1; i < all.size(); ++i)
        if (all[i] - all[i - 1] > widest) widest = all[i] - all[i - 1], threshold = (all[i] + all[i - 1]) / 2;

    Board board;
    board.shape = Shape::Square;
    board.rule = params.text("rules") == "net" ? Rule::Net : Rule::Loop;
    board.wrap = params.boolean("wrap");
    board.rows = rows;
    board.cols = cols;
    for (const auto &sides : d) {
        uint8_t mask = 0;
        for (int k = 0; k < 4; ++k)
            if (sides[size_t(k)] > threshold) mask |= uint8_t(1u << k);
        board.tiles.push_back(mask);
    }
    return board;
}

} // namespace
} // namespace loop

extern "C" PZ_EXPORT const loop::ImageModule pluzzle_loop_image_module = {&loop::read_picture};
