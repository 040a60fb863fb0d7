/*
 * tether/guide.h — layout guides, and the identifiers of items (views and guides).
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_GUIDE_H
#define TETHER_GUIDE_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Layout guides and item identifiers (part of the view model: tether/engine.h)
 * ------------------------------------------------------------------------------------------- */

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

#ifdef __cplusplus
}
#endif

#endif /* TETHER_GUIDE_H */
