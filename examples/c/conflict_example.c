/*
 * conflict_example.c: debugging a broken layout through the C ABI (Include/tether.h) only.
 *
 * A profile row: an avatar and a name label inside a 320 x 480 root.
 *
 *     avatar   16 from the root's leading edge, 20 from its top, 64 x 64 ('avatar-width')
 *              and, by mistake, also 96 wide ('avatar-too-wide'): a required conflict
 *     name     12 after the avatar, aligned with its top, 24 high, and nothing for its width:
 *              an ambiguous layout
 *
 * The walkthrough:
 *   1. a diagnostic handler with a context receives Apple's "Unable to simultaneously satisfy
 *      constraints." report; the broken constraint is found with its is_broken flag and named
 *      in the report by its description (tether_layout_constraint_description);
 *   2. the ambiguous label is found (tether_item_has_ambiguous_layout, tether_item_ambiguities)
 *      and shown in the hierarchy dump (tether_view_autolayout_trace: "AMBIGUOUS LAYOUT");
 *   3. the constraints that position the label horizontally are listed with their descriptions
 *      (tether_item_constraints_affecting_layout, two-call pattern): the avatar's width is among
 *      them although it does not name the label;
 *   4. the layout is fixed (the unwanted constraint freed, a trailing pin added): no report, no
 *      ambiguity, the frames as computed by hand, and the list now includes a generated
 *      constraint (the root's width), whose id is valid until the next layout pass.
 *
 * Every step is checked; the program exits non-zero if any check fails.
 *
 * Build and run:  make c-examples && .build/c/examples/conflict_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, subview */

static tether_engine *engine;
static int failures;

static void expect(int ok, const char *what) {
    printf("  [%s] %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) failures++;
}

/* ---------------------------------------------------------------------------------------------
 * Diagnostics: the handler copies each message into its context (the message is only valid
 * during the call).
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    int count;       /* messages received */
    char last[8192]; /* the last one */
} diagnostics;

static void on_diagnostic(void *context, const char *message) {
    diagnostics *d = context;
    d->count++;
    snprintf(d->last, sizeof d->last, "%s", message);
}

/* ---------------------------------------------------------------------------------------------
 * The two-call pattern for texts: every text function here has the shape
 * (engine, id, buffer, capacity, needed). Ask for the size, allocate, fetch. Free the result.
 * ------------------------------------------------------------------------------------------- */

typedef tether_status (*text_fn)(tether_engine *, uint64_t, char *, size_t, size_t *);

