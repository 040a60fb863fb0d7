package tether

/*
#include <stdint.h>
#include <stdlib.h>
#include "tether.h"

// The default drawing with the views at their presentation frames at clock time `time`.
static tether_status go_tether_render_svg_at(tether_engine *engine, tether_view view, double time,
                                             char *buffer, size_t capacity, size_t *needed) {
    tether_svg_options options = TETHER_SVG_OPTIONS_INIT;
    options.flags |= TETHER_SVG_PRESENTATION;
    options.presentation_time = time;
    return tether_view_render_svg(engine, view, &options, buffer, capacity, needed);
}

static tether_svg_animation_options go_tether_animation_svg_options(uint32_t flags, double fps,
                                                                    double repeat) {
    tether_svg_animation_options options = TETHER_SVG_ANIMATION_OPTIONS_INIT;
    options.flags = flags;
    options.frames_per_second = fps;
    options.repeat_count = repeat;
    return options;
}

// The animated document with the default drawing options.
static tether_status go_tether_render_animated_svg(tether_engine *engine, tether_view view,
                                                   uint32_t flags, double fps, double repeat,
                                                   char *buffer, size_t capacity, size_t *needed) {
    tether_svg_options svg = TETHER_SVG_OPTIONS_INIT;
    tether_svg_animation_options animation = go_tether_animation_svg_options(flags, fps, repeat);
    return tether_view_render_animated_svg(engine, view, &svg, &animation, buffer, capacity, needed);
}

static tether_status go_tether_write_animated_svg(tether_engine *engine, tether_view view,
                                                  uint32_t flags, double fps, double repeat,
                                                  const char *path) {
    tether_svg_options svg = TETHER_SVG_OPTIONS_INIT;
    tether_svg_animation_options animation = go_tether_animation_svg_options(flags, fps, repeat);
    return tether_view_write_animated_svg(engine, view, &svg, &animation, path);
}
*/
import "C"

import (
	"fmt"
	"math"
	"unsafe"
)

// DefaultAnimatedSVGFPS is the frame rate an AnimatedSVGOptions with a zero FPS samples at
// (TETHER_SVG_ANIMATION_OPTIONS_INIT's).
const DefaultAnimatedSVGFPS = 60.0

// AnimatedSVGOptions is how RenderAnimatedSVG and WriteAnimatedSVG sample and play the running
// animations (tether_svg_animation_options). The zero value samples at 60 frames per second and
// plays once.
type AnimatedSVGOptions struct {
	// FPS is the number of samples per second of clock time: 0 means DefaultAnimatedSVGFPS;
	// anything else is passed to the library, which wants it finite and > 0 (else
	// ErrInvalidArgument, as for a span of more than 100,000 samples).
	FPS float64
	// Repeat is how many times the document plays: 0 plays once and keeps the last frame; a
	// count > 0 (may be fractional) plays that many times; math.Inf(1) repeats forever (SMIL
	// repeatCount="indefinite"). A negative count or NaN is ErrInvalidArgument, never clamped.
	Repeat float64
}

// cOptions checks the options and gives the C flags, frame rate and repeat count.
func (o AnimatedSVGOptions) cOptions() (flags C.uint32_t, fps, repeat C.double, err error) {
	fps = C.double(o.FPS)
	if o.FPS == 0 {
		fps = DefaultAnimatedSVGFPS
	}
	switch {
	case math.IsInf(o.Repeat, 1):
		return C_SVG_ANIMATION_REPEAT_FOREVER, fps, 0, nil
	case o.Repeat >= 0: // false for NaN
		return 0, fps, C.double(o.Repeat), nil
	}
	return 0, 0, 0, &Error{Status: C_E_INVALID_ARGUMENT, Message: fmt.Sprintf(
		"the repeat count must be 0 (play once), > 0 or math.Inf(1) (forever), not %v", o.Repeat)}
}

// SVGFrame is one still of an animation: the clock time and the subtree drawn at its
// presentation frames then.
type SVGFrame struct {
	Time     float64
	Document string
}

