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
 *   - Handles (`tether_solver *`) are checked against a registry: a NULL handle gives
 *     TETHER_E_NULL_ARGUMENT, a freed, foreign or garbage one TETHER_E_INVALID_HANDLE.
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
#define TETHER_VERSION_MINOR 1
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
/** A handle (`tether_solver *`) is not live: never made, already freed, or of another kind. */
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
 * as before). On failure `*failed_index` (may be NULL) receives the index in `constraints` of the
 * constraint that failed; for TETHER_E_UNSATISFIABLE, tether_solver_conflict() lists what it
 * conflicts with (constraints of this batch included).
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
 *  TETHER_E_INVALID_ARGUMENT for the required priority. Its suggested value starts at 0. */
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

/** Writes a human-readable dump of the tableau (rows, objective, infeasible rows) as UTF-8 into
 *  `buffer` (`capacity` bytes, NUL-terminated); two-call pattern as in
 *  tether_solver_variable_name(). */
tether_status tether_solver_dump(tether_solver *solver, char *buffer, size_t capacity,
                                 size_t *needed);

/** Verifies the tableau's invariants (column index, feasibility, optimality, required
 *  constraints hold). TETHER_E_INTERNAL with a message naming the first violation. */
tether_status tether_solver_check(tether_solver *solver);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_H */
