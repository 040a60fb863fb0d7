/*
 * overhead.c: the C side of the Lua binding's overhead figure (bindings/lua/bench/overhead.lua
 * does the same work through the binding). `make bench-lua` builds and runs both.
 *
 * Work: a root and VIEWS subviews, four constraints each (leading, top, width, height) made one
 * by one and activated as one batch, one layout pass, every frame read; then FRAME_READS reads of
 * one frame (the cheapest call: what a call costs). Best of ROUNDS, clock() (CPU time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tether.h"

#define VIEWS 1000
#define ROUNDS 5
#define FRAME_READS 1000000

#define CHECK(call) do { tether_status s_ = (call); if (s_ != TETHER_OK) { \
    fprintf(stderr, "%s: %s\n", #call, tether_last_error()); exit(1); } } while (0)

static double build_once(void) {
    static tether_view views[VIEWS];
    static tether_layout_constraint made[4 * VIEWS];
    tether_engine *engine;
    tether_view root;
    tether_rect r;
    size_t i, n = 0;
    clock_t start = clock();
    CHECK(tether_engine_new(&engine));
    CHECK(tether_view_new(engine, (tether_rect){0, 0, 1000, 1000}, &root));
    for (i = 0; i < VIEWS; i++) {
        CHECK(tether_view_new_subview(engine, root, NULL, &views[i]));
        CHECK(tether_layout_constraint_new_between(engine, views[i], TETHER_ATTRIBUTE_LEADING,
            TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING, (double)i, &made[n++]));
        CHECK(tether_layout_constraint_new_between(engine, views[i], TETHER_ATTRIBUTE_TOP,
            TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP, (double)i, &made[n++]));
        CHECK(tether_layout_constraint_new_constant(engine, views[i], TETHER_ATTRIBUTE_WIDTH,
            TETHER_RELATION_EQUAL, 10, &made[n++]));
        CHECK(tether_layout_constraint_new_constant(engine, views[i], TETHER_ATTRIBUTE_HEIGHT,
            TETHER_RELATION_EQUAL, 10, &made[n++]));
    }
    CHECK(tether_layout_constraint_activate(engine, made, n, NULL));
    CHECK(tether_view_layout_if_needed(engine, root));
    for (i = 0; i < VIEWS; i++) CHECK(tether_view_frame(engine, views[i], &r));
    CHECK(tether_engine_free(engine));
    return (double)(clock() - start) / CLOCKS_PER_SEC;
}

static double frame_reads(void) {
    tether_engine *engine;
    tether_view root;
    tether_rect r;
    long i;
    clock_t start;
    CHECK(tether_engine_new(&engine));
    CHECK(tether_view_new(engine, (tether_rect){0, 0, 100, 100}, &root));
    start = clock();
    for (i = 0; i < FRAME_READS; i++) CHECK(tether_view_frame(engine, root, &r));
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    CHECK(tether_engine_free(engine));
    return seconds;
}

int main(void) {
    double best = 1e9, reads;
    int round;
    for (round = 0; round < ROUNDS; round++) {
        double t = build_once();
        if (t < best) best = t;
    }
    reads = frame_reads();
    printf("C    build %d views (4 constraints each), layout, read frames: %8.2f ms\n", VIEWS,
           best * 1e3);
    printf("C    tether_view_frame, per call: %8.1f ns\n", reads / FRAME_READS * 1e9);
    return 0;
}
