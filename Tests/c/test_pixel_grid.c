/*
 * test_pixel_grid.c: frames rounded to the display's pixel grid through the C ABI (issue 22,
 * item 4): three views a third of a root 100 wide at scales 2 and 3 stay flush with every edge
 * on the grid, tether_view_unrounded_frame() still reads the solver's values, the whole-subtree
 * read gives the rounded frames, and scale 0 gives the exact frames back.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <math.h>

#include "tether.h"
#include "test_support.h"

static int on_grid(double value, double scale) {
    double pixels = value * scale;
    return fabs(pixels - round(pixels)) < 1e-9;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    double scale = -1;
    expect(tether_engine_display_scale(e, &scale) == TETHER_OK && scale == 0, "no rounding by default");

    tether_view root, a, b, c;
    tether_view_new(e, (tether_rect){0, 0, 100, 50}, &root);
    tether_view_new_subview(e, root, "a", &a);
    tether_view_new_subview(e, root, "b", &b);
    tether_view_new_subview(e, root, "c", &c);
    const char *names[] = {"root", "a", "b", "c"};
    tether_item items[] = {root, a, b, c};
    tether_layout_constraint made[16];
    size_t count = 0, failed_count = 0;
    expect(tether_layout_constraints_with_equations(e,
               "a.left == root.left; b.left == a.right; c.left == b.right\n"
               "a.width == root.width * 0.333333333333333333; b.width == a.width; c.width == a.width\n"
               "a.top == root.top + 0.25; b.top == a.top; c.top == a.top\n"
               "a.height == 10.4; b.height == 10.4; c.height == 10.4",
               NULL, NULL, 0, names, items, 4, made, 16, &count, NULL) == TETHER_OK && count == 12,
           "a row of thirds from equations");
    tether_layout_constraint_activate(e, made, count, &failed_count);
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out");
    tether_rect exact[3], f;
    tether_view row[3] = {a, b, c};
    for (int i = 0; i < 3; i++) tether_view_frame(e, row[i], &exact[i]);
    expect(fabs(exact[1].x - 100.0 / 3) < 1e-9, "exact thirds at scale 0");

    double scales[] = {2, 3};
    for (int s = 0; s < 2; s++) {
        expect(tether_engine_set_display_scale(e, scales[s]) == TETHER_OK, "set the scale");
        expect(tether_engine_display_scale(e, &scale) == TETHER_OK && scale == scales[s], "read the scale");
        expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out again");
        double previous_max = 0;
        for (int i = 0; i < 3; i++) {
            expect(tether_view_frame(e, row[i], &f) == TETHER_OK, "frame");
            expect(on_grid(f.x, scales[s]) && on_grid(f.y, scales[s]) && on_grid(f.width, scales[s]) &&
                       on_grid(f.height, scales[s]),
                   "every edge on the grid");
            expect(fabs(f.x - previous_max) < 1e-9, "flush with the view before");
            expect(fabs(f.x - exact[i].x) <= 0.5 / scales[s] + 1e-9, "within half a pixel");
            previous_max = f.x + f.width;
            tether_rect u;
            expect(tether_view_unrounded_frame(e, row[i], &u) == TETHER_OK && u.x == exact[i].x &&
                       u.width == exact[i].width && u.y == exact[i].y,
                   "the unrounded frame is the solver's");
        }
        expect(fabs(previous_max - 100) < 1e-9, "the row ends at the root's edge");
    }
    /* Scale 3: 33.33 and 66.67 are on the grid already (100/3, 200/3); y 0.25 -> 1/3. */
    tether_view ids[4];
    tether_rect frames[4];
    size_t needed = 0;
    expect(tether_view_subtree_frames(e, root, ids, frames, 4, &needed) == TETHER_OK && needed == 4 &&
               frames[0].width == 100 && fabs(frames[2].y - 1.0 / 3) < 1e-12 &&
               fabs(frames[2].height - 31.0 / 3 + 0) < 1e-12,
           "the subtree read gives the rounded frames (y 1/3, height 31/3: 10.65 rounds to 32/3)");

    expect(tether_engine_set_display_scale(e, NAN) == TETHER_E_INVALID_ARGUMENT, "NaN is refused");
    expect(tether_engine_set_display_scale(e, -1) == TETHER_E_INVALID_ARGUMENT, "a negative scale is refused");
    expect(tether_engine_display_scale(e, &scale) == TETHER_OK && scale == 3, "and changes nothing");
    expect(tether_engine_set_display_scale(e, 0) == TETHER_OK, "rounding off");
    tether_view_layout_if_needed(e, root);
    expect(tether_view_frame(e, b, &f) == TETHER_OK && f.x == exact[1].x && f.width == exact[1].width &&
               f.y == exact[1].y && f.height == exact[1].height,
           "scale 0 gives the exact frames back");
    tether_engine_free(e);
    return finish();
}
