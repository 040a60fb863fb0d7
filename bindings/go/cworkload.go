package tether

/*
#include "tether.h"

// The benchmark's workload written directly against the C API (bench_test.go times it beside
// the same work through the binding): a root and `count` subviews, each pinned by four
// constraints (leading, top, width, height) activated one batch per view, one layout, every
// frame read back. Returns the number of C calls made, or -1 on a failure.
static long go_tether_c_workload(int count) {
    tether_engine *engine;
    tether_view root, view;
    tether_layout_constraint made[4];
    tether_rect frame = {0, 0, 1000, 100000}, r;
    long calls = 0;
    int i;
    if (tether_engine_new(&engine) != TETHER_OK) return -1;
    calls++;
    if (tether_view_new(engine, frame, &root) != TETHER_OK) return -1;
    calls++;
    for (i = 0; i < count; i++) {
        if (tether_view_new_subview(engine, root, "v", &view) != TETHER_OK) return -1;
        if (tether_layout_constraint_new(engine, view, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL,
                                         root, TETHER_ATTRIBUTE_LEADING, 1, 8, 1000, &made[0]) ||
            tether_layout_constraint_new(engine, view, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL,
                                         root, TETHER_ATTRIBUTE_TOP, 1, 20.0 * i, 1000, &made[1]) ||
            tether_layout_constraint_new(engine, view, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL,
                                         0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 100, 1000, &made[2]) ||
            tether_layout_constraint_new(engine, view, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL,
                                         0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 16, 1000, &made[3]) ||
            tether_layout_constraint_activate(engine, made, 4, NULL))
            return -1;
        calls += 6;
    }
    if (tether_view_layout_if_needed(engine, root) != TETHER_OK) return -1;
    calls++;
    {
        tether_view views[4096];
        size_t needed = 0;
        if (count > 4096 || tether_view_subviews(engine, root, views, 4096, &needed)) return -1;
        calls++;
        for (i = 0; i < count; i++) {
            if (tether_view_frame(engine, views[i], &r) != TETHER_OK) return -1;
            calls++;
        }
    }
    if (tether_engine_free(engine) != TETHER_OK) return -1;
    return calls + 1;
}
*/
import "C"

// cWorkload runs the benchmark workload in C (see bench_test.go) and returns its C call count.
func cWorkload(count int) int { return int(C.go_tether_c_workload(C.int(count))) }
