package tether

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The demo screen of examples/c/feed_example.c, built through the Go binding with the measure
// callback as a Go func, checked against the frames the C demo checks (and prints).

var postLengths = []int{45, 119, 242}
var buttonWidths = []float64{60, 70, 50, 70}

const characterWidth, lineHeight = 7.0, 18.0

func textLines(length int, width float64) int {
	lines := int(math.Ceil(float64(length)*characterWidth/width - 1e-9))
	if lines < 1 {
		return 1
	}
	return lines
}

type feed struct {
	engine                                 *Engine
	root, header, title, compose, feedView View
	cells, toolbar                         View
	cell, avatar, text, button             []View
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func sub(t testing.TB, parent View, name string) View {
	t.Helper()
	v, err := parent.NewSubview(name)
	must(t, err)
	return v
}

func buildFeed(t testing.TB) *feed {
	e, err := NewEngine()
	must(t, err)
	f := &feed{engine: e}
	var mu sync.Mutex
	must(t, e.SetMeasure(func(view View, proposed float64) (Measurement, error) {
		mu.Lock()
		defer mu.Unlock()
		for i, tv := range f.text {
			if tv.ID() != view.ID() {
				continue
			}
			natural := float64(postLengths[i]) * characterWidth
			if math.IsNaN(proposed) {
				return Measurement{natural, lineHeight, math.NaN(), math.NaN()}, nil
			}
			return Measurement{math.Min(natural, proposed), float64(textLines(postLengths[i], proposed)) * lineHeight, math.NaN(), math.NaN()}, nil
		}
		return Measurement{}, errors.New("not a text")
	}))
	f.root, err = e.NewView(Rect{0, 0, 390, 844})
	must(t, err)
	must(t, f.root.SetIdentifier("screen"))
	safe, err := f.root.SafeAreaLayoutGuide()
	must(t, err)
	f.header = sub(t, f.root, "header")
	f.title = sub(t, f.header, "title")
	f.compose = sub(t, f.header, "compose")
	must(t, f.title.SetIntrinsicContentSize(Size{120, 22}))
	must(t, f.compose.SetIntrinsicContentSize(Size{44, 44}))
	f.feedView = sub(t, f.root, "feed")
	f.cells, err = e.NewStackView(Rect{})
	must(t, err)
	must(t, f.feedView.AddSubview(f.cells))
	must(t, f.cells.SetTranslatesAutoresizingMask(false))
	must(t, f.cells.SetIdentifier("cells"))
	must(t, f.cells.SetStackAxis(C_AXIS_VERTICAL))
	must(t, f.cells.SetStackSpacing(8))
	var specs []Spec
	for range postLengths {
		c, err := e.NewView(Rect{})
		must(t, err)
		must(t, c.SetIdentifier("cell"))
		must(t, f.cells.AddArrangedSubview(c))
		a := sub(t, c, "avatar")
		tx := sub(t, c, "text")
		f.text = append(f.text, tx) // read by the measure func only during layout
		must(t, tx.SetMeasured(true))
		f.cell, f.avatar = append(f.cell, c), append(f.avatar, a)
		specs = append(specs,
			a.Leading().EqualTo(c.Leading(), 12),
			a.Top().EqualTo(c.Top(), 12),
			a.Width().EqualToConstant(40),
			a.Height().EqualToConstant(40),
			tx.Leading().EqualTo(a.Trailing(), 12),
			tx.Trailing().EqualTo(c.Trailing(), -12),
			tx.Top().EqualTo(c.Top(), 12),
			c.Bottom().GreaterThanOrEqualTo(a.Bottom(), 12),
			c.Bottom().GreaterThanOrEqualTo(tx.Bottom(), 12),
			c.Height().EqualToConstant(0).WithPriority(1))
	}
	f.toolbar, err = e.NewStackView(Rect{})
	must(t, err)
	must(t, f.root.AddSubview(f.toolbar))
	must(t, f.toolbar.SetTranslatesAutoresizingMask(false))
	must(t, f.toolbar.SetIdentifier("toolbar"))
	must(t, f.toolbar.SetStackDistribution(C_STACK_DISTRIBUTION_FILL_EQUALLY))
	must(t, f.toolbar.SetStackSpacing(8))
	for _, w := range buttonWidths {
		b, err := e.NewView(Rect{})
		must(t, err)
		must(t, b.SetIntrinsicContentSize(Size{w, 36}))
		must(t, f.toolbar.AddArrangedSubview(b))
		f.button = append(f.button, b)
	}
	specs = append(specs,
		f.header.Top().EqualTo(safe.Top(), 0),
		f.header.Leading().EqualTo(safe.Leading(), 0),
		f.header.Trailing().EqualTo(safe.Trailing(), 0),
		f.header.Height().EqualToConstant(56),
		f.title.CenterX().EqualTo(f.header.CenterX(), 0),
		f.title.CenterY().EqualTo(f.header.CenterY(), 0),
		f.compose.Trailing().EqualTo(f.header.TrailingMargin(), 0),
		f.compose.CenterY().EqualTo(f.header.CenterY(), 0),
		f.toolbar.Leading().EqualTo(safe.Leading(), 16),
		f.toolbar.Trailing().EqualTo(safe.Trailing(), -16),
		f.toolbar.Bottom().EqualTo(safe.Bottom(), -8),
		f.toolbar.Height().EqualToConstant(44),
		f.feedView.Top().EqualTo(f.header.Bottom(), 0),
		f.feedView.Bottom().EqualTo(f.toolbar.Top(), -8),
		f.feedView.Leading().EqualTo(safe.Leading(), 0),
		f.feedView.Trailing().EqualTo(safe.Trailing(), 0),
		f.cells.Top().EqualTo(f.feedView.Top(), 8),
		f.cells.Leading().EqualTo(f.feedView.Leading(), 8),
		f.cells.Trailing().EqualTo(f.feedView.Trailing(), -8))
	_, err = e.Activate(specs...)
	must(t, err)
	return f
}

func screenFrame(t testing.TB, v View) Rect {
	r, err := v.Frame()
	must(t, err)
	for p := v; ; {
		p, err = p.Superview()
		must(t, err)
		if p.ID() == 0 {
			return r
		}
		pf, err := p.Frame()
		must(t, err)
		r.X, r.Y = r.X+pf.X, r.Y+pf.Y
	}
}

func (f *feed) layOut(t *testing.T, name string, width, height float64, safe Insets) {
	must(t, f.root.SetFrame(Rect{0, 0, width, height}))
	must(t, f.root.SetSafeAreaInsets(safe))
	must(t, f.root.LayoutIfNeeded())
	safeX, safeW := safe.Left, width-safe.Left-safe.Right
	toolbarW, toolbarY := safeW-32, height-safe.Bottom-8-44
	feedY := safe.Top + 56
	feedH := toolbarY - 8 - feedY
	buttonW, cellW, y := (toolbarW-3*8)/4, safeW-16, feedY+8
	textW := cellW - 12 - 40 - 12 - 12
	expect := func(label string, v View, want Rect) {
		got := screenFrame(t, v)
		if math.Abs(got.X-want.X) > 1e-6 || math.Abs(got.Y-want.Y) > 1e-6 ||
			math.Abs(got.Width-want.Width) > 1e-6 || math.Abs(got.Height-want.Height) > 1e-6 {
			t.Errorf("%s %s: %+v, want %+v", name, label, got, want)
		}
		ambiguous, err := v.HasAmbiguousLayout()
		must(t, err)
		if ambiguous {
			t.Errorf("%s %s: ambiguous", name, label)
		}
	}
	expect("header", f.header, Rect{safeX, safe.Top, safeW, 56})
	expect("title", f.title, Rect{safeX + (safeW-120)/2, safe.Top + 17, 120, 22})
	expect("compose", f.compose, Rect{safeX + safeW - 8 - 44, safe.Top + 6, 44, 44})
	expect("feed", f.feedView, Rect{safeX, feedY, safeW, feedH})
	for i, n := range postLengths {
		textH := float64(textLines(n, textW)) * lineHeight
		cellH := math.Max(textH, 40) + 24
		expect("cell", f.cell[i], Rect{safeX + 8, y, cellW, cellH})
		expect("avatar", f.avatar[i], Rect{safeX + 20, y + 12, 40, 40})
		expect("text", f.text[i], Rect{safeX + 8 + 64, y + 12, textW, textH})
		y += cellH + 8
	}
	expect("cells", f.cells, Rect{safeX + 8, feedY + 8, cellW, y - 8 - (feedY + 8)})
	expect("toolbar", f.toolbar, Rect{safeX + 16, toolbarY, toolbarW, 44})
	for i, b := range f.button {
		expect("button", b, Rect{safeX + 16 + float64(i)*(buttonW+8), toolbarY, buttonW, 44})
	}
	path := filepath.Join(t.TempDir(), "feed-"+name+".svg")
	must(t, f.root.WriteSVG(path))
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		t.Errorf("%s: no SVG at %s (%v)", name, path, err)
	}
}

