// pluzzle/params.hpp -- typed, range-checked access to generator/solver parameters given as key=value text.
#pragma once
#include <pluzzle/error.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace pluzzle {

// Declares one parameter: what the generator accepts and what the editor's "new level" dialog shows.
struct ParamDesc {
    std::string name;
    pz_param_type type = PZ_PARAM_INT;
    std::string default_value;
    double min = 0, max = 0; // INT/REAL range, inclusive
    std::string choices;     // CHOICE: "a|b|c"
    std::string help;
};

// Values checked against their declarations once, up front, so generator code reads them without
// re-validating: an unknown key, a non-number or an out-of-range value is a PZ_ERR_ARGUMENT naming the key.
class Params {
public:
    Params() = default;
    Params(std::vector<ParamDesc> declared, std::vector<std::pair<std::string, std::string>> given)
        : declared_(std::move(declared)) {
        for (auto &[key, value] : given) {
            const ParamDesc *d = find(key);
            if (!d) throw bad_argument("unknown parameter '" + key + "'", key);
            check(*d, value);
            values_.emplace_back(key, value);
        }
    }

    bool given(const std::string &name) const { return lookup(name) != nullptr; }
    long long integer(const std::string &name) const { return std::stoll(text(name)); }
    double real(const std::string &name) const { return std::stod(text(name)); }
    bool boolean(const std::string &name) const {
        const std::string v = text(name);
        return v == "1" || v == "true" || v == "yes" || v == "on";
    }
    // The value as given, or the declared default.
    std::string text(const std::string &name) const {
        if (const std::string *v = lookup(name)) return *v;
        if (const ParamDesc *d = find(name)) return d->default_value;
        throw bad_argument("parameter '" + name + "' is not declared by the plugin", name);
    }

    // 17 and 0.25, not 17.000000 and 0.250000.
    static std::string number_text(double x) {
        char text[32];
        std::snprintf(text, sizeof text, "%.15g", x);
        return text;
    }
    // Throws bad_argument naming the key unless `v` is a value `d` accepts (a number in range, a boolean, one of the
    // choices). Public so a host can hold a plugin's declared defaults to the same rule.
    static void check(const ParamDesc &d, const std::string &v) {
        auto fail = [&](const std::string &why) {
            return bad_argument("parameter '" + d.name + "' = '" + v + "': " + why, d.name);
        };
        if (d.type == PZ_PARAM_INT || d.type == PZ_PARAM_REAL) {
            errno = 0;
            char *end = nullptr;
            const double x = d.type == PZ_PARAM_INT ? double(std::strtoll(v.c_str(), &end, 10))
                                                    : std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(x))
                throw fail(d.type == PZ_PARAM_INT ? "not an integer" : "not a number");
            if (d.min < d.max && (x < d.min || x > d.max))
                throw fail("out of range [" + number_text(d.min) + ", " + number_text(d.max) + "]");
        } else if (d.type == PZ_PARAM_BOOL) {
            static const char *ok[] = {"0", "1", "true", "false", "yes", "no", "on", "off"};
            bool found = false;
            for (auto *o : ok) found = found || v == o;
            if (!found) throw fail("not a boolean");
        } else if (d.type == PZ_PARAM_CHOICE) {
            const std::string padded = "|" + d.choices + "|";
            if (v.empty() || v.find('|') != std::string::npos || padded.find("|" + v + "|") == std::string::npos)
                throw fail("must be one of " + d.choices);
        }
    }

  private:
    const ParamDesc *find(const std::string &name) const {
        for (auto &d : declared_)
            if (d.name == name) return &d;
        return nullptr;
    }
    const std::string *lookup(const std::string &name) const {
        for (auto &kv : values_)
            if (kv.first == name) return &kv.second;
        return nullptr;
    }

    std::vector<ParamDesc> declared_;
    std::vector<std::pair<std::string, std::string>> values_;
};

} // namespace pluzzle
