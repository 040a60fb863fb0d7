/*
 * test_view_lists.c: a constraint-based subview in one call, the constraints a pass broke and the
 * constraints that name an item (issue 24, items 3 and 4), through the C ABI only.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

static tether_layout_constraint make(tether_engine *e, tether_view a, tether_attribute attribute,
                                     double constant, float priority) {
    tether_layout_constraint c = 0;
    if (tether_layout_constraint_new(e, a, attribute, TETHER_RELATION_EQUAL, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE,
                                     1, constant, priority, &c) != TETHER_OK)
        abort();
    return c;
}

static int reports;

/* The diagnostic handler: counts the reports (the message is valid only during the call). */
static void count_report(void *context, const char *message) {
    (void)context;
    if (strstr(message, "Unable to simultaneously satisfy constraints") != NULL) reports++;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, card = 0, badge = 0;
    tether_view_new(e, (tether_rect){0, 0, 320, 200}, &root);

    /* One call: a constraint-based subview, named, last among the subviews. */
    expect(tether_view_new_subview(e, root, "card", &card) == TETHER_OK && card != 0, "new_subview");
    expect(tether_view_new_subview(e, root, NULL, &badge) == TETHER_OK && badge != 0, "new_subview, no name");
    int32_t translates = 1;
    expect(tether_view_translates_autoresizing_mask(e, card, &translates) == TETHER_OK && translates == 0,
           "it does not translate its autoresizing mask");
    tether_view parent = 0;
    expect(tether_view_superview(e, card, &parent) == TETHER_OK && parent == root, "its superview is the parent");
    tether_view subviews[4];
    size_t count = 0;
    expect(tether_view_subviews(e, root, subviews, 4, &count) == TETHER_OK && count == 2 && subviews[0] == card &&
               subviews[1] == badge, "added last, in order");
    char name[16];
    size_t needed = 0;
    expect(tether_item_identifier(e, card, name, sizeof name, &needed) == TETHER_OK && strcmp(name, "card") == 0,
           "named");
    expect(tether_item_identifier(e, badge, name, sizeof name, &needed) == TETHER_OK && name[0] == '\0',
           "NULL: no name");
    tether_rect frame;
    expect(tether_view_frame(e, card, &frame) == TETHER_OK && frame.x == 0 && frame.width == 0, "frame zero");
    /* Nothing is made on error. */
    tether_view made = 0;
    expect(tether_view_new_subview(e, root, "\xff", &made) == TETHER_E_INVALID_UTF8 && made == 0,
           "a name that is not UTF-8 makes nothing");
    expect(tether_view_new_subview(e, 0, "x", &made) == TETHER_E_INVALID_ID && made == 0, "parent 0");
    expect(tether_view_subviews(e, root, subviews, 4, &count) == TETHER_OK && count == 2, "still two subviews");

    /* Pin the card and give it two widths that cannot both hold: the later one is broken. */
    tether_layout_constraint x = 0, y = 0, wide, narrow, tall;
    tether_layout_constraint_new(e, card, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root,
                                 TETHER_ATTRIBUTE_LEADING, 1, 10, TETHER_LAYOUT_PRIORITY_REQUIRED, &x);
    tether_layout_constraint_new(e, card, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP,
                                 1, 10, TETHER_LAYOUT_PRIORITY_REQUIRED, &y);
    wide = make(e, card, TETHER_ATTRIBUTE_WIDTH, 200, TETHER_LAYOUT_PRIORITY_REQUIRED);
    narrow = make(e, card, TETHER_ATTRIBUTE_WIDTH, 100, TETHER_LAYOUT_PRIORITY_REQUIRED);
    tall = make(e, card, TETHER_ATTRIBUTE_HEIGHT, 50, TETHER_LAYOUT_PRIORITY_REQUIRED);
    tether_layout_constraint broken[4];
    expect(tether_view_broken_constraints(e, card, broken, 4, &count) == TETHER_OK && count == 0,
           "nothing broken before a pass");
    tether_engine_set_diagnostic_handler(e, count_report, NULL);
    tether_layout_constraint all[] = {x, y, wide, narrow, tall};
    expect(tether_layout_constraint_activate(e, all, 5, NULL) == TETHER_OK, "activate");
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "the pass returns OK, as in UIKit");
    count = 99;
    expect(tether_view_broken_constraints(e, root, NULL, 0, &count) == TETHER_E_BUFFER_TOO_SMALL && count == 1,
           "one broken constraint (counted with capacity 0)");
    expect(reports == 1, "reported once to the diagnostic handler");
    expect(tether_view_broken_constraints(e, badge, broken, 4, &count) == TETHER_OK && count == 1 &&
               broken[0] == narrow, "the later width is listed, asked from any view of the hierarchy");
    expect(tether_view_frame(e, card, &frame) == TETHER_OK && frame.width == 200, "the earlier width holds");
    /* Deactivating it and laying out again: nothing broken. */
    expect(tether_layout_constraint_set_active(e, narrow, 0) == TETHER_OK, "deactivate the broken one");
    expect(tether_view_broken_constraints(e, root, broken, 4, &count) == TETHER_OK && count == 0,
           "an inactive constraint is not listed");
    tether_view_layout_if_needed(e, root);
    expect(tether_view_broken_constraints(e, root, broken, 4, &count) == TETHER_OK && count == 0,
           "nothing broken after the next pass");

    /* The constraints that name the card: all five, active or not, in id order; none of the
     * root's generated ones. */
    tether_layout_constraint naming[8];
    expect(tether_item_referring_constraints(e, card, naming, 8, &count) == TETHER_OK && count == 5 &&
               naming[0] == x && naming[1] == y && naming[2] == wide && naming[3] == narrow && naming[4] == tall,
           "the card's five constraints");
    expect(tether_item_referring_constraints(e, root, naming, 8, &count) == TETHER_OK && count == 2 &&
               naming[0] == x && naming[1] == y, "the root is named by the two pins");
    expect(tether_item_referring_constraints(e, badge, naming, 8, &count) == TETHER_OK && count == 0,
           "the badge by none");
    expect(tether_item_referring_constraints(e, card, naming, 2, &count) == TETHER_E_BUFFER_TOO_SMALL && count == 5,
           "two-call pattern");
    tether_layout_constraint_free(e, narrow);
    expect(tether_item_referring_constraints(e, card, naming, 8, &count) == TETHER_OK && count == 4,
           "a freed constraint is gone");

    /* The conveniences (issue 24, item 2): multiplier 1 and required, inactive. */
    tether_layout_constraint between = 0, constant = 0;
    expect(tether_layout_constraint_new_between(e, badge, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, card,
                                                TETHER_ATTRIBUTE_BOTTOM, 8, &between) == TETHER_OK, "new_between");
    expect(tether_layout_constraint_new_constant(e, badge, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_GREATER_THAN_OR_EQUAL,
                                                 44, &constant) == TETHER_OK, "new_constant");
    tether_layout_constraint_info info;
    expect(tether_layout_constraint_info_get(e, between, &info) == TETHER_OK && info.multiplier == 1 &&
               info.constant == 8 && info.priority == TETHER_LAYOUT_PRIORITY_REQUIRED && !info.is_active &&
               info.second_item == card && info.second_attribute == TETHER_ATTRIBUTE_BOTTOM,
           "between: card.bottom + 8, multiplier 1, required, inactive");
    expect(tether_layout_constraint_info_get(e, constant, &info) == TETHER_OK && info.second_item == 0 &&
               info.relation == TETHER_RELATION_GREATER_THAN_OR_EQUAL && info.constant == 44,
           "constant: width >= 44");
    made = 0;
    expect(tether_layout_constraint_new_between(e, badge, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, 0,
                                                TETHER_ATTRIBUTE_BOTTOM, 8, &made) == TETHER_E_INVALID_ID && made == 0,
           "between needs a second item");
    expect(tether_layout_constraint_new_constant(e, badge, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, 5, &made) ==
               TETHER_E_INVALID_ARGUMENT && made == 0, "a location equal to a constant is refused, as in UIKit");

    tether_engine_free(e);
    return finish();
}
