# pluzzle_warnings: the warning flags of every first-party target (link it PRIVATE). It is not part of the
# installed SDK: an out-of-tree plugin chooses its own flags, and pluzzle_add_plugin links this target only when
# it exists (in this tree). PLUZZLE_WERROR turns every warning into an error; CI (.ci/test) builds with it ON.
add_library(pluzzle_warnings INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(pluzzle_warnings INTERFACE -Wall -Wextra $<$<BOOL:${PLUZZLE_WERROR}>:-Werror>)
endif()
