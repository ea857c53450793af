// editor_test_support.hpp -- the real plugins the editor tests load (the build's plugin folder, the host tests'
// probe plugin, the editor's misbehaving plugin), and temporary folders.
#pragma once
#include <pluzzle/host/plugin_registry.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <unistd.h>

namespace editor_test {

inline std::shared_ptr<const pluzzle::host::PluginRegistry> registry() {
    static auto shared = [] {
        auto r = std::make_shared<pluzzle::host::PluginRegistry>();
        r->load_folders({PLUZZLE_PLUGIN_DIR, PLUZZLE_PROBE_PLUGIN_DIR, PLUZZLE_EDITOR_TEST_PLUGIN_DIR});
        return std::shared_ptr<const pluzzle::host::PluginRegistry>(r);
    }();
    return shared;
}

inline std::shared_ptr<const pluzzle::host::Plugin> plugin(const std::string &id) {
    auto p = registry()->find(id);
    if (!p) throw std::runtime_error("plugin '" + id + "' is not built");
    return p;
}

// A fresh folder under the system temp dir, removed with the object.
class TempDir {
  public:
    TempDir() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() /
                ("pluzzle-editor-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string &name) const { return (path_ / name).string(); }
    const std::filesystem::path &path() const { return path_; }

  private:
    std::filesystem::path path_;
};

// Lights Out geometry (sdk/template/lightsout.hpp: 40-unit cells after a 10-unit margin): the middle of a cell.
inline float lo_x(int col) { return 10 + 40 * col + 20; }
inline float lo_y(int row) { return 10 + 40 * row + 20; }

} // namespace editor_test
