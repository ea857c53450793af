#include "solution_steps.hpp"

#include <cctype>
#include <chrono>

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

// A puzzle's own AI played from the start until the level is finished: its states after each move, or nothing when
// there is no single-player AI, it fails, stalls or runs out of time, or it finishes in another solution than
// `final_state` (the frames must end in the solution being shown).
std::vector<host::StatePtr> ai_walk(const host::Plugin &plugin, const host::StatePtr &start,
                                    const host::StatePtr &final_state) {
    const auto &ais = plugin.ais();
    if (ais.empty() || plugin.can(PZ_CAP_GAME) || !plugin.can(PZ_CAP_PLAY) || plugin.status(start.get()).players != 1)
        return {};
    const std::string target = plugin.encode_state(final_state.get());
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(SolutionSteps::kAiBudgetS));
    std::vector<host::StatePtr> walk;
    host::StatePtr state = start;
    try {
        while (plugin.status(state.get()).phase == PZ_PLAY_ONGOING) {
            const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0 || walk.size() >= kMaxSteps) return {};
            host::SolveOptions options;
            options.time_limit_s = std::min(left, SolutionSteps::kAiMoveLimitS);
            const std::string move = plugin.ai_move(state.get(), ais[0].id, options);
            if (move.empty()) return {}; // the AI has nothing to say before the end
            state = plugin.execute(state, move);
            walk.push_back(state);
        }
    } catch (const std::exception &) {
        return {}; // no step-by-step view; start and end still show the solution
    }
    if (walk.empty() || plugin.encode_state(walk.back().get()) != target) return {};
    walk.pop_back(); // the solution's own state ends the frames
    return walk;
}

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
            prefixes.clear(); // the text is not a sequence of steps
        }
    }
    if (prefixes.empty() && plugin->can(PZ_CAP_PLAY)) prefixes = ai_walk(*plugin, states_.front(), final_state);
    for (auto &p : prefixes)
        states_.push_back(std::move(p));
    states_.push_back(std::move(final_state));
}

} // namespace pluzzle::editor
