/*
 * animation_sampling.c: what sampling one display frame of N animating views costs through the
 * C ABI, beside reading their N model frames (issue 25: "sampling one frame of 10,000 animating
 * views should cost about as much as reading 10,000 frames").
 *
 *     cc -O2 -std=c11 -IInclude benchmarks/c/animation_sampling.c -L.build/release -ltether \
 *        -Wl,-rpath,$PWD/.build/release -o /tmp/animation_sampling
 *     /tmp/animation_sampling [N]        (default 10000)
 *
 * A root with N constrained views on a 100-column grid (left, top, width, height), laid out; then
 * every left constant + 100 and a relayout inside a 1 s linear block; the clock advanced to
 * 0.5 s. Timed, best of 9 rounds of each, all in one process: N tether_view_frame() calls, N
 * tether_view_presentation_frame() calls, one tether_view_subtree_frames() and one
 * tether_view_subtree_presentation_frames() of the root. Every presentation frame is checked
 * (x halfway). Prints one JSON line: milliseconds per sampling of all N views.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
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
        fprintf(stderr, "animation_sampling: %s failed: %s\n", what, tether_last_error());
        exit(2);
    }
}

static tether_layout_constraint pin(tether_engine *e, tether_view v, tether_attribute a, tether_view to,
                                    tether_attribute b, double constant) {
    tether_layout_constraint c;
    must(tether_layout_constraint_new(e, v, a, TETHER_RELATION_EQUAL, to, b, 1.0, constant, 1000.0f, &c), "constraint");
    return c;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 10000;
    if (n == 0) return 64;
    tether_engine *e;
    must(tether_engine_new(&e), "engine_new");
    tether_view root;
    must(tether_view_new(e, (tether_rect){0, 0, 1100, 10.0 * (double)(n / 100 + 1)}, &root), "root");
    tether_view *views = malloc(n * sizeof *views);
    tether_layout_constraint *lefts = malloc(n * sizeof *lefts);
    tether_layout_constraint *all = malloc(4 * n * sizeof *all);
    tether_rect *frames = malloc((n + 1) * sizeof *frames);
    tether_view *ids = malloc((n + 1) * sizeof *ids);
    if (!views || !lefts || !all || !frames || !ids) return 71;
    for (size_t i = 0; i < n; i++) {
        must(tether_view_new_subview(e, root, NULL, &views[i]), "subview");
        lefts[i] = pin(e, views[i], TETHER_ATTRIBUTE_LEFT, root, TETHER_ATTRIBUTE_LEFT, (double)(i % 100) * 10);
        all[4 * i] = lefts[i];
        all[4 * i + 1] = pin(e, views[i], TETHER_ATTRIBUTE_TOP, root, TETHER_ATTRIBUTE_TOP, (double)(i / 100) * 10);
        all[4 * i + 2] = pin(e, views[i], TETHER_ATTRIBUTE_WIDTH, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 10);
        all[4 * i + 3] = pin(e, views[i], TETHER_ATTRIBUTE_HEIGHT, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 10);
    }
    must(tether_layout_constraint_activate(e, all, 4 * n, NULL), "activate");
    must(tether_view_layout_if_needed(e, root), "layout");

    tether_animation_options options = TETHER_ANIMATION_OPTIONS_INIT;
    options.duration = 1;
    options.curve = TETHER_ANIMATION_CURVE_LINEAR;
    must(tether_animation_begin(&options), "begin");
    for (size_t i = 0; i < n; i++) {
        must(tether_layout_constraint_set_constant(e, lefts[i], (double)(i % 100) * 10 + 100), "constant");
    }
    must(tether_view_layout_if_needed(e, root), "animated layout");
    must(tether_animation_commit(), "commit");
    must(tether_engine_advance(e, 0.5), "advance");

    double best[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
    double checksum = 0;
    for (int round = 0; round < 9; round++) {
        tether_rect r;
        double t0 = now();
        for (size_t i = 0; i < n; i++) { must(tether_view_frame(e, views[i], &r), "frame"); checksum += r.x; }
        double t1 = now();
        for (size_t i = 0; i < n; i++) {
            must(tether_view_presentation_frame(e, views[i], &r), "presentation frame");
            if (fabs(r.x - ((double)(i % 100) * 10 + 50)) > 1e-9) {
                fprintf(stderr, "animation_sampling: view %zu shown at x %g\n", i, r.x);
                return 3;
            }
        }
        double t2 = now();
        size_t needed;
        must(tether_view_subtree_frames(e, root, ids, frames, n + 1, &needed), "subtree frames");
        double t3 = now();
        must(tether_view_subtree_presentation_frames(e, root, ids, frames, n + 1, &needed), "subtree presentation");
        double t4 = now();
        double spans[4] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
        for (int k = 0; k < 4; k++) if (spans[k] < best[k]) best[k] = spans[k];
    }
    printf("{\"engine\": \"tether-c\", \"workload\": \"animation-sampling\", \"n\": %zu, "
           "\"frame_calls_ms\": %.4f, \"presentation_frame_calls_ms\": %.4f, "
           "\"subtree_frames_ms\": %.4f, \"subtree_presentation_frames_ms\": %.4f, \"checksum\": %.0f}\n",
           n, best[0] * 1e3, best[1] * 1e3, best[2] * 1e3, best[3] * 1e3, checksum);
    tether_engine_free(e);
    free(views); free(lefts); free(all); free(frames); free(ids);
    return 0;
}
