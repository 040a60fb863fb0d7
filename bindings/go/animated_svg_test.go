package tether

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// slider is a root of 400x300 whose 100x50 box is moved from x = 0 to x = 200 by a linear 1 s
// block that starts at clock time 2.
type slider struct {
	engine    *Engine
	root, box View
}

func newSlider(t *testing.T) *slider {
	t.Helper()
	e, err := NewEngine()
	must(t, err)
	root, err := e.NewView(Rect{0, 0, 400, 300})
	must(t, err)
	box := sub(t, root, "box")
	cs, err := e.Activate(box.Leading().EqualTo(root.Leading(), 0), box.Top().EqualTo(root.Top(), 10),
		box.Width().EqualToConstant(100), box.Height().EqualToConstant(50))
	must(t, err)
	must(t, root.LayoutIfNeeded())
	must(t, e.SetClock(2))
	must(t, Animate(AnimationOptions{Duration: 1, Curve: CurveLinear}, func() {
		must(t, cs[0].SetConstant(200))
		must(t, root.LayoutIfNeeded())
	}))
	return &slider{engine: e, root: root, box: box}
}

const (
	boxMarker  = "identifier = &apos;box&apos;"
	rootMarker = `data-depth="0"`
)

var rectAttribute = regexp.MustCompile(` (x|y|width|height)="([^"]*)"`)

// drawnRect is the rect a document draws for a view: the x, y, width and height of the
// `<rect class="view" ...>` element (one per view, docs/rendering.md) whose line holds marker.
// The document's data-id is the view's id without the engine's bits, so the tests mark a view
// by its identifier in the <title> (identified) or its depth (the root).
func drawnRect(t *testing.T, doc string, marker string) Rect {
	t.Helper()
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, `<rect class="view`) || !strings.Contains(line, marker) {
			continue
		}
		tag := line[:strings.Index(line, ">")]
		values := map[string]float64{}
		for _, m := range rectAttribute.FindAllStringSubmatch(tag, -1) {
			f, err := strconv.ParseFloat(m[2], 64)
			must(t, err)
			values[m[1]] = f
		}
		if len(values) != 4 {
			t.Fatalf("rect of %s lacks a coordinate: %s", marker, tag)
		}
		return Rect{values["x"], values["y"], values["width"], values["height"]}
	}
	t.Fatalf("no rect with %s in:\n%s", marker, doc)
	return Rect{}
}

func (s *slider) expectClock(t *testing.T, want float64) {
	t.Helper()
	if clock, err := s.engine.Clock(); err != nil || clock != want {
		t.Fatalf("clock %v (%v), want %v: drawing must not move it", clock, err, want)
	}
}

func TestSampleTimes(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	times, err := s.root.SampleTimes(10)
	must(t, err)
	end, err := s.box.AnimationEndTime()
	must(t, err)
	if end != 3 {
		t.Fatalf("end of the animation: %v, want 3", end)
	}
	if len(times) != 11 || times[0] != 2 || times[10] != end {
		t.Fatalf("sample times at 10 fps: %v, want 2, 2.1, ..., 3", times)
	}
	for i, tm := range times {
		if !near(tm, 2+float64(i)/10) || (i > 0 && tm <= times[i-1]) {
			t.Fatalf("sample %d: %v in %v", i, tm, times)
		}
	}
	// A rate that does not divide the span still ends at the end.
	times, err = s.root.SampleTimes(4)
	must(t, err)
	if len(times) != 5 || times[0] != 2 || times[4] != 3 {
		t.Fatalf("sample times at 4 fps: %v", times)
	}
	// Nothing animates in another root: one time, the clock.
	other, err := s.engine.NewView(Rect{0, 0, 10, 10})
	must(t, err)
	if times, err := other.SampleTimes(10); err != nil || len(times) != 1 || times[0] != 2 {
		t.Fatalf("sample times of a still view: %v %v", times, err)
	}
	s.expectClock(t, 2)
	// Once the animation has ended, the box's root has nothing left to sample either.
	must(t, s.engine.Advance(5))
	if times, err := s.root.SampleTimes(10); err != nil || len(times) != 1 || times[0] != 7 {
		t.Fatalf("sample times after the end: %v %v", times, err)
	}
}

