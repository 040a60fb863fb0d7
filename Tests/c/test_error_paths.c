/*
 * test_error_paths.c: table-driven test of the solver API's error paths, through the C ABI only.
 *
 * Every row is one call with the status it must return. For every row that must fail, the runner
 * also checks that
 *   - tether_last_error() is a non-empty message, and
 *   - no out-parameter was written (every output global still holds its sentinel), except
 *     `needed` on TETHER_E_BUFFER_TOO_SMALL and `failed_index` of the batch add;
 * then evaluates the row's own post-condition (often: the solver still gives the same solution
 * and tether_solver_check() passes).
 *
 * Tables:
 *   bad handles x every entry point that takes a handle   (NULL, freed, garbage)
 *   bad variable ids x every entry point that takes one   (0, freed, stale, foreign, ~0)
 *   bad constraint ids x every entry point that takes one (0, freed, stale, foreign, ~0)
 *   numbers for tether_solver_constraint_new               (NaN, inf, priorities, relations)
 *   named cases, run in order (some set up state for the next ones)
 * and the same for the view model (engines, views, guides, layout constraints):
 *   bad engine handles x every entry point that takes one (NULL, freed, garbage, a solver)
 *   bad view ids x every entry point that takes one       (0, freed, stale, foreign, ~0, a guide)
 *   bad guide ids x every entry point that takes one      (0, freed, stale, foreign, ~0, a view)
 *   bad item ids x every entry point that takes one       (0, freed, stale, foreign, ~0)
 *   bad stack-view ids x every entry point that takes one (0, freed, stale, foreign, ~0, a
 *   guide, a plain view), and named stack-view cases (enums, numbers, flags, buffers, read-only
 *   generated constraints, hidden views)
 *   bad layout-constraint ids x every entry point         (0, freed, stale, foreign, ~0)
 *   named view-model cases: numbers, enums, states, small buffers, failing callbacks,
 *   descriptions and inspection (debug names, descriptions, constraints affecting layout, the
 *   autolayout trace: exact texts built from the fixture's ids at run time)
 * after which the engine must still lay out its screen, and a new one, correctly.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tether.h"

/* ----------------------------------------------------------------------------------------------
 * What a NULL solver handle returns. The header says TETHER_E_NULL_ARGUMENT is for "a required
 * pointer argument was NULL" and TETHER_E_INVALID_HANDLE for "a handle that is not live"; a NULL
 * handle is both. The test requires one consistent answer, this one, from every entry point.
 * -------------------------------------------------------------------------------------------- */
#define NULL_HANDLE_STATUS TETHER_E_NULL_ARGUMENT

static int passed, failed;

static void pass(void) { passed++; }

static void fail(const char *what, const char *detail) {
    failed++;
    printf("FAIL %s\n     %s\n", what, detail);
}

/* ----------------------------------------------------------------------------------------------
 * Fixture
 * -------------------------------------------------------------------------------------------- */

static tether_solver *S;       /* the solver under test */
static tether_solver *S2;      /* another live solver (source of foreign ids) */
static tether_solver *FREED_S; /* a freed solver handle */
static tether_solver *S3;      /* conflict order with a reused constraint slot */
static tether_constraint K_OLD, K_LOW, K_REUSED, K_REJECT;

/* Variables of S. */
static tether_variable X, Y;       /* x >= 10, x <= 50, x == 20 @500, y == x + 5: x = 20, y = 25 */
static tether_variable W, W2;      /* edit variables at 999 and 400 */
static tether_variable U;          /* named "width" */
static tether_variable E;          /* made with a NULL name: "" */
static tether_variable UTF;        /* named "moteur été" */
static tether_variable Q;          /* used only by a constraint that is not added */
static tether_variable FREED_VAR;  /* freed, slot not reused */
static tether_variable STALE_VAR;  /* freed, slot reused by REUSED_VAR */
static tether_variable REUSED_VAR; /* live */
static tether_variable FOREIGN_VAR, FOREIGN_FIRST_VAR; /* live in S2 only */

/* Constraints of S. */
static tether_constraint C_REQ;  /* x - 10 >= 0, required, added */
static tether_constraint C_MAX;  /* x - 50 <= 0, required, added */
static tether_constraint C_OPT;  /* x - 20 == 0 @500, added */
static tether_constraint C_Y;    /* y - x - 5 == 0, required, added */
static tether_constraint C_NEW;  /* y - 5 == 0 @300, never added */
static tether_constraint C_Q;    /* q - 1 == 0 @100, not added */
static tether_constraint C_T;    /* x + 2y + 3x <= 0 @100, not added: terms (x, 4), (y, 2) */
static tether_constraint C_BAD;  /* y - 12 <= 0, required, not added: conflicts with C_REQ, C_Y */
static tether_constraint FREED_C, STALE_C, REUSED_C, FOREIGN_C, FOREIGN_FIRST_C;

/* The view model. EN holds a screen (ROOT 400 x 800: HEADER, CONTENT, FOOTER laid out by
 * constraints) that every post-condition checks, and a few spare roots for cases that change
 * things. */
static tether_engine *EN;       /* the engine under test */
static tether_engine *EN2;      /* another live engine (source of foreign ids) */
static tether_engine *FREED_EN; /* a freed engine handle */
static tether_view ROOT, HEADER, CONTENT, FOOTER;
static tether_view LONER;                /* a root with no constraints, 100 x 100 */
static tether_view MROOT, MEASURED;      /* a root whose subview is measured by a callback */
static tether_view DROOT, DVIEW;         /* a root whose subview has conflicting widths */
static tether_view STACK, ARR_A, ARR_B;  /* a root stack row, 300 x 50, spacing 10, arranging A
                                            (intrinsic 100 x 20) and B (50 x 20) */
static tether_view EMPTY_STACK;          /* a root stack arranging nothing */
static tether_guide GUIDE;               /* a guide owned by ROOT */
static tether_guide MARGINS;             /* ROOT's layout-margins guide */
static tether_layout_constraint K_GUIDE_PIN; /* GUIDE.left == ROOT.left, during the ambiguity cases */
static tether_layout_constraint K_HEADER_H;  /* header.height == 64, active */
static tether_layout_constraint K_INACTIVE;  /* header.width == 10 @250, inactive */
static tether_layout_constraint K_ACROSS;    /* content.width == loner.width, inactive */
static tether_layout_constraint K_OPTIONAL;  /* footer.width >= 10 @500, active */
static tether_layout_constraint K_WIDE, K_NARROW; /* DVIEW.width == 200 / == 100, both required */
static tether_view FREED_VIEW, STALE_VIEW, REUSED_VIEW, FOREIGN_VIEW;
static tether_guide FREED_GUIDE, STALE_GUIDE, REUSED_GUIDE, FOREIGN_GUIDE;
static tether_layout_constraint FREED_K, STALE_K, REUSED_K, FOREIGN_K;

/* Current suggestions (the expected values of W and W2). */
static double g_w = 10, g_w2 = 5;
static uint64_t g_variable_count; /* live variables of S after setup */

/* ----------------------------------------------------------------------------------------------
 * Output globals with sentinels. Every case writes its outputs here; the runner primes them
 * before each case and checks they are untouched after each failure.
 * -------------------------------------------------------------------------------------------- */

#define SENTINEL_ID UINT64_C(0x5e5e5e5e5e5e5e5e)
#define SENTINEL_D (-12345.25)
#define SENTINEL_N ((size_t)777777)
#define SENTINEL_I32 ((int32_t)-777)

static tether_solver *g_s;
static tether_variable g_v;
static tether_constraint g_c;
static double g_d;
static double g_vals[4];
static int32_t g_i32;
static size_t g_n;   /* `needed` */
static void *g_ptr; /* a user data out-parameter */
static size_t g_idx; /* `failed_index` */
static char g_buf[1024]; /* large enough for every description and trace below */
static tether_variable g_vars[4];
static double g_coefs[4];
static tether_constraint g_cons[4];
static tether_constraint_info g_info;
static tether_solver_stats g_stats;
static tether_solver_storage g_storage;
static size_t g_dump_needed, g_dump_len;
/* View-model outputs (ids go to g_v / g_c / g_vars, counts to g_n). */
static tether_engine *g_e;
static tether_rect g_rect;
static tether_rect g_rects[4];
static tether_size g_size;
static tether_insets g_insets;
static float g_f32;
static uint32_t g_u32;
static tether_layout_constraint_info g_linfo;
static tether_ambiguity g_amb[4];

/* The message of a known failure, planted before each case: a failing case must replace it. */
static char g_marker[256];

static void plant_marker(void) {
    tether_variable ignored;
    (void)tether_solver_variable_new(S, "\xff marker", &ignored);
    snprintf(g_marker, sizeof g_marker, "%s", tether_last_error());
}

static void prime(void) {
    int i;
    plant_marker();
    g_s = (tether_solver *)(void *)&g_s;
    g_v = SENTINEL_ID;
    g_c = SENTINEL_ID;
    g_d = SENTINEL_D;
    g_i32 = SENTINEL_I32;
    g_n = SENTINEL_N;
    g_idx = SENTINEL_N;
    memset(g_buf, '#', sizeof g_buf);
    for (i = 0; i < 4; i++) {
        g_vals[i] = SENTINEL_D;
        g_vars[i] = SENTINEL_ID;
        g_coefs[i] = SENTINEL_D;
        g_cons[i] = SENTINEL_ID;
    }
    memset(&g_info, 0x5e, sizeof g_info);
    memset(&g_stats, 0x5e, sizeof g_stats);
    memset(&g_storage, 0x5e, sizeof g_storage);
    g_e = (tether_engine *)(void *)&g_e;
    memset(&g_rect, 0x5e, sizeof g_rect);
    memset(g_rects, 0x5e, sizeof g_rects);
    memset(&g_size, 0x5e, sizeof g_size);
    memset(&g_insets, 0x5e, sizeof g_insets);
    memset(&g_f32, 0x5e, sizeof g_f32);
    memset(&g_u32, 0x5e, sizeof g_u32);
    memset(&g_linfo, 0x5e, sizeof g_linfo);
    memset(g_amb, 0x5e, sizeof g_amb);
}

/* Which output was written, or NULL when all are untouched (`needed` and `failed_index` are
 * checked by the caller). */
static const char *written_output(void) {
    unsigned char pattern[256];
    size_t i;
    if (g_s != (tether_solver *)(void *)&g_s) return "solver out";
    if (g_v != SENTINEL_ID) return "variable out";
    if (g_c != SENTINEL_ID) return "constraint out";
    if (g_d != SENTINEL_D) return "value out";
    if (g_i32 != SENTINEL_I32) return "int32 out";
    for (i = 0; i < sizeof g_buf; i++)
        if (g_buf[i] != '#') return "char buffer";
    for (i = 0; i < 4; i++) {
        if (g_vals[i] != SENTINEL_D) return "values buffer";
        if (g_vars[i] != SENTINEL_ID) return "variables buffer";
        if (g_coefs[i] != SENTINEL_D) return "coefficients buffer";
        if (g_cons[i] != SENTINEL_ID) return "constraints buffer";
    }
    memset(pattern, 0x5e, sizeof pattern);
    if (memcmp(&g_info, pattern, sizeof g_info) != 0) return "constraint info out";
    if (memcmp(&g_stats, pattern, sizeof g_stats) != 0) return "stats out";
    if (memcmp(&g_storage, pattern, sizeof g_storage) != 0) return "storage out";
    if (g_e != (tether_engine *)(void *)&g_e) return "engine out";
    if (memcmp(&g_rect, pattern, sizeof g_rect) != 0) return "rect out";
    if (memcmp(g_rects, pattern, sizeof g_rects) != 0) return "rects buffer";
    if (memcmp(&g_size, pattern, sizeof g_size) != 0) return "size out";
    if (memcmp(&g_insets, pattern, sizeof g_insets) != 0) return "insets out";
    if (memcmp(&g_f32, pattern, sizeof g_f32) != 0) return "float out";
    if (memcmp(&g_u32, pattern, sizeof g_u32) != 0) return "mask out";
    if (memcmp(&g_linfo, pattern, sizeof g_linfo) != 0) return "layout constraint info out";
    if (memcmp(g_amb, pattern, sizeof g_amb) != 0) return "ambiguities buffer";
    return NULL;
}

/* ----------------------------------------------------------------------------------------------
 * The runner for one call.
 * -------------------------------------------------------------------------------------------- */

/* Checks `got` against `want`, the last error, the outputs; returns 1 when all hold. */
static int check_call(const char *what, tether_status got, tether_status want) {
    char detail[1024];
    if (got != want) {
        const char *message = tether_last_error();
        snprintf(detail, sizeof detail, "returned %s (%d), expected %s; last error: \"%s\"",
                 tether_status_name(got), (int)got, tether_status_name(want),
                 message ? message : "(NULL)");
        fail(what, detail);
        return 0;
    }
    if (want != TETHER_OK) {
        const char *message = tether_last_error(), *written;
        if (message == NULL || message[0] == '\0') {
            fail(what, "tether_last_error() is empty after a failing call");
            return 0;
        }
        if (want != TETHER_E_INVALID_UTF8 && strcmp(message, g_marker) == 0) {
            fail(what, "tether_last_error() still holds the previous failure's message");
            return 0;
        }
        written = written_output();
        if (written) {
            snprintf(detail, sizeof detail, "wrote its %s although it failed with %s", written,
                     tether_status_name(got));
            fail(what, detail);
            return 0;
        }
        if (want != TETHER_E_BUFFER_TOO_SMALL && g_n != SENTINEL_N) {
            fail(what, "wrote `needed` although the status is not TETHER_E_BUFFER_TOO_SMALL");
            return 0;
        }
    }
    return 1;
}

static void check_post(const char *what, int ok, const char *post) {
    char detail[1024];
    if (ok) {
        pass();
    } else {
        snprintf(detail, sizeof detail, "post-condition failed: %s", post);
        fail(what, detail);
    }
}

/* ----------------------------------------------------------------------------------------------
 * Helpers for post-conditions
 * -------------------------------------------------------------------------------------------- */

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * (1 + fabs(b)); }

/* S still gives x = 20, y = 25, w = g_w, w2 = g_w2 and passes its own check. */
static int state_ok(void) {
    tether_variable ids[4];
    double values[4], want[4];
    int i;
    ids[0] = X, ids[1] = Y, ids[2] = W, ids[3] = W2;
    want[0] = 20, want[1] = 25, want[2] = g_w, want[3] = g_w2;
    if (tether_solver_update(S) != TETHER_OK) return 0;
    if (tether_solver_variable_values(S, ids, 4, values) != TETHER_OK) return 0;
    for (i = 0; i < 4; i++) {
        if (!near(values[i], want[i])) {
            printf("     solution changed: variable %d is %.17g, expected %.17g\n", i, values[i],
                   want[i]);
            return 0;
        }
    }
    return tether_solver_check(S) == TETHER_OK;
}

/* g_vals holds the lowers of x and y, then their uppers (tether_solver_variable_ranges): the
 * same as tether_solver_variable_range gives one at a time, and x = 20, y = 25 are unique. */
static int ranges_match_one_by_one(void) {
    tether_variable ids[2];
    double lower, upper;
    int i;
    ids[0] = X, ids[1] = Y;
    for (i = 0; i < 2; i++) {
        if (tether_solver_variable_range(S, ids[i], &lower, &upper) != TETHER_OK) return 0;
        if (!near(g_vals[i], lower) || !near(g_vals[2 + i], upper)) {
            printf("     range %d is [%.17g, %.17g], alone [%.17g, %.17g]\n", i, g_vals[i],
                   g_vals[2 + i], lower, upper);
            return 0;
        }
    }
    return near(g_vals[0], 20) && near(g_vals[2], 20) && near(g_vals[1], 25) && near(g_vals[3], 25);
}

static int is_added(tether_constraint c) {
    int32_t added = -1;
    if (tether_solver_constraint_is_added(S, c, &added) != TETHER_OK) return -1;
    return added;
}

static int not_added(tether_constraint c) { return is_added(c) == 0; }

static int is_edit(tether_variable v) {
    int32_t has = -1;
    if (tether_solver_edit_has(S, v, &has) != TETHER_OK) return -1;
    return has;
}

static int variable_live(tether_variable v) {
    double value;
    return tether_solver_variable_value(S, v, &value) == TETHER_OK;
}

static int priority_is(tether_constraint c, double priority) {
    tether_constraint_info info;
    return tether_solver_constraint_info(S, c, &info) == TETHER_OK && info.priority == priority;
}

static int constant_is(tether_constraint c, double constant) {
    tether_constraint_info info;
    return tether_solver_constraint_info(S, c, &info) == TETHER_OK && info.constant == constant;
}

static int variable_count_is(uint64_t count) {
    tether_solver_stats stats;
    return tether_solver_stats_get(S, &stats) == TETHER_OK && stats.variables == count;
}

static uint64_t g_constraint_count; /* live constraints of S after setup */

static int constraint_count_is(uint64_t count) {
    tether_solver_stats stats;
    return tether_solver_stats_get(S, &stats) == TETHER_OK && stats.constraints == count;
}

static int name_is(tether_variable v, const char *name) {
    char buffer[64];
    size_t needed = 0;
    return tether_solver_variable_name(S, v, buffer, sizeof buffer, &needed) == TETHER_OK &&
           strcmp(buffer, name) == 0 && needed == strlen(name) + 1;
}

/* g_vars[0..3) are three new, distinct, live variables of S named a, b, c (value 0); frees
 * them again. */
static int made_variables_are(const char *a, const char *b, const char *c) {
    int ok = variable_count_is(g_variable_count + 3) && g_vars[0] != g_vars[1] &&
             g_vars[1] != g_vars[2] && g_vars[0] != g_vars[2] && g_vars[3] == SENTINEL_ID &&
             name_is(g_vars[0], a) && name_is(g_vars[1], b) && name_is(g_vars[2], c);
    int i;
    for (i = 0; i < 3; i++) ok = ok && tether_solver_variable_free(S, g_vars[i]) == TETHER_OK;
    return ok && variable_count_is(g_variable_count);
}

/* A made constraint has these properties and terms (at most two). */
static int made_is(tether_constraint c, double constant, tether_relation relation, double priority,
                   size_t term_count, tether_variable v0, double k0, tether_variable v1, double k1) {
    tether_constraint_info info;
    tether_variable vars[4];
    double coefs[4];
    size_t needed = 0;
    if (tether_solver_constraint_info(S, c, &info) != TETHER_OK) return 0;
    if (info.constant != constant || info.relation != relation || info.priority != priority ||
        info.is_added != 0 || info.term_count != term_count)
        return 0;
    if (tether_solver_constraint_terms(S, c, vars, coefs, 4, &needed) != TETHER_OK) return 0;
    if (needed != term_count) return 0;
    if (term_count > 0 && (vars[0] != v0 || coefs[0] != k0)) return 0;
    if (term_count > 1 && (vars[1] != v1 || coefs[1] != k1)) return 0;
    return 1;
}

static int free_c(tether_constraint c);

/* batch_new_ok made x - y + 5 <= 0 (required), -6 == 0 @250 and 2y + 3x + 4y + 7 >= 0 @0.5 (terms
 * summed: 6y, 3x): check them, add them as one batch (the solution stays), free them. */
static int made_batch_ok(void) {
    int ok = constraint_count_is(g_constraint_count + 3) && g_cons[3] == SENTINEL_ID &&
             made_is(g_cons[0], 5, TETHER_RELATION_LESS_THAN_OR_EQUAL, 1000, 2, X, 1, Y, -1) &&
             made_is(g_cons[1], -6, TETHER_RELATION_EQUAL, 250, 0, 0, 0, 0, 0) &&
             made_is(g_cons[2], 7, TETHER_RELATION_GREATER_THAN_OR_EQUAL, 0.5, 2, Y, 6, X, 3) &&
             tether_solver_constraint_add_batch(S, g_cons, 3, NULL) == TETHER_OK && state_ok();
    int i;
    for (i = 0; i < 3; i++) ok = ok && free_c(g_cons[i]);
    return ok && constraint_count_is(g_constraint_count) && state_ok();
}

/* batch_new_defaults made y - 3 == 0, required (NULL relations and priorities); free it. */
static int made_default_ok(void) {
    int ok = made_is(g_cons[0], -3, TETHER_RELATION_EQUAL, 1000, 1, Y, 1, 0, 0) &&
             g_cons[1] == SENTINEL_ID;
    return free_c(g_cons[0]) && ok && constraint_count_is(g_constraint_count);
}

/* The conflict list in g_cons[0..g_n) is exactly {a, b} (b may be 0 for a single id), in
 * increasing order. */
static int conflict_is(tether_constraint a, tether_constraint b) {
    tether_constraint lo = a < b ? a : b, hi = a < b ? b : a;
    if (b == 0) return g_n == 1 && g_cons[0] == a;
    return g_n == 2 && g_cons[0] == lo && g_cons[1] == hi;
}

static int buffer_is(const char *text) {
    return strcmp(g_buf, text) == 0 && g_n == strlen(text) + 1;
}

/* Dump with a buffer of exactly `needed` bytes (and one byte less: BUFFER_TOO_SMALL, untouched). */
static tether_status dump_one_short(void) {
    char *buffer = malloc(g_dump_needed);
    tether_status status;
    size_t i;
    if (!buffer) return TETHER_E_INTERNAL;
    memset(buffer, '#', g_dump_needed);
    status = tether_solver_dump(S, buffer, g_dump_needed - 1, &g_n);
    for (i = 0; i < g_dump_needed; i++)
        if (buffer[i] != '#') g_buf[0] = 'W'; /* reported by written_output() */
    free(buffer);
    return status;
}

static tether_status dump_exact(void) {
    char *buffer = malloc(g_dump_needed);
    tether_status status;
    if (!buffer) return TETHER_E_INTERNAL;
    memset(buffer, '#', g_dump_needed);
    status = tether_solver_dump(S, buffer, g_dump_needed, &g_n);
    g_dump_len = status == TETHER_OK ? strlen(buffer) : 0;
    free(buffer);
    return status;
}

static int free_c(tether_constraint c) { return tether_solver_constraint_free(S, c) == TETHER_OK; }

/* ----------------------------------------------------------------------------------------------
 * Table 1: every entry point that takes a solver handle, called with a bad handle `h`.
 * -------------------------------------------------------------------------------------------- */

#define HANDLE_FUNCTIONS(ENTRY)                                                                       \
    ENTRY(solver_free, tether_solver_free(h))                                                          \
    ENTRY(solver_reset, tether_solver_reset(h))                                                        \
    ENTRY(variable_new, tether_solver_variable_new(h, "v", &g_v))                                      \
    ENTRY(variable_free, tether_solver_variable_free(h, X))                                            \
    ENTRY(variables_new, tether_solver_variables_new(h, NULL, 2, g_vars, &g_idx))                      \
    ENTRY(variable_name, tether_solver_variable_name(h, U, g_buf, sizeof g_buf, &g_n))                 \
    ENTRY(variable_value, tether_solver_variable_value(h, X, &g_d))                                    \
    ENTRY(variable_range, tether_solver_variable_range(h, X, &g_d, &g_d))                             \
    ENTRY(variable_values, tether_solver_variable_values(h, (tether_variable[]){X, Y}, 2, g_vals))     \
    ENTRY(variable_ranges, tether_solver_variable_ranges(h, (tether_variable[]){X, Y}, 2, g_vals,     \
                                                         g_vals + 2))                              \
    ENTRY(constraint_new, tether_solver_constraint_new(h, (tether_variable[]){X}, (double[]){1}, 1, 0, \
                                                   TETHER_RELATION_EQUAL, 500, &g_c))              \
    ENTRY(constraints_new_batch,                                                                       \
      tether_solver_constraints_new_batch(h, 1, (uint32_t[]){1}, &X, (double[]){1}, (double[]){0}, \
                                          NULL, NULL, g_cons, &g_idx))                             \
    ENTRY(constraint_free, tether_solver_constraint_free(h, C_NEW))                                    \
    ENTRY(constraint_add, tether_solver_constraint_add(h, C_NEW))                                      \
    ENTRY(constraint_add_batch,                                                                        \
      tether_solver_constraint_add_batch(h, (tether_constraint[]){C_NEW}, 1, &g_idx))              \
    ENTRY(constraint_remove, tether_solver_constraint_remove(h, C_OPT))                                \
    ENTRY(constraint_is_added, tether_solver_constraint_is_added(h, C_OPT, &g_i32))                    \
    ENTRY(constraint_set_constant, tether_solver_constraint_set_constant(h, C_OPT, -30))               \
    ENTRY(constraint_set_priority, tether_solver_constraint_set_priority(h, C_OPT, 600))               \
    ENTRY(constraint_info, tether_solver_constraint_info(h, C_OPT, &g_info))                           \
    ENTRY(constraint_terms, tether_solver_constraint_terms(h, C_T, g_vars, g_coefs, 4, &g_n))          \
    ENTRY(conflict, tether_solver_conflict(h, g_cons, 4, &g_n))                                        \
    ENTRY(edit_add, tether_solver_edit_add(h, Y, 500))                                                 \
    ENTRY(edit_remove, tether_solver_edit_remove(h, W))                                                \
    ENTRY(edit_has, tether_solver_edit_has(h, W, &g_i32))                                              \
    ENTRY(edit_suggest, tether_solver_edit_suggest(h, W, 99))                                          \
    ENTRY(edit_suggest_batch,                                                                          \
      tether_solver_edit_suggest_batch(h, (tether_variable[]){W}, (double[]){99}, 1))              \
    ENTRY(update, tether_solver_update(h))                                                             \
    ENTRY(stats_get, tether_solver_stats_get(h, &g_stats))                                             \
    ENTRY(storage_get, tether_solver_storage_get(h, &g_storage))                                       \
    ENTRY(dump, tether_solver_dump(h, g_buf, sizeof g_buf, &g_n))                                      \
    ENTRY(check, tether_solver_check(h))

#define DEFINE_HANDLE_FN(id, call)                                                                 \
    static tether_status handle_##id(tether_solver *h) { return call; }
HANDLE_FUNCTIONS(DEFINE_HANDLE_FN)

typedef struct {
    const char *name;
    tether_status (*call)(tether_solver *h);
} HandleFunction;

#define HANDLE_ROW(id, call) {"tether_" #id, handle_##id},
static const HandleFunction handle_functions[] = {HANDLE_FUNCTIONS(HANDLE_ROW)};

static void run_handle_table(void) {
    int local = 0;
    void *heap = calloc(1, 256);
    struct {
        const char *name;
        tether_solver *handle;
        tether_status want;
    } bad[5];
    size_t i, j;

    bad[0].name = "NULL handle", bad[0].handle = NULL, bad[0].want = NULL_HANDLE_STATUS;
    bad[1].name = "freed handle", bad[1].handle = FREED_S, bad[1].want = TETHER_E_INVALID_HANDLE;
    bad[2].name = "address of a local", bad[2].handle = (tether_solver *)(void *)&local,
    bad[2].want = TETHER_E_INVALID_HANDLE;
    bad[3].name = "zeroed heap block", bad[3].handle = (tether_solver *)heap,
    bad[3].want = TETHER_E_INVALID_HANDLE;
    bad[4].name = "a live engine handle", bad[4].handle = (tether_solver *)(void *)EN,
    bad[4].want = TETHER_E_INVALID_HANDLE;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (j = 0; j < sizeof handle_functions / sizeof handle_functions[0]; j++) {
            char what[160];
            tether_status got;
            snprintf(what, sizeof what, "%s(%s)", handle_functions[j].name, bad[i].name);
            prime();
            got = handle_functions[j].call(bad[i].handle);
            if (check_call(what, got, bad[i].want)) pass();
        }
    }
    free(heap);
    /* The live solver was never touched through a bad handle. */
    check_post("S unchanged after the bad-handle table", state_ok(), "state_ok()");
}

/* ----------------------------------------------------------------------------------------------
 * Table 2: every entry point that takes a variable id, called with a bad id `v`.
 * -------------------------------------------------------------------------------------------- */

#define VARIABLE_FUNCTIONS(ENTRY)                                                                      \
    ENTRY(variable_free, tether_solver_variable_free(S, v))                                            \
    ENTRY(variable_name, tether_solver_variable_name(S, v, g_buf, sizeof g_buf, &g_n))                 \
    ENTRY(variable_value, tether_solver_variable_value(S, v, &g_d))                                    \
    ENTRY(variable_range, tether_solver_variable_range(S, v, &g_d, &g_d))                             \
    ENTRY(variable_values, tether_solver_variable_values(S, (tether_variable[]){X, v}, 2, g_vals))     \
    ENTRY(variable_ranges, tether_solver_variable_ranges(S, (tether_variable[]){X, v}, 2, g_vals,     \
                                                         g_vals + 2))                              \
    ENTRY(constraint_new, tether_solver_constraint_new(S, (tether_variable[]){X, v},                   \
                                                   (double[]){1, 1}, 2, 0, TETHER_RELATION_EQUAL,  \
                                                   500, &g_c))                                     \
    ENTRY(constraints_new_batch, /* the bad id is a term of the second constraint */                   \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 2}, (tether_variable[]){X, Y, v},  \
                                          (double[]){1, 1, 1}, (double[]){0, 0}, NULL, NULL,       \
                                          g_cons, &g_idx))                                         \
    ENTRY(edit_add, tether_solver_edit_add(S, v, 500))                                                 \
    ENTRY(edit_remove, tether_solver_edit_remove(S, v))                                                \
    ENTRY(edit_has, tether_solver_edit_has(S, v, &g_i32))                                              \
    ENTRY(edit_suggest, tether_solver_edit_suggest(S, v, 1))                                           \
    ENTRY(edit_suggest_batch, /* W comes first: its new value must not be applied */                   \
      tether_solver_edit_suggest_batch(S, (tether_variable[]){W, v}, (double[]){77, 1}, 2))

#define DEFINE_VARIABLE_FN(id, call)                                                               \
    static tether_status variable_##id(tether_variable v) { return call; }
VARIABLE_FUNCTIONS(DEFINE_VARIABLE_FN)

typedef struct {
    const char *name;
    tether_status (*call)(tether_variable v);
} VariableFunction;

#define VARIABLE_ROW(id, call) {"tether_solver_" #id, variable_##id},
static const VariableFunction variable_functions[] = {VARIABLE_FUNCTIONS(VARIABLE_ROW)};

