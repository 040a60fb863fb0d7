/*
 * test_engine_ids.c: ids are tied to the engine that made them, through the C ABI only (issue
 * 20, item 4).
 *
 * Two engines each make the same screen, so each id of one has the same slot and generation as
 * the matching id of the other: before, set_frame or free on engine B with a view id of engine A
 * acted on B's own view. Now every call on B with an id made by A (a view, a guide, a stack view,
 * a layout constraint) fails with TETHER_E_INVALID_ID and a message saying the id was made by
 * another engine, and B's document is the same after every refusal. An id of a freed engine is
 * refused by an engine made after it too.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

typedef struct screen {
    tether_engine *engine;
    tether_view root, child, stack;
    tether_guide guide;
    tether_layout_constraint width;
} screen;

static screen make_screen(void) {
    screen s;
    if (tether_engine_new(&s.engine) != TETHER_OK) abort();
    tether_view_new(s.engine, (tether_rect){0, 0, 100, 100}, &s.root);
    tether_view_new(s.engine, (tether_rect){0, 0, 0, 0}, &s.child);
    tether_view_add_subview(s.engine, s.root, s.child);
    tether_view_set_translates_autoresizing_mask(s.engine, s.child, 0);
    tether_stack_view_new(s.engine, (tether_rect){0, 0, 10, 10}, &s.stack);
    tether_view_add_subview(s.engine, s.root, s.stack);
    tether_guide_new(s.engine, &s.guide);
    tether_view_add_layout_guide(s.engine, s.root, s.guide);
    tether_layout_constraint_new(s.engine, s.child, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                 TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 40, TETHER_LAYOUT_PRIORITY_REQUIRED,
                                 &s.width);
    tether_layout_constraint_activate(s.engine, &s.width, 1, NULL);
    tether_view_layout_if_needed(s.engine, s.root);
    return s;
}

static void expect_foreign(tether_status status, const char *what) {
    char line[256];
    snprintf(line, sizeof line, "%s with an id of another engine: %s", what, tether_status_name(status));
    expect(status == TETHER_E_INVALID_ID && strstr(tether_last_error(), "made by another engine") != NULL, line);
}

int main(void) {
    screen a = make_screen(), b = make_screen();
    expect(a.root != b.root && (a.root & 0xffffffffu) == (b.root & 0xffffffffu),
           "the engines' first views share a slot but not an id");
    char *before = saved_document(b.engine, b.root);
    tether_rect frame;
    tether_layout_constraint made;

    expect_foreign(tether_view_set_frame(b.engine, a.child, (tether_rect){1, 2, 3, 4}), "set_frame");
    expect_foreign(tether_view_frame(b.engine, a.child, &frame), "frame");
    expect_foreign(tether_view_free(b.engine, a.child), "view_free");
    expect_foreign(tether_view_add_subview(b.engine, b.root, a.child), "add_subview (child)");
    expect_foreign(tether_view_add_subview(b.engine, a.root, b.child), "add_subview (parent)");
    expect_foreign(tether_view_set_hidden(b.engine, a.child, 1), "set_hidden");
    expect_foreign(tether_guide_free(b.engine, a.guide), "guide_free");
    expect_foreign(tether_view_remove_layout_guide(b.engine, b.root, a.guide), "remove_layout_guide");
    expect_foreign(tether_stack_view_add_arranged_subview(b.engine, a.stack, b.child), "add_arranged_subview");
    expect_foreign(tether_stack_view_set_spacing(b.engine, a.stack, 5), "stack set_spacing");
    expect_foreign(tether_layout_constraint_set_constant(b.engine, a.width, 7), "set_constant");
    tether_layout_constraint_info info;
    expect_foreign(tether_layout_constraint_info_get(b.engine, a.width, &info), "constraint info");
    expect_foreign(tether_layout_constraint_deactivate(b.engine, &a.width, 1), "deactivate");
    expect_foreign(tether_layout_constraint_free(b.engine, a.width), "constraint_free");
    expect_foreign(tether_layout_constraint_new(b.engine, a.child, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                                TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 1,
                                                TETHER_LAYOUT_PRIORITY_REQUIRED, &made), "constraint_new");
    tether_view_layout_if_needed(b.engine, b.root);
    char *after = saved_document(b.engine, b.root);
    expect(strcmp(before, after) == 0, "engine B is as it was after every refusal");
    expect(tether_view_frame(b.engine, b.child, &frame) == TETHER_OK && frame.width == 40,
           "B's own child keeps its width");
    free(after);

    /* A freed engine's ids: a new engine refuses them too. */
    tether_view old_child = a.child;
    tether_engine_free(a.engine);
    screen c = make_screen();
    expect(c.child != old_child, "an engine made after a freed one gives other ids");
    expect_foreign(tether_view_set_frame(c.engine, old_child, (tether_rect){1, 2, 3, 4}), "a freed engine's id");
    expect(tether_view_frame(c.engine, c.child, &frame) == TETHER_OK && frame.width == 40,
           "engine C's own child keeps its width");

    free(before);
    tether_engine_free(b.engine);
    tether_engine_free(c.engine);
    return finish();
}
