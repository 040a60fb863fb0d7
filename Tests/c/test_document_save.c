/*
 * test_document_save.c: what tether_document_save() cannot keep as it is, said rather than
 * dropped (issue 24, item 15): a measured view is saved with what its callback measured, an
 * identifier that had to change is reported once through the diagnostic handler (not once per
 * call of the two-call pattern), and a failing callback fails the save.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "test_support.h"

static int reports;
static char last_report[1024];

static void on_diagnostic(void *context, const char *message) {
    (void)context;
    reports++;
    strncpy(last_report, message, sizeof last_report - 1);
}

static int fail_measuring;

/* 600 points of text in lines of the proposed width, 20 points a line (NaN: one line). */
static int32_t measure_text(void *context, tether_view view, double proposed_width, tether_measurement *out) {
    (void)context;
    (void)view;
    if (fail_measuring) return 1;
    int unknown = proposed_width != proposed_width;
    double lines = unknown ? 1 : (double)(int)((600 + proposed_width - 1) / proposed_width);
    out->width = unknown || proposed_width > 600 ? 600 : proposed_width;
    out->height = 20 * lines;
    out->first_baseline = 15;
    out->last_baseline = 5;
    return 0;
}

/* The saved text of `root` (two-call pattern), malloc'ed; NULL on failure with `*status`. */
static char *save(tether_engine *e, tether_view root, tether_status *status) {
    size_t needed = 0;
    *status = tether_document_save(e, root, NULL, 0, &needed);
    if (*status != TETHER_E_BUFFER_TOO_SMALL) return NULL;
    char *text = malloc(needed);
    *status = tether_document_save(e, root, text, needed, &needed);
    if (*status != TETHER_OK) {
        free(text);
        return NULL;
    }
    return text;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_engine_set_diagnostic_handler(e, on_diagnostic, NULL);
    tether_engine_set_measure_callback(e, measure_text, NULL);
    tether_view root, label;
    tether_view_new(e, (tether_rect){0, 0, 320, 200}, &root);
    tether_item_set_identifier(e, root, "root");
    tether_view_new_subview(e, root, "user.label", &label);
    tether_view_set_measured(e, label, 1);
    const char *names[] = {"root", "label"};
    tether_item items[] = {root, label};
    tether_layout_constraint made[3];
    size_t count = 0, failed = 0;
    expect(tether_layout_constraints_with_equations(
               e, "label.leading == root.leading + 20; label.trailing == root.trailing - 20\n"
                  "label.top == root.top + 10", NULL, NULL, 0, names, items, 2, made, 3, &count, NULL) == TETHER_OK
               && count == 3, "constraints from equations");
    expect(tether_layout_constraint_activate(e, made, count, &failed) == TETHER_OK, "activate");
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out");
    tether_rect f;
    expect(tether_view_frame(e, label, &f) == TETHER_OK && f.width == 280 && f.height == 60, "three lines at 280");

    tether_status status;
    char *text = save(e, root, &status);
    expect(text != NULL, "saved");
    if (text) {
        expect(strstr(text, "\"intrinsicContentSize\": [280, 60]") != NULL, "the measured size is the intrinsic size");
        expect(strstr(text, "\"firstBaselineOffsetFromTop\": 15") != NULL, "with the measured baselines");
        expect(strstr(text, "\"identifier\": \"user_label\"") != NULL, "the identifier is made a name");
        /* Loaded into another engine, without any callback, it lays out the same. */
        tether_engine *other;
        tether_engine_new(&other);
        tether_view roots[1];
        size_t n = 0;
        expect(tether_document_load(other, text, strlen(text), roots, 1, &n) == TETHER_OK && n == 1, "loads back");
        tether_item loaded = 0;
        expect(tether_document_item_named(other, roots[0], "user_label", &loaded) == TETHER_OK, "by its new name");
        tether_view_layout_if_needed(other, roots[0]);
        tether_rect g;
        expect(tether_view_frame(other, loaded, &g) == TETHER_OK && g.x == 20 && g.y == 10 && g.width == 280
                   && g.height == 60, "the same frame");
        int32_t ambiguous = 1;
        expect(tether_item_has_ambiguous_layout(other, loaded, &ambiguous) == TETHER_OK && ambiguous == 0,
               "and not ambiguous");
        tether_engine_free(other);
        free(text);
    }
    expect(reports == 1, "the rename is reported once for the two calls");
    expect(strstr(last_report, "\"user.label\" -> \"user_label\"") != NULL, "naming the old and the new name");

    /* A size query alone reports nothing; a failing callback fails the save. */
    size_t needed = 0;
    expect(tether_document_save(e, root, NULL, 0, &needed) == TETHER_E_BUFFER_TOO_SMALL && reports == 1,
           "asking for the size reports nothing");
    tether_view fresh;
    tether_view_new_subview(e, root, "fresh", &fresh);
    tether_view_set_measured(e, fresh, 1);
    fail_measuring = 1;
    expect(tether_document_save(e, root, NULL, 0, &needed) == TETHER_E_CALLBACK_FAILED,
           "a view never measured is measured now, and its failure fails the save");
    expect(strstr(tether_last_error(), "while saving its document") != NULL, "the message says when");

    tether_engine_free(e);
    return finish();
}
