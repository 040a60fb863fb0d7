package tether

/*
#include <stdint.h>
#include "tether.h"

extern void goTetherAnimationDone(void *context, int32_t finished);

static tether_status go_tether_animation_begin(uint32_t flags, double duration, double delay,
                                               double damping, double velocity,
                                               tether_animation_curve curve, uintptr_t handle) {
    tether_animation_options options = TETHER_ANIMATION_OPTIONS_INIT;
    options.flags = flags;
    options.duration = duration;
    options.delay = delay;
    options.spring_damping = damping;
    options.initial_velocity = velocity;
    options.curve = curve;
    if (handle != 0) {
        options.completion = (tether_animation_completion_fn)goTetherAnimationDone;
        options.completion_context = (void *)handle;
    }
    return tether_animation_begin(&options);
}

// The calling thread's panic slot (completion_slot.c).
uintptr_t go_tether_swap_panic_slot(uintptr_t slot);
uintptr_t go_tether_current_panic_slot(void);
*/
import "C"

import (
	"runtime"
	"runtime/cgo"
	"unsafe"
)

// AnimationCurve is a timing curve of an animation block (tether_animation_curve, UIKit's
// UIView.AnimationCurve raw values).
type AnimationCurve int32

// The timing curves, Core Animation's cubic Béziers. The zero value is CurveEaseInOut, UIKit's
// default.
const (
	CurveEaseInOut AnimationCurve = C_ANIMATION_CURVE_EASE_IN_OUT // (0.42, 0, 0.58, 1)
	CurveEaseIn    AnimationCurve = C_ANIMATION_CURVE_EASE_IN     // (0.42, 0, 1, 1)
	CurveEaseOut   AnimationCurve = C_ANIMATION_CURVE_EASE_OUT    // (0, 0, 0.58, 1)
	CurveLinear    AnimationCurve = C_ANIMATION_CURVE_LINEAR      // (0, 0, 1, 1)
)

// Spring makes a block move as a damped spring instead of along its curve.
type Spring struct {
	// Damping is the damping ratio, > 0: 1 has no overshoot, toward 0 oscillates more, above 1
	// is overdamped.
	Damping float64
	// InitialVelocity is in whole distances per second (1 covers the animation's distance in one
	// second).
	InitialVelocity float64
}

// AnimationOptions is what an animation block asks for (tether_animation_options). The zero
// value is the C defaults: no duration (changes made at once), no delay, ease-in-out.
type AnimationOptions struct {
	Duration float64 // seconds, >= 0
	Delay    float64 // seconds, >= 0; the views show their old frames meanwhile
	Curve    AnimationCurve
	Spring   *Spring // non-nil: a spring instead of Curve
	// In a nested block, use this block's Duration (or curve and spring) instead of the
	// enclosing block's.
	OverrideInheritedDuration bool
	OverrideInheritedCurve    bool
	// OnComplete runs exactly once, when every animation the block made has ended: finished is
	// false if any was stopped early (its view removed or freed, a RemoveAllAnimations, its engine
	// closed). It runs inside Engine.Advance or Engine.SetClock as the clock passes the end,
	// inside Animate for a block that animated nothing, or inside Engine.Close; a panic in it is
	// raised again when that call returns (never through the C frames).
	OnComplete func(finished bool)
}

func (o AnimationOptions) flags() C.uint32_t {
	var flags C.uint32_t
	if o.Spring != nil {
		flags |= C_ANIMATION_SPRING
	}
	if o.OverrideInheritedDuration {
		flags |= C_ANIMATION_OVERRIDE_INHERITED_DURATION
	}
	if o.OverrideInheritedCurve {
		flags |= C_ANIMATION_OVERRIDE_INHERITED_CURVE
	}
	return flags
}

// completionPanic collects the first panic of the OnComplete funcs one C call runs.
type completionPanic struct {
	raised bool
	value  interface{}
}

//export goTetherAnimationDone
func goTetherAnimationDone(context unsafe.Pointer, finished C.int32_t) {
	h := cgo.Handle(uintptr(context))
	fn := h.Value().(func(bool))
	// C calls each completion exactly once: the handle goes with it.
	h.Delete()
	defer func() {
		if r := recover(); r != nil {
			// A panic must not unwind through the library's frames: keep it for the Go call that
			// ran this completion (callRunningCompletions), which raises it again on return.
			if slot := C.go_tether_current_panic_slot(); slot != 0 {
				box := cgo.Handle(slot).Value().(*completionPanic)
				if !box.raised {
					box.raised, box.value = true, r
				}
				return
			}
			panic(r)
		}
	}()
	fn(finished != 0)
}

// callRunningCompletions is call for the C calls that can run completions (advance, set clock,
// commit, engine free): a panic of an OnComplete func they run is raised again here, after the
// C call has returned and left the library in order.
func callRunningCompletions(f func() C.tether_status) error {
	box := &completionPanic{}
	h := cgo.NewHandle(box)
	defer h.Delete()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	previous := C.go_tether_swap_panic_slot(C.uintptr_t(h))
	status := f()
	C.go_tether_swap_panic_slot(previous)
	var err error
	if status != C_OK {
		err = &Error{Status: Status(status), Message: C.GoString(C.tether_last_error())}
	}
	if box.raised {
		panic(box.value)
	}
	return err
}

