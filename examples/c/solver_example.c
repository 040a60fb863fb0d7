/*
 * solver_example.c: the raw Tether solver, driven through the C ABI (Include/tether.h) only.
 *
 * A window and three boxes in a row:
 *
 *     |-20-[box0]-8-[box1]-8-[box2]-20-|
 *
 *     box0.width == box1.width == box2.width   required
 *     box0.width >= 50                         required (so all three are at least 50 wide)
 *     box0.width == 100                        priority 250 (the preferred width)
 *
 * First the window has no width of its own, so the preferred width decides (356). Then the
 * window's width becomes an edit variable at priority 999, and resizing the window is a
 * suggestion that the solver follows as far as the required constraints allow. Last, a required
 * "window <= 150" is rejected: we print why and which constraints it conflicts with.
 *
 * The program checks its own results against numbers worked out by hand and exits non-zero on
 * any difference or any unexpected status.
 *
 * Build and run:  make demo
 *            or:  make c-examples && .build/c/examples/solver_example
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "example_support.h" /* shared helpers: CHECK, start_example */

#define MARGIN 20.0
#define GAP 8.0
#define BOXES 3

typedef struct {
    tether_variable left;
    tether_variable width;
} Box;

/* The constraints we made, with a description, so that conflicts can be printed by name. */
#define MAX_CONSTRAINTS 16
static struct {
    tether_constraint id;
    char label[64];
} constraints[MAX_CONSTRAINTS];
static size_t constraint_count;

static const char *label_of(tether_constraint id) {
    size_t i;
    for (i = 0; i < constraint_count; i++)
        if (constraints[i].id == id) return constraints[i].label;
    return "(unknown constraint)";
}

/* Makes `sum(coefficients[i] * variables[i]) + constant  relation  0` at `priority`. */
static tether_constraint make(tether_solver *solver, size_t count, const tether_variable *variables,
                              const double *coefficients, double constant,
                              tether_relation relation, double priority, const char *label) {
    tether_constraint id;
    CHECK(tether_solver_constraint_new(solver, variables, coefficients, count, constant, relation,
                                       priority, &id));
    if (constraint_count == MAX_CONSTRAINTS) {
        fprintf(stderr, "too many constraints for this example\n");
        exit(EXIT_FAILURE);
    }
    constraints[constraint_count].id = id;
    snprintf(constraints[constraint_count].label, sizeof constraints[0].label, "%s", label);
    constraint_count++;
    return id;
}

static tether_variable variable(tether_solver *solver, const char *name) {
    tether_variable id;
    CHECK(tether_solver_variable_new(solver, name, &id));
    return id;
}

/* Reads the window and every box in one call, prints a table and checks it against the layout
 * worked out by hand: every box `width` wide, lefts at 20, 20 + (width + 8), 20 + 2 (width + 8). */
static void print_and_check(tether_solver *solver, const char *title, tether_variable window,
                            const Box *box, double expected_window, double expected_width) {
    tether_variable ids[1 + 2 * BOXES];
    double values[1 + 2 * BOXES];
    int i, wrong = 0;

    ids[0] = window;
    for (i = 0; i < BOXES; i++) {
        ids[1 + 2 * i] = box[i].left;
        ids[2 + 2 * i] = box[i].width;
    }
    CHECK(tether_solver_variable_values(solver, ids, 1 + 2 * BOXES, values));

    printf("%s\n", title);
    printf("  window width %7.2f\n", values[0]);
    printf("  box    left   width   right\n");
    for (i = 0; i < BOXES; i++) {
        double left = values[1 + 2 * i], width = values[2 + 2 * i];
        printf("  %d   %7.2f %7.2f %7.2f\n", i, left, width, left + width);
    }

    if (fabs(values[0] - expected_window) > 1e-6) {
        fprintf(stderr, "  WRONG: window width is %.9g, expected %.9g\n", values[0],
                expected_window);
        wrong = 1;
    }
    for (i = 0; i < BOXES; i++) {
        double want_left = MARGIN + i * (expected_width + GAP);
        if (fabs(values[1 + 2 * i] - want_left) > 1e-6 ||
            fabs(values[2 + 2 * i] - expected_width) > 1e-6) {
            fprintf(stderr, "  WRONG: box %d is (left %.9g, width %.9g), expected (%.9g, %.9g)\n",
                    i, values[1 + 2 * i], values[2 + 2 * i], want_left, expected_width);
            wrong = 1;
        }
    }
    if (wrong) {
        fprintf(stderr, "solver_example: the solution differs from the hand-computed one\n");
        exit(EXIT_FAILURE);
    }
    printf("\n");
}

