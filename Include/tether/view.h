/*
 * tether/view.h — views: hierarchy, frames, autoresizing, content size, priorities, insets,
 * margins, baselines and the layout pass.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_VIEW_H
#define TETHER_VIEW_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Views (part of the view model: tether/engine.h describes its ids and coordinates)
 * ------------------------------------------------------------------------------------------- */

/** Makes a root view with `frame` (finite). New views translate their autoresizing mask into
 *  constraints, as UIKit views made in code do. */
tether_status tether_view_new(tether_engine *engine, tether_rect frame, tether_view *out);
/** Frees a view, its subtree, their guides and every constraint that refers to them. */
tether_status tether_view_free(tether_engine *engine, tether_view view);
/** Adds `child` as the last subview of `parent` (moving it from its old superview). */
tether_status tether_view_add_subview(tether_engine *engine, tether_view parent, tether_view child);
/** Makes a subview laid out by constraints in one call (since 0.9), what takes four otherwise
 *  (tether_view_new with a frame constraints will replace, tether_item_set_identifier,
 *  tether_view_set_translates_autoresizing_mask(…, 0), tether_view_add_subview): frame zero,
 *  not translating its autoresizing mask into constraints, the last subview of `parent`, named
 *  `identifier` (UTF-8; NULL or "" for none). Nothing is made on error (`parent` not live, an
 *  identifier that is not UTF-8). */
tether_status tether_view_new_subview(tether_engine *engine, tether_view parent,
                                      const char *identifier, tether_view *out);
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
/** `*out` = the frame (superview coordinates): rounded to the pixel grid by the last pass when
 *  the engine has a display scale (tether_engine_set_display_scale()); a frame set since then
 *  reads back as set until the next pass. */
tether_status tether_view_frame(tether_engine *engine, tether_view view, tether_rect *out);
/** `*out` = the frame before pixel-grid rounding (since 0.11): the solver's exact values, or the
 *  frame as set or autoresized; equal to tether_view_frame() while the display scale is 0. */
tether_status tether_view_unrounded_frame(tether_engine *engine, tether_view view, tether_rect *out);
/**
 * Reads the frames of `root`'s whole subtree (`root` first, then depth-first in subview order)
 * in one call: ids into `views` and frames into `frames`, each of `capacity` elements;
 * `*needed` = the subtree's size. Either array may be NULL when the caller does not want it.
 * The frames are those tether_view_frame() reads (rounded when the engine rounds).
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
/** Keeps `data` with the view (since 0.9): any pointer (NULL clears it), typically the host's own
 *  object for the view. The engine never reads or frees it; it is passed to a measure callback set
 *  with tether_engine_set_measure_data_callback() and goes with the view when it is freed. */
tether_status tether_view_set_user_data(tether_engine *engine, tether_view view, void *data);
/** `*out` = the view's user data (NULL when none was set). */
tether_status tether_view_user_data(tether_engine *engine, tether_view view, void **out);
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
/** Layout margins as set (default 8 on every side). The margins guide and the margin attributes
 *  use the effective margins: these plus the safe-area insets, unless
 *  tether_view_set_insets_layout_margins_from_safe_area() turned that off, and at least the
 *  superview's margins' reach for a view that preserves them
 *  (tether_view_set_preserves_superview_layout_margins()). */
tether_status tether_view_set_layout_margins(tether_engine *engine, tether_view view,
                                             tether_insets margins);
tether_status tether_view_layout_margins(tether_engine *engine, tether_view view, tether_insets *out);
/** The margins the layout uses (since 0.10): the layout margins, plus the safe-area insets on
 *  every edge when the view insets its margins from the safe area; for a view that preserves its
 *  superview's margins, each edge at least as far as they reached into it at the last pass. */
tether_status tether_view_effective_layout_margins(tether_engine *engine, tether_view view,
                                                   tether_insets *out);
/** UIKit's `insetsLayoutMarginsFromSafeArea` (since 0.10; default 1): whether the margins are
 *  measured from the safe area's edges (content at the margins never lies under a status bar or
 *  notch) or from the bounds (0). */
tether_status tether_view_set_insets_layout_margins_from_safe_area(tether_engine *engine,
                                                                   tether_view view, int32_t insets);
tether_status tether_view_insets_layout_margins_from_safe_area(tether_engine *engine,
                                                               tether_view view, int32_t *out);
