// editor_test_support.hpp -- the real plugins the editor tests load (the build's plugin folder, the host tests'
// probe plugin, the editor's misbehaving plugin), and temporary folders.
#pragma once
#include <cstdlib>
#include <optional>
#include <pluzzle/host/plugin/plugin_registry.hpp>
#include <string>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <thread>
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

// Threads of this process now: one entry per thread in /proc/self/task (Linux).
inline size_t thread_count() {
    size_t n = 0;
    for ([[maybe_unused]] auto &entry : std::filesystem::directory_iterator("/proc/self/task")) ++n;
    return n;
}

// Checks that a test leaves no thread behind: at the end of the scope the process has as many threads as at its
// start. A joined thread is gone at once; the wait only covers a detached one that is already on its way out.
// Sets an environment variable for one test's length (PLUZZLE_IN_PROCESS for the in-process paths).
class ScopedEnv {
  public:
    ScopedEnv(const char *name, const char *value) : name_(name) {
        if (const char *old = std::getenv(name)) old_ = old;
        ::setenv(name, value, 1);
    }
    ~ScopedEnv() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }

  private:
    const char *name_;
    std::optional<std::string> old_;
};

class NoThreadLeftBehind {
  public:
    // Plugins are loaded first, so that whatever threads loading them starts are part of the count.
    NoThreadLeftBehind() : before_((registry(), thread_count())) {}
    ~NoThreadLeftBehind() {
        const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (thread_count() > before_ && std::chrono::steady_clock::now() < end)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        EXPECT_EQ(thread_count(), before_) << "a thread this test started is still running";
    }
    size_t before() const { return before_; }

  private:
    size_t before_;
};

// The misbehaving plugin's "misbehave hang" ignores cancellation until this file exists: level_line() goes into the
// level, release() ends the hang. The destructor releases too, so a test that stops early still frees the thread.
class HangRelease {
  public:
    explicit HangRelease(std::string path) : path_(std::move(path)) {}
    ~HangRelease() { release(); }
    std::string level_line() const { return "release " + path_ + "\n"; }
    void release() const { std::ofstream(path_) << "go\n"; }

  private:
    std::string path_;
};

// Lights Out geometry (sdk/template/lightsout.hpp: 40-unit cells after a 10-unit margin): the middle of a cell.
inline float lo_x(int col) { return 10 + 40 * col + 20; }
inline float lo_y(int row) { return 10 + 40 * row + 20; }

} // namespace editor_test
