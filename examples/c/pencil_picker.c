/*
 * pencil_picker.c: a row of pencils in which the selected one stands raised, and a change of
 * selection animated as UIKit animates a constraint change (docs/animation.md), through the C
 * ABI only. The same picker in Python is examples/python/pencil_picker.py; both print the same
 * frames.
 *
 *          +----+                       root: 336 x 200
 *          |tip |                       five pencils, 16 apart and 16 from the root's sides,
 *   +----+ +----+ +----+ +----+ +----+  of equal width (48) and 120 high; each a tip 24 high
 *   |tip | |    | |tip | |tip | |tip |  on a base that stretches over the rest of the pencil
 *   +----+ |base| +----+ +----+ +----+  pencil.bottom == root.bottom + lift: lift is 0, or
 *   |base| |    | |base| |base| |base|  -32 for the selected pencil (raised by 32 points)
 *   +----+ +----+ +----+ +----+ +----+
 *
 * Pencil 1 starts selected. Selecting pencil 3 sets pencil 1's lift to 0 and pencil 3's to -32
 * and lays out inside a 0.5 s ease-in-out block: the model frames change at once, and the
 * presentation frames move there over half a second of the engine's clock. The program samples
 * the animation at 10 frames per second, prints the two pencils' presentation frames, checks
 * them against the constraints (old and new frames at the ends, the halfway point of the
 * symmetric ease-in-out at 0.25 s), and writes the animated SVG.
 *
 * Build and run:  make c-examples && .build/c/examples/pencil_picker [OUT.svg]
 * (default out/pencil-picker.svg; docs/images/pencil-picker.svg is this program's output)
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, start_example, rect, subview, equal */

enum { PENCILS = 5, WIDTH = 48, HEIGHT = 120, TIP = 24, GAP = 16, LIFT = 32 };

static tether_engine *engine;
static tether_view root, pencils[PENCILS];
static tether_layout_constraint bottoms[PENCILS];
static int wrong;

static void activate(tether_layout_constraint c) { CHECK(tether_layout_constraint_activate(engine, &c, 1, NULL)); }

/* One pencil: a view with a tip (fixed height) over a base that fills the rest. */
static tether_view make_pencil(int index) {
    char name[32];
    tether_view pencil, tip, base;
    snprintf(name, sizeof name, "pencil_%d", index);
    pencil = subview(engine, root, name);
    snprintf(name, sizeof name, "tip_%d", index);
    tip = subview(engine, pencil, name);
    snprintf(name, sizeof name, "base_%d", index);
    base = subview(engine, pencil, name);
    activate(equal(engine, tip, TETHER_ATTRIBUTE_TOP, pencil, TETHER_ATTRIBUTE_TOP, 0));
    activate(equal(engine, tip, TETHER_ATTRIBUTE_LEADING, pencil, TETHER_ATTRIBUTE_LEADING, 0));
    activate(equal(engine, tip, TETHER_ATTRIBUTE_TRAILING, pencil, TETHER_ATTRIBUTE_TRAILING, 0));
    activate(equal(engine, tip, TETHER_ATTRIBUTE_HEIGHT, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, TIP));
    activate(equal(engine, base, TETHER_ATTRIBUTE_TOP, tip, TETHER_ATTRIBUTE_BOTTOM, 0));
    activate(equal(engine, base, TETHER_ATTRIBUTE_LEADING, pencil, TETHER_ATTRIBUTE_LEADING, 0));
    activate(equal(engine, base, TETHER_ATTRIBUTE_TRAILING, pencil, TETHER_ATTRIBUTE_TRAILING, 0));
    activate(equal(engine, base, TETHER_ATTRIBUTE_BOTTOM, pencil, TETHER_ATTRIBUTE_BOTTOM, 0));
    activate(equal(engine, pencil, TETHER_ATTRIBUTE_HEIGHT, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, HEIGHT));
    bottoms[index] = equal(engine, pencil, TETHER_ATTRIBUTE_BOTTOM, root, TETHER_ATTRIBUTE_BOTTOM, 0);
    activate(bottoms[index]);
    return pencil;
}