/** UIKit's `preservesSuperviewLayoutMargins` (since 0.11; default 0): when 1, the view's
 *  effective margins are, on each edge, the larger of its own (the layout margins, plus the
 *  safe area as above) and how far its superview's effective margin area reaches into its frame,
 *  so content at its margins lines up with content at the superview's. The layout margins keep
 *  the view's own value. The reach follows the frames: each layout pass derives it again and
 *  solves again while it changes (at most 4 times, then it reports a diagnostic), as it does
 *  for derived safe-area insets. Flags other than 0 and 1: TETHER_E_INVALID_ARGUMENT. */
tether_status tether_view_set_preserves_superview_layout_margins(tether_engine *engine,
                                                                 tether_view view, int32_t preserves);
/** `*out` = 1 when the view preserves its superview's layout margins, else 0 (since 0.11). */
tether_status tether_view_preserves_superview_layout_margins(tether_engine *engine,
                                                             tether_view view, int32_t *out);
/** Sets the view's safe-area insets (a root's: the screen's status bar, notch and home indicator).
 *  A view whose insets were never set (or were reset) derives them in each layout pass as UIKit
 *  does (since 0.10): the part of its bounds outside its superview's safe area, zero for a root
 *  and for a view no pass has placed. Set insets replace the derived ones, and the view's
 *  subviews derive theirs from them. */
tether_status tether_view_set_safe_area_insets(tether_engine *engine, tether_view view,
                                               tether_insets insets);
/** The safe-area insets in effect: set, or derived by the last layout pass. */
tether_status tether_view_safe_area_insets(tether_engine *engine, tether_view view,
                                           tether_insets *out);
/** Makes the view's safe-area insets derived from its ancestors again, from the next pass (since
 *  0.10). A view whose insets were never set is left as it is. */
tether_status tether_view_reset_safe_area_insets(tether_engine *engine, tether_view view);
/** `*out` = 1 when the view's safe-area insets are derived, 0 when set (since 0.10). */
tether_status tether_view_safe_area_insets_are_derived(tether_engine *engine, tether_view view,
                                                       int32_t *out);
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
/** Marks the view's updateConstraints hook as due: it runs at the next layout pass or
 *  tether_view_update_constraints_if_needed(). */
tether_status tether_view_set_needs_update_constraints(tether_engine *engine, tether_view view);
/** `*out` = 1 if the view's updateConstraints hook is due (since 0.10): true for a new view and
 *  after tether_view_set_needs_update_constraints(), 0 once the hook ran (UIKit's
 *  `needsUpdateConstraints()`). */
tether_status tether_view_needs_update_constraints(tether_engine *engine, tether_view view,
                                                   int32_t *out);
/** Runs the updateConstraints hooks that are due in the view's subtree, bottom-up as a layout
 *  pass does, without laying out (since 0.10; UIKit's `updateConstraintsIfNeeded()`). */
tether_status tether_view_update_constraints_if_needed(tether_engine *engine, tether_view view);
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

/*
 * UIKit's owner-based constraint API from before iOS 8 (since 0.10). UIKit holds an active
 * constraint on the nearest common ancestor of its items; these derive that holder.
 */
/** The active constraints the view holds (since 0.10): the program's active constraints whose
 *  items' nearest common ancestor is this view, oldest activation first (UIKit's `constraints`).
 *  Two-call pattern: `*needed` = count. */
tether_status tether_view_constraints(tether_engine *engine, tether_view view,
                                      tether_layout_constraint *out, size_t capacity,
                                      size_t *needed);
/** Activates `count` constraints as one batch (since 0.10; UIKit's `addConstraints`). The view
 *  must be each constraint's items' common ancestor or one of its ancestors, else
 *  TETHER_E_INVALID_STATE naming both; all are checked first, none activated on error
 *  (`*failed_index`, may be NULL, names the culprit). */
tether_status tether_view_add_constraints(tether_engine *engine, tether_view view,
                                          const tether_layout_constraint *constraints,
                                          size_t count, size_t *failed_index);
/** Deactivates those of `count` constraints the view holds (since 0.10; UIKit's
 *  `removeConstraints`): all ids are checked first; a constraint held by another view, inactive
 *  or generated is left alone, as in UIKit. */
tether_status tether_view_remove_constraints(tether_engine *engine, tether_view view,
                                             const tether_layout_constraint *constraints,
                                             size_t count);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_VIEW_H */
