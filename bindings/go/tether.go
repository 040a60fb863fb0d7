// Package tether is the Go binding of Tether's stable C ABI (Include/tether.h), through cgo.
//
// Errors are *Error values carrying the status and tether_last_error()'s message; errors.Is
// matches them against the status sentinels (ErrInvalidArgument, ...). tether_last_error() is
// per thread (Include/tether/base.h), so every failing call and its message read run on one
// locked OS thread.
package tether

/*
#cgo CFLAGS: -I${SRCDIR}/../../Include
#cgo LDFLAGS: -L${SRCDIR}/../../.build/release -ltether -Wl,-rpath,${SRCDIR}/../../.build/release
#include <stdlib.h>
#include "tether.h"

extern int32_t goTetherMeasure(void *context, tether_view view, double proposed_width,
                               tether_measurement *out);

static tether_status go_tether_set_measure(tether_engine *engine, uintptr_t handle) {
    return tether_engine_set_measure_callback(engine, (tether_measure_fn)goTetherMeasure,
                                              (void *)handle);
}
static tether_status go_tether_clear_measure(tether_engine *engine) {
    return tether_engine_set_measure_callback(engine, NULL, NULL);
}
static tether_status go_tether_write_svg(tether_engine *engine, tether_view view,
                                         const char *path) {
    tether_svg_options options = TETHER_SVG_OPTIONS_INIT;
    return tether_view_write_svg(engine, view, &options, path);
}
*/
import "C"

import (
	"fmt"
	"runtime"
	"runtime/cgo"
	"sync"
	"unsafe"
)

// Status is a tether_status.
type Status int32

// String is tether_status_name().
func (s Status) String() string { return C.GoString(C.tether_status_name(C.tether_status(s))) }

// Error is a failed call: its status and Tether's message (tether_last_error()).
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Status, e.Message) }

// Is matches a status sentinel: errors.Is(err, tether.ErrInvalidID).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Status == e.Status
}

// Status sentinels for errors.Is.
var (
	ErrNullArgument    = &Error{Status: C_E_NULL_ARGUMENT}
	ErrInvalidHandle   = &Error{Status: C_E_INVALID_HANDLE}
	ErrInvalidID       = &Error{Status: C_E_INVALID_ID}
	ErrInvalidArgument = &Error{Status: C_E_INVALID_ARGUMENT}
	ErrBufferTooSmall  = &Error{Status: C_E_BUFFER_TOO_SMALL}
	ErrUnsatisfiable   = &Error{Status: C_E_UNSATISFIABLE}
	ErrDuplicate       = &Error{Status: C_E_DUPLICATE}
	ErrNotFound        = &Error{Status: C_E_NOT_FOUND}
	ErrInvalidUTF8     = &Error{Status: C_E_INVALID_UTF8}
	ErrInUse           = &Error{Status: C_E_IN_USE}
	ErrInvalidState    = &Error{Status: C_E_INVALID_STATE}
	ErrInternal        = &Error{Status: C_E_INTERNAL}
	ErrCallbackFailed  = &Error{Status: C_E_CALLBACK_FAILED}
	ErrParse           = &Error{Status: C_E_PARSE}
	ErrIO              = &Error{Status: C_E_IO}
	ErrNoMemory        = &Error{Status: C_E_NO_MEMORY}
)

// call runs f (one C call) on a locked OS thread and, when it fails, reads tether_last_error()
// on that same thread.
func call(f func() C.tether_status) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	status := f()
	if status == C_OK {
		return nil
	}
	return &Error{Status: Status(status), Message: C.GoString(C.tether_last_error())}
}

// Version is tether_version_string(); ABIVersion is tether_abi_version().
func Version() string    { return C.GoString(C.tether_version_string()) }
func ABIVersion() uint32 { return uint32(C.tether_abi_version()) }

// Rect, Size, Insets and Measurement mirror the C structs.
type Rect struct{ X, Y, Width, Height float64 }
type Size struct{ Width, Height float64 }
type Insets struct{ Top, Left, Bottom, Right float64 }
type Measurement struct{ Width, Height, FirstBaseline, LastBaseline float64 }

func cRect(r Rect) C.tether_rect {
	return C.tether_rect{x: C.double(r.X), y: C.double(r.Y), width: C.double(r.Width), height: C.double(r.Height)}
}

// MeasureFunc measures a measured view for a proposed width (NaN when unknown). A non-nil
// error fails the layout pass with ErrCallbackFailed.
type MeasureFunc func(view View, proposedWidth float64) (Measurement, error)

// Engine is a tether_engine: call Close when done (a finalizer closes a forgotten one).
type Engine struct {
	mu      sync.Mutex
	ptr     *C.tether_engine
	measure cgo.Handle
}

// NewEngine is tether_engine_new().
func NewEngine() (*Engine, error) {
	var ptr *C.tether_engine
	if err := call(func() C.tether_status { return C.tether_engine_new(&ptr) }); err != nil {
		return nil, err
	}
	e := &Engine{ptr: ptr}
	runtime.SetFinalizer(e, (*Engine).Close)
	return e, nil
}

func (e *Engine) handle() *C.tether_engine {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.ptr
}

