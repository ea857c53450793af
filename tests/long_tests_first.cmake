# Included by ctest after the tests gtest_discover_tests made (tests/CMakeLists.txt): the tests that take the
# longest get a COST, so `ctest -j` starts them first and the run does not end on one of them alone. Seconds from a
# fresh-clone CI run (Release); a name missing from this build (the asan preset builds fewer targets) is ignored by
# set_tests_properties here.
set(pluzzle_long_tests
  "CliMpi.ARankLostAtTheStartUnderRecoveryLeavesItsShareToTheOthers" 21 # mostly waiting on mpirun: overlaps the rest
  "CliMpi.ARankKilledUnderRecoveryHasItsLevelsReassigned" 10
  "CliMpi.ARankKilledMidRunThenResumeLosesNothing" 8
  "LoopImageImport.SixtyScreenshotsOfEveryKindReadBackExactly" 19
  "OutOfTreePlugin.BuildsAgainstTheInstalledSdkAndLoads" 17
  "OutOfTreePlugin.TheReadmesPluginAuthorCommandsWorkVerbatim" 16
  "LineCdcl.EnumeratesTheSameSolutionsAsCadical" 16
  "SliceItSolver.SolvesEveryBundledLevel" 10
  "LineCdcl.DecidesTournamentSizedPuzzlesAsCadicalDoes" 10
  "OutOfTreePlugin.TheSudokuExampleBuildsFromTheInstalledCopyAndPassesTheSelftest" 9
  "KamiFreeSolver.MatchesBreadthFirstSearchOnSmallBoards" 9)
# The per-plugin contract test (plugin_contract_test.cpp): CMake 3.25 names a parameterised test with its value.
foreach(id sliceit celladd kami loop nonogram)
  list(APPEND pluzzle_long_tests
    "EveryPlugin/MutatedLevels.EitherFailCleanlyOrSurviveEverything/${id}  # GetParam() = \"${id}\"" 40)
endforeach()
list(LENGTH pluzzle_long_tests n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
  math(EXPR j "${i} + 1")
  list(GET pluzzle_long_tests ${i} name)
  list(GET pluzzle_long_tests ${j} seconds)
  set_tests_properties("${name}" PROPERTIES COST ${seconds})
endforeach()
