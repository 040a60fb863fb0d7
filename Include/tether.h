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
 * Version: the ABI version changes whenever a signature or meaning in this file changes
 * incompatibly; additions bump the minor version only.
 */
#ifndef TETHER_H
#define TETHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------- */

#define TETHER_VERSION_MAJOR 0
#define TETHER_VERSION_MINOR 6
#define TETHER_VERSION_PATCH 0
/** The ABI version this header describes; compare with tether_abi_version() at run time. */
#define TETHER_ABI_VERSION 1

/** The ABI version of the loaded library (TETHER_ABI_VERSION of the header it was built from). */
uint32_t tether_abi_version(void);

/** The library version as a static NUL-terminated string, e.g. "0.1.0". Never NULL. */
const char *tether_version_string(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------------- */

typedef int32_t tether_status;

#define TETHER_OK                    0
/** A required pointer argument was NULL. */
#define TETHER_E_NULL_ARGUMENT       1
/** A handle (`tether_solver *`, `tether_engine *`) is not live: never made, already freed, or of
 *  another kind. */
#define TETHER_E_INVALID_HANDLE      2
/** An id is not live in this object: freed, stale (old generation), 0, or from another object. */
#define TETHER_E_INVALID_ID          3
/** A number is NaN or infinite, an enum is out of range, or a priority is outside (0, 1000]. */
#define TETHER_E_INVALID_ARGUMENT    4
/** A caller buffer is too small; `*needed` says how many elements are required. */
#define TETHER_E_BUFFER_TOO_SMALL    5
/** A required constraint cannot hold together with the others; nothing was changed.
 *  tether_solver_conflict() lists the minimal set of constraints it conflicts with. */
#define TETHER_E_UNSATISFIABLE       6
/** The constraint is already added, or the variable already is an edit variable. */
#define TETHER_E_DUPLICATE           7
/** The constraint is not added, or the variable is not an edit variable. */
#define TETHER_E_NOT_FOUND           8
/** A string argument is not valid UTF-8. */
#define TETHER_E_INVALID_UTF8        9
/** The object is still referenced (a variable used by a live constraint). */
#define TETHER_E_IN_USE              10
/** The operation is not allowed in the object's current state (e.g. changing a priority
 *  between required and optional while the constraint is added). */
#define TETHER_E_INVALID_STATE       11
/** An internal invariant failed. Please report it with tether_last_error()'s message. */
#define TETHER_E_INTERNAL            12
/** A host callback (measure) reported a failure; the layout pass was abandoned and will run
 *  again at the next tether_view_layout_if_needed(). */
#define TETHER_E_CALLBACK_FAILED     13
/** A visual format could not be parsed (tether_layout_constraints_with_visual_format());
 *  tether_last_error() holds Apple's "Unable to parse constraint format:" message with the
 *  format and a caret under the failing column. Also a layout document that is not valid
 *  (tether_document_load()); tether_last_error() then holds "<JSON path>: <message>". */
#define TETHER_E_PARSE               14
/** A file could not be written or read (e.g. tether_view_write_svg()); tether_last_error()
 *  names the path and the system's reason. */
#define TETHER_E_IO                  15

/**
 * The message of the last failed call on the calling thread, or "" when none failed yet.
 * The pointer is owned by the library and stays valid until the next failing call on the same
 * thread: copy it before calling Tether again (do not call it in the same argument list as the
 * failing call). Never NULL.
 */
const char *tether_last_error(void);

/** The symbolic name of a status ("TETHER_OK", "TETHER_E_INVALID_ID", ...), or "unknown status".
 *  A static string, never NULL. */
const char *tether_status_name(tether_status status);

/* ---------------------------------------------------------------------------------------------
 * The raw solver: an incremental Cassowary-style simplex with strict priorities.
 *
 * A constraint is `sum(coefficient[i] * variable[i]) + constant  RELATION  0` at a priority in
 * (0, 1000]; 1000 is required. Required constraints hold (to within 1e-8 relative to the size of
 * their terms) or are rejected. Optional constraints are satisfied in strict priority order (one
 * constraint at priority q beats any number at p < q); within a priority the sum of absolute
 * errors is minimised. Variables that no constraint determines come out 0. The same sequence of
 * calls always gives the same values.
 * ------------------------------------------------------------------------------------------- */

/** An opaque solver. Made by tether_solver_new(), released by tether_solver_free(). */
typedef struct tether_solver tether_solver;
/** A variable id, owned by one solver. */
typedef uint64_t tether_variable;
/** A constraint id, owned by one solver. */
typedef uint64_t tether_constraint;

/** Relations, with Apple's NSLayoutRelation raw values. */
typedef int32_t tether_relation;
#define TETHER_RELATION_LESS_THAN_OR_EQUAL    (-1)
#define TETHER_RELATION_EQUAL                 0
#define TETHER_RELATION_GREATER_THAN_OR_EQUAL 1

/** The required priority. Anything in (0, 1000) is optional. */
#define TETHER_PRIORITY_REQUIRED 1000.0

/** Makes an empty solver into `*out`. */
tether_status tether_solver_new(tether_solver **out);

/** Frees a solver with everything it owns. The handle is invalid afterwards. */
tether_status tether_solver_free(tether_solver *solver);

/** Removes every constraint and edit variable; variables and constraint ids stay valid (the
 *  constraints are no longer added) and every variable's value becomes 0. */
tether_status tether_solver_reset(tether_solver *solver);

/** Makes a variable. `name` (UTF-8, may be NULL for "") is used in dumps and messages. */
tether_status tether_solver_variable_new(tether_solver *solver, const char *name,
                                         tether_variable *out);

/**
 * Makes `count` variables in one call (added in 0.5) and writes their ids to `out[0..count)`.
 * `names` may be NULL: every variable is unnamed (""); otherwise `names[i]` (UTF-8, may be NULL
 * for "") names variable i. All names are checked first: either all `count` variables are made,
 * or none is and, for TETHER_E_INVALID_UTF8, `*failed_index` (may be NULL) receives the index of
 * the first bad name. `out` may be NULL when `count` is 0.
 */
tether_status tether_solver_variables_new(tether_solver *solver, const char *const *names,
                                          size_t count, tether_variable *out,
                                          size_t *failed_index);

/** Frees a variable. TETHER_E_IN_USE while a live constraint (added or not) or an edit refers
 *  to it. */
tether_status tether_solver_variable_free(tether_solver *solver, tether_variable variable);

/** Copies the variable's name (UTF-8, NUL-terminated) into `buffer` of `capacity` bytes.
 *  `*needed` (may be NULL) receives the size including the NUL; on TETHER_E_BUFFER_TOO_SMALL call
 *  again with at least that many bytes. `buffer` may be NULL when `capacity` is 0. */
tether_status tether_solver_variable_name(tether_solver *solver, tether_variable variable,
                                          char *buffer, size_t capacity, size_t *needed);

/** The value of a variable as of the last tether_solver_update() (0 before the first). */
tether_status tether_solver_variable_value(tether_solver *solver, tether_variable variable,
                                           double *out);

/**
 * The range of values `variable` takes over all optimal solutions of the added constraints
 * (required ones holding, every priority level at its optimum), from the current tableau (no
 * update needed): `*lower == *upper` (within about 1e-9) when the solution is unique in it; an
 * unbounded side is ±INFINITY. The basis of ambiguity checks. The solver is left as it was.
 */
tether_status tether_solver_variable_range(tether_solver *solver, tether_variable variable,
                                           double *lower, double *upper);

/**
 * The ranges of `count` variables in one call: `lowers[i]` and `uppers[i]` as
 * tether_solver_variable_range() gives them for `variables[i]`. Asked together, the definitions
 * behind the variables are expanded once each (a row of n views pinned to their neighbours costs
 * O(n) instead of O(n^2) asked one by one). Fails without writing anything if any id is invalid
 * (the message names it); `lowers` and `uppers` may be NULL only when `count` is 0. The solver is
 * left as it was.
 */
tether_status tether_solver_variable_ranges(tether_solver *solver, const tether_variable *variables,
                                            size_t count, double *lowers, double *uppers);

/** Values of `count` variables into `out[0..count)` in one call (as of the last update).
 *  Fails without writing anything if any id is invalid. */
tether_status tether_solver_variable_values(tether_solver *solver, const tether_variable *variables,
                                            size_t count, double *out);

/**
 * Makes a constraint `sum(coefficients[i] * variables[i]) + constant  relation  0` at `priority`,
 * not yet added. A variable may appear more than once (its coefficients are summed). `variables`
 * and `coefficients` may be NULL when `count` is 0. Coefficients and the constant must be finite;
 * the priority must be in (0, 1000].
 */
tether_status tether_solver_constraint_new(tether_solver *solver, const tether_variable *variables,
                                           const double *coefficients, size_t count,
                                           double constant, tether_relation relation,
                                           double priority, tether_constraint *out);

/**
 * Makes `count` constraints in one call (added in 0.5), not yet added (add them with
 * tether_solver_constraint_add_batch()), and writes their ids to `out[0..count)`. The terms come
 * from flat arrays: constraint k takes the next `term_counts[k]` entries of `variables` and
 * `coefficients` (constraint 0 the first ones), so both arrays hold the sum of `term_counts`
 * entries. Constraint k is `sum(coefficient * variable) + constants[k]  relations[k]  0` at
 * `priorities[k]`, as tether_solver_constraint_new() makes it. `relations` may be NULL (every
 * relation is TETHER_RELATION_EQUAL) and so may `priorities` (every constraint is required).
 * Either all `count` constraints are made, or none is (those made before a failure are freed
 * again) and `*failed_index` (may be NULL) receives the index of the first constraint that could
 * not be made (an invalid variable id, a coefficient or constant that is not finite, a relation or
 * priority out of range). `variables` and `coefficients` may be NULL when no constraint has
 * terms; every array may be NULL when `count` is 0.
 */
tether_status tether_solver_constraints_new_batch(tether_solver *solver, size_t count,
                                                  const uint32_t *term_counts,
                                                  const tether_variable *variables,
                                                  const double *coefficients,
                                                  const double *constants,
                                                  const tether_relation *relations,
                                                  const double *priorities, tether_constraint *out,
                                                  size_t *failed_index);

/** Frees a constraint, removing it first if it is added. */
tether_status tether_solver_constraint_free(tether_solver *solver, tether_constraint constraint);

/**
 * Adds a constraint to the solver and solves. TETHER_E_DUPLICATE if it is already added.
 * TETHER_E_UNSATISFIABLE if it is required and cannot hold with the added required constraints:
 * the solver is then exactly as before the call, and tether_solver_conflict() lists the minimal
 * set of added constraints it conflicts with.
 */
tether_status tether_solver_constraint_add(tether_solver *solver, tether_constraint constraint);

/**
 * Adds `count` constraints as one step: either all are added, or none is (the solver is exactly
 * as before). The order of `constraints` changes neither the cost nor the solution: the solver
 * adds them in an order planned from their structure (docs/solver-design.md, "Order
 * independence"). On failure `*failed_index` (may be NULL) receives the index in `constraints`
 * of the first constraint, in the array's order, that cannot be added after those before it;
 * for TETHER_E_UNSATISFIABLE, tether_solver_conflict() lists what it conflicts with (constraints
 * of this batch included).
 */
tether_status tether_solver_constraint_add_batch(tether_solver *solver,
                                                 const tether_constraint *constraints, size_t count,
                                                 size_t *failed_index);

/** Removes an added constraint (it stays valid and can be added again).
 *  TETHER_E_NOT_FOUND if it is not added. */
tether_status tether_solver_constraint_remove(tether_solver *solver, tether_constraint constraint);

/** `*out` = 1 if the constraint is added, else 0. */
tether_status tether_solver_constraint_is_added(tether_solver *solver, tether_constraint constraint,
                                                int32_t *out);

/**
 * Changes the constraint's constant in place (no remove and re-add). For an added required
 * constraint that can no longer hold, returns TETHER_E_UNSATISFIABLE and changes nothing;
 * tether_solver_conflict() lists the conflicting set.
 */
tether_status tether_solver_constraint_set_constant(tether_solver *solver,
                                                    tether_constraint constraint, double constant);

/**
 * Changes the constraint's priority. Any change is allowed while it is not added; while it is
 * added, optional↔optional changes are allowed and required↔optional ones return
 * TETHER_E_INVALID_STATE (as Apple's Auto Layout does).
 */
tether_status tether_solver_constraint_set_priority(tether_solver *solver,
                                                    tether_constraint constraint, double priority);

/** A constraint's scalar properties. */
typedef struct tether_constraint_info {
    double constant;          /**< the constant term */
    double priority;          /**< in (0, 1000] */
    tether_relation relation; /**< TETHER_RELATION_* */
    int32_t is_added;         /**< 1 if added to the solver */
    uint64_t term_count;      /**< number of distinct variables (after summing duplicates) */
} tether_constraint_info;

/** Fills `*out` with the constraint's properties. */
tether_status tether_solver_constraint_info(tether_solver *solver, tether_constraint constraint,
                                            tether_constraint_info *out);

/**
 * Copies the constraint's terms (duplicates summed, in the order first seen) into `variables` and
 * `coefficients`, each of `capacity` elements. `*needed` (may be NULL) receives the term count;
 * on TETHER_E_BUFFER_TOO_SMALL nothing else is written.
 */
tether_status tether_solver_constraint_terms(tether_solver *solver, tether_constraint constraint,
                                             tether_variable *variables, double *coefficients,
                                             size_t capacity, size_t *needed);

/**
 * The constraints that the last TETHER_E_UNSATISFIABLE on this solver conflicted with: a minimal
 * set of constraints that, together with the rejected constraint, cannot all hold (removing any
 * one of them would let the rejected one be added). The rejected constraint itself is not listed.
 * Ids are written in increasing order into `out` (`capacity` elements); `*needed` (may be NULL)
 * receives the count. The list is empty when no call failed yet; it is replaced by the next
 * TETHER_E_UNSATISFIABLE.
 */
tether_status tether_solver_conflict(tether_solver *solver, tether_constraint *out, size_t capacity,
                                     size_t *needed);

/** Makes `variable` an edit variable at an optional `priority` in (0, 1000): a constraint
 *  `variable == suggested value` at that priority. TETHER_E_DUPLICATE if it already is one;
 *  TETHER_E_INVALID_ARGUMENT for the required priority. Its suggested value starts at 0.
 *  Add (and suggest) edit variables before the constraints they drive: a variable that many
 *  optional constraints share, left free while they are added, couples them all (a 32×32 grid
 *  whose root size is edited: 0.12 s edited first, 25 s edited last). */
tether_status tether_solver_edit_add(tether_solver *solver, tether_variable variable,
                                     double priority);

/** Stops editing `variable`. TETHER_E_NOT_FOUND if it is not an edit variable. */
tether_status tether_solver_edit_remove(tether_solver *solver, tether_variable variable);

/** `*out` = 1 if `variable` is an edit variable, else 0. */
tether_status tether_solver_edit_has(tether_solver *solver, tether_variable variable, int32_t *out);

/** Suggests a value for an edit variable and re-solves (dual simplex: only the rows that depend
 *  on it are touched). TETHER_E_NOT_FOUND if it is not an edit variable. */
tether_status tether_solver_edit_suggest(tether_solver *solver, tether_variable variable,
                                         double value);

/** Suggests `count` values at once (all ids and values are checked before any is applied). */
tether_status tether_solver_edit_suggest_batch(tether_solver *solver,
                                               const tether_variable *variables,
                                               const double *values, size_t count);

/** Publishes the current solution: afterwards tether_solver_variable_value(s) return it. */
tether_status tether_solver_update(tether_solver *solver);

/** A snapshot of the solver's size. */
typedef struct tether_solver_stats {
    uint64_t variables;    /**< live variables */
    uint64_t constraints;  /**< live constraints (added or not) */
    uint64_t added;        /**< added constraints, edit constraints excluded */
    uint64_t edits;        /**< edit variables */
    uint64_t rows;         /**< tableau rows */
    uint64_t cells;        /**< non-zero tableau cells */
    uint64_t pivots;       /**< simplex pivots since the solver was made */
} tether_solver_stats;

/** Fills `*out` with the solver's counters. */
tether_status tether_solver_stats_get(tether_solver *solver, tether_solver_stats *out);

/** What the solver's storage holds (added in 0.6; a separate struct so that
 *  tether_solver_stats keeps its layout). */
typedef struct tether_solver_storage {
    uint64_t bytes;        /**< bytes held by the solver's arrays: capacity × element size, doubling
                                slack included; heap headers and variable names are not counted */
    uint64_t definitions;  /**< required equalities kept outside the tableau as definitions */
} tether_solver_storage;

/** Fills `*out` with the solver's storage counters (added in 0.6). */
tether_status tether_solver_storage_get(tether_solver *solver, tether_solver_storage *out);

/** Writes a human-readable dump of the tableau (rows, objective, infeasible rows) as UTF-8 into
 *  `buffer` (`capacity` bytes, NUL-terminated); two-call pattern as in
 *  tether_solver_variable_name(). */
tether_status tether_solver_dump(tether_solver *solver, char *buffer, size_t capacity,
                                 size_t *needed);

/** Verifies the tableau's invariants (column index, feasibility, optimality, required
 *  constraints hold). TETHER_E_INTERNAL with a message naming the first violation. */
tether_status tether_solver_check(tether_solver *solver);

/* ---------------------------------------------------------------------------------------------
 * The view model: engines, views, layout guides and layout constraints (Auto Layout).
 *
 * An engine owns every view, guide and constraint made in it; they are `uint64_t` ids (index +
 * generation) valid in that engine only. A view with no superview is a root; each root's
 * hierarchy is laid out independently. Coordinates are UIKit's: y grows downward, a frame is in
 * its superview's coordinates. Every layout attribute refers to the item's alignment rectangle
 * (its frame inset by its alignment-rect insets). Any change marks the root dirty; nothing is
 * solved until tether_view_layout_if_needed(). Enum values are Apple's raw values.
 * ------------------------------------------------------------------------------------------- */

/** An opaque engine. Made by tether_engine_new(), released by tether_engine_free(). */
typedef struct tether_engine tether_engine;
/** A view id (0 = none). */
typedef uint64_t tether_view;
/** A layout guide id. Views and guides share one id space: both are "items". */
typedef uint64_t tether_guide;
/** A view or a layout guide. */
typedef uint64_t tether_item;
/** A layout constraint id. */
typedef uint64_t tether_layout_constraint;

typedef struct tether_rect { double x, y, width, height; } tether_rect;
typedef struct tether_size { double width, height; } tether_size;
/** Insets in UIKit's order. */
typedef struct tether_insets { double top, left, bottom, right; } tether_insets;
/** What a measure callback reports: the content size and the baselines (first from the top,
 *  last from the bottom; NaN = none, in which case the baseline is the bottom edge). */
typedef struct tether_measurement { double width, height, first_baseline, last_baseline; } tether_measurement;

/** NSLayoutAttribute. */
typedef int32_t tether_attribute;
#define TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE         0
#define TETHER_ATTRIBUTE_LEFT                     1
#define TETHER_ATTRIBUTE_RIGHT                    2
#define TETHER_ATTRIBUTE_TOP                      3
#define TETHER_ATTRIBUTE_BOTTOM                   4
#define TETHER_ATTRIBUTE_LEADING                  5
#define TETHER_ATTRIBUTE_TRAILING                 6
#define TETHER_ATTRIBUTE_WIDTH                    7
#define TETHER_ATTRIBUTE_HEIGHT                   8
#define TETHER_ATTRIBUTE_CENTER_X                 9
#define TETHER_ATTRIBUTE_CENTER_Y                 10
#define TETHER_ATTRIBUTE_LAST_BASELINE            11
#define TETHER_ATTRIBUTE_FIRST_BASELINE           12
#define TETHER_ATTRIBUTE_LEFT_MARGIN              13
#define TETHER_ATTRIBUTE_RIGHT_MARGIN             14
#define TETHER_ATTRIBUTE_TOP_MARGIN               15
#define TETHER_ATTRIBUTE_BOTTOM_MARGIN            16
#define TETHER_ATTRIBUTE_LEADING_MARGIN           17
#define TETHER_ATTRIBUTE_TRAILING_MARGIN          18
#define TETHER_ATTRIBUTE_CENTER_X_WITHIN_MARGINS  19
#define TETHER_ATTRIBUTE_CENTER_Y_WITHIN_MARGINS  20
/** Private attributes of generated autoresizing constraints (the frame's min edge in the
 *  superview's coordinates); reported by tether_layout_constraint_info_get(), never accepted by
 *  tether_layout_constraint_new(). */
#define TETHER_ATTRIBUTE_MIN_X                    32
#define TETHER_ATTRIBUTE_MIN_Y                    33

/** UILayoutConstraintAxis. */
typedef int32_t tether_axis;
#define TETHER_AXIS_HORIZONTAL 0
#define TETHER_AXIS_VERTICAL   1

/** UIUserInterfaceLayoutDirection. */
typedef int32_t tether_layout_direction;
#define TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT 0
#define TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT 1

/** UISemanticContentAttribute. */
typedef int32_t tether_semantic_content_attribute;
#define TETHER_SEMANTIC_CONTENT_UNSPECIFIED         0
#define TETHER_SEMANTIC_CONTENT_PLAYBACK            1
#define TETHER_SEMANTIC_CONTENT_SPATIAL             2
#define TETHER_SEMANTIC_CONTENT_FORCE_LEFT_TO_RIGHT 3
#define TETHER_SEMANTIC_CONTENT_FORCE_RIGHT_TO_LEFT 4

/** UIViewAutoresizing bits (UIKit meaning: 8 is the top margin). */
typedef uint32_t tether_autoresizing;
#define TETHER_AUTORESIZING_NONE                   0u
#define TETHER_AUTORESIZING_FLEXIBLE_LEFT_MARGIN   1u
#define TETHER_AUTORESIZING_FLEXIBLE_WIDTH         2u
#define TETHER_AUTORESIZING_FLEXIBLE_RIGHT_MARGIN  4u
#define TETHER_AUTORESIZING_FLEXIBLE_TOP_MARGIN    8u
#define TETHER_AUTORESIZING_FLEXIBLE_HEIGHT        16u
#define TETHER_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN 32u

/** UIViewNoIntrinsicMetric. */
#define TETHER_NO_INTRINSIC_METRIC (-1.0)
/** Named priorities (float, in (0, 1000]). */
#define TETHER_LAYOUT_PRIORITY_REQUIRED      1000.0f
#define TETHER_LAYOUT_PRIORITY_DEFAULT_HIGH  750.0f
#define TETHER_LAYOUT_PRIORITY_DEFAULT_LOW   250.0f
#define TETHER_LAYOUT_PRIORITY_FITTING_SIZE  50.0f

/** Receives a diagnostic (e.g. a broken constraint report, Apple's text) as UTF-8. */
typedef void (*tether_diagnostic_fn)(void *context, const char *message);
/** Measures a view whose measuring is on: fills `*out` for `proposed_width` (NaN when unknown)
 *  and returns 0, or returns non-zero to fail the pass with TETHER_E_CALLBACK_FAILED. */
typedef int32_t (*tether_measure_fn)(void *context, tether_view view, double proposed_width,
                                     tether_measurement *out);
/** A layout-pass hook: `updateConstraints` (bottom-up) or `layoutSubviews` (top-down). */
typedef void (*tether_view_hook_fn)(void *context, tether_view view);

/** Makes an empty engine. */
tether_status tether_engine_new(tether_engine **out);
/** Frees an engine with everything it owns. */
tether_status tether_engine_free(tether_engine *engine);
/** The direction of views whose semantic attribute forces none (default left-to-right). */
tether_status tether_engine_set_default_direction(tether_engine *engine,
                                                  tether_layout_direction direction);
/** Sets the diagnostics handler (NULL `fn`: messages go to standard error, the default). */
tether_status tether_engine_set_diagnostic_handler(tether_engine *engine, tether_diagnostic_fn fn,
                                                   void *context);
/** Sets the measure callback used for views whose measuring is on (NULL: none). */
tether_status tether_engine_set_measure_callback(tether_engine *engine, tether_measure_fn fn,
                                                 void *context);
/** Sets the layout-pass hooks (either may be NULL), called for views whose hooks are on. */
tether_status tether_engine_set_layout_hooks(tether_engine *engine,
                                             tether_view_hook_fn update_constraints,
                                             tether_view_hook_fn layout_subviews, void *context);
/** Runs the layout pass of every dirty root. */
tether_status tether_engine_layout_all(tether_engine *engine);

/** Makes a root view with `frame` (finite). New views translate their autoresizing mask into
 *  constraints, as UIKit views made in code do. */
tether_status tether_view_new(tether_engine *engine, tether_rect frame, tether_view *out);
/** Frees a view, its subtree, their guides and every constraint that refers to them. */
tether_status tether_view_free(tether_engine *engine, tether_view view);
/** Adds `child` as the last subview of `parent` (moving it from its old superview). */
tether_status tether_view_add_subview(tether_engine *engine, tether_view parent, tether_view child);
/** Inserts `child` at `index` (0...count) among `parent`'s subviews. */
tether_status tether_view_insert_subview(tether_engine *engine, tether_view parent,
                                         tether_view child, size_t index);
/** Removes the view from its superview (deactivating constraints left without a common
 *  ancestor). */
tether_status tether_view_remove_from_superview(tether_engine *engine, tether_view view);
/** `*out` = the superview, or 0 for a root. */
tether_status tether_view_superview(tether_engine *engine, tether_view view, tether_view *out);
/** The subviews in order (two-call pattern: `*needed` = count). */
tether_status tether_view_subviews(tether_engine *engine, tether_view view, tether_view *out,
                                   size_t capacity, size_t *needed);
/** Sets the frame (superview coordinates). Resizes translating subviews by their masks at once
 *  when the view autoresizes its subviews. */
tether_status tether_view_set_frame(tether_engine *engine, tether_view view, tether_rect frame);
tether_status tether_view_frame(tether_engine *engine, tether_view view, tether_rect *out);
/**
 * Reads the frames of `root`'s whole subtree (`root` first, then depth-first in subview order)
 * in one call: ids into `views` and frames into `frames`, each of `capacity` elements;
 * `*needed` = the subtree's size. Either array may be NULL when the caller does not want it.
 */
tether_status tether_view_subtree_frames(tether_engine *engine, tether_view root, tether_view *views,
                                         tether_rect *frames, size_t capacity, size_t *needed);
tether_status tether_view_set_translates_autoresizing_mask(tether_engine *engine, tether_view view,
                                                           int32_t translates);
tether_status tether_view_translates_autoresizing_mask(tether_engine *engine, tether_view view,
                                                       int32_t *out);
/** Sets the autoresizing mask (bits above 32 are an error). */
tether_status tether_view_set_autoresizing_mask(tether_engine *engine, tether_view view,
                                                tether_autoresizing mask);
tether_status tether_view_autoresizing_mask(tether_engine *engine, tether_view view,
                                            tether_autoresizing *out);
tether_status tether_view_set_autoresizes_subviews(tether_engine *engine, tether_view view,
                                                   int32_t autoresizes);
tether_status tether_view_autoresizes_subviews(tether_engine *engine, tether_view view, int32_t *out);
/** Sets the intrinsic content size; a component of TETHER_NO_INTRINSIC_METRIC means none on that
 *  axis. Other negative values and non-finite ones are errors. */
tether_status tether_view_set_intrinsic_content_size(tether_engine *engine, tether_view view,
                                                     tether_size size);
tether_status tether_view_intrinsic_content_size(tether_engine *engine, tether_view view,
                                                 tether_size *out);
/** Marks the content as changed: measured again in the next pass. */
tether_status tether_view_invalidate_intrinsic_content_size(tether_engine *engine, tether_view view);
/** Turns measuring through the engine's measure callback on or off for this view. */
tether_status tether_view_set_measured(tether_engine *engine, tether_view view, int32_t measured);
tether_status tether_view_set_content_hugging_priority(tether_engine *engine, tether_view view,
                                                       tether_axis axis, float priority);
tether_status tether_view_content_hugging_priority(tether_engine *engine, tether_view view,
                                                   tether_axis axis, float *out);
tether_status tether_view_set_compression_resistance_priority(tether_engine *engine,
                                                              tether_view view, tether_axis axis,
                                                              float priority);
tether_status tether_view_compression_resistance_priority(tether_engine *engine, tether_view view,
                                                          tether_axis axis, float *out);
tether_status tether_view_set_alignment_rect_insets(tether_engine *engine, tether_view view,
                                                    tether_insets insets);
tether_status tether_view_alignment_rect_insets(tether_engine *engine, tether_view view,
                                                tether_insets *out);
/** Layout margins (default 8 on every side). */
tether_status tether_view_set_layout_margins(tether_engine *engine, tether_view view,
                                             tether_insets margins);
tether_status tether_view_layout_margins(tether_engine *engine, tether_view view, tether_insets *out);
tether_status tether_view_set_safe_area_insets(tether_engine *engine, tether_view view,
                                               tether_insets insets);
tether_status tether_view_safe_area_insets(tether_engine *engine, tether_view view,
                                           tether_insets *out);
tether_status tether_view_set_semantic_content_attribute(tether_engine *engine, tether_view view,
                                                         tether_semantic_content_attribute value);
tether_status tether_view_semantic_content_attribute(tether_engine *engine, tether_view view,
                                                     tether_semantic_content_attribute *out);
/** The direction the view's leading/trailing resolve with (forced, inherited, or the default). */
tether_status tether_view_effective_layout_direction(tether_engine *engine, tether_view view,
                                                     tether_layout_direction *out);
/** Baselines without a measure callback: first from the top, last from the bottom of the
 *  alignment rect (NaN = none). */
tether_status tether_view_set_baselines(tether_engine *engine, tether_view view,
                                        double first_from_top, double last_from_bottom);
/** The baselines set by tether_view_set_baselines() (NaN = none). */
tether_status tether_view_baselines(tether_engine *engine, tether_view view, double *first_from_top,
                                    double *last_from_bottom);
/** `*out` = 1 if the view is measured through the engine's measure callback, else 0. */
tether_status tether_view_measured(tether_engine *engine, tether_view view, int32_t *out);
/** The guides the view owns (added with tether_view_add_layout_guide(), in order; system guides
 *  are not listed). Two-call pattern: `*needed` = count. */
tether_status tether_view_layout_guides(tether_engine *engine, tether_view view, tether_guide *out,
                                        size_t capacity, size_t *needed);
/** The view's layout-margins guide (made on first use). */
tether_status tether_view_layout_margins_guide(tether_engine *engine, tether_view view,
                                               tether_guide *out);
/** The view's safe-area guide (made on first use). */
tether_status tether_view_safe_area_layout_guide(tether_engine *engine, tether_view view,
                                                 tether_guide *out);
/** Turns the engine's layout hooks on or off for this view (off by default). */
tether_status tether_view_set_hooks_enabled(tether_engine *engine, tether_view view, int32_t enabled);
tether_status tether_view_set_needs_layout(tether_engine *engine, tether_view view);
tether_status tether_view_set_needs_update_constraints(tether_engine *engine, tether_view view);
/** Runs the layout pass of the view's root now if anything changed. */
tether_status tether_view_layout_if_needed(tether_engine *engine, tether_view view);
/** The size closest to `target` that the view's subtree allows, the target pulling at the given
 *  priorities (TETHER_LAYOUT_PRIORITY_FITTING_SIZE for "as small/large as the content allows").
 *  Frames are not changed. */
tether_status tether_view_system_layout_size_fitting(tether_engine *engine, tether_view view,
                                                     tether_size target, float horizontal_priority,
                                                     float vertical_priority, tether_size *out);

/**
 * The constraints equivalent to the view's autoresizing mask in its superview, two per axis:
 * `minX == a * superview.width + b`, `width == c * superview.width + d`, and the same vertically
 * (a translated view gets exactly the frame frame mode would give). Their descriptions start with
 * Apple's `h=--& v=--&` notation. They are generated and read-only (changing, activating or
 * freeing them is TETHER_E_INVALID_STATE), and the same ids until the next layout pass, which
 * frees them. Two-call pattern; a root has none (`*needed` = 0).
 */
tether_status tether_view_constraints_equivalent_to_autoresizing_mask(tether_engine *engine,
                                                                      tether_view view,
                                                                      tether_layout_constraint *out,
                                                                      size_t capacity,
                                                                      size_t *needed);

/** Makes a layout guide (not yet owned by a view). */
tether_status tether_guide_new(tether_engine *engine, tether_guide *out);
/** Frees a guide (removing it from its owner and freeing its constraints). System guides cannot
 *  be freed. */
tether_status tether_guide_free(tether_engine *engine, tether_guide guide);
tether_status tether_view_add_layout_guide(tether_engine *engine, tether_view view,
                                           tether_guide guide);
tether_status tether_view_remove_layout_guide(tether_engine *engine, tether_view view,
                                              tether_guide guide);
/** `*out` = the owning view, or 0. */
tether_status tether_guide_owning_view(tether_engine *engine, tether_guide guide, tether_view *out);
/** The guide's frame from the last pass, in its owner's coordinates. */
tether_status tether_guide_layout_frame(tether_engine *engine, tether_guide guide, tether_rect *out);

/** Sets a view's or guide's identifier (UTF-8; NULL = ""), used in descriptions. */
tether_status tether_item_set_identifier(tether_engine *engine, tether_item item,
                                         const char *identifier);
/** Copies an item's identifier (two-call pattern, bytes including the NUL). */
tether_status tether_item_identifier(tether_engine *engine, tether_item item, char *buffer,
                                     size_t capacity, size_t *needed);

/**
 * Makes an inactive constraint `item1.attribute1 RELATION multiplier * item2.attribute2 +
 * constant` at `priority` (item2 = 0 with TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE for a constant).
 * Validated as Apple does: TETHER_E_INVALID_ARGUMENT with Apple's message for size↔location,
 * x↔y, location == constant, leading/trailing↔left/right, margins or baselines on a guide,
 * non-finite numbers, priorities outside (0, 1000], out-of-range enums.
 */
tether_status tether_layout_constraint_new(tether_engine *engine, tether_item item1,
                                           tether_attribute attribute1, tether_relation relation,
                                           tether_item item2, tether_attribute attribute2,
                                           double multiplier, double constant, float priority,
                                           tether_layout_constraint *out);
/** Frees a constraint (deactivating it). */
tether_status tether_layout_constraint_free(tether_engine *engine, tether_layout_constraint constraint);
/** Activates (1) or deactivates (0) one constraint. Activation needs a common ancestor
 *  (TETHER_E_INVALID_STATE with Apple's message otherwise). */
tether_status tether_layout_constraint_set_active(tether_engine *engine,
                                                  tether_layout_constraint constraint, int32_t active);
/** Activates `count` constraints as one batch: all checked first, none activated on error
 *  (`*failed_index`, may be NULL, names the culprit). */
tether_status tether_layout_constraint_activate(tether_engine *engine,
                                                const tether_layout_constraint *constraints,
                                                size_t count, size_t *failed_index);
/** Deactivates `count` constraints (all ids checked first). */
tether_status tether_layout_constraint_deactivate(tether_engine *engine,
                                                  const tether_layout_constraint *constraints,
                                                  size_t count);
/** Changes the constant in place (an active constraint's root is updated without a rebuild). */
tether_status tether_layout_constraint_set_constant(tether_engine *engine,
                                                    tether_layout_constraint constraint,
                                                    double constant);
/** Changes the priority; required↔optional on an active constraint is TETHER_E_INVALID_STATE
 *  (Apple's rule and message). */
tether_status tether_layout_constraint_set_priority(tether_engine *engine,
                                                    tether_layout_constraint constraint,
                                                    float priority);
tether_status tether_layout_constraint_set_identifier(tether_engine *engine,
                                                      tether_layout_constraint constraint,
                                                      const char *identifier);

/** A layout constraint's properties. */
typedef struct tether_layout_constraint_info {
    tether_item first_item;
    tether_item second_item;          /**< 0 when none */
    tether_attribute first_attribute;
    tether_attribute second_attribute;
    tether_relation relation;
    float priority;
    double multiplier;
    double constant;
    int32_t is_active;
    int32_t is_broken;                /**< active but not enforced: it conflicted */
} tether_layout_constraint_info;

tether_status tether_layout_constraint_info_get(tether_engine *engine,
                                                tether_layout_constraint constraint,
                                                tether_layout_constraint_info *out);
/** Copies the constraint's identifier (two-call pattern). */
tether_status tether_layout_constraint_identifier(tether_engine *engine,
                                                  tether_layout_constraint constraint, char *buffer,
                                                  size_t capacity, size_t *needed);
/**
 * Copies the constraint's description in Apple's form (two-call pattern):
 * `<NSLayoutConstraint:0x… ['identifier' ]BODY[ priority:P]   (active|inactive[, names: '|':View:0x… ])>`.
 * BODY is VFL-like for sizes and spacings (`H:[View:0x…(100)]`, `V:[View:0x…(>=44)]`,
 * `H:[View:0x…]-(8)-[View:0x…]`, `H:|-(NSSpace(20))-[View:0x…]`, `(LTR)` after left/right
 * spacings) and the equation otherwise (`View:0x….centerX == 0.625*View:0x….centerX + 4`).
 * Generated constraints print as `NSAutoresizingMaskLayoutConstraint` (`h=--& v=--& …`) or
 * `NSContentSizeLayoutConstraint` (`… Hug:250 CompressionResistance:750`). Items print as
 * `tether_item_debug_name` does; the hex numbers are the ids C callers hold.
 */
tether_status tether_layout_constraint_description(tether_engine *engine,
                                                   tether_layout_constraint constraint,
                                                   char *buffer, size_t capacity, size_t *needed);

/* ---------------------------------------------------------------------------------------------
 * The Visual Format Language (Apple's `constraintsWithVisualFormat:options:metrics:views:`)
 * ------------------------------------------------------------------------------------------- */

/** NSLayoutFormatOptions bits, Apple's values. Each alignAll bit is `1 << attribute`. At most
 *  one alignment bit set besides the direction and spacing fields is the common use; the parser
 *  rejects combinations Apple rejects (TETHER_E_PARSE with Apple's message). */
typedef uint32_t tether_format_options;
#define TETHER_FORMAT_ALIGN_ALL_LEFT                0x2u     /**< 1 << 1  */
#define TETHER_FORMAT_ALIGN_ALL_RIGHT               0x4u     /**< 1 << 2  */
#define TETHER_FORMAT_ALIGN_ALL_TOP                 0x8u     /**< 1 << 3  */
#define TETHER_FORMAT_ALIGN_ALL_BOTTOM              0x10u    /**< 1 << 4  */
#define TETHER_FORMAT_ALIGN_ALL_LEADING             0x20u    /**< 1 << 5  */
#define TETHER_FORMAT_ALIGN_ALL_TRAILING            0x40u    /**< 1 << 6  */
#define TETHER_FORMAT_ALIGN_ALL_CENTER_X            0x200u   /**< 1 << 9  */
#define TETHER_FORMAT_ALIGN_ALL_CENTER_Y            0x400u   /**< 1 << 10 */
#define TETHER_FORMAT_ALIGN_ALL_LAST_BASELINE       0x800u   /**< 1 << 11 */
/** Alias of TETHER_FORMAT_ALIGN_ALL_LAST_BASELINE. */
#define TETHER_FORMAT_ALIGN_ALL_BASELINE            0x800u
#define TETHER_FORMAT_ALIGN_ALL_FIRST_BASELINE      0x1000u  /**< 1 << 12 */
#define TETHER_FORMAT_ALIGNMENT_MASK                0xFFFFu
/** Horizontal lines run leading to trailing (the default, 0). */
#define TETHER_FORMAT_DIRECTION_LEADING_TO_TRAILING 0x0u
#define TETHER_FORMAT_DIRECTION_LEFT_TO_RIGHT       0x10000u /**< 1 << 16 */
#define TETHER_FORMAT_DIRECTION_RIGHT_TO_LEFT       0x20000u /**< 2 << 16 */
#define TETHER_FORMAT_DIRECTION_MASK                0x30000u
/** Vertical spacing between edges (the default, 0). */
#define TETHER_FORMAT_SPACING_EDGE_TO_EDGE          0x0u
/** Vertical spacing from baseline to baseline (vertical formats only). */
#define TETHER_FORMAT_SPACING_BASELINE_TO_BASELINE  0x80000u /**< 1 << 19 */
#define TETHER_FORMAT_SPACING_MASK                  0x80000u

/**
 * Makes the constraints a visual format describes (Apple's
 * `constraintsWithVisualFormat:options:metrics:views:`, e.g. `H:|-[a]-[b(==a)]-|`), inactive,
 * in Apple's order, and writes their ids into `out` (activate them with
 * tether_layout_constraint_activate(); free them with tether_layout_constraint_free()).
 *
 * `view_names[i]` (UTF-8) names `items[i]` (a view or a layout guide of this engine) for
 * `i < item_count`; `metric_names[i]` (UTF-8) names `metric_values[i]` (finite) for
 * `i < metric_count`. Either pair of arrays may be NULL when its count is 0. Names must be
 * unique within each table (TETHER_E_INVALID_ARGUMENT otherwise); a NULL name is
 * TETHER_E_NULL_ARGUMENT, a name that is not UTF-8 (or a non-UTF-8 `format`)
 * TETHER_E_INVALID_UTF8, a dead item id TETHER_E_INVALID_ID, a non-finite metric
 * TETHER_E_INVALID_ARGUMENT.
 *
 * Two-call pattern: `*needed` (may be NULL) = the number of constraints. When `capacity` is too
 * small, none is kept (those made are freed) and the call returns TETHER_E_BUFFER_TOO_SMALL with
 * `*needed`; call again with at least that capacity. A format making no constraint (`H:[a]`)
 * gives TETHER_OK with `*needed` = 0 and `out` may then be NULL.
 *
 * A format that cannot be parsed (or options Apple rejects, or a constraint it describes that
 * Apple would reject) gives TETHER_E_PARSE: nothing is made, tether_last_error() holds Apple's
 * message (`Unable to parse constraint format: \n<reason>\n<format>\n<spaces>^`; for the empty
 * format just the reason), and `*error_position` (may be NULL) receives the 0-based column of the
 * caret, counted in characters (extended grapheme clusters; bytes for an ASCII format).
 */
tether_status tether_layout_constraints_with_visual_format(
    tether_engine *engine, const char *format, tether_format_options options,
    const char *const *metric_names, const double *metric_values, size_t metric_count,
    const char *const *view_names, const tether_item *items, size_t item_count,
    tether_layout_constraint *out, size_t capacity, size_t *needed, size_t *error_position);

/* ---------------------------------------------------------------------------------------------
 * Ambiguity (UIKit's `hasAmbiguousLayout`, `exerciseAmbiguityInLayout`; debugging aids)
 *
 * An item's layout is ambiguous when a quantity of its alignment rect (x, y, width or height)
 * takes values more than 1e-6 apart among the optimal solutions of its root's active
 * constraints. Items laid out in frame mode, and views no constraint names, are never ambiguous.
 * Each call below first brings the item's root's layout up to date (like
 * tether_view_layout_if_needed(), so it may fail with TETHER_E_CALLBACK_FAILED).
 * ------------------------------------------------------------------------------------------- */

/** One ambiguous quantity of an item. */
typedef struct tether_ambiguity {
    /** TETHER_ATTRIBUTE_LEFT for x (the alignment rect's min x), TETHER_ATTRIBUTE_TOP for y,
     *  TETHER_ATTRIBUTE_WIDTH or TETHER_ATTRIBUTE_HEIGHT. */
    tether_attribute attribute;
    /** TETHER_AXIS_HORIZONTAL for x and width, TETHER_AXIS_VERTICAL for y and height. */
    tether_axis axis;
    /** The range of values it takes (positions in the root's coordinates); either bound may be
     *  -INFINITY / +INFINITY when unbounded. */
    double lower;
    double upper;
} tether_ambiguity;

/** `*out` = 1 if the item's (view's or guide's) layout is ambiguous, else 0. */
tether_status tether_item_has_ambiguous_layout(tether_engine *engine, tether_item item,
                                               int32_t *out);

/** The item's ambiguous quantities in the order x, y, width, height (those that are ambiguous
 *  only). Two-call pattern: `*needed` = count; when it is 0, `out` may be NULL. */
tether_status tether_item_ambiguities(tether_engine *engine, tether_item item,
                                      tether_ambiguity *out, size_t capacity, size_t *needed);

/* ---------------------------------------------------------------------------------------------
 * Descriptions and inspection (UIKit's debugging aids)
 * ------------------------------------------------------------------------------------------- */

/** Copies the item's name as constraint descriptions and messages print it (two-call pattern):
 *  `View:0x100000003` or `LayoutGuide:0x100000007`, the id in hex, followed by `'identifier'`
 *  when one is set. */
tether_status tether_item_debug_name(tether_engine *engine, tether_item item, char *buffer,
                                     size_t capacity, size_t *needed);

/** Copies UIKit's description of a view or guide (two-call pattern):
 *  `<View: 0x…; frame = (0 0; 320 480); autoresize = W+H; identifier = 'root'>` or
 *  `<LayoutGuide: 0x… - "identifier", layoutFrame = {{x, y}, {w, h}}, owningView = <View: …>>`. */
tether_status tether_item_description(tether_engine *engine, tether_item item, char *buffer,
                                      size_t capacity, size_t *needed);

/**
 * The constraints that affect the item's position within its parent and its size along `axis`
 * (UIKit's `constraintsAffectingLayout(for:)`), including ones that do not name the item: those
 * whose constant, changed a little, would move it at the current solution. Slack inequalities
 * and optional constraints that lose are not listed; a broken constraint is not either. The
 * root is laid out first. Generated constraints (autoresizing, content size, root pins, system
 * guides) are listed too: read-only ids valid until the next layout pass. Two-call pattern:
 * `*needed` = count; oldest first (generated ones, then the user's in activation order).
 * Empty for items that take no part in a solve (frame mode, unconstrained views).
 */
tether_status tether_item_constraints_affecting_layout(tether_engine *engine, tether_item item,
                                                       tether_axis axis,
                                                       tether_layout_constraint *out,
                                                       size_t capacity, size_t *needed);

/**
 * Copies a dump of the view's subtree like UIKit's `_autolayoutTrace` (two-call pattern), after
 * a layout pass: a legend, then one line per view and layout guide, indented by `|   ` per level
 * and marked `•` (the root: layout engine host), `*` (laid out by constraints) or `+`
 * (represented in the solve by its autoresizing mask); unmarked items take no part in the solve.
 * Ambiguous items end with `- AMBIGUOUS LAYOUT for View:0x….minX{range: [lo, hi]}, …`.
 */
tether_status tether_view_autolayout_trace(tether_engine *engine, tether_view view, char *buffer,
                                           size_t capacity, size_t *needed);

/**
 * Moves an ambiguous view to another optimal solution (UIKit's `exerciseAmbiguityInLayout`):
 * its first ambiguous quantity goes to the far end of its range (or 100 points along it when
 * unbounded), and the frames of the whole hierarchy are set from that solution until the next
 * layout pass. `*moved` (may be NULL) = 1 when something moved, 0 when the layout is not
 * ambiguous (nothing changes).
 */
tether_status tether_view_exercise_ambiguity_in_layout(tether_engine *engine, tether_view view,
                                                       int32_t *moved);

/* ============================================================================================
 * Stack views
 * ========================================================================================== */

/*
 * UIKit's UIStackView: a view that lays out its arranged subviews in a row (horizontal axis) or a
 * column (vertical axis) with constraints it generates, identified as Apple's are
 * ('UISV-canvas-connection', 'UISV-spacing', 'UISV-alignment', 'UISV-fill-equally', ...). A stack
 * view is a view: every tether_view_* function takes its id. The functions below take only a
 * stack view's id as `stack`; a plain view's id (or a guide's) is TETHER_E_INVALID_ID.
 *
 * Arranged subviews are subviews: arranging a view adds it as the stack's last subview when it is
 * not one already, and turns its translates-autoresizing-mask flag off. Removing a view from its
 * superview (or freeing it) un-arranges it; tether_stack_view_remove_arranged_subview() keeps it
 * as a subview. A hidden arranged view (tether_view_set_hidden()) collapses to zero length along
 * the axis and the spacing around it goes to 0. The generated constraints are rebuilt in the next
 * layout pass after any change of the arranged set, a property, an arranged view's hidden flag or
 * (fill proportionally) an arranged view's intrinsic size. docs/stack-views.md has the details.
 * ------------------------------------------------------------------------------------------- */

/** UIStackView.Distribution, Apple's raw values. */
typedef int32_t tether_stack_distribution;
#define TETHER_STACK_DISTRIBUTION_FILL                0
#define TETHER_STACK_DISTRIBUTION_FILL_EQUALLY        1
#define TETHER_STACK_DISTRIBUTION_FILL_PROPORTIONALLY 2
#define TETHER_STACK_DISTRIBUTION_EQUAL_SPACING       3
#define TETHER_STACK_DISTRIBUTION_EQUAL_CENTERING     4

/** UIStackView.Alignment, Apple's raw values (TOP is LEADING, BOTTOM is TRAILING; the baseline
 *  alignments apply to horizontal stacks, a vertical stack fills instead). */
typedef int32_t tether_stack_alignment;
#define TETHER_STACK_ALIGNMENT_FILL           0
#define TETHER_STACK_ALIGNMENT_LEADING        1
#define TETHER_STACK_ALIGNMENT_TOP            1
#define TETHER_STACK_ALIGNMENT_FIRST_BASELINE 2
#define TETHER_STACK_ALIGNMENT_CENTER         3
#define TETHER_STACK_ALIGNMENT_TRAILING       4
#define TETHER_STACK_ALIGNMENT_BOTTOM         4
#define TETHER_STACK_ALIGNMENT_LAST_BASELINE  5

/** UIStackView.spacingUseDefault (FLT_MAX as a double): as the spacing, 0; as a custom spacing,
 *  "use the stack's spacing" (what tether_stack_view_custom_spacing() reports when none is set). */
#define TETHER_STACK_SPACING_USE_DEFAULT 3.4028234663852886e+38
/** UIStackView.spacingUseSystem (FLT_MIN as a double): the standard spacing between siblings, 8. */
#define TETHER_STACK_SPACING_USE_SYSTEM  1.1754943508222875e-38

/** Makes a root stack view with `frame` (finite): horizontal, fill distribution, fill alignment,
 *  spacing 0, nothing arranged. Like other views made in code, it translates its autoresizing
 *  mask into constraints. Free it with tether_view_free() (its arrangement goes with it). */
tether_status tether_stack_view_new(tether_engine *engine, tether_rect frame, tether_view *out);
/** Arranges `view` last (an arranged view is moved to the end). `view` becomes a subview of
 *  `stack` if it is not one: TETHER_E_INVALID_STATE (nothing changed) when that would make a cycle
 *  (`view` is `stack` or one of its ancestors). */
tether_status tether_stack_view_add_arranged_subview(tether_engine *engine, tether_view stack,
                                                     tether_view view);
/** Arranges `view` at `index` (0...count of arranged subviews; TETHER_E_INVALID_ARGUMENT
 *  otherwise) of the arrangement, which is independent of the subview order; an arranged view is
 *  moved. Otherwise as tether_stack_view_add_arranged_subview(). */
tether_status tether_stack_view_insert_arranged_subview(tether_engine *engine, tether_view stack,
                                                        tether_view view, size_t index);
/** Stops arranging `view`; it stays a subview. TETHER_OK and nothing happens when `view` is not
 *  arranged in `stack` (as in UIKit). */
tether_status tether_stack_view_remove_arranged_subview(tether_engine *engine, tether_view stack,
                                                        tether_view view);
/** The arranged subviews in order (two-call pattern: `*needed` = count; when it is 0, `out` may
 *  be NULL). */
tether_status tether_stack_view_arranged_subviews(tether_engine *engine, tether_view stack,
                                                  tether_view *out, size_t capacity, size_t *needed);
/** TETHER_AXIS_HORIZONTAL (a row, the default) or TETHER_AXIS_VERTICAL (a column); anything else
 *  is TETHER_E_INVALID_ARGUMENT. */
tether_status tether_stack_view_set_axis(tether_engine *engine, tether_view stack, tether_axis axis);
tether_status tether_stack_view_axis(tether_engine *engine, tether_view stack, tether_axis *out);
/** A TETHER_STACK_DISTRIBUTION_* value; anything else is TETHER_E_INVALID_ARGUMENT. */
tether_status tether_stack_view_set_distribution(tether_engine *engine, tether_view stack,
                                                 tether_stack_distribution distribution);
tether_status tether_stack_view_distribution(tether_engine *engine, tether_view stack,
                                             tether_stack_distribution *out);
/** A TETHER_STACK_ALIGNMENT_* value; anything else is TETHER_E_INVALID_ARGUMENT. */
tether_status tether_stack_view_set_alignment(tether_engine *engine, tether_view stack,
                                              tether_stack_alignment alignment);
tether_status tether_stack_view_alignment(tether_engine *engine, tether_view stack,
                                          tether_stack_alignment *out);
/** The gap between arranged views: exact for the fill distributions, a minimum for equal
 *  spacing and equal centering. Negative values overlap the views; the two
 *  TETHER_STACK_SPACING_* values have their UIKit meaning; NaN and infinities are
 *  TETHER_E_INVALID_ARGUMENT. */
tether_status tether_stack_view_set_spacing(tether_engine *engine, tether_view stack, double spacing);
tether_status tether_stack_view_spacing(tether_engine *engine, tether_view stack, double *out);
/** Sets the gap after the arranged view `after` (UIKit's setCustomSpacing(_:after:));
 *  TETHER_STACK_SPACING_USE_DEFAULT removes it. It moves with the view when the arrangement is
 *  reordered and is dropped when the view leaves it. For a view that is not arranged in `stack`
 *  it is ignored (TETHER_OK), as in UIKit. NaN and infinities are TETHER_E_INVALID_ARGUMENT. */
tether_status tether_stack_view_set_custom_spacing(tether_engine *engine, tether_view stack,
                                                   double spacing, tether_view after);
/** `*out` = the custom gap after `after`, or TETHER_STACK_SPACING_USE_DEFAULT when none is set or
 *  `after` is not arranged. */
tether_status tether_stack_view_custom_spacing(tether_engine *engine, tether_view stack,
                                               tether_view after, double *out);
/** Vertical stacks only: 1 measures the gaps from a view's last baseline to the next view's first
 *  baseline (default 0). */
tether_status tether_stack_view_set_baseline_relative_arrangement(tether_engine *engine,
                                                                  tether_view stack, int32_t enabled);
tether_status tether_stack_view_baseline_relative_arrangement(tether_engine *engine,
                                                              tether_view stack, int32_t *out);
/** 1 pins the arrangement to the stack's layout margins instead of its bounds (default 0). */
tether_status tether_stack_view_set_layout_margins_relative_arrangement(tether_engine *engine,
                                                                        tether_view stack,
                                                                        int32_t enabled);
tether_status tether_stack_view_layout_margins_relative_arrangement(tether_engine *engine,
                                                                    tether_view stack, int32_t *out);
/**
 * The constraints the stack generates for its arrangement (UIKit lists them in the stack's
 * `constraints`), after laying out its root (like tether_view_layout_if_needed(), so it may fail
 * with TETHER_E_CALLBACK_FAILED). Read-only ids (changing, activating or freeing them is
 * TETHER_E_INVALID_STATE), valid until the next layout pass, which may free them; describe them
 * with tether_layout_constraint_description(). Two-call pattern: `*needed` = count (0 when
 * nothing is arranged; `out` may then be NULL).
 */
tether_status tether_stack_view_arrangement_constraints(tether_engine *engine, tether_view stack,
                                                        tether_layout_constraint *out,
                                                        size_t capacity, size_t *needed);
/** UIKit's isHidden (0 or 1, default 0), for any view. It changes the layout of an arranged
 *  subview only, which its stack collapses; any other hidden view is laid out as before. */
tether_status tether_view_set_hidden(tether_engine *engine, tether_view view, int32_t hidden);
tether_status tether_view_is_hidden(tether_engine *engine, tether_view view, int32_t *out);


/* ============================================================================================
 * Rendering
 * ========================================================================================== */

/*
 * A laid-out hierarchy as a standalone SVG document (docs/rendering.md describes its elements,
 * classes and coordinates): one rect per view of the subtree, labelled with its identifier (else
 * its debug name), in the rendered view's own coordinates (for a root: the root coordinates the
 * solver works in); on request the active constraints between items of the subtree, layout
 * margins and layout guides. The same hierarchy always gives the same bytes.
 *
 * Options are a struct whose first field is its own size, so that fields can be added at its end
 * without breaking programs built against this header: the library reads only `struct_size`
 * bytes and gives the fields past them their defaults. A `struct_size` smaller than this first
 * version (24 bytes) or above 1024, or larger than the library knows with a non-zero byte in the
 * part it does not know, is TETHER_E_INVALID_ARGUMENT: an option the library cannot honour is
 * refused, not ignored. On/off features are bits of `flags` for the same reason (unknown bits are
 * TETHER_E_INVALID_ARGUMENT), so most additions need no new field at all.
 */

/** Draw the active constraints between items of the subtree: a spacing as a line across the gap
 *  labelled with its constant, a size as a dimension line, anything else as a line between the
 *  two anchors (classes "spacing", "size", "equation"). */
#define TETHER_SVG_CONSTRAINTS   0x1u
/** Highlight views and guides whose layout is ambiguous (class "ambiguous"). On by default. */
#define TETHER_SVG_AMBIGUITY     0x2u
/** Draw broken constraints red and dashed with their description in a <title> (class "broken"),
 *  even without TETHER_SVG_CONSTRAINTS. On by default. */
#define TETHER_SVG_BROKEN        0x4u
/** Draw each view's layout margins, dashed (class "margins"). */
#define TETHER_SVG_MARGINS       0x8u
/** Draw the layout guides (and the safe area of views that made their safe-area guide), dashed
 *  (class "guide"). */
#define TETHER_SVG_GUIDES        0x10u
/** Every flag this version knows. */
#define TETHER_SVG_ALL_FLAGS     0x1Fu
/** The flags of the defaults: ambiguity and broken constraints. */
#define TETHER_SVG_DEFAULT_FLAGS 0x6u

/** How tether_view_render_svg() and tether_view_write_svg() draw. Start from
 *  TETHER_SVG_OPTIONS_INIT, e.g. `tether_svg_options o = TETHER_SVG_OPTIONS_INIT;`. */
typedef struct tether_svg_options {
    /** sizeof(tether_svg_options) as the caller's header knows it (TETHER_SVG_OPTIONS_INIT sets
     *  it): the version of the struct. */
    uint32_t struct_size;
    /** TETHER_SVG_* bits (default TETHER_SVG_DEFAULT_FLAGS). */
    uint32_t flags;
    /** Pixels per point: the document is `(width + 2 * padding) * scale` pixels wide. Finite and
     *  > 0 (default 1). Coordinates inside stay in points. */
    double scale;
    /** Points of room around the view, for labels and lines at its edges. Finite and >= 0
     *  (default 8). */
    double padding;
} tether_svg_options;

/** The default options, with `struct_size` set. */
#define TETHER_SVG_OPTIONS_INIT {sizeof(tether_svg_options), TETHER_SVG_DEFAULT_FLAGS, 1.0, 8.0}

/**
 * Copies the view's subtree drawn as an SVG document (UTF-8, NUL-terminated; two-call pattern,
 * bytes including the NUL), after bringing its root's layout up to date (like
 * tether_view_layout_if_needed(), so it may fail with TETHER_E_CALLBACK_FAILED). `options` may be
 * NULL for the defaults. TETHER_E_INVALID_ARGUMENT for a bad `struct_size`, unknown flag bits, a
 * scale that is not finite and > 0, or a padding that is not finite and >= 0.
 */
tether_status tether_view_render_svg(tether_engine *engine, tether_view view,
                                     const tether_svg_options *options, char *buffer,
                                     size_t capacity, size_t *needed);

/**
 * Draws the view's subtree as tether_view_render_svg() does and writes the document (without
 * the NUL) to the file at `path` (created or replaced; bytes passed to the system as they are).
 * Nothing is written when drawing fails. TETHER_E_NULL_ARGUMENT for a NULL `path`; TETHER_E_IO
 * when the file cannot be opened, written or closed, with tether_last_error() naming the path and
 * the system's reason (a file left incomplete is removed).
 */
tether_status tether_view_write_svg(tether_engine *engine, tether_view view,
                                    const tether_svg_options *options, const char *path);

/* ============================================================================================
 * Layout documents
 * ========================================================================================== */

/*
 * A layout document is JSON text holding root views with their frames, properties, subviews,
 * layout guides and constraints: `{"tether": 1, "views": [...]}`. docs/layout-documents.md
 * describes the format with an example. An item's name in a document is its identifier, so
 * after a load the names are found with tether_document_item_named().
 *
 * Errors in a document are TETHER_E_PARSE, and tether_last_error() is "<JSON path>: <message>",
 * e.g. `$.views[0].constraints[2].first: unknown item "hedaer" (did you mean "header"?)`. The
 * path is `$` followed by `.key` (keys that are identifiers), `["key"]` (any other key, as a
 * JSON string) and `[index]`; the message follows it after ": ". For text that is not JSON, or
 * not UTF-8, the message starts with "line L, column C: " (1-based; columns count characters).
 */

/**
 * Loads the layout document in the `length` bytes at `json` (UTF-8, no NUL needed; `json` may be
 * NULL when `length` is 0) into `engine`: makes its views, layout guides and constraints, and
 * activates the active constraints in one batch. Nothing is laid out yet.
 *
 * The ids of the document's roots are written to `roots`, in document order. Two-call pattern:
 * `*needed` (may be NULL) = the number of roots. The whole document is read and made before
 * `capacity` is looked at; when it is too small nothing is kept (what was made is freed) and the
 * call returns TETHER_E_BUFFER_TOO_SMALL with `*needed`: call again with at least that capacity.
 * A document without roots gives TETHER_OK with `*needed` = 0 (`roots` may then be NULL).
 *
 * A document that is not valid gives TETHER_E_PARSE and changes nothing in the engine: not JSON
 * (syntax, duplicate keys, invalid UTF-8, nesting deeper than 512), an unknown key, a value of
 * the wrong type, a missing or unsupported version, a name that is invalid, used twice or
 * unknown, a constraint that refers outside its view's subtree or that Apple would reject, a
 * visual format that cannot be parsed. See the section comment for the message.
 */
tether_status tether_document_load(tether_engine *engine, const char *json, size_t length,
                                   tether_view *roots, size_t capacity, size_t *needed);

/**
 * `*out` = the first view or layout guide of `root`'s subtree, in document order (a view, then
 * its guides, then its subviews' subtrees), whose identifier is `name` (UTF-8): after a load, the
 * item the document named so. TETHER_E_NOT_FOUND when there is none.
 */
tether_status tether_document_item_named(tether_engine *engine, tether_view root, const char *name,
                                         tether_item *out);

/**
 * The layout constraints, active or not (generated ones excepted), whose identifier is
 * `identifier` (UTF-8) and whose items are all in `root`'s subtree (a guide with its owning
 * view): after a load, e.g. a document's inactive alternatives to activate. In id-slot order
 * (creation order in an engine where nothing was freed). Two-call pattern: `*needed` = count;
 * when it is 0, `out` may be NULL.
 */
tether_status tether_document_constraints_with_identifier(tether_engine *engine, tether_view root,
                                                          const char *identifier,
                                                          tether_layout_constraint *out,
                                                          size_t capacity, size_t *needed);

/**
 * Copies the layout document of `root`'s subtree (two-call pattern, bytes including the NUL):
 * pretty JSON ending with a newline, which tether_document_load() reads back. The same hierarchy
 * always gives the same bytes, and saving changes nothing in the engine.
 *
 * Views are written with their current frames (lay the root out first to save solved frames) and
 * the properties that differ from a new view's. The user's active constraints are written as
 * equations in the list of their items' nearest common ancestor, oldest activation first;
 * generated and inactive constraints are not written. Items keep their identifiers as names when
 * those are valid names (`[A-Za-z_][A-Za-z0-9_]*`) not used by an earlier item; other
 * identifiers are made into names (`Side Bar` becomes `Side_Bar`) and items without one are
 * named `view1`, `guide1`, ... (in the text only). A view that is not a root is written as the
 * document's root with its current frame, without the constraints that reach outside its
 * subtree. Views nested more than 253 levels below `root` give TETHER_E_INVALID_STATE: a
 * document cannot hold them. Measure callbacks and hooks are not part of a document.
 */
tether_status tether_document_save(tether_engine *engine, tether_view root, char *buffer,
                                   size_t capacity, size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_H */