static char *fetch_text(text_fn fn, uint64_t id) {
    size_t needed = 0;
    tether_status status = fn(engine, id, NULL, 0, &needed);
    if (status != TETHER_E_BUFFER_TOO_SMALL) CHECK(status); /* a text always needs its NUL */
    char *text = malloc(needed);
    if (text == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    CHECK(fn(engine, id, text, needed, &needed));
    return text;
}

static char *constraint_description(tether_layout_constraint c) {
    return fetch_text(tether_layout_constraint_description, c);
}

/* The constraints affecting `item` along `axis`, in a malloc'ed array (two calls: the count,
 * then the ids). Generated ids in it are valid until the next layout pass. */
static tether_layout_constraint *affecting(tether_item item, tether_axis axis, size_t *count) {
    size_t needed = 0;
    tether_status status =
        tether_item_constraints_affecting_layout(engine, item, axis, NULL, 0, &needed);
    if (status != TETHER_E_BUFFER_TOO_SMALL) CHECK(status); /* TETHER_OK: the list is empty */
    tether_layout_constraint *ids = malloc((needed ? needed : 1) * sizeof *ids);
    if (ids == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    if (needed > 0)
        CHECK(tether_item_constraints_affecting_layout(engine, item, axis, ids, needed, &needed));
    *count = needed;
    return ids;
}

/* What print_affecting() saw in the list. */
typedef struct {
    int has_wanted;   /* the id `wanted` is listed */
    int has_unwanted; /* the id `unwanted` is listed */
    int has_text;     /* a description contains `text` */
} listing;

/* Prints the constraints affecting `item` along `axis` with their descriptions. */
static listing print_affecting(tether_item item, tether_axis axis, tether_layout_constraint wanted,
                               tether_layout_constraint unwanted, const char *text) {
    size_t count = 0, i;
    listing seen = {0, 0, 0};
    tether_layout_constraint *ids = affecting(item, axis, &count);
    for (i = 0; i < count; i++) {
        /* Describe them now: a generated id is valid only until the next layout pass. */
        char *description = constraint_description(ids[i]);
        printf("    %s\n", description);
        if (ids[i] == wanted) seen.has_wanted = 1;
        if (ids[i] == unwanted) seen.has_unwanted = 1;
        if (text != NULL && strstr(description, text) != NULL) seen.has_text = 1;
        free(description);
    }
    free(ids);
    return seen;
}

/* ---------------------------------------------------------------------------------------------
 * Building the screen
 * ------------------------------------------------------------------------------------------- */

/* item1.a1 == item2.a2 + constant (required), inactive. */
static tether_layout_constraint make(tether_item item1, tether_attribute a1, tether_item item2,
                                     tether_attribute a2, double constant) {
    tether_layout_constraint c;
    CHECK(tether_layout_constraint_new(engine, item1, a1, TETHER_RELATION_EQUAL, item2, a2, 1,
                                       constant, TETHER_LAYOUT_PRIORITY_REQUIRED, &c));
    return c;
}

static tether_layout_constraint make_size(tether_item item, tether_attribute a, double constant) {
    return make(item, a, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, constant);
}

static int frame_is(tether_view v, double x, double y, double w, double h) {
    tether_rect r;
    CHECK(tether_view_frame(engine, v, &r));
    return fabs(r.x - x) < 1e-9 && fabs(r.y - y) < 1e-9 && fabs(r.width - w) < 1e-9 &&
           fabs(r.height - h) < 1e-9;
}

static const char *quantity_name(tether_attribute a) {
    switch (a) {
    case TETHER_ATTRIBUTE_LEFT: return "x";
    case TETHER_ATTRIBUTE_TOP: return "y";
    case TETHER_ATTRIBUTE_WIDTH: return "width";
    case TETHER_ATTRIBUTE_HEIGHT: return "height";
    default: return "?";
    }
}

int main(void) {
    static diagnostics report; /* static: 8 KB */
    tether_view root, avatar, name;
    tether_layout_constraint avatar_width, too_wide, pins[7], name_trailing;
    tether_rect screen = {0, 0, 320, 480};
    int32_t flag = -1;
    listing seen;
    char *text;

    if (tether_abi_version() != TETHER_ABI_VERSION) {
        fprintf(stderr, "library ABI %u, header ABI %d\n", (unsigned)tether_abi_version(),
                TETHER_ABI_VERSION);
        return EXIT_FAILURE;
    }
    printf("Tether %s: debugging a broken layout through the C API\n\n", tether_version_string());

    CHECK(tether_engine_new(&engine));
    CHECK(tether_engine_set_diagnostic_handler(engine, on_diagnostic, &report));

    CHECK(tether_view_new(engine, screen, &root));
    CHECK(tether_item_set_identifier(engine, root, "profile"));
    avatar = subview(engine, root, "avatar");
    name = subview(engine, root, "name");

    avatar_width = make_size(avatar, TETHER_ATTRIBUTE_WIDTH, 64);
    CHECK(tether_layout_constraint_set_identifier(engine, avatar_width, "avatar-width"));
    pins[0] = make(avatar, TETHER_ATTRIBUTE_LEADING, root, TETHER_ATTRIBUTE_LEADING, 16);
    pins[1] = make(avatar, TETHER_ATTRIBUTE_TOP, root, TETHER_ATTRIBUTE_TOP, 20);
    pins[2] = avatar_width;
    pins[3] = make_size(avatar, TETHER_ATTRIBUTE_HEIGHT, 64);
    pins[4] = make(name, TETHER_ATTRIBUTE_LEADING, avatar, TETHER_ATTRIBUTE_TRAILING, 12);
    pins[5] = make(name, TETHER_ATTRIBUTE_TOP, avatar, TETHER_ATTRIBUTE_TOP, 0);
    pins[6] = make_size(name, TETHER_ATTRIBUTE_HEIGHT, 24);
    CHECK(tether_layout_constraint_activate(engine, pins, 7, NULL));
    /* The mistake: a second required width for the avatar. */
    too_wide = make_size(avatar, TETHER_ATTRIBUTE_WIDTH, 96);
    CHECK(tether_layout_constraint_set_identifier(engine, too_wide, "avatar-too-wide"));
    CHECK(tether_layout_constraint_set_active(engine, too_wide, 1));

    /* ----------------------------------------------------------------------------------------- */
    printf("1. The conflict report\n\n");
    CHECK(tether_view_layout_if_needed(engine, root));
    printf("The diagnostic handler received %d message(s); the last one:\n\n%s\n\n", report.count,
           report.last);
    expect(report.count == 1, "one report was received through the handler, with its context");
    expect(strncmp(report.last, "Unable to simultaneously satisfy constraints.",
                   strlen("Unable to simultaneously satisfy constraints.")) == 0,
           "it starts with \"Unable to simultaneously satisfy constraints.\"");

    {
        tether_layout_constraint_info wide, kept;
        CHECK(tether_layout_constraint_info_get(engine, too_wide, &wide));
        CHECK(tether_layout_constraint_info_get(engine, avatar_width, &kept));
        expect(wide.is_active == 1 && wide.is_broken == 1,
               "'avatar-too-wide' is still active, but broken (not enforced)");
        expect(kept.is_broken == 0, "'avatar-width' is enforced");
    }
    text = constraint_description(too_wide);
    printf("  the broken constraint describes itself as\n    %s\n", text);
    {
        const char *recover = "Will attempt to recover by breaking constraint \n";
        const char *at = strstr(report.last, recover);
        expect(strstr(report.last, text) != NULL, "the report names it by that description");
        expect(at != NULL && strcmp(at + strlen(recover), text) == 0,
               "... as the constraint it breaks to recover");
    }
    free(text);
    expect(frame_is(avatar, 16, 20, 64, 64), "the avatar is 64 wide: the older constraint wins");

    /* ----------------------------------------------------------------------------------------- */
    printf("\n2. An ambiguous layout\n\n");
    CHECK(tether_item_has_ambiguous_layout(engine, name, &flag));
    text = fetch_text(tether_item_debug_name, name);
    printf("  %s has an ambiguous layout: %s\n", text, flag ? "yes" : "no");
    free(text);
    expect(flag == 1, "the name label's layout is ambiguous");
    CHECK(tether_item_has_ambiguous_layout(engine, avatar, &flag));
    expect(flag == 0, "the avatar's is not");
    {
        tether_ambiguity free_quantities[4];
        size_t count = 0, i;
        int width_free = 0;
        CHECK(tether_item_ambiguities(engine, name, free_quantities, 4, &count));
        for (i = 0; i < count; i++) {
            printf("  free: %-6s in [%g, %g]\n", quantity_name(free_quantities[i].attribute),
                   free_quantities[i].lower, free_quantities[i].upper);
            if (free_quantities[i].attribute == TETHER_ATTRIBUTE_WIDTH) width_free = 1;
        }
        expect(count == 1 && width_free, "only its width is free (nothing sets it)");
    }
    text = fetch_text(tether_view_autolayout_trace, root);
    printf("\n  tether_view_autolayout_trace(root):\n%s\n", text);
    expect(strstr(text, "AMBIGUOUS LAYOUT") != NULL, "the trace marks it AMBIGUOUS LAYOUT");
    free(text);

    /* ----------------------------------------------------------------------------------------- */
    printf("\n3. What positions the label horizontally\n\n");
    text = fetch_text(tether_item_description, name);
    printf("  %s\n  tether_item_constraints_affecting_layout(name, horizontal):\n", text);
    free(text);
    seen = print_affecting(name, TETHER_AXIS_HORIZONTAL, avatar_width, too_wide, NULL);
    expect(seen.has_wanted, "'avatar-width' is listed: it moves the label without naming it");
    expect(!seen.has_unwanted, "the broken 'avatar-too-wide' is not (it is not enforced)");
    printf("  (all three place the label's x; none sets its width: that is the ambiguity)\n");

    /* ----------------------------------------------------------------------------------------- */
    printf("\n4. The fix: free the unwanted constraint, pin the label's trailing edge\n\n");
    CHECK(tether_layout_constraint_free(engine, too_wide));
    name_trailing = make(name, TETHER_ATTRIBUTE_TRAILING, root, TETHER_ATTRIBUTE_TRAILING, -16);
    CHECK(tether_layout_constraint_set_active(engine, name_trailing, 1));
    CHECK(tether_view_layout_if_needed(engine, root));
    expect(report.count == 1, "no new report");
    CHECK(tether_item_has_ambiguous_layout(engine, name, &flag));
    expect(flag == 0, "the label's layout is no longer ambiguous");
    text = fetch_text(tether_view_autolayout_trace, root);
    printf("\n  tether_view_autolayout_trace(root):\n%s\n", text);
    expect(strstr(text, "AMBIGUOUS") == NULL, "the trace marks nothing ambiguous");
    free(text);
    expect(frame_is(avatar, 16, 20, 64, 64), "avatar at (16, 20, 64, 64)");
    expect(frame_is(name, 92, 20, 212, 24), "name at (92, 20, 212, 24): 16 + 64 + 12, 320 - 16 - 92");
    printf("\n  tether_item_constraints_affecting_layout(name, horizontal) now:\n");
    seen = print_affecting(name, TETHER_AXIS_HORIZONTAL, name_trailing, 0, "'Tether-Root-Width'");
    expect(seen.has_wanted, "the new trailing pin is listed");
    expect(seen.has_text, "so is the root's width, a generated constraint (its id lives until "
                          "the next layout pass)");

    CHECK(tether_engine_free(engine));
    if (failures) {
        printf("\nconflict_example: %d check(s) FAILED\n", failures);
        return EXIT_FAILURE;
    }
    printf("\nconflict_example: every check passed\n");
    return EXIT_SUCCESS;
}