static void build(void) {
    int i;
    CHECK(tether_engine_new(&engine));
    CHECK(tether_view_new(engine, rect(0, 0, 336, 200), &root));
    CHECK(tether_item_set_identifier(engine, root, "picker"));
    for (i = 0; i < PENCILS; i++) pencils[i] = make_pencil(i);
    /* A row: 16 from the sides, 16 apart, all as wide as the first. */
    activate(equal(engine, pencils[0], TETHER_ATTRIBUTE_LEADING, root, TETHER_ATTRIBUTE_LEADING, GAP));
    for (i = 1; i < PENCILS; i++) {
        activate(equal(engine, pencils[i], TETHER_ATTRIBUTE_LEADING, pencils[i - 1], TETHER_ATTRIBUTE_TRAILING, GAP));
        activate(equal(engine, pencils[i], TETHER_ATTRIBUTE_WIDTH, pencils[0], TETHER_ATTRIBUTE_WIDTH, 0));
    }
    activate(equal(engine, pencils[PENCILS - 1], TETHER_ATTRIBUTE_TRAILING, root, TETHER_ATTRIBUTE_TRAILING, -GAP));
}

/* Raises pencil `index` and lowers the others by their bottom constraints' constants. */
static void select_pencil(int index) {
    int i;
    for (i = 0; i < PENCILS; i++)
        CHECK(tether_layout_constraint_set_constant(engine, bottoms[i], i == index ? -LIFT : 0));
    CHECK(tether_view_layout_if_needed(engine, root));
}

static void expect(const char *what, double t, tether_rect r, double x, double y) {
    if (fabs(r.x - x) > 1e-9 || fabs(r.y - y) > 1e-9 || r.width != WIDTH || r.height != HEIGHT) {
        printf("  WRONG: %s at t=%.3f is (%g, %g, %g, %g), expected (%g, %g, %d, %d)\n", what, t, r.x,
               r.y, r.width, r.height, x, y, WIDTH, HEIGHT);
        wrong = 1;
    }
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "out/pencil-picker.svg";
    tether_animation_options animation = TETHER_ANIMATION_OPTIONS_INIT;
    tether_svg_animation_options movie = TETHER_SVG_ANIMATION_OPTIONS_INIT;
    double times[64];
    size_t count, k;
    const double rest = 200 - HEIGHT, raised = 200 - HEIGHT - LIFT;

    start_example();
    build();
    select_pencil(1); /* outside any block: at once */

    /* Selecting pencil 3, animated: UIKit's
     *   UIView.animate(withDuration: 0.5) { ...constants...; root.layoutIfNeeded() } */
    animation.duration = 0.5;
    animation.curve = TETHER_ANIMATION_CURVE_EASE_IN_OUT;
    CHECK(tether_animation_begin(&animation));
    select_pencil(3);
    CHECK(tether_animation_commit());

    CHECK(tether_view_animation_sample_times(engine, root, 10, times, 64, &count));
    printf("selecting pencil-3 (0.5 s, ease-in-out), sampled at 10 frames per second:\n");
    for (k = 0; k < count; k++) {
        tether_rect one, three;
        CHECK(tether_view_presentation_frame_at(engine, pencils[1], times[k], &one));
        CHECK(tether_view_presentation_frame_at(engine, pencils[3], times[k], &three));
        printf("t=%.3f pencil_1 (%.3f, %.3f, %.3f, %.3f) pencil_3 (%.3f, %.3f, %.3f, %.3f)\n", times[k],
               one.x, one.y, one.width, one.height, three.x, three.y, three.width, three.height);
        if (k == 0) expect("pencil-1", times[k], one, 80, raised), expect("pencil-3", times[k], three, 208, rest);
        if (k == count - 1) expect("pencil-1", times[k], one, 80, rest), expect("pencil-3", times[k], three, 208, raised);
    }
    {
        /* Ease-in-out is symmetric: halfway in time (0.25 s, between two samples) is halfway in
         * distance. */
        tether_rect one, three;
        CHECK(tether_view_presentation_frame_at(engine, pencils[1], 0.25, &one));
        CHECK(tether_view_presentation_frame_at(engine, pencils[3], 0.25, &three));
        expect("pencil-1", 0.25, one, 80, (rest + raised) / 2);
        expect("pencil-3", 0.25, three, 208, (rest + raised) / 2);
    }
    if (count != 6 || fabs(times[count - 1] - 0.5) > 1e-12) {
        printf("  WRONG: %zu samples ending at %g, expected 6 ending at 0.5\n", count, times[count - 1]);
        wrong = 1;
    }

    if (argc <= 1 && mkdir("out", 0777) != 0 && errno != EEXIST) perror("mkdir out");
    movie.frames_per_second = 30;
    CHECK(tether_view_write_animated_svg(engine, root, NULL, &movie, path));
    printf("wrote %s\n", path);

    CHECK(tether_engine_free(engine));
    if (wrong) return EXIT_FAILURE;
    printf("pencil_picker: every check passed\n");
    return EXIT_SUCCESS;
}
