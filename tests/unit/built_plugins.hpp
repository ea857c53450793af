// built_plugins.hpp -- every plugin of this build (the build's plugin folder), loaded once per test process.
#pragma once
#include <pluzzle/host/plugin_registry.hpp>

namespace pluzzle::test {

inline const host::PluginRegistry &built_plugins() {
    static host::PluginRegistry reg = [] {
        host::PluginRegistry r;
        r.load_folders({PLUZZLE_PLUGIN_DIR});
        return r;
    }();
    return reg;
}

} // namespace pluzzle::test
