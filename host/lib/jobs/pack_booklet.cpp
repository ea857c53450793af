// pack_booklet.cpp -- see pack_booklet.hpp.
#include <pluzzle/host/jobs/pack_booklet.hpp>

#include <pluzzle/host/base/errors.hpp>

#include <algorithm>

namespace pluzzle::host {
namespace {

std::string solution_of(Store &store, const Plugin &plugin, const LevelRecord &level, const LevelArg &text,
                        const PackBookletOptions &options, const CallSite &site) {
    for (const ResultRecord &r : store.results(level.id))
        if (r.plugin_id == plugin.id() && attempt_solved(r.status) && !r.solution.empty()) return r.solution;
    if (!plugin.can(PZ_CAP_SOLVE)) return {};
    SolveOptions solve;
    solve.time_limit_s = options.timeout_s;
    solve.max_solutions = 1;
    const SolveReport report = solve_level(plugin, text, solve, site);
    return report.solutions.empty() ? std::string() : report.solutions[0];
}

} // namespace

PackBooklet pack_booklet(Store &store, const PluginRegistry &registry, const std::string &pack,
                         const PackBookletOptions &options) {
    if (!store.find_pack(pack)) {
        std::string names;
        for (const PackInfo &p : store.packs())
            names += (names.empty() ? "" : ", ") + p.name;
        throw InputError(store.path(), "no pack '" + pack + "' (packs: " + (names.empty() ? "none" : names) + ")", 0, 0,
                         "pack");
    }
    std::vector<BookletPuzzle> puzzles;
    PackBooklet out;
    for (const LevelRecord &level : store.levels(LevelFilter(pack))) {
        const std::string source = store.path() + " level " + std::to_string(level.id);
        const auto plugin = registry.find(level.type);
        if (!plugin)
            throw InputError(source,
                             "type '" + level.type + "' has no installed plugin (installed: " + registry.ids() + ")", 0,
                             0, "type");
        if (!level_text_intact(level))
            throw InputError(source, "its text does not match its hash: the database is damaged (see `pluzzle db "
                                     "check`)");
        // A lost worker is this level's failure: its reason names the level.
        CallSite site = options.site;
        site.lost_text = [&source](const std::string &reason) { return source + ": " + reason; };
        const LevelArg text{nullptr, &level.text, source};
        BookletPuzzle p;
        p.caption = level.name;
        p.puzzle = draw_level(*plugin, text, nullptr, source, site);
        if (options.layout.solutions && plugin->can(PZ_CAP_PLAY)) {
            const std::string solution = solution_of(store, *plugin, level, text, options, site);
            if (!solution.empty()) {
                p.solution = draw_level(*plugin, text, &solution, source, site, StateDrawing::solution);
                ++out.solutions;
            }
        }
        puzzles.push_back(std::move(p));
    }
    BookletLayout layout = options.layout;
    if (layout.title.empty()) layout.title = pack;
    out.levels = puzzles.size();
    out.pages = booklet_pages(puzzles, layout);
    return out;
}

} // namespace pluzzle::host
