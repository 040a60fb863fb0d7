/*
 * test_user_data.c: per-view user data, passed to the measure callback (issue 24, item 5), through
 * the C ABI only. A host keeps its own object for each view with the view (as Yoga's node
 * context), and the measure callback receives it: no table from view ids to objects.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

/* The host's object for a label: its text, measured at 7 points a character, 20 high. */
typedef struct label {
    const char *text;
    int measured;
} label;

static int calls_without_data;

static int32_t measure_label(void *context, tether_view view, void *user_data, double proposed_width,
                             tether_measurement *out) {
    (void)view;
    (void)proposed_width;
    if (context != (void *)&calls_without_data) return 1;
    label *l = user_data;
    if (l == NULL) {
        calls_without_data++;
        out->width = 1;
        out->height = 1;
        return 0;
    }
    l->measured++;
    out->width = 7.0 * (double)strlen(l->text);
    out->height = 20;
    return 0;
}

static int32_t measure_plain(void *context, tether_view view, double proposed_width, tether_measurement *out) {
    (void)context;
    (void)view;
    (void)proposed_width;
    out->width = 3;
    out->height = 3;
    return 0;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, title, subtitle, plain;
    tether_view_new(e, (tether_rect){0, 0, 320, 200}, &root);
    tether_view_new_subview(e, root, "title", &title);
    tether_view_new_subview(e, root, "subtitle", &subtitle);
    tether_view_new_subview(e, root, "plain", &plain);
    label a = {"Settings", 0}, b = {"Wi-Fi and Bluetooth", 0};

    void *data = &a;
    expect(tether_view_user_data(e, title, &data) == TETHER_OK && data == NULL, "no user data at first");
    expect(tether_view_set_user_data(e, title, &a) == TETHER_OK, "set title's");
    expect(tether_view_set_user_data(e, subtitle, &b) == TETHER_OK, "set subtitle's");
    expect(tether_view_user_data(e, title, &data) == TETHER_OK && data == &a, "read back");
    expect(tether_view_user_data(e, title, NULL) == TETHER_E_NULL_ARGUMENT, "NULL out");

    tether_view views[] = {title, subtitle, plain};
    for (int i = 0; i < 3; i++) {
        tether_view_set_measured(e, views[i], 1);
        tether_layout_constraint pins[2];
        tether_layout_constraint_new(e, views[i], TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root,
                                     TETHER_ATTRIBUTE_LEADING, 1, 0, TETHER_LAYOUT_PRIORITY_REQUIRED, &pins[0]);
        tether_layout_constraint_new(e, views[i], TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root,
                                     TETHER_ATTRIBUTE_TOP, 1, 30.0 * i, TETHER_LAYOUT_PRIORITY_REQUIRED, &pins[1]);
        tether_layout_constraint_activate(e, pins, 2, NULL);
    }
    expect(tether_engine_set_measure_data_callback(e, measure_label, &calls_without_data) == TETHER_OK,
           "set the data callback");
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out");
    tether_rect f;
    expect(tether_view_frame(e, title, &f) == TETHER_OK && f.width == 56 && f.height == 20,
           "title measured from its own object (8 characters)");
    expect(tether_view_frame(e, subtitle, &f) == TETHER_OK && f.width == 133 && f.y == 30,
           "subtitle measured from its own object (19 characters)");
    expect(tether_view_frame(e, plain, &f) == TETHER_OK && f.width == 1, "a view without user data gets NULL");
    expect(a.measured > 0 && b.measured > 0 && calls_without_data > 0, "each measured with its own data");

    /* The text changes: the host updates its object and invalidates; the pointer stays. */
    b.text = "Wi-Fi";
    tether_view_invalidate_intrinsic_content_size(e, subtitle);
    tether_view_layout_if_needed(e, root);
    expect(tether_view_frame(e, subtitle, &f) == TETHER_OK && f.width == 35, "measured again from the object");

    /* The other kind of callback replaces this one (an engine has one measure callback). */
    expect(tether_engine_set_measure_callback(e, measure_plain, NULL) == TETHER_OK, "set the plain callback");
    tether_view_invalidate_intrinsic_content_size(e, title);
    tether_view_layout_if_needed(e, root);
    expect(tether_view_frame(e, title, &f) == TETHER_OK && f.width == 3, "the plain callback measures now");

    /* Cleared with NULL; a freed view's id is refused. */
    expect(tether_view_set_user_data(e, title, NULL) == TETHER_OK &&
               tether_view_user_data(e, title, &data) == TETHER_OK && data == NULL, "cleared");
    tether_view_free(e, subtitle);
    expect(tether_view_user_data(e, subtitle, &data) == TETHER_E_INVALID_ID, "a freed view's id is refused");
    expect(tether_view_set_user_data(e, subtitle, &b) == TETHER_E_INVALID_ID, "and cannot be given data");

    tether_engine_free(e);
    return finish();
}
