/*
 * tether/render.h — rendering a laid-out hierarchy as SVG.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_RENDER_H
#define TETHER_RENDER_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* TETHER_RENDER_H */
