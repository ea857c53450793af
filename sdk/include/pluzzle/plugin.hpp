// pluzzle/plugin.hpp -- everything a plugin author includes. Start from sdk/template/ (installed as
// share/pluzzle/template): copy it, rename the id, and replace the rules.
//
//   #include <pluzzle/plugin.hpp>
//   class MyPuzzle : public pluzzle::TypedPuzzle<MyLevel, MyState> { ... };  // typed_puzzle.hpp lists the methods
//   PLUZZLE_EXPORT_PLUGIN(MyPuzzle)
//
// MyLevel and MyState are your own value types: no base classes, no downcasts.
//
// Build it with the CMake package:  find_package(PluzzleSDK) + pluzzle_add_plugin(my_puzzle my_puzzle.cpp)
#pragma once
#include <pluzzle/abi.h>
#include <pluzzle/canvas.hpp>
#include <pluzzle/canvas_inset.hpp>
#include <pluzzle/char_grid.hpp>
#include <pluzzle/error.hpp>
#include <pluzzle/export.hpp>
#include <pluzzle/grid.hpp>
#include <pluzzle/grid_lines.hpp>
#include <pluzzle/input.hpp>
#include <pluzzle/move_marks.hpp>
#include <pluzzle/params.hpp>
#include <pluzzle/puzzle_types.hpp>
#include <pluzzle/rng.hpp>
#include <pluzzle/solve_control.hpp>
#include <pluzzle/solve_status.hpp>
#include <pluzzle/text.hpp>
#include <pluzzle/typed_puzzle.hpp>
#include <pluzzle/union_find.hpp>
