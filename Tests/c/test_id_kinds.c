/*
 * test_id_kinds.c: every id carries its kind, through the C ABI only (issue 24, item 1).
 *
 * Views and layout constraints of one engine, and variables and constraints of one solver, are
 * numbered from the same first slot, so before, the first constraint's id was the first view's
 * id: tether_view_frame(engine, constraint) answered with the view's frame, and
 * tether_solver_constraint_add(solver, variable) added the constraint in the variable's slot.
 * Now an id given where another kind is expected fails with TETHER_E_INVALID_ID, the message
 * names both kinds, and the engine or solver is exactly as before the call.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

/* A refusal for an id of the wrong kind: the status, and a message naming what the id is and
 * what was expected. */
static void expect_kind(tether_status status, const char *is, const char *expected, const char *what) {
    char line[256];
    snprintf(line, sizeof line, "%s: %s (want TETHER_E_INVALID_ID naming \"%s\" and \"%s\")", what,
             tether_status_name(status), is, expected);
    const char *message = tether_last_error();
    expect(status == TETHER_E_INVALID_ID && strstr(message, is) != NULL && strstr(message, expected) != NULL,
           line);
}

static void engine_ids(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    tether_view root, child;
    tether_view_new(e, (tether_rect){0, 0, 100, 100}, &root);
    tether_view_new_subview(e, root, NULL, &child);
    tether_guide guide;
    tether_guide_new(e, &guide);
    tether_view_add_layout_guide(e, root, guide);
    tether_layout_constraint width, height;
    tether_layout_constraint_new(e, child, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                 TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 40, TETHER_LAYOUT_PRIORITY_REQUIRED, &width);
    tether_layout_constraint_new(e, child, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL, 0,
                                 TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 30, TETHER_LAYOUT_PRIORITY_REQUIRED, &height);
    tether_layout_constraint_activate(e, &width, 1, NULL);
    tether_view_layout_if_needed(e, root);

    /* The slots collide: the first view and the first constraint share slot and generation. */
    expect(root != width && (root & 0x3fffffffu) == (width & 0x3fffffffu), "view and constraint share a slot");
    expect(root != width, "a view's id and a constraint's id differ");

    char *before = saved_document(e, root);
    tether_rect frame;
    expect_kind(tether_view_frame(e, width, &frame), "layout constraint id", "not a view id", "view_frame(constraint)");
    expect_kind(tether_view_set_frame(e, width, (tether_rect){1, 2, 3, 4}), "layout constraint id", "not a view id",
                "view_set_frame(constraint)");
    expect_kind(tether_view_free(e, height), "layout constraint id", "not a view id", "view_free(constraint)");
    expect_kind(tether_view_add_subview(e, root, width), "layout constraint id", "not a view id",
                "add_subview(constraint as child)");
    expect_kind(tether_guide_free(e, width), "layout constraint id", "not a layout guide id", "guide_free(constraint)");
    tether_layout_constraint made = 0;
    expect_kind(tether_layout_constraint_new(e, width, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                             TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, 1, TETHER_LAYOUT_PRIORITY_REQUIRED,
                                             &made),
                "layout constraint id", "not a view or layout guide id", "constraint_new(constraint as item)");
    expect(made == 0, "no constraint was made");

    /* A view's id where a constraint is expected: the first constraint is in the view's slot. */
    expect_kind(tether_layout_constraint_set_constant(e, root, 7), "view or layout guide id",
                "not a layout constraint id", "set_constant(view)");
    tether_layout_constraint as_constraint = root;
    expect_kind(tether_layout_constraint_deactivate(e, &as_constraint, 1), "view or layout guide id",
                "not a layout constraint id", "deactivate(view)");
    expect_kind(tether_layout_constraint_free(e, root), "view or layout guide id", "not a layout constraint id",
                "constraint_free(view)");
    tether_layout_constraint_info info;
    expect_kind(tether_layout_constraint_info_get(e, guide, &info), "view or layout guide id",
                "not a layout constraint id", "constraint_info(guide)");
    /* The message says which view the id names. */
    tether_layout_constraint_set_constant(e, root, 7);
    expect(strstr(tether_last_error(), "<View: 0x100000001;") != NULL, "the message names the view the id is");

    tether_view_layout_if_needed(e, root);
    char *after = saved_document(e, root);
    expect(strcmp(before, after) == 0, "the engine is as it was after every refusal");
    expect(tether_view_frame(e, child, &frame) == TETHER_OK && frame.width == 40 && frame.height == 0,
           "the child keeps its frame (the inactive height never ran)");
    expect(tether_view_frame(e, root, &frame) == TETHER_OK && frame.width == 100, "the root keeps its frame");
    free(before);
    free(after);

    /* A solver's ids given to an engine are named as such. */
    tether_solver *s;
    tether_solver_new(&s);
    tether_variable x;
    tether_solver_variable_new(s, "x", &x);
    expect_kind(tether_view_frame(e, x, &frame), "solver variable id", "not a view id", "view_frame(solver variable)");
    tether_solver_free(s);
    tether_engine_free(e);
}