static void run_variable_table(void) {
    struct {
        const char *name;
        tether_variable id;
    } bad[5];
    size_t i, j;
    bad[0].name = "variable id 0", bad[0].id = 0;
    bad[1].name = "freed variable id", bad[1].id = FREED_VAR;
    bad[2].name = "stale variable id (slot reused)", bad[2].id = STALE_VAR;
    bad[3].name = "variable id of another solver", bad[3].id = FOREIGN_VAR;
    bad[4].name = "variable id ~0", bad[4].id = UINT64_MAX;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (j = 0; j < sizeof variable_functions / sizeof variable_functions[0]; j++) {
            char what[160];
            snprintf(what, sizeof what, "%s(%s)", variable_functions[j].name, bad[i].name);
            prime();
            if (check_call(what, variable_functions[j].call(bad[i].id), TETHER_E_INVALID_ID))
                check_post(what, state_ok() && variable_count_is(g_variable_count) &&
                                     constraint_count_is(g_constraint_count),
                           "state_ok() && no variable or constraint made or freed");
        }
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 3: every entry point that takes a constraint id, called with a bad id `c`.
 * -------------------------------------------------------------------------------------------- */

#define CONSTRAINT_FUNCTIONS(ENTRY)                                                                    \
    ENTRY(constraint_free, tether_solver_constraint_free(S, c), 1)                                     \
    ENTRY(constraint_add, tether_solver_constraint_add(S, c), 1)                                       \
    ENTRY(constraint_add_batch, /* C_NEW comes first: it must not stay added */                        \
      tether_solver_constraint_add_batch(S, (tether_constraint[]){C_NEW, c}, 2, &g_idx),           \
      g_idx == 1 && not_added(C_NEW))                                                              \
    ENTRY(constraint_remove, tether_solver_constraint_remove(S, c), 1)                                 \
    ENTRY(constraint_is_added, tether_solver_constraint_is_added(S, c, &g_i32), 1)                     \
    ENTRY(constraint_set_constant, tether_solver_constraint_set_constant(S, c, 1), 1)                  \
    ENTRY(constraint_set_priority, tether_solver_constraint_set_priority(S, c, 500), 1)                \
    ENTRY(constraint_info, tether_solver_constraint_info(S, c, &g_info), 1)                            \
    ENTRY(constraint_terms, tether_solver_constraint_terms(S, c, g_vars, g_coefs, 4, &g_n), 1)

#define DEFINE_CONSTRAINT_FN(id, call, post)                                                       \
    static tether_status constraint_##id(tether_constraint c) { return call; }                   \
    static int constraint_post_##id(void) { return post; }
CONSTRAINT_FUNCTIONS(DEFINE_CONSTRAINT_FN)

typedef struct {
    const char *name;
    tether_status (*call)(tether_constraint c);
    int (*post)(void);
    const char *post_text;
} ConstraintFunction;

#define CONSTRAINT_ROW(id, call, post)                                                             \
    {"tether_solver_" #id, constraint_##id, constraint_post_##id, #post},
static const ConstraintFunction constraint_functions[] = {CONSTRAINT_FUNCTIONS(CONSTRAINT_ROW)};

static void run_constraint_table(void) {
    struct {
        const char *name;
        tether_constraint id;
    } bad[5];
    size_t i, j;
    bad[0].name = "constraint id 0", bad[0].id = 0;
    bad[1].name = "freed constraint id", bad[1].id = FREED_C;
    bad[2].name = "stale constraint id (slot reused)", bad[2].id = STALE_C;
    bad[3].name = "constraint id of another solver", bad[3].id = FOREIGN_C;
    bad[4].name = "constraint id ~0", bad[4].id = UINT64_MAX;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (j = 0; j < sizeof constraint_functions / sizeof constraint_functions[0]; j++) {
            char what[160];
            const ConstraintFunction *f = &constraint_functions[j];
            snprintf(what, sizeof what, "%s(%s)", f->name, bad[i].name);
            prime();
            if (check_call(what, f->call(bad[i].id), TETHER_E_INVALID_ID))
                check_post(what, f->post() && state_ok(), f->post_text);
        }
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 4: numbers and enums for tether_solver_constraint_new.
 * -------------------------------------------------------------------------------------------- */

static void run_number_table(void) {
    struct {
        const char *name;
        double coefficient, constant;
        tether_relation relation;
        double priority;
        tether_status want;
    } rows[] = {
        {"coefficient NaN", 0, -1, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"coefficient +inf", 0, -1, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"coefficient -inf", 0, -1, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"constant NaN", 1, 0, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"constant +inf", 1, 0, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"constant -inf", 1, 0, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"priority NaN", 1, -1, 0, 0, TETHER_E_INVALID_ARGUMENT},
        {"priority +inf", 1, -1, 0, 0, TETHER_E_INVALID_ARGUMENT},
        {"priority -inf", 1, -1, 0, 0, TETHER_E_INVALID_ARGUMENT},
        {"priority 0", 1, -1, 0, 0, TETHER_E_INVALID_ARGUMENT},
        {"priority -0.0", 1, -1, 0, -0.0, TETHER_E_INVALID_ARGUMENT},
        {"priority -1", 1, -1, 0, -1, TETHER_E_INVALID_ARGUMENT},
        {"priority 1000.5", 1, -1, 0, 1000.5, TETHER_E_INVALID_ARGUMENT},
        {"priority 1000.0000001", 1, -1, 0, 1000.0000001, TETHER_E_INVALID_ARGUMENT},
        {"priority 2000", 1, -1, 0, 2000, TETHER_E_INVALID_ARGUMENT},
        {"relation 7", 1, -1, 7, 500, TETHER_E_INVALID_ARGUMENT},
        {"relation 2", 1, -1, 2, 500, TETHER_E_INVALID_ARGUMENT},
        {"relation -2", 1, -1, -2, 500, TETHER_E_INVALID_ARGUMENT},
        {"relation INT32_MIN", 1, -1, INT32_MIN, 500, TETHER_E_INVALID_ARGUMENT},
        {"relation INT32_MAX", 1, -1, INT32_MAX, 500, TETHER_E_INVALID_ARGUMENT},
        /* The valid edges are accepted. */
        {"relation <=", 1, -1, TETHER_RELATION_LESS_THAN_OR_EQUAL, 500, TETHER_OK},
        {"relation ==", 1, -1, TETHER_RELATION_EQUAL, 500, TETHER_OK},
        {"relation >=", 1, -1, TETHER_RELATION_GREATER_THAN_OR_EQUAL, 500, TETHER_OK},
        {"priority 1000 (required)", 1, -1, 0, 1000, TETHER_OK},
        {"priority 999.5", 1, -1, 0, 999.5, TETHER_OK},
        {"priority 1e-300", 1, -1, 0, 1e-300, TETHER_OK},
        {"coefficient 1e100", 1e100, -1, 0, 500, TETHER_OK},
        {"coefficient -1e-100", -1e-100, -1, 0, 500, TETHER_OK},
        {"coefficient 0", 0, -1, 0, 500, TETHER_OK},
        /* Coefficients outside 1e-100 ... 1e100 (0.8). */
        {"coefficient 1e300", 1e300, -1, 0, 500, TETHER_E_INVALID_ARGUMENT},
        {"coefficient 5e-324", 5e-324, -1, 0, 500, TETHER_E_INVALID_ARGUMENT},
    };
    size_t i;
    /* Non-constant initialisers kept out of the aggregate for strict C99. */
    rows[0].coefficient = NAN;
    rows[1].coefficient = INFINITY;
    rows[2].coefficient = -INFINITY;
    rows[3].constant = NAN;
    rows[4].constant = INFINITY;
    rows[5].constant = -INFINITY;
    rows[6].priority = NAN;
    rows[7].priority = INFINITY;
    rows[8].priority = -INFINITY;

    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char what[160];
        tether_status got;
        snprintf(what, sizeof what, "tether_solver_constraint_new(%s)", rows[i].name);
        prime();
        got = tether_solver_constraint_new(S, &Y, &rows[i].coefficient, 1, rows[i].constant,
                                           rows[i].relation, rows[i].priority, &g_c);
        if (check_call(what, got, rows[i].want)) {
            int ok = 1;
            if (got == TETHER_OK) {
                tether_constraint_info info;
                ok = g_c != SENTINEL_ID && g_c != 0 &&
                     tether_solver_constraint_info(S, g_c, &info) == TETHER_OK &&
                     info.relation == rows[i].relation && info.priority == rows[i].priority &&
                     info.constant == rows[i].constant && info.is_added == 0 &&
                     info.term_count == 1 && free_c(g_c);
            }
            check_post(what, ok, "a valid row makes a constraint with exactly these properties");
        }
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 5: named cases, run in order. X(id, expected status, call, post-condition)
 * -------------------------------------------------------------------------------------------- */

#define NAMED_CASES(ENTRY)                                                                             \
    /* -- NULL out-pointers and arrays ----------------------------------------------------- */   \
    ENTRY(null_solver_out, TETHER_E_NULL_ARGUMENT, tether_solver_new(NULL), 1)                         \
    ENTRY(null_variable_out, TETHER_E_NULL_ARGUMENT, tether_solver_variable_new(S, "n", NULL),         \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(null_value_out, TETHER_E_NULL_ARGUMENT, tether_solver_variable_value(S, X, NULL), 1)         \
    ENTRY(null_values_out, TETHER_E_NULL_ARGUMENT,                                                     \
      tether_solver_variable_values(S, (tether_variable[]){X, Y}, 2, NULL), 1)                     \
    ENTRY(null_values_ids, TETHER_E_NULL_ARGUMENT, tether_solver_variable_values(S, NULL, 2, g_vals),  \
      1)                                                                                           \
    ENTRY(null_ranges_ids, TETHER_E_NULL_ARGUMENT,                                                     \
      tether_solver_variable_ranges(S, NULL, 2, g_vals, g_vals + 2), 1)                            \
    ENTRY(null_ranges_lowers, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_solver_variable_ranges(S, (tether_variable[]){X, Y}, 2, NULL, g_vals + 2), 1)         \
    ENTRY(null_ranges_uppers, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_solver_variable_ranges(S, (tether_variable[]){X, Y}, 2, g_vals, NULL), 1)             \
    ENTRY(ranges_as_one_by_one, TETHER_OK,                                                             \
      tether_solver_variable_ranges(S, (tether_variable[]){X, Y}, 2, g_vals, g_vals + 2),          \
      ranges_match_one_by_one())                                                                   \
    ENTRY(null_constraint_out, TETHER_E_NULL_ARGUMENT,                                                 \
      tether_solver_constraint_new(S, &X, (double[]){1}, 1, 0, TETHER_RELATION_EQUAL, 500, NULL),  \
      1)                                                                                           \
    ENTRY(null_constraint_variables, TETHER_E_NULL_ARGUMENT,                                           \
      tether_solver_constraint_new(S, NULL, (double[]){1}, 1, 0, TETHER_RELATION_EQUAL, 500,       \
                                   &g_c),                                                          \
      1)                                                                                           \
    ENTRY(null_constraint_coefficients, TETHER_E_NULL_ARGUMENT,                                        \
      tether_solver_constraint_new(S, &X, NULL, 1, 0, TETHER_RELATION_EQUAL, 500, &g_c), 1)        \
    ENTRY(empty_constraint_is_fine, TETHER_OK,                                                         \
      tether_solver_constraint_new(S, NULL, NULL, 0, -5, TETHER_RELATION_EQUAL, 500, &g_c),        \
      g_c != SENTINEL_ID && free_c(g_c))                                                           \
    ENTRY(null_batch, TETHER_E_NULL_ARGUMENT, tether_solver_constraint_add_batch(S, NULL, 2, &g_idx),  \
      1)                                                                                           \
    ENTRY(empty_batch_is_fine, TETHER_OK, tether_solver_constraint_add_batch(S, NULL, 0, NULL),        \
      state_ok())                                                                                  \
    ENTRY(null_is_added_out, TETHER_E_NULL_ARGUMENT,                                                   \
      tether_solver_constraint_is_added(S, C_REQ, NULL), 1)                                        \
    ENTRY(null_info_out, TETHER_E_NULL_ARGUMENT, tether_solver_constraint_info(S, C_REQ, NULL), 1)     \
    ENTRY(null_terms_variables, TETHER_E_NULL_ARGUMENT,                                                \
      tether_solver_constraint_terms(S, C_T, NULL, g_coefs, 4, &g_n), 1)                           \
    ENTRY(null_terms_coefficients, TETHER_E_NULL_ARGUMENT,                                             \
      tether_solver_constraint_terms(S, C_T, g_vars, NULL, 4, &g_n), 1)                            \
    ENTRY(null_name_buffer, TETHER_E_NULL_ARGUMENT,                                                    \
      tether_solver_variable_name(S, U, NULL, 16, &g_n), 1)                                        \
    ENTRY(null_edit_has_out, TETHER_E_NULL_ARGUMENT, tether_solver_edit_has(S, W, NULL), 1)            \
    ENTRY(null_suggest_ids, TETHER_E_NULL_ARGUMENT,                                                    \
      tether_solver_edit_suggest_batch(S, NULL, (double[]){1}, 1), state_ok())                     \
    ENTRY(null_suggest_values, TETHER_E_NULL_ARGUMENT,                                                 \
      tether_solver_edit_suggest_batch(S, &W, NULL, 1), state_ok())                                \
    ENTRY(null_stats_out, TETHER_E_NULL_ARGUMENT, tether_solver_stats_get(S, NULL), 1)                 \
    ENTRY(null_storage_out, TETHER_E_NULL_ARGUMENT, tether_solver_storage_get(S, NULL), 1)             \
    /* NULL buffers with a capacity that is large enough: the only problem is the NULL. */          \
    ENTRY(null_dump_buffer, TETHER_E_NULL_ARGUMENT, tether_solver_dump(S, NULL, 1 << 20, &g_n), 1)     \
    /* -- double free of a solver handle --------------------------------------------------- */   \
    ENTRY(double_free_solver, TETHER_E_INVALID_HANDLE, tether_solver_free(FREED_S), 1)                 \
    /* -- ids: a freed id is never confused with the newer object in its slot -------------- */   \
    ENTRY(stale_and_new_ids_differ, TETHER_OK, tether_solver_variable_value(S, REUSED_VAR, &g_d),      \
      STALE_VAR != REUSED_VAR && STALE_C != REUSED_C && g_d == 0)                                  \
    ENTRY(foreign_first_variable, TETHER_E_INVALID_ID,                                                 \
      (FOREIGN_FIRST_VAR == X ? TETHER_E_INVALID_ID                                                \
                              : tether_solver_variable_value(S, FOREIGN_FIRST_VAR, &g_d)),         \
      FOREIGN_FIRST_VAR != X || (printf("     note: solvers S and S2 hand out the same id for "   \
                                        "their first variable; it cannot be told apart\n"),        \
                                 1))                                                               \
    ENTRY(foreign_first_constraint, TETHER_E_INVALID_ID,                                               \
      (FOREIGN_FIRST_C == C_REQ ? TETHER_E_INVALID_ID                                              \
                                : tether_solver_constraint_info(S, FOREIGN_FIRST_C, &g_info)),     \
      1)                                                                                           \
    /* -- numbers ------------------------------------------------------------------------- */   \
    ENTRY(set_constant_nan, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_solver_constraint_set_constant(S, C_OPT, NAN), constant_is(C_OPT, -20) && state_ok()) \
    ENTRY(set_constant_inf, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_solver_constraint_set_constant(S, C_OPT, INFINITY),                                   \
      constant_is(C_OPT, -20) && state_ok())                                                       \
    ENTRY(set_constant_minus_inf, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_solver_constraint_set_constant(S, C_NEW, -INFINITY), constant_is(C_NEW, -5))          \
    ENTRY(set_priority_0, TETHER_E_INVALID_ARGUMENT,                                                   \
      tether_solver_constraint_set_priority(S, C_OPT, 0), priority_is(C_OPT, 500) && state_ok())   \
    ENTRY(set_priority_minus_1, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_solver_constraint_set_priority(S, C_OPT, -1), priority_is(C_OPT, 500))                \
    ENTRY(set_priority_1000_5, TETHER_E_INVALID_ARGUMENT,                                              \
      tether_solver_constraint_set_priority(S, C_REQ, 1000.5), priority_is(C_REQ, 1000))           \
    ENTRY(set_priority_nan, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_solver_constraint_set_priority(S, C_NEW, NAN), priority_is(C_NEW, 300))               \
    ENTRY(set_priority_inf, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_solver_constraint_set_priority(S, C_NEW, INFINITY), priority_is(C_NEW, 300))          \
    ENTRY(edit_add_required, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_add(S, Y, 1000),            \
      is_edit(Y) == 0 && state_ok())                                                               \
    ENTRY(edit_add_priority_0, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_add(S, Y, 0),             \
      is_edit(Y) == 0)                                                                             \
    ENTRY(edit_add_priority_minus_1, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_add(S, Y, -1),      \
      is_edit(Y) == 0)                                                                             \
    ENTRY(edit_add_priority_1000_5, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_add(S, Y, 1000.5),   \
      is_edit(Y) == 0)                                                                             \
    ENTRY(edit_add_priority_nan, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_add(S, Y, NAN),         \
      is_edit(Y) == 0)                                                                             \
    ENTRY(suggest_nan, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_suggest(S, W, NAN), state_ok())   \
    ENTRY(suggest_inf, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_suggest(S, W, INFINITY),          \
      state_ok())                                                                                  \
    ENTRY(suggest_minus_inf, TETHER_E_INVALID_ARGUMENT, tether_solver_edit_suggest(S, W, -INFINITY),   \
      state_ok())                                                                                  \
    ENTRY(suggest_batch_nan_second, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_solver_edit_suggest_batch(S, (tether_variable[]){W, W2}, (double[]){77, NAN}, 2),     \
      state_ok())                                                                                  \
    ENTRY(suggest_batch_ok, TETHER_OK,                                                                 \
      tether_solver_edit_suggest_batch(S, (tether_variable[]){W, W2}, (double[]){77, 88}, 2),      \
      (g_w = 77, g_w2 = 88, state_ok()))                                                           \
    /* -- duplicates ---------------------------------------------------------------------- */   \
    ENTRY(add_twice, TETHER_E_DUPLICATE, tether_solver_constraint_add(S, C_REQ), state_ok())           \
    ENTRY(edit_add_twice, TETHER_E_DUPLICATE, tether_solver_edit_add(S, W, 500), state_ok())           \
    ENTRY(batch_with_added, TETHER_E_DUPLICATE,                                                        \
      tether_solver_constraint_add_batch(S, (tether_constraint[]){C_NEW, C_OPT}, 2, &g_idx),       \
      g_idx == 1 && not_added(C_NEW) && state_ok())                                                \
    ENTRY(batch_with_repeat, TETHER_E_DUPLICATE,                                                       \
      tether_solver_constraint_add_batch(S, (tether_constraint[]){C_NEW, C_NEW}, 2, &g_idx),       \
      g_idx == 1 && not_added(C_NEW) && state_ok())                                                \
    /* -- not found ----------------------------------------------------------------------- */   \
    ENTRY(remove_unadded, TETHER_E_NOT_FOUND, tether_solver_constraint_remove(S, C_NEW), state_ok())   \
    ENTRY(suggest_non_edit, TETHER_E_NOT_FOUND, tether_solver_edit_suggest(S, X, 3), state_ok())       \
    ENTRY(edit_remove_non_edit, TETHER_E_NOT_FOUND, tether_solver_edit_remove(S, Y), state_ok())       \
    ENTRY(suggest_batch_non_edit, TETHER_E_NOT_FOUND,                                                  \
      tether_solver_edit_suggest_batch(S, (tether_variable[]){W, X}, (double[]){1, 3}, 2),         \
      state_ok())                                                                                  \
    /* -- in use -------------------------------------------------------------------------- */   \
    ENTRY(free_variable_of_added, TETHER_E_IN_USE, tether_solver_variable_free(S, X),                  \
      variable_live(X) && state_ok())                                                              \
    ENTRY(free_variable_of_unadded, TETHER_E_IN_USE, tether_solver_variable_free(S, Q),                \
      variable_live(Q))                                                                            \
    ENTRY(free_edit_variable, TETHER_E_IN_USE, tether_solver_variable_free(S, W),                      \
      variable_live(W) && is_edit(W) == 1 && state_ok())                                           \
    /* -- invalid state: required <-> optional while added --------------------------------- */   \
    ENTRY(required_to_optional_added, TETHER_E_INVALID_STATE,                                          \
      tether_solver_constraint_set_priority(S, C_REQ, 500), priority_is(C_REQ, 1000) && state_ok())\
    ENTRY(optional_to_required_added, TETHER_E_INVALID_STATE,                                          \
      tether_solver_constraint_set_priority(S, C_OPT, 1000), priority_is(C_OPT, 500) && state_ok())\
    ENTRY(optional_to_optional_added, TETHER_OK, tether_solver_constraint_set_priority(S, C_OPT, 600), \
      priority_is(C_OPT, 600) && state_ok())                                                       \
    ENTRY(optional_back, TETHER_OK, tether_solver_constraint_set_priority(S, C_OPT, 500),              \
      priority_is(C_OPT, 500) && state_ok())                                                       \
    ENTRY(unadded_to_required, TETHER_OK, tether_solver_constraint_set_priority(S, C_NEW, 1000),       \
      priority_is(C_NEW, 1000))                                                                    \
    ENTRY(unadded_back_to_optional, TETHER_OK, tether_solver_constraint_set_priority(S, C_NEW, 300),   \
      priority_is(C_NEW, 300))                                                                     \
    /* -- unsatisfiable, and the conflict list through the two-call pattern ----------------- */   \
    ENTRY(conflict_none_yet, TETHER_OK, tether_solver_conflict(S2, g_cons, 4, &g_n), g_n == 0)         \
    ENTRY(unsatisfiable_add, TETHER_E_UNSATISFIABLE, tether_solver_constraint_add(S, C_BAD),           \
      not_added(C_BAD) && state_ok())                                                              \
    ENTRY(conflict_capacity_0, TETHER_E_BUFFER_TOO_SMALL, tether_solver_conflict(S, NULL, 0, &g_n),    \
      g_n == 2)                                                                                    \
    ENTRY(conflict_capacity_1, TETHER_E_BUFFER_TOO_SMALL, tether_solver_conflict(S, g_cons, 1, &g_n),  \
      g_n == 2)                                                                                    \
    ENTRY(conflict_capacity_1_no_needed, TETHER_E_BUFFER_TOO_SMALL,                                    \
      tether_solver_conflict(S, g_cons, 1, NULL), 1)                                               \
    ENTRY(conflict_capacity_2, TETHER_OK, tether_solver_conflict(S, g_cons, 2, &g_n),                  \
      conflict_is(C_REQ, C_Y))                                                                     \
    ENTRY(conflict_capacity_4, TETHER_OK, tether_solver_conflict(S, g_cons, 4, &g_n),                  \
      conflict_is(C_REQ, C_Y) && g_cons[2] == SENTINEL_ID)                                         \
    ENTRY(null_conflict_buffer, TETHER_E_NULL_ARGUMENT, tether_solver_conflict(S, NULL, 4, &g_n), 1)   \
    ENTRY(unsatisfiable_set_constant, TETHER_E_UNSATISFIABLE,                                          \
      tether_solver_constraint_set_constant(S, C_REQ, -60), constant_is(C_REQ, -10) && state_ok()) \
    ENTRY(conflict_after_set_constant, TETHER_OK, tether_solver_conflict(S, g_cons, 4, &g_n),          \
      conflict_is(C_MAX, 0))                                                                       \
    ENTRY(unsatisfiable_batch, TETHER_E_UNSATISFIABLE,                                                 \
      tether_solver_constraint_add_batch(S, (tether_constraint[]){C_NEW, C_BAD}, 2, &g_idx),       \
      g_idx == 1 && not_added(C_NEW) && not_added(C_BAD) && state_ok())                            \
    ENTRY(conflict_after_batch, TETHER_OK, tether_solver_conflict(S, g_cons, 4, &g_n),                 \
      conflict_is(C_REQ, C_Y))                                                                     \
    ENTRY(unsatisfiable_reused_slot, TETHER_E_UNSATISFIABLE, tether_solver_constraint_add(S3, K_REJECT),\
      1)                                                                                           \
    ENTRY(conflict_increasing_ids, TETHER_OK, tether_solver_conflict(S3, g_cons, 4, &g_n),           \
      g_n == 2 && g_cons[0] < g_cons[1] &&                                                         \
          ((g_cons[0] == K_LOW && g_cons[1] == K_REUSED) ||                                        \
           (g_cons[0] == K_REUSED && g_cons[1] == K_LOW)))                                         \
    /* -- small buffers: variable_name ------------------------------------------------------ */  \
    ENTRY(name_capacity_0, TETHER_E_BUFFER_TOO_SMALL, tether_solver_variable_name(S, U, NULL, 0, &g_n),\
      g_n == 6)                                                                                    \
    ENTRY(name_capacity_5, TETHER_E_BUFFER_TOO_SMALL, tether_solver_variable_name(S, U, g_buf, 5, &g_n),\
      g_n == 6)                                                                                    \
    ENTRY(name_capacity_5_no_needed, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_solver_variable_name(S, U, g_buf, 5, NULL), 1)                                        \
    ENTRY(name_capacity_6, TETHER_OK, tether_solver_variable_name(S, U, g_buf, 6, &g_n),               \
      buffer_is("width"))                                                                          \
    ENTRY(name_utf8_short, TETHER_E_BUFFER_TOO_SMALL,                                                  \
      tether_solver_variable_name(S, UTF, g_buf, 12, &g_n), g_n == 13)                             \
    ENTRY(name_utf8, TETHER_OK, tether_solver_variable_name(S, UTF, g_buf, sizeof g_buf, &g_n),        \
      buffer_is("moteur \xc3\xa9t\xc3\xa9"))                                                       \
    ENTRY(name_empty_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                            \
      tether_solver_variable_name(S, E, NULL, 0, &g_n), g_n == 1)                                  \
    ENTRY(name_empty, TETHER_OK, tether_solver_variable_name(S, E, g_buf, 1, &g_n), buffer_is(""))     \
    /* -- small buffers: dump -------------------------------------------------------------- */   \
    ENTRY(dump_capacity_0, TETHER_E_BUFFER_TOO_SMALL, tether_solver_dump(S, NULL, 0, &g_n),            \
      g_n > 1 && (g_dump_needed = g_n) > 0)                                                        \
    ENTRY(dump_capacity_1, TETHER_E_BUFFER_TOO_SMALL, tether_solver_dump(S, g_buf, 1, &g_n),           \
      g_n == g_dump_needed)                                                                        \
    ENTRY(dump_one_short, TETHER_E_BUFFER_TOO_SMALL, dump_one_short(), g_n == g_dump_needed)           \
    ENTRY(dump_exact, TETHER_OK, dump_exact(), g_n == g_dump_needed && g_dump_len + 1 == g_dump_needed)\
    /* -- small buffers: constraint_terms -------------------------------------------------- */   \
    ENTRY(terms_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                                 \
      tether_solver_constraint_terms(S, C_T, NULL, NULL, 0, &g_n), g_n == 2)                       \
    ENTRY(terms_capacity_1, TETHER_E_BUFFER_TOO_SMALL,                                                 \
      tether_solver_constraint_terms(S, C_T, g_vars, g_coefs, 1, &g_n), g_n == 2)                  \
    ENTRY(terms_capacity_2, TETHER_OK, tether_solver_constraint_terms(S, C_T, g_vars, g_coefs, 2, &g_n),\
      g_n == 2 && g_vars[0] == X && g_coefs[0] == 4 && g_vars[1] == Y && g_coefs[1] == 2 &&        \
          g_vars[2] == SENTINEL_ID)                                                                \
    ENTRY(terms_info, TETHER_OK, tether_solver_constraint_info(S, C_T, &g_info),                       \
      g_info.term_count == 2 && g_info.constant == 0 && g_info.priority == 100 &&                  \
          g_info.relation == TETHER_RELATION_LESS_THAN_OR_EQUAL && g_info.is_added == 0)           \
    /* -- invalid UTF-8 names --------------------------------------------------------------- */  \
    ENTRY(utf8_lone_ff, TETHER_E_INVALID_UTF8, tether_solver_variable_new(S, "\xff", &g_v),            \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(utf8_continuation_only, TETHER_E_INVALID_UTF8, tether_solver_variable_new(S, "a\x80z", &g_v),\
      variable_count_is(g_variable_count))                                                         \
    ENTRY(utf8_truncated, TETHER_E_INVALID_UTF8, tether_solver_variable_new(S, "abc\xc3", &g_v),       \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(utf8_overlong_slash, TETHER_E_INVALID_UTF8, tether_solver_variable_new(S, "\xc0\xaf", &g_v), \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(utf8_surrogate, TETHER_E_INVALID_UTF8, tether_solver_variable_new(S, "\xed\xa0\x80", &g_v),  \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(utf8_above_10ffff, TETHER_E_INVALID_UTF8,                                                    \
      tether_solver_variable_new(S, "\xf4\x90\x80\x80", &g_v), variable_count_is(g_variable_count))\
    /* -- many variables in one call ----------------------------------------------------- */   \
    ENTRY(null_variables_out, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_solver_variables_new(S, NULL, 2, NULL, &g_idx),                                       \
      g_idx == SENTINEL_N && variable_count_is(g_variable_count))                                  \
    ENTRY(variables_none_is_fine, TETHER_OK, tether_solver_variables_new(S, NULL, 0, NULL, NULL),      \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(variables_count_too_large, TETHER_E_INVALID_ARGUMENT,                                        \
      tether_solver_variables_new(S, NULL, SIZE_MAX, g_vars, &g_idx),                              \
      variable_count_is(g_variable_count))                                                         \
    ENTRY(variables_bad_utf8_second, TETHER_E_INVALID_UTF8,                                            \
      tether_solver_variables_new(S, (const char *const[]){"ok", "\xff", "ok"}, 3, g_vars, &g_idx), \
      g_idx == 1 && variable_count_is(g_variable_count))                                           \
    ENTRY(variables_named, TETHER_OK,                                                                  \
      tether_solver_variables_new(S, (const char *const[]){"p", NULL, "\xc3\xa9"}, 3, g_vars,      \
                                  &g_idx),                                                         \
      g_idx == SENTINEL_N && made_variables_are("p", "", "\xc3\xa9"))                              \
    ENTRY(variables_unnamed, TETHER_OK, tether_solver_variables_new(S, NULL, 3, g_vars, NULL),         \
      made_variables_are("", "", ""))                                                              \
    /* -- many constraints in one call ---------------------------------------------------- */   \
    ENTRY(batch_new_null_term_counts, TETHER_E_NULL_ARGUMENT,                                          \
      tether_solver_constraints_new_batch(S, 1, NULL, &X, (double[]){1}, (double[]){0}, NULL,      \
                                          NULL, g_cons, &g_idx),                                   \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_null_constants, TETHER_E_NULL_ARGUMENT,                                            \
      tether_solver_constraints_new_batch(S, 1, (uint32_t[]){1}, &X, (double[]){1}, NULL, NULL,    \
                                          NULL, g_cons, &g_idx),                                   \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_null_out, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_solver_constraints_new_batch(S, 1, (uint32_t[]){1}, &X, (double[]){1}, (double[]){0}, \
                                          NULL, NULL, NULL, &g_idx),                               \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_null_variables, TETHER_E_NULL_ARGUMENT,                                            \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){0, 1}, NULL, (double[]){1},           \
                                          (double[]){0, 0}, NULL, NULL, g_cons, &g_idx),           \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_null_coefficients, TETHER_E_NULL_ARGUMENT,                                         \
      tether_solver_constraints_new_batch(S, 1, (uint32_t[]){1}, &X, NULL, (double[]){0}, NULL,    \
                                          NULL, g_cons, &g_idx),                                   \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_none_is_fine, TETHER_OK,                                                           \
      tether_solver_constraints_new_batch(S, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),   \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_count_too_large, TETHER_E_INVALID_ARGUMENT,                                        \
      tether_solver_constraints_new_batch(S, SIZE_MAX, (uint32_t[]){1}, &X, (double[]){1},         \
                                          (double[]){0}, NULL, NULL, g_cons, &g_idx),              \
      constraint_count_is(g_constraint_count))                                                     \
    ENTRY(batch_new_nan_coefficient_second, TETHER_E_INVALID_ARGUMENT,                                 \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 1}, (tether_variable[]){X, Y},     \
                                          (double[]){1, NAN}, (double[]){0, 0}, NULL, NULL,        \
                                          g_cons, &g_idx),                                         \
      g_idx == 1 && constraint_count_is(g_constraint_count))                                       \
    ENTRY(batch_new_inf_constant_first, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 1}, (tether_variable[]){X, Y},     \
                                          (double[]){1, 1}, (double[]){INFINITY, 0}, NULL, NULL,   \
                                          g_cons, &g_idx),                                         \
      g_idx == 0 && constraint_count_is(g_constraint_count))                                       \
    ENTRY(batch_new_bad_relation_second, TETHER_E_INVALID_ARGUMENT,                                    \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 1}, (tether_variable[]){X, Y},     \
                                          (double[]){1, 1}, (double[]){0, 0}, (int32_t[]){0, 2},   \
                                          NULL, g_cons, &g_idx),                                   \
      g_idx == 1 && constraint_count_is(g_constraint_count))                                       \
    ENTRY(batch_new_priority_0_second, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 1}, (tether_variable[]){X, Y},     \
                                          (double[]){1, 1}, (double[]){0, 0}, NULL,                \
                                          (double[]){500, 0}, g_cons, &g_idx),                     \
      g_idx == 1 && constraint_count_is(g_constraint_count))                                       \
    ENTRY(batch_new_priority_nan_first, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_solver_constraints_new_batch(S, 2, (uint32_t[]){1, 1}, (tether_variable[]){X, Y},     \
                                          (double[]){1, 1}, (double[]){0, 0}, NULL,                \
                                          (double[]){NAN, 500}, g_cons, &g_idx),                   \
      g_idx == 0 && constraint_count_is(g_constraint_count))                                       \
    /* Coefficients of a repeated variable whose sum overflows: found while making the third     \
     * constraint, after two were made; those two are freed again. */                              \
    ENTRY(batch_new_summed_overflow_third, TETHER_E_INVALID_ARGUMENT,                                  \
      tether_solver_constraints_new_batch(S, 3, (uint32_t[]){1, 1, 2},                             \
                                          (tether_variable[]){X, Y, X, X},                         \
                                          (double[]){1, 1, 1e308, 1e308}, (double[]){0, 0, 0},     \
                                          NULL, NULL, g_cons, &g_idx),                             \
      g_idx == 2 && constraint_count_is(g_constraint_count) && state_ok())                         \
    ENTRY(batch_new_ok, TETHER_OK,                                                                     \
      tether_solver_constraints_new_batch(S, 3, (uint32_t[]){2, 0, 3},                             \
                                          (tether_variable[]){X, Y, Y, X, Y},                      \
                                          (double[]){1, -1, 2, 3, 4}, (double[]){5, -6, 7},        \
                                          (int32_t[]){-1, 0, 1}, (double[]){1000, 250, 0.5},       \
                                          g_cons, &g_idx),                                         \
      g_idx == SENTINEL_N && made_batch_ok())                                                      \
    ENTRY(batch_new_defaults, TETHER_OK,                                                               \
      tether_solver_constraints_new_batch(S, 1, (uint32_t[]){1}, &Y, (double[]){1},                \
                                          (double[]){-3}, NULL, NULL, g_cons, NULL),               \
      made_default_ok())                                                                           \
    /* -- a freed constraint releases its variable ----------------------------------------- */   \
    ENTRY(free_unadded_constraint, TETHER_OK, tether_solver_constraint_free(S, C_Q), 1)                \
    ENTRY(free_released_variable, TETHER_OK, tether_solver_variable_free(S, Q),                        \
      !variable_live(Q) && variable_count_is(--g_variable_count))

#define DEFINE_NAMED(id, want, call, post)                                                         \
    static tether_status named_##id(void) { return call; }                                        \
    static int named_post_##id(void) { return post; }
NAMED_CASES(DEFINE_NAMED)

typedef struct {
    const char *name;
    tether_status want;
    tether_status (*call)(void);
    int (*post)(void);
    const char *call_text, *post_text;
} NamedCase;

#define NAMED_ROW(id, want, call, post) {#id, want, named_##id, named_post_##id, #call, #post},
static const NamedCase named_cases[] = {NAMED_CASES(NAMED_ROW)};

static void run_named_cases(void) {
    size_t i;
    for (i = 0; i < sizeof named_cases / sizeof named_cases[0]; i++) {
        const NamedCase *c = &named_cases[i];
        char what[1024];
        snprintf(what, sizeof what, "%s: %s", c->name, c->call_text);
        prime();
        if (check_call(what, c->call(), c->want)) check_post(what, c->post(), c->post_text);
    }
}

/* ==============================================================================================
 * The view model: engines, views, guides, layout constraints
 * ============================================================================================ */

static tether_rect rect(double x, double y, double width, double height) {
    tether_rect r;
    r.x = x, r.y = y, r.width = width, r.height = height;
    return r;
}

static tether_size size2(double width, double height) {
    tether_size s;
    s.width = width, s.height = height;
    return s;
}

static tether_insets insets4(double top, double left, double bottom, double right) {
    tether_insets i;
    i.top = top, i.left = left, i.bottom = bottom, i.right = right;
    return i;
}

static int rect_is(tether_rect r, double x, double y, double width, double height) {
    return near(r.x, x) && near(r.y, y) && near(r.width, width) && near(r.height, height);
}

static int frame_is(tether_view v, double x, double y, double width, double height) {
    tether_rect r;
    if (tether_view_frame(EN, v, &r) != TETHER_OK) return 0;
    if (rect_is(r, x, y, width, height)) return 1;
    printf("     frame of view %llu is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n",
           (unsigned long long)v, r.x, r.y, r.width, r.height, x, y, width, height);
    return 0;
}

/* EN's screen lays out as it should:
 *   HEADER   top, leading, trailing of ROOT, height 64           (0, 0, 400, 64)
 *   FOOTER   bottom of ROOT, within ROOT's margins, height 50     (8, 750, 384, 50)
 *   CONTENT  8 below HEADER, 8 above FOOTER, within the margins   (8, 72, 384, 670) */
static int screen_ok(void) {
    tether_status status = tether_view_layout_if_needed(EN, ROOT);
    if (status != TETHER_OK) {
        const char *message = tether_last_error();
        printf("     laying out ROOT failed with %s: %s\n", tether_status_name(status), message);
        return 0;
    }
    return frame_is(ROOT, 0, 0, 400, 800) && frame_is(HEADER, 0, 0, 400, 64) &&
           frame_is(CONTENT, 8, 72, 384, 670) && frame_is(FOOTER, 8, 750, 384, 50);
}

static int lc_info(tether_layout_constraint k, tether_layout_constraint_info *info) {
    return tether_layout_constraint_info_get(EN, k, info) == TETHER_OK;
}

static int lc_active(tether_layout_constraint k) {
    tether_layout_constraint_info info;
    return lc_info(k, &info) ? info.is_active : -1;
}

/* The constraint's shouldBeArchived flag, or -1 when it cannot be read. */
static int lc_archived(tether_layout_constraint k) {
    int32_t archived;
    return tether_layout_constraint_should_be_archived(EN, k, &archived) == TETHER_OK ? archived : -1;
}

static int lc_broken(tether_layout_constraint k) {
    tether_layout_constraint_info info;
    return lc_info(k, &info) ? info.is_broken : -1;
}

static int lc_constant_is(tether_layout_constraint k, double constant) {
    tether_layout_constraint_info info;
    return lc_info(k, &info) && info.constant == constant;
}

static int lc_priority_is(tether_layout_constraint k, float priority) {
    tether_layout_constraint_info info;
    return lc_info(k, &info) && info.priority == priority;
}

static int superview_is(tether_view v, tether_view parent) {
    tether_view s = SENTINEL_ID;
    return tether_view_superview(EN, v, &s) == TETHER_OK && s == parent;
}

static int subview_count_is(tether_view v, size_t count) {
    size_t n = SENTINEL_N;
    tether_view ids[8];
    return tether_view_subviews(EN, v, ids, 8, &n) == TETHER_OK && n == count;
}

static int owner_is(tether_guide g, tether_view owner) {
    tether_view o = SENTINEL_ID;
    return tether_guide_owning_view(EN, g, &o) == TETHER_OK && o == owner;
}

/* LONER is still a root without subviews, and GUIDE still belongs to ROOT. */
static int bystanders_ok(void) {
    return superview_is(LONER, 0) && subview_count_is(LONER, 0) && owner_is(GUIDE, ROOT);
}

/* The stack's generated constraints, read by the stack cases (valid until a pass rebuilds it). */
static tether_layout_constraint g_stack_ks[16];