// beginAnimation opens a block on the calling OS thread, which the caller has locked.
func beginAnimation(opts AnimationOptions) error {
	var h cgo.Handle
	if opts.OnComplete != nil {
		h = cgo.NewHandle(opts.OnComplete)
	}
	var damping, velocity C.double = 1, 0
	if opts.Spring != nil {
		damping, velocity = C.double(opts.Spring.Damping), C.double(opts.Spring.InitialVelocity)
	}
	err := call(func() C.tether_status {
		return C.go_tether_animation_begin(opts.flags(), C.double(opts.Duration), C.double(opts.Delay),
			damping, velocity, C.tether_animation_curve(opts.Curve), C.uintptr_t(h))
	})
	if err != nil && h != 0 {
		h.Delete() // nothing was opened: the completion will never run
	}
	return err
}

// commitAnimation closes the innermost block of the calling OS thread, which the caller has
// locked since the block was opened.
func commitAnimation() error {
	return callRunningCompletions(func() C.tether_status { return C.tether_animation_commit() })
}

// openAnimationBlocks is tether_animation_open_blocks() for the calling OS thread.
func openAnimationBlocks() (uint32, error) {
	var out C.uint32_t
	err := call(func() C.tether_status { return C.tether_animation_open_blocks(&out) })
	return uint32(out), err
}

// Animate runs fn inside an animation block (UIKit's UIView.animate): every frame that changes
// in fn, by a layout pass (View.LayoutIfNeeded after changing constraints) or View.SetFrame,
// takes its new model frame at once and is shown moving there (View.PresentationFrame) as the
// engine's clock advances (Engine.Advance).
//
// The block is committed when fn returns, also when it panics (the panic then goes on). Blocks
// belong to the calling OS thread in the C library, and a goroutine may move between threads
// between two cgo calls: Animate locks the goroutine to its thread (runtime.LockOSThread) from
// opening the block to committing it, so the changes fn makes on its own goroutine are in the
// block. Changes made by other goroutines are not. Animate nests: a block inside fn inherits
// this one's duration and curve unless its Override flags say otherwise.
//
// A bad option (negative or non-finite duration or delay, an unknown curve, a spring damping
// <= 0) returns ErrInvalidArgument without running fn.
func Animate(opts AnimationOptions, fn func()) error {
	return inBlock(func() error { return beginAnimation(opts) }, fn)
}

// PerformWithoutAnimation runs fn in a block in which no frame change animates, even inside
// Animate (UIKit's UIView.performWithoutAnimation). The thread is locked as for Animate.
func PerformWithoutAnimation(fn func()) error {
	return inBlock(func() error {
		return call(func() C.tether_status { return C.tether_animation_begin_without_animation() })
	}, fn)
}

