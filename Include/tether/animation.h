/*
 * tether/animation.h — animating constraint changes (UIKit's block animations).
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_ANIMATION_H
#define TETHER_ANIMATION_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================
 * Animation blocks (since 0.12)
 * ========================================================================================== */

/*
 * The model is UIKit's and Core Animation's (docs/animation.md):
 *   - Change constraints, then lay out between tether_animation_begin() and
 *     tether_animation_commit(): every frame that changes inside the block (by a layout pass, or
 *     by tether_view_set_frame() and the autoresizing it causes) takes its new value at once
 *     (tether_view_frame() is the model frame) and is *shown* moving there from where it was
 *     shown, along the block's curve or spring (tether_view_presentation_frame()).
 *   - Time is the host's: each engine has a clock in seconds (0 when made) that only moves
 *     forward, by tether_engine_advance() (e.g. once a display frame) or
 *     tether_engine_set_animation_clock(). Presentation frames are computed at the engine's clock;
 *     an animation starts at the clock time its frame changed.
 *   - Animations are additive, as UIKit's since iOS 8: a view that is still moving starts its new
 *     animation from where it is shown, with no jump in position, size or (for curves that start
 *     slowly, and springs) velocity; the animations already running keep running.
 *   - Blocks belong to the calling thread and nest. A nested block inherits the duration and the
 *     curve (or spring) of the block around it unless its flags override them; its delay and its
 *     completion are its own. tether_animation_begin_without_animation() opens a block in which
 *     nothing animates (UIKit's performWithoutAnimation).
 *   - A view that never had a frame (made with a zero frame, never laid out or set) appears at
 *     its first frame instead of growing from (0, 0, 0, 0). A view removed from its superview
 *     (also to move it) or freed stops animating.
 *   - Presentation frames and velocities are always finite: a view whose motion doubles cannot
 *     hold (frames near ±1.8e308, a spring thrown at 1e300 distances a second, a duration of
 *     1e-320 s) jumps to its model frame instead, its animations stopped as if it were removed
 *     (docs/animation.md, "How Tether differs from UIKit").
 */

/** Timing curves: UIKit's UIViewAnimationCurve raw values; each is Core Animation's cubic
 *  Bézier: ease-in-out (0.42, 0, 0.58, 1), ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1),
 *  linear (0, 0, 1, 1). */
typedef int32_t tether_animation_curve;
#define TETHER_ANIMATION_CURVE_EASE_IN_OUT 0
#define TETHER_ANIMATION_CURVE_EASE_IN     1
#define TETHER_ANIMATION_CURVE_EASE_OUT    2
#define TETHER_ANIMATION_CURVE_LINEAR      3

/** Move as a damped spring (`spring_damping`, `initial_velocity`) instead of along `curve`. */
#define TETHER_ANIMATION_SPRING                       0x1u
/** In a nested block, use this block's `duration` instead of the enclosing block's. */
#define TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION  0x2u
/** In a nested block, use this block's curve or spring instead of the enclosing block's. */
#define TETHER_ANIMATION_OVERRIDE_INHERITED_CURVE     0x4u
/** Every flag this version knows. */
#define TETHER_ANIMATION_ALL_FLAGS                    0x7u

/**
 * Called once when every animation a block made has ended, with `finished` 1 if all ran to
 * their end and 0 if any was stopped early (its view removed or freed, a remove-all call, its
 * engine freed). It runs inside tether_engine_advance() or tether_engine_set_animation_clock()
 * as the clock passes the end; inside tether_animation_commit() for a block that animated
 * nothing (a zero duration, nothing changed, or no animation allowed); inside
 * tether_engine_free() for blocks whose animations it stops. It may call the library,
 * including beginning new blocks and advancing other engines.
 */
typedef void (*tether_animation_completion_fn)(void *context, int32_t finished);

/** What an animation block asks for. Start from TETHER_ANIMATION_OPTIONS_INIT. Versioned like
 *  tether_svg_options (render.h): the library reads `struct_size` bytes. */
typedef struct tether_animation_options {
    /** sizeof(tether_animation_options) as the caller's header knows it. */
    uint32_t struct_size;
    /** TETHER_ANIMATION_* bits (default 0). */
    uint32_t flags;
    /** Seconds, finite and >= 0; 0 makes the changes at once, without animating (default 0). */
    double duration;
    /** Seconds before the views start moving, finite and >= 0; they show their old frames
     *  meanwhile (default 0). */
    double delay;
    /** With TETHER_ANIMATION_SPRING: the damping ratio, finite and > 0 (1: no overshoot; toward
     *  0: more oscillation; above 1: overdamped). Default 1. Not read without the flag. */
    double spring_damping;
    /** With TETHER_ANIMATION_SPRING: the initial velocity in whole distances per second (1 covers
     *  the animation's distance in one second), finite. Default 0. Not read without the flag. */
    double initial_velocity;
    /** Called once when the block's animations have ended; NULL for none. */
    tether_animation_completion_fn completion;
    /** Passed to `completion`. */
    void *completion_context;
    /** TETHER_ANIMATION_CURVE_* (default ease-in-out). Not read with TETHER_ANIMATION_SPRING. */
    tether_animation_curve curve;
} tether_animation_options;