static int custom_spacing_is(tether_view after, double want) {
    double got = 0;
    return tether_stack_view_custom_spacing(EN, STACK, after, &got) == TETHER_OK && got == want;
}

static int hidden_is(tether_view v, int32_t want) {
    int32_t got = -1;
    return tether_view_is_hidden(EN, v, &got) == TETHER_OK && got == want;
}

/* STACK is as set up: A (0, 0, 240, 50) and B (250, 0, 50, 50) after a pass (A, the first view,
 * takes the 300 - 150 - 10 = 140 extra), both arranged in that order, every property as set. */
static int stack_ok(void) {
    tether_view arranged[4];
    size_t n = 0;
    int32_t axis = -1, distribution = -1, alignment = -1, baseline = -1, margins = -1;
    double spacing = 0;
    tether_status status = tether_view_layout_if_needed(EN, STACK);
    if (status != TETHER_OK) {
        const char *message = tether_last_error();
        printf("     laying out STACK failed with %s: %s\n", tether_status_name(status), message);
        return 0;
    }
    if (tether_stack_view_arranged_subviews(EN, STACK, arranged, 4, &n) != TETHER_OK || n != 2 ||
        arranged[0] != ARR_A || arranged[1] != ARR_B)
        return 0;
    if (tether_stack_view_axis(EN, STACK, &axis) != TETHER_OK ||
        tether_stack_view_distribution(EN, STACK, &distribution) != TETHER_OK ||
        tether_stack_view_alignment(EN, STACK, &alignment) != TETHER_OK ||
        tether_stack_view_spacing(EN, STACK, &spacing) != TETHER_OK ||
        tether_stack_view_baseline_relative_arrangement(EN, STACK, &baseline) != TETHER_OK ||
        tether_stack_view_layout_margins_relative_arrangement(EN, STACK, &margins) != TETHER_OK)
        return 0;
    return axis == TETHER_AXIS_HORIZONTAL && distribution == TETHER_STACK_DISTRIBUTION_FILL &&
           alignment == TETHER_STACK_ALIGNMENT_FILL && spacing == 10 && baseline == 0 && margins == 0 &&
           custom_spacing_is(ARR_A, TETHER_STACK_SPACING_USE_DEFAULT) && hidden_is(ARR_B, 0) &&
           superview_is(ARR_A, STACK) && frame_is(ARR_A, 0, 0, 240, 50) && frame_is(ARR_B, 250, 0, 50, 50);
}

/* g_stack_ks[2] (the gap between A and B) describes itself in Apple's form. */
static int stack_spacing_described(void) {
    char want[256], got[256];
    size_t n = 0;
    snprintf(want, sizeof want,
             "<NSLayoutConstraint:0x%llx 'UISV-spacing' H:[View:0x%llx]-(10)-[View:0x%llx]   (active)>",
             (unsigned long long)g_stack_ks[2], (unsigned long long)ARR_A, (unsigned long long)ARR_B);
    if (tether_layout_constraint_description(EN, g_stack_ks[2], got, sizeof got, &n) != TETHER_OK) return 0;
    if (strcmp(got, want) == 0 && n == strlen(want) + 1) return 1;
    printf("     described as \"%s\", expected \"%s\"\n", got, want);
    return 0;
}

static int mask_is(tether_view v, uint32_t mask) {
    tether_autoresizing m = 0xdeadu;
    return tether_view_autoresizing_mask(EN, v, &m) == TETHER_OK && m == mask;
}

static int translates_is(tether_view v, int32_t want) {
    int32_t got = -1;
    return tether_view_translates_autoresizing_mask(EN, v, &got) == TETHER_OK && got == want;
}

static int autoresizes_is(tether_view v, int32_t want) {
    int32_t got = -1;
    return tether_view_autoresizes_subviews(EN, v, &got) == TETHER_OK && got == want;
}

static int intrinsic_is(tether_view v, double width, double height) {
    tether_size s;
    return tether_view_intrinsic_content_size(EN, v, &s) == TETHER_OK && s.width == width &&
           s.height == height;
}

static int hugging_is(tether_view v, tether_axis axis, float priority) {
    float p = -1;
    return tether_view_content_hugging_priority(EN, v, axis, &p) == TETHER_OK && p == priority;
}

static int compression_is(tether_view v, tether_axis axis, float priority) {
    float p = -1;
    return tether_view_compression_resistance_priority(EN, v, axis, &p) == TETHER_OK &&
           p == priority;
}

static int semantic_is(tether_view v, tether_semantic_content_attribute want) {
    tether_semantic_content_attribute got = -1;
    return tether_view_semantic_content_attribute(EN, v, &got) == TETHER_OK && got == want;
}

/* The engine's VFL superview-spacing setting is still `want` (a refused value changes nothing). */
static int superview_spacing_is(int32_t want) {
    int32_t got = -1;
    return tether_engine_superview_spacing_uses_layout_margins(EN, &got) == TETHER_OK && got == want;
}

/* The engine's display scale is still `want` (a refused value changes nothing). */
static int display_scale_is(double want) {
    double got = -1;
    return tether_engine_display_scale(EN, &got) == TETHER_OK && got == want;
}

static int identifier_is(tether_item item, const char *text) {
    char buffer[64];
    return tether_item_identifier(EN, item, buffer, sizeof buffer, NULL) == TETHER_OK &&
           strcmp(buffer, text) == 0;
}

static int lc_identifier_is(tether_layout_constraint k, const char *text) {
    char buffer[64];
    return tether_layout_constraint_identifier(EN, k, buffer, sizeof buffer, NULL) == TETHER_OK &&
           strcmp(buffer, text) == 0;
}

/* The subtree of ROOT, in g_vars / g_rects: root first, then depth-first in subview order. */
static int subtree_ids_ok(void) {
    return g_n == 4 && g_vars[0] == ROOT && g_vars[1] == HEADER && g_vars[2] == CONTENT &&
           g_vars[3] == FOOTER;
}

static int subtree_frames_ok(void) {
    return g_n == 4 && rect_is(g_rects[0], 0, 0, 400, 800) && rect_is(g_rects[1], 0, 0, 400, 64) &&
           rect_is(g_rects[2], 8, 72, 384, 670) && rect_is(g_rects[3], 8, 750, 384, 50);
}

/* Callbacks. */
static int g_measure_calls;
static char g_diagnostic[4096];

static int32_t failing_measure(void *context, tether_view view, double proposed_width,
                               tether_measurement *out) {
    (void)view, (void)proposed_width, (void)out;
    ++*(int *)context;
    return 3;
}

/* 120 x 30, whatever the proposed width. */
static int32_t fixed_measure(void *context, tether_view view, double proposed_width,
                             tether_measurement *out) {
    (void)view, (void)proposed_width;
    ++*(int *)context;
    out->width = 120;
    out->height = 30;
    out->first_baseline = NAN;
    out->last_baseline = NAN;
    return 0;
}

static void record_diagnostic(void *context, const char *message) {
    (void)context;
    snprintf(g_diagnostic, sizeof g_diagnostic, "%s", message);
}

/* Expected texts that name ids (printed in hex), built by build_expected_texts() once the
 * fixture exists. */
static char K_DESCRIPTION[256];    /* K_HEADER_H's description */
static char HEADER_NAME[64];       /* HEADER's debug name */
static char HEADER_DESCRIPTION[128];
static char GUIDE_NAME[64];        /* GUIDE's debug name (no identifier) */
static char GUIDE_DESCRIPTION_PREFIX[64];
static char MARGINS_NAME[96];
static char ROOT_TRACE[1024];      /* ROOT's autolayout trace */
static char GUIDE_AMBIGUOUS[160];  /* the trace's line for GUIDE when pinned by its left only */
#define K_DESCRIPTION_SIZE (strlen(K_DESCRIPTION) + 1)
static size_t g_trace_needed, g_affecting_needed;

static void build_expected_texts(void);

/* g_buf holds exactly `text` (and `needed` counts its NUL); prints the difference otherwise. */
static int text_is(const char *text) {
    if (buffer_is(text)) return 1;
    printf("     got      \"%.*s\" (needed %lu)\n     expected \"%s\" (needed %lu)\n",
           (int)sizeof g_buf, g_buf, (unsigned long)g_n, text, (unsigned long)(strlen(text) + 1));
    return 0;
}

static int buffer_starts(const char *prefix) {
    return strncmp(g_buf, prefix, strlen(prefix)) == 0 && g_n == strlen(g_buf) + 1;
}

/* The first `count` ids in g_vars hold `k`. */
static int ids_contain(size_t count, tether_layout_constraint k) {
    size_t i;
    for (i = 0; i < count && i < 4; i++)
        if (g_vars[i] == k) return 1;
    return 0;
}

/* Every id in g_vars[0..count) describes itself (generated ones too: they are live ids). */
static int ids_describable(size_t count) {
    char text[512];
    size_t i;
    for (i = 0; i < count && i < 4; i++)
        if (tether_layout_constraint_description(EN, g_vars[i], text, sizeof text, NULL) != TETHER_OK ||
            strncmp(text, "<NS", 3) != 0)
            return 0;
    return 1;
}

/* Names for the visual-format rows: VFL_NAMES[i] names VFL_ITEMS()[i]. */
static const char *const VFL_NAMES[] = {"header", "content", "footer"};
#define VFL_ITEMS() ((tether_item[]){HEADER, CONTENT, FOOTER})
/* tether_layout_constraints_with_visual_format(EN, format, ...) over the screen's three views. */
#define VFL(format, out, capacity)                                                                 \
    tether_layout_constraints_with_visual_format(EN, format, 0, NULL, NULL, 0, VFL_NAMES,          \
                                                 VFL_ITEMS(), 3, out, capacity, &g_n, &g_idx)

/* tether_layout_constraints_with_equations(EN, text, ...) over the same names. */
#define EQ(text, out, capacity)                                                                    \
    tether_layout_constraints_with_equations(EN, text, NULL, NULL, 0, VFL_NAMES, VFL_ITEMS(), 3,   \
                                             out, capacity, &g_n, &g_idx)

static int last_error_starts(const char *prefix) {
    return strncmp(tether_last_error(), prefix, strlen(prefix)) == 0;
}

/* The constraints a visual-format row wrote to g_vars[0..count) are inactive; frees them. */
static int vfl_made_inactive_and_freed(size_t count) {
    size_t i;
    int ok = 1;
    for (i = 0; i < count; i++) {
        tether_layout_constraint_info info;
        ok = ok && tether_layout_constraint_info_get(EN, g_vars[i], &info) == TETHER_OK &&
             info.is_active == 0 && tether_layout_constraint_free(EN, g_vars[i]) == TETHER_OK;
    }
    return ok;
}
#define CONTENT_NAME "contenu \xc3\xa9t\xc3\xa9"

/* Rendering: SVG documents go to g_svg (the screen's is a few kilobytes), cleared to '#' before
 * each call so that a failing call can be seen to leave it untouched. */
static char g_svg[32768];
static size_t g_svg_needed; /* the size of ROOT's document with the default options */
static tether_svg_options g_svg_options;

/* TETHER_SVG_OPTIONS_INIT with other flags, scale and padding. */
static const tether_svg_options *svg_options(uint32_t flags, double scale, double padding) {
    tether_svg_options o = TETHER_SVG_OPTIONS_INIT;
    o.flags = flags, o.scale = scale, o.padding = padding;
    g_svg_options = o;
    return &g_svg_options;
}

static tether_status render_root(const tether_svg_options *options, size_t capacity) {
    memset(g_svg, '#', sizeof g_svg);
    return tether_view_render_svg(EN, ROOT, options, capacity ? g_svg : NULL, capacity, &g_n);
}

static int svg_untouched(void) {
    size_t i;
    for (i = 0; i < sizeof g_svg; i++)
        if (g_svg[i] != '#') return 0;
    return 1;
}

/* TETHER_SVG_OPTIONS_INIT drawing the presentation frames at clock time `time`. */
static const tether_svg_options *svg_at(double time) {
    tether_svg_options o = TETHER_SVG_OPTIONS_INIT;
    o.flags |= TETHER_SVG_PRESENTATION, o.presentation_time = time;
    g_svg_options = o;
    return &g_svg_options;
}

/* ROOT's animated document with TETHER_SVG_ANIMATION_OPTIONS_INIT changed as given. */
static tether_svg_animation_options g_svg_anim_options;
static tether_status render_root_animated(uint32_t size, uint32_t flags, double fps, double repeat,
                                          size_t capacity) {
    tether_svg_animation_options o = TETHER_SVG_ANIMATION_OPTIONS_INIT;
    o.struct_size = size ? size : o.struct_size, o.flags = flags, o.frames_per_second = fps;
    o.repeat_count = repeat;
    g_svg_anim_options = o;
    memset(g_svg, '#', sizeof g_svg);
    return tether_view_render_animated_svg(EN, ROOT, NULL, &g_svg_anim_options, capacity ? g_svg : NULL,
                                           capacity, &g_n);
}

/* A newer header's options: the first version followed by a field this library does not know. */
struct svg_options_next {
    tether_svg_options first;
    double future;
};

static tether_status render_root_with_future_field(double future) {
    struct svg_options_next next;
    tether_svg_options o = TETHER_SVG_OPTIONS_INIT;
    memset(&next, 0, sizeof next);
    next.first = o;
    next.first.struct_size = (uint32_t)sizeof next;
    next.future = future;
    return render_root(&next.first, sizeof g_svg);
}

/* g_svg holds a whole document: NUL-terminated as `needed` says, from the XML declaration to
 * `</svg>`, and it contains the text `format` makes of two ids (the second may go unused). */
static int svg_has(const char *format, unsigned long long a, unsigned long long b) {
    char text[512];
    size_t length = strlen(g_svg);
    snprintf(text, sizeof text, format, a, b);
    if (g_n != length + 1 || strncmp(g_svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44) != 0 ||
        length < 7 || strcmp(g_svg + length - 7, "</svg>\n") != 0)
        return 0;
    if (strstr(g_svg, text) != NULL) return 1;
    printf("     the document has no \"%s\"\n", text);
    return 0;
}

/* The file tether_view_write_svg writes: in $TMPDIR (else /tmp), named after this run. */
static const char *svg_path(void) {
    static char path[512];
    if (path[0] == '\0') {
        const char *folder = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/tether_test_error_paths_%lu_%lu.svg",
                 folder && folder[0] ? folder : "/tmp", (unsigned long)time(NULL),
                 (unsigned long)(uintptr_t)(void *)&g_svg);
    }
    return path;
}

static int file_exists(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    fclose(file);
    return 1;
}

/* The file at svg_path() holds exactly what ROOT renders to with `options`. */
static int svg_file_is(const tether_svg_options *options) {
    static char file_text[sizeof g_svg];
    FILE *file = fopen(svg_path(), "rb");
    size_t length;
    if (!file) return 0;
    length = fread(file_text, 1, sizeof file_text - 1, file);
    fclose(file);
    file_text[length] = '\0';
    return render_root(options, sizeof g_svg) == TETHER_OK && strcmp(file_text, g_svg) == 0 &&
           length + 1 == g_n;
}

static int last_error_contains(const char *text) { return strstr(tether_last_error(), text) != NULL; }

/* Layout documents. DOC_TEXT has two roots: droot, whose subview dtitle is laid out by two
 * formats at (10, 5, 180, 20) and has an inactive alternative height 'tall', and dother. The
 * roots of its load go to DOC_A and DOC_B; saved documents to g_doc (cleared to '#' first). */
#define DOC_TEXT                                                                                   \
    "{\"tether\": 1, \"views\": [\n"                                                               \
    " {\"identifier\": \"droot\", \"frame\": [0, 0, 200, 100],\n"                                  \
    "  \"subviews\": [{\"identifier\": \"dtitle\", \"translatesAutoresizingMaskIntoConstraints\": false}],\n" \
    "  \"constraints\": [{\"visualFormat\": \"H:|-(10)-[dtitle]-(10)-|\"},\n"                       \
    "                  {\"visualFormat\": \"V:|-(5)-[dtitle(20)]\"},\n"                             \
    "                  {\"first\": \"dtitle.height\", \"constant\": 40, \"priority\": 999,\n"       \
    "                   \"identifier\": \"tall\", \"active\": false}]},\n"                          \
    " {\"identifier\": \"dother\", \"frame\": [0, 0, 10, 10]}]}\n"
/* A NUL inside the text: the length, not a terminator, says where a document ends. */
#define DOC_WITH_NUL "{\"tether\": 1,\0 \"views\": []}"
#define DOC_LOAD(text, out, capacity) tether_document_load(EN, text, strlen(text), out, capacity, &g_n)
static tether_view DOC_A, DOC_B, DEEP;

/* Interface Builder documents. IB_TEXT is a xib with two top-level views, ia and ib (two roots);
 * IB_MISSING_ID has a constraint naming an id no element has. */
#define IB_TEXT                                                                                    \
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"           \
    " <objects>\n"                                                                                 \
    "  <view id=\"ia\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"100\" height=\"50\"/></view>\n" \
    "  <view id=\"ib\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></view>\n"   \
    " </objects>\n"                                                                                \
    "</document>\n"
#define IB_MISSING_ID                                                                              \
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"           \
    " <objects>\n"                                                                                 \
    "  <view id=\"ia\"><constraints>\n"                                                           \
    "   <constraint firstItem=\"nowhere\" firstAttribute=\"width\" constant=\"5\" id=\"k\"/>\n"   \
    "  </constraints></view>\n"                                                                     \
    " </objects>\n"                                                                                \
    "</document>\n"
#define IB_IMPORT(text, out, capacity) tether_ib_import(EN, text, strlen(text), out, capacity, &g_n)
/* A retina4_7 xib whose one top-level view (ic) spans the screen's width: import options
 * resize it. */
#define IB_DEVICE_TEXT                                                                             \
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"           \
    " <device id=\"retina4_7\" orientation=\"portrait\"/>\n"                                      \
    " <objects>\n"                                                                                 \
    "  <view id=\"ic\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"375\" height=\"50\"/></view>\n" \
    " </objects>\n"                                                                                \
    "</document>\n"
static tether_ib_options g_ib_options;

/* TETHER_IB_OPTIONS_INIT with another orientation, device and size. */
static const tether_ib_options *ib_options(int32_t orientation, const char *device, double width,
                                           double height) {
    tether_ib_options o = TETHER_IB_OPTIONS_INIT;
    o.orientation = orientation, o.device = device, o.width = width, o.height = height;
    g_ib_options = o;
    return &g_ib_options;
}

#define IB_IMPORT_OPTIONS(text, options)                                                           \
    tether_ib_import_with_options(EN, text, strlen(text), options, g_vars, 4, &g_n)

/* Whether `view`'s frame is width × height at (0, 0). */
static int ib_size_is(tether_view view, double width, double height) {
    tether_rect r;
    return tether_view_frame(EN, view, &r) == TETHER_OK && r.x == 0 && r.y == 0 && r.width == width &&
           r.height == height;
}

/* struct_size past the first version, with its extra bytes (zero, or one set). */
struct ib_options_next {
    tether_ib_options first;
    uint64_t extra;
};
static struct ib_options_next g_ib_next;

static tether_status import_next(uint64_t extra) {
    tether_ib_options o = TETHER_IB_OPTIONS_INIT;
    g_ib_next.first = o;
    g_ib_next.first.struct_size = sizeof g_ib_next;
    g_ib_next.extra = extra;
    return IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, &g_ib_next.first);
}
static tether_layout_constraint K_TALL;
static char g_doc[16384];
static size_t g_doc_needed;

/* The item named `name` in `root`'s subtree, or 0. */
static tether_item doc_item(tether_view root, const char *name) {
    tether_item item = 0;
    return tether_document_item_named(EN, root, name, &item) == TETHER_OK ? item : 0;
}

/* After loading DOC_TEXT into g_vars: keeps its roots and checks them, laid out. */
static int doc_loaded(void) {
    DOC_A = g_vars[0], DOC_B = g_vars[1];
    return g_n == 2 && identifier_is(DOC_A, "droot") && identifier_is(DOC_B, "dother") &&
           superview_is(DOC_A, 0) && superview_is(DOC_B, 0) && subview_count_is(DOC_A, 1) &&
           tether_view_layout_if_needed(EN, DOC_A) == TETHER_OK && frame_is(DOC_A, 0, 0, 200, 100) &&
           frame_is(doc_item(DOC_A, "dtitle"), 10, 5, 180, 20) && frame_is(DOC_B, 0, 0, 10, 10);
}

static tether_status save_doc(tether_view root, size_t capacity) {
    memset(g_doc, '#', sizeof g_doc);
    return tether_document_save(EN, root, capacity ? g_doc : NULL, capacity, &g_n);
}

static int doc_untouched(void) {
    size_t i;
    for (i = 0; i < sizeof g_doc; i++)
        if (g_doc[i] != '#') return 0;
    return 1;
}

/* The document in g_doc loads back (into EN) to a root whose dtitle is where droot's is. */
static int saved_doc_loads_back(void) {
    tether_view root = 0;
    size_t count = 0;
    int ok = tether_document_load(EN, g_doc, strlen(g_doc), &root, 1, &count) == TETHER_OK && count == 1 &&
             tether_view_layout_if_needed(EN, root) == TETHER_OK && identifier_is(root, "droot") &&
             frame_is(doc_item(root, "dtitle"), 10, 5, 180, 20);
    return tether_view_free(EN, root) == TETHER_OK && ok;
}

/* A root with views nested 254 levels below it: one more than a document holds. */
static tether_status save_too_deep(void) {
    tether_view parent;
    int i;
    if (tether_view_new(EN, rect(0, 0, 10, 10), &DEEP) != TETHER_OK) return TETHER_E_INTERNAL;
    parent = DEEP;
    for (i = 0; i < 254; i++) {
        tether_view child;
        if (tether_view_new(EN, rect(0, 0, 1, 1), &child) != TETHER_OK ||
            tether_view_add_subview(EN, parent, child) != TETHER_OK)
            return TETHER_E_INTERNAL;
        parent = child;
    }
    return save_doc(DEEP, sizeof g_doc);
}

/* ----------------------------------------------------------------------------------------------
 * Table 6: every entry point that takes an engine handle, called with a bad handle `h`.
 * -------------------------------------------------------------------------------------------- */

#define ENGINE_FUNCTIONS(ENTRY)                                                                    \
    ENTRY(engine_free, tether_engine_free(h))                                                      \
    ENTRY(engine_set_default_direction,                                                            \
      tether_engine_set_default_direction(h, TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT))               \
    ENTRY(engine_set_superview_spacing_uses_layout_margins,                                        \
      tether_engine_set_superview_spacing_uses_layout_margins(h, 1))                               \
    ENTRY(engine_superview_spacing_uses_layout_margins,                                            \
      tether_engine_superview_spacing_uses_layout_margins(h, &g_i32))                              \
    ENTRY(engine_set_display_scale, tether_engine_set_display_scale(h, 2))                         \
    ENTRY(engine_display_scale, tether_engine_display_scale(h, &g_d))                              \
    ENTRY(engine_set_diagnostic_handler, tether_engine_set_diagnostic_handler(h, NULL, NULL))      \
    ENTRY(engine_set_measure_callback, tether_engine_set_measure_callback(h, NULL, NULL))          \
    ENTRY(engine_set_measure_data_callback, tether_engine_set_measure_data_callback(h, NULL, NULL)) \
    ENTRY(view_set_user_data, tether_view_set_user_data(h, HEADER, &g_n))                          \
    ENTRY(view_user_data, tether_view_user_data(h, HEADER, &g_ptr))                                \
    ENTRY(engine_set_layout_hooks, tether_engine_set_layout_hooks(h, NULL, NULL, NULL))            \
    ENTRY(engine_layout_all, tether_engine_layout_all(h))                                          \
    ENTRY(view_new, tether_view_new(h, rect(0, 0, 10, 10), &g_v))                                  \
    ENTRY(view_new_subview, tether_view_new_subview(h, ROOT, "x", &g_v))                           \
    ENTRY(layout_constraint_new_between,                                                           \
      tether_layout_constraint_new_between(h, HEADER, TETHER_ATTRIBUTE_TOP, 0, ROOT, TETHER_ATTRIBUTE_TOP, 0, &g_c)) \
    ENTRY(layout_constraint_new_constant,                                                          \
      tether_layout_constraint_new_constant(h, HEADER, TETHER_ATTRIBUTE_WIDTH, 0, 10, &g_c))       \
    ENTRY(view_free, tether_view_free(h, HEADER))                                                  \
    ENTRY(view_add_subview, tether_view_add_subview(h, ROOT, LONER))                               \
    ENTRY(view_insert_subview, tether_view_insert_subview(h, ROOT, LONER, 0))                      \
    ENTRY(view_remove_from_superview, tether_view_remove_from_superview(h, HEADER))                \
    ENTRY(view_superview, tether_view_superview(h, HEADER, &g_v))                                  \
    ENTRY(view_subviews, tether_view_subviews(h, ROOT, g_vars, 4, &g_n))                           \
    ENTRY(view_set_frame, tether_view_set_frame(h, ROOT, rect(0, 0, 1, 1)))                        \
    ENTRY(view_frame, tether_view_frame(h, HEADER, &g_rect))                                       \
    ENTRY(view_unrounded_frame, tether_view_unrounded_frame(h, HEADER, &g_rect))                   \
    ENTRY(view_subtree_frames, tether_view_subtree_frames(h, ROOT, g_vars, g_rects, 4, &g_n))      \
    ENTRY(view_set_translates_autoresizing_mask,                                                   \
      tether_view_set_translates_autoresizing_mask(h, HEADER, 1))                                  \
    ENTRY(view_translates_autoresizing_mask,                                                       \
      tether_view_translates_autoresizing_mask(h, HEADER, &g_i32))                                 \
    ENTRY(view_set_autoresizing_mask, tether_view_set_autoresizing_mask(h, HEADER, 2))             \
    ENTRY(view_autoresizing_mask, tether_view_autoresizing_mask(h, HEADER, &g_u32))                \
    ENTRY(view_set_autoresizes_subviews, tether_view_set_autoresizes_subviews(h, ROOT, 0))         \
    ENTRY(view_autoresizes_subviews, tether_view_autoresizes_subviews(h, ROOT, &g_i32))            \
    ENTRY(view_set_intrinsic_content_size,                                                         \
      tether_view_set_intrinsic_content_size(h, HEADER, size2(10, 10)))                            \
    ENTRY(view_intrinsic_content_size, tether_view_intrinsic_content_size(h, HEADER, &g_size))     \
    ENTRY(view_invalidate_intrinsic_content_size,                                                  \
      tether_view_invalidate_intrinsic_content_size(h, HEADER))                                    \
    ENTRY(view_set_measured, tether_view_set_measured(h, HEADER, 1))                               \
    ENTRY(view_set_content_hugging_priority,                                                       \
      tether_view_set_content_hugging_priority(h, HEADER, TETHER_AXIS_HORIZONTAL, 1))              \
    ENTRY(view_content_hugging_priority,                                                           \
      tether_view_content_hugging_priority(h, HEADER, TETHER_AXIS_HORIZONTAL, &g_f32))             \
    ENTRY(view_set_compression_resistance_priority,                                                \
      tether_view_set_compression_resistance_priority(h, HEADER, TETHER_AXIS_VERTICAL, 1))         \
    ENTRY(view_compression_resistance_priority,                                                    \
      tether_view_compression_resistance_priority(h, HEADER, TETHER_AXIS_VERTICAL, &g_f32))        \
    ENTRY(view_set_alignment_rect_insets,                                                          \
      tether_view_set_alignment_rect_insets(h, HEADER, insets4(1, 1, 1, 1)))                       \
    ENTRY(view_alignment_rect_insets, tether_view_alignment_rect_insets(h, HEADER, &g_insets))     \
    ENTRY(view_set_layout_margins, tether_view_set_layout_margins(h, ROOT, insets4(0, 0, 0, 0)))   \
    ENTRY(view_layout_margins, tether_view_layout_margins(h, ROOT, &g_insets))                     \
    ENTRY(view_set_safe_area_insets, tether_view_set_safe_area_insets(h, ROOT, insets4(9, 9, 9, 9))) \
    ENTRY(view_safe_area_insets, tether_view_safe_area_insets(h, ROOT, &g_insets))                 \
    ENTRY(view_reset_safe_area_insets, tether_view_reset_safe_area_insets(h, HEADER))              \
    ENTRY(view_safe_area_insets_are_derived, tether_view_safe_area_insets_are_derived(h, ROOT, &g_i32)) \
    ENTRY(view_effective_layout_margins, tether_view_effective_layout_margins(h, ROOT, &g_insets)) \
    ENTRY(view_set_insets_layout_margins_from_safe_area,                                           \
      tether_view_set_insets_layout_margins_from_safe_area(h, ROOT, 1))                            \
    ENTRY(view_insets_layout_margins_from_safe_area,                                               \
      tether_view_insets_layout_margins_from_safe_area(h, ROOT, &g_i32))                           \
    ENTRY(view_set_preserves_superview_layout_margins,                                             \
      tether_view_set_preserves_superview_layout_margins(h, HEADER, 0))                            \
    ENTRY(view_preserves_superview_layout_margins,                                                 \
      tether_view_preserves_superview_layout_margins(h, HEADER, &g_i32))                           \
    ENTRY(view_set_semantic_content_attribute,                                                     \
      tether_view_set_semantic_content_attribute(h, ROOT, TETHER_SEMANTIC_CONTENT_FORCE_RIGHT_TO_LEFT)) \
    ENTRY(view_semantic_content_attribute, tether_view_semantic_content_attribute(h, ROOT, &g_i32)) \
    ENTRY(view_effective_layout_direction, tether_view_effective_layout_direction(h, ROOT, &g_i32)) \
    ENTRY(view_set_baselines, tether_view_set_baselines(h, HEADER, 1, 1))                          \
    ENTRY(view_baselines, tether_view_baselines(h, HEADER, &g_d, &g_d))                              \
    ENTRY(view_measured, tether_view_measured(h, HEADER, &g_i32))                                    \
    ENTRY(view_layout_guides, tether_view_layout_guides(h, ROOT, g_vars, 4, &g_n))                   \
    ENTRY(view_autoresizing_constraints,                                                             \
          tether_view_constraints_equivalent_to_autoresizing_mask(h, HEADER, g_vars, 4, &g_n))      \
    ENTRY(view_layout_margins_guide, tether_view_layout_margins_guide(h, FOOTER, &g_v))            \
    ENTRY(view_safe_area_layout_guide, tether_view_safe_area_layout_guide(h, FOOTER, &g_v))        \
    ENTRY(view_set_hooks_enabled, tether_view_set_hooks_enabled(h, ROOT, 1))                       \
    ENTRY(view_set_needs_layout, tether_view_set_needs_layout(h, ROOT))                            \
    ENTRY(view_set_needs_update_constraints, tether_view_set_needs_update_constraints(h, ROOT))    \
    ENTRY(view_needs_update_constraints, tether_view_needs_update_constraints(h, ROOT, &g_i32))    \
    ENTRY(view_update_constraints_if_needed, tether_view_update_constraints_if_needed(h, ROOT))    \
    ENTRY(view_layout_if_needed, tether_view_layout_if_needed(h, ROOT))                            \
    ENTRY(view_system_layout_size_fitting,                                                         \
      tether_view_system_layout_size_fitting(h, ROOT, size2(0, 0), 50, 50, &g_size))               \
    ENTRY(guide_new, tether_guide_new(h, &g_v))                                                    \
    ENTRY(guide_free, tether_guide_free(h, GUIDE))                                                 \
    ENTRY(view_add_layout_guide, tether_view_add_layout_guide(h, FOOTER, GUIDE))                   \
    ENTRY(view_remove_layout_guide, tether_view_remove_layout_guide(h, ROOT, GUIDE))               \
    ENTRY(guide_owning_view, tether_guide_owning_view(h, GUIDE, &g_v))                             \
    ENTRY(guide_layout_frame, tether_guide_layout_frame(h, GUIDE, &g_rect))                        \
    ENTRY(stack_view_new, tether_stack_view_new(h, rect(0, 0, 10, 10), &g_v))                      \
    ENTRY(stack_view_add_arranged_subview, tether_stack_view_add_arranged_subview(h, STACK, LONER)) \
    ENTRY(stack_view_insert_arranged_subview,                                                      \
      tether_stack_view_insert_arranged_subview(h, STACK, LONER, 0))                               \
    ENTRY(stack_view_remove_arranged_subview,                                                      \
      tether_stack_view_remove_arranged_subview(h, STACK, ARR_A))                                  \
    ENTRY(stack_view_arranged_subviews,                                                            \
      tether_stack_view_arranged_subviews(h, STACK, g_vars, 4, &g_n))                              \
    ENTRY(stack_view_set_axis, tether_stack_view_set_axis(h, STACK, TETHER_AXIS_VERTICAL))         \
    ENTRY(stack_view_axis, tether_stack_view_axis(h, STACK, &g_i32))                               \
    ENTRY(stack_view_set_distribution, tether_stack_view_set_distribution(h, STACK, 1))            \
    ENTRY(stack_view_distribution, tether_stack_view_distribution(h, STACK, &g_i32))               \
    ENTRY(stack_view_set_alignment, tether_stack_view_set_alignment(h, STACK, 3))                  \
    ENTRY(stack_view_alignment, tether_stack_view_alignment(h, STACK, &g_i32))                     \
    ENTRY(stack_view_set_spacing, tether_stack_view_set_spacing(h, STACK, 5))                      \
    ENTRY(stack_view_spacing, tether_stack_view_spacing(h, STACK, &g_d))                           \
    ENTRY(stack_view_set_custom_spacing, tether_stack_view_set_custom_spacing(h, STACK, 5, ARR_A)) \
    ENTRY(stack_view_custom_spacing, tether_stack_view_custom_spacing(h, STACK, ARR_A, &g_d))      \
    ENTRY(stack_view_set_baseline_relative_arrangement,                                            \
      tether_stack_view_set_baseline_relative_arrangement(h, STACK, 1))                            \
    ENTRY(stack_view_baseline_relative_arrangement,                                                \
      tether_stack_view_baseline_relative_arrangement(h, STACK, &g_i32))                           \
    ENTRY(stack_view_set_layout_margins_relative_arrangement,                                      \
      tether_stack_view_set_layout_margins_relative_arrangement(h, STACK, 1))                      \
    ENTRY(stack_view_layout_margins_relative_arrangement,                                          \
      tether_stack_view_layout_margins_relative_arrangement(h, STACK, &g_i32))                     \
    ENTRY(stack_view_arrangement_constraints,                                                      \
      tether_stack_view_arrangement_constraints(h, STACK, g_vars, 4, &g_n))                        \
    ENTRY(view_set_hidden, tether_view_set_hidden(h, ARR_B, 1))                                    \
    ENTRY(view_is_hidden, tether_view_is_hidden(h, ARR_B, &g_i32))                                 \
    ENTRY(item_set_identifier, tether_item_set_identifier(h, HEADER, "renamed"))                   \
    ENTRY(item_identifier, tether_item_identifier(h, HEADER, g_buf, sizeof g_buf, &g_n))           \
    ENTRY(layout_constraint_new,                                                                   \
      tether_layout_constraint_new(h, HEADER, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,    \
                                   TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 5, 1000, &g_c))           \
    ENTRY(layout_constraint_free, tether_layout_constraint_free(h, K_HEADER_H))                    \
    ENTRY(layout_constraint_set_active, tether_layout_constraint_set_active(h, K_HEADER_H, 0))     \
    ENTRY(layout_constraint_activate,                                                              \
      tether_layout_constraint_activate(h, (tether_layout_constraint[]){K_INACTIVE}, 1, &g_idx))   \
    ENTRY(layout_constraint_deactivate,                                                            \
      tether_layout_constraint_deactivate(h, (tether_layout_constraint[]){K_HEADER_H}, 1))         \
    ENTRY(layout_constraint_set_constant, tether_layout_constraint_set_constant(h, K_HEADER_H, 1)) \
    ENTRY(layout_constraint_set_priority, tether_layout_constraint_set_priority(h, K_OPTIONAL, 1)) \
    ENTRY(layout_constraint_set_identifier,                                                        \
      tether_layout_constraint_set_identifier(h, K_HEADER_H, "renamed"))                           \
    ENTRY(layout_constraint_set_should_be_archived,                                                \
      tether_layout_constraint_set_should_be_archived(h, K_HEADER_H, 1))                           \
    ENTRY(layout_constraint_should_be_archived,                                                    \
      tether_layout_constraint_should_be_archived(h, K_HEADER_H, &g_i32))                          \
    ENTRY(layout_constraint_info_get, tether_layout_constraint_info_get(h, K_HEADER_H, &g_linfo))  \
    ENTRY(layout_constraint_identifier,                                                            \
      tether_layout_constraint_identifier(h, K_HEADER_H, g_buf, sizeof g_buf, &g_n))               \
    ENTRY(layout_constraint_description,                                                           \
      tether_layout_constraint_description(h, K_HEADER_H, g_buf, sizeof g_buf, &g_n)) \
    ENTRY(layout_constraints_with_visual_format,                                                   \
      tether_layout_constraints_with_visual_format(h, "H:|[header]|", 0, NULL, NULL, 0, VFL_NAMES,  \
                                                   (tether_item[]){HEADER}, 1, g_vars, 4, &g_n,     \
                                                   &g_idx))                                         \
    ENTRY(layout_constraints_with_equations,                                                       \
      tether_layout_constraints_with_equations(h, "header.width == 10", NULL, NULL, 0, VFL_NAMES,  \
                                               (tether_item[]){HEADER}, 1, g_vars, 4, &g_n,         \
                                               &g_idx))                                             \
    ENTRY(item_has_ambiguous_layout, tether_item_has_ambiguous_layout(h, HEADER, &g_i32))          \
    ENTRY(item_ambiguities, tether_item_ambiguities(h, HEADER, g_amb, 4, &g_n))                    \
    ENTRY(view_exercise_ambiguity_in_layout, tether_view_exercise_ambiguity_in_layout(h, HEADER, &g_i32)) \
    ENTRY(item_debug_name, tether_item_debug_name(h, HEADER, g_buf, sizeof g_buf, &g_n))           \
    ENTRY(item_description, tether_item_description(h, HEADER, g_buf, sizeof g_buf, &g_n))        \
    ENTRY(item_constraints_affecting_layout,                                                       \
      tether_item_constraints_affecting_layout(h, HEADER, TETHER_AXIS_VERTICAL, g_vars, 4, &g_n))  \
    ENTRY(view_autolayout_trace, tether_view_autolayout_trace(h, ROOT, g_buf, sizeof g_buf, &g_n)) \
    ENTRY(view_broken_constraints, tether_view_broken_constraints(h, ROOT, g_vars, 4, &g_n))       \
    ENTRY(item_referring_constraints, tether_item_referring_constraints(h, HEADER, g_vars, 4, &g_n)) \
    ENTRY(view_constraints, tether_view_constraints(h, ROOT, g_vars, 4, &g_n))                     \
    ENTRY(view_add_constraints,                                                                    \
      tether_view_add_constraints(h, ROOT, (tether_layout_constraint[]){K_INACTIVE}, 1, &g_idx))   \
    ENTRY(view_remove_constraints,                                                                 \
      tether_view_remove_constraints(h, HEADER, (tether_layout_constraint[]){K_HEADER_H}, 1))      \
    ENTRY(view_layout_solver_stats,                                                                    \
      tether_view_layout_solver_stats(h, ROOT, &g_i32, &g_stats, &g_storage))                      \
    ENTRY(view_render_svg, tether_view_render_svg(h, ROOT, NULL, g_buf, sizeof g_buf, &g_n))       \
    ENTRY(view_write_svg, tether_view_write_svg(h, ROOT, NULL, svg_path()))                        \
    ENTRY(view_animation_sample_times,                                                             \
      tether_view_animation_sample_times(h, ROOT, 60, g_vals, 4, &g_n))                            \
    ENTRY(view_render_animated_svg,                                                                \
      tether_view_render_animated_svg(h, ROOT, NULL, NULL, g_buf, sizeof g_buf, &g_n))             \
    ENTRY(view_write_animated_svg, tether_view_write_animated_svg(h, ROOT, NULL, NULL, svg_path())) \
    ENTRY(document_load, tether_document_load(h, DOC_TEXT, strlen(DOC_TEXT), g_vars, 4, &g_n))      \
    ENTRY(document_item_named, tether_document_item_named(h, ROOT, "header", &g_v))                \
    ENTRY(document_constraints_with_identifier,                                                    \
      tether_document_constraints_with_identifier(h, ROOT, "x", g_vars, 4, &g_n))                  \
    ENTRY(document_save, tether_document_save(h, ROOT, g_buf, sizeof g_buf, &g_n))                 \
    ENTRY(ib_import, tether_ib_import(h, IB_TEXT, strlen(IB_TEXT), g_vars, 4, &g_n))               \
    ENTRY(ib_import_with_options,                                                                  \
      tether_ib_import_with_options(h, IB_TEXT, strlen(IB_TEXT), NULL, g_vars, 4, &g_n))         \
    ENTRY(engine_advance, tether_engine_advance(h, 0.5))                                           \
    ENTRY(engine_set_animation_clock, tether_engine_set_animation_clock(h, 100))                   \
    ENTRY(engine_animation_clock, tether_engine_animation_clock(h, &g_d))                          \
    ENTRY(engine_has_running_animations, tether_engine_has_running_animations(h, &g_i32))          \
    ENTRY(engine_remove_all_animations, tether_engine_remove_all_animations(h))                    \
    ENTRY(view_presentation_frame, tether_view_presentation_frame(h, HEADER, &g_rect))             \
    ENTRY(view_presentation_frame_at, tether_view_presentation_frame_at(h, HEADER, 1, &g_rect))    \
    ENTRY(view_presentation_frame_in, tether_view_presentation_frame_in(h, HEADER, ROOT, &g_rect)) \
    ENTRY(view_presentation_velocity, tether_view_presentation_velocity(h, HEADER, &g_rect))       \
    ENTRY(view_subtree_presentation_frames,                                                        \
      tether_view_subtree_presentation_frames(h, ROOT, g_vars, g_rects, 4, &g_n))                 \
    ENTRY(view_is_animating, tether_view_is_animating(h, HEADER, &g_i32))                          \
    ENTRY(view_animation_end_time, tether_view_animation_end_time(h, HEADER, &g_d))                \
    ENTRY(view_remove_all_animations, tether_view_remove_all_animations(h, HEADER))

