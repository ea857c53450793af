#include "file_problems.hpp"

namespace pluzzle::cli {

bool report_file_problems(Context &ctx, const host::LoadedFiles &loaded) {
    for (const host::FileFailure &f : loaded.failures) {
        if (ctx.json) {
            host::JsonLine j;
            j.add("file", f.path).add("error", f.error.what()).add("line", f.error.line());
            j.add("column", f.error.column());
            if (!f.error.field().empty()) j.add("field", f.error.field());
            ctx.emit(j);
        }
        std::cerr << "pluzzle: error: " << f.error.what() << "\n";
    }
    // Once, not per file: an import of thousands of old files would otherwise drown the real errors.
    const auto &converted = loaded.read_as_windows_1252;
    if (!converted.empty())
        std::cerr << "pluzzle: note: " << converted.size() << " file(s) were not UTF-8 and were read as Windows-1252"
                  << " (" << converted.front() << (converted.size() > 1 ? ", ..." : "") << ")\n";
    return !loaded.failures.empty();
}

} // namespace pluzzle::cli
