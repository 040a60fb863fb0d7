/*
 * view_calls.c: what one view-model call costs through the C ABI, per call, for the table that
 * benchmarks/view_calls.py prints beside the Python package's (issue 21, item 4).
 *
 *     cc -O2 -std=c11 -IInclude benchmarks/c/view_calls.c -Lpath -ltether -o view_calls
 *     ./view_calls [COUNT]
 *
 * The calls, COUNT of each, in this order on one engine: make a view; add it as a subview of a
 * root; make and activate a constraint from anchors (child.leading == root.leading + 8); change
 * that constraint's constant; set a view's frame (the root's, alternating widths); lay out the
 * root (after a constant change, so there is work); read a frame. Prints one JSON line of
 * microseconds per call (the median of 5 rounds, each on a fresh engine).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tether.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void must(tether_status status, const char *what) {
    if (status != TETHER_OK) {
        fprintf(stderr, "view_calls: %s failed: %s\n", what, tether_last_error());
        exit(2);
    }
}

enum { CALLS = 7, ROUNDS = 5 };
static const char *names[CALLS] = {"make a view", "add a subview", "activate a constraint from anchors",
                                   "change a constant", "set a frame", "lay out", "read a frame"};

static void round_of(size_t count, double out[CALLS]) {
    tether_engine *e;
    must(tether_engine_new(&e), "engine_new");
    tether_rect screen = {0, 0, 400, 300}, none = {0, 0, 0, 0};
    tether_view root;
    must(tether_view_new(e, screen, &root), "view_new");
    tether_view *views = malloc(count * sizeof *views);
    tether_layout_constraint *constraints = malloc(count * sizeof *constraints);
    if (!views || !constraints) abort();

    double t = now();
    for (size_t i = 0; i < count; i++) must(tether_view_new(e, none, &views[i]), "view_new");
    out[0] = now() - t;

    t = now();
    for (size_t i = 0; i < count; i++) must(tether_view_add_subview(e, root, views[i]), "add_subview");
    out[1] = now() - t;
    for (size_t i = 0; i < count; i++)
        must(tether_view_set_translates_autoresizing_mask(e, views[i], 0), "translates");

    t = now();
    for (size_t i = 0; i < count; i++) {
        must(tether_layout_constraint_new(e, views[i], TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root,
                                          TETHER_ATTRIBUTE_LEADING, 1, 8, 1000, &constraints[i]),
             "constraint_new");
        must(tether_layout_constraint_set_active(e, constraints[i], 1), "set_active");
    }
    out[2] = now() - t;
    must(tether_view_layout_if_needed(e, root), "layout");

    t = now();
    for (size_t i = 0; i < count; i++)
        must(tether_layout_constraint_set_constant(e, constraints[i], (double)(i % 17)), "set_constant");
    out[3] = now() - t;

    t = now();
    for (size_t i = 0; i < count; i++) {
        tether_rect frame = {0, 0, 400 + (double)(i % 2), 300};
        must(tether_view_set_frame(e, root, frame), "set_frame");
    }
    out[4] = now() - t;

    t = now();
    for (size_t i = 0; i < count; i++) {
        must(tether_layout_constraint_set_constant(e, constraints[0], (double)(i % 5)), "set_constant");
        must(tether_view_layout_if_needed(e, root), "layout");
    }
    out[5] = now() - t - out[3]; /* less the constant changes (timed above) */

    t = now();
    tether_rect frame;
    double sum = 0;
    for (size_t i = 0; i < count; i++) {
        must(tether_view_frame(e, views[i], &frame), "frame");
        sum += frame.x;
    }
    out[6] = now() - t;
    if (sum < 0) puts("");
    for (int k = 0; k < CALLS; k++) out[k] = out[k] / (double)count * 1e6;
    free(views);
    free(constraints);
    tether_engine_free(e);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    size_t count = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 2000;
    double samples[CALLS][ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double out[CALLS];
        round_of(count, out);
        for (int k = 0; k < CALLS; k++) samples[k][r] = out[k];
    }
    printf("{");
    for (int k = 0; k < CALLS; k++) {
        qsort(samples[k], ROUNDS, sizeof(double), by_value);
        printf("%s\"%s\": %.4f", k ? ", " : "", names[k], samples[k][ROUNDS / 2]);
    }
    printf("}\n");
    return 0;
}