static int compare_ids(const void *a, const void *b) {
    tether_constraint x = *(const tether_constraint *)a, y = *(const tether_constraint *)b;
    return x < y ? -1 : x > y;
}

int main(void) {
    const tether_relation EQ = TETHER_RELATION_EQUAL, GE = TETHER_RELATION_GREATER_THAN_OR_EQUAL,
                          LE = TETHER_RELATION_LESS_THAN_OR_EQUAL;
    const double REQUIRED = TETHER_PRIORITY_REQUIRED;
    tether_solver *solver = NULL;
    tether_variable window;
    Box box[BOXES];
    tether_constraint required[7], too_narrow;
    size_t required_count = 0, i;

    start_example();

    CHECK(tether_solver_new(&solver));
    window = variable(solver, "window.width");
    for (i = 0; i < BOXES; i++) {
        char name[32];
        snprintf(name, sizeof name, "box%u.left", (unsigned)i);
        box[i].left = variable(solver, name);
        snprintf(name, sizeof name, "box%u.width", (unsigned)i);
        box[i].width = variable(solver, name);
    }

    /* box0.left - 20 == 0 */
    required[required_count++] =
        make(solver, 1, &box[0].left, (double[]){1}, -MARGIN, EQ, REQUIRED, "box0.left == 20");
    /* box[i].left - box[i-1].left - box[i-1].width - 8 == 0 */
    for (i = 1; i < BOXES; i++) {
        char label[64];
        snprintf(label, sizeof label, "box%u.left == box%u.right + 8", (unsigned)i,
                 (unsigned)(i - 1));
        required[required_count++] =
            make(solver, 3, (tether_variable[]){box[i].left, box[i - 1].left, box[i - 1].width},
                 (double[]){1, -1, -1}, -GAP, EQ, REQUIRED, label);
    }
    /* window.width - box2.left - box2.width - 20 == 0 */
    required[required_count++] =
        make(solver, 3, (tether_variable[]){window, box[BOXES - 1].left, box[BOXES - 1].width},
             (double[]){1, -1, -1}, -MARGIN, EQ, REQUIRED, "window.width == box2.right + 20");
    /* box[i].width - box0.width == 0 */
    for (i = 1; i < BOXES; i++) {
        char label[64];
        snprintf(label, sizeof label, "box%u.width == box0.width", (unsigned)i);
        required[required_count++] =
            make(solver, 2, (tether_variable[]){box[i].width, box[0].width}, (double[]){1, -1}, 0,
                 EQ, REQUIRED, label);
    }
    /* box0.width - 50 >= 0 */
    required[required_count++] =
        make(solver, 1, &box[0].width, (double[]){1}, -50, GE, REQUIRED, "box0.width >= 50");

    /* All required constraints in one step (all or none), then the preferred width alone. */
    {
        size_t failed_index = 0;
        tether_status status =
            tether_solver_constraint_add_batch(solver, required, required_count, &failed_index);
        if (status != TETHER_OK) {
            const char *message = tether_last_error();
            fprintf(stderr, "adding the required constraints failed at index %u (%s): %s: %s\n",
                    (unsigned)failed_index, label_of(required[failed_index]),
                    tether_status_name(status), message);
            return EXIT_FAILURE;
        }
    }
    CHECK(tether_solver_constraint_add(
        solver, make(solver, 1, &box[0].width, (double[]){1}, -100, EQ, 250,
                     "box0.width == 100 @250")));

    /* Values are published by tether_solver_update(). With nothing holding the window, the
     * preferred width decides: 3 * 100 + 2 * 8 + 2 * 20 = 356. */
    CHECK(tether_solver_update(solver));
    print_and_check(solver, "Natural size (the window follows its content):", window, box, 356,
                    100);

    /* Now the user resizes the window: an edit variable at 999 beats the preferred width (250). */
    CHECK(tether_solver_edit_add(solver, window, 999));
    CHECK(tether_solver_edit_suggest(solver, window, 416));
    CHECK(tether_solver_update(solver));
    print_and_check(solver, "Window resized to 416: (416 - 56) / 3 = 120 per box", window, box,
                    416, 120);

    /* Too narrow: the required minimum width (50) wins over the suggestion (999), so the window
     * stops at 3 * 50 + 56 = 206. */
    CHECK(tether_solver_edit_suggest(solver, window, 150));
    CHECK(tether_solver_update(solver));
    print_and_check(solver, "Window resized to 150: the boxes stop at 50, the window at 206",
                    window, box, 206, 50);

    /* A required constraint that cannot hold: window.width - 150 <= 0. */
    too_narrow = make(solver, 1, &window, (double[]){1}, -150, LE, REQUIRED, "window.width <= 150");
    {
        tether_status status = tether_solver_constraint_add(solver, too_narrow);
        char message[512];
        tether_constraint *conflict = NULL;
        size_t needed = 0, count;
        int32_t added = -1;

        /* Copy the message at once: it is valid only until the next failing call. */
        snprintf(message, sizeof message, "%s", tether_last_error());
        printf("Adding the required constraint \"%s\":\n", label_of(too_narrow));
        printf("  status:  %s\n", tether_status_name(status));
        if (status != TETHER_E_UNSATISFIABLE) {
            fprintf(stderr, "expected TETHER_E_UNSATISFIABLE\n");
            return EXIT_FAILURE;
        }
        printf("  message: %s\n", message);

        /* Two-call buffer pattern: ask for the size, allocate, fetch. */
        status = tether_solver_conflict(solver, NULL, 0, &needed);
        if (status != TETHER_OK && status != TETHER_E_BUFFER_TOO_SMALL) CHECK(status);
        conflict = malloc((needed ? needed : 1) * sizeof *conflict);
        if (!conflict) {
            fprintf(stderr, "out of memory\n");
            return EXIT_FAILURE;
        }
        CHECK(tether_solver_conflict(solver, conflict, needed, &count));
        printf("  it conflicts with %u constraints:\n", (unsigned)count);
        for (i = 0; i < count; i++)
            printf("    #%-12llu %s\n", (unsigned long long)conflict[i], label_of(conflict[i]));

        /* Worked out by hand: every required constraint takes part (drop any one of them and
         * the window could be 150 wide), the preferred width (optional) does not. */
        qsort(required, required_count, sizeof required[0], compare_ids);
        if (count != required_count) {
            fprintf(stderr, "expected %u conflicting constraints, got %u\n",
                    (unsigned)required_count, (unsigned)count);
            return EXIT_FAILURE;
        }
        for (i = 0; i < count; i++) {
            if (conflict[i] != required[i]) {
                fprintf(stderr, "conflict[%u] is #%llu (%s), expected #%llu (%s)\n", (unsigned)i,
                        (unsigned long long)conflict[i], label_of(conflict[i]),
                        (unsigned long long)required[i], label_of(required[i]));
                return EXIT_FAILURE;
            }
        }
        free(conflict);

        CHECK(tether_solver_constraint_is_added(solver, too_narrow, &added));
        if (added != 0) {
            fprintf(stderr, "the rejected constraint is reported as added\n");
            return EXIT_FAILURE;
        }
        printf("\n");
    }

    /* Nothing changed: same layout as before the rejected constraint. */
    CHECK(tether_solver_update(solver));
    print_and_check(solver, "After the rejected constraint (unchanged):", window, box, 206, 50);

    {
        tether_solver_stats stats;
        CHECK(tether_solver_stats_get(solver, &stats));
        printf("Solver: %llu variables, %llu constraints (%llu added), %llu edit, %llu rows, "
               "%llu pivots\n",
               (unsigned long long)stats.variables, (unsigned long long)stats.constraints,
               (unsigned long long)stats.added, (unsigned long long)stats.edits,
               (unsigned long long)stats.rows, (unsigned long long)stats.pivots);
    }
    CHECK(tether_solver_check(solver));
    CHECK(tether_solver_free(solver));
    printf("solver_example: all results match\n");
    return EXIT_SUCCESS;
}
