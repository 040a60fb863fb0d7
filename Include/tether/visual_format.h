/*
 * tether/visual_format.h — the Visual Format Language.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_VISUAL_FORMAT_H
#define TETHER_VISUAL_FORMAT_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * `i < metric_count`. Standard spacing (`-`) is 8 between items and 20 to the superview's edge,
 * or the superview's layout margins after
 * tether_engine_set_superview_spacing_uses_layout_margins(). Either pair of arrays may be NULL
 * when its count is 0. Names must be
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

#ifdef __cplusplus
}
#endif

#endif /* TETHER_VISUAL_FORMAT_H */
