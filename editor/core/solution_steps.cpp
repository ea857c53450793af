#include "solution_steps.hpp"

#include <cctype>

namespace pluzzle::editor {
namespace {

// End offsets of the words of `text` (after each word, so text.substr(0, end) is a prefix of whole words).
std::vector<size_t> word_ends(const std::string &text) {
    std::vector<size_t> ends;
    for (size_t i = 0; i < text.size(); ++i)
        if (!std::isspace(static_cast<unsigned char>(text[i])) &&
            (i + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 1]))))
            ends.push_back(i + 1);
    return ends;
}

constexpr size_t kMaxSteps = 2000; // beyond this, decoding every prefix costs more than it shows

} // namespace

SolutionSteps::SolutionSteps(const std::shared_ptr<const host::Plugin> &plugin, const host::LevelPtr &level,
                             const std::string &solution) {
    host::StatePtr final_state = plugin->decode_state(level, solution, "solution");
    states_.push_back(plugin->can(PZ_CAP_PLAY) ? plugin->new_state(level) : final_state);
    const std::vector<size_t> ends = word_ends(solution);
    std::vector<host::StatePtr> prefixes;
    if (ends.size() > 1 && ends.size() <= kMaxSteps) {
        try {
            for (size_t k = 0; k + 1 < ends.size(); ++k)
                prefixes.push_back(plugin->decode_state(level, solution.substr(0, ends[k]), "solution"));
        } catch (const host::InputError &) {
            prefixes.clear(); // the text is not a sequence of steps: show start and end only
        }
    }
    for (auto &p : prefixes)
        states_.push_back(std::move(p));
    states_.push_back(std::move(final_state));
}

} // namespace pluzzle::editor