// inBlock runs fn between begin and the commit on one locked OS thread (blocks belong to the C
// library's calling thread); the commit runs even when fn panics, and its error is returned.
func inBlock(begin func() error, fn func()) (err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := begin(); err != nil {
		return err
	}
	defer func() {
		if cerr := commitAnimation(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	if fn != nil {
		fn()
	}
	return nil
}

// InheritedAnimationDuration is the duration frame changes made now on this goroutine animate
// with, 0 when they do not (UIKit's inheritedAnimationDuration): inside Animate's fn, the block's.
func InheritedAnimationDuration() (float64, error) {
	var out C.double
	err := call(func() C.tether_status { return C.tether_animation_inherited_duration(&out) })
	return float64(out), err
}

// Advance moves the engine's clock forward by seconds (finite, >= 0; 0 runs the completions
// already due) and runs the completions of blocks that ended by then.
func (e *Engine) Advance(seconds float64) error {
	ptr := e.handle()
	return callRunningCompletions(func() C.tether_status { return C.tether_engine_advance(ptr, C.double(seconds)) })
}

// SetClock sets the engine's clock to t seconds, as Advance; the clock never goes back
// (ErrInvalidArgument).
func (e *Engine) SetClock(t float64) error {
	ptr := e.handle()
	return callRunningCompletions(func() C.tether_status { return C.tether_engine_set_animation_clock(ptr, C.double(t)) })
}

// Clock is the engine's clock in seconds (0 when made).
func (e *Engine) Clock() (float64, error) {
	ptr := e.handle()
	var out C.double
	err := call(func() C.tether_status { return C.tether_engine_animation_clock(ptr, &out) })
	return float64(out), err
}

// HasRunningAnimations reports whether an animation of the engine runs (or was stopped and
// awaits its completion at the next Advance).
func (e *Engine) HasRunningAnimations() (bool, error) {
	ptr := e.handle()
	var out C.int32_t
	err := call(func() C.tether_status { return C.tether_engine_has_running_animations(ptr, &out) })
	return out != 0, err
}

// RemoveAllAnimations stops every animation of the engine: views show their model frames; the
// completions run at the next Advance with finished false.
func (e *Engine) RemoveAllAnimations() error {
	ptr := e.handle()
	return call(func() C.tether_status { return C.tether_engine_remove_all_animations(ptr) })
}

func goRect(r C.tether_rect) Rect {
	return Rect{float64(r.x), float64(r.y), float64(r.width), float64(r.height)}
}

// PresentationFrame is where the view is shown at the engine's clock, in its superview's
// coordinates (its superview's presentation frame): Frame when it does not animate.
func (v View) PresentationFrame() (Rect, error) {
	ptr := v.engine.handle()
	var r C.tether_rect
	err := call(func() C.tether_status { return C.tether_view_presentation_frame(ptr, C.tether_view(v.id), &r) })
	return goRect(r), err
}

// PresentationFrameAt is the presentation frame at clock time t if nothing changes meanwhile
// (for drawing ahead of the clock).
func (v View) PresentationFrameAt(t float64) (Rect, error) {
	ptr := v.engine.handle()
	var r C.tether_rect
	err := call(func() C.tether_status {
		return C.tether_view_presentation_frame_at(ptr, C.tether_view(v.id), C.double(t), &r)
	})
	return goRect(r), err
}

// PresentationFrameIn is the presentation frame in the coordinates of ancestor's bounds: the
// view itself or one of its superviews (else ErrInvalidState).
func (v View) PresentationFrameIn(ancestor View) (Rect, error) {
	ptr := v.engine.handle()
	var r C.tether_rect
	err := call(func() C.tether_status {
		return C.tether_view_presentation_frame_in(ptr, C.tether_view(v.id), C.tether_view(ancestor.id), &r)
	})
	return goRect(r), err
}

// PresentationVelocity is how fast the presentation frame changes at the engine's clock, in
// points per second for each of X, Y, Width and Height.
func (v View) PresentationVelocity() (Rect, error) {
	ptr := v.engine.handle()
	var r C.tether_rect
	err := call(func() C.tether_status { return C.tether_view_presentation_velocity(ptr, C.tether_view(v.id), &r) })
	return goRect(r), err
}

// IsAnimating reports whether a frame animation of the view runs.
func (v View) IsAnimating() (bool, error) {
	ptr := v.engine.handle()
	var out C.int32_t
	err := call(func() C.tether_status { return C.tether_view_is_animating(ptr, C.tether_view(v.id), &out) })
	return out != 0, err
}

// AnimationEndTime is the clock time at which the view's running animations have all ended (the
// clock when it has none).
func (v View) AnimationEndTime() (float64, error) {
	ptr := v.engine.handle()
	var out C.double
	err := call(func() C.tether_status { return C.tether_view_animation_end_time(ptr, C.tether_view(v.id), &out) })
	return float64(out), err
}

// RemoveAllAnimations stops the view's own frame animations (not its subviews'); the
// completions of blocks left without animations run at the next Advance with finished false.
func (v View) RemoveAllAnimations() error {
	ptr := v.engine.handle()
	return call(func() C.tether_status { return C.tether_view_remove_all_animations(ptr, C.tether_view(v.id)) })
}

// ViewFrame is a view and a frame of it.
type ViewFrame struct {
	View  View
	Frame Rect
}

// SubtreePresentationFrames reads the presentation frames of the view's whole subtree at the
// engine's clock in one call, each in its superview's coordinates: the view first, then depth
// first in subview order.
func (v View) SubtreePresentationFrames() ([]ViewFrame, error) {
	ptr := v.engine.handle()
	return v.subtreeFrames(func(views *C.tether_view, frames *C.tether_rect, capacity C.size_t, needed *C.size_t) C.tether_status {
		return C.tether_view_subtree_presentation_frames(ptr, C.tether_view(v.id), views, frames, capacity, needed)
	})
}

// SubtreeFrames is tether_view_subtree_frames(): the (model) frames of the view's whole subtree
// in one call, each in its superview's coordinates: the view first, then depth first in subview
// order.
func (v View) SubtreeFrames() ([]ViewFrame, error) {
	ptr := v.engine.handle()
	return v.subtreeFrames(func(views *C.tether_view, frames *C.tether_rect, capacity C.size_t, needed *C.size_t) C.tether_status {
		return C.tether_view_subtree_frames(ptr, C.tether_view(v.id), views, frames, capacity, needed)
	})
}

// subtreeFrames runs a two-call subtree reader (ids and frames) until its arrays are big enough.
func (v View) subtreeFrames(read func(views *C.tether_view, frames *C.tether_rect, capacity C.size_t, needed *C.size_t) C.tether_status) ([]ViewFrame, error) {
	var needed C.size_t
	err := call(func() C.tether_status { return read(nil, nil, 0, &needed) })
	if err != nil && !tooSmall(err) {
		return nil, err
	}
	for {
		n := int(needed)
		views := make([]C.tether_view, n+1)
		frames := make([]C.tether_rect, n+1)
		err = call(func() C.tether_status { return read(&views[0], &frames[0], C.size_t(n), &needed) })
		if tooSmall(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out := make([]ViewFrame, int(needed))
		for i := range out {
			out[i] = ViewFrame{View{v.engine, uint64(views[i])}, goRect(frames[i])}
		}
		return out, nil
	}
}