#define DEFINE_ENGINE_FN(id, call)                                                                 \
    static tether_status engine_fn_##id(tether_engine *h) { return call; }
ENGINE_FUNCTIONS(DEFINE_ENGINE_FN)

typedef struct {
    const char *name;
    tether_status (*call)(tether_engine *h);
} EngineFunction;

#define ENGINE_ROW(id, call) {"tether_" #id, engine_fn_##id},
static const EngineFunction engine_functions[] = {ENGINE_FUNCTIONS(ENGINE_ROW)};

static void run_engine_handle_table(void) {
    int local = 0;
    void *heap = calloc(1, 256);
    struct {
        const char *name;
        tether_engine *handle;
        tether_status want;
    } bad[5];
    size_t i, j;

    bad[0].name = "NULL handle", bad[0].handle = NULL, bad[0].want = NULL_HANDLE_STATUS;
    bad[1].name = "freed handle", bad[1].handle = FREED_EN, bad[1].want = TETHER_E_INVALID_HANDLE;
    bad[2].name = "address of a local", bad[2].handle = (tether_engine *)(void *)&local,
    bad[2].want = TETHER_E_INVALID_HANDLE;
    bad[3].name = "zeroed heap block", bad[3].handle = (tether_engine *)heap,
    bad[3].want = TETHER_E_INVALID_HANDLE;
    bad[4].name = "a live solver handle", bad[4].handle = (tether_engine *)(void *)S,
    bad[4].want = TETHER_E_INVALID_HANDLE;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (j = 0; j < sizeof engine_functions / sizeof engine_functions[0]; j++) {
            char what[160];
            snprintf(what, sizeof what, "%s(%s)", engine_functions[j].name, bad[i].name);
            prime();
            if (check_call(what, engine_functions[j].call(bad[i].handle), bad[i].want))
                check_post(what, screen_ok() && bystanders_ok(), "screen_ok() && bystanders_ok()");
        }
    }
    free(heap);
    /* The solver whose handle was passed as an engine is untouched. */
    check_post("S unchanged after the bad-engine-handle table", state_ok(), "state_ok()");
}

/* ----------------------------------------------------------------------------------------------
 * Table 7: every entry point that takes a view id, called with a bad id `v`.
 * -------------------------------------------------------------------------------------------- */

#define VIEW_FUNCTIONS(ENTRY)                                                                      \
    ENTRY(view_free, tether_view_free(EN, v))                                                      \
    ENTRY(view_add_subview_as_parent, tether_view_add_subview(EN, v, LONER))                       \
    ENTRY(view_add_subview_as_child, tether_view_add_subview(EN, LONER, v))                        \
    ENTRY(view_set_user_data, tether_view_set_user_data(EN, v, &g_n))                              \
    ENTRY(view_user_data, tether_view_user_data(EN, v, &g_ptr))                                    \
    ENTRY(view_new_subview_as_parent, tether_view_new_subview(EN, v, "x", &g_v))                   \
    ENTRY(view_broken_constraints, tether_view_broken_constraints(EN, v, g_vars, 4, &g_n))         \
    ENTRY(view_insert_subview_as_parent, tether_view_insert_subview(EN, v, LONER, 0))              \
    ENTRY(view_insert_subview_as_child, tether_view_insert_subview(EN, LONER, v, 0))               \
    ENTRY(view_remove_from_superview, tether_view_remove_from_superview(EN, v))                    \
    ENTRY(view_superview, tether_view_superview(EN, v, &g_v))                                      \
    ENTRY(view_subviews, tether_view_subviews(EN, v, g_vars, 4, &g_n))                             \
    ENTRY(view_set_frame, tether_view_set_frame(EN, v, rect(0, 0, 1, 1)))                          \
    ENTRY(view_frame, tether_view_frame(EN, v, &g_rect))                                           \
    ENTRY(view_unrounded_frame, tether_view_unrounded_frame(EN, v, &g_rect))                       \
    ENTRY(view_subtree_frames, tether_view_subtree_frames(EN, v, g_vars, g_rects, 4, &g_n))        \
    ENTRY(view_set_translates_autoresizing_mask, tether_view_set_translates_autoresizing_mask(EN, v, 1)) \
    ENTRY(view_translates_autoresizing_mask, tether_view_translates_autoresizing_mask(EN, v, &g_i32)) \
    ENTRY(view_set_autoresizing_mask, tether_view_set_autoresizing_mask(EN, v, 2))                 \
    ENTRY(view_autoresizing_mask, tether_view_autoresizing_mask(EN, v, &g_u32))                    \
    ENTRY(view_set_autoresizes_subviews, tether_view_set_autoresizes_subviews(EN, v, 0))           \
    ENTRY(view_autoresizes_subviews, tether_view_autoresizes_subviews(EN, v, &g_i32))              \
    ENTRY(view_set_intrinsic_content_size, tether_view_set_intrinsic_content_size(EN, v, size2(1, 1))) \
    ENTRY(view_intrinsic_content_size, tether_view_intrinsic_content_size(EN, v, &g_size))         \
    ENTRY(view_invalidate_intrinsic_content_size, tether_view_invalidate_intrinsic_content_size(EN, v)) \
    ENTRY(view_set_measured, tether_view_set_measured(EN, v, 1))                                   \
    ENTRY(view_set_content_hugging_priority,                                                       \
      tether_view_set_content_hugging_priority(EN, v, TETHER_AXIS_HORIZONTAL, 1))                  \
    ENTRY(view_content_hugging_priority,                                                           \
      tether_view_content_hugging_priority(EN, v, TETHER_AXIS_HORIZONTAL, &g_f32))                 \
    ENTRY(view_set_compression_resistance_priority,                                                \
      tether_view_set_compression_resistance_priority(EN, v, TETHER_AXIS_HORIZONTAL, 1))           \
    ENTRY(view_compression_resistance_priority,                                                    \
      tether_view_compression_resistance_priority(EN, v, TETHER_AXIS_HORIZONTAL, &g_f32))          \
    ENTRY(view_set_alignment_rect_insets,                                                          \
      tether_view_set_alignment_rect_insets(EN, v, insets4(1, 1, 1, 1)))                           \
    ENTRY(view_alignment_rect_insets, tether_view_alignment_rect_insets(EN, v, &g_insets))         \
    ENTRY(view_set_layout_margins, tether_view_set_layout_margins(EN, v, insets4(1, 1, 1, 1)))     \
    ENTRY(view_layout_margins, tether_view_layout_margins(EN, v, &g_insets))                       \
    ENTRY(view_set_safe_area_insets, tether_view_set_safe_area_insets(EN, v, insets4(1, 1, 1, 1))) \
    ENTRY(view_safe_area_insets, tether_view_safe_area_insets(EN, v, &g_insets))                   \
    ENTRY(view_reset_safe_area_insets, tether_view_reset_safe_area_insets(EN, v))                  \
    ENTRY(view_safe_area_insets_are_derived, tether_view_safe_area_insets_are_derived(EN, v, &g_i32)) \
    ENTRY(view_effective_layout_margins, tether_view_effective_layout_margins(EN, v, &g_insets))   \
    ENTRY(view_set_insets_layout_margins_from_safe_area,                                           \
      tether_view_set_insets_layout_margins_from_safe_area(EN, v, 0))                              \
    ENTRY(view_insets_layout_margins_from_safe_area,                                               \
      tether_view_insets_layout_margins_from_safe_area(EN, v, &g_i32))                             \
    ENTRY(view_set_preserves_superview_layout_margins,                                             \
      tether_view_set_preserves_superview_layout_margins(EN, v, 1))                                \
    ENTRY(view_preserves_superview_layout_margins,                                                 \
      tether_view_preserves_superview_layout_margins(EN, v, &g_i32))                               \
    ENTRY(view_set_semantic_content_attribute, tether_view_set_semantic_content_attribute(EN, v, 4)) \
    ENTRY(view_semantic_content_attribute, tether_view_semantic_content_attribute(EN, v, &g_i32))  \
    ENTRY(view_effective_layout_direction, tether_view_effective_layout_direction(EN, v, &g_i32))  \
    ENTRY(view_set_baselines, tether_view_set_baselines(EN, v, 1, 1))                              \
    ENTRY(view_baselines, tether_view_baselines(EN, v, &g_d, &g_d))                                  \
    ENTRY(view_measured, tether_view_measured(EN, v, &g_i32))                                        \
    ENTRY(view_layout_guides, tether_view_layout_guides(EN, v, g_vars, 4, &g_n))                     \
    ENTRY(view_autoresizing_constraints,                                                             \
          tether_view_constraints_equivalent_to_autoresizing_mask(EN, v, g_vars, 4, &g_n))          \
    ENTRY(view_layout_margins_guide, tether_view_layout_margins_guide(EN, v, &g_v))                \
    ENTRY(view_safe_area_layout_guide, tether_view_safe_area_layout_guide(EN, v, &g_v))            \
    ENTRY(view_set_hooks_enabled, tether_view_set_hooks_enabled(EN, v, 1))                         \
    ENTRY(view_set_needs_layout, tether_view_set_needs_layout(EN, v))                              \
    ENTRY(view_set_needs_update_constraints, tether_view_set_needs_update_constraints(EN, v))      \
    ENTRY(view_needs_update_constraints, tether_view_needs_update_constraints(EN, v, &g_i32))      \
    ENTRY(view_update_constraints_if_needed, tether_view_update_constraints_if_needed(EN, v))      \
    ENTRY(view_constraints, tether_view_constraints(EN, v, g_vars, 4, &g_n))                       \
    ENTRY(view_add_constraints,                                                                    \
      tether_view_add_constraints(EN, v, (tether_layout_constraint[]){K_INACTIVE}, 1, &g_idx))     \
    ENTRY(view_remove_constraints,                                                                 \
      tether_view_remove_constraints(EN, v, (tether_layout_constraint[]){K_HEADER_H}, 1))          \
    ENTRY(view_layout_if_needed, tether_view_layout_if_needed(EN, v))                              \
    ENTRY(view_system_layout_size_fitting,                                                         \
      tether_view_system_layout_size_fitting(EN, v, size2(0, 0), 50, 50, &g_size))                 \
    ENTRY(view_add_layout_guide, tether_view_add_layout_guide(EN, v, GUIDE))                       \
    ENTRY(view_remove_layout_guide, tether_view_remove_layout_guide(EN, v, GUIDE))                 \
    ENTRY(stack_view_add_arranged_subview_as_view, tether_stack_view_add_arranged_subview(EN, STACK, v)) \
    ENTRY(stack_view_insert_arranged_subview_as_view,                                              \
      tether_stack_view_insert_arranged_subview(EN, STACK, v, 0))                                  \
    ENTRY(stack_view_remove_arranged_subview_as_view, tether_stack_view_remove_arranged_subview(EN, STACK, v)) \
    ENTRY(stack_view_set_custom_spacing_as_view, tether_stack_view_set_custom_spacing(EN, STACK, 5, v)) \
    ENTRY(stack_view_custom_spacing_as_view, tether_stack_view_custom_spacing(EN, STACK, v, &g_d)) \
    ENTRY(view_set_hidden, tether_view_set_hidden(EN, v, 1))                                       \
    ENTRY(view_is_hidden, tether_view_is_hidden(EN, v, &g_i32))                                    \
    ENTRY(stack_view_arranged_subviews_as_stack, tether_stack_view_arranged_subviews(EN, v, g_vars, 4, &g_n)) \
    ENTRY(stack_view_set_axis_as_stack, tether_stack_view_set_axis(EN, v, TETHER_AXIS_VERTICAL))   \
    ENTRY(stack_view_axis_as_stack, tether_stack_view_axis(EN, v, &g_i32))                         \
    ENTRY(stack_view_set_distribution_as_stack, tether_stack_view_set_distribution(EN, v, 1))      \
    ENTRY(stack_view_distribution_as_stack, tether_stack_view_distribution(EN, v, &g_i32))         \
    ENTRY(stack_view_set_alignment_as_stack, tether_stack_view_set_alignment(EN, v, 3))            \
    ENTRY(stack_view_alignment_as_stack, tether_stack_view_alignment(EN, v, &g_i32))               \
    ENTRY(stack_view_set_spacing_as_stack, tether_stack_view_set_spacing(EN, v, 5))                \
    ENTRY(stack_view_spacing_as_stack, tether_stack_view_spacing(EN, v, &g_d))                     \
    ENTRY(stack_view_set_baseline_relative_arrangement_as_stack,                                   \
      tether_stack_view_set_baseline_relative_arrangement(EN, v, 1))                               \
    ENTRY(stack_view_baseline_relative_arrangement_as_stack,                                       \
      tether_stack_view_baseline_relative_arrangement(EN, v, &g_i32))                              \
    ENTRY(stack_view_set_layout_margins_relative_arrangement_as_stack,                             \
      tether_stack_view_set_layout_margins_relative_arrangement(EN, v, 1))                         \
    ENTRY(stack_view_layout_margins_relative_arrangement_as_stack,                                 \
      tether_stack_view_layout_margins_relative_arrangement(EN, v, &g_i32))                        \
    ENTRY(stack_view_arrangement_constraints_as_stack,                                             \
      tether_stack_view_arrangement_constraints(EN, v, g_vars, 4, &g_n))                           \
    ENTRY(view_exercise_ambiguity_in_layout, tether_view_exercise_ambiguity_in_layout(EN, v, &g_i32)) \
    ENTRY(view_autolayout_trace, tether_view_autolayout_trace(EN, v, g_buf, sizeof g_buf, &g_n))   \
    ENTRY(view_layout_solver_stats,                                                                    \
      tether_view_layout_solver_stats(EN, v, &g_i32, &g_stats, &g_storage))                        \
    ENTRY(view_render_svg, tether_view_render_svg(EN, v, NULL, g_buf, sizeof g_buf, &g_n))         \
    ENTRY(view_write_svg, tether_view_write_svg(EN, v, NULL, svg_path()))                          \
    ENTRY(view_animation_sample_times,                                                             \
      tether_view_animation_sample_times(EN, v, 60, g_vals, 4, &g_n))                              \
    ENTRY(view_render_animated_svg,                                                                \
      tether_view_render_animated_svg(EN, v, NULL, NULL, g_buf, sizeof g_buf, &g_n))               \
    ENTRY(view_write_animated_svg, tether_view_write_animated_svg(EN, v, NULL, NULL, svg_path()))  \
    ENTRY(document_item_named, tether_document_item_named(EN, v, "header", &g_v))                  \
    ENTRY(document_constraints_with_identifier,                                                    \
      tether_document_constraints_with_identifier(EN, v, "x", g_vars, 4, &g_n))                    \
    ENTRY(document_save, tether_document_save(EN, v, g_buf, sizeof g_buf, &g_n))                   \
    ENTRY(view_presentation_frame, tether_view_presentation_frame(EN, v, &g_rect))                 \
    ENTRY(view_presentation_frame_at, tether_view_presentation_frame_at(EN, v, 1, &g_rect))        \
    ENTRY(view_presentation_frame_in, tether_view_presentation_frame_in(EN, v, ROOT, &g_rect))     \
    ENTRY(view_presentation_frame_in_ancestor,                                                     \
      tether_view_presentation_frame_in(EN, HEADER, v, &g_rect))                                  \
    ENTRY(view_presentation_velocity, tether_view_presentation_velocity(EN, v, &g_rect))           \
    ENTRY(view_subtree_presentation_frames,                                                        \
      tether_view_subtree_presentation_frames(EN, v, g_vars, g_rects, 4, &g_n))                   \
    ENTRY(view_is_animating, tether_view_is_animating(EN, v, &g_i32))                              \
    ENTRY(view_animation_end_time, tether_view_animation_end_time(EN, v, &g_d))                    \
    ENTRY(view_remove_all_animations, tether_view_remove_all_animations(EN, v))

#define DEFINE_VIEW_FN(id, call)                                                                   \
    static tether_status view_fn_##id(tether_view v) { return call; }
VIEW_FUNCTIONS(DEFINE_VIEW_FN)

typedef struct {
    const char *name;
    tether_status (*call)(uint64_t id);
} IdFunction;

#define VIEW_ROW(id, call) {"tether_" #id, view_fn_##id},
static const IdFunction view_functions[] = {VIEW_FUNCTIONS(VIEW_ROW)};

/* ----------------------------------------------------------------------------------------------
 * Table 8: every entry point that takes a guide id, called with a bad id `g`.
 * -------------------------------------------------------------------------------------------- */

#define GUIDE_FUNCTIONS(ENTRY)                                                                     \
    ENTRY(guide_free, tether_guide_free(EN, g))                                                    \
    ENTRY(view_add_layout_guide, tether_view_add_layout_guide(EN, FOOTER, g))                      \
    ENTRY(view_remove_layout_guide, tether_view_remove_layout_guide(EN, ROOT, g))                  \
    ENTRY(guide_owning_view, tether_guide_owning_view(EN, g, &g_v))                                \
    ENTRY(guide_layout_frame, tether_guide_layout_frame(EN, g, &g_rect))

#define DEFINE_GUIDE_FN(id, call)                                                                  \
    static tether_status guide_fn_##id(tether_guide g) { return call; }
GUIDE_FUNCTIONS(DEFINE_GUIDE_FN)

#define GUIDE_ROW(id, call) {"tether_" #id, guide_fn_##id},
static const IdFunction guide_functions[] = {GUIDE_FUNCTIONS(GUIDE_ROW)};

/* ----------------------------------------------------------------------------------------------
 * Table 8b: every entry point that takes a stack view id, called with a bad id `s` (a plain view
 * is the wrong kind of view: TETHER_E_INVALID_ID too).
 * -------------------------------------------------------------------------------------------- */

#define STACK_FUNCTIONS(ENTRY)                                                                     \
    ENTRY(stack_view_add_arranged_subview, tether_stack_view_add_arranged_subview(EN, s, LONER))   \
    ENTRY(stack_view_insert_arranged_subview,                                                      \
      tether_stack_view_insert_arranged_subview(EN, s, LONER, 0))                                  \
    ENTRY(stack_view_remove_arranged_subview, tether_stack_view_remove_arranged_subview(EN, s, ARR_A)) \
    ENTRY(stack_view_arranged_subviews, tether_stack_view_arranged_subviews(EN, s, g_vars, 4, &g_n)) \
    ENTRY(stack_view_set_axis, tether_stack_view_set_axis(EN, s, TETHER_AXIS_VERTICAL))            \
    ENTRY(stack_view_axis, tether_stack_view_axis(EN, s, &g_i32))                                  \
    ENTRY(stack_view_set_distribution, tether_stack_view_set_distribution(EN, s, 1))               \
    ENTRY(stack_view_distribution, tether_stack_view_distribution(EN, s, &g_i32))                  \
    ENTRY(stack_view_set_alignment, tether_stack_view_set_alignment(EN, s, 3))                     \
    ENTRY(stack_view_alignment, tether_stack_view_alignment(EN, s, &g_i32))                        \
    ENTRY(stack_view_set_spacing, tether_stack_view_set_spacing(EN, s, 5))                         \
    ENTRY(stack_view_spacing, tether_stack_view_spacing(EN, s, &g_d))                              \
    ENTRY(stack_view_set_custom_spacing, tether_stack_view_set_custom_spacing(EN, s, 5, ARR_A))    \
    ENTRY(stack_view_custom_spacing, tether_stack_view_custom_spacing(EN, s, ARR_A, &g_d))         \
    ENTRY(stack_view_set_baseline_relative_arrangement,                                            \
      tether_stack_view_set_baseline_relative_arrangement(EN, s, 1))                               \
    ENTRY(stack_view_baseline_relative_arrangement,                                                \
      tether_stack_view_baseline_relative_arrangement(EN, s, &g_i32))                              \
    ENTRY(stack_view_set_layout_margins_relative_arrangement,                                      \
      tether_stack_view_set_layout_margins_relative_arrangement(EN, s, 1))                         \
    ENTRY(stack_view_layout_margins_relative_arrangement,                                          \
      tether_stack_view_layout_margins_relative_arrangement(EN, s, &g_i32))                        \
    ENTRY(stack_view_arrangement_constraints,                                                      \
      tether_stack_view_arrangement_constraints(EN, s, g_vars, 4, &g_n))

#define DEFINE_STACK_FN(id, call)                                                                  \
    static tether_status stack_fn_##id(tether_view s) { return call; }
STACK_FUNCTIONS(DEFINE_STACK_FN)

#define STACK_ROW(id, call) {"tether_" #id, stack_fn_##id},
static const IdFunction stack_functions[] = {STACK_FUNCTIONS(STACK_ROW)};

