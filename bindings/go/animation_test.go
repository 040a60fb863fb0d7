package tether

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// bezierProgress solves Core Animation's cubic timing function (x1, y1, x2, y2) for elapsed
// fraction x by bisection on the curve parameter (x(t) rises on [0, 1]), independently of the
// library's solver, and returns the progress y there.
func bezierProgress(x1, y1, x2, y2, x float64) float64 {
	coord := func(t, a, b float64) float64 {
		u := 1 - t
		return 3*u*u*t*a + 3*u*t*t*b + t*t*t
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if coord(mid, x1, x2) < x {
			lo = mid
		} else {
			hi = mid
		}
	}
	return coord((lo+hi)/2, y1, y2)
}

func easeInOut(x float64) float64 { return bezierProgress(0.42, 0, 0.58, 1, x) }

// mover is a root with one 40x20 box whose leading edge is `lead` points from the root's: the
// box is laid out once at x = 0 (so it has a frame to animate from).
type mover struct {
	engine *Engine
	root   View
	box    View
	lead   Constraint
}

func newMover(t *testing.T) *mover {
	t.Helper()
	e, err := NewEngine()
	must(t, err)
	root, err := e.NewView(Rect{0, 0, 400, 300})
	must(t, err)
	box := sub(t, root, "box")
	cs, err := e.Activate(box.Leading().EqualTo(root.Leading(), 0), box.Top().EqualTo(root.Top(), 10),
		box.Width().EqualToConstant(40), box.Height().EqualToConstant(20))
	must(t, err)
	must(t, root.LayoutIfNeeded())
	if r, _ := box.Frame(); r != (Rect{0, 10, 40, 20}) {
		t.Fatalf("laid out box: %+v", r)
	}
	return &mover{engine: e, root: root, box: box, lead: cs[0]}
}

// moveTo changes the leading constant and lays out: inside a block, this animates.
func (m *mover) moveTo(t *testing.T, x float64) func() {
	return func() {
		must(t, m.lead.SetConstant(x))
		must(t, m.root.LayoutIfNeeded())
	}
}

func presentationX(t *testing.T, v View) float64 {
	t.Helper()
	r, err := v.PresentationFrame()
	must(t, err)
	if r.Y != 10 || r.Width != 40 || r.Height != 20 {
		t.Fatalf("only x moves: %+v", r)
	}
	return r.X
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// completions counts the calls of an OnComplete func and keeps the finished flags.
type completions struct {
	mu       sync.Mutex
	finished []bool
}

func (c *completions) done(finished bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.finished = append(c.finished, finished)
}

func (c *completions) calls() []bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]bool(nil), c.finished...)
}

func (c *completions) expect(t *testing.T, when string, want ...bool) {
	t.Helper()
	got := c.calls()
	if len(got) != len(want) {
		t.Fatalf("%s: completion calls %v, want %v", when, got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: completion calls %v, want %v", when, got, want)
		}
	}
}

