// Command screen lays out a phone screen with Auto Layout constraints through the Go binding
// (bindings/go): the Go twin of examples/c/screen_example.c.
//
//	+-------------------------------+  header: top, leading and trailing of the screen,
//	|  [title]          header      |          64 high; its title 16 from its leading edge,
//	+-------------------------------+          120 x 24, centred vertically
//	|   +-----------------------+   |  content: 8 below the header, 8 above the footer,
//	|   |        content        |   |           inside the screen's layout margins
//	|   +-----------------------+   |
//	|   +-----------------------+   |  footer: at the bottom, inside the margins, 49 high
//	|   |        footer         |   |
//	+---+-----------------------+---+  layout margins: 8 top and bottom, 16 left and right
//
// The screen is laid out in portrait, then in landscape, then with the engine's default
// direction right-to-left (leading becomes the right edge: the title moves to the right).
// Frames are read back in one call (View.SubtreeFrames), printed in the C example's format and
// checked against numbers worked out by hand; the program exits non-zero on any difference or
// failed call (the error on stderr).
//
// Build and run (after `make release`; cgo links .build/release/libtether.so):
//
//	cd examples/go && GOFLAGS=-mod=mod GOPROXY=off go run .
//
// `make test-go` builds it into .build/go/examples/screen and compares its tables with the
// C example's (scripts/compare_screen_example.py).
package main

import (
	"fmt"
	"math"
	"os"

	"tether"
)

// The views' identifiers in the order they are made, which is the order of the screen's
// subtree too (a view, then its subviews depth-first).
var names = []string{"screen", "header", "title", "content", "footer"}

func main() {
	right, err := run()
	if err != nil {
		// A call failed: Tether's status name and message.
		fmt.Fprintln(os.Stderr, "screen_example:", err)
		os.Exit(1)
	}
	if !right {
		fmt.Fprintln(os.Stderr, "screen_example: the layout differs from the hand-computed one")
		os.Exit(1)
	}
	fmt.Println("screen_example: every frame is as computed by hand")
}

// run builds the screen and lays it out three ways; false when a frame is not as expected.
func run() (bool, error) {
	// The engine owns the views and constraints; Close frees them all.
	engine, err := tether.NewEngine()
	if err != nil {
		return false, err
	}
	defer engine.Close()

	screen, err := engine.NewView(tether.Rect{X: 0, Y: 0, Width: 375, Height: 667})
	if err != nil {
		return false, err
	}
	if err := screen.SetIdentifier("screen"); err != nil {
		return false, err
	}
	if err := screen.SetLayoutMargins(tether.Insets{Top: 8, Left: 16, Bottom: 8, Right: 16}); err != nil {
		return false, err
	}
	// NewSubview: a subview laid out by constraints (no autoresizing mask), with its identifier.
	header, err := screen.NewSubview("header")
	if err != nil {
		return false, err
	}
	title, err := header.NewSubview("title")
	if err != nil {
		return false, err
	}
	content, err := screen.NewSubview("content")
	if err != nil {
		return false, err
	}
	footer, err := screen.NewSubview("footer")
	if err != nil {
		return false, err
	}
	views := []tether.View{screen, header, title, content, footer} // the order of names

	// Made and activated together: either every constraint is activated or none.
	constraints, err := engine.Activate(
		header.Top().EqualTo(screen.Top(), 0),
		header.Leading().EqualTo(screen.Leading(), 0),
		header.Trailing().EqualTo(screen.Trailing(), 0),
		header.Height().EqualToConstant(64),
		title.Leading().EqualTo(header.Leading(), 16),
		title.CenterY().EqualTo(header.CenterY(), 0),
		title.Width().EqualToConstant(120),
		title.Height().EqualToConstant(24),
		footer.Bottom().EqualTo(screen.Bottom(), 0),
		footer.Leading().EqualTo(screen.LeadingMargin(), 0),
		footer.Trailing().EqualTo(screen.TrailingMargin(), 0),
		footer.Height().EqualToConstant(49),
		content.Top().EqualTo(header.Bottom(), 8),
		content.Bottom().EqualTo(footer.Top(), -8),
		content.Leading().EqualTo(screen.LeadingMargin(), 0),
		content.Trailing().EqualTo(screen.TrailingMargin(), 0),
	)
	if err != nil {
		return false, err
	}
	fmt.Printf("Tether %s, from Go: %d constraints\n\n", tether.Version(), len(constraints))

	// Portrait 375 x 667: margins 16 left and right, so the content is 375 - 32 = 343 wide;
	// the footer's top is 667 - 49 = 618, the content runs from 64 + 8 to 618 - 8.
	portrait := []tether.Rect{
		{X: 0, Y: 0, Width: 375, Height: 667}, {X: 0, Y: 0, Width: 375, Height: 64},
		{X: 16, Y: 20, Width: 120, Height: 24}, {X: 16, Y: 72, Width: 343, Height: 538},
		{X: 16, Y: 618, Width: 343, Height: 49}}
	right, err := layoutAndCheck("Portrait, 375 x 667:", views, portrait)
	if err != nil {
		return false, err
	}

	// Landscape 667 x 375: 635 wide inside the margins, footer at 375 - 49 = 326.
	landscape := []tether.Rect{
		{X: 0, Y: 0, Width: 667, Height: 375}, {X: 0, Y: 0, Width: 667, Height: 64},
		{X: 16, Y: 20, Width: 120, Height: 24}, {X: 16, Y: 72, Width: 635, Height: 246},
		{X: 16, Y: 326, Width: 635, Height: 49}}
	if err := screen.SetFrame(tether.Rect{X: 0, Y: 0, Width: 667, Height: 375}); err != nil {
		return false, err
	}
	ok, err := layoutAndCheck("Landscape, 667 x 375:", views, landscape)
	if err != nil {
		return false, err
	}
	right = right && ok

	// Right-to-left: leading is the right edge. The title sits 16 from the header's right edge
	// (667 - 16 - 120 = 531); everything else is symmetric.
	rightToLeft := append([]tether.Rect(nil), landscape...)
	rightToLeft[2].X = 531
	if err := engine.SetDefaultDirection(tether.C_LAYOUT_DIRECTION_RIGHT_TO_LEFT); err != nil {
		return false, err
	}
	direction, err := title.EffectiveLayoutDirection()
	if err != nil {
		return false, err
	}
	if direction != tether.C_LAYOUT_DIRECTION_RIGHT_TO_LEFT {
		fmt.Fprintf(os.Stderr, "  WRONG: the title's effective direction is %d\n", direction)
		right = false
	}
	ok, err = layoutAndCheck("Landscape, right-to-left:", views, rightToLeft)
	if err != nil {
		return false, err
	}
	return right && ok, nil
}

