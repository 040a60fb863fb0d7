/*
 * tether_bench: one canonical workload (shared docs, benchmarks.md) at one size through the
 * solver-level C ABI of Tether (Include/tether.h), printed as one JSON line.
 *
 *     tether_bench WORKLOAD N [--order natural|reverse|edits-first] [--shuffle SEED]
 *                  [--edits first|last] [--batch] [--churn-budget SECONDS]
 *
 * WORKLOAD is siblings, chain, stack, grid, grid2d or churn, or one of the zoo's solver shapes
 * (issue 18; tether_bench_zoo.c): grid2d-req, aspect-grid, form-raw; or one of its view-model
 * shapes, built through the C ABI's view model instead of a solver (tether_bench_views.c: form,
 * vgrid; tether_bench_zoo_views.c: aligned-feed, nested-stacks), whose constraints are activated
 * one at a time in the insertion order (nested-stacks: views arranged in it), and which print no
 * solver statistics (the ABI has none for an engine). The constraints, their terms
 * and their order are those of benchmarks/swift (Workloads.swift, ZooWorkloads.swift,
 * ViewWorkloads.swift, NestedStacks.swift; keep them in step): a constraint
 * `a == b` is made as `a - b == 0`, the terms of a first, then those of b negated. Each constraint
 * is made with tether_solver_constraint_new() and added with tether_solver_constraint_add(), one
 * at a time (--batch: all made first, then one tether_solver_constraint_add_batch()). --order
 * reverse adds them last to first; --shuffle SEED in the seeded shuffle every bench shares
 * (splitmix64 + Fisher–Yates, benchmarks/swift/Shuffle.swift); --edits first (or --order
 * edits-first) adds the root's edit variables and suggests their values before the constraints
 * instead of after them (chain, churn, grid, grid2d, grid2d-req, aspect-grid). Every status
 * is checked: a failing call exits 2 with its status name and tether_last_error(); a layout that
 * differs from the closed form exits 3, so a broken solver never posts a time.
 *
 * Build (plain C11; the other .c files of benchmarks/c that it includes and bench_support.h
 * come with it):
 *     cc -O2 -std=c11 -I Include benchmarks/c/tether_bench.c -L<libdir> -ltether \
 *        -Wl,-rpath,<libdir> -o tether_bench -lm
 */
#define _POSIX_C_SOURCE 200809L

#include "tether.h"

#define PROGRAM "tether_bench"
#include "bench_support.h"   /* failures, time, memory, the command line, JSON */
#include "bench_workloads.h" /* the workloads' sizes and closed forms */

#define EQ TETHER_RELATION_EQUAL
#define LE TETHER_RELATION_LESS_THAN_OR_EQUAL
#define GE TETHER_RELATION_GREATER_THAN_OR_EQUAL
#define REQUIRED TETHER_PRIORITY_REQUIRED
/* The edit priority of the root's size in every workload (`strong` in kiwisolver). */
#define EDIT_PRIORITY 999.0

/* ------------------------------------------------------------------------------------------ */
/* Failures of the library's calls                                                            */

static int engine_failure(const char *call, tether_status status)
{
    /* tether_status_name() never fails, so tether_last_error() still holds the message. */
    snprintf(failure, sizeof failure, "solver error: %s returned %s: %s", call,
             tether_status_name(status), tether_last_error());
    return EXIT_ENGINE;
}

