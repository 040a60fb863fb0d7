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
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
static size_t g_idx; /* `failed_index` */
static char g_buf[64];
static tether_variable g_vars[4];
static double g_coefs[4];
static tether_constraint g_cons[4];
static tether_constraint_info g_info;
static tether_solver_stats g_stats;
static size_t g_dump_needed, g_dump_len;

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
}

/* Which output was written, or NULL when all are untouched (`needed` and `failed_index` are
 * checked by the caller). */
static const char *written_output(void) {
    unsigned char pattern[sizeof(tether_solver_stats)];
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
    ENTRY(variable_name, tether_solver_variable_name(h, U, g_buf, sizeof g_buf, &g_n))                 \
    ENTRY(variable_value, tether_solver_variable_value(h, X, &g_d))                                    \
    ENTRY(variable_values, tether_solver_variable_values(h, (tether_variable[]){X, Y}, 2, g_vals))     \
    ENTRY(constraint_new, tether_solver_constraint_new(h, (tether_variable[]){X}, (double[]){1}, 1, 0, \
                                                   TETHER_RELATION_EQUAL, 500, &g_c))              \
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
    } bad[4];
    size_t i, j;

    bad[0].name = "NULL handle", bad[0].handle = NULL, bad[0].want = NULL_HANDLE_STATUS;
    bad[1].name = "freed handle", bad[1].handle = FREED_S, bad[1].want = TETHER_E_INVALID_HANDLE;
    bad[2].name = "address of a local", bad[2].handle = (tether_solver *)(void *)&local,
    bad[2].want = TETHER_E_INVALID_HANDLE;
    bad[3].name = "zeroed heap block", bad[3].handle = (tether_solver *)heap,
    bad[3].want = TETHER_E_INVALID_HANDLE;

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
    ENTRY(variable_values, tether_solver_variable_values(S, (tether_variable[]){X, v}, 2, g_vals))     \
    ENTRY(constraint_new, tether_solver_constraint_new(S, (tether_variable[]){X, v},                   \
                                                   (double[]){1, 1}, 2, 0, TETHER_RELATION_EQUAL,  \
                                                   500, &g_c))                                     \
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
                check_post(what, state_ok() && variable_count_is(g_variable_count),
                           "state_ok() && no variable made or freed");
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
        {"coefficient 1e300", 1e300, -1, 0, 500, TETHER_OK},
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
        {13, "unknown status"},
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

int main(void) {
    setup();
    run_status_names();
    run_handle_table();
    run_variable_table();
    run_constraint_table();
    run_number_table();
    run_named_cases();
    final_check();
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