// layoutAndCheck lays out, reads every frame of the subtree of views[0] in one call, prints
// them and compares them with expected (one per view of views, in the order of the subtree).
func layoutAndCheck(title string, views []tether.View, expected []tether.Rect) (bool, error) {
	if err := views[0].LayoutIfNeeded(); err != nil {
		return false, err
	}
	subtree, err := views[0].SubtreeFrames()
	if err != nil {
		return false, err
	}
	fmt.Println(title)
	fmt.Printf("  %-8s %8s %8s %8s %8s\n", "view", "x", "y", "width", "height")
	right := true
	for i, vf := range subtree {
		name := "?"
		for j, v := range views {
			if v == vf.View {
				name = names[j]
			}
		}
		f := vf.Frame
		// + 0.0 prints a solver's -0 as 0.
		fmt.Printf("  %-8s %8.2f %8.2f %8.2f %8.2f\n", name, f.X+0.0, f.Y+0.0, f.Width+0.0, f.Height+0.0)
		if i >= len(views) || vf.View != views[i] {
			fmt.Fprintf(os.Stderr, "  WRONG: view %d of the subtree is %s, expected %s\n", i, name, nameAt(i))
			right = false
		} else if !same(f, expected[i]) {
			fmt.Fprintf(os.Stderr, "  WRONG: %s is %s, expected %s\n", name, show(f), show(expected[i]))
			right = false
		}
	}
	if len(subtree) != len(views) {
		fmt.Fprintf(os.Stderr, "  WRONG: the subtree has %d views, expected %d\n", len(subtree), len(views))
		right = false
	}
	fmt.Println()
	return right, nil
}

// same reports whether two frames agree to 1e-9 (a NaN never does).
func same(a, b tether.Rect) bool {
	return math.Abs(a.X-b.X) <= 1e-9 && math.Abs(a.Y-b.Y) <= 1e-9 &&
		math.Abs(a.Width-b.Width) <= 1e-9 && math.Abs(a.Height-b.Height) <= 1e-9
}

// show formats a frame as the C example does: (x, y, width, height).
func show(r tether.Rect) string {
	return fmt.Sprintf("(%g, %g, %g, %g)", r.X, r.Y, r.Width, r.Height)
}

func nameAt(i int) string {
	if i < len(names) {
		return names[i]
	}
	return "no view"
}
