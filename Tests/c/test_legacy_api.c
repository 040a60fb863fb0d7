/*
 * test_legacy_api.c: Apple API that peers' test suites use (issue 22, item 4) through the C ABI
 * only: a constraint's shouldBeArchived flag, the update-constraints calls, and the owner-based
 * constraint API (a view's constraints, add and remove).
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

/* The views whose updateConstraints hook ran, in order. */
static tether_view updated[8];
static size_t updated_count;

static void record_update(void *context, tether_view view) {
    (void)context;
    if (updated_count < sizeof updated / sizeof updated[0]) updated[updated_count] = view;
    updated_count++;
}

static tether_layout_constraint width_of(tether_engine *e, tether_view v, double width) {
    tether_layout_constraint c = 0;
    if (tether_layout_constraint_new_constant(e, v, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, width, &c) !=
        TETHER_OK)
        abort();
    return c;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, card = 0, label = 0;
    tether_view_new(e, (tether_rect){0, 0, 300, 200}, &root);
    if (tether_view_new_subview(e, root, "card", &card) != TETHER_OK ||
        tether_view_new_subview(e, card, "label", &label) != TETHER_OK)
        abort();

    /* shouldBeArchived: stored, default 0, not acted on. */
    tether_layout_constraint width = width_of(e, label, 40);
    int32_t flag = -1;
    expect(tether_layout_constraint_should_be_archived(e, width, &flag) == TETHER_OK && flag == 0,
           "shouldBeArchived defaults to 0");
    expect(tether_layout_constraint_set_should_be_archived(e, width, 1) == TETHER_OK &&
               tether_layout_constraint_should_be_archived(e, width, &flag) == TETHER_OK && flag == 1,
           "shouldBeArchived set to 1 reads back");
    expect(tether_layout_constraint_set_should_be_archived(e, width, 2) == TETHER_E_INVALID_ARGUMENT &&
               tether_layout_constraint_should_be_archived(e, width, &flag) == TETHER_OK && flag == 1,
           "a flag other than 0 or 1 is refused and changes nothing");

    /* The update-constraints calls: the label's and card's hooks run bottom-up, the root's not. */
    tether_engine_set_layout_hooks(e, record_update, NULL, NULL);
    tether_view hooked[3] = {root, card, label};
    for (int i = 0; i < 3; i++) tether_view_set_hooks_enabled(e, hooked[i], 1);
    expect(tether_view_needs_update_constraints(e, card, &flag) == TETHER_OK && flag == 1, "a new view needs it");
    expect(tether_view_update_constraints_if_needed(e, card) == TETHER_OK && updated_count == 2 &&
               updated[0] == label && updated[1] == card, "the subtree's hooks, bottom-up");
    expect(tether_view_needs_update_constraints(e, label, &flag) == TETHER_OK && flag == 0, "label done");
    expect(tether_view_needs_update_constraints(e, root, &flag) == TETHER_OK && flag == 1, "root still due");
    expect(tether_view_update_constraints_if_needed(e, card) == TETHER_OK && updated_count == 2,
           "nothing due runs nothing");
    tether_view_set_needs_update_constraints(e, label);
    expect(tether_view_needs_update_constraints(e, label, &flag) == TETHER_OK && flag == 1, "due again");
    expect(tether_view_update_constraints_if_needed(e, root) == TETHER_OK && updated_count == 4 &&
               updated[2] == label && updated[3] == root, "from the root: the label again, then the root");

    /* The owner-based API: the nearest common ancestor holds a constraint. */
    tether_layout_constraint inset = 0;
    tether_layout_constraint_new_between(e, label, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, card,
                                         TETHER_ATTRIBUTE_LEADING, 8, &inset);
    tether_layout_constraint batch[2] = {width, inset}, held[4];
    size_t count = 9, failed = 9;
    expect(tether_view_constraints(e, card, held, 4, &count) == TETHER_OK && count == 0, "nothing held yet");
    expect(tether_view_add_constraints(e, label, batch, 2, &failed) == TETHER_E_INVALID_STATE && failed == 1,
           "the label is not the inset's common ancestor: refused, naming it");
    const char *message = tether_last_error();
    expect(strstr(message, "constraints[1]") != NULL && strstr(message, "label") != NULL &&
               strstr(message, "card") != NULL, "the message names the constraint and the view");
    tether_layout_constraint_info info;
    expect(tether_layout_constraint_info_get(e, width, &info) == TETHER_OK && !info.is_active,
           "nothing activated on error");
    expect(tether_view_add_constraints(e, root, batch, 2, &failed) == TETHER_OK, "an ancestor may add them");
    expect(tether_view_constraints(e, card, held, 4, &count) == TETHER_OK && count == 1 && held[0] == inset,
           "the card holds the inset");
    expect(tether_view_constraints(e, label, held, 4, &count) == TETHER_OK && count == 1 && held[0] == width,
           "the label holds its width");
    expect(tether_view_constraints(e, root, held, 4, &count) == TETHER_OK && count == 0, "the root holds none");
    expect(tether_view_constraints(e, card, held, 0, &count) == TETHER_E_BUFFER_TOO_SMALL && count == 1,
           "two-call pattern");
    expect(tether_view_remove_constraints(e, root, batch, 2) == TETHER_OK &&
               tether_view_constraints(e, card, held, 4, &count) == TETHER_OK && count == 1,
           "the root removes nothing it does not hold");
    expect(tether_view_remove_constraints(e, card, batch, 2) == TETHER_OK &&
               tether_view_constraints(e, card, held, 4, &count) == TETHER_OK && count == 0 &&
               tether_view_constraints(e, label, held, 4, &count) == TETHER_OK && count == 1,
           "the card removes the inset only");

    tether_engine_free(e);
    return finish();
}
