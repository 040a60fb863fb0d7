package tether

import (
	"errors"
	"math"
	"testing"
)

// Layout margins, the engine's default direction, a view's effective direction and the subtree
// frames read in one call (tether_view_subtree_frames).
func TestMarginsDirectionAndSubtreeFrames(t *testing.T) {
	e, err := NewEngine()
	must(t, err)
	defer e.Close()
	root, err := e.NewView(Rect{0, 0, 300, 100})
	must(t, err)
	must(t, root.SetLayoutMargins(Insets{Top: 4, Left: 20, Bottom: 4, Right: 30}))
	box, err := root.NewSubview("box")
	must(t, err)
	_, err = e.Activate(
		box.Leading().EqualTo(root.LeadingMargin(), 0),
		box.Top().EqualTo(root.Top(), 0),
		box.Width().EqualToConstant(50),
		box.Height().EqualToConstant(10))
	must(t, err)

	frames := func() []ViewFrame {
		t.Helper()
		must(t, root.LayoutIfNeeded())
		fs, err := root.SubtreeFrames()
		must(t, err)
		if len(fs) != 2 || fs[0].View != root || fs[1].View != box {
			t.Fatalf("subtree frames %v", fs)
		}
		return fs
	}
	if got := frames()[1].Frame; got != (Rect{20, 0, 50, 10}) {
		t.Fatalf("left-to-right: box at %v", got)
	}
	if d, err := box.EffectiveLayoutDirection(); err != nil || d != C_LAYOUT_DIRECTION_LEFT_TO_RIGHT {
		t.Fatalf("direction %d, %v", d, err)
	}

	must(t, e.SetDefaultDirection(C_LAYOUT_DIRECTION_RIGHT_TO_LEFT))
	if d, err := box.EffectiveLayoutDirection(); err != nil || d != C_LAYOUT_DIRECTION_RIGHT_TO_LEFT {
		t.Fatalf("direction %d, %v", d, err)
	}
	// Leading is the right edge now, inside the right margin: 300 - 30 - 50.
	if got := frames()[1].Frame; got != (Rect{220, 0, 50, 10}) {
		t.Fatalf("right-to-left: box at %v", got)
	}

	if err := e.SetDefaultDirection(7); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("direction 7: %v", err)
	}
	// Margins that are not finite are refused and change nothing.
	if err := root.SetLayoutMargins(Insets{Top: 4, Left: math.NaN(), Bottom: 4, Right: math.Inf(1)}); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("NaN margins: %v", err)
	}
	if got := frames()[1].Frame; got != (Rect{220, 0, 50, 10}) {
		t.Fatalf("after refused margins: box at %v", got)
	}
	must(t, box.Free())
	if _, err := box.EffectiveLayoutDirection(); !errors.Is(err, ErrInvalidID) {
		t.Fatalf("freed view: %v", err)
	}
	if err := box.SetLayoutMargins(Insets{}); !errors.Is(err, ErrInvalidID) {
		t.Fatalf("freed view: %v", err)
	}
	if _, err := box.SubtreeFrames(); !errors.Is(err, ErrInvalidID) {
		t.Fatalf("freed view: %v", err)
	}
}