static void solver_ids(void) {
    tether_solver *s;
    if (tether_solver_new(&s) != TETHER_OK) abort();
    tether_variable x, y;
    tether_solver_variable_new(s, "x", &x);
    tether_solver_variable_new(s, "y", &y);
    double one = 1;
    tether_constraint c, d;
    tether_solver_constraint_new(s, &x, &one, 1, -5, TETHER_RELATION_EQUAL, TETHER_PRIORITY_REQUIRED, &c);
    tether_solver_constraint_new(s, &y, &one, 1, -9, TETHER_RELATION_EQUAL, TETHER_PRIORITY_REQUIRED, &d);
    tether_solver_constraint_add(s, c);
    tether_solver_update(s);
    expect(x != c && (x & 0x3fffffffu) == (c & 0x3fffffffu), "variable and constraint share a slot");

    char *before = solver_dump(s);
    /* A variable's id where a constraint is expected: y's slot holds d, not yet added. */
    expect_kind(tether_solver_constraint_add(s, y), "solver variable id", "not a solver constraint id",
                "constraint_add(variable)");
    expect_kind(tether_solver_constraint_remove(s, x), "solver variable id", "not a solver constraint id",
                "constraint_remove(variable)");
    expect_kind(tether_solver_constraint_free(s, x), "solver variable id", "not a solver constraint id",
                "constraint_free(variable)");
    expect_kind(tether_solver_constraint_set_constant(s, x, -6), "solver variable id", "not a solver constraint id",
                "constraint_set_constant(variable)");
    tether_constraint batch[2] = {d, y};
    size_t failed_at = 99;
    expect_kind(tether_solver_constraint_add_batch(s, batch, 2, &failed_at), "solver variable id",
                "not a solver constraint id", "constraint_add_batch(variable)");
    expect(failed_at == 1, "the batch names the variable's place");

    /* A constraint's id where a variable is expected. */
    double value = -1;
    expect_kind(tether_solver_variable_value(s, c, &value), "solver constraint id", "not a solver variable id",
                "variable_value(constraint)");
    expect_kind(tether_solver_variable_free(s, d), "solver constraint id", "not a solver variable id",
                "variable_free(constraint)");
    expect_kind(tether_solver_edit_add(s, c, 500), "solver constraint id", "not a solver variable id",
                "edit_add(constraint)");
    tether_constraint made = 0;
    expect_kind(tether_solver_constraint_new(s, &c, &one, 1, 0, TETHER_RELATION_EQUAL, TETHER_PRIORITY_REQUIRED,
                                             &made),
                "solver constraint id", "not a solver variable id", "constraint_new(constraint as term)");
    expect(made == 0, "no constraint was made");
    uint32_t count = 1;
    double constant = 0, priority = TETHER_PRIORITY_REQUIRED;
    tether_relation relation = TETHER_RELATION_EQUAL;
    expect_kind(tether_solver_constraints_new_batch(s, 1, &count, &d, &one, &constant, &relation, &priority, &made,
                                                    NULL),
                "solver constraint id", "not a solver variable id", "constraints_new_batch(constraint as term)");
    /* An engine's ids given to a solver are named as such. */
    tether_engine *e;
    tether_engine_new(&e);
    tether_view view;
    tether_view_new(e, (tether_rect){0, 0, 1, 1}, &view);
    expect_kind(tether_solver_variable_value(s, view, &value), "view or layout guide id", "not a solver variable id",
                "variable_value(view)");
    tether_engine_free(e);

    char *after = solver_dump(s);
    expect(strcmp(before, after) == 0, "the solver is as it was after every refusal");
    tether_solver_update(s);
    expect(tether_solver_variable_value(s, x, &value) == TETHER_OK && value == 5, "x is still 5");
    expect(tether_solver_variable_value(s, y, &value) == TETHER_OK && value == 0, "y is still free (d not added)");
    free(before);
    free(after);
    tether_solver_free(s);
}

int main(void) {
    engine_ids();
    solver_ids();
    return finish();
}
