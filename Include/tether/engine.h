/*
 * tether/engine.h — the view model's engine and the types every part of the view model
 * shares: item ids, geometry, attributes and other enums, named priorities, callbacks.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_ENGINE_H
#define TETHER_ENGINE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 *  last from the bottom; NaN = none, in which case the baseline is the bottom edge). Width and
 *  height follow tether_view_set_intrinsic_content_size(): each finite and at least 0, or
 *  TETHER_NO_INTRINSIC_METRIC for none on that axis; any other value fails the pass with
 *  TETHER_E_CALLBACK_FAILED naming the view and the value (it is never clamped). */
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
/** Named layout priorities (float, in (0, 1000]). Layout priorities are floats because UIKit's
 *  UILayoutPriority is one: the view model takes and reports them as `float` (999.5 is exact,
 *  999.123 is rounded to a float as UIKit rounds it), and these names are Apple's. The raw solver
 *  (tether/solver.h) takes `double` priorities, for strengths such as kiwisolver's that a float
 *  cannot hold exactly; TETHER_PRIORITY_REQUIRED is its required priority. Both are 1000, and a
 *  layout priority reaches the solver as the double of the float. */
#define TETHER_LAYOUT_PRIORITY_REQUIRED      1000.0f
#define TETHER_LAYOUT_PRIORITY_DEFAULT_HIGH  750.0f
#define TETHER_LAYOUT_PRIORITY_DEFAULT_LOW   250.0f
#define TETHER_LAYOUT_PRIORITY_FITTING_SIZE  50.0f

/*
 * Callbacks: the measure callback, the layout hooks and the diagnostic handler run on the thread
 * of the call that runs the layout pass, while that call holds the engine. The contract:
 *   - A callback may call any function of this library, on its own engine too (the fuzzer,
 *     Fuzz/, re-enters engines from callbacks and checks that nothing crashes or breaks).
 *   - A callback may free views, guides and constraints of its engine; no callback is called
 *     again, in that pass or later, with the id of a view freed meanwhile.
 *   - A callback may free its own engine: the handle dies at once (every later call with it fails
 *     with TETHER_E_INVALID_HANDLE), the pass calls no callback again and fails with
 *     TETHER_E_CALLBACK_FAILED ("a callback freed the engine during this pass"), and the memory
 *     is released when the call that ran the pass returns.
 *   - A measure callback that returns non-zero fails the pass with TETHER_E_CALLBACK_FAILED; the
 *     next pass calls it again.
 *   - A callback must return. One that waits for another thread, itself waiting for this engine,
 *     deadlocks: the library holds no lock of its own and cannot see it (the Python binding,
 *     which holds a lock per engine, detects that cycle and raises InvalidStateError).
 * Engine ids: every view, guide and constraint id carries its engine's tag (bits 52-63), so an id
 * of another engine, or of a freed one, is refused with TETHER_E_INVALID_ID by every other
 * engine (up to 4,096 engines alive at once have tags of their own). Descriptions and drawings
 * show ids without the tag (`View:0x100000001`), the same in every engine.
 * Id kinds (since 0.9): every id also carries its kind in bits 30-31 (0 a view or layout guide,
 * 1 a layout constraint, 2 a solver variable, 3 a solver constraint; bits 0-29 hold the slot,
 * 32-51 its generation), so an id given where another kind is expected (a constraint's id to
 * tether_view_frame(), a variable's to tether_solver_constraint_add()) is refused with
 * TETHER_E_INVALID_ID and a message naming both kinds, never taken for the object of the
 * expected kind in the same slot. Ids stay opaque: compare them, never compute them.
 */

/** Receives a diagnostic (e.g. a broken constraint report, Apple's text) as UTF-8, NUL-terminated.
 *  `message` is valid only during the call: copy it to keep it. The constraints a pass broke can
 *  be listed afterwards with tether_view_broken_constraints(). */
typedef void (*tether_diagnostic_fn)(void *context, const char *message);
/** Measures a view whose measuring is on: fills `*out` for `proposed_width` (NaN when unknown)
 *  and returns 0, or returns non-zero to fail the pass with TETHER_E_CALLBACK_FAILED. */
typedef int32_t (*tether_measure_fn)(void *context, tether_view view, double proposed_width,
                                     tether_measurement *out);
/** A measure callback that also receives the view's user data (tether_view_set_user_data(); NULL
 *  when none), as Yoga's measure function reaches a node's context: the host's own object for the
 *  view, without a table from ids to objects (since 0.9). Otherwise as tether_measure_fn. */
