package tether

import (
	"testing"
	"time"
)

// The per-call overhead of the binding (docs/benchmarks.md, "Go binding: per-call overhead";
// `make bench-go`): the same work through Go and through C, a root and 200 subviews each pinned
// by four constraints activated one batch per view, one layout, every frame read back. The
// ns/call metric is the time divided by the number of Tether calls the work makes.

const benchViews = 200

func goWorkload(b *testing.B) int {
	e, err := NewEngine()
	must(b, err)
	root, err := e.NewView(Rect{0, 0, 1000, 100000})
	must(b, err)
	calls := 2
	views := make([]View, benchViews)
	for i := range views {
		v, err := root.NewSubview("v")
		must(b, err)
		_, err = e.Activate(
			v.Leading().EqualTo(root.Leading(), 8),
			v.Top().EqualTo(root.Top(), 20*float64(i)),
			v.Width().EqualToConstant(100),
			v.Height().EqualToConstant(16))
		must(b, err)
		views[i] = v
		calls += 6
	}
	must(b, root.LayoutIfNeeded())
	calls++
	for _, v := range views {
		if _, err := v.Frame(); err != nil {
			b.Fatal(err)
		}
		calls++
	}
	must(b, e.Close())
	return calls + 1
}

func BenchmarkWorkloadGo(b *testing.B) {
	calls := 0
	start := time.Now()
	for i := 0; i < b.N; i++ {
		calls = goWorkload(b)
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*calls), "ns/call")
}

func BenchmarkWorkloadC(b *testing.B) {
	calls := 0
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if calls = cWorkload(benchViews); calls < 0 {
			b.Fatal("the C workload failed")
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*calls), "ns/call")
}

func TestWorkloadsAgree(t *testing.T) {
	if c := cWorkload(10); c != 2+6*10+1+1+10+1 {
		t.Fatalf("C workload: %d calls", c)
	}
}