static void run_stack_id_table(void) {
    const char *const names[] = {"0", "freed", "stale (slot reused)", "of another engine", "~0",
                                 "that is a guide", "that is a plain view"};
    uint64_t ids[7];
    size_t i, j;
    ids[0] = 0, ids[1] = FREED_VIEW, ids[2] = STALE_VIEW, ids[3] = FOREIGN_VIEW;
    ids[4] = UINT64_MAX, ids[5] = GUIDE, ids[6] = HEADER;
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        for (j = 0; j < sizeof stack_functions / sizeof stack_functions[0]; j++) {
            char what[200];
            snprintf(what, sizeof what, "%s(stack id %s)", stack_functions[j].name, names[i]);
            prime();
            if (check_call(what, stack_functions[j].call(ids[i]), TETHER_E_INVALID_ID))
                check_post(what, stack_ok() && screen_ok() && bystanders_ok(),
                           "stack_ok() && screen_ok() && bystanders_ok()");
        }
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 8c: named stack-view cases, run in order. X(id, expected status, call, post-condition)
 * -------------------------------------------------------------------------------------------- */

#define STACK_CASES(ENTRY)                                                                         \
    /* -- making --------------------------------------------------------------------------- */   \
    ENTRY(new_null, TETHER_E_NULL_ARGUMENT, tether_stack_view_new(EN, rect(0, 0, 1, 1), NULL), 1)  \
    ENTRY(new_nan_y, TETHER_E_INVALID_ARGUMENT, tether_stack_view_new(EN, rect(0, NAN, 1, 1), &g_v), 1) \
    ENTRY(new_inf_width, TETHER_E_INVALID_ARGUMENT,                                                \
      tether_stack_view_new(EN, rect(0, 0, INFINITY, 1), &g_v), 1)                                 \
    /* -- NULL out-pointers --------------------------------------------------------------- */     \
    ENTRY(axis_null, TETHER_E_NULL_ARGUMENT, tether_stack_view_axis(EN, STACK, NULL), 1)           \
    ENTRY(distribution_null, TETHER_E_NULL_ARGUMENT, tether_stack_view_distribution(EN, STACK, NULL), 1) \
    ENTRY(alignment_null, TETHER_E_NULL_ARGUMENT, tether_stack_view_alignment(EN, STACK, NULL), 1) \
    ENTRY(spacing_null, TETHER_E_NULL_ARGUMENT, tether_stack_view_spacing(EN, STACK, NULL), 1)     \
    ENTRY(custom_spacing_null, TETHER_E_NULL_ARGUMENT,                                             \
      tether_stack_view_custom_spacing(EN, STACK, ARR_A, NULL), 1)                                 \
    ENTRY(baseline_relative_null, TETHER_E_NULL_ARGUMENT,                                          \
      tether_stack_view_baseline_relative_arrangement(EN, STACK, NULL), 1)                         \
    ENTRY(margins_relative_null, TETHER_E_NULL_ARGUMENT,                                           \
      tether_stack_view_layout_margins_relative_arrangement(EN, STACK, NULL), 1)                   \
    ENTRY(is_hidden_null, TETHER_E_NULL_ARGUMENT, tether_view_is_hidden(EN, ARR_B, NULL), 1)       \
    /* -- enums out of range --------------------------------------------------------------- */   \
    ENTRY(axis_2, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_axis(EN, STACK, 2), stack_ok()) \
    ENTRY(axis_minus_1, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_axis(EN, STACK, -1),      \
      stack_ok())                                                                                  \
    ENTRY(distribution_5, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_distribution(EN, STACK, 5), \
      stack_ok())                                                                                  \
    ENTRY(distribution_minus_1, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_stack_view_set_distribution(EN, STACK, -1), stack_ok())                               \
    ENTRY(alignment_6, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_alignment(EN, STACK, 6),   \
      stack_ok())                                                                                  \
    ENTRY(alignment_int32_min, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_stack_view_set_alignment(EN, STACK, INT32_MIN), stack_ok())                           \
    /* -- non-finite numbers ------------------------------------------------------------- */      \
    ENTRY(spacing_nan, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_spacing(EN, STACK, NAN),   \
      stack_ok())                                                                                  \
    ENTRY(spacing_inf, TETHER_E_INVALID_ARGUMENT, tether_stack_view_set_spacing(EN, STACK, INFINITY), \
      stack_ok())                                                                                  \
    ENTRY(spacing_minus_inf, TETHER_E_INVALID_ARGUMENT,                                            \
      tether_stack_view_set_spacing(EN, STACK, -INFINITY), stack_ok())                             \
    ENTRY(custom_spacing_nan, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_stack_view_set_custom_spacing(EN, STACK, NAN, ARR_A), stack_ok())                     \
    ENTRY(custom_spacing_inf, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_stack_view_set_custom_spacing(EN, STACK, INFINITY, ARR_A), stack_ok())                \
    /* -- flags other than 0 and 1 --------------------------------------------------------- */   \
    ENTRY(baseline_relative_2, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_stack_view_set_baseline_relative_arrangement(EN, STACK, 2), stack_ok())               \
    ENTRY(margins_relative_minus_1, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_stack_view_set_layout_margins_relative_arrangement(EN, STACK, -1), stack_ok())        \
    ENTRY(hidden_2, TETHER_E_INVALID_ARGUMENT, tether_view_set_hidden(EN, ARR_B, 2), stack_ok())   \
    /* -- indices and the hierarchy -------------------------------------------------------- */   \
    ENTRY(insert_past_the_end, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_stack_view_insert_arranged_subview(EN, STACK, LONER, 3), stack_ok() && bystanders_ok()) \
    ENTRY(insert_size_max, TETHER_E_INVALID_ARGUMENT,                                              \
      tether_stack_view_insert_arranged_subview(EN, STACK, LONER, SIZE_MAX),                       \
      stack_ok() && bystanders_ok())                                                               \
    ENTRY(arrange_itself, TETHER_E_INVALID_STATE,                                                  \
      tether_stack_view_add_arranged_subview(EN, STACK, STACK), stack_ok())                        \
    /* -- the two-call pattern -------------------------------------------------------------- */  \
    ENTRY(arranged_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                          \
      tether_stack_view_arranged_subviews(EN, STACK, NULL, 0, &g_n), g_n == 2)                     \
    ENTRY(arranged_too_small, TETHER_E_BUFFER_TOO_SMALL,                                           \
      tether_stack_view_arranged_subviews(EN, STACK, g_vars, 1, &g_n), g_n == 2)                   \
    ENTRY(arranged_null_buffer, TETHER_E_NULL_ARGUMENT,                                            \
      tether_stack_view_arranged_subviews(EN, STACK, NULL, 4, &g_n), 1)                            \
    ENTRY(arranged_exact, TETHER_OK, tether_stack_view_arranged_subviews(EN, STACK, g_vars, 2, &g_n), \
      g_n == 2 && g_vars[0] == ARR_A && g_vars[1] == ARR_B)                                        \
    ENTRY(arranged_without_needed, TETHER_OK,                                                      \
      tether_stack_view_arranged_subviews(EN, STACK, g_vars, 4, NULL),                             \
      g_vars[0] == ARR_A && g_vars[1] == ARR_B)                                                    \
    ENTRY(arranged_none, TETHER_OK, tether_stack_view_arranged_subviews(EN, EMPTY_STACK, NULL, 0, &g_n), \
      g_n == 0)                                                                                    \
    ENTRY(constraints_none, TETHER_OK,                                                             \
      tether_stack_view_arrangement_constraints(EN, EMPTY_STACK, NULL, 0, &g_n), g_n == 0)         \
    ENTRY(constraints_too_small, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_stack_view_arrangement_constraints(EN, STACK, g_vars, 4, &g_n), g_n == 7 && stack_ok()) \
    ENTRY(constraints_null_buffer, TETHER_E_NULL_ARGUMENT,                                         \
      tether_stack_view_arrangement_constraints(EN, STACK, NULL, 7, &g_n), 1)                      \
    ENTRY(constraints_exact, TETHER_OK,                                                            \
      tether_stack_view_arrangement_constraints(EN, STACK, g_stack_ks, 7, &g_n),                   \
      g_n == 7 && stack_spacing_described())                                                       \
    /* -- generated constraints are read-only ---------------------------------------------- */   \
    ENTRY(generated_set_constant, TETHER_E_INVALID_STATE,                                          \
      tether_layout_constraint_set_constant(EN, g_stack_ks[2], 20), stack_ok())                    \
    ENTRY(generated_deactivate, TETHER_E_INVALID_STATE,                                            \
      tether_layout_constraint_set_active(EN, g_stack_ks[2], 0), stack_ok())                       \
    ENTRY(generated_free, TETHER_E_INVALID_STATE, tether_layout_constraint_free(EN, g_stack_ks[2]), \
      stack_ok() && stack_spacing_described())                                                     \
    /* -- what UIKit ignores ---------------------------------------------------------------- */   \
    ENTRY(remove_not_arranged, TETHER_OK, tether_stack_view_remove_arranged_subview(EN, STACK, LONER), \
      stack_ok() && bystanders_ok())                                                               \
    ENTRY(custom_spacing_not_arranged, TETHER_OK,                                                  \
      tether_stack_view_set_custom_spacing(EN, STACK, 5, LONER),                                   \
      stack_ok() && custom_spacing_is(LONER, TETHER_STACK_SPACING_USE_DEFAULT))                    \
    /* -- a hidden arranged view collapses; shown again, it comes back ---------------------- */   \
    ENTRY(hide_b, TETHER_OK, tether_view_set_hidden(EN, ARR_B, 1),                                 \
      hidden_is(ARR_B, 1) && tether_view_layout_if_needed(EN, STACK) == TETHER_OK &&               \
          frame_is(ARR_A, 0, 0, 300, 50) && frame_is(ARR_B, 300, 0, 0, 50))                        \
    ENTRY(show_b, TETHER_OK, tether_view_set_hidden(EN, ARR_B, 0), stack_ok())

#define DEFINE_STACK_CASE(id, want, call, post)                                                    \
    static tether_status stack_case_##id(void) { return call; }                                    \
    static int stack_case_post_##id(void) { return post; }
STACK_CASES(DEFINE_STACK_CASE)

#define STACK_CASE_ROW(id, want, call, post)                                                       \
    {"stack_" #id, want, stack_case_##id, stack_case_post_##id, #call, #post},
static const NamedCase stack_cases[] = {STACK_CASES(STACK_CASE_ROW)};

static void run_stack_cases(void) {
    size_t i;
    for (i = 0; i < sizeof stack_cases / sizeof stack_cases[0]; i++) {
        const NamedCase *c = &stack_cases[i];
        char what[1024];
        snprintf(what, sizeof what, "%s: %s", c->name, c->call_text);
        prime();
        if (check_call(what, c->call(), c->want)) check_post(what, c->post(), c->post_text);
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 9: every entry point that takes an item id (a view or a guide), with a bad id `i`.
 * -------------------------------------------------------------------------------------------- */

#define ITEM_FUNCTIONS(ENTRY)                                                                      \
    ENTRY(item_set_identifier, tether_item_set_identifier(EN, i, "renamed"))                       \
    ENTRY(item_identifier, tether_item_identifier(EN, i, g_buf, sizeof g_buf, &g_n))               \
    ENTRY(layout_constraint_new_as_item1,                                                          \
      tether_layout_constraint_new(EN, i, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,        \
                                   TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 5, 1000, &g_c))           \
    ENTRY(layout_constraint_new_as_item2,                                                          \
      tether_layout_constraint_new(EN, HEADER, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, i,   \
                                   TETHER_ATTRIBUTE_WIDTH, 1, 0, 1000, &g_c))                      \
    ENTRY(layout_constraints_with_visual_format,                                                   \
      tether_layout_constraints_with_visual_format(EN, "H:[header]-[x]", 0, NULL, NULL, 0,         \
                                                   (const char *const[]){"header", "x"},           \
                                                   (tether_item[]){HEADER, i}, 2, g_vars, 4, &g_n, \
                                                   &g_idx))                                        \
    ENTRY(layout_constraints_with_equations,                                                       \
      tether_layout_constraints_with_equations(EN, "header.width == x.width", NULL, NULL, 0,       \
                                               (const char *const[]){"header", "x"},               \
                                               (tether_item[]){HEADER, i}, 2, g_vars, 4, &g_n,     \
                                               &g_idx))                                            \
    ENTRY(item_has_ambiguous_layout, tether_item_has_ambiguous_layout(EN, i, &g_i32))              \
    ENTRY(item_ambiguities, tether_item_ambiguities(EN, i, g_amb, 4, &g_n))                        \
    ENTRY(item_debug_name, tether_item_debug_name(EN, i, g_buf, sizeof g_buf, &g_n))               \
    ENTRY(item_description, tether_item_description(EN, i, g_buf, sizeof g_buf, &g_n))            \
    ENTRY(item_constraints_affecting_layout,                                                       \
      tether_item_constraints_affecting_layout(EN, i, TETHER_AXIS_HORIZONTAL, g_vars, 4, &g_n))    \
    ENTRY(item_referring_constraints, tether_item_referring_constraints(EN, i, g_vars, 4, &g_n))   \
    ENTRY(layout_constraint_new_between_first,                                                     \
      tether_layout_constraint_new_between(EN, i, TETHER_ATTRIBUTE_WIDTH, 0, HEADER, TETHER_ATTRIBUTE_WIDTH, 0, &g_c)) \
    ENTRY(layout_constraint_new_between_second,                                                    \
      tether_layout_constraint_new_between(EN, HEADER, TETHER_ATTRIBUTE_WIDTH, 0, i, TETHER_ATTRIBUTE_WIDTH, 0, &g_c)) \
    ENTRY(layout_constraint_new_constant,                                                          \
      tether_layout_constraint_new_constant(EN, i, TETHER_ATTRIBUTE_WIDTH, 0, 10, &g_c))

#define DEFINE_ITEM_FN(id, call)                                                                   \
    static tether_status item_fn_##id(tether_item i) { return call; }
ITEM_FUNCTIONS(DEFINE_ITEM_FN)

#define ITEM_ROW(id, call) {"tether_" #id, item_fn_##id},
static const IdFunction item_functions[] = {ITEM_FUNCTIONS(ITEM_ROW)};

/* Runs `functions` with each bad id; every call must return TETHER_E_INVALID_ID and leave the
 * screen and its bystanders as they were. */
static void run_id_table(const char *kind, const IdFunction *functions, size_t count,
                         const uint64_t *ids, const char *const *names, size_t id_count) {
    size_t i, j;
    for (i = 0; i < id_count; i++) {
        for (j = 0; j < count; j++) {
            char what[200];
            snprintf(what, sizeof what, "%s(%s %s)", functions[j].name, kind, names[i]);
            prime();
            if (check_call(what, functions[j].call(ids[i]), TETHER_E_INVALID_ID))
                check_post(what, screen_ok() && bystanders_ok() && identifier_is(HEADER, "header"),
                           "screen_ok() && bystanders_ok() && HEADER keeps its identifier");
        }
    }
}

static void run_item_id_tables(void) {
    const char *const view_names[] = {"0", "freed", "stale (slot reused)", "of another engine",
                                      "~0", "that is a guide"};
    const char *const guide_names[] = {"0", "freed", "stale (slot reused)", "of another engine",
                                       "~0", "that is a view"};
    uint64_t views[6], guides[6];
    views[0] = 0, views[1] = FREED_VIEW, views[2] = STALE_VIEW, views[3] = FOREIGN_VIEW;
    views[4] = UINT64_MAX, views[5] = GUIDE;
    guides[0] = 0, guides[1] = FREED_GUIDE, guides[2] = STALE_GUIDE, guides[3] = FOREIGN_GUIDE;
    guides[4] = UINT64_MAX, guides[5] = HEADER;
    run_id_table("view id", view_functions, sizeof view_functions / sizeof view_functions[0], views,
                 view_names, 6);
    run_id_table("guide id", guide_functions, sizeof guide_functions / sizeof guide_functions[0],
                 guides, guide_names, 6);
    /* Items are views or guides: the dead ids of both kinds (0 as a second item means "none":
     * named cases cover id 0). */
    run_id_table("item id", item_functions, sizeof item_functions / sizeof item_functions[0],
                 views + 1, view_names + 1, 4);
    run_id_table("item id", item_functions, sizeof item_functions / sizeof item_functions[0],
                 guides + 1, guide_names + 1, 4);
}

/* ----------------------------------------------------------------------------------------------
 * Table 10: every entry point that takes a layout-constraint id, called with a bad id `k`.
 * -------------------------------------------------------------------------------------------- */

#define LC_FUNCTIONS(ENTRY)                                                                        \
    ENTRY(layout_constraint_free, tether_layout_constraint_free(EN, k), 1)                         \
    ENTRY(layout_constraint_set_active, tether_layout_constraint_set_active(EN, k, 1), 1)          \
    ENTRY(layout_constraint_activate, /* K_INACTIVE comes first: it must stay inactive */          \
      tether_layout_constraint_activate(EN, (tether_layout_constraint[]){K_INACTIVE, k}, 2, &g_idx), \
      g_idx == 1 && lc_active(K_INACTIVE) == 0)                                                    \
    ENTRY(layout_constraint_deactivate, /* K_HEADER_H comes first: it must stay active */          \
      tether_layout_constraint_deactivate(EN, (tether_layout_constraint[]){K_HEADER_H, k}, 2),     \
      lc_active(K_HEADER_H) == 1)                                                                  \
    ENTRY(layout_constraint_set_constant, tether_layout_constraint_set_constant(EN, k, 1), 1)      \
    ENTRY(layout_constraint_set_priority, tether_layout_constraint_set_priority(EN, k, 500), 1)    \
    ENTRY(layout_constraint_set_identifier,                                                        \
      tether_layout_constraint_set_identifier(EN, k, "renamed"), 1)                                \
    ENTRY(layout_constraint_set_should_be_archived,                                                \
      tether_layout_constraint_set_should_be_archived(EN, k, 1), 1)                                \
    ENTRY(layout_constraint_should_be_archived,                                                    \
      tether_layout_constraint_should_be_archived(EN, k, &g_i32), 1)                               \
    ENTRY(view_add_constraints, /* K_INACTIVE comes first: it must stay inactive */                \
      tether_view_add_constraints(EN, ROOT, (tether_layout_constraint[]){K_INACTIVE, k}, 2, &g_idx), \
      g_idx == 1 && lc_active(K_INACTIVE) == 0)                                                    \
    ENTRY(view_remove_constraints, /* K_HEADER_H comes first: it must stay active */               \
      tether_view_remove_constraints(EN, HEADER, (tether_layout_constraint[]){K_HEADER_H, k}, 2),  \
      lc_active(K_HEADER_H) == 1)                                                                  \
    ENTRY(layout_constraint_info_get, tether_layout_constraint_info_get(EN, k, &g_linfo), 1)       \
    ENTRY(layout_constraint_identifier,                                                            \
      tether_layout_constraint_identifier(EN, k, g_buf, sizeof g_buf, &g_n), 1)                    \
    ENTRY(layout_constraint_description,                                                           \
      tether_layout_constraint_description(EN, k, g_buf, sizeof g_buf, &g_n), 1)

#define DEFINE_LC_FN(id, call, post)                                                               \
    static tether_status lc_fn_##id(tether_layout_constraint k) { return call; }                   \
    static int lc_post_##id(void) { return post; }
LC_FUNCTIONS(DEFINE_LC_FN)

#define LC_ROW(id, call, post) {"tether_" #id, lc_fn_##id, lc_post_##id, #post},
static const ConstraintFunction lc_functions[] = {LC_FUNCTIONS(LC_ROW)};

static void run_layout_constraint_table(void) {
    struct {
        const char *name;
        tether_layout_constraint id;
    } bad[5];
    size_t i, j;
    bad[0].name = "constraint id 0", bad[0].id = 0;
    bad[1].name = "freed constraint id", bad[1].id = FREED_K;
    bad[2].name = "stale constraint id (slot reused)", bad[2].id = STALE_K;
    bad[3].name = "constraint id of another engine", bad[3].id = FOREIGN_K;
    bad[4].name = "constraint id ~0", bad[4].id = UINT64_MAX;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (j = 0; j < sizeof lc_functions / sizeof lc_functions[0]; j++) {
            char what[200];
            const ConstraintFunction *f = &lc_functions[j];
            snprintf(what, sizeof what, "%s(%s)", f->name, bad[i].name);
            prime();
            if (check_call(what, f->call(bad[i].id), TETHER_E_INVALID_ID))
                check_post(what, f->post() && screen_ok() && lc_identifier_is(K_HEADER_H, "header-height"),
                           f->post_text);
        }
    }
}

/* ----------------------------------------------------------------------------------------------
 * Table 11: named view-model cases, run in order. X(id, expected status, call, post-condition)
 * -------------------------------------------------------------------------------------------- */

#define EQ_ TETHER_RELATION_EQUAL
/* Animation options for the bad-options cases: `which` picks the bad field (0: struct_size 0,
 * 1: unknown flag bits, 2: unknown curve, 3: negative duration, 4: NaN delay, 5: zero spring
 * damping, 6: infinite initial velocity), `flags` the flags. */
static tether_animation_options g_anim_options;
static const tether_animation_options *anim_options(int which, uint32_t flags) {
    tether_animation_options o = TETHER_ANIMATION_OPTIONS_INIT;
    o.duration = 0.25;
    o.flags = flags;
    switch (which) {
    case 0: o.struct_size = 0; break;
    case 2: o.curve = 4; break;
    case 3: o.duration = -1; break;
    case 4: o.delay = NAN; break;
    case 5: o.spring_damping = 0; break;
    case 6: o.initial_velocity = INFINITY; break;
    default: break;
    }
    g_anim_options = o;
    return &g_anim_options;
}

static int blocks_open(uint32_t want) {
    uint32_t n = 99;
    return tether_animation_open_blocks(&n) == TETHER_OK && n == want;
}

static int clock_is(double want) {
    double t = -1;
    return tether_engine_animation_clock(EN, &t) == TETHER_OK && t == want;
}

#define NONE_ TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE
#define H_ TETHER_AXIS_HORIZONTAL
#define V_ TETHER_AXIS_VERTICAL
/* header.width <attribute-pair> ... with the given numbers (the most common shape below). */
#define NEW_LC(a1, rel, item2, a2, m, k, p)                                                        \
    tether_layout_constraint_new(EN, HEADER, a1, rel, item2, a2, m, k, p, &g_c)
#define NEW_LC0(item1, a1, rel, item2, a2, m, k, p)                                                \
    tether_layout_constraint_new(EN, item1, a1, rel, item2, a2, m, k, p, &g_c)

#define VIEW_CASES(ENTRY)                                                                          \
    /* -- animation: bad options open no block; bad clocks leave the clock ------------------ */  \
    ENTRY(animation_begin_null, TETHER_E_NULL_ARGUMENT, tether_animation_begin(NULL), blocks_open(0)) \
    ENTRY(animation_struct_size_0, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_animation_begin(anim_options(0, 0)), blocks_open(0) && last_error_contains("struct_size")) \
    ENTRY(animation_unknown_flag, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_animation_begin(anim_options(1, 0x8)), blocks_open(0) && last_error_contains("flags")) \
    ENTRY(animation_unknown_curve, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_animation_begin(anim_options(2, 0)), blocks_open(0) && last_error_contains("curve"))  \
    ENTRY(animation_negative_duration, TETHER_E_INVALID_ARGUMENT,                                  \
      tether_animation_begin(anim_options(3, 0)), blocks_open(0) && last_error_contains("duration")) \
    ENTRY(animation_nan_delay, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_animation_begin(anim_options(4, 0)), blocks_open(0) && last_error_contains("delay"))  \
    ENTRY(animation_zero_damping, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_animation_begin(anim_options(5, TETHER_ANIMATION_SPRING)),                            \
      blocks_open(0) && last_error_contains("spring_damping"))                                     \
    ENTRY(animation_infinite_velocity, TETHER_E_INVALID_ARGUMENT,                                  \
      tether_animation_begin(anim_options(6, TETHER_ANIMATION_SPRING)),                            \
      blocks_open(0) && last_error_contains("initial_velocity"))                                   \
    ENTRY(animation_commit_without_begin, TETHER_E_INVALID_STATE, tether_animation_commit(),        \
      blocks_open(0))                                                                              \
    ENTRY(animation_begin_without_animation, TETHER_OK, tether_animation_begin_without_animation(), \
      blocks_open(1))                                                                              \
    ENTRY(animation_commit_without_animation, TETHER_OK, tether_animation_commit(), blocks_open(0)) \
    ENTRY(animation_open_blocks_null, TETHER_E_NULL_ARGUMENT, tether_animation_open_blocks(NULL), 1) \
    ENTRY(animation_inherited_duration_null, TETHER_E_NULL_ARGUMENT,                               \
      tether_animation_inherited_duration(NULL), 1)                                                \
    ENTRY(advance_negative, TETHER_E_INVALID_ARGUMENT, tether_engine_advance(EN, -1), clock_is(0)) \
    ENTRY(advance_nan, TETHER_E_INVALID_ARGUMENT, tether_engine_advance(EN, NAN), clock_is(0))     \
    ENTRY(advance_infinity, TETHER_E_INVALID_ARGUMENT, tether_engine_advance(EN, INFINITY),       \
      clock_is(0))                                                                                 \
    ENTRY(set_clock_nan, TETHER_E_INVALID_ARGUMENT, tether_engine_set_animation_clock(EN, NAN),    \
      clock_is(0))                                                                                 \
    ENTRY(set_clock_backwards, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_engine_set_animation_clock(EN, -0.5), clock_is(0))                                    \
    ENTRY(animation_clock_null, TETHER_E_NULL_ARGUMENT, tether_engine_animation_clock(EN, NULL), 1) \
    ENTRY(has_running_animations_null, TETHER_E_NULL_ARGUMENT,                                     \
      tether_engine_has_running_animations(EN, NULL), 1)                                           \
    ENTRY(presentation_frame_null, TETHER_E_NULL_ARGUMENT,                                         \
      tether_view_presentation_frame(EN, HEADER, NULL), 1)                                         \
    ENTRY(presentation_frame_at_null, TETHER_E_NULL_ARGUMENT,                                      \
      tether_view_presentation_frame_at(EN, HEADER, 1, NULL), 1)                                   \
    ENTRY(presentation_frame_at_nan, TETHER_E_INVALID_ARGUMENT,                                    \
      tether_view_presentation_frame_at(EN, HEADER, NAN, &g_rect), last_error_contains("time"))    \
    ENTRY(presentation_frame_in_null, TETHER_E_NULL_ARGUMENT,                                      \
      tether_view_presentation_frame_in(EN, HEADER, ROOT, NULL), 1)                                \
    ENTRY(presentation_frame_in_not_an_ancestor, TETHER_E_INVALID_STATE,                           \
      tether_view_presentation_frame_in(EN, HEADER, FOOTER, &g_rect), 1)                           \
    ENTRY(presentation_frame_in_itself, TETHER_OK,                                                 \
      tether_view_presentation_frame_in(EN, HEADER, HEADER, &g_rect),                              \
      g_rect.x == 0 && g_rect.y == 0 && g_rect.width == 400 && g_rect.height == 64)               \
    ENTRY(presentation_frame_in_root, TETHER_OK,                                                   \
      tether_view_presentation_frame_in(EN, FOOTER, ROOT, &g_rect),                                \
      g_rect.x == 8 && g_rect.y == 750 && g_rect.width == 384 && g_rect.height == 50)             \
    ENTRY(presentation_velocity_null, TETHER_E_NULL_ARGUMENT,                                      \
      tether_view_presentation_velocity(EN, HEADER, NULL), 1)                                      \
    ENTRY(presentation_subtree_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                              \
      tether_view_subtree_presentation_frames(EN, ROOT, NULL, NULL, 0, &g_n), g_n == 4)            \
    ENTRY(presentation_subtree_both_null, TETHER_E_NULL_ARGUMENT,                                  \
      tether_view_subtree_presentation_frames(EN, ROOT, NULL, NULL, 4, &g_n), 1)                   \
    ENTRY(presentation_subtree_exact, TETHER_OK,                                                   \
      tether_view_subtree_presentation_frames(EN, ROOT, g_vars, g_rects, 4, &g_n),                 \
      g_n == 4 && subtree_ids_ok() && subtree_frames_ok())                                         \
    ENTRY(is_animating_null, TETHER_E_NULL_ARGUMENT, tether_view_is_animating(EN, HEADER, NULL), 1) \
    ENTRY(animation_end_time_null, TETHER_E_NULL_ARGUMENT,                                         \
      tether_view_animation_end_time(EN, HEADER, NULL), 1)                                         \
    ENTRY(advance_zero, TETHER_OK, tether_engine_advance(EN, 0), clock_is(0) && screen_ok())       \
    /* -- NULL out-pointers and arrays ----------------------------------------------------- */    \
    ENTRY(engine_new_null, TETHER_E_NULL_ARGUMENT, tether_engine_new(NULL), 1)                     \
    ENTRY(view_new_null, TETHER_E_NULL_ARGUMENT, tether_view_new(EN, rect(0, 0, 1, 1), NULL),      \
      screen_ok())                                                                                 \
    ENTRY(guide_new_null, TETHER_E_NULL_ARGUMENT, tether_guide_new(EN, NULL), 1)                   \
    ENTRY(superview_null, TETHER_E_NULL_ARGUMENT, tether_view_superview(EN, HEADER, NULL), 1)      \
    ENTRY(frame_null, TETHER_E_NULL_ARGUMENT, tether_view_frame(EN, HEADER, NULL), 1)              \
    ENTRY(unrounded_frame_null, TETHER_E_NULL_ARGUMENT,                                            \
      tether_view_unrounded_frame(EN, HEADER, NULL), 1)                                            \
    ENTRY(translates_null, TETHER_E_NULL_ARGUMENT,                                                 \
      tether_view_translates_autoresizing_mask(EN, HEADER, NULL), 1)                               \
    ENTRY(mask_null, TETHER_E_NULL_ARGUMENT, tether_view_autoresizing_mask(EN, HEADER, NULL), 1)   \
    ENTRY(autoresizes_null, TETHER_E_NULL_ARGUMENT, tether_view_autoresizes_subviews(EN, ROOT, NULL), \
      1)                                                                                           \
    ENTRY(intrinsic_null, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_view_intrinsic_content_size(EN, HEADER, NULL), 1)                                     \
    ENTRY(hugging_null, TETHER_E_NULL_ARGUMENT,                                                    \
      tether_view_content_hugging_priority(EN, HEADER, H_, NULL), 1)                               \
    ENTRY(compression_null, TETHER_E_NULL_ARGUMENT,                                                \
      tether_view_compression_resistance_priority(EN, HEADER, V_, NULL), 1)                        \
    ENTRY(alignment_insets_null, TETHER_E_NULL_ARGUMENT,                                           \
      tether_view_alignment_rect_insets(EN, HEADER, NULL), 1)                                      \
    ENTRY(margins_null, TETHER_E_NULL_ARGUMENT, tether_view_layout_margins(EN, ROOT, NULL), 1)     \
    ENTRY(safe_area_null, TETHER_E_NULL_ARGUMENT, tether_view_safe_area_insets(EN, ROOT, NULL), 1) \
    ENTRY(safe_area_derived_null, TETHER_E_NULL_ARGUMENT,                                          \
      tether_view_safe_area_insets_are_derived(EN, ROOT, NULL), 1)                                 \
    ENTRY(effective_margins_null, TETHER_E_NULL_ARGUMENT,                                          \
      tether_view_effective_layout_margins(EN, ROOT, NULL), 1)                                     \
    ENTRY(insets_margins_null, TETHER_E_NULL_ARGUMENT,                                             \
      tether_view_insets_layout_margins_from_safe_area(EN, ROOT, NULL), 1)                         \
    ENTRY(preserves_margins_null, TETHER_E_NULL_ARGUMENT,                                          \
      tether_view_preserves_superview_layout_margins(EN, HEADER, NULL), 1)                         \
    ENTRY(semantic_null, TETHER_E_NULL_ARGUMENT,                                                   \
      tether_view_semantic_content_attribute(EN, ROOT, NULL), 1)                                   \
    ENTRY(direction_null, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_view_effective_layout_direction(EN, ROOT, NULL), 1)                                   \
    ENTRY(margins_guide_null, TETHER_E_NULL_ARGUMENT,                                              \
      tether_view_layout_margins_guide(EN, ROOT, NULL), 1)                                         \
    ENTRY(safe_area_guide_null, TETHER_E_NULL_ARGUMENT,                                            \
      tether_view_safe_area_layout_guide(EN, ROOT, NULL), 1)                                       \
    ENTRY(fitting_null, TETHER_E_NULL_ARGUMENT,                                                    \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(0, 0), 50, 50, NULL), screen_ok())    \
    ENTRY(owning_view_null, TETHER_E_NULL_ARGUMENT, tether_guide_owning_view(EN, GUIDE, NULL), 1)  \
    ENTRY(guide_frame_null, TETHER_E_NULL_ARGUMENT, tether_guide_layout_frame(EN, GUIDE, NULL), 1) \
    ENTRY(constraint_new_null, TETHER_E_NULL_ARGUMENT,                                             \
      tether_layout_constraint_new(EN, HEADER, TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, 1000,  \
                                   NULL),                                                          \
      1)                                                                                           \
    ENTRY(constraint_info_null, TETHER_E_NULL_ARGUMENT,                                            \
      tether_layout_constraint_info_get(EN, K_HEADER_H, NULL), 1)                                  \
    ENTRY(activate_null_array, TETHER_E_NULL_ARGUMENT,                                             \
      tether_layout_constraint_activate(EN, NULL, 2, &g_idx), screen_ok())                         \
    ENTRY(activate_empty, TETHER_OK, tether_layout_constraint_activate(EN, NULL, 0, NULL), screen_ok()) \
    ENTRY(deactivate_null_array, TETHER_E_NULL_ARGUMENT,                                           \
      tether_layout_constraint_deactivate(EN, NULL, 2), screen_ok())                               \
    ENTRY(deactivate_empty, TETHER_OK, tether_layout_constraint_deactivate(EN, NULL, 0), screen_ok()) \
    ENTRY(should_be_archived_null, TETHER_E_NULL_ARGUMENT,                                         \
      tether_layout_constraint_should_be_archived(EN, K_HEADER_H, NULL), lc_archived(K_HEADER_H) == 0) \
    ENTRY(needs_update_constraints_null, TETHER_E_NULL_ARGUMENT,                                   \
      tether_view_needs_update_constraints(EN, ROOT, NULL), 1)                                     \
    ENTRY(view_add_constraints_null_array, TETHER_E_NULL_ARGUMENT,                                 \
      tether_view_add_constraints(EN, ROOT, NULL, 2, &g_idx), screen_ok())                         \
    ENTRY(view_add_constraints_empty, TETHER_OK, tether_view_add_constraints(EN, ROOT, NULL, 0, NULL), \
      screen_ok())                                                                                 \
    ENTRY(view_remove_constraints_null_array, TETHER_E_NULL_ARGUMENT,                              \
      tether_view_remove_constraints(EN, HEADER, NULL, 2), screen_ok())                            \
    ENTRY(view_remove_constraints_empty, TETHER_OK, tether_view_remove_constraints(EN, HEADER, NULL, 0), \
      screen_ok())                                                                                 \
    ENTRY(double_free_engine, TETHER_E_INVALID_HANDLE, tether_engine_free(FREED_EN), 1)            \
    /* -- item id 0 (as a second item, 0 means "none") ----------------------------------- */      \
    ENTRY(item_0_set_identifier, TETHER_E_INVALID_ID, tether_item_set_identifier(EN, 0, "zero"), 1) \
    ENTRY(item_0_identifier, TETHER_E_INVALID_ID,                                                  \
      tether_item_identifier(EN, 0, g_buf, sizeof g_buf, &g_n), 1)                                 \
    ENTRY(item1_0, TETHER_E_INVALID_ID,                                                            \
      NEW_LC0(0, TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, 1000), 1)                            \
    ENTRY(item_0_debug_name, TETHER_E_INVALID_ID,                                                  \
      tether_item_debug_name(EN, 0, g_buf, sizeof g_buf, &g_n), 1)                                 \
    ENTRY(item_0_description, TETHER_E_INVALID_ID,                                                 \
      tether_item_description(EN, 0, g_buf, sizeof g_buf, &g_n), 1)                                \
    ENTRY(item_0_constraints_affecting_layout, TETHER_E_INVALID_ID,                                \
      tether_item_constraints_affecting_layout(EN, 0, H_, g_vars, 4, &g_n), screen_ok())           \
    /* -- non-finite numbers ------------------------------------------------------------ */       \
    ENTRY(view_new_nan_x, TETHER_E_INVALID_ARGUMENT,                                               \
      tether_view_new(EN, rect(NAN, 0, 1, 1), &g_v), 1)                                            \
    ENTRY(view_new_inf_width, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_new(EN, rect(0, 0, INFINITY, 1), &g_v), 1)                                       \
    ENTRY(set_frame_nan_y, TETHER_E_INVALID_ARGUMENT,                                              \
      tether_view_set_frame(EN, ROOT, rect(0, NAN, 400, 800)), screen_ok())                        \
    ENTRY(set_frame_inf_width, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_view_set_frame(EN, ROOT, rect(0, 0, INFINITY, 800)), screen_ok())                     \
    ENTRY(set_frame_minus_inf_height, TETHER_E_INVALID_ARGUMENT,                                   \
      tether_view_set_frame(EN, HEADER, rect(0, 0, 1, -INFINITY)), screen_ok())                    \
    ENTRY(intrinsic_minus_2, TETHER_E_INVALID_ARGUMENT,                                            \
      tether_view_set_intrinsic_content_size(EN, HEADER, size2(-2, 10)), intrinsic_is(HEADER, -1, -1)) \
    ENTRY(intrinsic_minus_half, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_view_set_intrinsic_content_size(EN, HEADER, size2(10, -0.5)), intrinsic_is(HEADER, -1, -1)) \
    ENTRY(intrinsic_nan, TETHER_E_INVALID_ARGUMENT,                                                \
      tether_view_set_intrinsic_content_size(EN, HEADER, size2(NAN, 10)), intrinsic_is(HEADER, -1, -1)) \
    ENTRY(intrinsic_inf, TETHER_E_INVALID_ARGUMENT,                                                \
      tether_view_set_intrinsic_content_size(EN, HEADER, size2(10, INFINITY)),                     \
      intrinsic_is(HEADER, -1, -1))                                                                \
    ENTRY(alignment_insets_nan, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_view_set_alignment_rect_insets(EN, HEADER, insets4(NAN, 0, 0, 0)), screen_ok())       \
    ENTRY(margins_inf, TETHER_E_INVALID_ARGUMENT,                                                  \
      tether_view_set_layout_margins(EN, ROOT, insets4(0, INFINITY, 0, 0)), screen_ok())           \
    ENTRY(safe_area_minus_inf, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_view_set_safe_area_insets(EN, ROOT, insets4(0, 0, -INFINITY, 0)), screen_ok())        \
    ENTRY(baselines_inf, TETHER_E_INVALID_ARGUMENT, tether_view_set_baselines(EN, HEADER, INFINITY, NAN), \
      screen_ok())                                                                                 \
    ENTRY(baselines_minus_inf, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_view_set_baselines(EN, HEADER, NAN, -INFINITY), screen_ok())                          \
    ENTRY(baselines_nan_is_none, TETHER_OK, tether_view_set_baselines(EN, HEADER, NAN, NAN), screen_ok()) \
    ENTRY(fitting_target_nan, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(NAN, 0), 50, 50, &g_size), screen_ok()) \
    ENTRY(fitting_target_inf, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(0, INFINITY), 50, 50, &g_size), 1)    \
    ENTRY(fitting_priority_0, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(0, 0), 0, 50, &g_size), 1)            \
    ENTRY(fitting_priority_nan, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(0, 0), 50, NAN, &g_size), 1)          \
    ENTRY(fitting_priority_1000_5, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_view_system_layout_size_fitting(EN, ROOT, size2(0, 0), 1000.5f, 50, &g_size), 1)      \
    ENTRY(constraint_multiplier_nan, TETHER_E_INVALID_ARGUMENT,                                    \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, ROOT, TETHER_ATTRIBUTE_WIDTH, NAN, 0, 1000), screen_ok()) \
    ENTRY(constraint_multiplier_inf, TETHER_E_INVALID_ARGUMENT,                                    \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, ROOT, TETHER_ATTRIBUTE_WIDTH, INFINITY, 0, 1000), 1)     \
    ENTRY(constraint_constant_inf, TETHER_E_INVALID_ARGUMENT,                                      \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, INFINITY, 1000), 1)                         \
    ENTRY(constraint_constant_minus_inf, TETHER_E_INVALID_ARGUMENT,                                \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, -INFINITY, 1000), 1)                        \
    ENTRY(constraint_constant_nan, TETHER_E_INVALID_ARGUMENT,                                      \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, NAN, 1000), 1)                              \
    ENTRY(set_constant_nan, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_layout_constraint_set_constant(EN, K_HEADER_H, NAN),                                  \
      lc_constant_is(K_HEADER_H, 64) && screen_ok())                                               \
    ENTRY(set_constant_inf, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_layout_constraint_set_constant(EN, K_HEADER_H, INFINITY),                             \
      lc_constant_is(K_HEADER_H, 64) && screen_ok())                                               \
    /* -- priorities outside (0, 1000] ---------------------------------------------------- */     \
    ENTRY(constraint_priority_0, TETHER_E_INVALID_ARGUMENT,                                        \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, 0), 1)                                   \
    ENTRY(constraint_priority_minus_0, TETHER_E_INVALID_ARGUMENT,                                  \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, -0.0f), 1)                               \
    ENTRY(constraint_priority_minus_1, TETHER_E_INVALID_ARGUMENT,                                  \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, -1), 1)                                  \
    ENTRY(constraint_priority_1000_5, TETHER_E_INVALID_ARGUMENT,                                   \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, 1000.5f), 1)                             \
    ENTRY(constraint_priority_nan, TETHER_E_INVALID_ARGUMENT,                                      \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, NAN), 1)                                 \
    ENTRY(constraint_priority_inf, TETHER_E_INVALID_ARGUMENT,                                      \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, NONE_, 1, 5, INFINITY), 1)                            \
    ENTRY(set_priority_0, TETHER_E_INVALID_ARGUMENT,                                               \
      tether_layout_constraint_set_priority(EN, K_OPTIONAL, 0), lc_priority_is(K_OPTIONAL, 500))   \
    ENTRY(set_priority_1001, TETHER_E_INVALID_ARGUMENT,                                            \
      tether_layout_constraint_set_priority(EN, K_OPTIONAL, 1001), lc_priority_is(K_OPTIONAL, 500)) \
    ENTRY(set_priority_nan, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_layout_constraint_set_priority(EN, K_INACTIVE, NAN), lc_priority_is(K_INACTIVE, 250)) \
    ENTRY(hugging_0, TETHER_E_INVALID_ARGUMENT,                                                    \
      tether_view_set_content_hugging_priority(EN, HEADER, H_, 0), hugging_is(HEADER, H_, 250))    \
    ENTRY(hugging_1000_5, TETHER_E_INVALID_ARGUMENT,                                               \
      tether_view_set_content_hugging_priority(EN, HEADER, V_, 1000.5f), hugging_is(HEADER, V_, 250)) \
    ENTRY(hugging_nan, TETHER_E_INVALID_ARGUMENT,                                                  \
      tether_view_set_content_hugging_priority(EN, HEADER, H_, NAN), hugging_is(HEADER, H_, 250))  \
    ENTRY(compression_minus_1, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_view_set_compression_resistance_priority(EN, HEADER, V_, -1),                         \
      compression_is(HEADER, V_, 750))                                                             \
    ENTRY(compression_inf, TETHER_E_INVALID_ARGUMENT,                                              \
      tether_view_set_compression_resistance_priority(EN, HEADER, H_, INFINITY),                   \
      compression_is(HEADER, H_, 750))                                                             \
    ENTRY(compression_fraction_ok, TETHER_OK,                                                      \
      tether_view_set_compression_resistance_priority(EN, HEADER, H_, 749.5f),                     \
      compression_is(HEADER, H_, 749.5f) && screen_ok())                                           \
    /* -- out-of-range enums and flags ---------------------------------------------------- */     \
    ENTRY(attribute1_21, TETHER_E_INVALID_ARGUMENT, NEW_LC(21, EQ_, 0, NONE_, 1, 5, 1000), 1)      \
    ENTRY(attribute1_minus_1, TETHER_E_INVALID_ARGUMENT, NEW_LC(-1, EQ_, 0, NONE_, 1, 5, 1000), 1) \
    ENTRY(attribute1_int32_max, TETHER_E_INVALID_ARGUMENT,                                         \
      NEW_LC(INT32_MAX, EQ_, 0, NONE_, 1, 5, 1000), 1)                                             \
    ENTRY(attribute2_21, TETHER_E_INVALID_ARGUMENT,                                                \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, ROOT, 21, 1, 0, 1000), 1)                                \
    ENTRY(relation_2, TETHER_E_INVALID_ARGUMENT,                                                   \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, 2, 0, NONE_, 1, 5, 1000), 1)                                  \
    ENTRY(relation_minus_2, TETHER_E_INVALID_ARGUMENT,                                             \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, -2, 0, NONE_, 1, 5, 1000), 1)                                 \
    ENTRY(relation_int32_min, TETHER_E_INVALID_ARGUMENT,                                           \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, INT32_MIN, 0, NONE_, 1, 5, 1000), 1)                          \
    ENTRY(mask_64, TETHER_E_INVALID_ARGUMENT, tether_view_set_autoresizing_mask(EN, HEADER, 64u),  \
      mask_is(HEADER, 0))                                                                          \
    ENTRY(mask_65, TETHER_E_INVALID_ARGUMENT, tether_view_set_autoresizing_mask(EN, HEADER, 65u),  \
      mask_is(HEADER, 0))                                                                          \
    ENTRY(mask_all_bits, TETHER_E_INVALID_ARGUMENT,                                                \
      tether_view_set_autoresizing_mask(EN, HEADER, 0xffffffffu), mask_is(HEADER, 0))              \
    ENTRY(translates_2, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_view_set_translates_autoresizing_mask(EN, HEADER, 2), translates_is(HEADER, 0))       \
    ENTRY(translates_minus_1, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_set_translates_autoresizing_mask(EN, HEADER, -1),                                \
      translates_is(HEADER, 0) && screen_ok())                                                     \
    ENTRY(autoresizes_2, TETHER_E_INVALID_ARGUMENT, tether_view_set_autoresizes_subviews(EN, ROOT, 2), \
      autoresizes_is(ROOT, 1))                                                                     \
    ENTRY(insets_margins_2, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_view_set_insets_layout_margins_from_safe_area(EN, ROOT, 2), screen_ok())              \
    ENTRY(preserves_margins_2, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_view_set_preserves_superview_layout_margins(EN, HEADER, 2), screen_ok())              \
    ENTRY(measured_2, TETHER_E_INVALID_ARGUMENT, tether_view_set_measured(EN, HEADER, 2), screen_ok()) \
    ENTRY(hooks_minus_1, TETHER_E_INVALID_ARGUMENT, tether_view_set_hooks_enabled(EN, ROOT, -1),   \
      screen_ok())                                                                                 \
    ENTRY(should_be_archived_2, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_layout_constraint_set_should_be_archived(EN, K_HEADER_H, 2), lc_archived(K_HEADER_H) == 0) \
    ENTRY(set_active_2, TETHER_E_INVALID_ARGUMENT,                                                 \
      tether_layout_constraint_set_active(EN, K_INACTIVE, 2), lc_active(K_INACTIVE) == 0)          \
    ENTRY(hugging_axis_2, TETHER_E_INVALID_ARGUMENT,                                               \
      tether_view_set_content_hugging_priority(EN, HEADER, 2, 300), hugging_is(HEADER, H_, 250))   \
    ENTRY(hugging_get_axis_minus_1, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_view_content_hugging_priority(EN, HEADER, -1, &g_f32), 1)                             \
    ENTRY(compression_axis_7, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_set_compression_resistance_priority(EN, HEADER, 7, 300),                         \
      compression_is(HEADER, V_, 750))                                                             \
    ENTRY(compression_get_axis_2, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_view_compression_resistance_priority(EN, HEADER, 2, &g_f32), 1)                       \
    ENTRY(semantic_5, TETHER_E_INVALID_ARGUMENT,                                                   \
      tether_view_set_semantic_content_attribute(EN, ROOT, 5), semantic_is(ROOT, 0))               \
    ENTRY(semantic_minus_1, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_view_set_semantic_content_attribute(EN, ROOT, -1), semantic_is(ROOT, 0))              \
    ENTRY(direction_2, TETHER_E_INVALID_ARGUMENT, tether_engine_set_default_direction(EN, 2),      \
      screen_ok())                                                                                 \
    ENTRY(direction_minus_1, TETHER_E_INVALID_ARGUMENT, tether_engine_set_default_direction(EN, -1), \
      screen_ok())                                                                                 \
    ENTRY(superview_spacing_flag_2, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_engine_set_superview_spacing_uses_layout_margins(EN, 2), superview_spacing_is(0))     \
    ENTRY(superview_spacing_flag_minus_1, TETHER_E_INVALID_ARGUMENT,                               \
      tether_engine_set_superview_spacing_uses_layout_margins(EN, -1), superview_spacing_is(0))    \
    ENTRY(superview_spacing_null_out, TETHER_E_NULL_ARGUMENT,                                      \
      tether_engine_superview_spacing_uses_layout_margins(EN, NULL), superview_spacing_is(0))      \
    ENTRY(display_scale_nan, TETHER_E_INVALID_ARGUMENT, tether_engine_set_display_scale(EN, NAN),  \
      display_scale_is(0))                                                                         \
    ENTRY(display_scale_infinity, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_engine_set_display_scale(EN, INFINITY), display_scale_is(0))                          \
    ENTRY(display_scale_negative, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_engine_set_display_scale(EN, -2), display_scale_is(0))                                \
    ENTRY(display_scale_null_out, TETHER_E_NULL_ARGUMENT, tether_engine_display_scale(EN, NULL),   \
      display_scale_is(0))                                                                         \
    /* -- Apple's rules for constraints ----------------------------------------------------- */   \
    ENTRY(size_to_location, TETHER_E_INVALID_ARGUMENT,                                             \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, ROOT, TETHER_ATTRIBUTE_LEFT, 1, 0, 1000), 1)             \
    ENTRY(x_to_y, TETHER_E_INVALID_ARGUMENT,                                                       \
      NEW_LC(TETHER_ATTRIBUTE_TOP, EQ_, ROOT, TETHER_ATTRIBUTE_LEFT, 1, 0, 1000), 1)               \
    ENTRY(location_equal_to_constant, TETHER_E_INVALID_ARGUMENT,                                   \
      NEW_LC(TETHER_ATTRIBUTE_LEFT, EQ_, 0, NONE_, 1, 5, 1000), 1)                                 \
    ENTRY(leading_to_left, TETHER_E_INVALID_ARGUMENT,                                              \
      NEW_LC(TETHER_ATTRIBUTE_LEADING, EQ_, ROOT, TETHER_ATTRIBUTE_LEFT, 1, 0, 1000), 1)           \
    ENTRY(first_not_an_attribute, TETHER_E_INVALID_ARGUMENT,                                       \
      NEW_LC(NONE_, EQ_, ROOT, TETHER_ATTRIBUTE_WIDTH, 1, 0, 1000), 1)                             \
    ENTRY(constraint_second_attribute_alone, TETHER_E_INVALID_ARGUMENT,                            \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, 0, TETHER_ATTRIBUTE_WIDTH, 1, 0, 1000), 1)               \
    ENTRY(second_item_without_attribute, TETHER_E_INVALID_ARGUMENT,                                \
      NEW_LC(TETHER_ATTRIBUTE_WIDTH, EQ_, ROOT, NONE_, 1, 0, 1000), 1)                             \
    ENTRY(margin_on_guide, TETHER_E_INVALID_ARGUMENT,                                              \
      tether_layout_constraint_new(EN, GUIDE, TETHER_ATTRIBUTE_LEADING_MARGIN, EQ_, ROOT,          \
                                   TETHER_ATTRIBUTE_LEADING, 1, 0, 1000, &g_c),                    \
      1)                                                                                           \
    ENTRY(baseline_on_guide, TETHER_E_INVALID_ARGUMENT,                                            \
      NEW_LC(TETHER_ATTRIBUTE_FIRST_BASELINE, EQ_, GUIDE, TETHER_ATTRIBUTE_LAST_BASELINE, 1, 0, 1000), \
      1)                                                                                           \
    /* -- operations not allowed in the current state ------------------------------------- */     \
    ENTRY(required_to_optional_active, TETHER_E_INVALID_STATE,                                     \
      tether_layout_constraint_set_priority(EN, K_HEADER_H, 999),                                  \
      lc_priority_is(K_HEADER_H, 1000) && screen_ok())                                             \
    ENTRY(optional_to_required_active, TETHER_E_INVALID_STATE,                                     \
      tether_layout_constraint_set_priority(EN, K_OPTIONAL, 1000),                                 \
      lc_priority_is(K_OPTIONAL, 500) && screen_ok())                                              \
    ENTRY(optional_to_optional_active, TETHER_OK,                                                  \
      tether_layout_constraint_set_priority(EN, K_OPTIONAL, 600),                                  \
      lc_priority_is(K_OPTIONAL, 600) && screen_ok())                                              \
    ENTRY(optional_back, TETHER_OK, tether_layout_constraint_set_priority(EN, K_OPTIONAL, 500),    \
      lc_priority_is(K_OPTIONAL, 500) && screen_ok())                                              \
    ENTRY(activate_no_common_ancestor, TETHER_E_INVALID_STATE,                                     \
      tether_layout_constraint_set_active(EN, K_ACROSS, 1), lc_active(K_ACROSS) == 0 && screen_ok()) \
    ENTRY(activate_batch_no_common_ancestor, TETHER_E_INVALID_STATE,                               \
      tether_layout_constraint_activate(EN, (tether_layout_constraint[]){K_INACTIVE, K_ACROSS}, 2, \
                                        &g_idx),                                                   \
      g_idx == 1 && lc_active(K_INACTIVE) == 0 && lc_active(K_ACROSS) == 0 && screen_ok())         \
    ENTRY(view_add_constraints_not_an_ancestor, TETHER_E_INVALID_STATE, /* K_INACTIVE is HEADER's */ \
      tether_view_add_constraints(EN, FOOTER, (tether_layout_constraint[]){K_INACTIVE}, 1, &g_idx), \
      g_idx == 0 && lc_active(K_INACTIVE) == 0 && screen_ok())                                     \
    ENTRY(view_add_constraints_no_common_ancestor, TETHER_E_INVALID_STATE,                         \
      tether_view_add_constraints(EN, ROOT, (tether_layout_constraint[]){K_INACTIVE, K_ACROSS}, 2, \
                                  &g_idx),                                                         \
      g_idx == 1 && lc_active(K_INACTIVE) == 0 && lc_active(K_ACROSS) == 0 && screen_ok())         \
    ENTRY(view_remove_constraints_held_elsewhere, TETHER_OK, /* HEADER holds K_HEADER_H */         \
      tether_view_remove_constraints(EN, ROOT, (tether_layout_constraint[]){K_HEADER_H}, 1),       \
      lc_active(K_HEADER_H) == 1 && screen_ok())                                                   \
    ENTRY(add_subview_cycle, TETHER_E_INVALID_STATE, tether_view_add_subview(EN, HEADER, ROOT),    \
      superview_is(ROOT, 0) && superview_is(HEADER, ROOT) && screen_ok())                          \
    ENTRY(add_subview_to_itself, TETHER_E_INVALID_STATE, tether_view_add_subview(EN, HEADER, HEADER), \
      superview_is(HEADER, ROOT) && screen_ok())                                                   \
    ENTRY(insert_subview_past_end, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_view_insert_subview(EN, LONER, HEADER, 1), superview_is(HEADER, ROOT) && screen_ok()) \
    ENTRY(insert_subview_size_max, TETHER_E_INVALID_ARGUMENT,                                      \
      tether_view_insert_subview(EN, ROOT, LONER, SIZE_MAX), bystanders_ok() && screen_ok())       \
    ENTRY(free_system_guide, TETHER_E_INVALID_STATE, tether_guide_free(EN, MARGINS),               \
      owner_is(MARGINS, ROOT))                                                                     \
    ENTRY(remove_system_guide, TETHER_E_INVALID_STATE,                                             \
      tether_view_remove_layout_guide(EN, ROOT, MARGINS), owner_is(MARGINS, ROOT))                 \
    ENTRY(add_system_guide, TETHER_E_INVALID_STATE, tether_view_add_layout_guide(EN, FOOTER, MARGINS), \
      owner_is(MARGINS, ROOT))                                                                     \
    /* -- invalid UTF-8 ----------------------------------------------------------------- */       \
    ENTRY(identifier_utf8_ff, TETHER_E_INVALID_UTF8, tether_item_set_identifier(EN, HEADER, "\xff"), \
      identifier_is(HEADER, "header"))                                                             \
    ENTRY(identifier_utf8_truncated, TETHER_E_INVALID_UTF8,                                        \
      tether_item_set_identifier(EN, CONTENT, "abc\xc3"), identifier_is(CONTENT, CONTENT_NAME))    \
    ENTRY(constraint_identifier_surrogate, TETHER_E_INVALID_UTF8,                                  \
      tether_layout_constraint_set_identifier(EN, K_HEADER_H, "\xed\xa0\x80"),                     \
      lc_identifier_is(K_HEADER_H, "header-height"))                                               \
    /* -- small buffers: identifiers and descriptions --------------------------------------- */   \
    ENTRY(identifier_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_item_identifier(EN, HEADER, NULL, 0, &g_n), g_n == 7)                                 \
    ENTRY(identifier_capacity_6, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_item_identifier(EN, HEADER, g_buf, 6, &g_n), g_n == 7)                                \
    ENTRY(identifier_capacity_6_no_needed, TETHER_E_BUFFER_TOO_SMALL,                              \
      tether_item_identifier(EN, HEADER, g_buf, 6, NULL), 1)                                       \
    ENTRY(identifier_capacity_7, TETHER_OK, tether_item_identifier(EN, HEADER, g_buf, 7, &g_n),    \
      buffer_is("header"))                                                                         \
    ENTRY(identifier_null_buffer, TETHER_E_NULL_ARGUMENT,                                          \
      tether_item_identifier(EN, HEADER, NULL, 64, &g_n), 1)                                       \
    ENTRY(identifier_utf8_short, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_item_identifier(EN, CONTENT, g_buf, 13, &g_n), g_n == 14)                             \
    ENTRY(identifier_utf8, TETHER_OK, tether_item_identifier(EN, CONTENT, g_buf, sizeof g_buf, &g_n), \
      buffer_is(CONTENT_NAME))                                                                     \
    ENTRY(identifier_empty_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                  \
      tether_item_identifier(EN, LONER, NULL, 0, &g_n), g_n == 1)                                  \
    ENTRY(identifier_empty, TETHER_OK, tether_item_identifier(EN, LONER, g_buf, 1, &g_n),          \
      buffer_is(""))                                                                               \
    ENTRY(guide_identifier, TETHER_OK, tether_item_identifier(EN, MARGINS, g_buf, sizeof g_buf, &g_n), \
      buffer_is("UIViewLayoutMarginsGuide"))                                                       \
    ENTRY(lc_identifier_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                     \
      tether_layout_constraint_identifier(EN, K_HEADER_H, NULL, 0, &g_n), g_n == 14)               \
    ENTRY(lc_identifier_capacity_13, TETHER_E_BUFFER_TOO_SMALL,                                    \
      tether_layout_constraint_identifier(EN, K_HEADER_H, g_buf, 13, &g_n), g_n == 14)             \
    ENTRY(lc_identifier_capacity_14, TETHER_OK,                                                    \
      tether_layout_constraint_identifier(EN, K_HEADER_H, g_buf, 14, &g_n),                        \
      buffer_is("header-height"))                                                                  \
    ENTRY(lc_identifier_null_buffer, TETHER_E_NULL_ARGUMENT,                                       \
      tether_layout_constraint_identifier(EN, K_HEADER_H, NULL, 14, &g_n), 1)                      \
    ENTRY(description_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                       \
      tether_layout_constraint_description(EN, K_HEADER_H, NULL, 0, &g_n),                         \
      g_n == K_DESCRIPTION_SIZE)                                                                 \
    ENTRY(description_one_short, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_layout_constraint_description(EN, K_HEADER_H, g_buf, K_DESCRIPTION_SIZE - 1, &g_n), \
      g_n == K_DESCRIPTION_SIZE)                                                                 \
    ENTRY(description_exact, TETHER_OK,                                                            \
      tether_layout_constraint_description(EN, K_HEADER_H, g_buf, K_DESCRIPTION_SIZE, &g_n),     \
      text_is(K_DESCRIPTION))                                                                    \
    ENTRY(description_null_buffer, TETHER_E_NULL_ARGUMENT,                                         \
      tether_layout_constraint_description(EN, K_HEADER_H, NULL, 1000, NULL), 1)                   \
    /* -- descriptions and inspection: debug names, item descriptions --------------------- */   \
    ENTRY(debug_name_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                        \
      tether_item_debug_name(EN, HEADER, NULL, 0, &g_n), g_n == strlen(HEADER_NAME) + 1)           \
    ENTRY(debug_name_one_short, TETHER_E_BUFFER_TOO_SMALL,                                         \
      tether_item_debug_name(EN, HEADER, g_buf, strlen(HEADER_NAME), &g_n),                        \
      g_n == strlen(HEADER_NAME) + 1)                                                              \
    ENTRY(debug_name_one_short_no_needed, TETHER_E_BUFFER_TOO_SMALL,                               \
      tether_item_debug_name(EN, HEADER, g_buf, strlen(HEADER_NAME), NULL), 1)                     \
    ENTRY(debug_name_exact, TETHER_OK,                                                             \
      tether_item_debug_name(EN, HEADER, g_buf, strlen(HEADER_NAME) + 1, &g_n), text_is(HEADER_NAME)) \
    ENTRY(debug_name_null_buffer, TETHER_E_NULL_ARGUMENT,                                          \
      tether_item_debug_name(EN, HEADER, NULL, 64, &g_n), 1)                                       \
    ENTRY(debug_name_guide, TETHER_OK, tether_item_debug_name(EN, GUIDE, g_buf, sizeof g_buf, &g_n), \
      text_is(GUIDE_NAME))                                                                         \
    ENTRY(debug_name_system_guide, TETHER_OK,                                                      \
      tether_item_debug_name(EN, MARGINS, g_buf, sizeof g_buf, &g_n), text_is(MARGINS_NAME))       \
    ENTRY(item_description_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                  \
      tether_item_description(EN, HEADER, NULL, 0, &g_n), g_n == strlen(HEADER_DESCRIPTION) + 1)   \
    ENTRY(item_description_one_short, TETHER_E_BUFFER_TOO_SMALL,                                   \
      tether_item_description(EN, HEADER, g_buf, strlen(HEADER_DESCRIPTION), &g_n),                \
      g_n == strlen(HEADER_DESCRIPTION) + 1)                                                       \
    ENTRY(item_description_exact, TETHER_OK,                                                       \
      tether_item_description(EN, HEADER, g_buf, strlen(HEADER_DESCRIPTION) + 1, &g_n),            \
      text_is(HEADER_DESCRIPTION))                                                                 \
    ENTRY(item_description_null_buffer, TETHER_E_NULL_ARGUMENT,                                    \
      tether_item_description(EN, HEADER, NULL, 1000, &g_n), 1)                                    \
    ENTRY(item_description_guide, TETHER_OK,                                                       \
      tether_item_description(EN, GUIDE, g_buf, sizeof g_buf, &g_n),                               \
      buffer_starts(GUIDE_DESCRIPTION_PREFIX))                                                     \
    /* -- descriptions and inspection: constraints affecting layout ------------------------ */   \
    ENTRY(affecting_axis_minus_1, TETHER_E_INVALID_ARGUMENT,                                       \
      tether_item_constraints_affecting_layout(EN, HEADER, -1, g_vars, 4, &g_n), screen_ok())      \
    ENTRY(affecting_axis_2, TETHER_E_INVALID_ARGUMENT,                                             \
      tether_item_constraints_affecting_layout(EN, HEADER, 2, g_vars, 4, &g_n), screen_ok())       \
    ENTRY(affecting_axis_int32_min, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_item_constraints_affecting_layout(EN, HEADER, INT32_MIN, NULL, 0, &g_n), screen_ok()) \
    ENTRY(affecting_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                         \
      tether_item_constraints_affecting_layout(EN, HEADER, V_, NULL, 0, &g_n),                     \
      g_n >= 2 && g_n <= 4 && (g_affecting_needed = g_n) > 0)                                      \
    ENTRY(affecting_one_short, TETHER_E_BUFFER_TOO_SMALL,                                          \
      tether_item_constraints_affecting_layout(EN, HEADER, V_, g_vars, g_affecting_needed - 1, &g_n), \
      g_n == g_affecting_needed)                                                                   \
    ENTRY(affecting_null_buffer, TETHER_E_NULL_ARGUMENT,                                           \
      tether_item_constraints_affecting_layout(EN, HEADER, V_, NULL, 4, &g_n), 1)                  \
    ENTRY(affecting_exact, TETHER_OK,                                                              \
      tether_item_constraints_affecting_layout(EN, HEADER, V_, g_vars, g_affecting_needed, &g_n),  \
      g_n == g_affecting_needed && ids_contain(g_n, K_HEADER_H) && ids_describable(g_n) &&         \
          (g_n == 4 || g_vars[g_n] == SENTINEL_ID) && screen_ok())                                 \
    ENTRY(affecting_no_needed, TETHER_OK,                                                          \
      tether_item_constraints_affecting_layout(EN, HEADER, V_, g_vars, 4, NULL),                   \
      ids_contain(g_affecting_needed, K_HEADER_H))                                                 \
    ENTRY(affecting_horizontal_not_height, TETHER_OK,                                              \
      tether_item_constraints_affecting_layout(EN, HEADER, H_, g_vars, 4, &g_n),                   \
      g_n > 0 && !ids_contain(g_n, K_HEADER_H) && ids_describable(g_n))                            \
    ENTRY(affecting_frame_mode_view, TETHER_OK,                                                    \
      tether_item_constraints_affecting_layout(EN, LONER, H_, NULL, 0, &g_n), g_n == 0)            \
    ENTRY(affecting_unconstrained_guide, TETHER_OK,                                                \
      tether_item_constraints_affecting_layout(EN, GUIDE, V_, NULL, 0, &g_n), g_n == 0)            \
    ENTRY(affecting_inactive_not_listed, TETHER_OK,                                                \
      tether_item_constraints_affecting_layout(EN, HEADER, H_, g_vars, 4, &g_n),                   \
      !ids_contain(g_n, K_INACTIVE))                                                               \
    /* -- descriptions and inspection: the autolayout trace -------------------------------- */   \
    ENTRY(trace_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                             \
      tether_view_autolayout_trace(EN, ROOT, NULL, 0, &g_n),                                       \
      g_n > 1 && (g_trace_needed = g_n) > 0 && g_n == strlen(ROOT_TRACE) + 1)                      \
    ENTRY(trace_one_short, TETHER_E_BUFFER_TOO_SMALL,                                              \
      tether_view_autolayout_trace(EN, ROOT, g_buf, g_trace_needed - 1, &g_n), g_n == g_trace_needed) \
    ENTRY(trace_null_buffer, TETHER_E_NULL_ARGUMENT,                                               \
      tether_view_autolayout_trace(EN, ROOT, NULL, g_trace_needed, &g_n), 1)                       \
    ENTRY(trace_exact, TETHER_OK,                                                                  \
      tether_view_autolayout_trace(EN, ROOT, g_buf, g_trace_needed, &g_n),                         \
      text_is(ROOT_TRACE) && screen_ok())                                                          \
    ENTRY(trace_of_frame_mode_root, TETHER_OK,                                                     \
      tether_view_autolayout_trace(EN, LONER, g_buf, sizeof g_buf, &g_n),                          \
      strstr(g_buf, "AMBIGUOUS") == NULL && g_n == strlen(g_buf) + 1)                              \
    /* -- small buffers: subviews and subtree frames --------------------------------------- */    \
    ENTRY(subviews_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                          \
      tether_view_subviews(EN, ROOT, NULL, 0, &g_n), g_n == 3)                                     \
    ENTRY(subviews_capacity_2, TETHER_E_BUFFER_TOO_SMALL,                                          \
      tether_view_subviews(EN, ROOT, g_vars, 2, &g_n), g_n == 3)                                   \
    ENTRY(subviews_null_buffer, TETHER_E_NULL_ARGUMENT, tether_view_subviews(EN, ROOT, NULL, 3, &g_n), \
      1)                                                                                           \
    ENTRY(subviews_capacity_4, TETHER_OK, tether_view_subviews(EN, ROOT, g_vars, 4, &g_n),         \
      g_n == 3 && g_vars[0] == HEADER && g_vars[1] == CONTENT && g_vars[2] == FOOTER &&            \
          g_vars[3] == SENTINEL_ID)                                                                \
    ENTRY(subviews_none, TETHER_OK, tether_view_subviews(EN, LONER, NULL, 0, &g_n), g_n == 0)      \
    ENTRY(subtree_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                           \
      tether_view_subtree_frames(EN, ROOT, NULL, NULL, 0, &g_n), g_n == 4)                         \
    ENTRY(subtree_capacity_3, TETHER_E_BUFFER_TOO_SMALL,                                           \
      tether_view_subtree_frames(EN, ROOT, g_vars, g_rects, 3, &g_n), g_n == 4)                    \
    ENTRY(subtree_capacity_3_no_needed, TETHER_E_BUFFER_TOO_SMALL,                                 \
      tether_view_subtree_frames(EN, ROOT, g_vars, g_rects, 3, NULL), 1)                           \
    ENTRY(subtree_both_null, TETHER_E_NULL_ARGUMENT,                                               \
      tether_view_subtree_frames(EN, ROOT, NULL, NULL, 4, &g_n), 1)                                \
    ENTRY(subtree_exact, TETHER_OK, tether_view_subtree_frames(EN, ROOT, g_vars, g_rects, 4, &g_n), \
      subtree_ids_ok() && subtree_frames_ok())                                                     \
    ENTRY(subtree_frames_only, TETHER_OK,                                                          \
      tether_view_subtree_frames(EN, ROOT, NULL, g_rects, 4, &g_n),                                \
      subtree_frames_ok() && g_vars[0] == SENTINEL_ID)                                             \
    ENTRY(subtree_ids_only, TETHER_OK, tether_view_subtree_frames(EN, ROOT, g_vars, NULL, 4, &g_n), \
      subtree_ids_ok())                                                                            \
    ENTRY(subtree_of_leaf, TETHER_OK, tether_view_subtree_frames(EN, HEADER, g_vars, g_rects, 1, &g_n), \
      g_n == 1 && g_vars[0] == HEADER && rect_is(g_rects[0], 0, 0, 400, 64))                       \
    /* -- failing measure callbacks: an error, and the engine keeps working ----------------- */   \
    ENTRY(measure_without_callback, TETHER_E_CALLBACK_FAILED, tether_view_layout_if_needed(EN, MROOT), \
      screen_ok())                                                                                 \
    ENTRY(measure_set_failing, TETHER_OK,                                                          \
      tether_engine_set_measure_callback(EN, failing_measure, &g_measure_calls), 1)                \
    ENTRY(measure_fails, TETHER_E_CALLBACK_FAILED, tether_view_layout_if_needed(EN, MROOT),        \
      g_measure_calls == 1 && screen_ok())                                                         \
    ENTRY(measure_fails_in_layout_all, TETHER_E_CALLBACK_FAILED, tether_engine_layout_all(EN),     \
      g_measure_calls == 2 && screen_ok())                                                         \
    ENTRY(measure_set_working, TETHER_OK,                                                          \
      tether_engine_set_measure_callback(EN, fixed_measure, &g_measure_calls), 1)                  \
    ENTRY(measure_works_again, TETHER_OK, tether_view_layout_if_needed(EN, MROOT),                 \
      g_measure_calls > 2 && frame_is(MEASURED, 5, 5, 120, 30) && screen_ok())                     \
    /* -- diagnostics: a broken constraint is reported through the handler ------------------ */   \
    ENTRY(diagnostic_handler_set, TETHER_OK,                                                       \
      tether_engine_set_diagnostic_handler(EN, record_diagnostic, NULL), 1)                        \
    ENTRY(conflict_activated, TETHER_OK, tether_layout_constraint_set_active(EN, K_WIDE, 1),       \
      lc_active(K_WIDE) == 1)                                                                      \
    ENTRY(conflict_reported, TETHER_OK, tether_view_layout_if_needed(EN, DROOT),                   \
      strstr(g_diagnostic, "Unable to simultaneously satisfy constraints.") == g_diagnostic &&     \
          lc_broken(K_WIDE) == 1 && lc_broken(K_NARROW) == 0 && frame_is(DVIEW, 0, 0, 100, 10))    \
    ENTRY(conflict_names_broken, TETHER_OK,                                                        \
      tether_layout_constraint_description(EN, K_WIDE, g_buf, sizeof g_buf, &g_n),                 \
      strstr(g_diagnostic, g_buf) != NULL && lc_broken(K_WIDE) == 1)                               \
    ENTRY(broken_not_affecting, TETHER_OK,                                                         \
      tether_item_constraints_affecting_layout(EN, DVIEW, H_, g_vars, 4, &g_n),                    \
      ids_contain(g_n, K_NARROW) && !ids_contain(g_n, K_WIDE))                                     \
    ENTRY(diagnostic_handler_default, TETHER_OK,                                                   \
      tether_engine_set_diagnostic_handler(EN, NULL, NULL), screen_ok()) \
    /* -- the visual format language ------------------------------------------------------ */    \
    ENTRY(vfl_null_format, TETHER_E_NULL_ARGUMENT, VFL(NULL, g_vars, 4), screen_ok())              \
    ENTRY(vfl_bad_utf8_format, TETHER_E_INVALID_UTF8, VFL("H:|[\xff]|", g_vars, 4), screen_ok())    \
    ENTRY(vfl_null_names, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_layout_constraints_with_visual_format(EN, "H:|[header]|", 0, NULL, NULL, 0, NULL,     \
                                                   VFL_ITEMS(), 3, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_null_items, TETHER_E_NULL_ARGUMENT,                                                  \
      tether_layout_constraints_with_visual_format(EN, "H:|[header]|", 0, NULL, NULL, 0, VFL_NAMES, \
                                                   NULL, 3, g_vars, 4, &g_n, &g_idx), 1)           \
    ENTRY(vfl_null_name, TETHER_E_NULL_ARGUMENT,                                                   \
      tether_layout_constraints_with_visual_format(EN, "H:|[header]|", 0, NULL, NULL, 0,           \
                                                   (const char *const[]){"header", NULL},          \
                                                   VFL_ITEMS(), 2, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_bad_utf8_name, TETHER_E_INVALID_UTF8,                                                \
      tether_layout_constraints_with_visual_format(EN, "H:|[header]|", 0, NULL, NULL, 0,           \
                                                   (const char *const[]){"header", "\xc3("},       \
                                                   VFL_ITEMS(), 2, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_duplicate_name, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_layout_constraints_with_visual_format(EN, "H:|[header]|", 0, NULL, NULL, 0,           \
                                                   (const char *const[]){"header", "header"},      \
                                                   VFL_ITEMS(), 2, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_null_metric_values, TETHER_E_NULL_ARGUMENT,                                          \
      tether_layout_constraints_with_visual_format(EN, "H:|-(m)-[header]|", 0,                     \
                                                   (const char *const[]){"m"}, NULL, 1, VFL_NAMES, \
                                                   VFL_ITEMS(), 3, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_nan_metric, TETHER_E_INVALID_ARGUMENT,                                               \
      tether_layout_constraints_with_visual_format(EN, "H:|-(m)-[header]|", 0,                     \
                                                   (const char *const[]){"m"}, (double[]){NAN}, 1, \
                                                   VFL_NAMES, VFL_ITEMS(), 3, g_vars, 4, &g_n,     \
                                                   &g_idx), 1)                                     \
    ENTRY(vfl_infinite_metric, TETHER_E_INVALID_ARGUMENT,                                          \
      tether_layout_constraints_with_visual_format(EN, "H:|-(m)-[header]|", 0,                     \
                                                   (const char *const[]){"m"},                     \
                                                   (double[]){-INFINITY}, 1, VFL_NAMES,            \
                                                   VFL_ITEMS(), 3, g_vars, 4, &g_n, &g_idx), 1)    \
    ENTRY(vfl_parse_error, TETHER_E_PARSE, VFL("H:|-[header]-[missing]-|", g_vars, 4),            \
      g_idx == 21 && last_error_starts("Unable to parse constraint format: \nmissing is not a key") \
          && screen_ok())                                                                          \
    ENTRY(vfl_parse_error_no_position, TETHER_E_PARSE,                                             \
      tether_layout_constraints_with_visual_format(EN, "V:[header(", 0, NULL, NULL, 0, VFL_NAMES,  \
                                                   VFL_ITEMS(), 3, g_vars, 4, NULL, NULL),         \
      last_error_starts("Unable to parse constraint format:"))                                     \
    ENTRY(vfl_empty_format, TETHER_E_PARSE, VFL("", g_vars, 4),                                    \
      g_idx == 0 && strcmp(tether_last_error(), "It's an empty string.") == 0)                     \
    ENTRY(vfl_bad_options, TETHER_E_PARSE,                                                         \
      tether_layout_constraints_with_visual_format(EN, "H:[header]-[content]",                     \
                                                   TETHER_FORMAT_ALIGN_ALL_LEFT, NULL, NULL, 0,    \
                                                   VFL_NAMES, VFL_ITEMS(), 3, g_vars, 4, &g_n,     \
                                                   &g_idx),                                        \
      g_idx == 0 && strstr(tether_last_error(), "Options mask") != NULL)                           \
    ENTRY(vfl_too_small, TETHER_E_BUFFER_TOO_SMALL, VFL("H:|[header]|", g_vars, 1),               \
      g_n == 2 && screen_ok())                                                                     \
    ENTRY(vfl_capacity_0_null, TETHER_E_BUFFER_TOO_SMALL, VFL("H:|[header]|", NULL, 0), g_n == 2)  \
    ENTRY(vfl_null_out, TETHER_E_NULL_ARGUMENT, VFL("H:|[header]|", NULL, 4), 1)                   \
    ENTRY(vfl_exact, TETHER_OK, VFL("H:|[header]|", g_vars, 2),                                   \
      g_n == 2 && vfl_made_inactive_and_freed(2) && screen_ok())                                   \
    ENTRY(vfl_none_made, TETHER_OK, VFL("H:[header]", NULL, 0), g_n == 0)                          \
    /* -- equation text ------------------------------------------------------------------ */    \
    ENTRY(eq_null_text, TETHER_E_NULL_ARGUMENT, EQ(NULL, g_vars, 4), screen_ok())                   \
    ENTRY(eq_bad_utf8_text, TETHER_E_INVALID_UTF8, EQ("header.width == \xff", g_vars, 4),          \
      screen_ok())                                                                                 \
    ENTRY(eq_null_names, TETHER_E_NULL_ARGUMENT,                                                   \
      tether_layout_constraints_with_equations(EN, "header.width == 1", NULL, NULL, 0, NULL,       \
                                               VFL_ITEMS(), 3, g_vars, 4, &g_n, &g_idx), 1)        \
    ENTRY(eq_null_items, TETHER_E_NULL_ARGUMENT,                                                   \
      tether_layout_constraints_with_equations(EN, "header.width == 1", NULL, NULL, 0, VFL_NAMES,  \
                                               NULL, 3, g_vars, 4, &g_n, &g_idx), 1)               \
    ENTRY(eq_duplicate_name, TETHER_E_INVALID_ARGUMENT,                                            \
      tether_layout_constraints_with_equations(EN, "header.width == 1", NULL, NULL, 0,             \
                                               (const char *const[]){"header", "header"},          \
                                               VFL_ITEMS(), 2, g_vars, 4, &g_n, &g_idx), 1)        \
    ENTRY(eq_null_metric_values, TETHER_E_NULL_ARGUMENT,                                           \
      tether_layout_constraints_with_equations(EN, "header.width == m",                            \
                                               (const char *const[]){"m"}, NULL, 1, VFL_NAMES,     \
                                               VFL_ITEMS(), 3, g_vars, 4, &g_n, &g_idx), 1)        \
    ENTRY(eq_nan_metric, TETHER_E_INVALID_ARGUMENT,                                                \
      tether_layout_constraints_with_equations(EN, "header.width == m",                            \
                                               (const char *const[]){"m"}, (double[]){NAN}, 1,     \
                                               VFL_NAMES, VFL_ITEMS(), 3, g_vars, 4, &g_n,         \
                                               &g_idx), 1)                                         \
    ENTRY(eq_unknown_name, TETHER_E_PARSE,                                                         \
      EQ("header.width == 10; content.top == missing.bottom + 8", g_vars, 4),                      \
      g_idx == 35 && last_error_starts("Unable to parse constraint equation: missing is not a key") \
          && screen_ok())                                                                          \
    ENTRY(eq_location_constant, TETHER_E_PARSE, EQ("header.width == 10\nheader.top == 5", g_vars, 4), \
      g_idx == 19 && strstr(tether_last_error(), "location equal to a constant") != NULL          \
          && screen_ok())                                                                          \
    ENTRY(eq_no_position, TETHER_E_PARSE,                                                          \
      tether_layout_constraints_with_equations(EN, "header.width ==", NULL, NULL, 0, VFL_NAMES,    \
                                               VFL_ITEMS(), 3, g_vars, 4, NULL, NULL),             \
      last_error_starts("Unable to parse constraint equation:"))                                   \
    ENTRY(eq_too_small, TETHER_E_BUFFER_TOO_SMALL,                                                 \
      EQ("header.width == 10; header.height == content.height", g_vars, 1), g_n == 2 && screen_ok()) \
    ENTRY(eq_capacity_0_null, TETHER_E_BUFFER_TOO_SMALL, EQ("header.width == 10", NULL, 0), g_n == 1) \
    ENTRY(eq_null_out, TETHER_E_NULL_ARGUMENT, EQ("header.width == 10", NULL, 4), 1)                \
    ENTRY(eq_exact, TETHER_OK, EQ("header.width == 10; header.height == content.height", g_vars, 2), \
      g_n == 2 && vfl_made_inactive_and_freed(2) && screen_ok())                                   \
    ENTRY(eq_empty, TETHER_OK, EQ(" ;\n", NULL, 0), g_n == 0)                                      \
    /* -- ambiguity ------------------------------------------------------------------------ */    \
    ENTRY(ambiguous_null, TETHER_E_NULL_ARGUMENT, tether_item_has_ambiguous_layout(EN, HEADER, NULL), \
      1)                                                                                           \
    ENTRY(ambiguous_header, TETHER_OK, tether_item_has_ambiguous_layout(EN, HEADER, &g_i32),       \
      g_i32 == 0 && screen_ok())                                                                   \
    ENTRY(ambiguities_header, TETHER_OK, tether_item_ambiguities(EN, HEADER, NULL, 0, &g_n),       \
      g_n == 0)                                                                                    \
    ENTRY(ambiguous_loner, TETHER_OK, tether_item_has_ambiguous_layout(EN, LONER, &g_i32),         \
      g_i32 == 0)                                                                                  \
    ENTRY(unconstrained_guide, TETHER_OK, tether_item_has_ambiguous_layout(EN, GUIDE, &g_i32),     \
      g_i32 == 0) /* takes no part in the solve */                                                 \
    ENTRY(guide_pinned_left, TETHER_OK,                                                            \
      NEW_LC0(GUIDE, TETHER_ATTRIBUTE_LEFT, EQ_, ROOT, TETHER_ATTRIBUTE_LEFT, 1, 0, 1000),         \
      (K_GUIDE_PIN = g_c) != 0 && tether_layout_constraint_set_active(EN, K_GUIDE_PIN, 1) == TETHER_OK) \
    ENTRY(ambiguous_guide, TETHER_OK, tether_item_has_ambiguous_layout(EN, GUIDE, &g_i32),         \
      g_i32 == 1 && screen_ok())                                                                   \
    ENTRY(trace_ambiguous_guide, TETHER_OK,                                                        \
      tether_view_autolayout_trace(EN, ROOT, g_buf, sizeof g_buf, &g_n),                           \
      strstr(g_buf, GUIDE_AMBIGUOUS) != NULL && g_n == strlen(g_buf) + 1)                          \
    ENTRY(layout_solver_stats_null_flag, TETHER_E_NULL_ARGUMENT,                                   \
      tether_view_layout_solver_stats(EN, ROOT, NULL, &g_stats, &g_storage), 1)                    \
    ENTRY(layout_solver_stats_null_stats, TETHER_E_NULL_ARGUMENT,                                  \
      tether_view_layout_solver_stats(EN, ROOT, &g_i32, NULL, &g_storage), 1)                      \
    ENTRY(layout_solver_stats_root, TETHER_OK,                                                     \
      tether_view_layout_solver_stats(EN, ROOT, &g_i32, &g_stats, &g_storage),                     \
      g_i32 == 1 && g_stats.constraints > 0 && g_stats.rows + g_storage.definitions > 0 &&         \
      g_storage.bytes > 0)                                                                         \
    ENTRY(layout_solver_stats_without_storage, TETHER_OK,                                          \
      tether_view_layout_solver_stats(EN, ROOT, &g_i32, &g_stats, NULL), g_i32 == 1)               \
    ENTRY(layout_solver_stats_frame_mode_root, TETHER_OK,                                          \
      tether_view_layout_solver_stats(EN, LONER, &g_i32, &g_stats, &g_storage),                    \
      g_i32 == 0 && g_stats.variables == 0 && g_stats.rows == 0 && g_storage.bytes == 0)           \
    ENTRY(affecting_ambiguous_guide, TETHER_OK,                                                    \
      tether_item_constraints_affecting_layout(EN, GUIDE, H_, g_vars, 4, &g_n),                    \
      ids_contain(g_n, K_GUIDE_PIN) && ids_describable(g_n))                                       \
    ENTRY(ambiguities_guide_too_small, TETHER_E_BUFFER_TOO_SMALL,                                  \
      tether_item_ambiguities(EN, GUIDE, g_amb, 1, &g_n), g_n == 3)                                \
    ENTRY(ambiguities_guide_null, TETHER_E_NULL_ARGUMENT,                                          \
      tether_item_ambiguities(EN, GUIDE, NULL, 4, &g_n), 1)                                        \
    ENTRY(ambiguities_guide, TETHER_OK, tether_item_ambiguities(EN, GUIDE, g_amb, 4, &g_n),        \
      g_n == 3 && g_amb[0].attribute == TETHER_ATTRIBUTE_TOP && g_amb[0].axis == V_ &&             \
          g_amb[1].attribute == TETHER_ATTRIBUTE_WIDTH && g_amb[1].axis == H_ &&                   \
          g_amb[2].attribute == TETHER_ATTRIBUTE_HEIGHT && g_amb[2].axis == V_ &&                  \
          g_amb[0].lower == -INFINITY && g_amb[0].upper == INFINITY)                               \
    ENTRY(exercise_header, TETHER_OK, tether_view_exercise_ambiguity_in_layout(EN, HEADER, &g_i32), \
      g_i32 == 0 && screen_ok())                                                                   \
    ENTRY(exercise_no_out, TETHER_OK, tether_view_exercise_ambiguity_in_layout(EN, HEADER, NULL),  \
      screen_ok())                                                                                 \
    ENTRY(guide_unpinned, TETHER_OK, tether_layout_constraint_free(EN, K_GUIDE_PIN),               \
      screen_ok() && bystanders_ok())                                                              \
    /* -- rendering: the SVG document through the two-call pattern ------------------------- */   \
    ENTRY(svg_capacity_0, TETHER_E_BUFFER_TOO_SMALL, render_root(NULL, 0),                         \
      g_n > 1000 && (g_svg_needed = g_n) > 0 && svg_untouched())                                   \
    ENTRY(svg_one_short, TETHER_E_BUFFER_TOO_SMALL, render_root(NULL, g_svg_needed - 1),           \
      g_n == g_svg_needed && svg_untouched())                                                      \
    ENTRY(svg_null_buffer, TETHER_E_NULL_ARGUMENT,                                                 \
      tether_view_render_svg(EN, ROOT, NULL, NULL, g_svg_needed, &g_n), 1)                         \
    ENTRY(svg_exact, TETHER_OK, render_root(NULL, g_svg_needed),                                   \
      g_n == g_svg_needed && g_svg[g_n] == '#' &&                                                  \
          svg_has("width=\"416\" height=\"816\" viewBox=\"-8 -8 416 816\" data-generator=\"Tether\" " \
                  "data-view=\"0x%llx\">", ROOT, 0) &&                                       \
          svg_has("<rect class=\"view\" data-id=\"0x%llx\" data-depth=\"1\" x=\"0\" y=\"0\" "    \
                  "width=\"400\" height=\"64\">", HEADER, 0) &&                              \
          svg_has("<rect class=\"view\" data-id=\"0x%llx\" data-depth=\"1\" x=\"8\" y=\"750\" "  \
                  "width=\"384\" height=\"50\">", FOOTER, 0) &&                              \
          svg_has("<text class=\"label\" data-id=\"0x%llx\" x=\"2\" y=\"23\">header</text>", \
                  HEADER, 0) &&                                                                    \
          strstr(g_svg, "<g class=\"constraint ") == NULL && screen_ok())                              \
    ENTRY(svg_no_needed, TETHER_OK,                                                                \
      tether_view_render_svg(EN, ROOT, NULL, g_svg, sizeof g_svg, NULL), 1)                        \
    ENTRY(svg_init_is_the_default, TETHER_OK,                                                      \
      render_root(svg_options(TETHER_SVG_DEFAULT_FLAGS, 1, 8), sizeof g_svg),                      \
      g_n == g_svg_needed && svg_has("data-view=\"0x%llx\">", ROOT, 0))                    \
    ENTRY(svg_every_flag, TETHER_OK, render_root(svg_options(TETHER_SVG_ALL_FLAGS, 1, 8), sizeof g_svg), \
      svg_has("<g class=\"constraint size\" data-id=\"0x%llx\" data-axis=\"vertical\" "         \
              "data-first=\"0x%llx\"><title>", K_HEADER_H, HEADER) &&                              \
          strstr(g_svg, "<line x1=\"200\" y1=\"0\" x2=\"200\" y2=\"64\"/>") != NULL &&           \
          svg_has("<rect class=\"margins\" data-id=\"0x%llx\" x=\"8\" y=\"8\" width=\"384\" "   \
                  "height=\"784\"/>", ROOT, 0) &&                                            \
          svg_has("<rect class=\"guide\" data-id=\"0x%llx\" data-owner=\"0x%llx\"", GUIDE, ROOT)) \
    ENTRY(svg_scale_and_padding, TETHER_OK, render_root(svg_options(0, 0.5, 0), sizeof g_svg),     \
      svg_has("width=\"200\" height=\"400\" viewBox=\"0 0 400 800\" data-generator=\"Tether\" " \
              "data-view=\"0x%llx\">", ROOT, 0))                                            \
    ENTRY(svg_of_a_leaf, TETHER_OK,                                                                \
      tether_view_render_svg(EN, FOOTER, NULL, g_svg, sizeof g_svg, &g_n),                         \
      svg_has("<rect class=\"view\" data-id=\"0x%llx\" data-depth=\"0\" x=\"0\" y=\"0\" "    \
              "width=\"384\" height=\"50\">", FOOTER, 0) &&                                  \
          strstr(g_svg, "data-depth=\"1\"") == NULL)                                              \
    ENTRY(svg_future_field_zero, TETHER_OK, render_root_with_future_field(0),                      \
      g_n == g_svg_needed)                                                                         \
    ENTRY(svg_future_field_set, TETHER_E_INVALID_ARGUMENT, render_root_with_future_field(1),       \
      svg_untouched() && last_error_contains("struct_size"))                                       \
    /* -- rendering: bad options ------------------------------------------------------------ */  \
    ENTRY(svg_struct_size_0, TETHER_E_INVALID_ARGUMENT,                                            \
      (svg_options(0, 1, 8), g_svg_options.struct_size = 0, render_root(&g_svg_options, sizeof g_svg)), \
      svg_untouched())                                                                             \
    ENTRY(svg_struct_size_23, TETHER_E_INVALID_ARGUMENT,                                           \
      (svg_options(0, 1, 8), g_svg_options.struct_size = 23, render_root(&g_svg_options, sizeof g_svg)), \
      svg_untouched())                                                                             \
    ENTRY(svg_struct_size_1025, TETHER_E_INVALID_ARGUMENT,                                         \
      (svg_options(0, 1, 8), g_svg_options.struct_size = 1025,                                     \
       render_root(&g_svg_options, sizeof g_svg)),                                                 \
      svg_untouched())                                                                             \
    ENTRY(svg_unknown_flag, TETHER_E_INVALID_ARGUMENT,                                             \
      render_root(svg_options(TETHER_SVG_ALL_FLAGS + 1, 1, 8), sizeof g_svg),                      \
      svg_untouched() && last_error_contains("flags"))                                             \
    ENTRY(svg_top_flag, TETHER_E_INVALID_ARGUMENT,                                                 \
      render_root(svg_options(0x80000000u, 1, 8), sizeof g_svg), svg_untouched())                  \
    ENTRY(svg_scale_0, TETHER_E_INVALID_ARGUMENT, render_root(svg_options(0, 0, 8), sizeof g_svg), \
      svg_untouched() && last_error_contains("scale"))                                             \
    ENTRY(svg_scale_negative, TETHER_E_INVALID_ARGUMENT,                                           \
      render_root(svg_options(0, -1, 8), sizeof g_svg), svg_untouched())                           \
    ENTRY(svg_scale_nan, TETHER_E_INVALID_ARGUMENT, render_root(svg_options(0, NAN, 8), sizeof g_svg), \
      svg_untouched())                                                                             \
    ENTRY(svg_scale_inf, TETHER_E_INVALID_ARGUMENT,                                                \
      render_root(svg_options(0, INFINITY, 8), sizeof g_svg), svg_untouched())                     \
    ENTRY(svg_padding_negative, TETHER_E_INVALID_ARGUMENT,                                         \
      render_root(svg_options(0, 1, -0.5), sizeof g_svg), svg_untouched() && last_error_contains("padding")) \
    ENTRY(svg_padding_nan, TETHER_E_INVALID_ARGUMENT,                                              \
      render_root(svg_options(0, 1, NAN), sizeof g_svg), svg_untouched())                          \
    ENTRY(svg_padding_inf, TETHER_E_INVALID_ARGUMENT,                                              \
      render_root(svg_options(0, 1, INFINITY), sizeof g_svg), svg_untouched())                     \
    /* -- rendering: presentation stills and animated documents ------------------------------ */ \
    ENTRY(svg_presentation_still, TETHER_OK, render_root(svg_at(0), sizeof g_svg),                 \
      g_n == g_svg_needed && svg_has("data-view=\"0x%llx\">", ROOT, 0))                            \
    ENTRY(svg_presentation_nan, TETHER_E_INVALID_ARGUMENT, render_root(svg_at(NAN), sizeof g_svg), \
      svg_untouched() && last_error_contains("presentation time"))                                \
    ENTRY(svg_presentation_inf, TETHER_E_INVALID_ARGUMENT,                                         \
      render_root(svg_at(INFINITY), sizeof g_svg), svg_untouched())                                \
    ENTRY(animated_svg_capacity_0, TETHER_E_BUFFER_TOO_SMALL, render_root_animated(0, 0, 60, 0, 0), \
      g_n > 1000 && svg_untouched())                                                               \
    ENTRY(animated_svg_idle, TETHER_OK, render_root_animated(0, 0, 60, 0, sizeof g_svg),           \
      svg_has("data-view=\"0x%llx\">", ROOT, 0) && strstr(g_svg, "<animate") == NULL)              \
    ENTRY(animated_svg_null_options, TETHER_OK,                                                    \
      tether_view_render_animated_svg(EN, ROOT, NULL, NULL, g_svg, sizeof g_svg, &g_n),            \
      svg_has("data-view=\"0x%llx\">", ROOT, 0))                                                   \
    ENTRY(animated_svg_fps_0, TETHER_E_INVALID_ARGUMENT, render_root_animated(0, 0, 0, 0, sizeof g_svg), \
      svg_untouched() && last_error_contains("frames per second"))                                 \
    ENTRY(animated_svg_fps_nan, TETHER_E_INVALID_ARGUMENT,                                         \
      render_root_animated(0, 0, NAN, 0, sizeof g_svg), svg_untouched())                           \
    ENTRY(animated_svg_fps_negative, TETHER_E_INVALID_ARGUMENT,                                    \
      render_root_animated(0, 0, -30, 0, sizeof g_svg), svg_untouched())                           \
    ENTRY(animated_svg_repeat_negative, TETHER_E_INVALID_ARGUMENT,                                 \
      render_root_animated(0, 0, 60, -1, sizeof g_svg), svg_untouched() && last_error_contains("repeat_count")) \
    ENTRY(animated_svg_repeat_nan, TETHER_E_INVALID_ARGUMENT,                                      \
      render_root_animated(0, 0, 60, NAN, sizeof g_svg), svg_untouched())                          \
    ENTRY(animated_svg_repeat_forever, TETHER_OK,                                                  \
      render_root_animated(0, TETHER_SVG_ANIMATION_REPEAT_FOREVER, 60, 0, sizeof g_svg), g_n > 1000) \
    ENTRY(animated_svg_unknown_flag, TETHER_E_INVALID_ARGUMENT,                                    \
      render_root_animated(0, TETHER_SVG_ANIMATION_ALL_FLAGS + 1, 60, 0, sizeof g_svg),            \
      svg_untouched() && last_error_contains("flags"))                                             \
    ENTRY(animated_svg_struct_size_8, TETHER_E_INVALID_ARGUMENT,                                   \
      render_root_animated(8, 0, 60, 0, sizeof g_svg), svg_untouched() && last_error_contains("struct_size")) \
    ENTRY(animated_svg_bad_drawing, TETHER_E_INVALID_ARGUMENT,                                     \
      tether_view_render_animated_svg(EN, ROOT, svg_options(0, 0, 8), NULL, g_svg, sizeof g_svg, &g_n), \
      last_error_contains("scale"))                                                                \
    ENTRY(animated_svg_write_null_path, TETHER_E_NULL_ARGUMENT,                                    \
      tether_view_write_animated_svg(EN, ROOT, NULL, NULL, NULL), last_error_contains("path"))     \
    ENTRY(animated_svg_write_missing_folder, TETHER_E_IO,                                          \
      tether_view_write_animated_svg(EN, ROOT, NULL, NULL, "/nonexistent-tether-folder/a.svg"),    \
      last_error_contains("'/nonexistent-tether-folder/a.svg'"))                                   \
    ENTRY(sample_times_idle, TETHER_OK, tether_view_animation_sample_times(EN, ROOT, 60, g_vals, 4, &g_n), \
      g_n == 1)                                                                                    \
    ENTRY(sample_times_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                      \
      tether_view_animation_sample_times(EN, ROOT, 60, NULL, 0, &g_n), g_n == 1)                   \
    ENTRY(sample_times_null_buffer, TETHER_E_NULL_ARGUMENT,                                        \
      tether_view_animation_sample_times(EN, ROOT, 60, NULL, 4, &g_n), 1)                          \
    ENTRY(sample_times_fps_0, TETHER_E_INVALID_ARGUMENT,                                           \
      tether_view_animation_sample_times(EN, ROOT, 0, g_vals, 4, &g_n), last_error_contains("frames per second")) \
    ENTRY(sample_times_fps_inf, TETHER_E_INVALID_ARGUMENT,                                         \
      tether_view_animation_sample_times(EN, ROOT, INFINITY, g_vals, 4, &g_n), 1)                  \
    /* -- rendering: writing files ---------------------------------------------------------- */  \
    ENTRY(write_svg_null_path, TETHER_E_NULL_ARGUMENT, tether_view_write_svg(EN, ROOT, NULL, NULL), \
      !file_exists(svg_path()))                                                                    \
    ENTRY(write_svg_bad_options, TETHER_E_INVALID_ARGUMENT,                                        \
      tether_view_write_svg(EN, ROOT, svg_options(0, 0, 8), svg_path()), !file_exists(svg_path())) \
    ENTRY(write_svg_missing_folder, TETHER_E_IO,                                                   \
      tether_view_write_svg(EN, ROOT, NULL, "/nonexistent-tether-folder/screen.svg"),              \
      last_error_contains("'/nonexistent-tether-folder/screen.svg'") &&                            \
          !file_exists("/nonexistent-tether-folder/screen.svg") && screen_ok())                    \
    ENTRY(write_svg_to_a_folder, TETHER_E_IO, tether_view_write_svg(EN, ROOT, NULL, "."),          \
      last_error_contains("'.'"))                                                                  \
    ENTRY(write_svg_empty_path, TETHER_E_IO, tether_view_write_svg(EN, ROOT, NULL, ""), 1)         \
    ENTRY(write_svg, TETHER_OK, tether_view_write_svg(EN, ROOT, NULL, svg_path()),                 \
      svg_file_is(NULL))                                                                           \
    ENTRY(write_svg_replaces, TETHER_OK,                                                           \
      tether_view_write_svg(EN, ROOT, svg_options(TETHER_SVG_ALL_FLAGS, 2, 0), svg_path()),        \
      svg_file_is(svg_options(TETHER_SVG_ALL_FLAGS, 2, 0)) && remove(svg_path()) == 0)            \
    /* -- layout documents: loading (failures leave the engine as it was) ------------------ */    \
    ENTRY(doc_null_json, TETHER_E_NULL_ARGUMENT, tether_document_load(EN, NULL, 5, g_vars, 4, &g_n), \
      screen_ok())                                                                                 \
    ENTRY(doc_empty, TETHER_E_PARSE, tether_document_load(EN, NULL, 0, g_vars, 4, &g_n),           \
      strcmp(tether_last_error(), "$: line 1, column 1: expected a JSON value, found the end of "  \
                                  "the text (the text is empty)") == 0)                            \
    ENTRY(doc_malformed, TETHER_E_PARSE, DOC_LOAD("{\"tether\": 1, \"views\": [}", g_vars, 4),     \
      last_error_starts("$.views[0]: line 1, column 25: expected a JSON value, found '}'") &&      \
          screen_ok() && bystanders_ok())                                                          \
    ENTRY(doc_unknown_item, TETHER_E_PARSE,                                                        \
      DOC_LOAD("{\"tether\": 1, \"views\": [{\"identifier\": \"r\", \"subviews\": "                \
               "[{\"identifier\": \"header\"}], \"constraints\": [{\"first\": \"hedaer.top\", "      \
               "\"second\": \"r.top\"}]}]}", g_vars, 4),                                              \
      strcmp(tether_last_error(), "$.views[0].constraints[0].first: unknown item \"hedaer\" "      \
                                  "(did you mean \"header\"?)") == 0 && screen_ok())               \
    ENTRY(doc_late_failure, TETHER_E_PARSE,                                                        \
      DOC_LOAD("{\"tether\": 1, \"views\": [{\"identifier\": \"r\", \"subviews\": "                \
               "[{\"identifier\": \"a\"}], \"constraints\": [{\"visualFormat\": \"H:|[a(==9)]\"}, " \
               "{\"visualFormat\": \"H:[a]-(m)-|\"}]}]}", g_vars, 4),                               \
      last_error_starts("$.views[0].constraints[1].visualFormat: Encountered metric") &&           \
          screen_ok() && bystanders_ok())                                                          \
    ENTRY(doc_bad_utf8, TETHER_E_PARSE, DOC_LOAD("{\"tether\": 1, \"views\": [], \"\xff\": 0}", g_vars, 4), \
      last_error_starts("$: line 1, column 29: invalid UTF-8"))                                    \
    ENTRY(doc_length_cuts, TETHER_E_PARSE, tether_document_load(EN, DOC_TEXT, 10, g_vars, 4, &g_n), \
      last_error_contains("the end of the text"))                                                  \
    ENTRY(doc_embedded_nul, TETHER_E_PARSE,                                                        \
      tether_document_load(EN, DOC_WITH_NUL, sizeof DOC_WITH_NUL - 1, g_vars, 4, &g_n),            \
      last_error_contains("control character U+0000"))                                             \
    ENTRY(doc_too_small, TETHER_E_BUFFER_TOO_SMALL, DOC_LOAD(DOC_TEXT, g_vars, 1),                 \
      g_n == 2 && screen_ok() && bystanders_ok())                                                  \
    ENTRY(doc_capacity_0, TETHER_E_BUFFER_TOO_SMALL, DOC_LOAD(DOC_TEXT, NULL, 0), g_n == 2)        \
    ENTRY(doc_too_small_no_needed, TETHER_E_BUFFER_TOO_SMALL,                                      \
      tether_document_load(EN, DOC_TEXT, strlen(DOC_TEXT), g_vars, 1, NULL), 1)                    \
    ENTRY(doc_null_roots, TETHER_E_NULL_ARGUMENT, DOC_LOAD(DOC_TEXT, NULL, 4), 1)                  \
    ENTRY(doc_no_roots, TETHER_OK, DOC_LOAD("{\"tether\": 1, \"views\": []}", NULL, 0), g_n == 0)  \
    ENTRY(doc_load, TETHER_OK, DOC_LOAD(DOC_TEXT, g_vars, 4),                                      \
      doc_loaded() && g_vars[2] == SENTINEL_ID && screen_ok() && bystanders_ok())                  \
    /* -- layout documents: names and identifiers in the loaded hierarchy ------------------- */   \
    ENTRY(doc_item_named, TETHER_OK, tether_document_item_named(EN, DOC_A, "dtitle", &g_v),        \
      superview_is(g_v, DOC_A) && identifier_is(g_v, "dtitle"))                                    \
    ENTRY(doc_item_named_root, TETHER_OK, tether_document_item_named(EN, DOC_A, "droot", &g_v),    \
      g_v == DOC_A)                                                                                \
    ENTRY(doc_item_named_in_fixture, TETHER_OK, tether_document_item_named(EN, ROOT, "header", &g_v), \
      g_v == HEADER)                                                                               \
    ENTRY(doc_item_outside, TETHER_E_NOT_FOUND, tether_document_item_named(EN, DOC_A, "dother", &g_v), \
      last_error_contains("\"dother\""))                                                           \
    ENTRY(doc_item_null_name, TETHER_E_NULL_ARGUMENT, tether_document_item_named(EN, DOC_A, NULL, &g_v), 1) \
    ENTRY(doc_item_bad_utf8, TETHER_E_INVALID_UTF8,                                                \
      tether_document_item_named(EN, DOC_A, "\xc3(", &g_v), 1)                                     \
    ENTRY(doc_item_null_out, TETHER_E_NULL_ARGUMENT,                                               \
      tether_document_item_named(EN, DOC_A, "dtitle", NULL), 1)                                    \
    ENTRY(doc_constraints_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                   \
      tether_document_constraints_with_identifier(EN, DOC_A, "tall", NULL, 0, &g_n), g_n == 1)     \
    ENTRY(doc_constraints_null_out, TETHER_E_NULL_ARGUMENT,                                        \
      tether_document_constraints_with_identifier(EN, DOC_A, "tall", NULL, 4, &g_n), 1)            \
    ENTRY(doc_constraints_null_identifier, TETHER_E_NULL_ARGUMENT,                                 \
      tether_document_constraints_with_identifier(EN, DOC_A, NULL, g_vars, 4, &g_n), 1)           \
    ENTRY(doc_constraints_bad_utf8, TETHER_E_INVALID_UTF8,                                         \
      tether_document_constraints_with_identifier(EN, DOC_A, "\xff", g_vars, 4, &g_n), 1)          \
    ENTRY(doc_constraints, TETHER_OK,                                                              \
      tether_document_constraints_with_identifier(EN, DOC_A, "tall", g_vars, 4, &g_n),             \
      g_n == 1 && (K_TALL = g_vars[0]) != 0 && lc_active(K_TALL) == 0 &&                           \
          lc_priority_is(K_TALL, 999) && lc_constant_is(K_TALL, 40) && lc_identifier_is(K_TALL, "tall")) \
    ENTRY(doc_constraints_elsewhere, TETHER_OK,                                                    \
      tether_document_constraints_with_identifier(EN, DOC_B, "tall", NULL, 0, &g_n), g_n == 0)     \
    /* -- layout documents: saving ---------------------------------------------------------- */   \
    ENTRY(doc_save_capacity_0, TETHER_E_BUFFER_TOO_SMALL, save_doc(DOC_A, 0),                      \
      (g_doc_needed = g_n) > 100 && doc_untouched())                                               \
    ENTRY(doc_save_one_short, TETHER_E_BUFFER_TOO_SMALL, save_doc(DOC_A, g_doc_needed - 1),        \
      g_n == g_doc_needed && doc_untouched())                                                      \
    ENTRY(doc_save_null_buffer, TETHER_E_NULL_ARGUMENT,                                            \
      tether_document_save(EN, DOC_A, NULL, g_doc_needed, &g_n), 1)                                \
    ENTRY(doc_save, TETHER_OK, save_doc(DOC_A, g_doc_needed),                                      \
      g_n == g_doc_needed && strlen(g_doc) + 1 == g_n &&                                           \
          strncmp(g_doc, "{\n  \"tether\": 1,\n  \"views\": [\n", 27) == 0 &&                       \
          strstr(g_doc, "\"identifier\": \"dtitle\"") != NULL && strstr(g_doc, "tall") == NULL &&   \
          saved_doc_loads_back() && screen_ok())                                                   \
    ENTRY(doc_save_no_needed, TETHER_OK, tether_document_save(EN, DOC_A, g_doc, sizeof g_doc, NULL), 1) \
    ENTRY(doc_save_screen, TETHER_OK, save_doc(ROOT, sizeof g_doc),                                \
      strstr(g_doc, "\"identifier\": \"header\"") != NULL && g_n == strlen(g_doc) + 1 && screen_ok()) \
    ENTRY(doc_save_too_deep, TETHER_E_INVALID_STATE, save_too_deep(),                              \
      doc_untouched() && last_error_contains("at most 253 levels") &&                              \
          tether_view_free(EN, DEEP) == TETHER_OK)                                                 \
    ENTRY(doc_free, TETHER_OK, tether_view_free(EN, DOC_A),                                        \
      tether_view_free(EN, DOC_B) == TETHER_OK && screen_ok() && bystanders_ok())                  \
    /* -- Interface Builder documents (failures leave the engine as it was) ---------------- */   \
    ENTRY(ib_null_xml, TETHER_E_NULL_ARGUMENT, tether_ib_import(EN, NULL, 5, g_vars, 4, &g_n),     \
      screen_ok())                                                                                 \
    ENTRY(ib_empty, TETHER_E_PARSE, tether_ib_import(EN, NULL, 0, g_vars, 4, &g_n),                \
      last_error_starts("line 1, column 1: not well-formed XML: ") && screen_ok())                 \
    ENTRY(ib_malformed, TETHER_E_PARSE, IB_IMPORT("<document>\n<objects>\n</document>", g_vars, 4), \
      last_error_starts("line 3, column ") && last_error_contains("not well-formed XML") &&        \
          screen_ok() && bystanders_ok())                                                          \
    ENTRY(ib_not_ib, TETHER_E_PARSE, IB_IMPORT("<plist/>", g_vars, 4),                             \
      last_error_starts("line 1, column 1: ") && screen_ok())                                      \
    ENTRY(ib_missing_id, TETHER_E_PARSE, IB_IMPORT(IB_MISSING_ID, g_vars, 4),                      \
      last_error_contains("nowhere") && screen_ok() && bystanders_ok())                            \
    ENTRY(ib_bad_utf8, TETHER_E_PARSE, IB_IMPORT("<document>\n <a b=\"\xff\"/></document>", g_vars, 4), \
      last_error_starts("line 2, column 8: not well-formed XML: invalid UTF-8"))                   \
    ENTRY(ib_length_cuts, TETHER_E_PARSE, tether_ib_import(EN, IB_TEXT, 10, g_vars, 4, &g_n), 1)   \
    ENTRY(ib_too_small, TETHER_E_BUFFER_TOO_SMALL, IB_IMPORT(IB_TEXT, g_vars, 1),                  \
      g_n == 2 && screen_ok() && bystanders_ok())                                                  \
    ENTRY(ib_capacity_0, TETHER_E_BUFFER_TOO_SMALL, IB_IMPORT(IB_TEXT, NULL, 0), g_n == 2)         \
    ENTRY(ib_null_roots, TETHER_E_NULL_ARGUMENT, IB_IMPORT(IB_TEXT, NULL, 4), 1)                   \
    ENTRY(ib_import, TETHER_OK, IB_IMPORT(IB_TEXT, g_vars, 4),                                     \
      g_n == 2 && identifier_is(g_vars[0], "ia") && identifier_is(g_vars[1], "ib") &&              \
          tether_view_free(EN, g_vars[0]) == TETHER_OK && tether_view_free(EN, g_vars[1]) == TETHER_OK \
          && screen_ok() && bystanders_ok())                                                       \
    ENTRY(ib_describe_null_xml, TETHER_E_NULL_ARGUMENT,                                            \
      tether_ib_describe(NULL, 5, g_buf, sizeof g_buf, &g_n), 1)                                   \
    ENTRY(ib_describe_malformed, TETHER_E_PARSE,                                                   \
      tether_ib_describe("<document>", 10, g_buf, sizeof g_buf, &g_n),                             \
      last_error_starts("line 1, column ") && last_error_contains("not well-formed XML"))         \
    ENTRY(ib_describe_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                                       \
      tether_ib_describe(IB_TEXT, strlen(IB_TEXT), NULL, 0, &g_n), g_n > 20)                       \
    ENTRY(ib_describe_null_buffer, TETHER_E_NULL_ARGUMENT,                                         \
      tether_ib_describe(IB_TEXT, strlen(IB_TEXT), NULL, sizeof g_buf, &g_n), 1)                   \
    ENTRY(ib_describe, TETHER_OK, tether_ib_describe(IB_TEXT, strlen(IB_TEXT), g_buf, sizeof g_buf, &g_n), \
      g_n == strlen(g_buf) + 1 && strstr(g_buf, "\"id\":\"ia\"") != NULL && screen_ok())           \
    /* -- Import options --------------------------------------------------------------------- */ \
    ENTRY(ib_options_null, TETHER_OK, IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, NULL),                      \
      g_n == 1 && ib_size_is(g_vars[0], 375, 50) && tether_view_free(EN, g_vars[0]) == TETHER_OK)      \
    ENTRY(ib_options_device, TETHER_OK,                                                            \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(TETHER_IB_ORIENTATION_DOCUMENT, "retina6_12", 0, 0)), \
      g_n == 1 && ib_size_is(g_vars[0], 393, 50) && tether_view_free(EN, g_vars[0]) == TETHER_OK)      \
    ENTRY(ib_options_landscape, TETHER_OK,                                                         \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(TETHER_IB_ORIENTATION_LANDSCAPE, NULL, 0, 0)),     \
      g_n == 1 && ib_size_is(g_vars[0], 667, 50) && tether_view_free(EN, g_vars[0]) == TETHER_OK)      \
    ENTRY(ib_options_size, TETHER_OK,                                                              \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(TETHER_IB_ORIENTATION_PORTRAIT, NULL, 500, 700)),  \
      g_n == 1 && ib_size_is(g_vars[0], 500, 50) && tether_view_free(EN, g_vars[0]) == TETHER_OK)      \
    ENTRY(ib_options_next_zero, TETHER_OK, import_next(0),                                         \
      g_n == 1 && tether_view_free(EN, g_vars[0]) == TETHER_OK)                                    \
    ENTRY(ib_options_next_set, TETHER_E_INVALID_ARGUMENT, import_next(1),                          \
      last_error_contains("struct_size") && screen_ok() && bystanders_ok())                        \
    ENTRY(ib_options_size_0, TETHER_E_INVALID_ARGUMENT,                                            \
      (ib_options(0, NULL, 0, 0), g_ib_options.struct_size = 0,                                    \
       IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, &g_ib_options)),                                          \
      last_error_contains("TETHER_IB_OPTIONS_INIT") && screen_ok())                                \
    ENTRY(ib_options_size_1025, TETHER_E_INVALID_ARGUMENT,                                         \
      (ib_options(0, NULL, 0, 0), g_ib_options.struct_size = 1025,                                 \
       IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, &g_ib_options)),                                          \
      screen_ok())                                                                                 \
    ENTRY(ib_options_orientation, TETHER_E_INVALID_ARGUMENT,                                       \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(3, NULL, 0, 0)),                                \
      last_error_contains("orientation") && screen_ok())                                           \
    ENTRY(ib_options_unknown_device, TETHER_E_INVALID_ARGUMENT,                                    \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, "iphone99", 0, 0)),                          \
      last_error_starts("unknown device \"iphone99\" (known devices: ") &&                         \
          last_error_contains("retina4_7") && screen_ok() && bystanders_ok())                      \
    ENTRY(ib_options_bad_device_utf8, TETHER_E_INVALID_UTF8,                                       \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, "\xff", 0, 0)), screen_ok())                  \
    ENTRY(ib_options_width_only, TETHER_E_INVALID_ARGUMENT,                                        \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, NULL, 500, 0)),                              \
      last_error_contains("width") && screen_ok())                                                 \
    ENTRY(ib_options_negative, TETHER_E_INVALID_ARGUMENT,                                          \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, NULL, -500, 700)), screen_ok())               \
    ENTRY(ib_options_nan, TETHER_E_INVALID_ARGUMENT,                                               \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, NULL, NAN, 700)), screen_ok())                \
    ENTRY(ib_options_infinite, TETHER_E_INVALID_ARGUMENT,                                          \
      IB_IMPORT_OPTIONS(IB_DEVICE_TEXT, ib_options(0, NULL, 500, INFINITY)), screen_ok())           \
    ENTRY(ib_options_bad_document, TETHER_E_PARSE,                                                 \
      IB_IMPORT_OPTIONS("<plist/>", ib_options(0, "retina6_12", 0, 0)),                            \
      last_error_starts("line 1, column 1: ") && screen_ok())                                      \
    ENTRY(ib_options_too_small, TETHER_E_BUFFER_TOO_SMALL,                                         \
      tether_ib_import_with_options(EN, IB_TEXT, strlen(IB_TEXT), NULL, g_vars, 1, &g_n),          \
      g_n == 2 && screen_ok() && bystanders_ok())                                                  \
    ENTRY(ib_options_null_xml, TETHER_E_NULL_ARGUMENT,                                             \
      tether_ib_import_with_options(EN, NULL, 5, NULL, g_vars, 4, &g_n), screen_ok())              \
    ENTRY(ib_describe_options, TETHER_OK,                                                          \
      tether_ib_describe_with_options(IB_DEVICE_TEXT, strlen(IB_DEVICE_TEXT),                      \
                                      ib_options(TETHER_IB_ORIENTATION_LANDSCAPE, "retina6_12", 0, 0), \
                                      g_buf, sizeof g_buf, &g_n),                                  \
      g_n == strlen(g_buf) + 1 && strstr(g_buf, "\"device\":\"retina6_12\"") != NULL &&            \
          strstr(g_buf, "\"landscape\":true") != NULL && strstr(g_buf, "\"screen\":[852,393]") != NULL && \
          strstr(g_buf, "\"kind\":\"topLevelView\"") != NULL && screen_ok())                       \
    ENTRY(ib_describe_options_null, TETHER_OK,                                                     \
      tether_ib_describe_with_options(IB_TEXT, strlen(IB_TEXT), NULL, g_buf, sizeof g_buf, &g_n),   \
      strstr(g_buf, "\"screen\":null") != NULL)                                                    \
    ENTRY(ib_describe_options_unknown_device, TETHER_E_INVALID_ARGUMENT,                           \
      tether_ib_describe_with_options(IB_TEXT, strlen(IB_TEXT), ib_options(0, "nope", 0, 0), g_buf, \
                                      sizeof g_buf, &g_n),                                         \
      last_error_contains("\"nope\""))                                                             \
    ENTRY(ib_describe_options_capacity_0, TETHER_E_BUFFER_TOO_SMALL,                               \
      tether_ib_describe_with_options(IB_TEXT, strlen(IB_TEXT), NULL, NULL, 0, &g_n), g_n > 20)

