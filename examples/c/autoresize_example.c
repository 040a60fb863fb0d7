/*
 * autoresize_example.c: springs and struts (autoresizing masks), through the C ABI only.
 *
 * A window 320 x 480 holds four views that translate their autoresizing masks (the default for
 * new views, as in UIKit):
 *
 *     toolbar  (  0,   0, 320,  44)  flexible width, flexible bottom margin: stretches across
 *     sidebar  (  0,  44,  80, 436)  flexible height, flexible right margin: stretches down
 *     content  ( 80,  44, 240, 436)  flexible width and height: takes the rest
 *     badge    (144, 440,  32,  32)  flexible left, right and top margins: centred, at the bottom
 *   and inside the content:
 *     label    ( 10,  10, 220,  20)  flexible width
 *
 * Part 1, frame mode: the window has no constraints, so setting its frame resizes its subviews
 * at once (recursively), by their masks. The window is resized several times.
 *
 * Part 2, the same hierarchy in a second window made constraint-based by one constraint
 * (toolbar.height == 44). Its translating views now take part in the solve through generated
 * constraints built from their frames and masks (two per axis), and every frame is replaced by
 * the solver's at each layout pass. After each resize and pass, every frame must equal the
 * frame-mode one.
 *
 * Every frame is checked against numbers worked out by hand; the program exits non-zero on any
 * difference or unexpected status.
 *
 * Build and run:  make c-examples && .build/c/examples/autoresize_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, start_example, rect */

enum { WINDOW, TOOLBAR, SIDEBAR, CONTENT, LABEL, BADGE, VIEW_COUNT };
static const char *const names[VIEW_COUNT] = {"window", "toolbar", "sidebar", "content", "label",
                                              "badge"};

#define SIZES 5
static const double sizes[SIZES][2] = {{640, 480}, {200, 900}, {320, 480}, {1024, 768}, {375, 667}};

static tether_engine *engine;
static int wrong;

/* The frames a window of width W and height H gives, by hand. Every mask here has one flexible
 * part per axis except the badge's two horizontal margins, which share the change equally
 * (they are equal), so:
 *   toolbar  width 320 + dW
 *   sidebar  height 436 + dH
 *   content  240 + dW wide, 436 + dH high
 *   label    220 + dW wide (its superview, the content, grows by dW)
 *   badge    x = (W - 32) / 2, y = 440 + dH  */
static void expected_frames(double width, double height, tether_rect *out) {
    double dw = width - 320, dh = height - 480;
    out[WINDOW] = rect(0, 0, width, height);
    out[TOOLBAR] = rect(0, 0, 320 + dw, 44);
    out[SIDEBAR] = rect(0, 44, 80, 436 + dh);
    out[CONTENT] = rect(80, 44, 240 + dw, 436 + dh);
    out[LABEL] = rect(10, 10, 220 + dw, 20);
    out[BADGE] = rect((width - 32) / 2, 440 + dh, 32, 32);
}

/* The window and its subviews in the order of the subtree: window, toolbar, sidebar, content,
 * label (inside the content), badge. */
static void make_window(tether_view *v) {
    const tether_autoresizing WIDTH = TETHER_AUTORESIZING_FLEXIBLE_WIDTH,
                              HEIGHT = TETHER_AUTORESIZING_FLEXIBLE_HEIGHT,
                              LEFT = TETHER_AUTORESIZING_FLEXIBLE_LEFT_MARGIN,
                              RIGHT = TETHER_AUTORESIZING_FLEXIBLE_RIGHT_MARGIN,
                              TOP = TETHER_AUTORESIZING_FLEXIBLE_TOP_MARGIN,
                              BOTTOM = TETHER_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN;
    const struct {
        int parent;
        tether_rect frame;
    } spec[VIEW_COUNT] = {
        {-1, {0, 0, 320, 480}},         {WINDOW, {0, 0, 320, 44}},     {WINDOW, {0, 44, 80, 436}},
        {WINDOW, {80, 44, 240, 436}},   {CONTENT, {10, 10, 220, 20}},  {WINDOW, {144, 440, 32, 32}},
    };
    tether_autoresizing masks[VIEW_COUNT];
    int i;
    masks[WINDOW] = 0;
    masks[TOOLBAR] = WIDTH | BOTTOM;
    masks[SIDEBAR] = HEIGHT | RIGHT;
    masks[CONTENT] = WIDTH | HEIGHT;
    masks[LABEL] = WIDTH;
    masks[BADGE] = LEFT | RIGHT | TOP;
    for (i = 0; i < VIEW_COUNT; i++) {
        CHECK(tether_view_new(engine, spec[i].frame, &v[i]));
        CHECK(tether_item_set_identifier(engine, v[i], names[i]));
        CHECK(tether_view_set_autoresizing_mask(engine, v[i], masks[i]));
        if (spec[i].parent >= 0) CHECK(tether_view_add_subview(engine, v[spec[i].parent], v[i]));
    }
}

