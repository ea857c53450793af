// image_import.cpp -- import_image forwards to the image reader module (image_module.hpp), loaded on first use from
// beside the file this code was loaded from.
#include "image_import.hpp"
#include "image_module.hpp"

#include <pluzzle/error.hpp>

#include <dlfcn.h>

#include <string>

namespace loop {
namespace {

// The folder of the shared object holding this code (the plugin file), with its trailing '/'.
std::string own_folder() {
    static const char anchor = 0; // any address inside this shared object
    Dl_info info{};
    if (!dladdr(&anchor, &info) || !info.dli_fname) return "";
    const std::string file = info.dli_fname;
    return file.substr(0, file.rfind('/') + 1);
}

const ImageModule &load_image_module() {
    const std::string path = own_folder() + image_module_file;
    // Never closed, like the plugins themselves: OpenCV's static state and threads outlive any one call.
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    const char *problem = handle ? nullptr : dlerror();
    const void *module = handle ? dlsym(handle, image_module_symbol) : nullptr;
    if (!module) // dlerror() names the file
        throw pluzzle::Error(PZ_ERR_INTERNAL, "cannot load the loop plugin's image reader: " +
                                                  (problem ? problem : path + " lacks " + image_module_symbol));
    return *static_cast<const ImageModule *>(module);
}

} // namespace

Board import_image(std::string_view bytes, const pluzzle::Params &params) {
    static const ImageModule &module = load_image_module(); // once; a failure throws and is tried again next call
    return module.import_image(bytes, params);
}

} // namespace loop
