/*
 * tether/ambiguity.h — ambiguous layouts (debugging aids).
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_AMBIGUITY_H
#define TETHER_AMBIGUITY_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/**
 * Moves an ambiguous view to another optimal solution (UIKit's `exerciseAmbiguityInLayout`):
 * its first ambiguous quantity goes to the far end of its range (or 100 points along it when
 * unbounded), and the frames of the whole hierarchy are set from that solution until the next
 * layout pass. `*moved` (may be NULL) = 1 when something moved, 0 when the layout is not
 * ambiguous (nothing changes).
 */
tether_status tether_view_exercise_ambiguity_in_layout(tether_engine *engine, tether_view view,
                                                       int32_t *moved);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_AMBIGUITY_H */
