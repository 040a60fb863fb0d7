package tether

/*
#include <stdlib.h>
#include "tether.h"

static tether_status go_tether_render_svg(tether_engine *engine, tether_view view, char *buffer,
                                          size_t capacity, size_t *needed) {
    tether_svg_options options = TETHER_SVG_OPTIONS_INIT;
    return tether_view_render_svg(engine, view, &options, buffer, capacity, needed);
}
*/
import "C"

import "unsafe"

func tooSmall(err error) bool {
	te, ok := err.(*Error)
	return ok && te.Status == C_E_BUFFER_TOO_SMALL
}

// twoCallString runs a two-call C function that copies a NUL-terminated string.
func twoCallString(f func(buffer *C.char, capacity C.size_t, needed *C.size_t) C.tether_status) (string, error) {
	var needed C.size_t
	err := call(func() C.tether_status { return f(nil, 0, &needed) })
	if err != nil && !tooSmall(err) {
		return "", err
	}
	for {
		buf := make([]byte, int(needed)+1)
		err = call(func() C.tether_status {
			return f((*C.char)(unsafe.Pointer(&buf[0])), C.size_t(len(buf)), &needed)
		})
		if tooSmall(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		return C.GoString((*C.char)(unsafe.Pointer(&buf[0]))), nil
	}
}

// RenderSVG is tether_view_render_svg() with the default options: the subtree drawn as SVG.
func (v View) RenderSVG() (string, error) {
	ptr := v.engine.handle()
	return twoCallString(func(b *C.char, c C.size_t, n *C.size_t) C.tether_status {
		return C.go_tether_render_svg(ptr, C.tether_view(v.id), b, c, n)
	})
}

// SaveDocument is tether_document_save(): the view's subtree as a layout document (JSON).
func (v View) SaveDocument() (string, error) {
	ptr := v.engine.handle()
	return twoCallString(func(b *C.char, c C.size_t, n *C.size_t) C.tether_status {
		return C.tether_document_save(ptr, C.tether_view(v.id), b, c, n)
	})
}

// LoadDocument is tether_document_load(): makes the document's views and constraints and
// returns its roots. An invalid document gives ErrParse with "<JSON path>: <message>".
func (e *Engine) LoadDocument(json []byte) ([]View, error) {
	ptr := e.handle()
	cjson := C.CBytes(json)
	defer C.free(cjson)
	roots := make([]C.tether_view, 4)
	for {
		var needed C.size_t
		err := call(func() C.tether_status {
			return C.tether_document_load(ptr, (*C.char)(cjson), C.size_t(len(json)), &roots[0], C.size_t(len(roots)), &needed)
		})
		if tooSmall(err) {
			roots = make([]C.tether_view, int(needed))
			continue
		}
		if err != nil {
			return nil, err
		}
		views := make([]View, int(needed))
		for i := range views {
			views[i] = View{e, uint64(roots[i])}
		}
		return views, nil
	}
}

// ItemNamed is tether_document_item_named(): the item a loaded document named `name` under
// root, as a view (a layout guide's id works as an Item too: use its ID with care).
func (v View) ItemNamed(name string) (View, error) {
	ptr := v.engine.handle()
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var id C.tether_item
	err := call(func() C.tether_status { return C.tether_document_item_named(ptr, C.tether_view(v.id), cs, &id) })
	return View{v.engine, uint64(id)}, err
}
