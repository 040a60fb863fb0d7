/*
 * The zoo's solver shapes for tether_bench (issue 18), included by tether_bench.c (one
 * translation unit): aspect-grid (benchmarks/swift/ZooWorkloads.swift) and form-raw
 * (benchmarks/swift/ViewWorkloads.swift), the same constraints, terms and order as the Swift
 * bench, added in the insertion order of the options and verified against the closed form.
 */

/* Resizes per zoo run (tether-bench's zooResizes): the zoo compares builds, not resizes. */
#define ZOO_RESIZES 10

/* ------------------------------------------------------------------------------------------ */
/* aspect-grid                                                                                */

#define ASPECT_COLUMNS 4

/* The width ÷ height ratio of the cells of row r. */
static double aspect_ratio(size_t r)
{
    static const double ratios[5] = {1.0, 4.0 / 3.0, 1.5, 16.0 / 9.0, 0.75};
    return ratios[r % 5];
}

/* Root width after resize k (k >= 1); the build uses 375. */
static double aspect_root_width(int k) { return 320 + 24 * (double)(k % 7); }

typedef struct {
    tether_solver *s;
    size_t rows;
    tether_variable root_height;
    tether_variable *lefts, *tops, *widths, *heights;
    double *values; /* scratch, 4 × count */
} aspect_grid;

/* Every cell (every = 1) or the first and last rows against the closed form at root width w. */
static int aspect_verify(const aspect_grid *g, double root_w, int every)
{
    size_t count = g->rows * ASPECT_COLUMNS;
    double *left = g->values, *top = left + count, *w = top + count, *h = w + count;
    PASS(values_of(g->s, g->lefts, count, left));
    PASS(values_of(g->s, g->tops, count, top));
    PASS(values_of(g->s, g->widths, count, w));
    PASS(values_of(g->s, g->heights, count, h));
    double cell = (root_w - 8 * (ASPECT_COLUMNS + 1)) / ASPECT_COLUMNS, y = 8;
    for (size_t r = 0; r < g->rows; r++) {
        double height = cell / aspect_ratio(r);
        if (every || r == 0 || r == g->rows - 1) {
            for (size_t c = 0; c < ASPECT_COLUMNS; c++) {
                size_t k = r * ASPECT_COLUMNS + c;
                EXPECT(left[k], 8 + (double)c * (cell + 8), "left[%zu,%zu]", r, c);
                EXPECT(w[k], cell, "w[%zu,%zu]", r, c);
                EXPECT(h[k], height, "h[%zu,%zu]", r, c);
                EXPECT(top[k], y, "top[%zu,%zu]", r, c);
            }
        }
        y += height + 8;
    }
    PASS(expect_value(g->s, g->root_height, y, "root.height"));
    return 0;
}

static double aspect_resize_value(const void *context, int k)
{
    (void)context;
    return aspect_root_width(k);
}

static int aspect_resize_check(const void *context, int k)
{
    return aspect_verify(context, aspect_root_width(k), 0);
}

/* N views (whole rows of 4) in 4 columns of equal width that fill the root; each cell's width ==
 * its row's ratio × its height; rows stacked with 8 between; the root's height hugs the content;
 * root.width an edit variable @999 (375), after the constraints or, with --edits first, before. */
