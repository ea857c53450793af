// plugin_table.cpp -- what the host checks in a plugin's C table before it trusts it, and the table's descriptors
// as C++ values (see plugin_table.hpp).
#include <pluzzle/host/plugin/plugin_table.hpp>
#include <pluzzle/host/base/utf8.hpp>
#include <pluzzle/params.hpp>

#include <cstring>
#include <string>
#include <vector>

namespace pluzzle::host {

namespace {

bool valid_id(const char *id) {
    if (!id || !*id || std::strlen(id) > 40) return false;
    for (const char *c = id; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-')) return false;
    return true;
}

// Rule 9 keeps descriptor strings non-NULL, and check_plugin_table enforces it; a NULL would still read as "".
std::string string_of(const char *s) { return s ? s : ""; }

template <class C, class Convert> auto convert_all(const C *items, uint32_t count, Convert convert) {
    std::vector<decltype(convert(*items))> out;
    if (!items) return out;
    out.reserve(count);
    for (uint32_t i = 0; i < count; ++i) out.push_back(convert(items[i]));
    return out;
}

FormatDesc format_desc(const pz_format &f) {
    return {string_of(f.name), string_of(f.extensions), string_of(f.description)};
}

ParamDesc param_desc(const pz_param_desc &d) {
    ParamDesc p;
    p.name = string_of(d.name);
    // The host hands parameter values over as text and never reads the type; one this host does not know (a newer
    // SDK's) reads as plain text rather than as an out-of-range enumerator.
    p.type = d.type >= PZ_PARAM_INT && d.type <= PZ_PARAM_TEXT ? static_cast<pz_param_type>(d.type) : PZ_PARAM_TEXT;
    p.default_value = string_of(d.default_value);
    p.min = d.min;
    p.max = d.max;
    p.choices = string_of(d.choices);
    p.help = string_of(d.help);
    return p;
}

ToolDesc tool_desc(const pz_tool_desc &d) {
    return {string_of(d.id), string_of(d.name), string_of(d.shortcut), string_of(d.help)};
}

AiDesc ai_desc(const pz_ai_desc &d) { return {string_of(d.id), string_of(d.name), string_of(d.help), {}}; }

} // namespace

PluginInfo plugin_info(const pz_plugin *t) {
    PluginInfo info;
    info.id = string_of(t->id);
    info.name = string_of(t->name);
    info.version = string_of(t->version);
    info.description = string_of(t->description);
    info.capabilities = t->capabilities;
    info.formats = convert_all(t->formats, t->format_count, format_desc);
    info.params = convert_all(t->params, t->param_count, param_desc);
    info.tools = convert_all(t->tools, t->tool_count, tool_desc);
    // Later minors' fields are read only inside struct_size: an older plugin's table ends before them.
    if (PZ_HAS(t, solver_options))
        info.solver_options = convert_all(t->solver_options, t->solver_option_count, param_desc);
    if (PZ_HAS(t, ais)) info.ais = convert_all(t->ais, t->ai_count, ai_desc);
    if (PZ_HAS(t, ai_profiles))
        for (uint32_t i = 0; i < t->ai_profile_count; ++i) {
            const pz_ai_profile &p = t->ai_profiles[i];
            for (AiDesc &ai : info.ais) // the check made each profile name one declared AI, once
                if (ai.id == string_of(p.ai))
                    ai.profile = {string_of(p.name), string_of(p.default_value), string_of(p.help)};
        }
    return info;
}

std::string profile_value_problem(std::string_view value) {
    if (value.empty()) return "a profile value cannot be empty";
    if (value.size() > PZ_PROFILE_VALUE_MAX)
        return "a profile value has at most " + std::to_string(PZ_PROFILE_VALUE_MAX) + " bytes (this one " +
               std::to_string(value.size()) + ")";
    if (first_invalid_utf8(value) != std::string_view::npos) return "a profile value must be UTF-8";
    for (char c : value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "a profile value cannot hold control characters";
    return {};
}

// Why a descriptor's default value is not one its declaration accepts ("" when it is), by the SDK's own rule for
// given values: a plugin whose defaults break its ranges fails the first time a user leaves the parameter out.
static std::string default_problem(const pz_param_desc &d) {
    try {
        pluzzle::Params::check(param_desc(d), string_of(d.default_value));
        return {};
    } catch (const pluzzle::Error &e) {
        return e.what();
    }
}

std::string check_plugin_table(const pz_plugin *t, uint32_t host_major) {
    if (!t) return "its entry point returned no plugin table";
    if (t->abi_major != host_major)
        return "built for plugin ABI " + std::to_string(t->abi_major) + "." + std::to_string(t->abi_minor) +
               ", but this pluzzle supports ABI " + std::to_string(host_major) + ".x";
    if (t->struct_size < PZ_PLUGIN_SIZE_1_0)
        return "plugin table is " + std::to_string(t->struct_size) + " bytes, smaller than ABI 1.0 requires (" +
               std::to_string(PZ_PLUGIN_SIZE_1_0) + ")";
    if (!valid_id(t->id)) return "invalid plugin id (must be 1-40 characters of [a-z0-9_-])";
    if (!t->name || !*t->name) return "plugin '" + std::string(t->id) + "' has no name";
    if (!t->version || !*t->version) return "plugin '" + std::string(t->id) + "' has no version";
    if (!t->formats || t->format_count == 0) return "plugin '" + std::string(t->id) + "' declares no format";
    struct Need {
        bool needed;
        bool present;
        const char *what;
    };
    const uint64_t caps = t->capabilities;
    const Need needs[] = {
        {true, t->parse && t->encode && t->level_free && t->validate && t->render,
         "parse, encode, level_free, validate and render"},
        {(caps & PZ_CAP_SOLVE) != 0, t->solve != nullptr, "solve (capability 'solve')"},
        {(caps & PZ_CAP_GENERATE) != 0, t->generate != nullptr, "generate (capability 'generate')"},
        {(caps & PZ_CAP_PLAY) != 0,
         t->state_new && t->state_decode && t->state_encode && t->state_free && t->state_status && t->interpret &&
             t->execute,
         "the play functions (capability 'play')"},
        {(caps & PZ_CAP_EDIT) != 0, t->edit_interpret && t->edit_execute, "the edit functions (capability 'edit')"},
        {(caps & PZ_CAP_GAME) != 0, PZ_HAS(t, ai_move), "ai_move of ABI 1.1 (capability 'game')"},
        {(caps & PZ_CAP_BLANK) != 0, PZ_HAS(t, blank_level), "blank_level of ABI 1.2 (capability 'blank')"},
        {(caps & PZ_CAP_IMPORT_IMAGE) != 0, PZ_HAS(t, import_image),
         "import_image of ABI 1.4 (capability 'import-image')"},
        {(caps & PZ_CAP_ANIMATE) != 0, PZ_HAS(t, render_move), "render_move of ABI 1.4 (capability 'animate')"},
        {(caps & PZ_CAP_SPLIT) != 0, PZ_HAS(t, split) && PZ_HAS(t, solve_cube),
         "split and solve_cube of ABI 1.8 (capability 'split')"},
    };
    for (auto &n : needs)
        if (n.needed && !n.present) return "plugin '" + std::string(t->id) + "' lacks " + n.what;
    // Every string of the descriptors must be there (NUL-terminated, may be empty): the host prints them all.
    const std::string who = "plugin '" + std::string(t->id) + "' ";
    if (!t->description) return who + "has no description string";
    for (uint32_t i = 0; i < t->format_count; ++i) {
        const pz_format &f = t->formats[i];
        if (!f.name || !*f.name || !f.extensions || !f.description) return who + "has a format with a missing name or string";
    }
    if (t->param_count && !t->params) return who + "declares parameters but no table";
    for (uint32_t i = 0; i < t->param_count; ++i) {
        const pz_param_desc &d = t->params[i];
        if (!d.name || !*d.name || !d.default_value || !d.choices || !d.help)
            return who + "has parameter " + std::to_string(i + 1) + " with a missing name or string";
        if (std::string why = default_problem(d); !why.empty())
            return who + "declares a default its own parameter refuses: " + why;
    }
    if (t->tool_count && !t->tools) return who + "declares tools but no table";
    for (uint32_t i = 0; i < t->tool_count; ++i) {
        const pz_tool_desc &d = t->tools[i];
        if (!d.id || !*d.id || !d.name || !d.shortcut || !d.help)
            return who + "has tool " + std::to_string(i + 1) + " with a missing id or string";
    }
    if (PZ_HAS(t, ais) || (t->struct_size >= offsetof(pz_plugin, ai_count) + sizeof t->ai_count && t->ai_count)) {
        if (t->ai_count && !t->ais) return who + "declares AIs but no table";
        for (uint32_t i = 0; i < t->ai_count; ++i) {
            const pz_ai_desc &d = t->ais[i];
            if (!d.id || !*d.id || !d.name || !d.help) return who + "has AI " + std::to_string(i + 1) + " with a missing id or string";
        }
    }
    if (t->struct_size >= offsetof(pz_plugin, solver_option_count) + sizeof t->solver_option_count) {
        if (t->solver_option_count && !t->solver_options) return who + "declares solver options but no table";
        for (uint32_t i = 0; i < t->solver_option_count; ++i) {
            const pz_param_desc &d = t->solver_options[i];
            if (!d.name || !*d.name || !d.default_value || !d.choices || !d.help)
                return who + "has solver option " + std::to_string(i + 1) + " with a missing name or string";
            if (std::string why = default_problem(d); !why.empty())
                return who + "declares a default its own solver option refuses: " + why;
        }
    }
    if (t->struct_size >= offsetof(pz_plugin, ai_profile_count) + sizeof t->ai_profile_count && t->ai_profile_count) {
        if (!t->ai_profiles) return who + "declares AI profiles but no table";
        if (!PZ_HAS(t, ai_profile_update)) return who + "declares AI profiles but lacks ai_profile_update (ABI 1.2)";
        for (uint32_t i = 0; i < t->ai_profile_count; ++i) {
            const pz_ai_profile &d = t->ai_profiles[i];
            const std::string which = who + "has AI profile " + std::to_string(i + 1);
            if (!d.ai || !d.name || !*d.name || !d.default_value || !d.help) return which + " with a missing string";
            bool known = false;
            for (uint32_t k = 0; k < t->ai_count && PZ_HAS(t, ais); ++k)
                known = known || std::strcmp(d.ai, t->ais[k].id) == 0;
            if (!known) return which + " for an unknown AI '" + d.ai + "'";
            for (uint32_t k = 0; k < i; ++k)
                if (std::strcmp(d.ai, t->ai_profiles[k].ai) == 0) return which + ": AI '" + d.ai + "' has two profiles";
            if (std::string why = profile_value_problem(d.default_value); !why.empty())
                return which + ": bad default value: " + why;
        }
    }
    return {};
}

} // namespace pluzzle::host