/** The default options, with `struct_size` set. */
#define TETHER_ANIMATION_OPTIONS_INIT \
    {sizeof(tether_animation_options), 0u, 0.0, 0.0, 1.0, 0.0, 0, 0, TETHER_ANIMATION_CURVE_EASE_IN_OUT}

/**
 * Opens an animation block on the calling thread. TETHER_E_NULL_ARGUMENT for NULL `options`;
 * TETHER_E_INVALID_ARGUMENT for a bad `struct_size`, unknown flag bits, an unknown curve, or a
 * duration, delay, damping or velocity out of its range (nothing is opened then).
 */
tether_status tether_animation_begin(const tether_animation_options *options);
/** Opens a block on the calling thread in which no frame change animates, even inside an
 *  animation block (UIKit's performWithoutAnimation); closed by tether_animation_commit(). */
tether_status tether_animation_begin_without_animation(void);
/** Closes the calling thread's innermost block. TETHER_E_INVALID_STATE when none is open. A
 *  block that made no animation runs its completion (finished = 1) before this returns. */
tether_status tether_animation_commit(void);
/** `*out` = the number of blocks open on the calling thread. */
tether_status tether_animation_open_blocks(uint32_t *out);
/** `*out` = the duration frame changes made now on the calling thread animate with, 0 when
 *  they do not animate (UIKit's inheritedAnimationDuration). */
tether_status tether_animation_inherited_duration(double *out);

/* ============================================================================================
 * The clock
 * ========================================================================================== */

/** Moves the engine's clock forward by `seconds` (finite, >= 0; 0 runs the completions already
 *  due) and runs the completions of blocks whose animations ended by then, in the order they
 *  ended. TETHER_E_INVALID_ARGUMENT for a negative or non-finite step. */
tether_status tether_engine_advance(tether_engine *engine, double seconds);
/** Sets the engine's clock to `time` seconds, as tether_engine_advance(); a time before the
 *  current one, or not finite, is TETHER_E_INVALID_ARGUMENT. */
tether_status tether_engine_set_animation_clock(tether_engine *engine, double time);
/** `*out` = the engine's clock, in seconds. */
tether_status tether_engine_animation_clock(tether_engine *engine, double *out);
/** `*out` = 1 while an animation of the engine runs (or was stopped and awaits its completion at
 *  the next advance), else 0. */
tether_status tether_engine_has_running_animations(tether_engine *engine, int32_t *out);
/** Stops every animation of the engine: views show their model frames; the completions run at
 *  the next advance with finished = 0. */
tether_status tether_engine_remove_all_animations(tether_engine *engine);

/* ============================================================================================
 * Presentation frames
 * ========================================================================================== */

/** `*out` = where the view is shown at the engine's clock, in its superview's coordinates (its
 *  superview's presentation frame, so a view pinned in a moving superview moves with it). Equal
 *  to tether_view_frame() when the view does not animate. */
tether_status tether_view_presentation_frame(tether_engine *engine, tether_view view, tether_rect *out);
/** `*out` = the presentation frame at clock time `time` if nothing changes meanwhile (finite;
 *  for drawing ahead of the clock). */
tether_status tether_view_presentation_frame_at(tether_engine *engine, tether_view view, double time,
                                                tether_rect *out);
/** `*out` = the presentation frame at the engine's clock in the coordinates of `ancestor`'s
 *  bounds, which is the view or one of its superviews (else TETHER_E_INVALID_STATE; also when
 *  the origins added up leave the range of doubles, as frames near ±1.8e308 nested can). */
tether_status tether_view_presentation_frame_in(tether_engine *engine, tether_view view,
                                                tether_view ancestor, tether_rect *out);
/** `*out` = how fast the presentation frame changes at the engine's clock, in points per second
 *  for each of x, y, width and height. */
tether_status tether_view_presentation_velocity(tether_engine *engine, tether_view view, tether_rect *out);
/**
 * Reads the presentation frames of `root`'s whole subtree at the engine's clock in one call,
 * each in its superview's coordinates, as tether_view_subtree_frames() reads model frames (same
 * order, same two-call pattern).
 */
tether_status tether_view_subtree_presentation_frames(tether_engine *engine, tether_view root,
                                                      tether_view *views, tether_rect *frames,
                                                      size_t capacity, size_t *needed);
/** `*out` = 1 while a frame animation of the view runs, else 0. */
tether_status tether_view_is_animating(tether_engine *engine, tether_view view, int32_t *out);
/** `*out` = the clock time at which the view's running animations have all ended (the clock
 *  when it has none). */
tether_status tether_view_animation_end_time(tether_engine *engine, tether_view view, double *out);
/** Stops the view's own frame animations (not its subviews'); the completions of blocks left
 *  without animations run at the next advance with finished = 0. */
tether_status tether_view_remove_all_animations(tether_engine *engine, tether_view view);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_ANIMATION_H */
