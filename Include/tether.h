/*
 * tether.h — the stable C ABI of Tether (Auto Layout for every platform).
 *
 * Conventions (they hold for every function below):
 *   - C99, fixed-width types, every symbol prefixed `tether_`, names are noun then verb.
 *   - Every function except tether_abi_version(), tether_version_string(), tether_last_error()
 *     and tether_status_name() returns a tether_status. TETHER_OK is 0; anything else is an
 *     error, and tether_last_error() then returns a readable message for the calling thread.
 *   - Nothing traps on bad input: NULL pointers, freed or foreign handles, stale ids, NaN or
 *     infinite numbers, out-of-range enums and small buffers all return a status, and the object
 *     stays usable.
 *   - Handles (`tether_solver *`, `tether_engine *`) are checked against a registry: a NULL
 *     handle gives TETHER_E_NULL_ARGUMENT, a freed, foreign, wrong-kind or garbage one
 *     TETHER_E_INVALID_HANDLE.
 *   - Boolean arguments (`int32_t` flags) take 0 or 1; anything else is TETHER_E_INVALID_ARGUMENT.
 *   - Everything a handle owns (variables, constraints) is a `uint64_t` id made of an index and a
 *     generation: a freed id is never confused with a newer object in the same slot. The id 0 is
 *     never valid.
 *   - Out-parameters are written only on TETHER_OK, except `needed` in the two-call buffer
 *     pattern, which is also written on TETHER_E_BUFFER_TOO_SMALL. In that pattern a capacity
 *     that is too small gives TETHER_E_BUFFER_TOO_SMALL (whatever the buffer pointer), and a
 *     NULL buffer with a large enough capacity gives TETHER_E_NULL_ARGUMENT.
 *   - One object is used from one thread at a time; different objects may be used from different
 *     threads at once. The last-error message is per thread.
 *
 * Version: the ABI version changes whenever a signature or meaning in these headers changes
 * incompatibly; additions bump the minor version only.
 *
 * Layout: this header only includes the parts of the ABI, one header per concern, from the
 * tether/ folder beside it; each part can also be included on its own (it includes what it
 * needs). Include this one unless you want to spell out what a file depends on.
 *   tether/base.h           versions, status codes and errors, relations
 *   tether/solver.h         the raw solver
 *   tether/engine.h         the view model: engines, and the ids, geometry, enums, priorities and
 *                           callbacks every part of it shares
 *   tether/view.h           views
 *   tether/guide.h          layout guides, item identifiers
 *   tether/constraint.h     layout constraints
 *   tether/visual_format.h  the Visual Format Language
 *   tether/ambiguity.h      ambiguous layouts
 *   tether/inspection.h     descriptions and inspection
 *   tether/stack_view.h     stack views, hidden views
 *   tether/render.h         SVG rendering
 *   tether/document.h       layout documents
 *   tether/interface_builder.h  Interface Builder storyboards and xibs
 *   tether/animation.h      animation blocks, the clock, presentation frames
 */
#ifndef TETHER_H
#define TETHER_H

#include "tether/base.h"
#include "tether/solver.h"
#include "tether/engine.h"
#include "tether/view.h"
#include "tether/guide.h"
#include "tether/constraint.h"
#include "tether/visual_format.h"
#include "tether/equations.h"
#include "tether/ambiguity.h"
#include "tether/inspection.h"
#include "tether/stack_view.h"
#include "tether/render.h"
#include "tether/document.h"
#include "tether/interface_builder.h"
#include "tether/animation.h"

#endif /* TETHER_H */