// Close is tether_engine_free(); closing twice is a no-op. The completions of the animation
// blocks it stops run inside it with finished false.
func (e *Engine) Close() error {
	e.mu.Lock()
	ptr, h := e.ptr, e.measure
	e.ptr, e.measure = nil, 0
	e.mu.Unlock()
	if ptr == nil {
		return nil
	}
	runtime.SetFinalizer(e, nil)
	if h != 0 {
		defer h.Delete() // also when an OnComplete func panics (below)
	}
	// Freeing stops the engine's animations: the completions of their blocks run now
	// (finished false).
	return callRunningCompletions(func() C.tether_status { return C.tether_engine_free(ptr) })
}

type measureState struct {
	engine *Engine
	fn     MeasureFunc
}

//export goTetherMeasure
func goTetherMeasure(context unsafe.Pointer, view C.tether_view, proposed C.double, out *C.tether_measurement) C.int32_t {
	state := cgo.Handle(uintptr(context)).Value().(*measureState)
	m, err := state.fn(View{engine: state.engine, id: uint64(view)}, float64(proposed))
	if err != nil {
		return 1
	}
	out.width, out.height = C.double(m.Width), C.double(m.Height)
	out.first_baseline, out.last_baseline = C.double(m.FirstBaseline), C.double(m.LastBaseline)
	return 0
}

// SetMeasure is tether_engine_set_measure_callback() with a Go func (nil removes it). The func
// reaches C as a runtime/cgo.Handle, never as a Go pointer.
func (e *Engine) SetMeasure(fn MeasureFunc) error {
	ptr := e.handle()
	var h cgo.Handle
	var err error
	if fn == nil {
		err = call(func() C.tether_status { return C.go_tether_clear_measure(ptr) })
	} else {
		h = cgo.NewHandle(&measureState{engine: e, fn: fn})
		err = call(func() C.tether_status { return C.go_tether_set_measure(ptr, C.uintptr_t(h)) })
	}
	if err != nil {
		if h != 0 {
			h.Delete()
		}
		return err
	}
	e.mu.Lock()
	old := e.measure
	e.measure = h
	e.mu.Unlock()
	if old != 0 {
		old.Delete()
	}
	return nil
}

// SetDefaultDirection is tether_engine_set_default_direction(): the direction
// (C_LAYOUT_DIRECTION_*) of views whose semantic content attribute forces none.
func (e *Engine) SetDefaultDirection(direction int32) error {
	ptr := e.handle()
	return call(func() C.tether_status {
		return C.tether_engine_set_default_direction(ptr, C.tether_layout_direction(direction))
	})
}

// Item is a view or a layout guide.
type Item interface{ itemID() uint64 }

// View is a tether_view of an engine.
type View struct {
	engine *Engine
	id     uint64
}

// Guide is a tether_guide (a layout guide) of an engine.
type Guide struct {
	engine *Engine
	id     uint64
}

func (v View) itemID() uint64  { return v.id }
func (g Guide) itemID() uint64 { return g.id }

// ID is the view's id (0: none).
func (v View) ID() uint64 { return v.id }

// NewView is tether_view_new().
func (e *Engine) NewView(frame Rect) (View, error) {
	ptr := e.handle()
	var id C.tether_view
	err := call(func() C.tether_status { return C.tether_view_new(ptr, cRect(frame), &id) })
	return View{e, uint64(id)}, err
}

// NewStackView is tether_stack_view_new().
func (e *Engine) NewStackView(frame Rect) (View, error) {
	ptr := e.handle()
	var id C.tether_view
	err := call(func() C.tether_status { return C.tether_stack_view_new(ptr, cRect(frame), &id) })
	return View{e, uint64(id)}, err
}

// NewSubview is tether_view_new_subview(): a subview with translatesAutoresizingMask off.
func (v View) NewSubview(identifier string) (View, error) {
	ptr := v.engine.handle()
	cs := C.CString(identifier)
	defer C.free(unsafe.Pointer(cs))
	var id C.tether_view
	err := call(func() C.tether_status { return C.tether_view_new_subview(ptr, C.tether_view(v.id), cs, &id) })
	return View{v.engine, uint64(id)}, err
}

// Free is tether_view_free().
func (v View) Free() error {
	ptr := v.engine.handle()
	return call(func() C.tether_status { return C.tether_view_free(ptr, C.tether_view(v.id)) })
}

// AddSubview is tether_view_add_subview().
func (v View) AddSubview(child View) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_add_subview(ptr, C.tether_view(v.id), C.tether_view(child.id))
	})
}

// Superview is tether_view_superview() (a zero ID: none).
func (v View) Superview() (View, error) {
	ptr := v.engine.handle()
	var id C.tether_view
	err := call(func() C.tether_status { return C.tether_view_superview(ptr, C.tether_view(v.id), &id) })
	return View{v.engine, uint64(id)}, err
}

// SetIdentifier is tether_item_set_identifier().
func (v View) SetIdentifier(identifier string) error {
	ptr := v.engine.handle()
	cs := C.CString(identifier)
	defer C.free(unsafe.Pointer(cs))
	return call(func() C.tether_status { return C.tether_item_set_identifier(ptr, C.tether_item(v.id), cs) })
}

