# pluzzle_cold_code: the optimisation level of code that is not hot -- the command line's argument parsing and
# printing, the tests' own code (link it PRIVATE). The solving they drive is built in pluzzle_host and the plugins
# at the build type's level; here the compiler's time is what counts (CI's budget, docs/BENCHMARKS.md "CI time"):
#  - Release: -O1. CLI11 and GoogleTest are header-only, and at -O3 three quarters of a file's time went to
#    optimising their inline code again in every file.
#  - Asan (the sanitizer preset): -O0. The sanitizers check the same at any level, and ASan + UBSan at -O1 cost a
#    command's file 31 s against 18 s at -O0 (cmd_db.cpp; 11 s without sanitizers).
# pluzzle_cold_code_release_only: the same -O1 in Release, but the build type's own level under the sanitizers --
# for tests whose own code turns hot there (the plugins' brute-force cross-checks, slow enough under ASan at -O0
# to cost more test time than the compiling saves).
set(pluzzle_cold_release_level $<$<CONFIG:Release>:-O1>)
add_library(pluzzle_cold_code INTERFACE)
target_compile_options(pluzzle_cold_code INTERFACE ${pluzzle_cold_release_level} $<$<CONFIG:Asan>:-O0>)
add_library(pluzzle_cold_code_release_only INTERFACE)
target_compile_options(pluzzle_cold_code_release_only INTERFACE ${pluzzle_cold_release_level})
