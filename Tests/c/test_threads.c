/*
 * test_threads.c: several engines and solvers driven from several threads at once, through the
 * C ABI only (the rules are in docs/c-api.md#threads and docs/threads.md).
 *
 * Each of THREADS threads owns its objects: an engine and a raw solver. For ROUNDS rounds it
 *   - builds a screen in its engine (a header, a body inside the margins, a row of three equal
 *     boxes made with the Visual Format Language), lays it out and checks every frame exactly,
 *     resizes the root, lays out and checks again, then frees the screen;
 *   - drags a window in its solver (an edit variable) over three equal boxes and checks the
 *     published values;
 *   - fails a call on purpose with an id only this thread and round use, and checks that
 *     tether_last_error() names that id, also after every thread has failed in the same way
 *     (the threads wait for each other at a barrier in between) and after successful calls;
 *   - every few rounds frees its engine and solver and makes new ones (the handle registry is
 *     shared by all threads).
 * The sizes differ per thread and round, so a frame or value computed for another thread's
 * screen would be caught. After joining, the main thread takes over each thread's last engine
 * (one thread at a time is the rule, not one thread for life), lays out a screen in it and frees
 * it, and checks that its own last error is still "" (it never failed; the threads did).
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"

#define THREADS 4
#define ROUNDS 32
#define RENEW_EVERY 6

/* Apple's attribute and relation raw values used below. */
enum { TOP = 3, BOTTOM = 4, LEADING = 5, TRAILING = 6, HEIGHT = 8, LEADING_MARGIN = 17, TRAILING_MARGIN = 18 };

typedef struct worker {
    int index;
    int passed, failed;
    char first_failure[512];
    tether_engine *engine;
    tether_solver *solver;
} worker;

static pthread_barrier_t barrier;

static void expect(worker *w, int ok, const char *what, int round) {
    if (ok) {
        w->passed++;
        return;
    }
    w->failed++;
    if (w->failed == 1)
        snprintf(w->first_failure, sizeof w->first_failure, "thread %d round %d: %s", w->index, round, what);
}

/* A call that must succeed; on failure the thread's own last error says why. */
static int ok(worker *w, tether_status status, const char *what, int round) {
    if (status == TETHER_OK) {
        w->passed++;
        return 1;
    }
    {
        const char *message = tether_last_error();
        char text[256];
        snprintf(text, sizeof text, "%s: %s: %s", what, tether_status_name(status), message);
        expect(w, 0, text, round);
    }
    return 0;
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * (1 + fabs(b)); }

static int frame_is(tether_engine *e, tether_view v, double x, double y, double width, double height) {
    tether_rect f;
    if (tether_view_frame(e, v, &f) != TETHER_OK) return 0;
    return near(f.x, x) && near(f.y, y) && near(f.width, width) && near(f.height, height);
}

static tether_status constrain(tether_engine *e, tether_item a, tether_attribute attribute_a, tether_item b,
                               tether_attribute attribute_b, double constant, tether_layout_constraint *out) {
    return tether_layout_constraint_new(e, a, attribute_a, TETHER_RELATION_EQUAL, b, attribute_b, b ? 1.0 : 0.0,
                                        constant, TETHER_LAYOUT_PRIORITY_REQUIRED, out);
}

/* The screen of a root `width` x `height`: header (0, 0, width, 44); body (8, 52, width - 16,
 * height - 52) inside the margins; boxes a, b, c 30 high, 8 below the header, equal widths,
 * 20 from the edges and 8 apart: H:|-[a]-[b(==a)]-[c(==a)]-| with top and bottom aligned. */