typedef int32_t (*tether_measure_data_fn)(void *context, tether_view view, void *user_data,
                                          double proposed_width, tether_measurement *out);
/** A layout-pass hook: `updateConstraints` (bottom-up) or `layoutSubviews` (top-down). */
typedef void (*tether_view_hook_fn)(void *context, tether_view view);

/* Names of the enumerations above (since 0.9): Apple's spelling, as descriptions, layout
 * documents and the ambiguity and conflict reports print them, for a value read back as a bare
 * number. Each returns a static string, never NULL; a value outside the enumeration gives
 * "unknown attribute", "unknown axis", "unknown layout direction" or "unknown semantic content
 * attribute". */
/** "leading", "centerX", "leadingMargin", "notAnAttribute", "minX" (the generated-only ones too). */
const char *tether_attribute_name(tether_attribute attribute);
/** "horizontal" or "vertical". */
const char *tether_axis_name(tether_axis axis);
/** "leftToRight" or "rightToLeft". */
const char *tether_layout_direction_name(tether_layout_direction direction);
/** "unspecified", "playback", "spatial", "forceLeftToRight" or "forceRightToLeft". */
const char *tether_semantic_content_attribute_name(tether_semantic_content_attribute attribute);

/** Makes an empty engine. */
tether_status tether_engine_new(tether_engine **out);
/** Frees an engine with everything it owns. */
tether_status tether_engine_free(tether_engine *engine);
/** The direction of views whose semantic attribute forces none (default left-to-right). */
tether_status tether_engine_set_default_direction(tether_engine *engine,
                                                  tether_layout_direction direction);
/**
 * How Visual Format's standard spacing to the superview (`|-[v]`, `[v]-|`) is made by the
 * formats parsed after this call (since 0.10). 0 (the default): AppKit's, 20 points from the
 * superview's edge (`v.leading == superview.leading + 20`). 1: UIKit's since iOS 8, the
 * superview's layout margins (`v.leading == superview.leadingMargin`, 8 by default). Constraints
 * already made keep their form. Anything but 0 or 1 is TETHER_E_INVALID_ARGUMENT.
 */
tether_status tether_engine_set_superview_spacing_uses_layout_margins(tether_engine *engine,
                                                                      int32_t enabled);
/** `*out` = 1 when VFL's standard spacing to the superview uses its layout margins, else 0. */
tether_status tether_engine_superview_spacing_uses_layout_margins(tether_engine *engine,
                                                                  int32_t *out);
/**
 * The display's scale (pixels per point) that layout passes round frames to, as UIKit rounds to
 * its screen's scale (since 0.11). 0 (the default): frames are exact. Above 0 (1, 2, 3, ...):
 * each edge of every subview's frame is rounded, in its root's coordinates, to the nearest
 * multiple of 1/scale, so views that share an edge stay flush; a view that rounding took below
 * its intrinsic content size grows by one pixel at its max edge. tether_view_frame() reads the
 * rounded frame, tether_view_unrounded_frame() the exact one; a root's frame is never rounded.
 * Takes effect at each root's next pass. NaN or an infinity is TETHER_E_INVALID_ARGUMENT, and
 * so is a negative scale; the scale is then unchanged.
 */
tether_status tether_engine_set_display_scale(tether_engine *engine, double scale);
/** `*out` = the display scale frames are rounded to (0: no rounding). */
tether_status tether_engine_display_scale(tether_engine *engine, double *out);
/** Sets the diagnostics handler (NULL `fn`: messages go to standard error, the default). */
tether_status tether_engine_set_diagnostic_handler(tether_engine *engine, tether_diagnostic_fn fn,
                                                   void *context);
/** Sets the measure callback used for views whose measuring is on (NULL: none). It replaces one
 *  set by tether_engine_set_measure_data_callback(). */
tether_status tether_engine_set_measure_callback(tether_engine *engine, tether_measure_fn fn,
                                                 void *context);
/** Sets a measure callback that receives each measured view's user data too (since 0.9; NULL:
 *  none). It replaces one set by tether_engine_set_measure_callback(): an engine has one. */
tether_status tether_engine_set_measure_data_callback(tether_engine *engine,
                                                      tether_measure_data_fn fn, void *context);
/** Sets the layout-pass hooks (either may be NULL), called for views whose hooks are on. */
tether_status tether_engine_set_layout_hooks(tether_engine *engine,
                                             tether_view_hook_fn update_constraints,
                                             tether_view_hook_fn layout_subviews, void *context);
/** Runs the layout pass of every dirty root. */
tether_status tether_engine_layout_all(tether_engine *engine);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_ENGINE_H */