// SetFrame is tether_view_set_frame(); Frame is tether_view_frame().
func (v View) SetFrame(frame Rect) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status { return C.tether_view_set_frame(ptr, C.tether_view(v.id), cRect(frame)) })
}

func (v View) Frame() (Rect, error) {
	ptr := v.engine.handle()
	var r C.tether_rect
	err := call(func() C.tether_status { return C.tether_view_frame(ptr, C.tether_view(v.id), &r) })
	return Rect{float64(r.x), float64(r.y), float64(r.width), float64(r.height)}, err
}

// SetTranslatesAutoresizingMask is tether_view_set_translates_autoresizing_mask().
func (v View) SetTranslatesAutoresizingMask(on bool) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_set_translates_autoresizing_mask(ptr, C.tether_view(v.id), cBool(on))
	})
}

// SetAutoresizingMask is tether_view_set_autoresizing_mask() (C_AUTORESIZING_* bits).
func (v View) SetAutoresizingMask(mask uint32) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_set_autoresizing_mask(ptr, C.tether_view(v.id), C.tether_autoresizing(mask))
	})
}

// SetIntrinsicContentSize is tether_view_set_intrinsic_content_size().
func (v View) SetIntrinsicContentSize(s Size) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_set_intrinsic_content_size(ptr, C.tether_view(v.id), C.tether_size{width: C.double(s.Width), height: C.double(s.Height)})
	})
}

// SetMeasured is tether_view_set_measured(): the engine's measure func sizes this view.
func (v View) SetMeasured(on bool) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status { return C.tether_view_set_measured(ptr, C.tether_view(v.id), cBool(on)) })
}

// SetSafeAreaInsets is tether_view_set_safe_area_insets().
func (v View) SetSafeAreaInsets(i Insets) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_set_safe_area_insets(ptr, C.tether_view(v.id), C.tether_insets{top: C.double(i.Top), left: C.double(i.Left), bottom: C.double(i.Bottom), right: C.double(i.Right)})
	})
}

// SetLayoutMargins is tether_view_set_layout_margins() (default 8 on every side); the margin
// anchors (LeadingMargin, ...) use them.
func (v View) SetLayoutMargins(i Insets) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_view_set_layout_margins(ptr, C.tether_view(v.id), C.tether_insets{top: C.double(i.Top), left: C.double(i.Left), bottom: C.double(i.Bottom), right: C.double(i.Right)})
	})
}

// EffectiveLayoutDirection is tether_view_effective_layout_direction(): the direction the
// view's leading and trailing resolve with (C_LAYOUT_DIRECTION_*).
func (v View) EffectiveLayoutDirection() (int32, error) {
	ptr := v.engine.handle()
	var out C.tether_layout_direction
	err := call(func() C.tether_status {
		return C.tether_view_effective_layout_direction(ptr, C.tether_view(v.id), &out)
	})
	return int32(out), err
}

// SafeAreaLayoutGuide is tether_view_safe_area_layout_guide().
func (v View) SafeAreaLayoutGuide() (Guide, error) {
	ptr := v.engine.handle()
	var id C.tether_guide
	err := call(func() C.tether_status { return C.tether_view_safe_area_layout_guide(ptr, C.tether_view(v.id), &id) })
	return Guide{v.engine, uint64(id)}, err
}

// LayoutIfNeeded is tether_view_layout_if_needed().
func (v View) LayoutIfNeeded() error {
	ptr := v.engine.handle()
	return call(func() C.tether_status { return C.tether_view_layout_if_needed(ptr, C.tether_view(v.id)) })
}

// HasAmbiguousLayout is tether_item_has_ambiguous_layout().
func (v View) HasAmbiguousLayout() (bool, error) {
	ptr := v.engine.handle()
	var out C.int32_t
	err := call(func() C.tether_status { return C.tether_item_has_ambiguous_layout(ptr, C.tether_item(v.id), &out) })
	return out != 0, err
}

// WriteSVG is tether_view_write_svg() with the default options.
func (v View) WriteSVG(path string) error {
	ptr := v.engine.handle()
	cs := C.CString(path)
	defer C.free(unsafe.Pointer(cs))
	return call(func() C.tether_status { return C.go_tether_write_svg(ptr, C.tether_view(v.id), cs) })
}

// Stack views.
func (v View) SetStackAxis(axis int32) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_stack_view_set_axis(ptr, C.tether_view(v.id), C.tether_axis(axis))
	})
}

func (v View) SetStackSpacing(spacing float64) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_stack_view_set_spacing(ptr, C.tether_view(v.id), C.double(spacing))
	})
}

func (v View) SetStackDistribution(d int32) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_stack_view_set_distribution(ptr, C.tether_view(v.id), C.tether_stack_distribution(d))
	})
}

func (v View) AddArrangedSubview(child View) error {
	ptr := v.engine.handle()
	return call(func() C.tether_status {
		return C.tether_stack_view_add_arranged_subview(ptr, C.tether_view(v.id), C.tether_view(child.id))
	})
}

func cBool(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}
