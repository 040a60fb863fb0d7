/*
 * test_safe_area.c: UIKit's safe-area rules through the C ABI (issue 24, item 18): a view's
 * safe-area insets derived from its ancestors', margins measured from the safe area, the host's
 * override and its reset; and preservesSuperviewLayoutMargins, derived in the same walk.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include "tether.h"
#include "test_support.h"

static int insets_are(tether_engine *e, tether_view v, double top, double left, double bottom, double right,
                      tether_status (*read)(tether_engine *, tether_view, tether_insets *)) {
    tether_insets i;
    return read(e, v, &i) == TETHER_OK && i.top == top && i.left == left && i.bottom == bottom && i.right == right;
}

static int frame_is(tether_engine *e, tether_view v, double x, double y, double w, double h) {
    tether_rect f;
    return tether_view_frame(e, v, &f) == TETHER_OK && f.x == x && f.y == y && f.width == w && f.height == h;
}

/* A card 5 in from the sides of a screen whose margins are 20 on every side, its content at the
 * card's margins: preserving its superview's margins, the card's are 15 at the sides, 20 at the
 * top and bottom, where it is flush with the screen. */
static void preserved_margins(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view screen, card, content;
    tether_view_new(e, (tether_rect){0, 0, 300, 200}, &screen);
    tether_view_set_layout_margins(e, screen, (tether_insets){20, 20, 20, 20});
    tether_view_new_subview(e, screen, "card", &card);
    tether_view_new_subview(e, card, "content", &content);
    tether_guide margins;
    tether_view_layout_margins_guide(e, card, &margins);
    const char *names[] = {"screen", "card", "content", "margins"};
    tether_item items[] = {screen, card, content, margins};
    tether_layout_constraint made[8];
    size_t count = 0, failed = 0;
    expect(tether_layout_constraints_with_equations(e,
               "card.top == screen.top; card.bottom == screen.bottom\n"
               "card.left == screen.left + 5; card.right == screen.right - 5\n"
               "content.top == margins.top; content.bottom == margins.bottom\n"
               "content.left == margins.left; content.right == margins.right",
               NULL, NULL, 0, names, items, 4, made, 8, &count, NULL) == TETHER_OK && count == 8,
           "the card from equations");
    tether_layout_constraint_activate(e, made, count, &failed);

    int32_t flag = -1;
    expect(tether_view_preserves_superview_layout_margins(e, card, &flag) == TETHER_OK && flag == 0, "off by default");
    expect(tether_view_set_preserves_superview_layout_margins(e, card, 1) == TETHER_OK, "turned on");
    expect(tether_view_preserves_superview_layout_margins(e, card, &flag) == TETHER_OK && flag == 1, "reads back on");
    expect(tether_view_layout_if_needed(e, screen) == TETHER_OK, "lay out the card");
    expect(insets_are(e, card, 20, 15, 20, 15, tether_view_effective_layout_margins),
           "the screen's margins reach 15 into the card at the sides, 20 at the top and bottom");
    expect(insets_are(e, card, 8, 8, 8, 8, tether_view_layout_margins), "the card's own margins are unchanged");
    expect(frame_is(e, content, 15, 20, 260, 160), "the content lines up with the screen's margins");

    expect(tether_view_set_preserves_superview_layout_margins(e, card, 0) == TETHER_OK, "turned off");
    tether_view_layout_if_needed(e, screen);
    expect(insets_are(e, card, 8, 8, 8, 8, tether_view_effective_layout_margins), "its own margins again");
    expect(frame_is(e, content, 8, 8, 274, 184), "the content at the card's own margins");
    expect(tether_view_set_preserves_superview_layout_margins(e, card, 2) == TETHER_E_INVALID_ARGUMENT &&
               tether_view_preserves_superview_layout_margins(e, card, &flag) == TETHER_OK && flag == 0,
           "a flag is 0 or 1; a refused one changes nothing");
    tether_engine_free(e);
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, container, content, row;
    tether_view_new(e, (tether_rect){0, 0, 375, 812}, &root);
    tether_view_set_safe_area_insets(e, root, (tether_insets){44, 0, 34, 0});
    tether_view_new_subview(e, root, "container", &container);
    tether_view_new_subview(e, container, "content", &content);
    tether_view_new_subview(e, container, "row", &row);
    tether_guide safe;
    tether_view_safe_area_layout_guide(e, container, &safe);
    const char *names[] = {"root", "container", "content", "row", "safe"};
    tether_item items[] = {root, container, content, row, safe};
    tether_layout_constraint made[16];
    size_t count = 0, failed = 0;
    expect(tether_layout_constraints_with_equations(e,
               "container.top == root.top; container.bottom == root.bottom\n"
               "container.leading == root.leading; container.trailing == root.trailing\n"
               "content.top == safe.top; content.leading == safe.leading; content.trailing == safe.trailing\n"
               "content.height == 100\n"
               "row.top == container.top; row.height == 44\n"
               "row.leading == container.leadingMargin; row.trailing == container.trailingMargin",
               NULL, NULL, 0, names, items, 5, made, 16, &count, NULL) == TETHER_OK && count == 12,
           "the screen from equations");
    tether_layout_constraint_activate(e, made, count, &failed);
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out");

    int32_t derived = -1;
    expect(tether_view_safe_area_insets_are_derived(e, root, &derived) == TETHER_OK && derived == 0, "the root's are set");
    expect(tether_view_safe_area_insets_are_derived(e, container, &derived) == TETHER_OK && derived == 1,
           "the container's are derived");
    expect(insets_are(e, container, 44, 0, 34, 0, tether_view_safe_area_insets), "from the root's, where it covers them");
    expect(frame_is(e, content, 0, 44, 375, 100), "content follows the container's safe area");
    expect(insets_are(e, container, 52, 8, 42, 8, tether_view_effective_layout_margins),
           "margins are measured from the safe area");
    expect(insets_are(e, container, 8, 8, 8, 8, tether_view_layout_margins), "the margins as set are unchanged");
    expect(frame_is(e, row, 8, 0, 359, 44), "the row at the side margins");

    int32_t flag = -1;
    expect(tether_view_insets_layout_margins_from_safe_area(e, container, &flag) == TETHER_OK && flag == 1, "on by default");
    expect(tether_view_set_insets_layout_margins_from_safe_area(e, container, 0) == TETHER_OK, "turned off");
    expect(insets_are(e, container, 8, 8, 8, 8, tether_view_effective_layout_margins), "margins from the bounds");

    expect(tether_view_set_safe_area_insets(e, container, (tether_insets){10, 0, 0, 0}) == TETHER_OK, "host override");
    tether_view_layout_if_needed(e, root);
    expect(frame_is(e, content, 0, 10, 375, 100), "the set insets win");
    expect(tether_view_reset_safe_area_insets(e, container) == TETHER_OK, "reset");
    tether_view_layout_if_needed(e, root);
    expect(frame_is(e, content, 0, 44, 375, 100) &&
               tether_view_safe_area_insets_are_derived(e, container, &derived) == TETHER_OK && derived == 1,
           "derived again");
    expect(tether_view_set_insets_layout_margins_from_safe_area(e, container, 2) == TETHER_E_INVALID_ARGUMENT,
           "a flag is 0 or 1");
    tether_engine_free(e);
    preserved_margins();
    return finish();
}
