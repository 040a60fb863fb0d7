/*
 * measure_example.c: wrapping text measured by a C callback (height-for-width), through the
 * C ABI only.
 *
 * The "text engine" here is deliberately simple so that every number can be checked by hand: a
 * monospaced font, 8 points per character, 20 points per line, wrapped at any character. The
 * first baseline is 15 below the top, the last 5 above the bottom.
 *
 *   measure(width unknown) = one line: (8 * characters) x 20
 *   measure(width w)       = floor(w / 8) characters per line, ceil(characters / per line) lines
 *
 * A screen 320 x 480 with layout margins 20 (top, bottom) and 16 (left, right):
 *   label    100 characters, pinned to the leading, trailing and top margins: its width comes
 *            from the constraints, its height from the callback
 *   button   12 below the label, at the leading margin, 100 x 44, first baseline 27 from its top
 *   caption  9 characters, at the trailing margin, first baseline aligned with the button's
 *
 * The engine measures the label first without a width (NaN), solves the horizontal layout, then
 * measures again with the resolved width and solves the heights. The screen is then made
 * narrower (more lines), a cell is sized with tether_view_system_layout_size_fitting, and a
 * failing callback shows TETHER_E_CALLBACK_FAILED (the next pass recovers).
 *
 * Everything is checked against numbers worked out by hand; the program exits non-zero on any
 * difference or unexpected status.
 *
 * Build and run:  make c-examples && .build/c/examples/measure_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, start_example, rect, subview, equal */

#define CHAR_WIDTH 8.0
#define LINE_HEIGHT 20.0

static const char *const LONG_TEXT =
    "Tether lays out this label by asking a C callback how tall it is at the width its "
    "constraints allow.";
static const char *const SHORT_TEXT = "v1.0 beta";

/* What the callback's `context` points at: the text of each measured view, and a log. */
#define MAX_TEXTS 4
#define MAX_LOG 64
typedef struct {
    tether_view views[MAX_TEXTS];
    const char *texts[MAX_TEXTS];
    size_t count;
    int fail;                     /* non-zero: the callback reports a failure */
    size_t calls;
    double proposals[MAX_LOG];    /* the proposed widths of the first MAX_LOG calls */
} TextStore;

static int32_t measure_text(void *context, tether_view view, double proposed_width,
                            tether_measurement *out) {
    TextStore *store = context;
    const char *text = NULL;
    double characters, per_line, lines;
    size_t i;

    if (store->calls < MAX_LOG) store->proposals[store->calls] = proposed_width;
    store->calls++;
    if (store->fail) return 1;
    for (i = 0; i < store->count; i++)
        if (store->views[i] == view) text = store->texts[i];
    if (text == NULL) return 2; /* a view we know nothing about: fail the pass */

    characters = (double)strlen(text);
    if (isnan(proposed_width) || proposed_width >= characters * CHAR_WIDTH) {
        out->width = characters * CHAR_WIDTH;
        out->height = LINE_HEIGHT;
    } else {
        per_line = floor(proposed_width / CHAR_WIDTH);
        if (per_line < 1) per_line = 1;
        lines = ceil(characters / per_line);
        out->width = per_line * CHAR_WIDTH;
        out->height = lines * LINE_HEIGHT;
    }
    out->first_baseline = 15;
    out->last_baseline = 5;
    return 0;
}

static tether_engine *engine;
static TextStore store;
static int wrong;

/* A subview whose size comes from the measure callback. */
static tether_view text_view(tether_view parent, const char *name, const char *text) {
    tether_view v = subview(engine, parent, name);
    store.views[store.count] = v;
    store.texts[store.count] = text;
    store.count++;
    CHECK(tether_view_set_measured(engine, v, 1));
    return v;
}

static void expect_frame(const char *name, tether_view v, double x, double y, double width,
                         double height) {
    tether_rect f;
    CHECK(tether_view_frame(engine, v, &f));
    printf("  %-8s %8.2f %8.2f %8.2f %8.2f\n", name, f.x + 0.0, f.y + 0.0, f.width + 0.0,
           f.height + 0.0);
    if (fabs(f.x - x) > 1e-9 || fabs(f.y - y) > 1e-9 || fabs(f.width - width) > 1e-9 ||
        fabs(f.height - height) > 1e-9) {
        fprintf(stderr, "  WRONG: %s is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n", name, f.x,
                f.y, f.width, f.height, x, y, width, height);
        wrong = 1;
    }
}

