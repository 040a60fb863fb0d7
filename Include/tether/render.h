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
/** Draw every view at its presentation frame at clock time `presentation_time` (where an
 *  animation shows it then: tether_view_presentation_frame_at(), animation.h) instead of its
 *  model frame: a still of a running animation. Since 0.12. */
#define TETHER_SVG_PRESENTATION  0x20u
/** Every flag this version knows. */
#define TETHER_SVG_ALL_FLAGS     0x3Fu
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
    /** With TETHER_SVG_PRESENTATION: the clock time, in seconds, whose presentation frames are
     *  drawn. Finite (default 0). Not read without the flag. Since 0.12 (struct_size 32). */
    double presentation_time;
} tether_svg_options;

/** The default options, with `struct_size` set. */
#define TETHER_SVG_OPTIONS_INIT {sizeof(tether_svg_options), TETHER_SVG_DEFAULT_FLAGS, 1.0, 8.0, 0.0}

/**
 * Copies the view's subtree drawn as an SVG document (UTF-8, NUL-terminated; two-call pattern,
 * bytes including the NUL), after bringing its root's layout up to date (like
 * tether_view_layout_if_needed(), so it may fail with TETHER_E_CALLBACK_FAILED). `options` may be
 * NULL for the defaults. TETHER_E_INVALID_ARGUMENT for a bad `struct_size`, unknown flag bits, a
 * scale that is not finite and > 0, a padding that is not finite and >= 0, or (with
 * TETHER_SVG_PRESENTATION) a presentation time that is not finite.
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

/*
 * Animations as SVG (since 0.12; docs/animation.md). The running animations of a subtree are
 * sampled at a frame rate from the engine's clock to the time the last of them ends (the latest
 * tether_view_animation_end_time() of the subtree): at the clock, every 1/fps seconds after it,
 * and at that end, so that the last sample shows the model frames. Sampling never moves the
 * clock. tether_view_animation_sample_times() lists the times; a still per time
 * (TETHER_SVG_PRESENTATION) gives a frame sequence; tether_view_render_animated_svg() gives one
 * document that plays the animation with SMIL <animate> elements in any browser.
 */

/** Repeat the animated document forever (SMIL repeatCount="indefinite"); `repeat_count` is
 *  then not read. */
#define TETHER_SVG_ANIMATION_REPEAT_FOREVER 0x1u
/** Every flag this version knows. */
#define TETHER_SVG_ANIMATION_ALL_FLAGS      0x1u

/** How an animated document is sampled and played. Start from TETHER_SVG_ANIMATION_OPTIONS_INIT.
 *  Versioned like tether_svg_options (the first version is 24 bytes). */
typedef struct tether_svg_animation_options {
    /** sizeof(tether_svg_animation_options) as the caller's header knows it. */
    uint32_t struct_size;
    /** TETHER_SVG_ANIMATION_* bits (default 0). */
    uint32_t flags;
    /** Samples per second of clock time, finite and > 0 (default 60). At most 100,000 samples
     *  are taken: a longer span is TETHER_E_INVALID_ARGUMENT. */
    double frames_per_second;
    /** 0 plays the animation once and keeps its last frame (fill="freeze"); a count > 0 (finite,
     *  may be fractional) repeats it that many times (default 0). */
    double repeat_count;
} tether_svg_animation_options;

/** The default options, with `struct_size` set. */
#define TETHER_SVG_ANIMATION_OPTIONS_INIT {sizeof(tether_svg_animation_options), 0u, 60.0, 0.0}

/**
 * Copies the clock times at which the view's subtree is sampled at `frames_per_second` (finite,
 * > 0) into `times` (two-call pattern, counted in doubles), after bringing its root's layout up
 * to date. One time, the clock, when nothing in the subtree animates. TETHER_E_INVALID_ARGUMENT
 * for a bad rate or more than 100,000 samples.
 */
tether_status tether_view_animation_sample_times(tether_engine *engine, tether_view view,
                                                 double frames_per_second, double *times,
                                                 size_t capacity, size_t *needed);

/**
 * Copies the view's subtree drawn as an animated SVG document (UTF-8, NUL-terminated; two-call
 * pattern, bytes including the NUL): the drawing at the engine's clock (as tether_view_render_svg()
 * with TETHER_SVG_PRESENTATION at the clock), in which every view rect whose x, y, width or height
 * changes over the samples, and its label, carry one <animate> per changing attribute with the
 * sampled values (keyTimes from 0 to 1 over the animation's duration, calcMode="linear",
 * fill="freeze"). Views that do not move get none. The canvas spans the largest size the view
 * takes; constraint lines, margins and guides (when asked for) stay where they are at the start.
 * The same hierarchy and clock always give the same bytes. `svg` and `animation` may be NULL for
 * the defaults (`svg`'s TETHER_SVG_PRESENTATION is ignored). TETHER_E_INVALID_ARGUMENT for bad
 * options of either struct, as tether_view_render_svg() and tether_svg_animation_options say, or
 * when the number of samples times the number of views in the subtree exceeds 5,000,000.
 */
tether_status tether_view_render_animated_svg(tether_engine *engine, tether_view view,
                                              const tether_svg_options *svg,
                                              const tether_svg_animation_options *animation,
                                              char *buffer, size_t capacity, size_t *needed);

/**
 * Draws the animated document as tether_view_render_animated_svg() does and writes it (without
 * the NUL) to the file at `path`, as tether_view_write_svg() writes (same errors; nothing is
 * written when drawing fails).
 */
tether_status tether_view_write_animated_svg(tether_engine *engine, tether_view view,
                                             const tether_svg_options *svg,
                                             const tether_svg_animation_options *animation,
                                             const char *path);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_RENDER_H */