/* Evaluates a tether_* call; on any status but TETHER_OK returns EXIT_ENGINE from the caller. */
#define TRY(call)                                                        \
    do {                                                                 \
        tether_status try_status_ = (call);                              \
        if (try_status_ != TETHER_OK) return engine_failure(#call, try_status_); \
    } while (0)

/* ------------------------------------------------------------------------------------------ */
/* Options and measurements                                                                   */

enum order { ORDER_NATURAL, ORDER_REVERSE, ORDER_SHUFFLE };

typedef struct {
    const char *workload;
    size_t index; /* of the workload in WORKLOADS and RUNS */
    size_t n;
    /* The insertion order: natural, reverse, or shuffled with `seed` (--shuffle SEED). */
    enum order order;
    uint64_t seed;
    /* --edits first (or --order edits-first): the root's edit variables added and suggested
     * before the constraints instead of after them. */
    int edits_first;
    int edits_given;
    int batch;
    double churn_budget_s;
    int order_given; /* while parsing: --order or --shuffle seen */
} options;

typedef struct {
    double build_solve_ms;
    resize_timings resize;
    int has_churn;
    double op_median_us, remove_median_us, add_median_us;
    int churn_cycles;
    size_t views, constraints;
    uint64_t rows, cells, pivots_build, pivots_total;
} measurement;

/* ------------------------------------------------------------------------------------------ */
/* Constraint lists: the constraints in the order a layout would create them, made and added in
 * this order or reversed (ConstraintList in Workloads.swift).                                */

typedef struct {
    size_t count, capacity;
    size_t *first_term;     /* per constraint: index of its first term; first_term[count] = end */
    double *constant;
    double *priority;
    tether_relation *relation;
    size_t term_count, term_capacity;
    tether_variable *variables;
    double *coefficients;
} constraint_list;

static void list_init(constraint_list *l, size_t capacity, size_t term_capacity)
{
    memset(l, 0, sizeof *l);
    l->capacity = capacity ? capacity : 1;
    l->term_capacity = term_capacity ? term_capacity : 1;
    l->first_term = xmalloc((l->capacity + 1) * sizeof *l->first_term);
    l->constant = xmalloc(l->capacity * sizeof *l->constant);
    l->priority = xmalloc(l->capacity * sizeof *l->priority);
    l->relation = xmalloc(l->capacity * sizeof *l->relation);
    l->variables = xmalloc(l->term_capacity * sizeof *l->variables);
    l->coefficients = xmalloc(l->term_capacity * sizeof *l->coefficients);
    l->first_term[0] = 0;
}

static void list_free(constraint_list *l)
{
    free(l->first_term);
    free(l->constant);
    free(l->priority);
    free(l->relation);
    free(l->variables);
    free(l->coefficients);
}

/* Appends `sum(coefficients[i] * variables[i]) + constant  relation  0` at `priority`; returns
 * its index in the list. */
static size_t list_append(constraint_list *l, size_t k, const tether_variable *variables,
                          const double *coefficients, double constant, tether_relation relation,
                          double priority)
{
    if (l->count == l->capacity) {
        l->capacity *= 2;
        l->first_term = xrealloc(l->first_term, (l->capacity + 1) * sizeof *l->first_term);
        l->constant = xrealloc(l->constant, l->capacity * sizeof *l->constant);
        l->priority = xrealloc(l->priority, l->capacity * sizeof *l->priority);
        l->relation = xrealloc(l->relation, l->capacity * sizeof *l->relation);
    }
    while (l->term_count + k > l->term_capacity) {
        l->term_capacity *= 2;
        l->variables = xrealloc(l->variables, l->term_capacity * sizeof *l->variables);
        l->coefficients = xrealloc(l->coefficients, l->term_capacity * sizeof *l->coefficients);
    }
    memcpy(l->variables + l->term_count, variables, k * sizeof *variables);
    memcpy(l->coefficients + l->term_count, coefficients, k * sizeof *coefficients);
    l->term_count += k;
    size_t i = l->count++;
    l->constant[i] = constant;
    l->priority[i] = priority;
    l->relation[i] = relation;
    l->first_term[i + 1] = l->term_count;
    return i;
}

/* Shorthands for 1 to 4 terms: C1(a, 1.0, ...) and so on. */
#define V(...) ((const tether_variable[]){__VA_ARGS__})
#define K(...) ((const double[]){__VA_ARGS__})
#define C1(l, v0, k0, c, rel, p) list_append(l, 1, V(v0), K(k0), c, rel, p)
#define C2(l, v0, k0, v1, k1, c, rel, p) list_append(l, 2, V(v0, v1), K(k0, k1), c, rel, p)
#define C3(l, v0, k0, v1, k1, v2, k2, c, rel, p) \
    list_append(l, 3, V(v0, v1, v2), K(k0, k1, k2), c, rel, p)
#define C4(l, v0, k0, v1, k1, v2, k2, v3, k3, c, rel, p) \
    list_append(l, 4, V(v0, v1, v2, v3), K(k0, k1, k2, k3), c, rel, p)

static int make_constraint(tether_solver *s, const constraint_list *l, size_t i,
                           tether_constraint *out)
{
    size_t first = l->first_term[i];
    TRY(tether_solver_constraint_new(s, l->variables + first, l->coefficients + first,
                                     l->first_term[i + 1] - first, l->constant[i], l->relation[i],
                                     l->priority[i], out));
    return 0;
}

/* splitmix64: the shuffle's generator, bit for bit the one of benchmarks/swift/Shuffle.swift
 * and benchmarks/shuffle.py, so that one seed names one order in every engine. */
static uint64_t splitmix64_next(uint64_t *state)
{
    *state += 0x9E3779B97F4A7C15u;
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The positions of `count` items in the order of `o` (item order[k] goes k-th), freshly
 * allocated: Fisher–Yates from the last position down, j = next() % (i + 1). */
static size_t *insertion_order(const options *o, size_t count)
{
    size_t *order = xmalloc(count * sizeof *order);
    for (size_t i = 0; i < count; i++) order[i] = o->order == ORDER_REVERSE ? count - 1 - i : i;
    if (o->order == ORDER_SHUFFLE) {
        uint64_t state = o->seed;
        for (size_t i = count; i-- > 1;) {
            size_t j = (size_t)(splitmix64_next(&state) % (uint64_t)(i + 1));
            size_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
    return order;
}

/* Makes and adds constraints [from, count) of the list, one add each (or all made first, then
 * one batch), in the insertion order of `o`, and writes the ids in list order into handles. */
static int list_add_from(tether_solver *s, const constraint_list *l, size_t from, const options *o,
                         tether_constraint *handles)
{
    size_t n = l->count - from;
    size_t *order = insertion_order(o, n);
    int r = 0;
    if (o->batch) {
        for (size_t i = 0; i < n && r == 0; i++) r = make_constraint(s, l, from + i, &handles[from + i]);
        if (r != 0) {
            free(order);
            return r;
        }
        tether_constraint *batch = xmalloc((n ? n : 1) * sizeof *batch);
        for (size_t k = 0; k < n; k++) batch[k] = handles[from + order[k]];
        size_t failed = 0;
        tether_status status = tether_solver_constraint_add_batch(s, batch, n, &failed);
        free(batch);
        free(order);
        if (status != TETHER_OK) {
            r = engine_failure("tether_solver_constraint_add_batch", status);
            size_t used = strlen(failure);
            snprintf(failure + used, sizeof failure - used, " (failed index %zu)", failed);
        }
        return r;
    }
    for (size_t k = 0; k < n && r == 0; k++) {
        size_t i = from + order[k];
        r = make_constraint(s, l, i, &handles[i]);
        if (r == 0) {
            tether_status status = tether_solver_constraint_add(s, handles[i]);
            if (status != TETHER_OK) r = engine_failure("tether_solver_constraint_add", status);
        }
    }
    free(order);
    return r;
}

/* Every constraint of the list in the insertion order of `o` (see list_add_from). */
static int list_add(tether_solver *s, const constraint_list *l, const options *o,
                    tether_constraint *handles)
{
    return list_add_from(s, l, 0, o, handles);
}

/* ------------------------------------------------------------------------------------------ */
/* Solver helpers                                                                             */

static int new_variables(tether_solver *s, tether_variable *out, size_t count)
{
    for (size_t i = 0; i < count; i++) TRY(tether_solver_variable_new(s, NULL, &out[i]));
    return 0;
}

static int value_of(tether_solver *s, tether_variable v, double *out)
{
    TRY(tether_solver_variable_value(s, v, out));
    return 0;
}

static int values_of(tether_solver *s, const tether_variable *v, size_t count, double *out)
{
    TRY(tether_solver_variable_values(s, v, count, out));
    return 0;
}

/* Returns EXIT_LAYOUT unless the value of v ≈ expected; `what` names it. */
static int expect_value(tether_solver *s, tether_variable v, double expected, const char *what)
{
    double actual;
    PASS(value_of(s, v, &actual));
    EXPECT(actual, expected, "%s", what);
    return 0;
}

static int record_build_statistics(tether_solver *s, measurement *m)
{
    tether_solver_stats st;
    TRY(tether_solver_stats_get(s, &st));
    m->rows = st.rows;
    m->cells = st.cells;
    m->pivots_build = st.pivots;
    return 0;
}

static int record_total_pivots(tether_solver *s, measurement *m)
{
    tether_solver_stats st;
    TRY(tether_solver_stats_get(s, &st));
    m->pivots_total = st.pivots;
    return 0;
}

/* The root's four variables, named root.left, root.top, root.width, root.height (in that order). */
static int new_root_variables(tether_solver *s, tether_variable *left, tether_variable *top,
                              tether_variable *width, tether_variable *height)
{
    TRY(tether_solver_variable_new(s, "root.left", left));
    TRY(tether_solver_variable_new(s, "root.top", top));
    TRY(tether_solver_variable_new(s, "root.width", width));
    TRY(tether_solver_variable_new(s, "root.height", height));
    return 0;
}

/* A new solver in *s with two named variables: a (name_a) and b (name_b). */
static int new_solver_with_two(tether_solver **s, const char *name_a, tether_variable *a,
                               const char *name_b, tether_variable *b)
{
    TRY(tether_solver_new(s));
    TRY(tether_solver_variable_new(*s, name_a, a));
    TRY(tether_solver_variable_new(*s, name_b, b));
    return 0;
}

/* A new solver in *s with the root's four variables (new_root_variables). */
static int new_solver_with_root(tether_solver **s, tether_variable *left, tether_variable *top,
                                tether_variable *width, tether_variable *height)
{
    TRY(tether_solver_new(s));
    return new_root_variables(*s, left, top, width, height);
}

/* Four arrays of `count` view variables each (left, top, width, height in any order). */
static void alloc_views(size_t count, tether_variable **a, tether_variable **b, tether_variable **c,
                        tether_variable **d)
{
    *a = xmalloc(count * sizeof **a), *b = xmalloc(count * sizeof **b);
    *c = xmalloc(count * sizeof **c), *d = xmalloc(count * sizeof **d);
}

/* One view's four unnamed variables, made in the order of the arguments. */
static int new_view(tether_solver *s, tether_variable *a, tether_variable *b, tether_variable *c,
                    tether_variable *d)
{
    tether_variable v[4];
    PASS(new_variables(s, v, 4));
    *a = v[0], *b = v[1], *c = v[2], *d = v[3];
    return 0;
}

/* root.left == 0 and root.top == 0, required. */
static void pin_root_origin(constraint_list *l, tether_variable left, tether_variable top)
{
    C1(l, left, 1.0, 0.0, EQ, REQUIRED);
    C1(l, top, 1.0, 0.0, EQ, REQUIRED);
}

/* A workload of views inside a root while it is built: its solver, the root's four named
 * variables, four arrays of the views' variables (each view's made by new_view, in the order
 * the workload gives) and the constraint list. */
typedef struct {
    tether_solver *s;
    tether_variable left, top, width, height; /* the root's */
    tether_variable *L, *T, *W, *H;           /* the views' */
    constraint_list list;
} root_build;

/* A new solver with the root's variables, room for `count` views, and a list (capacity and
 * term_capacity as list_init's) that begins with the root's origin pinned. */
static int begin_root_build(root_build *b, size_t count, size_t capacity, size_t term_capacity)
{
    b->s = NULL;
    PASS(new_solver_with_root(&b->s, &b->left, &b->top, &b->width, &b->height));
    alloc_views(count, &b->L, &b->T, &b->W, &b->H);
    list_init(&b->list, capacity, term_capacity);
    pin_root_origin(&b->list, b->left, b->top);
    return 0;
}

/* Adds the list in the order of `o` and makes `edit` an edit variable @999 suggested `value`,
 * after the constraints or, with --edits first, before them. */
static int list_add_with_edit(tether_solver *s, const constraint_list *l, const options *o,
                              tether_constraint *handles, tether_variable edit, double value)
{
    if (!o->edits_first) PASS(list_add(s, l, o, handles));
    TRY(tether_solver_edit_add(s, edit, EDIT_PRIORITY));
    TRY(tether_solver_edit_suggest(s, edit, value));
    if (o->edits_first) PASS(list_add(s, l, o, handles));
    return 0;
}

/* Ends the timed build begun at t0 (after its update) and records its size and statistics. */
static int end_build(tether_solver *s, measurement *m, uint64_t t0, size_t views,
                     size_t constraints)
{
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = views;
    m->constraints = constraints;
    return record_build_statistics(s, m);
}

/* Updates the solver, then ends the timed build (end_build). */
static int update_and_end_build(tether_solver *s, measurement *m, uint64_t t0, size_t views,
                                size_t constraints)
{
    TRY(tether_solver_update(s));
    return end_build(s, m, t0, views, constraints);
}

/* Records the run's total pivots and frees the solver. */
static int end_run(tether_solver *s, measurement *m)
{
    PASS(record_total_pivots(s, m));
    TRY(tether_solver_free(s));
    return 0;
}

/* end_run, then frees the run's constraint list and the array of its ids. */
static int end_list_run(tether_solver *s, measurement *m, constraint_list *l,
                        tether_constraint *handles)
{
    PASS(end_run(s, m));
    list_free(l);
    free(handles);
    return 0;
}

/* Ends the run (end_list_run) and frees the views' arrays and `values`, the verification's
 * scratch. */
static int end_root_build(root_build *b, measurement *m, tether_constraint *handles,
                          double *values)
{
    PASS(end_list_run(b->s, m, &b->list, handles));
    free(b->L), free(b->T), free(b->W), free(b->H), free(values);
    return 0;
}

/* The edit variable that a resize suggests values for. */
typedef struct {
    tether_solver *s;
    tether_variable edit;
} edit_target;

static int suggest_and_update(void *target, double value)
{
    const edit_target *t = target;
    tether_status status = tether_solver_edit_suggest(t->s, t->edit, value);
    if (status == TETHER_OK) status = tether_solver_update(t->s);
    if (status != TETHER_OK)
        return engine_failure("tether_solver_edit_suggest + tether_solver_update", status);
    return 0;
}

/* A first resize, then `count` more: each suggests value(k) for `edit` and updates (only that is
 * timed); check(k) verifies the layout after resize k (untimed). */
static int measure_resizes(tether_solver *s, tether_variable edit, int count,
                           resize_value_fn value, resize_check_fn check, const void *context,
                           measurement *m)
{
    edit_target target = {s, edit};
    return time_resizes(suggest_and_update, &target, count, value, check, context, &m->resize);
}

/* ------------------------------------------------------------------------------------------ */
/* siblings                                                                                   */

/* N views each pinned independently to the root: x == root.x + i, y == root.y + i, w == 10,
 * h == 10; the root's origin is pinned to 0. */
static int run_siblings(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    tether_variable *xs = xmalloc(n * sizeof *xs), *ys = xmalloc(n * sizeof *ys);
    tether_variable *ws = xmalloc(n * sizeof *ws), *hs = xmalloc(n * sizeof *hs);
    tether_solver *s = NULL;
    tether_variable root_x, root_y;
    PASS(new_solver_with_two(&s, "root.x", &root_x, "root.y", &root_y));
    constraint_list list;
    list_init(&list, 4 * n + 2, 8 * n + 2);
    C1(&list, root_x, 1.0, 0.0, EQ, REQUIRED);
    C1(&list, root_y, 1.0, 0.0, EQ, REQUIRED);
    for (size_t i = 0; i < n; i++) {
        tether_variable v[4];
        PASS(new_variables(s, v, 4));
        xs[i] = v[0], ys[i] = v[1], ws[i] = v[2], hs[i] = v[3];
        double offset = (double)i;
        C2(&list, xs[i], 1.0, root_x, -1.0, -offset, EQ, REQUIRED);
        C2(&list, ys[i], 1.0, root_y, -1.0, -offset, EQ, REQUIRED);
        C1(&list, ws[i], 1.0, -10.0, EQ, REQUIRED);
        C1(&list, hs[i], 1.0, -10.0, EQ, REQUIRED);
    }
    tether_constraint *handles = xmalloc(list.count * sizeof *handles);
    PASS(list_add(s, &list, o, handles));
    PASS(update_and_end_build(s, m, t0, n, list.count));

    double *vx = xmalloc(n * sizeof *vx), *vy = xmalloc(n * sizeof *vy);
    double *vw = xmalloc(n * sizeof *vw), *vh = xmalloc(n * sizeof *vh);
    PASS(values_of(s, xs, n, vx));
    PASS(values_of(s, ys, n, vy));
    PASS(values_of(s, ws, n, vw));
    PASS(values_of(s, hs, n, vh));
    PASS(check_siblings(vx, vy, vw, vh, n));
    PASS(end_list_run(s, m, &list, handles));
    free(vx), free(vy), free(vw), free(vh);
    free(xs), free(ys), free(ws), free(hs);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* chain (and churn)                                                                          */

/* N views in a row inside a root: first.left == root.left + 20, left[i] == right[i-1] + 8, all
 * widths equal, last.right == root.right - 20; root.left == 0, root.width an edit variable. */
typedef struct {
    tether_solver *s;
    size_t n;
    tether_variable root_left, root_width;
    tether_variable *lefts, *widths;
    constraint_list list;
    tether_constraint *handles;
    size_t middle_link; /* index in list of left[n/2] == right[n/2 - 1] + 8 */
    double *values;     /* scratch for verification, 2n */
} chain;

static int chain_init(chain *c, tether_solver *s, size_t n)
{
    c->s = s;
    c->n = n;
    TRY(tether_solver_variable_new(s, "root.left", &c->root_left));
    TRY(tether_solver_variable_new(s, "root.width", &c->root_width));
    c->lefts = xmalloc(n * sizeof *c->lefts);
    c->widths = xmalloc(n * sizeof *c->widths);
    for (size_t i = 0; i < n; i++) {
        TRY(tether_solver_variable_new(s, NULL, &c->lefts[i]));
        TRY(tether_solver_variable_new(s, NULL, &c->widths[i]));
    }
    constraint_list *l = &c->list;
    list_init(l, 2 * n + 1, 5 * n + 2);
    tether_variable rl = c->root_left, rw = c->root_width, *L = c->lefts, *W = c->widths;
    C1(l, rl, 1.0, 0.0, EQ, REQUIRED);
    C2(l, L[0], 1.0, rl, -1.0, -20.0, EQ, REQUIRED);
    c->middle_link = 0;
    for (size_t i = 1; i < n; i++) {
        size_t link = C3(l, L[i], 1.0, L[i - 1], -1.0, W[i - 1], -1.0, -8.0, EQ, REQUIRED);
        if (i == n / 2) c->middle_link = link;
        C2(l, W[i], 1.0, W[i - 1], -1.0, 0.0, EQ, REQUIRED);
    }
    C4(l, L[n - 1], 1.0, W[n - 1], 1.0, rl, -1.0, rw, -1.0, 20.0, EQ, REQUIRED);
    c->handles = xmalloc(l->count * sizeof *c->handles);
    c->values = NULL;
    return 0;
}

static void chain_free(chain *c)
{
    free(c->lefts);
    free(c->widths);
    free(c->handles);
    free(c->values);
    list_free(&c->list);
}

static int chain_verify(chain *c, double view_width)
{
    size_t n = c->n;
    if (!c->values) c->values = xmalloc(2 * n * sizeof *c->values);
    double *left = c->values, *width = c->values + n;
    PASS(values_of(c->s, c->lefts, n, left));
    PASS(values_of(c->s, c->widths, n, width));
    PASS(check_chain(left, width, n, view_width));
    PASS(expect_value(c->s, c->root_left, 0, "root.left"));
    return 0;
}

/* A cheap spot check: first left, last width, last left. */
static int chain_spot_check(const chain *c, double view_width)
{
    size_t n = c->n;
    tether_variable v[3] = {c->lefts[0], c->widths[n - 1], c->lefts[n - 1]};
    double x[3];
    PASS(values_of(c->s, v, 3, x));
    return check_chain_spots(x[0], x[1], x[2], n, view_width);
}

static int build_chain(const options *o, measurement *m, chain *c)
{
    uint64_t t0 = now_ns();
    tether_solver *s = NULL;
    TRY(tether_solver_new(&s));
    PASS(chain_init(c, s, o->n));
    PASS(list_add_with_edit(s, &c->list, o, c->handles, c->root_width, chain_root_width(o->n, 10)));
    PASS(update_and_end_build(s, m, t0, o->n, c->list.count));
    PASS(chain_verify(c, 10));
    return 0;
}

static double chain_resize_value(const void *context, int k)
{
    const chain *c = context;
    return chain_root_width(c->n, chain_view_width(k));
}

static int chain_resize_check(const void *context, int k)
{
    return chain_spot_check(context, chain_view_width(k));
}

static int run_chain(const options *o, measurement *m)
{
    chain c;
    PASS(build_chain(o, m, &c));
    PASS(measure_resizes(c.s, c.root_width, 100, chain_resize_value, chain_resize_check, &c, m));
    PASS(chain_verify(&c, chain_view_width(101)));
    PASS(end_run(c.s, m));
    chain_free(&c);
    return 0;
}

/* A built chain of N; remove and re-add the middle link 1,000 times (or until the budget is
 * spent); each remove and each add is timed on its own. No update in between. */
static int run_churn(const options *o, measurement *m)
{
    chain c;
    PASS(build_chain(o, m, &c));
    tether_constraint link = c.handles[c.middle_link];
    double *removes = xmalloc(1000 * sizeof *removes), *adds = xmalloc(1000 * sizeof *adds);
    double *both = xmalloc(2000 * sizeof *both);
    uint64_t budget = (uint64_t)(o->churn_budget_s * 1e9);
    uint64_t start = now_ns();
    int cycles = 0;
    for (int k = 0; k < 1000; k++) {
        uint64_t t0 = now_ns();
        TRY(tether_solver_constraint_remove(c.s, link));
        uint64_t t1 = now_ns();
        TRY(tether_solver_constraint_add(c.s, link));
        uint64_t t2 = now_ns();
        removes[cycles] = us_between(t0, t1);
        adds[cycles] = us_between(t1, t2);
        cycles++;
        if (t2 - start > budget) break;
    }
    m->has_churn = 1;
    m->churn_cycles = cycles;
    memcpy(both, removes, (size_t)cycles * sizeof *both);
    memcpy(both + cycles, adds, (size_t)cycles * sizeof *both);
    m->remove_median_us = median(removes, (size_t)cycles);
    m->add_median_us = median(adds, (size_t)cycles);
    m->op_median_us = median(both, 2 * (size_t)cycles);
    TRY(tether_solver_update(c.s));
    PASS(chain_verify(&c, 10));
    PASS(end_run(c.s, m));
    free(removes), free(adds), free(both);
    chain_free(&c);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* stack                                                                                      */

/* N views stacked vertically and fully determined: h[i] == 44, top[0] == root.top,
 * top[i] == bottom[i-1]; root.top == 0 and root.bottom == last.bottom. */
static int run_stack(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    tether_solver *s = NULL;
    tether_variable root_top, root_height;
    PASS(new_solver_with_two(&s, "root.top", &root_top, "root.height", &root_height));
    tether_variable *tops = xmalloc(n * sizeof *tops), *heights = xmalloc(n * sizeof *heights);
    constraint_list list;
    list_init(&list, 2 * n + 2, 4 * n + 4);
    C1(&list, root_top, 1.0, 0.0, EQ, REQUIRED);
    for (size_t i = 0; i < n; i++) {
        TRY(tether_solver_variable_new(s, NULL, &tops[i]));
        TRY(tether_solver_variable_new(s, NULL, &heights[i]));
        C1(&list, heights[i], 1.0, -44.0, EQ, REQUIRED);
        if (i == 0) {
            C2(&list, tops[0], 1.0, root_top, -1.0, 0.0, EQ, REQUIRED);
        } else {
            C3(&list, tops[i], 1.0, tops[i - 1], -1.0, heights[i - 1], -1.0, 0.0, EQ, REQUIRED);
        }
    }
    C4(&list, root_top, 1.0, root_height, 1.0, tops[n - 1], -1.0, heights[n - 1], -1.0, 0.0, EQ,
       REQUIRED);
    tether_constraint *handles = xmalloc(list.count * sizeof *handles);
    PASS(list_add(s, &list, o, handles));
    PASS(update_and_end_build(s, m, t0, n, list.count));

    double *vt = xmalloc(n * sizeof *vt), *vh = xmalloc(n * sizeof *vh);
    PASS(values_of(s, tops, n, vt));
    PASS(values_of(s, heights, n, vh));
    PASS(check_stack(vt, vh, n));
    PASS(expect_value(s, root_height, 44 * (double)n, "root.height"));
    PASS(end_list_run(s, m, &list, handles));
    free(vt), free(vh), free(tops), free(heights);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid (a feed)                                                                              */

typedef struct {
    tether_solver *s;
    size_t n;
    tether_variable root_height;
    tether_variable *lefts, *widths, *tops, *heights;
    double *values; /* scratch, 4n */
} feed;

static int feed_verify(const feed *f, double root_w)
{
    size_t n = f->n;
    double *top = f->values, *height = top + n, *left = height + n, *width = left + n;
    PASS(values_of(f->s, f->tops, n, top));
    PASS(values_of(f->s, f->heights, n, height));
    PASS(values_of(f->s, f->lefts, n, left));
    PASS(values_of(f->s, f->widths, n, width));
    double root_height = 0;
    PASS(check_feed(top, height, left, width, n, root_w, &root_height));
    PASS(expect_value(f->s, f->root_height, root_height, "root.height"));
    return 0;
}

static int feed_resize_check(const void *context, int k)
{
    const feed *f = context;
    size_t n = f->n;
    tether_variable v[2] = {f->widths[n - 1], f->widths[0]};
    double x[2];
    PASS(values_of(f->s, v, 2, x));
    return check_feed_spots(x[0], x[1], n, k);
}

/* N cells stacked vertically: top[0] == root.top + 4, top[i] == bottom[i-1] + 4; left/right
 * pinned to the root with 16 insets; height >= 44, height <= intrinsic @250, height >= intrinsic
 * @750. root.left == root.top == 0; root.width an edit variable @999; the root's height hugs the
 * content: root.bottom >= last.bottom + 4 (required) and root.height == 0 @50. */
static int run_grid(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    root_build b;
    PASS(begin_root_build(&b, n, 6 * n + 4, 13 * n + 8));
    for (size_t i = 0; i < n; i++) {
        PASS(new_view(b.s, &b.L[i], &b.W[i], &b.T[i], &b.H[i]));
        if (i == 0) {
            C2(&b.list, b.T[0], 1.0, b.top, -1.0, -4.0, EQ, REQUIRED);
        } else {
            C3(&b.list, b.T[i], 1.0, b.T[i - 1], -1.0, b.H[i - 1], -1.0, -4.0, EQ, REQUIRED);
        }
        C2(&b.list, b.L[i], 1.0, b.left, -1.0, -16.0, EQ, REQUIRED);
        C4(&b.list, b.L[i], 1.0, b.W[i], 1.0, b.left, -1.0, b.width, -1.0, 16.0, EQ, REQUIRED);
        double intrinsic = feed_intrinsic(i);
        C1(&b.list, b.H[i], 1.0, -44.0, GE, REQUIRED);
        C1(&b.list, b.H[i], 1.0, -intrinsic, LE, 250.0);
        C1(&b.list, b.H[i], 1.0, -intrinsic, GE, 750.0);
    }
    C4(&b.list, b.top, 1.0, b.height, 1.0, b.T[n - 1], -1.0, b.H[n - 1], -1.0, -4.0, GE, REQUIRED);
    C1(&b.list, b.height, 1.0, 0.0, EQ, 50.0);
    tether_constraint *handles = xmalloc(b.list.count * sizeof *handles);
    PASS(list_add_with_edit(b.s, &b.list, o, handles, b.width, 375));
    PASS(update_and_end_build(b.s, m, t0, n, b.list.count));

    feed f = {b.s, n, b.height, b.L, b.W, b.T, b.H, xmalloc(4 * n * sizeof(double))};
    PASS(feed_verify(&f, 375));
    PASS(measure_resizes(b.s, b.width, 100, feed_resize_value, feed_resize_check, &f, m));
    PASS(feed_verify(&f, feed_root_width(101)));
    PASS(end_root_build(&b, m, handles, f.values));
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid2d                                                                                     */

typedef struct {
    tether_solver *s;
    size_t side, count;
    tether_variable *lefts, *tops, *widths, *heights;
    double *values; /* scratch, 4 count */
} grid2d;

static int grid2d_verify(const grid2d *g, double view_width)
{
    size_t s = g->side, count = g->count;
    double *w = g->values, *h = w + count, *left = h + count, *top = left + count;
    PASS(values_of(g->s, g->widths, count, w));
    PASS(values_of(g->s, g->heights, count, h));
    PASS(values_of(g->s, g->lefts, count, left));
    PASS(values_of(g->s, g->tops, count, top));
    return check_grid2d(w, h, left, top, s, view_width);
}

static double grid2d_resize_value(const void *context, int k)
{
    const grid2d *g = context;
    return grid2d_root_width(g->side, grid2d_view_width(k));
}

static int grid2d_resize_check(const void *context, int k)
{
    const grid2d *g = context;
    tether_variable v[2] = {g->widths[g->count - 1], g->widths[0]};
    double x[2];
    PASS(values_of(g->s, v, 2, x));
    return check_grid2d_spots(x[0], x[1], k);
}

/* Makes the root's width and height edit variables @999 and suggests views of 100×44. */
static int grid2d_add_edits(tether_solver *sv, size_t s, tether_variable root_width,
                            tether_variable root_height)
{
    TRY(tether_solver_edit_add(sv, root_width, EDIT_PRIORITY));
    TRY(tether_solver_edit_add(sv, root_height, EDIT_PRIORITY));
    TRY(tether_solver_edit_suggest(sv, root_width, grid2d_root_width(s, 100)));
    TRY(tether_solver_edit_suggest(sv, root_height, grid2d_root_width(s, 44)));
    return 0;
}

/* s×s views: w >= 20, h >= 20, w == 100 @250, h == 44 @250; left == root.left + 8 (first
 * column) or left neighbour's right + 8; top == root.top + 8 (first row) or upper neighbour's
 * bottom + 8; width == first of its row's width @500; height == first of its column's height
 * @500; last of each row: right == root.right - 8 @750; last of each column: bottom ==
 * root.bottom - 8 @750. Root width and height are edit variables @999 (views 100×44), added and
 * suggested after the constraints (before them with --order edits-first). */
static int run_grid2d(const options *o, measurement *m)
{
    size_t s = grid_side(o->n), count = s * s;
    /* grid2d-req: the equal widths per row and heights per column required, not @500. */
    double equal = strcmp(o->workload, "grid2d-req") == 0 ? REQUIRED : 500.0;
    uint64_t t0 = now_ns();
    root_build b;
    PASS(begin_root_build(&b, count, 8 * count + 2, 16 * count + 2));
    for (size_t i = 0; i < count; i++) {
        size_t r = i / s, c = i % s; /* row-major */
        PASS(new_view(b.s, &b.L[i], &b.T[i], &b.W[i], &b.H[i]));
        C1(&b.list, b.W[i], 1.0, -20.0, GE, REQUIRED);
        C1(&b.list, b.H[i], 1.0, -20.0, GE, REQUIRED);
        C1(&b.list, b.W[i], 1.0, -100.0, EQ, 250.0);
        C1(&b.list, b.H[i], 1.0, -44.0, EQ, 250.0);
        if (c == 0) {
            C2(&b.list, b.L[i], 1.0, b.left, -1.0, -8.0, EQ, REQUIRED);
        } else {
            size_t k = r * s + c - 1;
            C3(&b.list, b.L[i], 1.0, b.L[k], -1.0, b.W[k], -1.0, -8.0, EQ, REQUIRED);
        }
        if (r == 0) {
            C2(&b.list, b.T[i], 1.0, b.top, -1.0, -8.0, EQ, REQUIRED);
        } else {
            size_t k = (r - 1) * s + c;
            C3(&b.list, b.T[i], 1.0, b.T[k], -1.0, b.H[k], -1.0, -8.0, EQ, REQUIRED);
        }
        if (c > 0) C2(&b.list, b.W[i], 1.0, b.W[r * s], -1.0, 0.0, EQ, equal);
        if (r > 0) C2(&b.list, b.H[i], 1.0, b.H[c], -1.0, 0.0, EQ, equal);
        if (c == s - 1)
            C4(&b.list, b.L[i], 1.0, b.W[i], 1.0, b.left, -1.0, b.width, -1.0, 8.0, EQ, 750.0);
        if (r == s - 1)
            C4(&b.list, b.T[i], 1.0, b.H[i], 1.0, b.top, -1.0, b.height, -1.0, 8.0, EQ, 750.0);
    }
    tether_constraint *handles = xmalloc(b.list.count * sizeof *handles);
    if (o->edits_first) PASS(grid2d_add_edits(b.s, s, b.width, b.height));
    PASS(list_add(b.s, &b.list, o, handles));
    if (!o->edits_first) PASS(grid2d_add_edits(b.s, s, b.width, b.height));
    PASS(update_and_end_build(b.s, m, t0, count, b.list.count));

    grid2d g = {b.s, s, count, b.L, b.T, b.W, b.H, xmalloc(4 * count * sizeof(double))};
    PASS(grid2d_verify(&g, 100));
    PASS(measure_resizes(b.s, b.width, 100, grid2d_resize_value, grid2d_resize_check, &g, m));
    PASS(grid2d_verify(&g, grid2d_view_width(101)));
    PASS(end_root_build(&b, m, handles, g.values));
    return 0;
}

/* The zoo's solver shapes (aspect-grid, form-raw) and view-model shapes (form, vgrid,
 * aligned-feed, nested-stacks), kept in their own files; one translation unit, so run.py's
 * single cc command still builds the bench. */
#include "tether_bench_zoo.c"
#include "tether_bench_views.c"
#include "tether_bench_zoo_views.c"

/* ------------------------------------------------------------------------------------------ */
/* Driver                                                                                     */

static const char *const WORKLOADS[] = {"siblings", "chain", "stack", "grid", "grid2d", "churn",
                                        "grid2d-req", "aspect-grid", "form-raw", "form", "vgrid",
                                        "aligned-feed", "nested-stacks"};
/* The run of each workload of WORKLOADS, in the same order. */
static int (*const RUNS[])(const options *, measurement *) = {
    run_siblings, run_chain, run_stack, run_grid, run_grid2d, run_churn, run_grid2d,
    run_aspect_grid, run_form_raw, run_form, run_vgrid, run_aligned_feed, run_nested_stacks};
/* The view-model workloads: activated one constraint at a time (no --batch), no solver stats. */
static const char *const VIEW_MODEL_WORKLOADS[] = {"form", "vgrid", "aligned-feed",
                                                   "nested-stacks"};
/* The workloads with edit variables (the root's size), which --edits places. */
static const char *const EDIT_WORKLOADS[] = {"chain", "churn", "grid", "grid2d", "grid2d-req",
                                             "aspect-grid"};

static int has_edits(const char *workload)
{
    for (size_t k = 0; k < sizeof EDIT_WORKLOADS / sizeof *EDIT_WORKLOADS; k++)
        if (strcmp(workload, EDIT_WORKLOADS[k]) == 0) return 1;
    return 0;
}

static int is_view_model(const char *workload)
{
    for (size_t k = 0; k < sizeof VIEW_MODEL_WORKLOADS / sizeof *VIEW_MODEL_WORKLOADS; k++)
        if (strcmp(workload, VIEW_MODEL_WORKLOADS[k]) == 0) return 1;
    return 0;
}

/* --order, --shuffle, --edits, --churn-budget (each with a value) and --batch. */
static int parse_option(void *options_, int argc, char **argv, int *i)
{
    options *o = options_;
    const char *a = argv[*i];
    if (strcmp(a, "--batch") == 0) {
        o->batch = 1;
        return 1;
    }
    if (strcmp(a, "--order") != 0 && strcmp(a, "--churn-budget") != 0
        && strcmp(a, "--shuffle") != 0 && strcmp(a, "--edits") != 0)
        return 0;
    const char *v = option_value(argc, argv, i);
    if (!v) return -1;
    if (strcmp(a, "--order") == 0) {
        if (o->order_given++) return -1;
        if (strcmp(v, "reverse") == 0) o->order = ORDER_REVERSE;
        else if (strcmp(v, "edits-first") == 0) o->edits_first = o->edits_given = 1;
        else if (strcmp(v, "natural") != 0) return -1;
    } else if (strcmp(a, "--shuffle") == 0) {
        char *end;
        if (o->order_given++ || *v == '\0' || *v == '-') return -1;
        o->seed = strtoull(v, &end, 10);
        if (*end != '\0') return -1;
        o->order = ORDER_SHUFFLE;
    } else if (strcmp(a, "--edits") == 0) {
        if (strcmp(v, "first") == 0) o->edits_first = 1;
        else if (strcmp(v, "last") == 0) o->edits_first = 0;
        else return -1;
        o->edits_given = 1;
    } else if (parse_seconds(v, &o->churn_budget_s) != 0) {
        return -1;
    }
    return 1;
}

static int parse_options(int argc, char **argv, options *o)
{
    o->order = ORDER_NATURAL;
    o->seed = 0;
    o->edits_first = 0;
    o->edits_given = 0;
    o->batch = 0;
    o->churn_budget_s = 20.0;
    o->order_given = 0;
    return parse_command_line(argc, argv, parse_option, o, WORKLOADS,
                              sizeof WORKLOADS / sizeof *WORKLOADS, &o->workload, &o->index,
                              &o->n);
}

static int usage(void)
{
    fprintf(stderr,
            PROGRAM ": usage: " PROGRAM " WORKLOAD N [--order natural|reverse|edits-first] "
                    "[--shuffle SEED] [--edits first|last] [--batch] [--churn-budget SECONDS]\n"
                    "  WORKLOAD: siblings, chain, stack, grid, grid2d, churn, grid2d-req, "
                    "aspect-grid, form-raw, form, vgrid, aligned-feed, nested-stacks\n  --edits first|last (or --order edits-first): the "
                    "root's edit variables before or after the constraints (chain, churn, grid, "
                    "grid2d, grid2d-req, aspect-grid)\n");
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o) != 0) return usage();
    if (o.edits_given && !has_edits(o.workload)) {
        fprintf(stderr, PROGRAM ": --edits applies to the workloads with edit variables; %s has "
                                "none\n", o.workload);
        return EXIT_USAGE;
    }
    if (o.batch && is_view_model(o.workload)) {
        fprintf(stderr, PROGRAM ": %s activates one constraint at a time, as the view model does: "
                                "no --batch\n", o.workload);
        return EXIT_USAGE;
    }
    if (tether_abi_version() != TETHER_ABI_VERSION) {
        fprintf(stderr, PROGRAM ": the library's ABI version %u is not this header's %u\n",
                (unsigned)tether_abi_version(), (unsigned)TETHER_ABI_VERSION);
        return EXIT_ENGINE;
    }
    memory_baseline before = memory_before();
    measurement m = {0};
    int r = RUNS[o.index](&o, &m);
    if (r != 0) return run_failed(o.workload, o.n, r);

    int first = json_begin("tether-c", o.workload, o.n);
    json_string("order", o.order == ORDER_SHUFFLE ? "shuffle" : o.order == ORDER_REVERSE ? "reverse" : "natural",
                &first);
    if (o.order == ORDER_SHUFFLE) json_integer("seed", o.seed, &first);
    if (has_edits(o.workload)) json_string("edits", o.edits_first ? "first" : "last", &first);
    json_string("adds", o.batch ? "batch" : "one by one", &first);
    json_integer("views", m.views, &first);
    json_integer("constraints", m.constraints, &first);
    json_number("build_solve_ms", m.build_solve_ms, &first);
    json_resizes(&m.resize, &first);
    if (m.has_churn) {
        json_number("op_us_median", m.op_median_us, &first);
        json_number("remove_us_median", m.remove_median_us, &first);
        json_number("add_us_median", m.add_median_us, &first);
        json_integer("churn_cycles", (unsigned long long)m.churn_cycles, &first);
    }
    if (view_out.active) {
        if (view_out.has_solver) {
            /* The root's solver (tether_view_layout_solver_stats): cells per constraint it
             * holds, content sizes and root pins included, as the Swift bench reports them. */
            json_integer("rows", m.rows, &first);
            json_integer("cells", m.cells, &first);
            json_number("cells_per_constraint",
                        view_out.solver_constraints
                            ? (double)m.cells / (double)view_out.solver_constraints : 0,
                        &first);
            json_integer("pivots", m.pivots_build, &first);
        }
        json_view_report(&first);
    } else {
        json_integer("rows", m.rows, &first);
        json_integer("cells", m.cells, &first);
        /* Tableau cells per constraint added: the fill-in an order causes, whatever the speed. */
        json_number("cells_per_constraint",
                    m.constraints ? (double)m.cells / (double)m.constraints : 0, &first);
        json_integer("pivots", m.pivots_build, &first);
        json_integer("pivots_total", m.pivots_total, &first);
    }
    json_verified_and_memory(before, &first);
    printf("}\n");
    return fflush(stdout) == 0 ? 0 : EXIT_ENGINE;
}
