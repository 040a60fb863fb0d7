package tether

import (
	"errors"
	"strings"
	"testing"
)

func TestVisualFormatAutoresizingAndConflicts(t *testing.T) {
	e, err := NewEngine()
	must(t, err)
	defer e.Close()
	root, err := e.NewView(Rect{0, 0, 300, 200})
	must(t, err)
	a, b := sub(t, root, "a"), sub(t, root, "b")
	views := map[string]Item{"a": a, "b": b}
	cs, err := e.ConstraintsWithVisualFormat("H:|-(m)-[a(==b)]-(m)-[b]-(m)-|", 0, map[string]float64{"m": 10}, views)
	must(t, err)
	more, err := e.ConstraintsWithVisualFormat("V:|-(20)-[a(40)]", C_FORMAT_ALIGN_ALL_LEADING, nil, views)
	must(t, err)
	_, err = e.Activate(b.Top().EqualTo(a.Top(), 0), b.Height().EqualTo(a.Height(), 0))
	must(t, err)
	must(t, e.ActivateConstraints(append(cs, more...)...))
	must(t, root.LayoutIfNeeded())
	if r, _ := b.Frame(); r != (Rect{155, 20, 135, 40}) {
		t.Fatalf("b: %+v", r)
	}
	_, err = e.ConstraintsWithVisualFormat("H:|-[a", 0, nil, views)
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, ErrParse) || !strings.Contains(te.Message, "Unable to parse constraint format") {
		t.Fatalf("bad format: %v", err)
	}
	// A conflict: a is required 40 high by the format and now also 60 high: the pass breaks one
	// and reports it.
	_, err = e.Activate(a.Height().EqualToConstant(60))
	must(t, err)
	must(t, root.LayoutIfNeeded())
	broken, err := root.BrokenConstraints()
	must(t, err)
	if len(broken) != 1 {
		t.Fatalf("broken: %v", broken)
	}
	// Autoresizing: a flexible-width view keeps its margins when the root grows.
	c, err := e.NewView(Rect{10, 10, 280, 20})
	must(t, err)
	must(t, c.SetAutoresizingMask(C_AUTORESIZING_FLEXIBLE_WIDTH))
	must(t, root.AddSubview(c))
	must(t, root.SetFrame(Rect{0, 0, 400, 200}))
	must(t, root.LayoutIfNeeded())
	if r, _ := c.Frame(); r != (Rect{10, 10, 380, 20}) {
		t.Fatalf("autoresized: %+v", r)
	}
}