static int check_screen(worker *w, tether_view root, tether_view header, tether_view body, const tether_view *box,
                        double width, double height, int round) {
    double box_width = (width - 40 - 16) / 3;
    int good = 1;
    tether_rect f;
    good &= ok(w, tether_view_layout_if_needed(w->engine, root), "layout_if_needed", round);
    expect(w, frame_is(w->engine, header, 0, 0, width, 44), "header frame", round);
    expect(w, frame_is(w->engine, body, 8, 52, width - 16, height - 52), "body frame", round);
    expect(w, frame_is(w->engine, box[0], 20, 52, box_width, 30), "box a frame", round);
    expect(w, frame_is(w->engine, box[1], 28 + box_width, 52, box_width, 30), "box b frame", round);
    expect(w, frame_is(w->engine, box[2], 36 + 2 * box_width, 52, box_width, 30), "box c frame", round);
    good &= tether_view_frame(w->engine, root, &f) == TETHER_OK && f.width == width && f.height == height;
    expect(w, good, "root frame and layout", round);
    return good;
}

static void screen_round(worker *w, int round) {
    tether_engine *e = w->engine;
    double width = 320 + 10 * w->index + round, height = 480 + round;
    tether_view root = 0, header = 0, body = 0, box[3] = {0, 0, 0};
    tether_layout_constraint cs[16], row[16];
    size_t n = 0, made = 0, i;
    static const char *const names[] = {"a", "b", "c"};
    tether_item items[3];

    if (!ok(w, tether_view_new(e, (tether_rect){0, 0, width, height}, &root), "view_new(root)", round)) return;
    ok(w, tether_view_new(e, (tether_rect){0, 0, 0, 0}, &header), "view_new(header)", round);
    ok(w, tether_view_new(e, (tether_rect){0, 0, 0, 0}, &body), "view_new(body)", round);
    for (i = 0; i < 3; i++) ok(w, tether_view_new(e, (tether_rect){0, 0, 0, 0}, &box[i]), "view_new(box)", round);
    {
        tether_view children[5];
        children[0] = header;
        children[1] = body;
        children[2] = box[0];
        children[3] = box[1];
        children[4] = box[2];
        for (i = 0; i < 5; i++) {
            ok(w, tether_view_set_translates_autoresizing_mask(e, children[i], 0), "set_translates", round);
            ok(w, tether_view_add_subview(e, root, children[i]), "add_subview", round);
        }
    }
    ok(w, constrain(e, header, TOP, root, TOP, 0, &cs[n++]), "header.top", round);
    ok(w, constrain(e, header, LEADING, root, LEADING, 0, &cs[n++]), "header.leading", round);
    ok(w, constrain(e, header, TRAILING, root, TRAILING, 0, &cs[n++]), "header.trailing", round);
    ok(w, constrain(e, header, HEIGHT, 0, 0, 44, &cs[n++]), "header.height", round);
    ok(w, constrain(e, body, TOP, header, BOTTOM, 8, &cs[n++]), "body.top", round);
    ok(w, constrain(e, body, BOTTOM, root, BOTTOM, 0, &cs[n++]), "body.bottom", round);
    ok(w, constrain(e, body, LEADING, root, LEADING_MARGIN, 0, &cs[n++]), "body.leading", round);
    ok(w, constrain(e, body, TRAILING, root, TRAILING_MARGIN, 0, &cs[n++]), "body.trailing", round);
    ok(w, constrain(e, box[0], TOP, header, BOTTOM, 8, &cs[n++]), "a.top", round);
    ok(w, constrain(e, box[0], HEIGHT, 0, 0, 30, &cs[n++]), "a.height", round);
    ok(w, tether_layout_constraint_activate(e, cs, n, NULL), "activate", round);

    for (i = 0; i < 3; i++) items[i] = box[i];
    if (ok(w, tether_layout_constraints_with_visual_format(
                  e, "H:|-[a]-[b(==a)]-[c(==a)]-|", TETHER_FORMAT_ALIGN_ALL_TOP | TETHER_FORMAT_ALIGN_ALL_BOTTOM,
                  NULL, NULL, 0, names, items, 3, row, sizeof row / sizeof row[0], &made, NULL),
           "visual format", round))
        ok(w, tether_layout_constraint_activate(e, row, made, NULL), "activate(row)", round);

    check_screen(w, root, header, body, box, width, height, round);

    /* Resize: the constraints stay, the frames follow. */
    width += 100 + w->index;
    height -= 40;
    ok(w, tether_view_set_frame(e, root, (tether_rect){0, 0, width, height}), "set_frame(root)", round);
    check_screen(w, root, header, body, box, width, height, round);

    /* Freeing the root frees its subtree and every constraint on it. */
    ok(w, tether_view_free(e, root), "view_free(root)", round);
    expect(w, tether_view_frame(e, header, &(tether_rect){0, 0, 0, 0}) == TETHER_E_INVALID_ID,
           "a freed subview's id is stale", round);
}