func TestAnimateEaseInOutAlongCoreAnimationsCurve(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	var c completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: c.done}, m.moveTo(t, 100)))
	// The model frame is the new one at once; the box is shown where it was.
	if r, _ := m.box.Frame(); r != (Rect{100, 10, 40, 20}) {
		t.Fatalf("model frame: %+v", r)
	}
	if x := presentationX(t, m.box); x != 0 {
		t.Fatalf("presentation at the start: %v", x)
	}
	if on, err := m.box.IsAnimating(); err != nil || !on {
		t.Fatalf("IsAnimating: %v %v", on, err)
	}
	if on, err := m.engine.HasRunningAnimations(); err != nil || !on {
		t.Fatalf("HasRunningAnimations: %v %v", on, err)
	}
	if end, err := m.box.AnimationEndTime(); err != nil || end != 1 {
		t.Fatalf("AnimationEndTime: %v %v", end, err)
	}
	// A quarter of the way: ease-in-out is well behind linear's 25 there.
	must(t, m.engine.Advance(0.25))
	if x, want := presentationX(t, m.box), 100*easeInOut(0.25); !near(x, want) || want > 20 {
		t.Fatalf("x at 0.25 s: %v, want %v", x, want)
	}
	// Mid-time: half way, at the curve's steepest.
	must(t, m.engine.Advance(0.25))
	if clock, err := m.engine.Clock(); err != nil || clock != 0.5 {
		t.Fatalf("clock: %v %v", clock, err)
	}
	if x, want := presentationX(t, m.box), 100*easeInOut(0.5); !near(x, want) {
		t.Fatalf("x at 0.5 s: %v, want %v", x, want)
	}
	h := 1e-6
	slope := (easeInOut(0.5+h) - easeInOut(0.5-h)) / (2 * h)
	v, err := m.box.PresentationVelocity()
	must(t, err)
	if math.Abs(v.X-100*slope) > 1e-4 || v.Y != 0 || v.Width != 0 || v.Height != 0 {
		t.Fatalf("velocity at 0.5 s: %+v, want x %v", v, 100*slope)
	}
	// Ahead of the clock.
	for _, at := range []float64{0.1, 0.8, 0.95} {
		r, err := m.box.PresentationFrameAt(at)
		must(t, err)
		if want := 100 * easeInOut(at); !near(r.X, want) {
			t.Fatalf("x at %v s: %v, want %v", at, r.X, want)
		}
	}
	c.expect(t, "mid-animation")
	must(t, m.engine.Advance(0.75))
	c.expect(t, "past the end", true)
	if x := presentationX(t, m.box); x != 100 {
		t.Fatalf("x after the end: %v", x)
	}
	if on, _ := m.box.IsAnimating(); on {
		t.Fatal("still animating after the end")
	}
	if on, _ := m.engine.HasRunningAnimations(); on {
		t.Fatal("engine still animating after the end")
	}
	must(t, m.engine.Advance(5))
	must(t, m.engine.SetClock(20))
	c.expect(t, "advanced again", true)
}

func TestLinearMidpointDelayAndPresentationFrameIn(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	must(t, Animate(AnimationOptions{Duration: 1, Curve: CurveLinear}, m.moveTo(t, 100)))
	must(t, m.engine.Advance(0.5))
	if x := presentationX(t, m.box); x != 50 {
		t.Fatalf("linear midpoint: %v, want exactly 50", x)
	}
	r, err := m.box.PresentationFrameAt(0.75)
	must(t, err)
	if !near(r.X, 75) {
		t.Fatalf("linear at 0.75 s: %v", r.X)
	}
	must(t, m.engine.Advance(1))

	// A delayed block shows the old frame until its delay has passed.
	must(t, Animate(AnimationOptions{Duration: 1, Delay: 0.5, Curve: CurveLinear}, m.moveTo(t, 0)))
	if end, _ := m.box.AnimationEndTime(); end != 3 {
		t.Fatalf("end of the delayed animation: %v, want 1.5 + 1.5", end)
	}
	must(t, m.engine.Advance(0.25))
	if x := presentationX(t, m.box); x != 100 {
		t.Fatalf("during the delay: %v", x)
	}
	must(t, m.engine.Advance(0.75))
	if x := presentationX(t, m.box); x != 50 {
		t.Fatalf("half way after the delay: %v", x)
	}

	// A child pinned in the box moves with it; PresentationFrameIn adds the box's shown frame.
	child := sub(t, m.box, "child")
	_, err = m.engine.Activate(child.Leading().EqualTo(m.box.Leading(), 5), child.Top().EqualTo(m.box.Top(), 2),
		child.Width().EqualToConstant(10), child.Height().EqualToConstant(8))
	must(t, err)
	must(t, PerformWithoutAnimation(func() { must(t, m.root.LayoutIfNeeded()) }))
	if r, _ := child.PresentationFrame(); r != (Rect{5, 2, 10, 8}) {
		t.Fatalf("child in the box: %+v", r)
	}
	in, err := child.PresentationFrameIn(m.root)
	must(t, err)
	if in != (Rect{55, 12, 10, 8}) {
		t.Fatalf("child in the root: %+v", in)
	}
	if self, _ := child.PresentationFrameIn(child); self.X != 0 || self.Y != 0 || self.Width != 10 {
		t.Fatalf("child in itself: %+v", self)
	}
	all, err := m.box.SubtreePresentationFrames()
	must(t, err)
	if len(all) != 2 || all[0].View != m.box || all[0].Frame != (Rect{50, 10, 40, 20}) ||
		all[1].View != child || all[1].Frame != (Rect{5, 2, 10, 8}) {
		t.Fatalf("subtree presentation frames: %+v", all)
	}
	other, err := m.engine.NewView(Rect{0, 0, 10, 10})
	must(t, err)
	var te *Error
	if _, err := child.PresentationFrameIn(other); !errors.Is(err, ErrInvalidState) || !errors.As(err, &te) || te.Message == "" {
		t.Fatalf("frame in a view that is not an ancestor: %v", err)
	}
}

