/*
 * tether/inspection.h — descriptions and inspection (debugging aids).
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_INSPECTION_H
#define TETHER_INSPECTION_H

#include "base.h"
#include "engine.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * root is laid out first. Generated constraints (autoresizing, content size, the root's size
 * pins, system guides) are listed too: read-only ids valid until the next layout pass; the
 * root's origin pins ('Tether-Root-MinX'/'-MinY') never are, as UIKit has none. Two-call pattern:
 * `*needed` = count; oldest first (generated ones, then the user's in activation order).
 * Empty for items that take no part in a solve (frame mode, unconstrained views).
 */
tether_status tether_item_constraints_affecting_layout(tether_engine *engine, tether_item item,
                                                       tether_axis axis,
                                                       tether_layout_constraint *out,
                                                       size_t capacity, size_t *needed);

/**
 * The active constraints of `view`'s hierarchy (all of its root's) that the last layout pass
 * broke, in activation order (since 0.9): each conflicted with required constraints activated
 * before it and is not enforced (`is_broken` in tether_layout_constraint_info). As in UIKit, a
 * pass that breaks a constraint returns TETHER_OK and reports it to the diagnostic handler; this
 * is the list to check after tether_view_layout_if_needed(). No pass is run: empty before the
 * first one. Two-call pattern: `*needed` = count.
 */
tether_status tether_view_broken_constraints(tether_engine *engine, tether_view view,
                                             tether_layout_constraint *out, size_t capacity,
                                             size_t *needed);

/**
 * The program's layout constraints that name `item` as their first or second item, active or
 * not, in the order their ids were handed out (since 0.9). Generated constraints (autoresizing,
 * content size, stack views) are not listed: tether_item_constraints_affecting_layout() lists
 * what decides a frame. Two-call pattern: `*needed` = count.
 */
tether_status tether_item_referring_constraints(tether_engine *engine, tether_item item,
                                                tether_layout_constraint *out, size_t capacity,
                                                size_t *needed);

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
 * The counters of the solver that lays out `view`'s root, as they are now (no layout pass is
 * run): `*laid_out` = 1 and `*stats` filled when the root is laid out by constraints,
 * `*laid_out` = 0 and `*stats` zeroed while it is not (frame mode, or before its first pass).
 * A rebuild makes a new solver, so `pivots` counts from the last rebuild; the difference across
 * an in-place change (a constant, a root size, an intrinsic size) is the work that change cost.
 * `storage` may be NULL; when given, it receives the bytes and definitions the solver holds (zeroed
 * with `*laid_out` = 0).
 */
tether_status tether_view_layout_solver_stats(tether_engine *engine, tether_view view,
                                              int32_t *laid_out, tether_solver_stats *stats,
                                              tether_solver_storage *storage);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_INSPECTION_H */
