package tether

// #include <stdlib.h>
// #include "tether.h"
import "C"

import "unsafe"

// cStrings copies names into C memory (C may not keep Go pointers to Go pointers); free them
// with freeCStrings.
func cStrings(names []string) **C.char {
	if len(names) == 0 {
		return nil
	}
	arr := (*[1 << 28]*C.char)(C.malloc(C.size_t(len(names)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))[:len(names):len(names)]
	for i, n := range names {
		arr[i] = C.CString(n)
	}
	return &arr[0]
}

func freeCStrings(p **C.char, n int) {
	if p == nil {
		return
	}
	arr := (*[1 << 28]*C.char)(unsafe.Pointer(p))[:n:n]
	for _, s := range arr {
		C.free(unsafe.Pointer(s))
	}
	C.free(unsafe.Pointer(p))
}

// ConstraintsWithVisualFormat is tether_layout_constraints_with_visual_format(): the constraints
// a visual format describes, made but not active (activate them with ActivateConstraints).
// options are C_FORMAT_* bits; a format that cannot be parsed gives ErrParse with Apple's message.
func (e *Engine) ConstraintsWithVisualFormat(format string, options uint32, metrics map[string]float64, views map[string]Item) ([]Constraint, error) {
	ptr := e.handle()
	cformat := C.CString(format)
	defer C.free(unsafe.Pointer(cformat))
	var metricNames, viewNames []string
	var metricValues []C.double
	var items []C.tether_item
	for name, value := range metrics {
		metricNames = append(metricNames, name)
		metricValues = append(metricValues, C.double(value))
	}
	for name, item := range views {
		viewNames = append(viewNames, name)
		items = append(items, C.tether_item(item.itemID()))
	}
	cMetricNames, cViewNames := cStrings(metricNames), cStrings(viewNames)
	defer freeCStrings(cMetricNames, len(metricNames))
	defer freeCStrings(cViewNames, len(viewNames))
	var pValues *C.double
	if len(metricValues) > 0 {
		pValues = &metricValues[0]
	}
	var pItems *C.tether_item
	if len(items) > 0 {
		pItems = &items[0]
	}
	out := make([]C.tether_layout_constraint, 16)
	for {
		var needed C.size_t
		err := call(func() C.tether_status {
			return C.tether_layout_constraints_with_visual_format(ptr, cformat, C.tether_format_options(options),
				cMetricNames, pValues, C.size_t(len(metricNames)), cViewNames, pItems, C.size_t(len(items)),
				&out[0], C.size_t(len(out)), &needed, nil)
		})
		if te, ok := err.(*Error); ok && te.Status == C_E_BUFFER_TOO_SMALL {
			out = make([]C.tether_layout_constraint, int(needed))
			continue
		}
		if err != nil {
			return nil, err
		}
		made := make([]Constraint, int(needed))
		for i := range made {
			made[i] = Constraint{e, uint64(out[i])}
		}
		return made, nil
	}
}

// BrokenConstraints is tether_view_broken_constraints(): the constraints the last layout pass
// of this view's hierarchy broke (the conflict report's list).
func (v View) BrokenConstraints() ([]Constraint, error) {
	ptr := v.engine.handle()
	var needed C.size_t
	if err := call(func() C.tether_status {
		return C.tether_view_broken_constraints(ptr, C.tether_view(v.id), nil, 0, &needed)
	}); err != nil {
		if te, ok := err.(*Error); !ok || te.Status != C_E_BUFFER_TOO_SMALL {
			return nil, err
		}
	}
	if needed == 0 {
		return nil, nil
	}
	out := make([]C.tether_layout_constraint, int(needed))
	if err := call(func() C.tether_status {
		return C.tether_view_broken_constraints(ptr, C.tether_view(v.id), &out[0], needed, &needed)
	}); err != nil {
		return nil, err
	}
	made := make([]Constraint, len(out))
	for i := range out {
		made[i] = Constraint{v.engine, uint64(out[i])}
	}
	return made, nil
}
