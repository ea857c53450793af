// image_import.cpp -- import_image forwards to the image reader module (image_module.hpp), loaded on first use from
// beside the file this code was loaded from.
#include "image_import.hpp"
#include "image_module.hpp"

#include <pluzzle/error.hpp>

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

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
    for (const std::string &part : {path.substr(0, path.rfind('/')), path})
        if (const std::string why = untrusted_module_problem(part); !why.empty())
            throw pluzzle::Error(PZ_ERR_INTERNAL, "refusing to load the loop plugin's image reader: " + why);
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

std::string untrusted_module_problem(const std::string &path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return ""; // missing: dlopen says so, naming the file
    if (st.st_uid != 0 && st.st_uid != ::geteuid()) return path + " belongs to another user";
    if (st.st_mode & (S_IWGRP | S_IWOTH)) return path + " is writable by other users";
    return "";
}

Board import_image(std::string_view bytes, const pluzzle::Params &params) {
    static const ImageModule &module = load_image_module(); // once; a failure throws and is tried again next call
    return module.import_image(bytes, params);
}

} // namespace loop