#define DEFINE_VIEW_CASE(id, want, call, post)                                                     \
    static tether_status view_case_##id(void) { return call; }                                     \
    static int view_case_post_##id(void) { return post; }
VIEW_CASES(DEFINE_VIEW_CASE)

#define VIEW_CASE_ROW(id, want, call, post)                                                        \
    {#id, want, view_case_##id, view_case_post_##id, #call, #post},
static const NamedCase view_cases[] = {VIEW_CASES(VIEW_CASE_ROW)};

static void run_view_cases(void) {
    size_t i;
    for (i = 0; i < sizeof view_cases / sizeof view_cases[0]; i++) {
        const NamedCase *c = &view_cases[i];
        char what[1024];
        snprintf(what, sizeof what, "%s: %s", c->name, c->call_text);
        prime();
        if (check_call(what, c->call(), c->want)) check_post(what, c->post(), c->post_text);
    }
}

/* ----------------------------------------------------------------------------------------------
 * Status names
 * -------------------------------------------------------------------------------------------- */

static void run_status_names(void) {
#define STATUS_ROW(code) {code, #code}
    static const struct {
        tether_status code;
        const char *name;
    } rows[] = {
        STATUS_ROW(TETHER_OK),
        STATUS_ROW(TETHER_E_NULL_ARGUMENT),
        STATUS_ROW(TETHER_E_INVALID_HANDLE),
        STATUS_ROW(TETHER_E_INVALID_ID),
        STATUS_ROW(TETHER_E_INVALID_ARGUMENT),
        STATUS_ROW(TETHER_E_BUFFER_TOO_SMALL),
        STATUS_ROW(TETHER_E_UNSATISFIABLE),
        STATUS_ROW(TETHER_E_DUPLICATE),
        STATUS_ROW(TETHER_E_NOT_FOUND),
        STATUS_ROW(TETHER_E_INVALID_UTF8),
        STATUS_ROW(TETHER_E_IN_USE),
        STATUS_ROW(TETHER_E_INVALID_STATE),
        STATUS_ROW(TETHER_E_INTERNAL),
        STATUS_ROW(TETHER_E_CALLBACK_FAILED),
        STATUS_ROW(TETHER_E_PARSE),
        STATUS_ROW(TETHER_E_IO),
        STATUS_ROW(TETHER_E_NO_MEMORY),
        {17, "unknown status"},
        {-1, "unknown status"},
        {INT32_MAX, "unknown status"},
    };
#undef STATUS_ROW
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *name = tether_status_name(rows[i].code);
        char what[96];
        snprintf(what, sizeof what, "tether_status_name(%d)", (int)rows[i].code);
        check_post(what, name != NULL && strcmp(name, rows[i].name) == 0, rows[i].name);
    }
    /* The other _name functions: a value outside the enumeration (INT32_MIN, INT32_MAX, one
     * past every last one) gives the "unknown ..." static string, never NULL (test_names.c checks
     * every value in range). */
    {
        static const int32_t bad[] = {INT32_MIN, -2, 35, 1000, INT32_MAX};
        size_t k;
        for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            char what[96];
            snprintf(what, sizeof what, "the _name functions given %ld", (long)bad[k]);
            int ok = strcmp(tether_relation_name(bad[k]), "unknown relation") == 0 &&
                     strcmp(tether_attribute_name(bad[k]), "unknown attribute") == 0 &&
                     strcmp(tether_axis_name(bad[k]), "unknown axis") == 0 &&
                     strcmp(tether_layout_direction_name(bad[k]), "unknown layout direction") == 0 &&
                     strcmp(tether_semantic_content_attribute_name(bad[k]),
                            "unknown semantic content attribute") == 0 &&
                     strcmp(tether_stack_distribution_name(bad[k]), "unknown distribution") == 0 &&
                     strcmp(tether_stack_alignment_name(bad[k]), "unknown alignment") == 0;
            check_post(what, ok, "unknown ...");
        }
    }
    check_post("tether_abi_version() == TETHER_ABI_VERSION",
               tether_abi_version() == TETHER_ABI_VERSION, "same ABI version");
    check_post("tether_version_string()", tether_version_string() != NULL &&
                                              tether_version_string()[0] != '\0',
               "non-empty");
}