static void expect_size(const char *what, tether_size got, double width, double height) {
    printf("  %s: %.2f x %.2f\n", what, got.width, got.height);
    if (fabs(got.width - width) > 1e-9 || fabs(got.height - height) > 1e-9) {
        fprintf(stderr, "  WRONG: %s is %g x %g, expected %g x %g\n", what, got.width, got.height,
                width, height);
        wrong = 1;
    }
}

/* Prints the widths the callback was asked about since call `from`. */
static void print_proposals(size_t from) {
    size_t i;
    printf("  measure calls:");
    for (i = from; i < store.calls && i < MAX_LOG; i++) {
        if (isnan(store.proposals[i]))
            printf(" NaN");
        else
            printf(" %g", store.proposals[i]);
    }
    printf("\n");
}

/* Whether the callback was asked about `width` since call `from`. */
static int proposed(size_t from, double width) {
    size_t i;
    for (i = from; i < store.calls && i < MAX_LOG; i++)
        if (isnan(width) ? isnan(store.proposals[i]) : store.proposals[i] == width) return 1;
    return 0;
}

int main(void) {
    const tether_attribute TOP = TETHER_ATTRIBUTE_TOP, BOTTOM = TETHER_ATTRIBUTE_BOTTOM,
                           LEADING = TETHER_ATTRIBUTE_LEADING, TRAILING = TETHER_ATTRIBUTE_TRAILING,
                           WIDTH = TETHER_ATTRIBUTE_WIDTH, HEIGHT = TETHER_ATTRIBUTE_HEIGHT,
                           NONE = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE;
    tether_view screen, label, button, caption, cell, cell_label;
    tether_layout_constraint c[12];
    tether_insets margins;
    tether_size size;
    size_t n = 0, from;
    tether_status status;

    start_example();
    if (strlen(LONG_TEXT) != 100 || strlen(SHORT_TEXT) != 9) {
        fprintf(stderr, "measure_example: the hand-computed numbers assume 100 and 9 characters\n");
        return EXIT_FAILURE;
    }

    CHECK(tether_engine_new(&engine));
    CHECK(tether_engine_set_measure_callback(engine, measure_text, &store));

    CHECK(tether_view_new(engine, rect(0, 0, 320, 480), &screen));
    margins.top = 20, margins.left = 16, margins.bottom = 20, margins.right = 16;
    CHECK(tether_view_set_layout_margins(engine, screen, margins));
    label = text_view(screen, "label", LONG_TEXT);
    button = subview(engine, screen, "button");
    caption = text_view(screen, "caption", SHORT_TEXT);
    CHECK(tether_view_set_baselines(engine, button, 27, NAN));

    c[n++] = equal(engine, label, LEADING, screen, TETHER_ATTRIBUTE_LEADING_MARGIN, 0);
    c[n++] = equal(engine, label, TRAILING, screen, TETHER_ATTRIBUTE_TRAILING_MARGIN, 0);
    c[n++] = equal(engine, label, TOP, screen, TETHER_ATTRIBUTE_TOP_MARGIN, 0);
    c[n++] = equal(engine, button, TOP, label, BOTTOM, 12);
    c[n++] = equal(engine, button, LEADING, screen, TETHER_ATTRIBUTE_LEADING_MARGIN, 0);
    c[n++] = equal(engine, button, WIDTH, 0, NONE, 100);
    c[n++] = equal(engine, button, HEIGHT, 0, NONE, 44);
    c[n++] = equal(engine, caption, TRAILING, screen, TETHER_ATTRIBUTE_TRAILING_MARGIN, 0);
    c[n++] = equal(engine, caption, TETHER_ATTRIBUTE_FIRST_BASELINE, button,
                   TETHER_ATTRIBUTE_FIRST_BASELINE, 0);
    CHECK(tether_layout_constraint_activate(engine, c, n, NULL));

    /* 320 wide: the label is 320 - 32 = 288 wide, 36 characters a line, 3 lines (60 high). The
     * button is 12 below (20 + 60 + 12 = 92); the caption's baseline (15 below its top) meets the
     * button's (27 below its top): caption top 92 + 27 - 15 = 104, x 320 - 16 - 72 = 232. */
    from = store.calls;
    CHECK(tether_view_layout_if_needed(engine, screen));
    printf("Screen 320 x 480:\n");
    print_proposals(from);
    if (!proposed(from, NAN) || !proposed(from, 288)) {
        fprintf(stderr, "  WRONG: the label was not measured without a width and then at 288\n");
        wrong = 1;
    }
    expect_frame("label", label, 16, 20, 288, 60);
    expect_frame("button", button, 16, 92, 100, 44);
    expect_frame("caption", caption, 232, 104, 72, 20);

    /* 200 wide: 168 points, 21 characters a line, 5 lines (100 high). */
    from = store.calls;
    CHECK(tether_view_set_frame(engine, screen, rect(0, 0, 200, 480)));
    CHECK(tether_view_layout_if_needed(engine, screen));
    printf("\nScreen 200 x 480:\n");
    print_proposals(from);
    expect_frame("label", label, 16, 20, 168, 100);
    expect_frame("button", button, 16, 132, 100, 44);
    expect_frame("caption", caption, 112, 144, 72, 20);

    /* A cell: the text inset 10 on every side. Its fitting size for a width of 240 (required)
     * and the smallest height: 220 points, 27 characters a line, 4 lines: 80 + 20 = 100. With
     * nothing required the text stays on one line: 800 + 20 wide, 20 + 20 high. */
    printf("\nA cell sized to fit:\n");
    CHECK(tether_view_new(engine, rect(0, 0, 1, 1), &cell));
    cell_label = text_view(cell, "cell label", LONG_TEXT);
    n = 0;
    c[n++] = equal(engine, cell_label, LEADING, cell, LEADING, 10);
    c[n++] = equal(engine, cell_label, TRAILING, cell, TRAILING, -10);
    c[n++] = equal(engine, cell_label, TOP, cell, TOP, 10);
    c[n++] = equal(engine, cell_label, BOTTOM, cell, BOTTOM, -10);
    CHECK(tether_layout_constraint_activate(engine, c, n, NULL));
    size.width = 240, size.height = 0;
    CHECK(tether_view_system_layout_size_fitting(engine, cell, size, TETHER_LAYOUT_PRIORITY_REQUIRED,
                                                 TETHER_LAYOUT_PRIORITY_FITTING_SIZE, &size));
    expect_size("fitting 240 wide", size, 240, 100);
    size.width = 0, size.height = 0;
    CHECK(tether_view_system_layout_size_fitting(engine, cell, size,
                                                 TETHER_LAYOUT_PRIORITY_FITTING_SIZE,
                                                 TETHER_LAYOUT_PRIORITY_FITTING_SIZE, &size));
    expect_size("fitting as small as possible", size, 820, 40);

    /* A callback that fails: the pass is abandoned with TETHER_E_CALLBACK_FAILED and runs again
     * at the next layout call. */
    printf("\nA failing callback:\n");
    store.fail = 1;
    CHECK(tether_view_set_frame(engine, screen, rect(0, 0, 320, 480)));
    status = tether_view_layout_if_needed(engine, screen);
    {
        const char *message = tether_last_error();
        printf("  layout: %s (%s)\n", tether_status_name(status), message);
    }
    if (status != TETHER_E_CALLBACK_FAILED) {
        fprintf(stderr, "  WRONG: expected TETHER_E_CALLBACK_FAILED\n");
        wrong = 1;
    }
    store.fail = 0;
    CHECK(tether_view_layout_if_needed(engine, screen));
    printf("  again, with the callback working:\n");
    expect_frame("label", label, 16, 20, 288, 60);
    expect_frame("caption", caption, 232, 104, 72, 20);

    CHECK(tether_engine_free(engine));
    if (wrong) {
        fprintf(stderr, "measure_example: the layout differs from the hand-computed one\n");
        return EXIT_FAILURE;
    }
    printf("\nmeasure_example: every frame and size is as computed by hand\n");
    return EXIT_SUCCESS;
}
