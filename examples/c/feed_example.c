/*
 * feed_example.c: the demo's social-feed screen (examples/python/feed_demo.py), built through the
 * C ABI (Include/tether.h) only.
 *
 *   - a header under the safe area: a centred title and a compose button at its trailing margin;
 *   - a feed: a vertical stack view of cells, each an avatar beside a paragraph of wrapping text
 *     measured by a C callback (height-for-width), each cell as tall as its content;
 *   - a toolbar: a horizontal stack view of four buttons of equal width (fill equally).
 *
 * Laid out at 390 x 844 (portrait), then 844 x 390 (landscape, other safe-area insets). Each
 * layout is printed, checked against frames worked out by hand, checked for conflicts (through
 * the diagnostic handler) and ambiguity, and drawn as SVG into the folder FEED_EXAMPLE_OUT
 * (default: out, made if missing) as feed-portrait.svg and feed-landscape.svg. Exits non-zero on any
 * difference, conflict, ambiguity or unexpected status.
 *
 * Build and run:  make c-examples && .build/c/examples/feed_example
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, subview */

#define POSTS 3
#define BUTTONS 4
#define CHARACTER_WIDTH 7.0 /* the text's font: every character 7 points wide, */
#define LINE_HEIGHT 18.0    /* lines 18 points apart */

/* The lengths of the posts' texts, in characters (the Python demo's POSTS). */
static const size_t post_lengths[POSTS] = {45, 119, 242};
static const char *const button_names[BUTTONS] = {"home", "search", "post", "profile"};
static const double button_widths[BUTTONS] = {60, 70, 50, 70};

static tether_engine *engine;
static tether_view root, header, title, compose, feed, cells, toolbar;
static tether_view cell[POSTS], avatar[POSTS], text[POSTS], button[BUTTONS];
static tether_layout_constraint made[128];
static size_t made_count;
static int problems, conflicts;

static int text_lines(size_t length, double width) {
    int lines = (int)ceil(length * CHARACTER_WIDTH / width - 1e-9);
    return lines < 1 ? 1 : lines;
}

/* Measures a paragraph: one line when the width is unknown (NaN), else wrapped to the width.
 * The view's index among the texts gives its length. */
static int32_t measure(void *context, tether_view view, double proposed_width,
                       tether_measurement *out) {
    size_t i;
    (void)context;
    for (i = 0; i < POSTS; i++) {
        if (text[i] != view) continue;
        double natural = post_lengths[i] * CHARACTER_WIDTH;
        if (isnan(proposed_width)) {
            out->width = natural, out->height = LINE_HEIGHT;
        } else {
            out->width = natural < proposed_width ? natural : proposed_width;
            out->height = text_lines(post_lengths[i], proposed_width) * LINE_HEIGHT;
        }
        out->first_baseline = out->last_baseline = NAN;
        return 0;
    }
    return 1; /* not a text: fail the pass loudly */
}

static void count_conflict(void *context, const char *message) {
    (void)context;
    printf("%s\n", message);
    conflicts++;
}

/* item1.attribute1 RELATION item2.attribute2 + constant, required (item2 = 0: a constant). */
static void constrain(tether_item item1, tether_attribute attribute1, tether_relation relation,
                      tether_item item2, tether_attribute attribute2, double constant,
                      float priority) {
    CHECK(tether_layout_constraint_new(engine, item1, attribute1, relation, item2, attribute2,
                                       item2 ? 1 : 0, constant, priority, &made[made_count++]));
}

#define EQ TETHER_RELATION_EQUAL
#define GE TETHER_RELATION_GREATER_THAN_OR_EQUAL
#define A(name) TETHER_ATTRIBUTE_##name
#define REQUIRED TETHER_PRIORITY_REQUIRED