func TestRenderSVGAtDrawsPresentationFrames(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	for _, at := range []float64{2, 2.25, 2.5, 3, 10} {
		doc, err := s.root.RenderSVGAt(at)
		must(t, err)
		want, err := s.box.PresentationFrameAt(at)
		must(t, err)
		if got := drawnRect(t, doc, boxMarker); got != want {
			t.Fatalf("still at %v: box drawn at %+v, presentation frame %+v", at, got, want)
		}
		if got := drawnRect(t, doc, rootMarker); got != (Rect{0, 0, 400, 300}) {
			t.Fatalf("still at %v: root drawn at %+v", at, got)
		}
	}
	mid, err := s.root.RenderSVGAt(2.5)
	must(t, err)
	if got := drawnRect(t, mid, boxMarker); got != (Rect{100, 10, 100, 50}) {
		t.Fatalf("linear midpoint drawn at %+v, want x = 100", got)
	}
	// RenderSVG draws the model frames: the box already at its end.
	model, err := s.root.RenderSVG()
	must(t, err)
	if got := drawnRect(t, model, boxMarker); got != (Rect{200, 10, 100, 50}) {
		t.Fatalf("model frame drawn at %+v", got)
	}
	s.expectClock(t, 2)
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := s.root.RenderSVGAt(bad)
		wantTetherError(t, fmt.Sprintf("still at %v", bad), err, ErrInvalidArgument)
	}
}

func TestRenderAnimatedSVG(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	forever, err := s.root.RenderAnimatedSVG(AnimatedSVGOptions{FPS: 10, Repeat: math.Inf(1)})
	must(t, err)
	for _, want := range []string{
		`<animate attributeName="x"`,
		`values="0;20;40;60;80;100;120;140;160;180;200"`,
		`dur="1s"`,
		`repeatCount="indefinite"`,
		`data-animation-samples="11"`,
	} {
		if !strings.Contains(forever, want) {
			t.Fatalf("animated document lacks %s:\n%s", want, forever)
		}
	}
	// Only x changes: y, width and height get no <animate>.
	for _, attribute := range []string{"y", "width", "height"} {
		if strings.Contains(forever, fmt.Sprintf(`attributeName=%q`, attribute)) {
			t.Fatalf("the box's %s does not change but is animated:\n%s", attribute, forever)
		}
	}
	// The document is the drawing at the clock: the box where it is shown now.
	if got := drawnRect(t, forever, boxMarker); got != (Rect{0, 10, 100, 50}) {
		t.Fatalf("animated document draws the box at %+v", got)
	}

	// The zero options: 60 fps, played once and frozen at the end.
	once, err := s.root.RenderAnimatedSVG(AnimatedSVGOptions{})
	must(t, err)
	if !strings.Contains(once, `data-animation-samples="61"`) || !strings.Contains(once, `fill="freeze"`) ||
		strings.Contains(once, "repeatCount") {
		t.Fatalf("zero options: not 61 samples played once:\n%s", once)
	}
	explicit, err := s.root.RenderAnimatedSVG(AnimatedSVGOptions{FPS: DefaultAnimatedSVGFPS})
	must(t, err)
	if explicit != once {
		t.Fatal("FPS 0 and FPS DefaultAnimatedSVGFPS give different documents")
	}
	for _, repeat := range []float64{3, 2.5} {
		doc, err := s.root.RenderAnimatedSVG(AnimatedSVGOptions{FPS: 10, Repeat: repeat})
		must(t, err)
		if want := fmt.Sprintf(`repeatCount="%v"`, repeat); !strings.Contains(doc, want) {
			t.Fatalf("repeat %v: no %s in\n%s", repeat, want, doc)
		}
	}
	s.expectClock(t, 2)

	// With nothing running, no <animate> at all.
	must(t, s.engine.Advance(1))
	still, err := s.root.RenderAnimatedSVG(AnimatedSVGOptions{FPS: 10, Repeat: math.Inf(1)})
	must(t, err)
	if strings.Contains(still, "<animate") {
		t.Fatalf("animated document after the end:\n%s", still)
	}
}