static int run_aspect_grid(const options *o, measurement *m)
{
    size_t rows = o->n / ASPECT_COLUMNS ? o->n / ASPECT_COLUMNS : 1;
    size_t count = rows * ASPECT_COLUMNS;
    uint64_t t0 = now_ns();
    root_build b;
    PASS(begin_root_build(&b, count, 6 * count + 4, 14 * count + 4));
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < ASPECT_COLUMNS; c++) {
            size_t k = r * ASPECT_COLUMNS + c;
            PASS(new_view(b.s, &b.L[k], &b.T[k], &b.W[k], &b.H[k]));
            if (c == 0) {
                C2(&b.list, b.L[k], 1.0, b.left, -1.0, -8.0, EQ, REQUIRED);
            } else {
                C3(&b.list, b.L[k], 1.0, b.L[k - 1], -1.0, b.W[k - 1], -1.0, -8.0, EQ, REQUIRED);
                C2(&b.list, b.W[k], 1.0, b.W[r * ASPECT_COLUMNS], -1.0, 0.0, EQ, REQUIRED);
            }
            if (c == ASPECT_COLUMNS - 1)
                C4(&b.list, b.L[k], 1.0, b.W[k], 1.0, b.left, -1.0, b.width, -1.0, 8.0, EQ,
                   REQUIRED);
            C2(&b.list, b.W[k], 1.0, b.H[k], -aspect_ratio(r), 0.0, EQ, REQUIRED);
            if (r == 0) {
                C2(&b.list, b.T[k], 1.0, b.top, -1.0, -8.0, EQ, REQUIRED);
            } else {
                size_t a = k - ASPECT_COLUMNS;
                C3(&b.list, b.T[k], 1.0, b.T[a], -1.0, b.H[a], -1.0, -8.0, EQ, REQUIRED);
            }
            if (r == rows - 1)
                C4(&b.list, b.top, 1.0, b.height, 1.0, b.T[k], -1.0, b.H[k], -1.0, -8.0, GE,
                   REQUIRED);
        }
    }
    C1(&b.list, b.height, 1.0, 0.0, EQ, 50.0);
    tether_constraint *handles = xmalloc(b.list.count * sizeof *handles);
    PASS(list_add_with_edit(b.s, &b.list, o, handles, b.width, 375));
    PASS(update_and_end_build(b.s, m, t0, count, b.list.count));

    aspect_grid g = {b.s, rows, b.height, b.L, b.T, b.W, b.H, xmalloc(4 * count * sizeof(double))};
    PASS(aspect_verify(&g, 375, 1));
    PASS(measure_resizes(b.s, b.width, ZOO_RESIZES, aspect_resize_value, aspect_resize_check, &g,
                         m));
    PASS(aspect_verify(&g, aspect_root_width(ZOO_RESIZES + 1), 1));
    PASS(end_root_build(&b, m, handles, g.values));
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* form-raw                                                                                   */

static double form_label_width(size_t i) { return 40 + (double)((i * 29) % 80); }
#define FORM_LABEL_HEIGHT 21.0
#define FORM_FIELD_HEIGHT 34.0

/* Checks label and field i (variables 4·view: left, top, width, height, root coordinates). */
static int form_verify_row(const double *v, size_t i, double column, double root_w)
{
    const double *label = v + 4 * (1 + 2 * i), *field = label + 4;
    double top = 16 + 42 * (double)i;
    EXPECT(label[0], 16, "label[%zu].x", i);
    EXPECT(label[1], top + (FORM_FIELD_HEIGHT - FORM_LABEL_HEIGHT) / 2, "label[%zu].y", i);
    EXPECT(label[2], column, "label[%zu].width", i);
    EXPECT(label[3], FORM_LABEL_HEIGHT, "label[%zu].height", i);
    EXPECT(field[0], 24 + column, "field[%zu].x", i);
    EXPECT(field[1], top, "field[%zu].y", i);
    EXPECT(field[2], root_w - 40 - column, "field[%zu].width", i);
    EXPECT(field[3], FORM_FIELD_HEIGHT, "field[%zu].height", i);
    return 0;
}

/* The view model's solver for `form` (RootLayout's order): 4 variables per view in hierarchy
 * order (root, then label and field per row), the root's pins, the content sizes, then the
 * user's constraints (first − second − constant RELATION 0) in the insertion order; the pins
 * and content sizes always first, in their order, as the view model adds them. Resizes set the
 * width pin's constant. */
