// solution_steps.hpp -- a solution as something to step through or animate. The SDK hands over a solution as a
// play-state text; when every word-prefix of it also decodes (e.g. a list of moves), each prefix is one step.
// Otherwise, when the plugin is a puzzle with an AI (e.g. nonogram's hint), the AI's moves from the start are the
// steps, provided they end in the same solution. Otherwise there are two frames: the level, then the solution.
#pragma once
#include <pluzzle/host/plugin/plugin.hpp>

#include <memory>
#include <string>
#include <vector>

namespace pluzzle::editor {

class SolutionSteps {
  public:
    // Throws InputError when `solution` does not decode (then it is not a solution of this level).
    SolutionSteps(const std::shared_ptr<const host::Plugin> &plugin, const host::LevelPtr &level,
                  const std::string &solution);

    // Frame 0 is the level's start; the last frame is the full solution.
    size_t frames() const { return states_.size(); }
    const host::StatePtr &frame(size_t i) const { return states_.at(i); }

    // Bounds on the AI walk (it runs on the caller's thread): wall time in all, and per move.
    static constexpr double kAiBudgetS = 3, kAiMoveLimitS = 1;

  private:
    std::vector<host::StatePtr> states_;
};

} // namespace pluzzle::editor
