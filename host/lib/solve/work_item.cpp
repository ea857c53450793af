// work_item.cpp -- see work_item.hpp.
#include <pluzzle/host/solve/work_item.hpp>

namespace pluzzle::host {

std::string item_name(const ItemKey &key) {
    const std::string level = "level " + std::to_string(key.level_id);
    if (key.part == item_part::whole) return level;
    if (key.part == item_part::split) return level + " (its split into cubes)";
    return level + ", cube " + std::to_string(key.part + 1);
}

} // namespace pluzzle::host