func TestFeedScreen(t *testing.T) {
	f := buildFeed(t)
	defer f.engine.Close()
	f.layOut(t, "portrait", 390, 844, Insets{47, 0, 34, 0})
	f.layOut(t, "landscape", 844, 390, Insets{0, 47, 21, 47})
	f.checkAgainstCDemo(t)
}

// checkAgainstCDemo compares every frame with what examples/c/feed_example.c prints
// (testdata/feed_example.txt, its output; `make test-go` checks it is still that output).
func (f *feed) checkAgainstCDemo(t *testing.T) {
	data, err := os.ReadFile("testdata/feed_example.txt")
	must(t, err)
	sizes := map[string][3]float64{"portrait": {390, 844}, "landscape": {844, 390}}
	insets := map[string]Insets{"portrait": {47, 0, 34, 0}, "landscape": {0, 47, 21, 47}}
	order := func() []View {
		vs := []View{f.header, f.title, f.compose, f.feedView}
		for i := range f.cell {
			vs = append(vs, f.cell[i], f.avatar[i], f.text[i])
		}
		vs = append(vs, f.cells, f.toolbar)
		return append(vs, f.button...)
	}()
	checked := 0
	var views []View
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if name := strings.TrimSuffix(strings.Fields(line + " .")[0], ":"); sizes[name] != [3]float64{} {
			s := sizes[name]
			must(t, f.root.SetFrame(Rect{0, 0, s[0], s[1]}))
			must(t, f.root.SetSafeAreaInsets(insets[name]))
			must(t, f.root.LayoutIfNeeded())
			views = order
			continue
		}
		if len(fields) == 6 && fields[5] == "ok" && len(views) > 0 {
			var want [4]float64
			for k := range want {
				want[k], err = strconv.ParseFloat(fields[k+1], 64)
				must(t, err)
			}
			got := screenFrame(t, views[0])
			if got != (Rect{want[0], want[1], want[2], want[3]}) {
				t.Errorf("%s: Go %+v, C demo %v", fields[0], got, want)
			}
			views = views[1:]
			checked++
		}
	}
	if checked != 2*len(order) {
		t.Fatalf("compared %d frames with the C demo, want %d", checked, 2*len(order))
	}
}