func TestCompletionWhenStoppedEarly(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()

	// A freed view stops animating: finished false at the next advance, before the end.
	var freed completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: freed.done}, m.moveTo(t, 100)))
	must(t, m.box.Free())
	freed.expect(t, "right after the free")
	must(t, m.engine.Advance(0.1))
	freed.expect(t, "next advance", false)
	must(t, m.engine.Advance(2))
	freed.expect(t, "past the end", false)

	// Removing the animations: the view shows its model frame at once.
	n := newMover(t)
	defer n.engine.Close()
	var removed, removedAll completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: removed.done}, n.moveTo(t, 100)))
	must(t, n.engine.Advance(0.5))
	must(t, n.box.RemoveAllAnimations())
	if x := presentationX(t, n.box); x != 100 {
		t.Fatalf("after View.RemoveAllAnimations: %v", x)
	}
	must(t, n.engine.Advance(0))
	removed.expect(t, "View.RemoveAllAnimations", false)
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: removedAll.done}, n.moveTo(t, 0)))
	must(t, n.engine.RemoveAllAnimations())
	if x := presentationX(t, n.box); x != 0 {
		t.Fatalf("after Engine.RemoveAllAnimations: %v", x)
	}
	must(t, n.engine.Advance(0))
	removedAll.expect(t, "Engine.RemoveAllAnimations", false)

	// Closing the engine runs the completions of what it stops, inside Close.
	o := newMover(t)
	var closed completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: closed.done}, o.moveTo(t, 100)))
	must(t, o.engine.Advance(0.5))
	closed.expect(t, "before Close")
	must(t, o.engine.Close())
	closed.expect(t, "Close", false)
	must(t, o.engine.Close())
	closed.expect(t, "second Close", false)
}

func TestZeroDurationIsImmediate(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	var c completions
	must(t, Animate(AnimationOptions{OnComplete: c.done}, m.moveTo(t, 100)))
	// The block animated nothing: its completion ran inside the commit.
	c.expect(t, "after a zero-duration block", true)
	if x := presentationX(t, m.box); x != 100 {
		t.Fatalf("zero duration: %v", x)
	}
	if on, _ := m.box.IsAnimating(); on {
		t.Fatal("a zero-duration block animated")
	}
	if on, _ := m.engine.HasRunningAnimations(); on {
		t.Fatal("a zero-duration block left a running animation")
	}
	// Nothing changed in a block with a duration: immediate too.
	var nothing completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: nothing.done}, func() {}))
	nothing.expect(t, "a block that changed nothing", true)
	must(t, m.engine.Advance(2))
	c.expect(t, "advanced afterwards", true)
}

func TestNestingInheritsDurationAndPerformWithoutAnimation(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	var outerDuration, innerDuration, overridden, without float64
	must(t, Animate(AnimationOptions{Duration: 2}, func() {
		var err error
		outerDuration, err = InheritedAnimationDuration()
		must(t, err)
		must(t, Animate(AnimationOptions{Duration: 0.5}, func() {
			innerDuration, _ = InheritedAnimationDuration()
			m.moveTo(t, 100)()
		}))
		must(t, Animate(AnimationOptions{Duration: 0.5, OverrideInheritedDuration: true}, func() {
			overridden, _ = InheritedAnimationDuration()
		}))
		must(t, PerformWithoutAnimation(func() { without, _ = InheritedAnimationDuration() }))
	}))
	if outerDuration != 2 || innerDuration != 2 || overridden != 0.5 || without != 0 {
		t.Fatalf("inherited durations: outer %v, inner %v, overridden %v, without animation %v",
			outerDuration, innerDuration, overridden, without)
	}
	if end, _ := m.box.AnimationEndTime(); end != 2 {
		t.Fatalf("the inner block did not inherit the outer duration: ends at %v", end)
	}
	must(t, m.engine.Advance(3))

	// Nothing animates in PerformWithoutAnimation, even inside a block.
	must(t, Animate(AnimationOptions{Duration: 1}, func() {
		must(t, PerformWithoutAnimation(m.moveTo(t, 0)))
	}))
	if x := presentationX(t, m.box); x != 0 {
		t.Fatalf("performed without animation: %v", x)
	}
	if on, _ := m.box.IsAnimating(); on {
		t.Fatal("animated inside PerformWithoutAnimation")
	}
}