func TestAnimatedSVGBadInputKeepsEngineUsable(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	path := filepath.Join(t.TempDir(), "refused.svg")
	for _, fps := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		_, err := s.root.SampleTimes(fps)
		wantTetherError(t, fmt.Sprintf("SampleTimes(%v)", fps), err, ErrInvalidArgument, "frames per second")
		_, err = s.root.SVGFrames(fps)
		wantTetherError(t, fmt.Sprintf("SVGFrames(%v)", fps), err, ErrInvalidArgument, "frames per second")
		if fps == 0 {
			continue // FPS 0 in the options is the default rate
		}
		opts := AnimatedSVGOptions{FPS: fps}
		_, err = s.root.RenderAnimatedSVG(opts)
		wantTetherError(t, fmt.Sprintf("RenderAnimatedSVG(%+v)", opts), err, ErrInvalidArgument, "frames per second")
		err = s.root.WriteAnimatedSVG(path, opts)
		wantTetherError(t, fmt.Sprintf("WriteAnimatedSVG(%+v)", opts), err, ErrInvalidArgument, "frames per second")
	}
	// Too many samples: more than 100,000 over the 1 s span.
	_, err := s.root.SampleTimes(1e6)
	wantTetherError(t, "a million samples", err, ErrInvalidArgument)
	// The library refuses these too, but in C's terms ("finite"); the binding's message names
	// math.Inf(1), which it accepts as forever.
	for _, repeat := range []float64{-1, -0.5, math.Inf(-1), math.NaN()} {
		opts := AnimatedSVGOptions{FPS: 10, Repeat: repeat}
		_, err := s.root.RenderAnimatedSVG(opts)
		wantTetherError(t, fmt.Sprintf("RenderAnimatedSVG(%+v)", opts), err, ErrInvalidArgument, "repeat", "math.inf(1)")
		err = s.root.WriteAnimatedSVG(path, opts)
		wantTetherError(t, fmt.Sprintf("WriteAnimatedSVG(%+v)", opts), err, ErrInvalidArgument, "repeat", "math.inf(1)")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a refused write left a file: %v", err)
	}
	// The engine goes on as before: same clock, same samples, the animation still running.
	s.expectClock(t, 2)
	times, err := s.root.SampleTimes(10)
	must(t, err)
	if len(times) != 11 || times[0] != 2 || times[10] != 3 {
		t.Fatalf("sample times after the failures: %v", times)
	}
	must(t, s.engine.Advance(0.5))
	if r, _ := s.box.PresentationFrame(); r != (Rect{100, 10, 100, 50}) {
		t.Fatalf("half way after the failures: %+v", r)
	}
}

func TestWriteAnimatedSVG(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	dir := t.TempDir()
	for i, opts := range []AnimatedSVGOptions{{}, {FPS: 10, Repeat: math.Inf(1)}, {FPS: 25, Repeat: 2}} {
		want, err := s.root.RenderAnimatedSVG(opts)
		must(t, err)
		path := filepath.Join(dir, fmt.Sprintf("slide-%d.svg", i))
		must(t, s.root.WriteAnimatedSVG(path, opts))
		got, err := os.ReadFile(path)
		must(t, err)
		if string(got) != want {
			t.Fatalf("file written with %+v differs from the string (%d bytes, want %d)", opts, len(got), len(want))
		}
	}
	missing := filepath.Join(dir, "no such directory", "slide.svg")
	wantTetherError(t, "unwritable path", s.root.WriteAnimatedSVG(missing, AnimatedSVGOptions{}), ErrIO, "no such directory")
	s.expectClock(t, 2)
}

func TestSVGFrames(t *testing.T) {
	s := newSlider(t)
	defer s.engine.Close()
	frames, err := s.root.SVGFrames(10)
	must(t, err)
	times, err := s.root.SampleTimes(10)
	must(t, err)
	if len(frames) != len(times) || len(frames) != 11 {
		t.Fatalf("%d frames for %d sample times", len(frames), len(times))
	}
	for i, f := range frames {
		if f.Time != times[i] {
			t.Fatalf("frame %d at %v, sample time %v", i, f.Time, times[i])
		}
		want, err := s.root.RenderSVGAt(f.Time)
		must(t, err)
		if f.Document != want {
			t.Fatalf("frame %d is not the still at %v", i, f.Time)
		}
		if got := drawnRect(t, f.Document, boxMarker); !near(got.X, 20*float64(i)) || got.Y != 10 || got.Width != 100 {
			t.Fatalf("frame %d draws the box at %+v, want x = %v", i, got, 20*float64(i))
		}
	}
	s.expectClock(t, 2)
}
