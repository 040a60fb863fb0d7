// Tether's C++ binding (header-only, C++17) over the stable C ABI in tether.h.
// See bindings/cpp/README.md for ownership rules, the error model and what is wrapped.
#ifndef TETHER_HPP
#define TETHER_HPP

#include "tether/core.hpp"
#include "tether/solver.hpp"
#include "tether/anchors.hpp"
#include "tether/items.hpp"
#include "tether/view.hpp"
#include "tether/engine.hpp"
#include "tether/animation.hpp"

#endif // TETHER_HPP