static void build(void) {
    tether_guide safe;
    size_t i;
    char name[16];

    CHECK(tether_view_new(engine, (tether_rect){0, 0, 390, 844}, &root));
    CHECK(tether_item_set_identifier(engine, root, "screen"));
    CHECK(tether_view_safe_area_layout_guide(engine, root, &safe));

    header = subview(engine, root, "header");
    title = subview(engine, header, "title");
    compose = subview(engine, header, "compose");
    CHECK(tether_view_set_intrinsic_content_size(engine, title, (tether_size){120, 22}));
    CHECK(tether_view_set_intrinsic_content_size(engine, compose, (tether_size){44, 44}));

    feed = subview(engine, root, "feed");
    CHECK(tether_stack_view_new(engine, (tether_rect){0, 0, 0, 0}, &cells));
    CHECK(tether_view_add_subview(engine, feed, cells));
    CHECK(tether_view_set_translates_autoresizing_mask(engine, cells, 0));
    CHECK(tether_item_set_identifier(engine, cells, "cells"));
    CHECK(tether_stack_view_set_axis(engine, cells, TETHER_AXIS_VERTICAL));
    CHECK(tether_stack_view_set_spacing(engine, cells, 8));
    for (i = 0; i < POSTS; i++) {
        CHECK(tether_view_new(engine, (tether_rect){0, 0, 0, 0}, &cell[i]));
        snprintf(name, sizeof name, "cell%zu", i);
        CHECK(tether_item_set_identifier(engine, cell[i], name));
        CHECK(tether_stack_view_add_arranged_subview(engine, cells, cell[i]));
        snprintf(name, sizeof name, "avatar%zu", i);
        avatar[i] = subview(engine, cell[i], name);
        snprintf(name, sizeof name, "text%zu", i);
        text[i] = subview(engine, cell[i], name);
        CHECK(tether_view_set_measured(engine, text[i], 1));
        constrain(avatar[i], A(LEADING), EQ, cell[i], A(LEADING), 12, REQUIRED);
        constrain(avatar[i], A(TOP), EQ, cell[i], A(TOP), 12, REQUIRED);
        constrain(avatar[i], A(WIDTH), EQ, 0, A(NOT_AN_ATTRIBUTE), 40, REQUIRED);
        constrain(avatar[i], A(HEIGHT), EQ, 0, A(NOT_AN_ATTRIBUTE), 40, REQUIRED);
        constrain(text[i], A(LEADING), EQ, avatar[i], A(TRAILING), 12, REQUIRED);
        constrain(text[i], A(TRAILING), EQ, cell[i], A(TRAILING), -12, REQUIRED);
        constrain(text[i], A(TOP), EQ, cell[i], A(TOP), 12, REQUIRED);
        /* As tall as the taller of avatar and text, plus padding: no taller. */
        constrain(cell[i], A(BOTTOM), GE, avatar[i], A(BOTTOM), 12, REQUIRED);
        constrain(cell[i], A(BOTTOM), GE, text[i], A(BOTTOM), 12, REQUIRED);
        constrain(cell[i], A(HEIGHT), EQ, 0, A(NOT_AN_ATTRIBUTE), 0, 1);
    }

    CHECK(tether_stack_view_new(engine, (tether_rect){0, 0, 0, 0}, &toolbar));
    CHECK(tether_view_add_subview(engine, root, toolbar));
    CHECK(tether_view_set_translates_autoresizing_mask(engine, toolbar, 0));
    CHECK(tether_item_set_identifier(engine, toolbar, "toolbar"));
    CHECK(tether_stack_view_set_distribution(engine, toolbar,
                                             TETHER_STACK_DISTRIBUTION_FILL_EQUALLY));
    CHECK(tether_stack_view_set_spacing(engine, toolbar, 8));
    for (i = 0; i < BUTTONS; i++) {
        CHECK(tether_view_new(engine, (tether_rect){0, 0, 0, 0}, &button[i]));
        CHECK(tether_item_set_identifier(engine, button[i], button_names[i]));
        CHECK(tether_view_set_intrinsic_content_size(engine, button[i],
                                                     (tether_size){button_widths[i], 36}));
        CHECK(tether_stack_view_add_arranged_subview(engine, toolbar, button[i]));
    }

    constrain(header, A(TOP), EQ, safe, A(TOP), 0, REQUIRED);
    constrain(header, A(LEADING), EQ, safe, A(LEADING), 0, REQUIRED);
    constrain(header, A(TRAILING), EQ, safe, A(TRAILING), 0, REQUIRED);
    constrain(header, A(HEIGHT), EQ, 0, A(NOT_AN_ATTRIBUTE), 56, REQUIRED);
    constrain(title, A(CENTER_X), EQ, header, A(CENTER_X), 0, REQUIRED);
    constrain(title, A(CENTER_Y), EQ, header, A(CENTER_Y), 0, REQUIRED);
    constrain(compose, A(TRAILING), EQ, header, A(TRAILING_MARGIN), 0, REQUIRED);
    constrain(compose, A(CENTER_Y), EQ, header, A(CENTER_Y), 0, REQUIRED);
    constrain(toolbar, A(LEADING), EQ, safe, A(LEADING), 16, REQUIRED);
    constrain(toolbar, A(TRAILING), EQ, safe, A(TRAILING), -16, REQUIRED);
    constrain(toolbar, A(BOTTOM), EQ, safe, A(BOTTOM), -8, REQUIRED);
    constrain(toolbar, A(HEIGHT), EQ, 0, A(NOT_AN_ATTRIBUTE), 44, REQUIRED);
    constrain(feed, A(TOP), EQ, header, A(BOTTOM), 0, REQUIRED);
    constrain(feed, A(BOTTOM), EQ, toolbar, A(TOP), -8, REQUIRED);
    constrain(feed, A(LEADING), EQ, safe, A(LEADING), 0, REQUIRED);
    constrain(feed, A(TRAILING), EQ, safe, A(TRAILING), 0, REQUIRED);
    constrain(cells, A(TOP), EQ, feed, A(TOP), 8, REQUIRED);
    constrain(cells, A(LEADING), EQ, feed, A(LEADING), 8, REQUIRED);
    constrain(cells, A(TRAILING), EQ, feed, A(TRAILING), -8, REQUIRED);
    CHECK(tether_layout_constraint_activate(engine, made, made_count, NULL));
}

