# pluzzle_add_plugin(<target> <sources>...)
#
# Builds a puzzle plugin: a MODULE library named <target>.so with hidden symbols (so one plugin's internals
# never shadow another's; only the PLUZZLE_EXPORT_PLUGIN alias is exported), linked against the SDK headers.
# Output goes to PLUZZLE_PLUGIN_OUTPUT_DIR when set (the Pluzzle build tree does), and it installs to
# <prefix>/lib/pluzzle/plugins, where the host looks.
function(pluzzle_add_plugin target)
  add_library(${target} MODULE ${ARGN})
  target_link_libraries(${target} PRIVATE Pluzzle::sdk)
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(PLUZZLE_PLUGIN_OUTPUT_DIR)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${PLUZZLE_PLUGIN_OUTPUT_DIR})
  endif()
  if(TARGET pluzzle_plugins)
    add_dependencies(pluzzle_plugins ${target})
  endif()
  # Inside the Pluzzle tree, plugins build with its warning flags (cmake/PluzzleWarnings.cmake); the installed SDK
  # has no such target and leaves the flags to the plugin's author.
  if(TARGET pluzzle_warnings)
    target_link_libraries(${target} PRIVATE pluzzle_warnings)
  endif()
  include(GNUInstallDirs)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/pluzzle/plugins)
endfunction()
