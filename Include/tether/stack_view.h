/*
 * tether/stack_view.h — stack views (UIStackView), and hidden views.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_STACK_VIEW_H
#define TETHER_STACK_VIEW_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/** "fill", "fillEqually", "fillProportionally", "equalSpacing" or "equalCentering", or "unknown
 *  distribution" (since 0.9). A static string, never NULL. */
const char *tether_stack_distribution_name(tether_stack_distribution distribution);
/** "fill", "leading", "firstBaseline", "center", "trailing" or "lastBaseline" (UIKit's top and
 *  bottom are the values of leading and trailing), or "unknown alignment" (since 0.9). A static
 *  string, never NULL. */
const char *tether_stack_alignment_name(tether_stack_alignment alignment);

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

#ifdef __cplusplus
}
#endif

#endif /* TETHER_STACK_VIEW_H */
