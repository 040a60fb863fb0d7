/*
 * vfl_example.c: a screen written in Apple's Visual Format Language, through the C ABI
 * (Include/tether.h) only.
 *
 *     H:|[header]|                       the header spans the screen
 *     H:|-[title(120)]-(>=8)-[action(60)]-|    (inside the header, aligned on their centers)
 *     H:|-[content]-|                    content and footer inside the standard spacing (20)
 *     H:|-[footer]-|
 *     V:|[header(64)]-[content]-[footer(footerHeight)]-(bottom)-|
 *     V:[title(24)] and V:|-(20)-[action(24)]  (the title follows the action's center)
 *
 * The formats make inactive constraints (two-call pattern: ask for the count, then the ids),
 * which are activated in one batch. The frames are printed and checked against numbers worked
 * out by hand; then a broken format shows TETHER_E_PARSE with Apple's message and the caret
 * position. Exits non-zero on any difference or unexpected status.
 *
 * Build and run:  make c-examples && .build/c/examples/vfl_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, subview */

static tether_engine *engine;
static const char *const view_names[] = {"header", "title", "action", "content", "footer"};
static tether_item items[5];
static const char *const metric_names[] = {"footerHeight", "bottom"};
static const double metric_values[] = {49, 34};

static tether_layout_constraint all[64];
static size_t all_count;
static int mismatches;

/* Makes the constraints of one format (two calls: the count, then the ids) and keeps them. */
static void add_format(const char *format, tether_format_options options) {
    size_t needed = 0;
    tether_status status = tether_layout_constraints_with_visual_format(
        engine, format, options, metric_names, metric_values, 2, view_names, items, 5, NULL, 0,
        &needed, NULL);
    if (status != TETHER_E_BUFFER_TOO_SMALL && status != TETHER_OK) CHECK(status);
    if (all_count + needed > sizeof all / sizeof all[0]) {
        fprintf(stderr, "too many constraints\n");
        exit(EXIT_FAILURE);
    }
    CHECK(tether_layout_constraints_with_visual_format(engine, format, options, metric_names,
                                                       metric_values, 2, view_names, items, 5,
                                                       all + all_count, needed, &needed, NULL));
    printf("  %-58s %zu constraints\n", format, needed);
    all_count += needed;
}

static void expect(const char *name, tether_view view, double x, double y, double w, double h) {
    tether_rect r;
    CHECK(tether_view_frame(engine, view, &r));
    int ok = fabs(r.x - x) < 1e-9 && fabs(r.y - y) < 1e-9 && fabs(r.width - w) < 1e-9 &&
             fabs(r.height - h) < 1e-9;
    printf("  %-8s x %6.1f  y %6.1f  w %6.1f  h %6.1f  %s\n", name, r.x, r.y, r.width, r.height,
           ok ? "ok" : "MISMATCH");
    if (!ok) {
        printf("           expected (%g, %g, %g, %g)\n", x, y, w, h);
        mismatches++;
    }
}

int main(void) {
    tether_view root, header, title, action, content, footer;
    size_t position = 0, i;
    tether_layout_constraint ignored[8];

    CHECK(tether_engine_new(&engine));
    CHECK(tether_view_new(engine, (tether_rect){0, 0, 390, 844}, &root));
    header = subview(engine, root, NULL);
    title = subview(engine, header, NULL);
    action = subview(engine, header, NULL);
    content = subview(engine, root, NULL);
    footer = subview(engine, root, NULL);
    items[0] = header, items[1] = title, items[2] = action, items[3] = content, items[4] = footer;
    for (i = 0; i < 5; i++) CHECK(tether_item_set_identifier(engine, items[i], view_names[i]));

    printf("formats:\n");
    add_format("H:|[header]|", 0);
    add_format("H:|-[title(120)]-(>=8)-[action(60)]-|", TETHER_FORMAT_ALIGN_ALL_CENTER_Y);
    add_format("H:|-[content]-|", 0);
    add_format("H:|-[footer]-|", 0);
    add_format("V:|[header(64)]-[content]-[footer(footerHeight)]-(bottom)-|", 0);
    add_format("V:[title(24)]", 0);
    add_format("V:|-(20)-[action(24)]", 0);
    CHECK(tether_layout_constraint_activate(engine, all, all_count, NULL));
    CHECK(tether_view_layout_if_needed(engine, root));

    /* Worked out by hand: |- and -| to the superview are 20, - between siblings 8.
     * header 390 x 64; title 20 from its leading edge, action 20 from its trailing edge
     * (390 - 20 - 60 = 310), both centred at y 32; content from 64 + 8 to the footer - 8;
     * footer 49 high, 34 above the bottom (844 - 34 - 49 = 761). */
    printf("frames (390 x 844):\n");
    expect("header", header, 0, 0, 390, 64);
    expect("title", title, 20, 20, 120, 24);
    expect("action", action, 310, 20, 60, 24);
    expect("content", content, 20, 72, 350, 761 - 8 - 72);
    expect("footer", footer, 20, 761, 350, 49);

    /* A format that cannot be parsed: nothing is made, Apple's message says why and where. */
    {
        const char *broken = "V:|[header(64)]-[contnet]|";
        tether_status status = tether_layout_constraints_with_visual_format(
            engine, broken, 0, NULL, NULL, 0, view_names, items, 5, ignored, 8, NULL, &position);
        printf("parse error (%s), column %zu:\n%s\n", tether_status_name(status), position,
               tether_last_error());
        if (status != TETHER_E_PARSE || position != 24 ||
            strstr(tether_last_error(), "contnet is not a key in the views dictionary.") == NULL) {
            printf("unexpected parse error report\n");
            mismatches++;
        }
    }

    CHECK(tether_engine_free(engine));
    if (mismatches) {
        printf("vfl_example: %d mismatches\n", mismatches);
        return EXIT_FAILURE;
    }
    printf("vfl_example: all frames match\n");
    return EXIT_SUCCESS;
}