/* The view's frame in screen coordinates (frames are in superview coordinates). */
static tether_rect screen_frame(tether_view view) {
    tether_rect r, p;
    tether_view parent = view;
    CHECK(tether_view_frame(engine, view, &r));
    for (;;) {
        CHECK(tether_view_superview(engine, parent, &parent));
        if (parent == 0) return r;
        CHECK(tether_view_frame(engine, parent, &p));
        r.x += p.x, r.y += p.y;
    }
}

static void expect(const char *name, tether_view view, double x, double y, double w, double h) {
    tether_rect r = screen_frame(view);
    int32_t ambiguous = 0;
    int ok = fabs(r.x - x) < 1e-6 && fabs(r.y - y) < 1e-6 && fabs(r.width - w) < 1e-6 &&
             fabs(r.height - h) < 1e-6;
    CHECK(tether_item_has_ambiguous_layout(engine, view, &ambiguous));
    printf("  %-8s %7.1f %7.1f %7.1f %7.1f  %s%s\n", name, r.x, r.y, r.width, r.height,
           ok ? "ok" : "MISMATCH", ambiguous ? " AMBIGUOUS" : "");
    if (!ok) printf("           expected (%g, %g, %g, %g)\n", x, y, w, h);
    problems += !ok + (ambiguous != 0);
}

/* Lays out at one size and checks every frame against the hand-worked values. */
static void lay_out(const char *name, double width, double height, tether_insets safe) {
    double safe_x = safe.left, safe_w = width - safe.left - safe.right;
    double toolbar_w = safe_w - 32, toolbar_y = height - safe.bottom - 8 - 44;
    double feed_y = safe.top + 56, feed_h = toolbar_y - 8 - feed_y;
    double button_w = (toolbar_w - 3 * 8) / 4, cell_w = safe_w - 16, y = feed_y + 8;
    double text_w = cell_w - 12 - 40 - 12 - 12;
    tether_svg_options options = TETHER_SVG_OPTIONS_INIT;
    const char *directory = getenv("FEED_EXAMPLE_OUT");
    char path[1024];
    size_t i;

    CHECK(tether_view_set_frame(engine, root, (tether_rect){0, 0, width, height}));
    CHECK(tether_view_set_safe_area_insets(engine, root, safe));
    CHECK(tether_view_layout_if_needed(engine, root));
    printf("\n%s: %g x %g\n  %-8s %7s %7s %7s %7s\n", name, width, height, "view", "x", "y",
           "width", "height");
    expect("header", header, safe_x, safe.top, safe_w, 56);
    expect("title", title, safe_x + (safe_w - 120) / 2, safe.top + 17, 120, 22);
    expect("compose", compose, safe_x + safe_w - 8 - 44, safe.top + 6, 44, 44);
    expect("feed", feed, safe_x, feed_y, safe_w, feed_h);
    for (i = 0; i < POSTS; i++) {
        double text_h = text_lines(post_lengths[i], text_w) * LINE_HEIGHT;
        double cell_h = (text_h > 40 ? text_h : 40) + 24;
        expect("cell", cell[i], safe_x + 8, y, cell_w, cell_h);
        expect("avatar", avatar[i], safe_x + 20, y + 12, 40, 40);
        expect("text", text[i], safe_x + 8 + 64, y + 12, text_w, text_h);
        y += cell_h + 8;
    }
    expect("cells", cells, safe_x + 8, feed_y + 8, cell_w, y - 8 - (feed_y + 8));
    expect("toolbar", toolbar, safe_x + 16, toolbar_y, toolbar_w, 44);
    for (i = 0; i < BUTTONS; i++)
        expect(button_names[i], button[i], safe_x + 16 + i * (button_w + 8), toolbar_y, button_w,
               44);

    if (directory == NULL) directory = "out";
    if (mkdir(directory, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "cannot make the folder %s: %s\n", directory, strerror(errno));
        exit(EXIT_FAILURE);
    }
    snprintf(path, sizeof path, "%s/feed-%s.svg", directory, name);
    CHECK(tether_view_write_svg(engine, root, &options, path));
    printf("  picture: %s\n", path);
}

int main(void) {
    CHECK(tether_engine_new(&engine));
    CHECK(tether_engine_set_measure_callback(engine, measure, NULL));
    CHECK(tether_engine_set_diagnostic_handler(engine, count_conflict, NULL));
    build();
    lay_out("portrait", 390, 844, (tether_insets){47, 0, 34, 0});
    lay_out("landscape", 844, 390, (tether_insets){0, 47, 21, 47});
    CHECK(tether_engine_free(engine));
    printf("\nconflicts: %d\n", conflicts);
    if (problems || conflicts) {
        printf("feed_example: %d problems, %d conflicts\n", problems, conflicts);
        return EXIT_FAILURE;
    }
    printf("feed_example: every frame matches; no conflict, no ambiguity\n");
    return EXIT_SUCCESS;
}
