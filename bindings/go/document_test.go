package tether

import (
	"errors"
	"strings"
	"testing"
)

func TestDocumentRoundTripAndSVG(t *testing.T) {
	f := buildFeed(t)
	defer f.engine.Close()
	must(t, f.root.LayoutIfNeeded())
	doc, err := f.root.SaveDocument()
	must(t, err)
	svg, err := f.root.RenderSVG()
	must(t, err)
	if !strings.HasPrefix(strings.TrimSpace(svg), "<") || !strings.Contains(svg, "<svg") {
		t.Fatalf("not SVG: %.80q", svg)
	}
	e, err := NewEngine()
	must(t, err)
	defer e.Close()
	roots, err := e.LoadDocument([]byte(doc))
	must(t, err)
	if len(roots) != 1 {
		t.Fatalf("roots: %d", len(roots))
	}
	must(t, roots[0].LayoutIfNeeded())
	header, err := roots[0].ItemNamed("header")
	must(t, err)
	want, _ := f.header.Frame()
	if got, _ := header.Frame(); got != want {
		t.Fatalf("loaded header %+v, live %+v", got, want)
	}
	_, err = e.LoadDocument([]byte(`{"version": 1, "nonsense": true}`))
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, ErrParse) || te.Message == "" {
		t.Fatalf("bad document: %v", err)
	}
	if _, err := e.NewView(Rect{0, 0, 1, 1}); err != nil {
		t.Fatalf("engine unusable after a bad document: %v", err)
	}
}
