// display_list_bytes.cpp -- see display_list_bytes.hpp.
#include <pluzzle/host/render/display_list_bytes.hpp>

#include <pluzzle/host/base/errors.hpp>

#include "base/bytes.hpp"

namespace pluzzle::host {
namespace {

constexpr std::string_view kMagic = "PZDL1";

class DrawingReader : public ByteReader {
  public:
    using ByteReader::ByteReader;
    [[noreturn]] void fail(const char *what, const std::string &why) const override {
        throw PluginError(std::string("a drawing from the worker is malformed: ") + what + ": " + why);
    }
    pz_rgba rgba(const char *what) {
        const auto b = bytes(4, what);
        return {uint8_t(b[0]), uint8_t(b[1]), uint8_t(b[2]), uint8_t(b[3])};
    }
    pz_point point(const char *what) {
        const float x = f32(what);
        return {x, f32(what)};
    }
};

void put_rgba(ByteWriter &o, pz_rgba c) { o.u8(c.r), o.u8(c.g), o.u8(c.b), o.u8(c.a); }

} // namespace

std::string display_list_bytes(const DisplayList &list) {
    ByteWriter o;
    o.raw(kMagic);
    o.f32(list.width), o.f32(list.height), put_rgba(o, list.background);
    o.u32(uint32_t(list.items.size()));
    for (const DrawItem &i : list.items) {
        o.u8(uint8_t(i.kind));
        o.u32(uint32_t(i.points.size()));
        for (const pz_point &p : i.points)
            o.f32(p.x), o.f32(p.y);
        put_rgba(o, i.fill), put_rgba(o, i.stroke);
        o.f32(i.width), o.f32(i.radius), o.f32(i.size), o.i32(int32_t(i.anchor));
        o.str(i.text);
        o.str(i.group);
        o.i32(int32_t(i.group_index));
    }
    o.u32(uint32_t(list.groups.size()));
    for (const DrawGroup &g : list.groups) {
        o.str(g.name);
        o.i32(int32_t(g.parent));
        o.u64(uint64_t(g.first_item));
    }
    return o.take();
}

DisplayList display_list_from_bytes(std::string_view bytes) {
    DrawingReader in(bytes);
    if (in.bytes(kMagic.size(), "magic") != kMagic) in.fail("magic", "not a drawing");
    DisplayList list;
    list.width = in.f32("width");
    list.height = in.f32("height");
    list.background = in.rgba("background");
    const uint32_t items = in.count("items", 1 + 4 + 4 * 7 + 4 + 4 + 4);
    list.items.reserve(items);
    for (uint32_t n = 0; n < items; ++n) {
        DrawItem i;
        const auto kind = in.u8("kind");
        if (kind > DrawItem::Text) in.fail("kind", "unknown kind " + std::to_string(kind));
        i.kind = DrawItem::Kind(kind);
        const uint32_t points = in.count("points", sizeof(pz_point));
        i.points.reserve(points);
        for (uint32_t p = 0; p < points; ++p)
            i.points.push_back(in.point("point"));
        if (i.points.empty() || (i.points.size() < 2 && (i.kind == DrawItem::Polygon || i.kind == DrawItem::Polyline)))
            in.fail("points", "too few for its kind");
        i.fill = in.rgba("fill");
        i.stroke = in.rgba("stroke");
        i.width = in.f32("width");
        i.radius = in.f32("radius");
        i.size = in.f32("size");
        i.anchor = in.i32("anchor");
        i.text = in.str("text");
        i.group = in.str("group");
        i.group_index = in.i32("group_index");
        list.items.push_back(std::move(i));
    }
    const uint32_t groups = in.count("groups", 4 + 4 + 8);
    for (uint32_t n = 0; n < groups; ++n) {
        DrawGroup g;
        g.name = in.str("group name");
        g.parent = in.i32("group parent");
        g.first_item = size_t(in.u64("group first_item"));
        if (g.parent < -1 || g.parent >= int32_t(n)) in.fail("group parent", "not an earlier group");
        list.groups.push_back(std::move(g));
    }
    for (const DrawItem &i : list.items)
        if (i.group_index < -1 || i.group_index >= int32_t(list.groups.size())) in.fail("group_index", "no such group");
    in.end("end");
    return list;
}

} // namespace pluzzle::host