func TestBadInputKeepsEngineUsable(t *testing.T) {
	e, err := NewEngine()
	must(t, err)
	defer e.Close()
	v, err := e.NewView(Rect{0, 0, 100, 100})
	must(t, err)
	_, err = e.NewView(Rect{0, 0, math.NaN(), 10})
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, ErrInvalidArgument) || te.Message == "" {
		t.Fatalf("NaN frame: %v", err)
	}
	if errors.Is(err, ErrInvalidID) {
		t.Fatal("matched the wrong sentinel")
	}
	must(t, v.Free())
	if err := v.SetFrame(Rect{}); !errors.Is(err, ErrInvalidID) {
		t.Fatalf("freed view: %v", err)
	}
	w, err := e.NewView(Rect{0, 0, 10, 10})
	must(t, err)
	must(t, w.LayoutIfNeeded())
}

func TestCloseTwiceAndAfterClose(t *testing.T) {
	e, err := NewEngine()
	must(t, err)
	must(t, e.Close())
	must(t, e.Close())
	if _, err := e.NewView(Rect{}); !errors.Is(err, ErrNullArgument) && !errors.Is(err, ErrInvalidHandle) {
		t.Fatalf("closed engine: %v", err)
	}
	s, err := NewSolver()
	must(t, err)
	must(t, s.Close())
	must(t, s.Close())
}

