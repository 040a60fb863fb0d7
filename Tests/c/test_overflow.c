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
 * Since 0.8 the same holds for a suggestion or a new constant whose solution overflows (after
 * `y == 2x`, suggesting x = 1.7e308 used to make y infinite): TETHER_E_INVALID_ARGUMENT, the
 * values as before; a batch of suggestions is applied whole or not at all. Coefficients outside
 * 1e-100 ... 1e100 are refused when the constraint is made (a subnormal one let the fuzzer make
 * every value NaN).
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

static double value_of(tether_solver *s, tether_variable v) {
    double out = 0;
    tether_solver_update(s);
    tether_solver_variable_value(s, v, &out);
    return out;
}

static void overflowing_suggestions(void) {
    tether_solver *s;
    if (tether_solver_new(&s) != TETHER_OK) abort();
    tether_variable x, y, w;
    tether_solver_variable_new(s, "x", &x);
    tether_solver_variable_new(s, "y", &y);
    tether_solver_variable_new(s, "w", &w);
    tether_variable terms[2] = {y, x};
    double coefficients[2] = {1, -2};
    tether_constraint doubled;
    tether_solver_constraint_new(s, terms, coefficients, 2, 0, TETHER_RELATION_EQUAL, 1000, &doubled);
    expect(tether_solver_constraint_add(s, doubled) == TETHER_OK, "y == 2x is added");
    expect(tether_solver_edit_add(s, x, 500) == TETHER_OK && tether_solver_edit_add(s, w, 500) == TETHER_OK,
           "x and w are edit variables");
    expect(tether_solver_edit_suggest(s, x, 7) == TETHER_OK && value_of(s, y) == 14, "x = 7 gives y = 14");

    tether_status status = tether_solver_edit_suggest(s, x, 1.7e308);
    expect(status == TETHER_E_INVALID_ARGUMENT && strstr(tether_last_error(), "overflows") != NULL,
           "suggesting x = 1.7e308 (y would be infinite) gives TETHER_E_INVALID_ARGUMENT naming the overflow");
    expect(value_of(s, x) == 7 && value_of(s, y) == 14, "x and y keep 7 and 14");
    expect(tether_solver_check(s) == TETHER_OK, "the solver's invariants hold after the refusal");

    tether_variable both[2] = {w, x};
    double values[2] = {5, 1e308};
    status = tether_solver_edit_suggest_batch(s, both, values, 2);
    expect(status == TETHER_E_INVALID_ARGUMENT && strstr(tether_last_error(), "index 1") != NULL,
           "a batch whose second suggestion overflows is refused, naming index 1");
    expect(value_of(s, w) == 0 && value_of(s, x) == 7, "the batch's first suggestion is taken back");
    values[1] = 8;
    expect(tether_solver_edit_suggest_batch(s, both, values, 2) == TETHER_OK && value_of(s, w) == 5
               && value_of(s, y) == 16,
           "a batch that does not overflow is applied");
    tether_solver_free(s);
}

static void coefficients_out_of_range(void) {
    tether_solver *s;
    if (tether_solver_new(&s) != TETHER_OK) abort();
    tether_variable x;
    tether_solver_variable_new(s, "x", &x);
    const double refused[] = {5e-324, -1e-310, 9e-101, 2e100, -1.7e308};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        tether_constraint c = 0xdead;
        tether_status status = tether_solver_constraint_new(s, &x, &refused[i], 1, 1, TETHER_RELATION_EQUAL, 1000, &c);
        char line[160];
        snprintf(line, sizeof line, "coefficient %g is refused with TETHER_E_INVALID_ARGUMENT (got %s)", refused[i],
                 tether_status_name(status));
        expect(status == TETHER_E_INVALID_ARGUMENT && strstr(tether_last_error(), "1e-100 and 1e100") != NULL
                   && c == 0xdead,
               line);
    }
    const double accepted[] = {0, 1e-100, -1e100, 1};
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        tether_constraint c;
        char line[160];
        snprintf(line, sizeof line, "coefficient %g is accepted", accepted[i]);
        expect(tether_solver_constraint_new(s, &x, &accepted[i], 1, 0, TETHER_RELATION_EQUAL, 1000, &c) == TETHER_OK,
               line);
    }
    tether_solver_free(s);
}

int main(void) {
    overflowing_suggestions();
    coefficients_out_of_range();
    overflowing_add(500, "optional");
    overflowing_add(1000, "required");
    return finish();
}
