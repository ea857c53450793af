# Man pages, one per command (pluzzle-solve.1, pluzzle-db-import.1, ...), made at build time by help2man from the
# commands' own --help (cmake/make_man_pages.sh), so they cannot drift from the CLI. Installed to share/man/man1:
# the editor's page with the editor, the others with the CLI. Without help2man (.ci/deps installs it) the build
# makes none and says so. OPTIONAL: a build of some targets only (README's command 1) still installs; the package
# test (tests/packaging) checks that the packages hold every page.
find_program(PLUZZLE_HELP2MAN help2man)
set(pluzzle_have_help2man OFF)
if(PLUZZLE_HELP2MAN)
  set(pluzzle_have_help2man ON)
endif()
option(PLUZZLE_BUILD_MAN_PAGES "Generate man pages from the commands' --help (needs help2man)" ${pluzzle_have_help2man})
if(NOT PLUZZLE_BUILD_MAN_PAGES)
  message(STATUS "Man pages: off (install help2man, or -DPLUZZLE_BUILD_MAN_PAGES=ON)")
  return()
endif()
if(NOT PLUZZLE_HELP2MAN)
  message(FATAL_ERROR "PLUZZLE_BUILD_MAN_PAGES needs help2man (apt-get install help2man)")
endif()

set(pluzzle_man_dir ${PROJECT_BINARY_DIR}/man)
set(pluzzle_man_script ${PROJECT_SOURCE_DIR}/cmake/make_man_pages.sh)
set(pluzzle_man_programs $<TARGET_FILE:pluzzle>)
set(pluzzle_man_depends pluzzle ${pluzzle_man_script})
if(TARGET pluzzle-editor)
  list(APPEND pluzzle_man_programs $<TARGET_FILE:pluzzle-editor>)
  list(APPEND pluzzle_man_depends pluzzle-editor)
endif()
# The stamp stands for the folder: the set of pages follows the CLI's subcommands, unknown to CMake.
add_custom_command(OUTPUT ${pluzzle_man_dir}.stamp
  COMMAND bash ${pluzzle_man_script} ${pluzzle_man_dir} ${PROJECT_VERSION} ${pluzzle_man_programs}
  COMMAND ${CMAKE_COMMAND} -E touch ${pluzzle_man_dir}.stamp
  DEPENDS ${pluzzle_man_depends}
  COMMENT "Man pages from each command's --help (help2man)"
  VERBATIM)
add_custom_target(pluzzle_man_pages ALL DEPENDS ${pluzzle_man_dir}.stamp)

install(DIRECTORY ${pluzzle_man_dir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime OPTIONAL
  FILES_MATCHING PATTERN "pluzzle*.1.gz" PATTERN "pluzzle-editor.1.gz" EXCLUDE)
if(TARGET pluzzle-editor)
  install(FILES ${pluzzle_man_dir}/pluzzle-editor.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT editor OPTIONAL)
endif()
