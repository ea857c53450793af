// geometry_algorithms.hpp -- Boost.Geometry's algorithms (intersection, area, within...), for the files that call
// them; the types are in geometry.hpp, which every other file includes without parsing all of Boost.Geometry.
#pragma once
#include "geometry.hpp"

// GCC 12 reports -Wmaybe-uninitialized inside Boost.Geometry once bg::intersection is inlined into our code:
// get_rescale_policy copies its scale `factor` into the policy even when both inputs are empty and nothing set it,
// and then never reads it. Harmless, and not ours to fix, so it is silenced for Boost's headers only.
#pragma GCC diagnostic push
#if defined(__GNUC__) && !defined(__clang__) // clang has no such warning and would warn about the pragma
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#pragma GCC diagnostic pop