func TestSpring(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	var c completions
	must(t, Animate(AnimationOptions{Duration: 1, Spring: &Spring{Damping: 1}, OnComplete: c.done}, m.moveTo(t, 100)))
	end, err := m.box.AnimationEndTime()
	must(t, err)
	if end <= 0 {
		t.Fatalf("spring end time %v", end)
	}
	last := 0.0
	// Critically damped from rest: it never overshoots, so it rises steadily toward 100.
	for i := 1; i <= 8; i++ {
		must(t, m.engine.SetClock(end*float64(i)/10))
		x := presentationX(t, m.box)
		if x <= last || x >= 100 {
			t.Fatalf("spring at %v s: %v after %v", end*float64(i)/10, x, last)
		}
		last = x
	}
	c.expect(t, "during the spring")
	must(t, m.engine.SetClock(end+0.01))
	c.expect(t, "after the spring", true)
	if x := presentationX(t, m.box); x != 100 {
		t.Fatalf("spring end: %v", x)
	}
}

func wantTetherError(t *testing.T, what string, err error, sentinel error, words ...string) {
	t.Helper()
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, sentinel) || te.Message == "" {
		t.Fatalf("%s: %v, want %v with Tether's message", what, err, sentinel)
	}
	for _, w := range words {
		if !strings.Contains(strings.ToLower(te.Message), w) {
			t.Fatalf("%s: message %q does not mention %q", what, te.Message, w)
		}
	}
}

func TestBadAnimationInputKeepsEverythingUsable(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()
	ran := false
	var never completions
	bad := []AnimationOptions{
		{Duration: -1, OnComplete: never.done},
		{Duration: math.Inf(1), OnComplete: never.done},
		{Duration: 1, Delay: -0.5, OnComplete: never.done},
		{Duration: 1, Curve: 99, OnComplete: never.done},
		{Duration: 1, Spring: &Spring{Damping: 0}, OnComplete: never.done},
		{Duration: 1, Spring: &Spring{Damping: 1, InitialVelocity: math.NaN()}, OnComplete: never.done},
	}
	for _, opts := range bad {
		err := Animate(opts, func() { ran = true })
		wantTetherError(t, fmt.Sprintf("bad options %+v", opts), err, ErrInvalidArgument)
	}
	wantTetherError(t, "negative duration", Animate(AnimationOptions{Duration: -1}, nil), ErrInvalidArgument, "duration")
	if ran {
		t.Fatal("Animate ran its func after failing to open the block")
	}
	wantTetherError(t, "negative advance", m.engine.Advance(-1), ErrInvalidArgument)
	wantTetherError(t, "NaN advance", m.engine.Advance(math.NaN()), ErrInvalidArgument)
	must(t, m.engine.Advance(1))
	wantTetherError(t, "clock backwards", m.engine.SetClock(0.5), ErrInvalidArgument)
	if clock, _ := m.engine.Clock(); clock != 1 {
		t.Fatalf("clock after a refused SetClock: %v", clock)
	}
	func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		wantTetherError(t, "commit without begin", commitAnimation(), ErrInvalidState)
		if n, err := openAnimationBlocks(); err != nil || n != 0 {
			t.Fatalf("open blocks after the failures: %v %v", n, err)
		}
	}()
	// Everything still works, and no completion of a refused block ever runs.
	var c completions
	must(t, Animate(AnimationOptions{Duration: 1, Curve: CurveLinear, OnComplete: c.done}, m.moveTo(t, 100)))
	must(t, m.engine.Advance(0.5))
	if x := presentationX(t, m.box); x != 50 {
		t.Fatalf("after the failures: %v", x)
	}
	must(t, m.engine.Advance(1))
	c.expect(t, "after the failures", true)
	never.expect(t, "refused blocks")
}

