# pluzzle_warnings: the warning flags of every first-party target (link it PRIVATE). It is not part of the
# installed SDK: an out-of-tree plugin chooses its own flags, and pluzzle_add_plugin links this target only when
# it exists (in this tree). PLUZZLE_WERROR turns every warning into an error; CI (.ci/test) builds with it ON.
add_library(pluzzle_warnings INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(pluzzle_warnings INTERFACE -Wall -Wextra $<$<BOOL:${PLUZZLE_WERROR}>:-Werror>)
  # GCC's -Wsubobject-linkage is for a class in a header that uses a file-local type; in a unity build (CI's
  # CMAKE_UNITY_BUILD) every .cpp of a batch counts as such a header, and test fixtures in anonymous namespaces
  # would all trip it. The warning still checks the ordinary builds.
  if(CMAKE_UNITY_BUILD AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(pluzzle_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-subobject-linkage>)
  endif()
endif()