/* Reads the window's subtree in one call, prints it beside the other window's frames (when
 * given) and checks it against the hand-computed frames. */
static void check_window(const tether_view *v, double width, double height,
                         tether_rect *frames, const tether_rect *frame_mode) {
    tether_view ids[VIEW_COUNT];
    tether_rect want[VIEW_COUNT];
    size_t needed = 0;
    int i;
    CHECK(tether_view_subtree_frames(engine, v[WINDOW], ids, frames, VIEW_COUNT, &needed));
    expected_frames(width, height, want);
    for (i = 0; i < VIEW_COUNT; i++) {
        const tether_rect *f = &frames[i];
        printf("  %-8s %8.2f %8.2f %8.2f %8.2f", names[i], f->x + 0.0, f->y + 0.0, f->width + 0.0,
               f->height + 0.0);
        if (frame_mode) {
            /* Exactly equal would be too strict: the solver's arithmetic rounds differently. */
            int same = fabs(f->x - frame_mode[i].x) <= 1e-9 && fabs(f->y - frame_mode[i].y) <= 1e-9 &&
                       fabs(f->width - frame_mode[i].width) <= 1e-9 &&
                       fabs(f->height - frame_mode[i].height) <= 1e-9;
            printf("   %s", same ? "same as frame mode" : "DIFFERS from frame mode");
            if (!same) wrong = 1;
        }
        printf("\n");
        if (ids[i] != v[i] || fabs(f->x - want[i].x) > 1e-9 || fabs(f->y - want[i].y) > 1e-9 ||
            fabs(f->width - want[i].width) > 1e-9 || fabs(f->height - want[i].height) > 1e-9) {
            fprintf(stderr, "  WRONG: %s is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n",
                    names[i], f->x, f->y, f->width, f->height, want[i].x, want[i].y, want[i].width,
                    want[i].height);
            wrong = 1;
        }
    }
    if (needed != VIEW_COUNT) {
        fprintf(stderr, "  WRONG: %u views in the subtree, expected %d\n", (unsigned)needed,
                VIEW_COUNT);
        wrong = 1;
    }
}

int main(void) {
    tether_view frame_window[VIEW_COUNT], constrained[VIEW_COUNT];
    tether_rect frame_mode[SIZES][VIEW_COUNT], solved[VIEW_COUNT];
    tether_layout_constraint toolbar_height;
    int32_t translates = 0;
    int i;

    start_example();
    CHECK(tether_engine_new(&engine));

    /* Part 1: frame mode. */
    make_window(frame_window);
    CHECK(tether_view_translates_autoresizing_mask(engine, frame_window[TOOLBAR], &translates));
    printf("New views translate their autoresizing masks: %s\n\n", translates ? "yes" : "no");
    if (!translates) wrong = 1;
    printf("Part 1: frame mode (no constraints): each resize applies the masks at once\n");
    for (i = 0; i < SIZES; i++) {
        CHECK(tether_view_set_frame(engine, frame_window[WINDOW],
                                    rect(0, 0, sizes[i][0], sizes[i][1])));
        /* No layout pass: the frames are already there. */
        printf("window resized to %g x %g:\n", sizes[i][0], sizes[i][1]);
        check_window(frame_window, sizes[i][0], sizes[i][1], frame_mode[i], NULL);
    }

    /* Part 2: the same hierarchy, constraint-based through one constraint. */
    printf("\nPart 2: the same hierarchy with one constraint (toolbar.height == 44): solved\n");
    make_window(constrained);
    CHECK(tether_layout_constraint_new(engine, constrained[TOOLBAR], TETHER_ATTRIBUTE_HEIGHT,
                                       TETHER_RELATION_EQUAL, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1,
                                       44, TETHER_LAYOUT_PRIORITY_REQUIRED, &toolbar_height));
    CHECK(tether_layout_constraint_set_active(engine, toolbar_height, 1));
    CHECK(tether_view_layout_if_needed(engine, constrained[WINDOW]));
    for (i = 0; i < SIZES; i++) {
        CHECK(tether_view_set_frame(engine, constrained[WINDOW],
                                    rect(0, 0, sizes[i][0], sizes[i][1])));
        CHECK(tether_view_layout_if_needed(engine, constrained[WINDOW]));
        printf("window resized to %g x %g, laid out:\n", sizes[i][0], sizes[i][1]);
        check_window(constrained, sizes[i][0], sizes[i][1], solved, frame_mode[i]);
    }

    CHECK(tether_engine_free(engine));
    if (wrong) {
        fprintf(stderr, "autoresize_example: a frame differs from the hand-computed one\n");
        return EXIT_FAILURE;
    }
    printf("\nautoresize_example: both windows match the hand-computed frames at every size\n");
    return EXIT_SUCCESS;
}
