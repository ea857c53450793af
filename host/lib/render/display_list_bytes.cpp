// display_list_bytes.cpp -- see display_list_bytes.hpp.
#include <pluzzle/host/render/display_list_bytes.hpp>

#include <pluzzle/host/base/errors.hpp>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace pluzzle::host {
namespace {

constexpr std::string_view kMagic = "PZDL1";

class Out {
  public:
    template <class T> void put(const T &v) {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
    }
    void str(const std::string &s) {
        put(uint32_t(s.size()));
        bytes += s;
    }
    std::string bytes;
};

class In {
  public:
    explicit In(std::string_view b) : rest_(b) {}
    template <class T> T get(const char *what) {
        T v;
        std::memcpy(&v, take(sizeof v, what).data(), sizeof v);
        return v;
    }
    std::string str(const char *what) {
        const auto n = get<uint32_t>(what);
        return std::string(take(n, what));
    }
    // A count of elements of at least `min_size` bytes each: refused when they could not fit in what is left.
    uint32_t count(const char *what, size_t min_size) {
        const auto n = get<uint32_t>(what);
        if (uint64_t(n) * min_size > rest_.size()) fail(what, "count " + std::to_string(n) + " does not fit");
        return n;
    }
    std::string_view take(size_t n, const char *what) {
        if (n > rest_.size())
            fail(what, "needs " + std::to_string(n) + " bytes, " + std::to_string(rest_.size()) + " left");
        const auto head = rest_.substr(0, n);
        rest_.remove_prefix(n);
        return head;
    }
    bool done() const { return rest_.empty(); }
    [[noreturn]] static void fail(const char *what, const std::string &why) {
        throw PluginError(std::string("a drawing from the worker is malformed: ") + what + ": " + why);
    }

  private:
    std::string_view rest_;
};

} // namespace

std::string display_list_bytes(const DisplayList &list) {
    Out o;
    o.bytes = kMagic;
    o.put(list.width), o.put(list.height), o.put(list.background);
    o.put(uint32_t(list.items.size()));
    for (const DrawItem &i : list.items) {
        o.put(uint8_t(i.kind));
        o.put(uint32_t(i.points.size()));
        for (const pz_point &p : i.points)
            o.put(p);
        o.put(i.fill), o.put(i.stroke), o.put(i.width), o.put(i.radius), o.put(i.size), o.put(int32_t(i.anchor));
        o.str(i.text);
        o.str(i.group);
        o.put(int32_t(i.group_index));
    }
    o.put(uint32_t(list.groups.size()));
    for (const DrawGroup &g : list.groups) {
        o.str(g.name);
        o.put(int32_t(g.parent));
        o.put(uint64_t(g.first_item));
    }
    return std::move(o.bytes);
}

DisplayList display_list_from_bytes(std::string_view bytes) {
    In in(bytes);
    if (in.take(kMagic.size(), "magic") != kMagic) In::fail("magic", "not a drawing");
    DisplayList list;
    list.width = in.get<float>("width");
    list.height = in.get<float>("height");
    list.background = in.get<pz_rgba>("background");
    const uint32_t items = in.count("items", 1 + 4 + 4 * 7 + 4 + 4 + 4);
    list.items.reserve(items);
    for (uint32_t n = 0; n < items; ++n) {
        DrawItem i;
        const auto kind = in.get<uint8_t>("kind");
        if (kind > DrawItem::Text) In::fail("kind", "unknown kind " + std::to_string(kind));
        i.kind = DrawItem::Kind(kind);
        const uint32_t points = in.count("points", sizeof(pz_point));
        i.points.reserve(points);
        for (uint32_t p = 0; p < points; ++p)
            i.points.push_back(in.get<pz_point>("point"));
        if (i.points.empty() || (i.points.size() < 2 && (i.kind == DrawItem::Polygon || i.kind == DrawItem::Polyline)))
            In::fail("points", "too few for its kind");
        i.fill = in.get<pz_rgba>("fill");
        i.stroke = in.get<pz_rgba>("stroke");
        i.width = in.get<float>("width");
        i.radius = in.get<float>("radius");
        i.size = in.get<float>("size");
        i.anchor = in.get<int32_t>("anchor");
        i.text = in.str("text");
        i.group = in.str("group");
        i.group_index = in.get<int32_t>("group_index");
        list.items.push_back(std::move(i));
    }
    const uint32_t groups = in.count("groups", 4 + 4 + 8);
    for (uint32_t n = 0; n < groups; ++n) {
        DrawGroup g;
        g.name = in.str("group name");
        g.parent = in.get<int32_t>("group parent");
        g.first_item = size_t(in.get<uint64_t>("group first_item"));
        if (g.parent < -1 || g.parent >= int32_t(n)) In::fail("group parent", "not an earlier group");
        list.groups.push_back(std::move(g));
    }
    for (const DrawItem &i : list.items)
        if (i.group_index < -1 || i.group_index >= int32_t(list.groups.size()))
            In::fail("group_index", "no such group");
    if (!in.done()) In::fail("end", "bytes left over");
    return list;
}

} // namespace pluzzle::host