// At most 4,096 engines live at once (Include/tether/engine.h): making 5,000 engines that are
// never closed works only if the finalizers free the unreachable ones.
func TestFinalizer(t *testing.T) {
	for i := 0; i < 5000; i++ {
		e, err := NewEngine()
		for tries := 0; err != nil && tries < 100; tries++ {
			// Finalizers run on their own goroutine after a collection: give them turns.
			runtime.GC()
			runtime.Gosched()
			e, err = NewEngine()
		}
		if err != nil {
			t.Fatalf("engine %d: the finalizers freed no engine: %v", i, err)
		}
		if i%10 == 0 {
			must(t, e.SetMeasure(func(View, float64) (Measurement, error) { return Measurement{}, nil }))
		}
		s, err := NewSolver()
		must(t, err)
		_ = s
		if i%1000 == 999 {
			runtime.GC()
		}
	}
}

func TestSolverRoundTrip(t *testing.T) {
	s, err := NewSolver()
	must(t, err)
	defer s.Close()
	x, err := s.NewVariable("x")
	must(t, err)
	y, err := s.NewVariable("y")
	must(t, err)
	// y == 2x + 10 (2x - y + 10 == 0), x >= 0 weakly x == 0.
	_, err = s.AddConstraint([]Term{{x, 2}, {y, -1}}, 10, C_RELATION_EQUAL, C_PRIORITY_REQUIRED)
	must(t, err)
	must(t, s.AddEdit(x, 500))
	must(t, s.Suggest(x, 7))
	must(t, s.Update())
	xv, err := s.Value(x)
	must(t, err)
	yv, err := s.Value(y)
	must(t, err)
	if xv != 7 || yv != 24 {
		t.Fatalf("x=%v y=%v", xv, yv)
	}
	c, err := s.AddConstraint([]Term{{x, 1}}, -3, C_RELATION_EQUAL, C_PRIORITY_REQUIRED)
	must(t, err)
	_, err = s.AddConstraint([]Term{{x, 1}}, -4, C_RELATION_EQUAL, C_PRIORITY_REQUIRED)
	if !errors.Is(err, ErrUnsatisfiable) {
		t.Fatalf("conflict: %v", err)
	}
	must(t, s.RemoveConstraint(c))
	if err := s.Suggest(y, 1); !errors.Is(err, ErrNotFound) {
		t.Fatalf("not an edit variable: %v", err)
	}
}

func TestCallbacksConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 5; i++ {
				f := buildFeed(t)
				must(t, f.root.LayoutIfNeeded())
				must(t, f.engine.Close())
			}
		}()
	}
	wg.Wait()
}

func TestMeasureErrorFailsPass(t *testing.T) {
	e, err := NewEngine()
	must(t, err)
	defer e.Close()
	root, err := e.NewView(Rect{0, 0, 100, 100})
	must(t, err)
	v := sub(t, root, "v")
	must(t, v.SetMeasured(true))
	_, err = e.Activate(v.Leading().EqualTo(root.Leading(), 0), v.Top().EqualTo(root.Top(), 0))
	must(t, err)
	must(t, e.SetMeasure(func(View, float64) (Measurement, error) { return Measurement{}, errors.New("no") }))
	if err := root.LayoutIfNeeded(); !errors.Is(err, ErrCallbackFailed) {
		t.Fatalf("failing measure: %v", err)
	}
	must(t, e.SetMeasure(func(View, float64) (Measurement, error) {
		return Measurement{30, 20, math.NaN(), math.NaN()}, nil
	}))
	must(t, root.LayoutIfNeeded())
	if r, _ := v.Frame(); r != (Rect{0, 0, 30, 20}) {
		t.Fatalf("measured frame %+v", r)
	}
}
