// built_plugins.hpp -- every plugin of this build (the build's plugin folder), and the probe test plugin, each loaded
// once per test process.
#pragma once
#include <pluzzle/host/plugin/plugin_registry.hpp>

namespace pluzzle::test {

inline const host::PluginRegistry &built_plugins() {
    static host::PluginRegistry reg = [] {
        host::PluginRegistry r;
        r.load_folders({PLUZZLE_PLUGIN_DIR});
        return r;
    }();
    return reg;
}

// The probe plugin (tests/plugins: Nim, crashes and hangs on request) from the test plugin folder "good".
inline const host::PluginRegistry &probe_registry() {
    static host::PluginRegistry reg = [] {
        host::PluginRegistry r;
        r.load_file(std::string(PLUZZLE_TEST_PLUGIN_DIR) + "/good/pluzzle_probe.so");
        return r;
    }();
    return reg;
}

inline std::shared_ptr<const host::Plugin> probe() { return probe_registry().find("probe"); }

} // namespace pluzzle::test
