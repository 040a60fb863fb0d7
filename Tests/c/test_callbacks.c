/*
 * test_callbacks.c: the callback contract of Include/tether/engine.h, through the C ABI only
 * (issue 20, items 11 and 12).
 *
 *   - A measure callback that frees its own engine: the call returns OK, the pass calls no
 *     callback again and fails with TETHER_E_CALLBACK_FAILED naming the cause, and the handle
 *     is dead for every later call (TETHER_E_INVALID_HANDLE).
 *   - A measure callback that frees another measured view: the callback is never called again
 *     with the freed view's id.
 *   - A measure callback that reports a negative width other than TETHER_NO_INTRINSIC_METRIC:
 *     the pass fails with TETHER_E_CALLBACK_FAILED naming the value and moves nothing;
 *     TETHER_NO_INTRINSIC_METRIC means none on that axis.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

enum { LOG = 64 };
static tether_engine *engine;
static tether_view freed_view;
static int free_engine, calls_after_free;
static tether_view measured[LOG];
static int measured_count;
static double reported_width = 10; /* what measure() reports as the width */

static int32_t measure(void *context, tether_view view, double width, tether_measurement *out) {
    (void)context;
    (void)width;
    if (measured_count < LOG) measured[measured_count++] = view;
    if (freed_view != 0 && view == freed_view) calls_after_free++;
    if (free_engine) {
        free_engine = 0;
        expect(tether_engine_free(engine) == TETHER_OK, "a callback frees its own engine");
    } else if (freed_view == 0 && measured_count == 1) {
        /* Free the other measured view (the second one made). */
        freed_view = view + 1;
        expect(tether_view_free(engine, freed_view) == TETHER_OK, "a callback frees another view");
    }
    out->width = reported_width;
    out->height = 20;
    out->first_baseline = 15;
    out->last_baseline = 5;
    return 0;
}

/* A root with two measured subviews pinned to its left and top. */
static tether_view screen(void) {
    if (tether_engine_new(&engine) != TETHER_OK) abort();
    tether_engine_set_measure_callback(engine, measure, NULL);
    tether_view root;
    tether_view_new(engine, (tether_rect){0, 0, 100, 100}, &root);
    for (int k = 0; k < 2; k++) {
        tether_view v;
        tether_view_new(engine, (tether_rect){0, 0, 0, 0}, &v);
        tether_view_add_subview(engine, root, v);
        tether_view_set_translates_autoresizing_mask(engine, v, 0);
        tether_view_set_measured(engine, v, 1);
        tether_layout_constraint c[2];
        tether_layout_constraint_new(engine, v, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root,
                                     TETHER_ATTRIBUTE_LEFT, 1, 0, TETHER_LAYOUT_PRIORITY_REQUIRED, &c[0]);
        tether_layout_constraint_new(engine, v, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root,
                                     TETHER_ATTRIBUTE_TOP, 1, 0, TETHER_LAYOUT_PRIORITY_REQUIRED, &c[1]);
        tether_layout_constraint_activate(engine, c, 2, NULL);
    }
    return root;
}

int main(void) {
    /* A callback frees its own engine. */
    tether_view root = screen();
    free_engine = 1;
    measured_count = 0;
    tether_status status = tether_view_layout_if_needed(engine, root);
    expect(status == TETHER_E_CALLBACK_FAILED && strstr(tether_last_error(), "freed the engine") != NULL,
           "the pass fails with TETHER_E_CALLBACK_FAILED naming the freed engine");
    expect(measured_count == 1, "no callback is called after the engine was freed");
    tether_rect frame;
    expect(tether_view_frame(engine, root, &frame) == TETHER_E_INVALID_HANDLE, "the handle is dead afterwards");

    /* A callback frees another measured view. */
    root = screen();
    freed_view = 0;
    measured_count = 0;
    calls_after_free = 0;
    status = tether_view_layout_if_needed(engine, root);
    if (status != TETHER_OK) status = tether_view_layout_if_needed(engine, root);
    expect(status == TETHER_OK, "the layout completes");
    expect(freed_view != 0 && calls_after_free == 0, "the freed view is never measured again");
    tether_view views[4];
    tether_rect frames[4];
    size_t needed = 0;
    expect(tether_view_subtree_frames(engine, root, views, frames, 4, &needed) == TETHER_OK && needed == 2 &&
               frames[1].height == 20, "the remaining view has its measured size");
    tether_engine_free(engine);

    /* A callback reports a width of -50: refused, never clamped to 0 or taken for none. */
    root = screen();
    freed_view = (tether_view)-1; /* frees nothing */
    measured_count = 0;
    reported_width = -50;
    status = tether_view_layout_if_needed(engine, root);
    expect(status == TETHER_E_CALLBACK_FAILED && strstr(tether_last_error(), "a negative width (-50)") != NULL,
           "a negative measured width fails the pass naming it");
    expect(tether_view_subtree_frames(engine, root, views, frames, 4, &needed) == TETHER_OK && needed == 3 &&
               frames[1].width == 0 && frames[1].height == 0, "the failed pass moved nothing");
    reported_width = TETHER_NO_INTRINSIC_METRIC;
    expect(tether_view_layout_if_needed(engine, root) == TETHER_OK, "TETHER_NO_INTRINSIC_METRIC is none on that axis");
    expect(tether_view_subtree_frames(engine, root, views, frames, 4, &needed) == TETHER_OK && frames[1].height == 20,
           "the view has its measured height");
    tether_engine_free(engine);
    return finish();
}
