/*
 * test_counts.c: counts, lengths and capacities (size_t) that no call can honour, through the
 * C ABI only (issue 20, items 2 and 3; the rule is in Include/tether/base.h).
 *
 *   - A count or length of 2^63 or more (SIZE_MAX: a negative number converted) is refused with
 *     TETHER_E_INVALID_ARGUMENT and a message naming the argument. It used to be read as 0 (a
 *     constraint with SIZE_MAX terms was made as `5 == 0`, activate and deactivate returned OK
 *     and did nothing) or to trap the process (batch add, batch suggest).
 *   - A count whose memory cannot be allocated (2^40 variables, a constraint of UINT32_MAX terms)
 *     is refused with TETHER_E_NO_MEMORY. It used to abort the process.
 *   - A capacity of 2^63 or more is taken as "large enough".
 * After every refusal the solver's dump, or the engine's saved document, is what it was before.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "test_support.h"

static void expect_refused(tether_status got, tether_status status, const char *fragment, const char *what) {
    char line[512];
    snprintf(line, sizeof line, "%s: %s, expected %s with \"%s\"", what, tether_status_name(got),
             tether_status_name(status), fragment);
    expect(got == status && strstr(tether_last_error(), fragment) != NULL, line);
}

static void solver_counts(void) {
    tether_solver *s;
    if (tether_solver_new(&s) != TETHER_OK) abort();
    tether_variable x, y;
    tether_solver_variable_new(s, "x", &x);
    tether_solver_variable_new(s, "y", &y);
    double one = 1, value = 0;
    tether_constraint c, k;
    tether_solver_constraint_new(s, &x, &one, 1, -5, TETHER_RELATION_EQUAL, 1000, &c);
    tether_solver_constraint_add(s, c);
    tether_solver_edit_add(s, y, 500);
    tether_solver_update(s);
    char *before = solver_dump(s);
    size_t failed_index = 0;

    expect_refused(tether_solver_constraint_new(s, &x, &one, SIZE_MAX, 5, TETHER_RELATION_EQUAL, 1000, &k),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615 is not a count", "constraint_new SIZE_MAX terms");
    expect_refused(tether_solver_constraint_add_batch(s, &c, SIZE_MAX, &failed_index),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "constraint_add_batch SIZE_MAX");
    expect_refused(tether_solver_edit_suggest_batch(s, &y, &value, SIZE_MAX),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "edit_suggest_batch SIZE_MAX");
    expect_refused(tether_solver_variable_values(s, &x, SIZE_MAX, &value),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "variable_values SIZE_MAX");
    double lower, upper;
    expect_refused(tether_solver_variable_ranges(s, &x, SIZE_MAX, &lower, &upper),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "variable_ranges SIZE_MAX");
    tether_variable made;
    expect_refused(tether_solver_variables_new(s, NULL, SIZE_MAX, &made, &failed_index),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "variables_new SIZE_MAX");
    expect_refused(tether_solver_variables_new(s, NULL, (size_t)1 << 40, &made, &failed_index),
                   TETHER_E_NO_MEMORY, "count 1099511627776 needs", "variables_new 2^40");
    uint32_t huge_terms = UINT32_MAX;
    double constant = 0;
    expect_refused(tether_solver_constraints_new_batch(s, 1, &huge_terms, &x, &one, &constant, NULL, NULL, &k,
                                                       &failed_index),
                   TETHER_E_NO_MEMORY, "term_counts 4294967295 needs", "constraints_new_batch UINT32_MAX terms");

    char *after = solver_dump(s);
    expect(strcmp(before, after) == 0, "the solver is as it was after every refusal");
    free(after);

    /* A capacity of SIZE_MAX is large enough: the dump is written. */
    char text[4096];
    size_t needed = 0;
    expect(tether_solver_dump(s, text, SIZE_MAX, &needed) == TETHER_OK && needed == strlen(before) + 1,
           "dump with capacity SIZE_MAX");
    tether_constraint conflict_out;
    expect(tether_solver_conflict(s, &conflict_out, SIZE_MAX, &needed) == TETHER_OK && needed == 0,
           "conflict with capacity SIZE_MAX");
    free(before);
    tether_solver_free(s);
}

static void engine_counts(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, child;
    tether_view_new(e, (tether_rect){0, 0, 100, 100}, &root);
    tether_view_new(e, (tether_rect){0, 0, 0, 0}, &child);
    tether_view_add_subview(e, root, child);
    tether_view_set_translates_autoresizing_mask(e, child, 0);
    tether_layout_constraint width;
    tether_layout_constraint_new(e, child, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                 TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 40, TETHER_LAYOUT_PRIORITY_REQUIRED, &width);
    tether_layout_constraint_activate(e, &width, 1, NULL);
    tether_view_layout_if_needed(e, root);
    char *before = saved_document(e, root);
    size_t failed_index = 0, needed = 0;

    expect_refused(tether_layout_constraint_activate(e, &width, SIZE_MAX, &failed_index),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "activate SIZE_MAX");
    expect_refused(tether_layout_constraint_deactivate(e, &width, SIZE_MAX),
                   TETHER_E_INVALID_ARGUMENT, "count 18446744073709551615", "deactivate SIZE_MAX");
    tether_view roots[4];
    expect_refused(tether_document_load(e, "{}", SIZE_MAX, roots, 4, &needed),
                   TETHER_E_INVALID_ARGUMENT, "length 18446744073709551615", "document_load SIZE_MAX");
    const char *names[] = {"w"};
    double values[] = {10};
    const char *view_names[] = {"child"};
    tether_layout_constraint made[8];
    size_t position = 0;
    expect_refused(tether_layout_constraints_with_visual_format(e, "[child(w)]", 0, names, values, SIZE_MAX,
                                                                view_names, &child, 1, made, 8, &needed, &position),
                   TETHER_E_INVALID_ARGUMENT, "metric_count 18446744073709551615", "VFL metric_count SIZE_MAX");
    expect_refused(tether_layout_constraints_with_visual_format(e, "[child(w)]", 0, names, values, 1,
                                                                view_names, &child, SIZE_MAX, made, 8, &needed,
                                                                &position),
                   TETHER_E_INVALID_ARGUMENT, "item_count 18446744073709551615", "VFL item_count SIZE_MAX");

    char *after = saved_document(e, root);
    expect(strcmp(before, after) == 0, "the engine's document is as it was after every refusal");
    free(after);
    free(before);

    /* A capacity of SIZE_MAX is large enough. */
    tether_view subviews[4];
    expect(tether_view_subviews(e, root, subviews, SIZE_MAX, &needed) == TETHER_OK && needed == 1 &&
               subviews[0] == child, "subviews with capacity SIZE_MAX");
    tether_view views[4];
    tether_rect frames[4];
    expect(tether_view_subtree_frames(e, root, views, frames, SIZE_MAX, &needed) == TETHER_OK && needed == 2 &&
               frames[1].width == 40, "subtree_frames with capacity SIZE_MAX");
    tether_engine_free(e);
}

int main(void) {
    solver_counts();
    engine_counts();
    return finish();
}