/* |-20-[box0]-8-[box1]-8-[box2]-20-| in a window dragged to `window`, boxes >= 50 (required)
 * and equal: each box is (window - 56) / 3 wide. */
static void solver_round(worker *w, int round) {
    tether_solver *s = w->solver;
    tether_variable window, left[3], width[3], ids[7];
    tether_constraint c[8];
    size_t n = 0, i;
    double values[7];
    int drag;

    if (!ok(w, tether_solver_variable_new(s, "window", &window), "variable_new", round)) return;
    for (i = 0; i < 3; i++) {
        ok(w, tether_solver_variable_new(s, NULL, &left[i]), "variable_new", round);
        ok(w, tether_solver_variable_new(s, NULL, &width[i]), "variable_new", round);
    }
    ok(w, tether_solver_constraint_new(s, &left[0], (double[]){1}, 1, -20, TETHER_RELATION_EQUAL,
                                       TETHER_PRIORITY_REQUIRED, &c[n++]), "left0", round);
    for (i = 1; i < 3; i++) {
        ok(w, tether_solver_constraint_new(s, (tether_variable[]){left[i], left[i - 1], width[i - 1]},
                                           (double[]){1, -1, -1}, 3, -8, TETHER_RELATION_EQUAL,
                                           TETHER_PRIORITY_REQUIRED, &c[n++]), "spacing", round);
        ok(w, tether_solver_constraint_new(s, (tether_variable[]){width[i], width[0]}, (double[]){1, -1}, 2, 0,
                                           TETHER_RELATION_EQUAL, TETHER_PRIORITY_REQUIRED, &c[n++]), "equal", round);
    }
    ok(w, tether_solver_constraint_new(s, (tether_variable[]){window, left[2], width[2]}, (double[]){1, -1, -1}, 3, -20,
                                       TETHER_RELATION_EQUAL, TETHER_PRIORITY_REQUIRED, &c[n++]), "trailing", round);
    ok(w, tether_solver_constraint_new(s, &width[0], (double[]){1}, 1, -50, TETHER_RELATION_GREATER_THAN_OR_EQUAL,
                                       TETHER_PRIORITY_REQUIRED, &c[n++]), "minimum", round);
    ok(w, tether_solver_constraint_add_batch(s, c, n, NULL), "add_batch", round);
    ok(w, tether_solver_edit_add(s, window, 999), "edit_add", round);

    ids[0] = window;
    for (i = 0; i < 3; i++) {
        ids[1 + 2 * i] = left[i];
        ids[2 + 2 * i] = width[i];
    }
    for (drag = 0; drag < 8; drag++) {
        double target = 300 + 17 * w->index + 5 * round + 11 * drag;
        double box = (target - 56) / 3;
        ok(w, tether_solver_edit_suggest(s, window, target), "edit_suggest", round);
        ok(w, tether_solver_update(s), "update", round);
        if (ok(w, tether_solver_variable_values(s, ids, 7, values), "variable_values", round))
            expect(w, near(values[0], target) && near(values[1], 20) && near(values[2], box) &&
                          near(values[3], 28 + box) && near(values[4], box) && near(values[5], 36 + 2 * box) &&
                          near(values[6], box),
                   "solver values", round);
    }
    ok(w, tether_solver_check(s), "solver_check", round);
    /* The next round starts from an empty solver with the same handle. */
    ok(w, tether_solver_reset(s), "reset", round);
}