// RenderSVGAt is RenderSVG with every view of the subtree drawn at its presentation frame at
// clock time t (PresentationFrameAt, TETHER_SVG_PRESENTATION): a still of the running
// animations, ahead of the clock if t is. The clock does not move. A t that is not finite is
// ErrInvalidArgument.
func (v View) RenderSVGAt(t float64) (string, error) {
	ptr := v.engine.handle()
	return twoCallString(func(b *C.char, c C.size_t, n *C.size_t) C.tether_status {
		return C.go_tether_render_svg_at(ptr, C.tether_view(v.id), C.double(t), b, c, n)
	})
}

// SampleTimes is tether_view_animation_sample_times(): the clock times at which the subtree's
// running animations are sampled at fps frames per second: the engine's clock, every 1/fps
// seconds after it, and the time the last of them ends (so that the last sample shows the model
// frames). One time, the clock, when nothing in the subtree animates. Lays out first; the clock
// does not move. An fps that is not finite and > 0, or more than 100,000 samples, is
// ErrInvalidArgument.
func (v View) SampleTimes(fps float64) ([]float64, error) {
	ptr := v.engine.handle()
	var needed C.size_t
	err := call(func() C.tether_status {
		return C.tether_view_animation_sample_times(ptr, C.tether_view(v.id), C.double(fps), nil, 0, &needed)
	})
	if err != nil && !tooSmall(err) {
		return nil, err
	}
	for {
		n := int(needed)
		times := make([]C.double, n+1)
		err = call(func() C.tether_status {
			return C.tether_view_animation_sample_times(ptr, C.tether_view(v.id), C.double(fps), &times[0], C.size_t(n), &needed)
		})
		if tooSmall(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out := make([]float64, int(needed))
		for i := range out {
			out[i] = float64(times[i])
		}
		return out, nil
	}
}

// RenderAnimatedSVG is tether_view_render_animated_svg() with the default drawing options: one
// SVG document that plays the subtree's running animations in a browser. It is the drawing at
// the engine's clock in which every view rect whose x, y, width or height changes over the
// samples (SampleTimes), and its label, carry a SMIL <animate> per changing attribute, played
// linearly between the samples. Views that do not move get none. The clock does not move. Bad
// options are ErrInvalidArgument (AnimatedSVGOptions says which).
func (v View) RenderAnimatedSVG(opts AnimatedSVGOptions) (string, error) {
	flags, fps, repeat, err := opts.cOptions()
	if err != nil {
		return "", err
	}
	ptr := v.engine.handle()
	return twoCallString(func(b *C.char, c C.size_t, n *C.size_t) C.tether_status {
		return C.go_tether_render_animated_svg(ptr, C.tether_view(v.id), flags, fps, repeat, b, c, n)
	})
}

// WriteAnimatedSVG is tether_view_write_animated_svg(): the document RenderAnimatedSVG gives,
// written to the file at path (created or replaced). Nothing is written when drawing fails; a
// file that cannot be written is ErrIO with the path and the system's reason.
func (v View) WriteAnimatedSVG(path string, opts AnimatedSVGOptions) error {
	flags, fps, repeat, err := opts.cOptions()
	if err != nil {
		return err
	}
	ptr := v.engine.handle()
	cs := C.CString(path)
	defer C.free(unsafe.Pointer(cs))
	return call(func() C.tether_status {
		return C.go_tether_write_animated_svg(ptr, C.tether_view(v.id), flags, fps, repeat, cs)
	})
}

// SVGFrames draws one still per sample time at fps frames per second (SampleTimes, then
// RenderSVGAt for each time), in time order: a frame sequence of the running animations. The
// clock does not move. Errors are SampleTimes' and RenderSVGAt's.
func (v View) SVGFrames(fps float64) ([]SVGFrame, error) {
	times, err := v.SampleTimes(fps)
	if err != nil {
		return nil, err
	}
	frames := make([]SVGFrame, len(times))
	for i, t := range times {
		doc, err := v.RenderSVGAt(t)
		if err != nil {
			return nil, err
		}
		frames[i] = SVGFrame{Time: t, Document: doc}
	}
	return frames, nil
}
