/*
 * screen_example.c: a phone screen laid out with Auto Layout constraints, through the C ABI
 * (Include/tether.h) only.
 *
 *     +-------------------------------+  header: top, leading and trailing of the screen,
 *     |  [title]          header      |          64 high; its title 16 from its leading edge,
 *     +-------------------------------+          120 x 24, centred vertically
 *     |   +-----------------------+   |  content: 8 below the header, 8 above the footer,
 *     |   |        content        |   |           inside the screen's layout margins
 *     |   +-----------------------+   |
 *     |   +-----------------------+   |  footer: at the bottom, inside the margins, 49 high
 *     |   |        footer         |   |
 *     +---+-----------------------+---+  layout margins: 8 top and bottom, 16 left and right
 *
 * The screen is laid out in portrait, then in landscape, then with the engine's default
 * direction right-to-left (leading becomes the right edge: the title moves to the right).
 * Frames are read back in one call (tether_view_subtree_frames), printed, and checked against
 * numbers worked out by hand; the program exits non-zero on any difference or unexpected status.
 *
 * Build and run:  make c-examples && .build/c/examples/screen_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, start_example, rect, subview, equal */

enum { SCREEN, HEADER, TITLE, CONTENT, FOOTER, VIEW_COUNT };
static const char *const names[VIEW_COUNT] = {"screen", "header", "title", "content", "footer"};
static tether_view views[VIEW_COUNT];

static tether_engine *engine;
static int wrong;

/* Lays out, reads every frame in one call, prints them and compares with `expected` (in the
 * order of the subtree: screen, header, title, content, footer). */
static void layout_and_check(const char *title, const tether_rect *expected) {
    tether_view ids[VIEW_COUNT];
    tether_rect frames[VIEW_COUNT];
    size_t needed = 0, i, j;

    CHECK(tether_view_layout_if_needed(engine, views[SCREEN]));
    CHECK(tether_view_subtree_frames(engine, views[SCREEN], ids, frames, VIEW_COUNT, &needed));
    printf("%s\n", title);
    printf("  %-8s %8s %8s %8s %8s\n", "view", "x", "y", "width", "height");
    for (i = 0; i < needed; i++) {
        const char *name = "?";
        for (j = 0; j < VIEW_COUNT; j++)
            if (views[j] == ids[i]) name = names[j];
        /* + 0.0 prints a solver's -0 as 0. */
        printf("  %-8s %8.2f %8.2f %8.2f %8.2f\n", name, frames[i].x + 0.0, frames[i].y + 0.0,
               frames[i].width + 0.0, frames[i].height + 0.0);
        if (ids[i] != views[i]) {
            fprintf(stderr, "  WRONG: view %u of the subtree is %s, expected %s\n", (unsigned)i,
                    name, names[i]);
            wrong = 1;
        } else if (fabs(frames[i].x - expected[i].x) > 1e-9 ||
                   fabs(frames[i].y - expected[i].y) > 1e-9 ||
                   fabs(frames[i].width - expected[i].width) > 1e-9 ||
                   fabs(frames[i].height - expected[i].height) > 1e-9) {
            fprintf(stderr, "  WRONG: %s is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n", name,
                    frames[i].x, frames[i].y, frames[i].width, frames[i].height, expected[i].x,
                    expected[i].y, expected[i].width, expected[i].height);
            wrong = 1;
        }
    }
    if (needed != VIEW_COUNT) {
        fprintf(stderr, "  WRONG: the subtree has %u views, expected %d\n", (unsigned)needed,
                VIEW_COUNT);
        wrong = 1;
    }
    printf("\n");
}

