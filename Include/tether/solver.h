/*
 * tether/solver.h — the raw solver: variables, constraints, edit variables.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_SOLVER_H
#define TETHER_SOLVER_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

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
/** A variable id, owned by one solver. Ids carry their kind (tether/engine.h, "Id kinds"): a
 *  constraint's id given for a variable is refused with TETHER_E_INVALID_ID. */
typedef uint64_t tether_variable;
/** A constraint id, owned by one solver (never equal to a variable's id). */
typedef uint64_t tether_constraint;

/** The raw solver's required priority (a double). Anything in (0, 1000) is optional. The view
 *  model's priorities are floats, as UIKit's are: TETHER_LAYOUT_PRIORITY_REQUIRED (tether/engine.h)
 *  is the same 1000 as a float, for layout constraints; this one is for solver constraints and
 *  edit variables, whose double priorities hold strengths a float cannot. */
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
 * and `coefficients` may be NULL when `count` is 0. The constant must be finite; a coefficient
 * (as given, and summed over one variable) must be 0 or between 1e-100 and 1e100 in magnitude,
 * else TETHER_E_INVALID_ARGUMENT (since 0.8: beyond that range the solver's own factors
 * overflow or lose every digit; layouts use multipliers near 1). The priority must be in
 * (0, 1000].
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
 * not be made (an invalid variable id, a coefficient out of range or a constant that is not
 * finite, a relation or priority out of range). `variables` and `coefficients` may be NULL when no constraint has
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
 * tether_solver_conflict() lists the conflicting set. A constant whose solution overflows (a
 * value beyond +-1.8e308) is refused with TETHER_E_INVALID_ARGUMENT and changes no value.
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
 *  on it are touched). TETHER_E_NOT_FOUND if it is not an edit variable; TETHER_E_INVALID_ARGUMENT
 *  (no value changed) if the solution would overflow (a value beyond +-1.8e308). */
tether_status tether_solver_edit_suggest(tether_solver *solver, tether_variable variable,
                                         double value);

/** Suggests `count` values at once (all ids and values are checked before any is applied). If
 *  one is refused because its solution would overflow, those before it are suggested back to
 *  their previous values and the message names its index. */
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

#ifdef __cplusplus
}
#endif

#endif /* TETHER_SOLVER_H */