static int run_form_raw(const options *o, measurement *m)
{
    size_t n = o->n, views = 1 + 2 * n;
    uint64_t t0 = now_ns();
    tether_solver *s = NULL;
    TRY(tether_solver_new(&s));
    tether_variable *var = xmalloc(4 * views * sizeof *var);
    PASS(new_variables(s, var, 4 * views));
#define LEFT_(v) var[4 * (v)]
#define TOP_(v) var[4 * (v) + 1]
#define WIDTH_(v) var[4 * (v) + 2]
#define HEIGHT_(v) var[4 * (v) + 3]
    constraint_list fixed, user;
    list_init(&fixed, 6 * n + 4, 6 * n + 4);
    list_init(&user, 6 * n, 28 * n);
    C1(&fixed, LEFT_(0), 1.0, 0.0, EQ, REQUIRED);
    C1(&fixed, TOP_(0), 1.0, 0.0, EQ, REQUIRED);
    size_t width_pin = C1(&fixed, WIDTH_(0), 1.0, -375.0, EQ, REQUIRED);
    C1(&fixed, HEIGHT_(0), 1.0, -(16 + 42 * (double)n + 8), EQ, REQUIRED);
    for (size_t i = 0; i < n; i++) {
        size_t label = 1 + 2 * i, field = label + 1;
        C1(&fixed, WIDTH_(label), 1.0, -form_label_width(i), GE, 750.0);
        C1(&fixed, WIDTH_(label), 1.0, -form_label_width(i), LE, 251.0);
        C1(&fixed, HEIGHT_(label), 1.0, -FORM_LABEL_HEIGHT, GE, 750.0);
        C1(&fixed, HEIGHT_(label), 1.0, -FORM_LABEL_HEIGHT, LE, 251.0);
        C1(&fixed, HEIGHT_(field), 1.0, -FORM_FIELD_HEIGHT, GE, 750.0);
        C1(&fixed, HEIGHT_(field), 1.0, -FORM_FIELD_HEIGHT, LE, 250.0);
    }
    for (size_t i = 0; i < n; i++) {
        size_t label = 1 + 2 * i, field = label + 1;
        C2(&user, LEFT_(label), 1.0, LEFT_(0), -1.0, -16.0, EQ, REQUIRED);
        if (i > 0)
            C4(&user, LEFT_(label), 1.0, WIDTH_(label), 1.0, LEFT_(1), -1.0, WIDTH_(1), -1.0, 0.0, EQ,
               REQUIRED);
        C3(&user, LEFT_(field), 1.0, LEFT_(label), -1.0, WIDTH_(label), -1.0, -8.0, EQ, REQUIRED);
        C4(&user, LEFT_(field), 1.0, WIDTH_(field), 1.0, LEFT_(0), -1.0, WIDTH_(0), -1.0, 16.0, EQ,
           REQUIRED);
        if (i == 0)
            C2(&user, TOP_(field), 1.0, TOP_(0), -1.0, -16.0, EQ, REQUIRED);
        else
            C3(&user, TOP_(field), 1.0, TOP_(field - 2), -1.0, HEIGHT_(field - 2), -1.0, -8.0, EQ,
               REQUIRED);
        C4(&user, TOP_(label), 1.0, HEIGHT_(label), 0.5, TOP_(field), -1.0, HEIGHT_(field), -0.5, 0.0,
           EQ, REQUIRED);
    }
#undef LEFT_
#undef TOP_
#undef WIDTH_
#undef HEIGHT_
    options in_order = *o;
    in_order.order = ORDER_NATURAL;
    tether_constraint *fixed_handles = xmalloc(fixed.count * sizeof *fixed_handles);
    tether_constraint *user_handles = xmalloc(user.count * sizeof *user_handles);
    PASS(list_add(s, &fixed, &in_order, fixed_handles));
    PASS(list_add(s, &user, o, user_handles));
    TRY(tether_solver_update(s));
    double *values = xmalloc(4 * views * sizeof *values);
    PASS(values_of(s, var, 4 * views, values));
    PASS(end_build(s, m, t0, 2 * n, fixed.count + user.count));

    double column = 0;
    for (size_t i = 0; i < n; i++) column = fmax(column, form_label_width(i));
    for (size_t i = 0; i < n; i++) PASS(form_verify_row(values, i, column, 375));
    double samples[ZOO_RESIZES];
    for (int k = 1; k <= ZOO_RESIZES + 1; k++) {
        double w = feed_root_width(k);
        uint64_t a = now_ns();
        TRY(tether_solver_constraint_set_constant(s, fixed_handles[width_pin], -w));
        TRY(tether_solver_update(s));
        PASS(values_of(s, var, 4 * views, values));
        uint64_t b = now_ns();
        PASS(form_verify_row(values, 0, column, w));
        PASS(form_verify_row(values, n - 1, column, w));
        if (k == 1) m->resize.first_us = us_between(a, b);
        else samples[k - 2] = us_between(a, b);
    }
    m->resize.measured = 1;
    m->resize.median_us = median(samples, ZOO_RESIZES);
    m->resize.count = ZOO_RESIZES;
    for (size_t i = 0; i < n; i++) PASS(form_verify_row(values, i, column, feed_root_width(ZOO_RESIZES + 1)));
    PASS(end_run(s, m));
    free(values), free(var), free(fixed_handles), free(user_handles);
    list_free(&fixed);
    list_free(&user);
    return 0;
}