/* ----------------------------------------------------------------------------------------------
 * Setup and the final check
 * -------------------------------------------------------------------------------------------- */

static void require(int ok, const char *what) {
    if (!ok) {
        const char *message = tether_last_error();
        printf("FAIL setup: %s (last error: \"%s\")\n", what, message);
        failed++;
        printf("%d passed, %d failed\n", passed, failed);
        exit(EXIT_FAILURE);
    }
}

#define SETUP(call) require((call) == TETHER_OK, #call)

static tether_constraint new_constraint(tether_solver *s, size_t count, const tether_variable *vars,
                                        const double *coefficients, double constant,
                                        tether_relation relation, double priority) {
    tether_constraint c = 0;
    SETUP(tether_solver_constraint_new(s, vars, coefficients, count, constant, relation, priority,
                                       &c));
    return c;
}

static void setup(void) {
    const tether_relation EQ = TETHER_RELATION_EQUAL, GE = TETHER_RELATION_GREATER_THAN_OR_EQUAL,
                          LE = TETHER_RELATION_LESS_THAN_OR_EQUAL;
    tether_variable s2_vars[12], scratch;
    tether_solver_stats stats;
    int i;

    SETUP(tether_solver_new(&S));
    SETUP(tether_solver_new(&S2));
    /* S3: K_OLD is freed before K_REUSED is made, so K_REUSED may take K_OLD's slot with a newer
     * generation. The conflict of K_REJECT is {K_LOW, K_REUSED}; the header promises the ids in
     * increasing order, whatever slots they sit in. */
    SETUP(tether_solver_new(&S3));
    {
        tether_variable a, b;
        SETUP(tether_solver_variable_new(S3, "a", &a));
        SETUP(tether_solver_variable_new(S3, "b", &b));
        K_OLD = new_constraint(S3, 1, &a, (double[]){1}, 0, EQ, 1);                     /* slot 0 */
        K_LOW = new_constraint(S3, 1, &a, (double[]){1}, -10, GE, 1000);               /* a >= 10 */
        SETUP(tether_solver_constraint_free(S3, K_OLD));
        K_REUSED = new_constraint(S3, 2, (tether_variable[]){b, a}, (double[]){1, -1}, 0, EQ,
                                  1000);                                               /* b == a */
        K_REJECT = new_constraint(S3, 1, &b, (double[]){1}, -5, LE, 1000);             /* b <= 5 */
        SETUP(tether_solver_constraint_add(S3, K_LOW));
        SETUP(tether_solver_constraint_add(S3, K_REUSED));
    }
    SETUP(tether_solver_new(&FREED_S));
    SETUP(tether_solver_variable_new(FREED_S, "doomed", &scratch));
    SETUP(tether_solver_free(FREED_S));
    /* No solver is made after this point, so FREED_S's address is not handed out again. */

    SETUP(tether_solver_variable_new(S, "x", &X));
    SETUP(tether_solver_variable_new(S, "y", &Y));
    SETUP(tether_solver_variable_new(S, "w", &W));
    SETUP(tether_solver_variable_new(S, "w2", &W2));
    SETUP(tether_solver_variable_new(S, "width", &U));
    SETUP(tether_solver_variable_new(S, NULL, &E));
    SETUP(tether_solver_variable_new(S, "moteur \xc3\xa9t\xc3\xa9", &UTF));
    SETUP(tether_solver_variable_new(S, "q", &Q));
    SETUP(tether_solver_variable_new(S, "stale", &STALE_VAR));
    SETUP(tether_solver_variable_free(S, STALE_VAR));
    SETUP(tether_solver_variable_new(S, "reused", &REUSED_VAR));
    SETUP(tether_solver_variable_new(S, "freed", &FREED_VAR));
    SETUP(tether_solver_variable_free(S, FREED_VAR));

    C_REQ = new_constraint(S, 1, &X, (double[]){1}, -10, GE, 1000);
    C_MAX = new_constraint(S, 1, &X, (double[]){1}, -50, LE, 1000);
    C_OPT = new_constraint(S, 1, &X, (double[]){1}, -20, EQ, 500);
    C_Y = new_constraint(S, 2, (tether_variable[]){Y, X}, (double[]){1, -1}, -5, EQ, 1000);
    C_NEW = new_constraint(S, 1, &Y, (double[]){1}, -5, EQ, 300);
    C_Q = new_constraint(S, 1, &Q, (double[]){1}, -1, EQ, 100);
    C_T = new_constraint(S, 3, (tether_variable[]){X, Y, X}, (double[]){1, 2, 3}, 0, LE, 100);
    C_BAD = new_constraint(S, 1, &Y, (double[]){1}, -12, LE, 1000);
    STALE_C = new_constraint(S, 1, &Y, (double[]){1}, 0, EQ, 1);
    SETUP(tether_solver_constraint_free(S, STALE_C));
    REUSED_C = new_constraint(S, 1, &Y, (double[]){1}, 0, EQ, 1);
    SETUP(tether_solver_constraint_free(S, REUSED_C)); /* not needed alive; its id must differ */
    FREED_C = new_constraint(S, 1, &Y, (double[]){1}, 0, EQ, 1);
    SETUP(tether_solver_constraint_free(S, FREED_C));

    SETUP(tether_solver_constraint_add(S, C_REQ));
    SETUP(tether_solver_constraint_add(S, C_MAX));
    SETUP(tether_solver_constraint_add(S, C_OPT));
    SETUP(tether_solver_constraint_add(S, C_Y));
    SETUP(tether_solver_edit_add(S, W, 999));
    SETUP(tether_solver_edit_add(S, W2, 400));
    SETUP(tether_solver_edit_suggest(S, W, g_w));
    SETUP(tether_solver_edit_suggest(S, W2, g_w2));
    SETUP(tether_solver_update(S));
    require(state_ok(), "S solves x = 20, y = 25, w = 10, w2 = 5");

    /* S2 has more variables and constraints than S, so its last ids are past S's tables. */
    for (i = 0; i < 12; i++) SETUP(tether_solver_variable_new(S2, "other", &s2_vars[i]));
    FOREIGN_FIRST_VAR = s2_vars[0];
    FOREIGN_VAR = s2_vars[11];
    FOREIGN_FIRST_C = new_constraint(S2, 1, &s2_vars[0], (double[]){1}, -1, EQ, 1000);
    for (i = 1; i < 12; i++)
        FOREIGN_C = new_constraint(S2, 1, &s2_vars[i], (double[]){1}, -1, EQ, 1000);

    SETUP(tether_solver_stats_get(S, &stats));
    g_variable_count = stats.variables;
    g_constraint_count = stats.constraints;
    require(g_variable_count == 9, "S has 9 live variables");
}

