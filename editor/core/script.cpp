#include "script.hpp"

#include <pluzzle/host/base/errors.hpp>

#include <map>
#include <sstream>

namespace pluzzle::editor {
namespace {

struct Arity {
    size_t min, max;
};

const std::map<std::string, Arity> &commands() {
    static const std::map<std::string, Arity> table = {
        {"open-db", {1, 1}},    {"new", {1, 64}},       {"new-text", {2, 2}},   {"open-level", {1, 1}},
        {"tool", {1, 1}},       {"click", {2, 3}},      {"drag", {4, 4}},       {"key", {1, 1}},
        {"edit", {1, 64}},      {"try-edit", {1, 64}},  {"meta", {1, 3}},       {"save", {0, 1}},
        {"import", {1, 2}},     {"export", {2, 2}},     {"solve", {0, 1}},      {"cancel", {0, 0}},
        {"wait", {0, 1}},       {"solution", {1, 1}},   {"frame", {1, 1}},      {"play", {0, 0}},
        {"edit-mode", {0, 0}},  {"seat", {2, 2}},       {"zoom", {1, 1}},       {"pan", {2, 2}},
        {"window", {2, 2}},     {"frames", {1, 1}},     {"screenshot", {1, 1}}, {"dump", {0, 0}},
        {"quit", {0, 0}},       {"player", {1, 1}},     {"library", {1, 3}},    {"pack", {1, 1}},
        {"print-pack", {1, 2}}, {"solve-pack", {0, 1}}, {"wait-pack", {0, 1}},  {"answer", {1, 1}},
        {"filter", {0, 16}},    {"panels", {2, 2}},     {"mouse", {2, 3}},
    };
    return table;
}

} // namespace

std::vector<ScriptCommand> parse_script(const std::string &text, const std::string &source) {
    std::vector<ScriptCommand> out;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words(line);
        ScriptCommand cmd;
        cmd.line = number;
        if (!(words >> cmd.name)) continue;
        for (std::string w; words >> w;)
            cmd.args.push_back(w);
        const auto it = commands().find(cmd.name);
        if (it == commands().end()) throw host::InputError(source, "unknown command '" + cmd.name + "'", number);
        if (cmd.args.size() < it->second.min || cmd.args.size() > it->second.max)
            throw host::InputError(
                source,
                "'" + cmd.name + "' takes " + std::to_string(it->second.min) +
                    (it->second.max != it->second.min ? " to " + std::to_string(it->second.max) : std::string()) +
                    " argument(s), got " + std::to_string(cmd.args.size()),
                number);
        out.push_back(std::move(cmd));
    }
    return out;
}

} // namespace pluzzle::editor