/* This thread's own failure: an id nobody else uses, which the message must name. */
static void fail_on_purpose(worker *w, int round, char *expected, size_t size) {
    unsigned long long bogus = ((unsigned long long)(w->index + 1) << 40) | (unsigned long long)(round + 1);
    tether_status st = tether_view_free(w->engine, (tether_view)bogus);
    expect(w, st == TETHER_E_INVALID_ID, "bogus view id gives TETHER_E_INVALID_ID", round);
    snprintf(expected, size, "0x%llx", bogus); /* messages write ids in hex, as descriptions do */
}

static int last_error_names(const char *expected) {
    const char *message = tether_last_error();
    return message != NULL && strstr(message, expected) != NULL;
}

static void *run(void *argument) {
    worker *w = argument;
    int round;
    char expected[32];

    ok(w, tether_engine_new(&w->engine), "engine_new", -1);
    ok(w, tether_solver_new(&w->solver), "solver_new", -1);
    expect(w, tether_last_error()[0] == '\0', "a new thread's last error is \"\"", -1);
    for (round = 0; round < ROUNDS; round++) {
        if (round > 0 && round % RENEW_EVERY == 0) {
            ok(w, tether_engine_free(w->engine), "engine_free", round);
            ok(w, tether_solver_free(w->solver), "solver_free", round);
            ok(w, tether_engine_new(&w->engine), "engine_new", round);
            ok(w, tether_solver_new(&w->solver), "solver_new", round);
        }
        fail_on_purpose(w, round, expected, sizeof expected);
        expect(w, last_error_names(expected), "last error names this thread's id", round);
        /* Every thread has failed with its own id when the barrier opens. */
        pthread_barrier_wait(&barrier);
        expect(w, last_error_names(expected), "last error unchanged by other threads' failures", round);
        solver_round(w, round);
        expect(w, last_error_names(expected), "last error unchanged by successful calls", round);
        screen_round(w, round);
        pthread_barrier_wait(&barrier);
    }
    return NULL;
}

int main(void) {
    worker workers[THREADS];
    pthread_t threads[THREADS];
    int i, passed = 0, failed = 0;

    if (tether_abi_version() != TETHER_ABI_VERSION) {
        printf("0 passed, 1 failed\n");
        return EXIT_FAILURE;
    }
    if (pthread_barrier_init(&barrier, NULL, THREADS) != 0) {
        printf("pthread_barrier_init failed\n0 passed, 1 failed\n");
        return EXIT_FAILURE;
    }
    memset(workers, 0, sizeof workers);
    for (i = 0; i < THREADS; i++) {
        workers[i].index = i;
        if (pthread_create(&threads[i], NULL, run, &workers[i]) != 0) {
            printf("pthread_create failed\n0 passed, 1 failed\n");
            return EXIT_FAILURE;
        }
    }
    for (i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&barrier);

    /* The workers failed hundreds of calls; the main thread none: its message is still "". */
    if (tether_last_error()[0] == '\0') {
        passed++;
    } else {
        failed++;
        printf("FAIL main thread: last error is \"%s\", a worker's\n", tether_last_error());
    }

    /* The main thread takes over every thread's engine and solver: one thread at a time. */
    for (i = 0; i < THREADS; i++) {
        worker *w = &workers[i];
        screen_round(w, ROUNDS);
        solver_round(w, ROUNDS);
        ok(w, tether_engine_free(w->engine), "engine_free (main thread)", ROUNDS);
        ok(w, tether_solver_free(w->solver), "solver_free (main thread)", ROUNDS);
        expect(w, tether_engine_free(w->engine) == TETHER_E_INVALID_HANDLE, "second engine_free", ROUNDS);
        passed += w->passed;
        failed += w->failed;
        if (w->failed) printf("FAIL %s (%d failures in this thread)\n", w->first_failure, w->failed);
    }
    printf("%d threads x %d rounds\n", THREADS, ROUNDS);
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
