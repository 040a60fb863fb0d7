/* The C side of the C++ binding's overhead benchmark (make bench-cpp): the same work as
 * overhead.cpp through the C API directly. Per round: a root, N subviews, 4 constraints each
 * (a vertical chain of fixed-size rows) made and activated in one call, one layout pass, every
 * frame read, the root freed. Prints the best of ROUNDS rounds in microseconds.
 * Usage: overhead_c [N] [ROUNDS] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tether.h"

#define CHECK(call)                                                                   \
    do {                                                                              \
        tether_status s_ = (call);                                                    \
        if (s_ != TETHER_OK) {                                                        \
            fprintf(stderr, "%s: %s (%s)\n", #call, tether_last_error(),              \
                    tether_status_name(s_));                                          \
            exit(EXIT_FAILURE);                                                       \
        }                                                                             \
    } while (0)

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 1000, rounds = argc > 2 ? (size_t)atol(argv[2]) : 5;
    tether_engine *engine;
    tether_view *views = malloc(n * sizeof *views);
    tether_layout_constraint *made = malloc(4 * n * sizeof *made);
    double best = -1, checksum = 0;
    size_t r, i;
    CHECK(tether_engine_new(&engine));
    for (r = 0; r < rounds; r++) {
        double start = now_us(), elapsed;
        tether_view root;
        size_t k = 0;
        CHECK(tether_view_new(engine, (tether_rect){0, 0, 320, 20.0 * n}, &root));
        for (i = 0; i < n; i++) {
            CHECK(tether_view_new_subview(engine, root, NULL, &views[i]));
            CHECK(tether_layout_constraint_new(engine, views[i], TETHER_ATTRIBUTE_LEADING,
                                               TETHER_RELATION_EQUAL, root,
                                               TETHER_ATTRIBUTE_LEADING, 1, 8,
                                               TETHER_LAYOUT_PRIORITY_REQUIRED, &made[k++]));
            CHECK(tether_layout_constraint_new(engine, views[i], TETHER_ATTRIBUTE_WIDTH,
                                               TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_WIDTH,
                                               0.5, 0, TETHER_LAYOUT_PRIORITY_REQUIRED, &made[k++]));
            CHECK(tether_layout_constraint_new(engine, views[i], TETHER_ATTRIBUTE_TOP,
                                               TETHER_RELATION_EQUAL,
                                               i == 0 ? root : views[i - 1],
                                               i == 0 ? TETHER_ATTRIBUTE_TOP
                                                      : TETHER_ATTRIBUTE_BOTTOM,
                                               1, 2, TETHER_LAYOUT_PRIORITY_REQUIRED, &made[k++]));
            CHECK(tether_layout_constraint_new(engine, views[i], TETHER_ATTRIBUTE_HEIGHT,
                                               TETHER_RELATION_EQUAL, 0,
                                               TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 18,
                                               TETHER_LAYOUT_PRIORITY_REQUIRED, &made[k++]));
        }
        CHECK(tether_layout_constraint_activate(engine, made, k, NULL));
        CHECK(tether_view_layout_if_needed(engine, root));
        for (i = 0; i < n; i++) {
            tether_rect f;
            CHECK(tether_view_frame(engine, views[i], &f));
            checksum += f.y;
        }
        CHECK(tether_view_free(engine, root));
        elapsed = now_us() - start;
        if (best < 0 || elapsed < best) best = elapsed;
    }
    CHECK(tether_engine_free(engine));
    free(views);
    free(made);
    printf("c   n=%zu best=%.0f us per-view=%.2f us checksum=%.0f\n", n, best, best / n, checksum);
    return 0;
}