int main(void) {
    const tether_attribute TOP = TETHER_ATTRIBUTE_TOP, BOTTOM = TETHER_ATTRIBUTE_BOTTOM,
                           LEADING = TETHER_ATTRIBUTE_LEADING, TRAILING = TETHER_ATTRIBUTE_TRAILING,
                           LEADING_MARGIN = TETHER_ATTRIBUTE_LEADING_MARGIN,
                           TRAILING_MARGIN = TETHER_ATTRIBUTE_TRAILING_MARGIN,
                           WIDTH = TETHER_ATTRIBUTE_WIDTH, HEIGHT = TETHER_ATTRIBUTE_HEIGHT,
                           CENTER_Y = TETHER_ATTRIBUTE_CENTER_Y,
                           NONE = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE;
    tether_layout_constraint constraints[16];
    size_t count = 0, failed_index = 0;
    tether_view *v = views;
    char description[128];

    start_example();

    CHECK(tether_engine_new(&engine));
    CHECK(tether_view_new(engine, rect(0, 0, 375, 667), &v[SCREEN]));
    CHECK(tether_item_set_identifier(engine, v[SCREEN], "screen"));
    {
        tether_insets margins;
        margins.top = 8, margins.left = 16, margins.bottom = 8, margins.right = 16;
        CHECK(tether_view_set_layout_margins(engine, v[SCREEN], margins));
    }
    v[HEADER] = subview(engine, v[SCREEN], "header");
    v[TITLE] = subview(engine, v[HEADER], "title");
    v[CONTENT] = subview(engine, v[SCREEN], "content");
    v[FOOTER] = subview(engine, v[SCREEN], "footer");

    constraints[count++] = equal(engine, v[HEADER], TOP, v[SCREEN], TOP, 0);
    constraints[count++] = equal(engine, v[HEADER], LEADING, v[SCREEN], LEADING, 0);
    constraints[count++] = equal(engine, v[HEADER], TRAILING, v[SCREEN], TRAILING, 0);
    constraints[count++] = equal(engine, v[HEADER], HEIGHT, 0, NONE, 64);
    constraints[count++] = equal(engine, v[TITLE], LEADING, v[HEADER], LEADING, 16);
    constraints[count++] = equal(engine, v[TITLE], CENTER_Y, v[HEADER], CENTER_Y, 0);
    constraints[count++] = equal(engine, v[TITLE], WIDTH, 0, NONE, 120);
    constraints[count++] = equal(engine, v[TITLE], HEIGHT, 0, NONE, 24);
    constraints[count++] = equal(engine, v[FOOTER], BOTTOM, v[SCREEN], BOTTOM, 0);
    constraints[count++] = equal(engine, v[FOOTER], LEADING, v[SCREEN], LEADING_MARGIN, 0);
    constraints[count++] = equal(engine, v[FOOTER], TRAILING, v[SCREEN], TRAILING_MARGIN, 0);
    constraints[count++] = equal(engine, v[FOOTER], HEIGHT, 0, NONE, 49);
    constraints[count++] = equal(engine, v[CONTENT], TOP, v[HEADER], BOTTOM, 8);
    constraints[count++] = equal(engine, v[CONTENT], BOTTOM, v[FOOTER], TOP, -8);
    constraints[count++] = equal(engine, v[CONTENT], LEADING, v[SCREEN], LEADING_MARGIN, 0);
    constraints[count++] = equal(engine, v[CONTENT], TRAILING, v[SCREEN], TRAILING_MARGIN, 0);
    /* All at once: either every constraint is activated or none (failed_index names the culprit). */
    CHECK(tether_layout_constraint_activate(engine, constraints, count, &failed_index));

    CHECK(tether_layout_constraint_description(engine, constraints[13], description,
                                               sizeof description, NULL));
    printf("%u constraints, e.g. %s\n\n", (unsigned)count, description);

    {
        /* Portrait 375 x 667: margins 16 left and right, so the content is 375 - 32 = 343 wide;
         * the footer's top is 667 - 49 = 618, the content runs from 64 + 8 to 618 - 8. */
        const tether_rect expected[VIEW_COUNT] = {
            {0, 0, 375, 667}, {0, 0, 375, 64}, {16, 20, 120, 24}, {16, 72, 343, 538},
            {16, 618, 343, 49}};
        layout_and_check("Portrait, 375 x 667:", expected);
    }
    {
        /* Landscape 667 x 375: 635 wide inside the margins, footer at 375 - 49 = 326. */
        const tether_rect expected[VIEW_COUNT] = {
            {0, 0, 667, 375}, {0, 0, 667, 64}, {16, 20, 120, 24}, {16, 72, 635, 246},
            {16, 326, 635, 49}};
        CHECK(tether_view_set_frame(engine, v[SCREEN], rect(0, 0, 667, 375)));
        layout_and_check("Landscape, 667 x 375:", expected);
    }
    {
        /* Right-to-left: leading is the right edge. The title sits 16 from the header's right
         * edge (667 - 16 - 120 = 531); everything else is symmetric. */
        const tether_rect expected[VIEW_COUNT] = {
            {0, 0, 667, 375}, {0, 0, 667, 64}, {531, 20, 120, 24}, {16, 72, 635, 246},
            {16, 326, 635, 49}};
        tether_layout_direction direction = -1;
        CHECK(tether_engine_set_default_direction(engine, TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT));
        CHECK(tether_view_effective_layout_direction(engine, v[TITLE], &direction));
        if (direction != TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT) {
            fprintf(stderr, "  WRONG: the title's effective direction is %d\n", (int)direction);
            wrong = 1;
        }
        layout_and_check("Landscape, right-to-left:", expected);
    }

    CHECK(tether_engine_free(engine));
    if (wrong) {
        fprintf(stderr, "screen_example: the layout differs from the hand-computed one\n");
        return EXIT_FAILURE;
    }
    printf("screen_example: every frame is as computed by hand\n");
    return EXIT_SUCCESS;
}
