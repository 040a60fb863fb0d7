/*
 * test_overflow.c: a constraint whose solution overflows is refused and leaves the solver as it
 * was, through the C ABI only (issue 20, item 8).
 *
 * `x == 1.7e308`, then `y == x + x` at priority 500: adding it used to fail with
 * TETHER_E_INTERNAL yet leave it added, and every later add failed. Now the add fails with
 * TETHER_E_INVALID_ARGUMENT ("... overflows ..."), the solver's dump is the same as before the
 * call, the constraint is not added, and later adds and updates work. The same for a required
 * `y == 2x` (it used to be kept with y infinite).
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "test_support.h"

static void overflowing_add(double priority, const char *what) {
    tether_solver *s;
    if (tether_solver_new(&s) != TETHER_OK) abort();
    tether_variable x, y, z;
    tether_solver_variable_new(s, "x", &x);
    tether_solver_variable_new(s, "y", &y);
    double one = 1;
    tether_constraint pin, doubled, later;
    tether_solver_constraint_new(s, &x, &one, 1, -1.7e308, TETHER_RELATION_EQUAL, 1000, &pin);
    expect(tether_solver_constraint_add(s, pin) == TETHER_OK, "x == 1.7e308 is added");
    tether_variable terms[2] = {y, x};
    double coefficients[2] = {1, -2};
    tether_solver_constraint_new(s, terms, coefficients, 2, 0, TETHER_RELATION_EQUAL, priority, &doubled);
    char *before = solver_dump(s);

    tether_status status = tether_solver_constraint_add(s, doubled);
    char line[256];
    snprintf(line, sizeof line, "%s: adding y == x + x gives TETHER_E_INVALID_ARGUMENT naming the overflow (got %s)",
             what, tether_status_name(status));
    expect(status == TETHER_E_INVALID_ARGUMENT && strstr(tether_last_error(), "overflows") != NULL, line);
    char *after = solver_dump(s);
    snprintf(line, sizeof line, "%s: the dump is the same before and after", what);
    expect(strcmp(before, after) == 0, line);
    tether_constraint_info info;
    expect(tether_solver_constraint_info(s, doubled, &info) == TETHER_OK && info.is_added == 0,
           "the constraint is not added");

    /* The solver still works. */
    tether_solver_variable_new(s, "z", &z);
    tether_solver_constraint_new(s, &z, &one, 1, -3, TETHER_RELATION_EQUAL, 1000, &later);
    expect(tether_solver_constraint_add(s, later) == TETHER_OK, "a later add works");
    expect(tether_solver_update(s) == TETHER_OK, "update works");
    double values[2];
    tether_variable read[2] = {x, z};
    expect(tether_solver_variable_values(s, read, 2, values) == TETHER_OK && values[0] == 1.7e308 && values[1] == 3,
           "x and z have their values");
    expect(tether_solver_check(s) == TETHER_OK, "the solver's invariants hold");
    free(before);
    free(after);
    tether_solver_free(s);
}

int main(void) {
    overflowing_add(500, "optional");
    overflowing_add(1000, "required");
    return finish();
}