func TestPanicsCommitAndComeBack(t *testing.T) {
	m := newMover(t)
	defer m.engine.Close()

	// A panicking func still commits its block (the zero-duration completion runs at the commit)
	// and leaves no block open on the thread.
	var c completions
	func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		func() {
			defer func() {
				if r := recover(); r != "in the block" {
					t.Fatalf("recovered %v", r)
				}
			}()
			_ = Animate(AnimationOptions{OnComplete: c.done}, func() { panic("in the block") })
			t.Fatal("Animate returned after its func panicked")
		}()
		if n, err := openAnimationBlocks(); err != nil || n != 0 {
			t.Fatalf("open blocks after a panic: %v %v", n, err)
		}
	}()
	c.expect(t, "panicking block", true)

	// A panicking completion comes back from Advance once the C call has returned; the other
	// completions of that advance still ran, and the engine keeps working.
	var second completions
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: func(bool) { panic("in the completion") }}, m.moveTo(t, 100)))
	must(t, m.engine.Advance(0.5))
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: second.done}, m.moveTo(t, 0)))
	func() {
		defer func() {
			if r := recover(); r != "in the completion" {
				t.Fatalf("recovered %v", r)
			}
		}()
		_ = m.engine.Advance(2)
		t.Fatal("Advance returned after a completion panicked")
	}()
	second.expect(t, "the other completion", true)
	if clock, _ := m.engine.Clock(); clock != 2.5 {
		t.Fatalf("clock after the panicking advance: %v", clock)
	}
	must(t, Animate(AnimationOptions{Duration: 1, Curve: CurveLinear}, m.moveTo(t, 100)))
	must(t, m.engine.Advance(0.5))
	if x := presentationX(t, m.box); x != 50 {
		t.Fatalf("after the panics: %v", x)
	}

	// A completion panicking inside Close: raised by Close, after the engine is freed.
	must(t, m.engine.SetMeasure(func(View, float64) (Measurement, error) { return Measurement{}, nil }))
	must(t, Animate(AnimationOptions{Duration: 1, OnComplete: func(finished bool) {
		panic(fmt.Sprintf("closed, finished %v", finished))
	}}, m.moveTo(t, 0)))
	func() {
		defer func() {
			if r := recover(); r != "closed, finished false" {
				t.Fatalf("recovered %v", r)
			}
		}()
		_ = m.engine.Close()
		t.Fatal("Close returned after a completion panicked")
	}()
	if _, err := m.engine.NewView(Rect{}); err == nil {
		t.Fatal("the engine is still open after the panicking Close")
	}
	must(t, m.engine.Close())
}

// Blocks belong to OS threads in the library: goroutines animating at once, each its own
// engine, must each see their own block (Animate locks its goroutine to its thread).
func TestConcurrentAnimateOnGoroutines(t *testing.T) {
	const workers, rounds = 8, 20
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		go func(w int) { errs <- animateRounds(float64(10*(w+1)), rounds) }(w)
	}
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// animateRounds moves a box of its own engine to x and back, rounds times, each in a block.
func animateRounds(x float64, rounds int) error {
	e, err := NewEngine()
	if err != nil {
		return err
	}
	defer e.Close()
	root, err := e.NewView(Rect{0, 0, 400, 300})
	if err != nil {
		return err
	}
	box, err := root.NewSubview("box")
	if err != nil {
		return err
	}
	cs, err := e.Activate(box.Leading().EqualTo(root.Leading(), 0), box.Top().EqualTo(root.Top(), 0),
		box.Width().EqualToConstant(10), box.Height().EqualToConstant(10))
	if err != nil {
		return err
	}
	if err := root.LayoutIfNeeded(); err != nil {
		return err
	}
	var c completions
	for round := 0; round < rounds; round++ {
		target := x
		if round%2 == 1 {
			target = 0
		}
		var inner error
		err := Animate(AnimationOptions{Duration: 1, Curve: CurveLinear, OnComplete: c.done}, func() {
			runtime.Gosched() // invite the scheduler to move this goroutine
			if inner = cs[0].SetConstant(target); inner == nil {
				inner = root.LayoutIfNeeded()
			}
		})
		if err != nil || inner != nil {
			return fmt.Errorf("round %d: %v %v", round, err, inner)
		}
		if err := e.Advance(0.5); err != nil {
			return err
		}
		r, err := box.PresentationFrame()
		if err != nil {
			return err
		}
		if want := x / 2; r.X != want {
			return fmt.Errorf("round %d: x %v half way, want %v: the layout was not in the block", round, r.X, want)
		}
		if err := e.Advance(1); err != nil {
			return err
		}
	}
	if got := c.calls(); len(got) != rounds {
		return fmt.Errorf("%d completions, want %d", len(got), rounds)
	}
	return nil
}