/* After all the failures: S still passes its check and solves a new small system correctly. */
static void final_check(void) {
    tether_variable a, b;
    tether_constraint sum, difference;
    double values[2] = {0, 0};
    tether_status status;

    check_post("tether_solver_check(S) after every error case", tether_solver_check(S) == TETHER_OK,
               "TETHER_OK");
    check_post("tether_solver_check(S2) after every error case",
               tether_solver_check(S2) == TETHER_OK, "TETHER_OK");
    check_post("S keeps its solution after every error case", state_ok(), "state_ok()");

    status = tether_solver_variable_new(S, "a", &a);
    if (status == TETHER_OK) status = tether_solver_variable_new(S, "b", &b);
    /* a + b - 10 == 0 and a - b - 2 == 0, both required: a = 6, b = 4. */
    if (status == TETHER_OK)
        status = tether_solver_constraint_new(S, (tether_variable[]){a, b}, (double[]){1, 1}, 2,
                                              -10, TETHER_RELATION_EQUAL, 1000, &sum);
    if (status == TETHER_OK)
        status = tether_solver_constraint_new(S, (tether_variable[]){a, b}, (double[]){1, -1}, 2,
                                              -2, TETHER_RELATION_EQUAL, 1000, &difference);
    if (status == TETHER_OK)
        status = tether_solver_constraint_add_batch(S, (tether_constraint[]){sum, difference}, 2,
                                                    NULL);
    if (status == TETHER_OK) status = tether_solver_update(S);
    if (status == TETHER_OK)
        status = tether_solver_variable_values(S, (tether_variable[]){a, b}, 2, values);
    if (status != TETHER_OK) {
        const char *message = tether_last_error();
        char detail[512];
        snprintf(detail, sizeof detail, "%s: %s", tether_status_name(status), message);
        fail("S solves a + b = 10, a - b = 2 after every error case", detail);
    } else {
        check_post("S solves a + b = 10, a - b = 2 after every error case",
                   near(values[0], 6) && near(values[1], 4) && state_ok(), "a = 6, b = 4");
    }
    check_post("tether_solver_free(S)", tether_solver_free(S) == TETHER_OK, "TETHER_OK");
    check_post("tether_solver_free(S2)", tether_solver_free(S2) == TETHER_OK, "TETHER_OK");
    check_post("tether_solver_free(S3)", tether_solver_free(S3) == TETHER_OK, "TETHER_OK");
}

/* ----------------------------------------------------------------------------------------------
 * The view model's setup and final check
 * -------------------------------------------------------------------------------------------- */

static tether_view new_view(tether_engine *e, tether_rect frame, tether_view parent) {
    tether_view v = 0;
    SETUP(tether_view_new(e, frame, &v));
    if (parent != 0) {
        SETUP(tether_view_add_subview(e, parent, v));
        SETUP(tether_view_set_translates_autoresizing_mask(e, v, 0));
    }
    return v;
}

static tether_layout_constraint new_lc(tether_engine *e, tether_item item1, tether_attribute a1,
                                       tether_relation relation, tether_item item2,
                                       tether_attribute a2, double constant, float priority) {
    tether_layout_constraint c = 0;
    SETUP(tether_layout_constraint_new(e, item1, a1, relation, item2, a2, 1, constant, priority,
                                       &c));
    return c;
}

static void activate_all(tether_engine *e, const tether_layout_constraint *constraints,
                         size_t count) {
    SETUP(tether_layout_constraint_activate(e, constraints, count, NULL));
}

static void setup_view_model(void) {
    const tether_relation EQ = TETHER_RELATION_EQUAL, GE = TETHER_RELATION_GREATER_THAN_OR_EQUAL;
    const tether_attribute NONE = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE;
    tether_layout_constraint screen[12], others[3];
    tether_view scratch;
    int i;

    SETUP(tether_engine_new(&EN));
    SETUP(tether_engine_new(&EN2));
    SETUP(tether_engine_new(&FREED_EN));
    SETUP(tether_view_new(FREED_EN, rect(0, 0, 1, 1), &scratch));
    SETUP(tether_engine_free(FREED_EN));
    /* No engine is made after this point, so FREED_EN's address is not handed out again. */

    ROOT = new_view(EN, rect(0, 0, 400, 800), 0);
    HEADER = new_view(EN, rect(0, 0, 0, 0), ROOT);
    CONTENT = new_view(EN, rect(0, 0, 0, 0), ROOT);
    FOOTER = new_view(EN, rect(0, 0, 0, 0), ROOT);
    SETUP(tether_item_set_identifier(EN, HEADER, "header"));
    SETUP(tether_item_set_identifier(EN, CONTENT, CONTENT_NAME));
    LONER = new_view(EN, rect(0, 0, 100, 100), 0);
    SETUP(tether_guide_new(EN, &GUIDE));
    SETUP(tether_view_add_layout_guide(EN, ROOT, GUIDE));
    SETUP(tether_view_layout_margins_guide(EN, ROOT, &MARGINS));

    K_HEADER_H = new_lc(EN, HEADER, TETHER_ATTRIBUTE_HEIGHT, EQ, 0, NONE, 64, 1000);
    SETUP(tether_layout_constraint_set_identifier(EN, K_HEADER_H, "header-height"));
    K_OPTIONAL = new_lc(EN, FOOTER, TETHER_ATTRIBUTE_WIDTH, GE, 0, NONE, 10, 500);
    screen[0] = K_HEADER_H;
    screen[1] = K_OPTIONAL;
    screen[2] = new_lc(EN, HEADER, TETHER_ATTRIBUTE_TOP, EQ, ROOT, TETHER_ATTRIBUTE_TOP, 0, 1000);
    screen[3] = new_lc(EN, HEADER, TETHER_ATTRIBUTE_LEADING, EQ, ROOT, TETHER_ATTRIBUTE_LEADING, 0, 1000);
    screen[4] = new_lc(EN, HEADER, TETHER_ATTRIBUTE_TRAILING, EQ, ROOT, TETHER_ATTRIBUTE_TRAILING, 0, 1000);
    screen[5] = new_lc(EN, FOOTER, TETHER_ATTRIBUTE_BOTTOM, EQ, ROOT, TETHER_ATTRIBUTE_BOTTOM, 0, 1000);
    screen[6] = new_lc(EN, FOOTER, TETHER_ATTRIBUTE_LEADING, EQ, ROOT, TETHER_ATTRIBUTE_LEADING_MARGIN, 0, 1000);
    screen[7] = new_lc(EN, FOOTER, TETHER_ATTRIBUTE_TRAILING, EQ, ROOT, TETHER_ATTRIBUTE_TRAILING_MARGIN, 0, 1000);
    screen[8] = new_lc(EN, FOOTER, TETHER_ATTRIBUTE_HEIGHT, EQ, 0, NONE, 50, 1000);
    screen[9] = new_lc(EN, CONTENT, TETHER_ATTRIBUTE_TOP, EQ, HEADER, TETHER_ATTRIBUTE_BOTTOM, 8, 1000);
    screen[10] = new_lc(EN, CONTENT, TETHER_ATTRIBUTE_BOTTOM, EQ, FOOTER, TETHER_ATTRIBUTE_TOP, -8, 1000);
    screen[11] = new_lc(EN, CONTENT, TETHER_ATTRIBUTE_LEADING, EQ, ROOT, TETHER_ATTRIBUTE_LEADING_MARGIN, 0, 1000);
    activate_all(EN, screen, 12);
    screen[0] = new_lc(EN, CONTENT, TETHER_ATTRIBUTE_TRAILING, EQ, ROOT, TETHER_ATTRIBUTE_TRAILING_MARGIN, 0, 1000);
    activate_all(EN, screen, 1);
    K_INACTIVE = new_lc(EN, HEADER, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 10, 250);
    K_ACROSS = new_lc(EN, CONTENT, TETHER_ATTRIBUTE_WIDTH, EQ, LONER, TETHER_ATTRIBUTE_WIDTH, 0, 1000);

    /* A measured view (measuring on, no callback yet) pinned 5 from its root's top-left. */
    MROOT = new_view(EN, rect(0, 0, 300, 300), 0);
    MEASURED = new_view(EN, rect(0, 0, 0, 0), MROOT);
    SETUP(tether_view_set_measured(EN, MEASURED, 1));
    others[0] = new_lc(EN, MEASURED, TETHER_ATTRIBUTE_LEFT, EQ, MROOT, TETHER_ATTRIBUTE_LEFT, 5, 1000);
    others[1] = new_lc(EN, MEASURED, TETHER_ATTRIBUTE_TOP, EQ, MROOT, TETHER_ATTRIBUTE_TOP, 5, 1000);
    activate_all(EN, others, 2);

    /* A view 100 wide (K_NARROW, active) that K_WIDE (200, inactive) will conflict with. */
    DROOT = new_view(EN, rect(0, 0, 300, 300), 0);
    DVIEW = new_view(EN, rect(0, 0, 0, 0), DROOT);
    K_NARROW = new_lc(EN, DVIEW, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 100, 1000);
    K_WIDE = new_lc(EN, DVIEW, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 200, 1000);
    others[0] = new_lc(EN, DVIEW, TETHER_ATTRIBUTE_LEFT, EQ, DROOT, TETHER_ATTRIBUTE_LEFT, 0, 1000);
    others[1] = new_lc(EN, DVIEW, TETHER_ATTRIBUTE_TOP, EQ, DROOT, TETHER_ATTRIBUTE_TOP, 0, 1000);
    others[2] = new_lc(EN, DVIEW, TETHER_ATTRIBUTE_HEIGHT, EQ, 0, NONE, 10, 1000);
    activate_all(EN, others, 3);
    activate_all(EN, &K_NARROW, 1);

    /* A stack row arranging A and B, and an empty stack. */
    SETUP(tether_stack_view_new(EN, rect(0, 0, 300, 50), &STACK));
    SETUP(tether_stack_view_set_spacing(EN, STACK, 10));
    ARR_A = new_view(EN, rect(0, 0, 0, 0), 0);
    ARR_B = new_view(EN, rect(0, 0, 0, 0), 0);
    SETUP(tether_view_set_intrinsic_content_size(EN, ARR_A, size2(100, 20)));
    SETUP(tether_view_set_intrinsic_content_size(EN, ARR_B, size2(50, 20)));
    SETUP(tether_stack_view_add_arranged_subview(EN, STACK, ARR_A));
    SETUP(tether_stack_view_insert_arranged_subview(EN, STACK, ARR_B, 1));
    SETUP(tether_stack_view_new(EN, rect(0, 0, 10, 10), &EMPTY_STACK));
    require(stack_ok(), "EN lays out its stack");

    /* Dead ids. Stale ones first (their slots are reused at once), then freed ones whose slots
     * stay free: views and guides share one table, freed slots are reused last-freed first. */
    STALE_VIEW = new_view(EN, rect(0, 0, 1, 1), 0);
    SETUP(tether_view_free(EN, STALE_VIEW));
    REUSED_VIEW = new_view(EN, rect(0, 0, 1, 1), 0);
    SETUP(tether_guide_new(EN, &STALE_GUIDE));
    SETUP(tether_guide_free(EN, STALE_GUIDE));
    SETUP(tether_guide_new(EN, &REUSED_GUIDE));
    STALE_K = new_lc(EN, LONER, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 1, 1000);
    SETUP(tether_layout_constraint_free(EN, STALE_K));
    REUSED_K = new_lc(EN, LONER, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 2, 1000);
    FREED_VIEW = new_view(EN, rect(0, 0, 1, 1), 0);
    SETUP(tether_guide_new(EN, &FREED_GUIDE));
    FREED_K = new_lc(EN, LONER, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 3, 1000);
    SETUP(tether_view_free(EN, FREED_VIEW));
    SETUP(tether_guide_free(EN, FREED_GUIDE));
    SETUP(tether_layout_constraint_free(EN, FREED_K));
    require(REUSED_VIEW != STALE_VIEW && (REUSED_VIEW & 0xffffffffu) == (STALE_VIEW & 0xffffffffu),
            "a freed view's slot is reused with a new generation");
    require(REUSED_GUIDE != STALE_GUIDE && (REUSED_GUIDE & 0xffffffffu) == (STALE_GUIDE & 0xffffffffu),
            "a freed guide's slot is reused with a new generation");
    require(REUSED_K != STALE_K && (REUSED_K & 0xffffffffu) == (STALE_K & 0xffffffffu),
            "a freed constraint's slot is reused with a new generation");

    /* EN2 has many more items and constraints than EN: its last ids are past EN's tables. */
    for (i = 0; i < 60; i++) {
        FOREIGN_VIEW = new_view(EN2, rect(0, 0, 1, 1), 0);
        FOREIGN_K = new_lc(EN2, FOREIGN_VIEW, TETHER_ATTRIBUTE_WIDTH, EQ, 0, NONE, 1, 1000);
    }
    SETUP(tether_guide_new(EN2, &FOREIGN_GUIDE));

    require(screen_ok(), "EN lays out its screen");
}

/* The texts the description and inspection rows expect: Apple's forms with the fixture's ids in
 * hex (Include/tether.h, "Descriptions and inspection"). */
static void build_expected_texts(void) {
    unsigned long long root = ROOT, header = HEADER, content = CONTENT, footer = FOOTER;
    unsigned long long guide = GUIDE, margins = MARGINS, k = K_HEADER_H;
    snprintf(K_DESCRIPTION, sizeof K_DESCRIPTION,
             "<NSLayoutConstraint:0x%llx 'header-height' V:[View:0x%llx'header'(64)]   (active)>", k,
             header);
    snprintf(HEADER_NAME, sizeof HEADER_NAME, "View:0x%llx'header'", header);
    snprintf(HEADER_DESCRIPTION, sizeof HEADER_DESCRIPTION,
             "<View: 0x%llx; frame = (0 0; 400 64); identifier = 'header'>", header);
    snprintf(GUIDE_NAME, sizeof GUIDE_NAME, "LayoutGuide:0x%llx", guide);
    snprintf(GUIDE_DESCRIPTION_PREFIX, sizeof GUIDE_DESCRIPTION_PREFIX,
             "<LayoutGuide: 0x%llx - \"\", layoutFrame = ", guide);
    snprintf(MARGINS_NAME, sizeof MARGINS_NAME, "LayoutGuide:0x%llx'UIViewLayoutMarginsGuide'",
             margins);
    /* The root (the layout engine host), its unconstrained guide (unmarked) and its three
     * subviews (laid out by constraints). The margins guide is not listed: the screen uses the
     * leadingMargin / trailingMargin attributes, not the guide, so it takes no part in the solve. */
    snprintf(ROOT_TRACE, sizeof ROOT_TRACE,
             "\nLegend:\n"
             "\t* - is laid out with auto layout\n"
             "\t+ - is laid out manually, but is represented in the layout engine because "
             "translatesAutoresizingMaskIntoConstraints = YES\n"
             "\t\xe2\x80\xa2 - layout engine host\n"
             "\xe2\x80\xa2View:0x%llx\n"
             "|   LayoutGuide:0x%llx\n"
             "|   *View:0x%llx'header'\n"
             "|   *View:0x%llx'%s'\n"
             "|   *View:0x%llx\n",
             root, guide, header, content, CONTENT_NAME, footer);
    snprintf(GUIDE_AMBIGUOUS, sizeof GUIDE_AMBIGUOUS,
             "|   *LayoutGuide:0x%llx- AMBIGUOUS LAYOUT for LayoutGuide:0x%llx.minY{range: [-inf, inf]}",
             guide, guide);
}

/* After all the failures: EN still lays out its screen, and a new one made now. */
static void final_check_view_model(void) {
    tether_view root = 0, box = 0;
    tether_layout_constraint cs[4];
    tether_status status;
    const tether_relation EQ = TETHER_RELATION_EQUAL;

    check_post("EN's screen after every error case", screen_ok() && bystanders_ok(), "screen_ok()");
    /* A new root 200 x 100 with a box inside its margins, 10 from the top, 20 high. */
    status = tether_view_new(EN, rect(0, 0, 200, 100), &root);
    if (status == TETHER_OK) status = tether_view_new(EN, rect(0, 0, 0, 0), &box);
    if (status == TETHER_OK) status = tether_view_add_subview(EN, root, box);
    if (status == TETHER_OK) status = tether_view_set_translates_autoresizing_mask(EN, box, 0);
    if (status == TETHER_OK)
        status = tether_layout_constraint_new(EN, box, TETHER_ATTRIBUTE_LEADING, EQ, root,
                                              TETHER_ATTRIBUTE_LEADING_MARGIN, 1, 0, 1000, &cs[0]);
    if (status == TETHER_OK)
        status = tether_layout_constraint_new(EN, box, TETHER_ATTRIBUTE_TRAILING, EQ, root,
                                              TETHER_ATTRIBUTE_TRAILING_MARGIN, 1, 0, 1000, &cs[1]);
    if (status == TETHER_OK)
        status = tether_layout_constraint_new(EN, box, TETHER_ATTRIBUTE_TOP, EQ, root,
                                              TETHER_ATTRIBUTE_TOP, 1, 10, 1000, &cs[2]);
    if (status == TETHER_OK)
        status = tether_layout_constraint_new(EN, box, TETHER_ATTRIBUTE_HEIGHT, EQ, 0,
                                              TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 20, 1000, &cs[3]);
    if (status == TETHER_OK) status = tether_layout_constraint_activate(EN, cs, 4, NULL);
    if (status == TETHER_OK) status = tether_engine_layout_all(EN);
    if (status != TETHER_OK) {
        const char *message = tether_last_error();
        char detail[512];
        snprintf(detail, sizeof detail, "%s: %s", tether_status_name(status), message);
        fail("EN lays out a new screen after every error case", detail);
    } else {
        check_post("EN lays out a new screen after every error case", frame_is(box, 8, 10, 184, 20),
                   "box at (8, 10, 184, 20)");
        check_post("... and relays it out after a resize",
                   tether_view_set_frame(EN, root, rect(0, 0, 300, 100)) == TETHER_OK &&
                       tether_view_layout_if_needed(EN, root) == TETHER_OK &&
                       frame_is(box, 8, 10, 284, 20),
                   "box at (8, 10, 284, 20)");
    }
    check_post("tether_view_free(EN, ROOT)", tether_view_free(EN, ROOT) == TETHER_OK &&
                                                 tether_view_frame(EN, HEADER, &g_rect) ==
                                                     TETHER_E_INVALID_ID,
               "the subtree is gone");
    check_post("tether_engine_free(EN)", tether_engine_free(EN) == TETHER_OK, "TETHER_OK");
    check_post("tether_engine_free(EN2)", tether_engine_free(EN2) == TETHER_OK, "TETHER_OK");
    check_post("EN is gone", tether_engine_layout_all(EN) == TETHER_E_INVALID_HANDLE,
               "TETHER_E_INVALID_HANDLE");
}

int main(void) {
    setup();
    setup_view_model();
    build_expected_texts();
    run_status_names();
    run_handle_table();
    run_variable_table();
    run_constraint_table();
    run_number_table();
    run_named_cases();
    run_engine_handle_table();
    run_item_id_tables();
    run_layout_constraint_table();
    run_view_cases();
    run_stack_id_table();
    run_stack_cases();
    final_check();
    final_check_view_model();
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
