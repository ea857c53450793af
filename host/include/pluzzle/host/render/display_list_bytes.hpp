// display_list_bytes.hpp -- a DisplayList as bytes and back, so a drawing made in the sandbox worker (a render
// call, plugin_sandbox.hpp) reaches the host as the same items it would have recorded itself. Numbers travel
// little-endian, as in the worker frames (base/bytes.hpp); the reader checks every length against what is left, so a
// worker that writes garbage gives a PluginError, never a crash. Groups are kept (names and nesting).
#pragma once
#include <pluzzle/host/render/display_list.hpp>

#include <string>
#include <string_view>

namespace pluzzle::host {

std::string display_list_bytes(const DisplayList &list);
// PluginError naming what is wrong when `bytes` is not what display_list_bytes wrote.
DisplayList display_list_from_bytes(std::string_view bytes);

} // namespace pluzzle::host
