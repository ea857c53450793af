# Debian packages of this build, made by CPack from the tree as built (`cd build && cpack`, no rebuild):
#   pluzzle         the CLI, the worker, the bundled plugins and levels, the man pages   (component runtime)
#   pluzzle-editor  the SFML editor                                                         (component editor)
#   libpluzzle-dev  the SDK: headers, CMake package, template, Sudoku example               (component dev)
# The files go under /usr as `cmake --install` lays them out (GNUInstallDirs); the binaries find their plugins
# relative to themselves (bin/../<libdir>/pluzzle/plugins, host/lib/base/install_paths.cpp), so the packages work
# installed and unpacked anywhere (tests/packaging/ unpacks them into a scratch root).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pluzzle)
set(CPACK_PACKAGE_VENDOR Pluzzle)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Pluzzle maintainers <pluzzle@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
if(PLUZZLE_BUILD_EDITOR)
  list(APPEND CPACK_COMPONENTS_ALL editor)
endif()

set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(pluzzle_deb_version "${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # <name>_<version>-<release>_<arch>.deb, as apt and dpkg name them
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The libraries each binary and plugin links (libc, Boost, SQLite, OpenCV, SFML...) become Depends, through
# dpkg-shlibdeps (dpkg-dev) over the staged files.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME pluzzle)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "puzzle engine: plugins, solving, level databases
The pluzzle command line, its sandbox worker and the bundled puzzle plugins (nonogram, sliceit, celladd,
loop, kami, Lights Out, Sudoku), with their level packs in /usr/share/pluzzle/levels. Levels are stored in
SQLite databases, solved in bulk on every core and drawn to SVG, PNG or PDF.")

# mpirun, for `db solve --mpi` only.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SUGGESTS openmpi-bin)

set(CPACK_DEBIAN_EDITOR_PACKAGE_NAME pluzzle-editor)
set(CPACK_DEBIAN_EDITOR_PACKAGE_SECTION games)
# The editor runs the CLI's plugins and worker, and opens DejaVu Sans by its path (editor/app/editor_app.cpp).
set(CPACK_DEBIAN_EDITOR_PACKAGE_DEPENDS "pluzzle (= ${pluzzle_deb_version}), fonts-dejavu-core")
set(CPACK_COMPONENT_EDITOR_DESCRIPTION "level editor for the Pluzzle puzzle engine
pluzzle-editor builds, plays and solves levels of any installed Pluzzle plugin, on the same level
databases as the pluzzle command line (SFML window, Dear ImGui widgets).")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libpluzzle-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_ARCHITECTURE all) # headers, CMake files and sources only
# Not needed to install, but to build the template and try the result.
set(CPACK_DEBIAN_DEV_PACKAGE_RECOMMENDS "pluzzle (= ${pluzzle_deb_version}), cmake, g++")
set(CPACK_COMPONENT_DEV_DESCRIPTION "SDK for writing Pluzzle puzzle plugins
The public headers (a versioned C ABI and a header-only C++ layer), the CMake package
find_package(PluzzleSDK) with pluzzle_add_plugin(), the Lights Out template plugin to copy
(/usr/share/pluzzle/template) and the Sudoku example (/usr/share/pluzzle/examples/sudoku).")

# Each package's licence where Debian keeps it (/usr/share/doc/<package>/copyright).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/pluzzle RENAME copyright
  COMPONENT runtime)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/libpluzzle-dev RENAME copyright
  COMPONENT dev)
if(PLUZZLE_BUILD_EDITOR)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/pluzzle-editor
    RENAME copyright COMPONENT editor)
endif()

include(CPack)
