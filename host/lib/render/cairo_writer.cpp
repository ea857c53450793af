// cairo_writer.cpp -- see cairo_writer.hpp. The drawing itself is in pluzzle_cairo.so (cairo_module/), opened here on
// first use; the bytes are built in memory (cairo's stream API) so the caller writes them the way every output file
// is written (write_text_file: whole or not at all).
#include <pluzzle/host/render/cairo_writer.hpp>
#include <pluzzle/host/base/errors.hpp>
#include <pluzzle/host/base/install_paths.hpp>

#include "render/cairo_module.hpp"

#include <cmath>
#include <filesystem>
#include <mutex>

#include <dlfcn.h>

namespace pluzzle::host {
namespace {

struct CairoModule {
    PluzzleCairoPng png = nullptr;
    PluzzleCairoPdf pdf = nullptr;
};

// pluzzle_cairo.so, opened once (never closed: cairo keeps its font caches). PluginError naming the file when it is
// missing or not ours.
const CairoModule &cairo_module() {
    static std::once_flag once;
    static CairoModule module;
    static std::string problem;
    std::call_once(once, [] {
        const std::string path = host_module_path(kCairoModuleFile);
        void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *why = dlerror();
            problem = "cannot draw PNG or PDF: " + path + ": " + (why ? why : "cannot be loaded");
            return;
        }
        module.png = reinterpret_cast<PluzzleCairoPng>(dlsym(handle, "pluzzle_cairo_png"));
        module.pdf = reinterpret_cast<PluzzleCairoPdf>(dlsym(handle, "pluzzle_cairo_pdf"));
        if (!module.png || !module.pdf) problem = "cannot draw PNG or PDF: " + path + " is not pluzzle's cairo module";
    });
    if (!problem.empty()) throw PluginError(problem);
    return module;
}

std::string checked(bool ok, std::string bytes, const std::string &error) {
    if (!ok) throw PluginError(error);
    return bytes;
}

} // namespace

std::string png_document(const DisplayList &drawing, float scale) {
    const double w = std::ceil(double(drawing.width) * scale), h = std::ceil(double(drawing.height) * scale);
    if (!(w >= 1 && h >= 1 && w <= kMaxPngSide && h <= kMaxPngSide))
        throw InputError("--scale", "a PNG of " + std::to_string(int64_t(w)) + " x " + std::to_string(int64_t(h)) +
                                        " pixels is outside 1.." + std::to_string(kMaxPngSide) +
                                        " a side: choose a smaller --scale (or SVG or PDF output)",
                         0, 0, "scale");
    std::string bytes, error;
    const bool ok = cairo_module().png(&drawing, scale, &bytes, &error);
    return checked(ok, std::move(bytes), error);
}

std::string pdf_document(const std::vector<DisplayList> &pages, float scale) {
    if (pages.empty()) return {};
    std::string bytes, error;
    const bool ok = cairo_module().pdf(&pages, scale, &bytes, &error);
    return checked(ok, std::move(bytes), error);
}

std::string drawing_format(const std::string &path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char &c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".svg" || ext == ".png" || ext == ".pdf") return ext.substr(1);
    throw InputError(path, "the output's extension picks its format: .svg, .png or .pdf", 0, 0, "output");
}

} // namespace pluzzle::host
