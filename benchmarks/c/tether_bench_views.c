/*
 * The view-model shapes of tether_bench (issue 18's zoo), included by tether_bench.c (one
 * translation unit, after tether_bench_zoo.c): form and vgrid (ViewWorkloads.swift in
 * benchmarks/swift) here, and the helpers that tether_bench_zoo_views.c uses for aligned-feed and
 * nested-stacks. Built through the C ABI's view model (tether_engine_*, tether_view_*,
 * tether_layout_constraint_*, tether_stack_view_*) with the same views, hierarchy order,
 * constraints and priorities as the Swift bench, and laid out by tether_view_layout_if_needed().
 * Keep them in step.
 *
 * Insertion orders, as in Swift: every view is made first, then the constraints are collected in
 * the natural order and activated one tether_layout_constraint_activate() of one each, in the
 * order of the options (insertion_order(): natural, reverse or the shared seeded shuffle);
 * nested-stacks arranges its views in that order instead. Every layout is checked against the
 * closed form (every frame after the build and the last resize, a spot check after each resize,
 * every frame after a relayout): a wrong frame exits 3.
 *
 * The C ABI exposes no solver statistics for an engine's roots (tether_solver_stats_get() takes a
 * tether_solver only), so these runs print no rows, cells, cells_per_constraint or pivots (nor
 * relayout_pivots).
 */

/* Resizes of form and vgrid (the Swift bench's measureViewResizes count for them). */
#define VIEW_RESIZES 100
/* Relayouts after one constant change (measureRelayouts). */
#define VIEW_RELAYOUTS 20

/* What a view workload prints beyond the common fields (ViewReport in ViewWorkloads.swift). */
typedef struct {
    int active;
    size_t layout_constraints, frames;
    char relayout[64];     /* "" when the shape times no relayout (the zoo's own shapes) */
    double relayout_us_median;
    int relayouts;
    size_t relayout_frames_changed, relayout_frames_expected;
    long relayout_frames_written;
    int has_solver;             /* the root's solver statistics were read after the build */
    uint64_t solver_constraints; /* the constraints the root's solver holds */
} view_report;

static view_report view_out;

static const tether_rect ZERO_RECT = {0, 0, 0, 0};
/* A layout constraint's required priority (a float, unlike the solver's). */
#define REQUIRED_F TETHER_LAYOUT_PRIORITY_REQUIRED

/* The view workloads' layout constraints, in the natural order (made inactive). */
typedef struct {
    tether_layout_constraint *ids;
    size_t count, capacity;
} lc_list;

/* Appends `item1.a1 RELATION multiplier × item2.a2 + constant` at `priority`; its index in *at. */
static int lc_add(tether_engine *e, lc_list *l, tether_item item1, tether_attribute a1,
                  tether_relation relation, tether_item item2, tether_attribute a2,
                  double multiplier, double constant, float priority, size_t *at)
{
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 64;
        l->ids = xrealloc(l->ids, l->capacity * sizeof *l->ids);
    }
    TRY(tether_layout_constraint_new(e, item1, a1, relation, item2, a2, multiplier, constant,
                                     priority, &l->ids[l->count]));
    if (at) *at = l->count;
    l->count++;
    return 0;
}

#define A(name) TETHER_ATTRIBUTE_##name
/* a.A1 RELATION b.A2 + c, required; and the same at priority p; and a.A1 RELATION c. */
#define LC(l, a, A1, rel, b, A2, c) \
    PASS(lc_add(e, l, a, A(A1), rel, b, A(A2), 1.0, c, REQUIRED_F, NULL))
#define LCP(l, a, A1, rel, b, A2, c, p) \
    PASS(lc_add(e, l, a, A(A1), rel, b, A(A2), 1.0, c, p, NULL))
#define LCK(l, a, A1, rel, c) \
    PASS(lc_add(e, l, a, A(A1), rel, 0, A(NOT_AN_ATTRIBUTE), 0.0, c, REQUIRED_F, NULL))

/* Activates the list one constraint per call, in the insertion order of `o`. */
static int activate_in_order(tether_engine *e, const lc_list *l, const options *o)
{
    size_t *order = insertion_order(o, l->count);
    for (size_t k = 0; k < l->count; k++) {
        tether_status status = tether_layout_constraint_activate(e, &l->ids[order[k]], 1, NULL);
        if (status != TETHER_OK) {
            free(order);
            return engine_failure("tether_layout_constraint_activate", status);
        }
    }
    free(order);
    return 0;
}

/* A new view (frame zero) that does not translate its mask, added last to `parent`; intrinsic
 * size (w, h) unless both are TETHER_NO_INTRINSIC_METRIC. */
static int new_child(tether_engine *e, tether_view parent, double w, double h, tether_view *out)
{
    TRY(tether_view_new(e, ZERO_RECT, out));
    TRY(tether_view_set_translates_autoresizing_mask(e, *out, 0));
    if (w != TETHER_NO_INTRINSIC_METRIC || h != TETHER_NO_INTRINSIC_METRIC)
        TRY(tether_view_set_intrinsic_content_size(e, *out, (tether_size){w, h}));
    TRY(tether_view_add_subview(e, parent, *out));
    return 0;
}

static tether_rect rect(double x, double y, double w, double h)
{
    return (tether_rect){x, y, w, h};
}

/* A new engine in *e and in it a root view of width × height at the origin. */
static int new_engine_with_root(tether_engine **e, double width, double height, tether_view *root)
{
    TRY(tether_engine_new(e));
    TRY(tether_view_new(*e, rect(0, 0, width, height), root));
    return 0;
}

/* Returns EXIT_LAYOUT unless every component of `actual` ≈ `expected`; the rest names it. */
static int expect_rect(tether_rect actual, tether_rect expected, const char *format, ...)
{
    if (close_to(actual.x, expected.x) && close_to(actual.y, expected.y)
        && close_to(actual.width, expected.width) && close_to(actual.height, expected.height))
        return 0;
    char what[256];
    va_list ap;
    va_start(ap, format);
    vsnprintf(what, sizeof what, format, ap);
    va_end(ap);
    snprintf(failure, sizeof failure,
             "verification failed: %s = (%.17g, %.17g, %.17g, %.17g), expected (%.17g, %.17g, "
             "%.17g, %.17g)", what, actual.x, actual.y, actual.width, actual.height, expected.x,
             expected.y, expected.width, expected.height);
    return EXIT_LAYOUT;
}

static int frame_of(tether_engine *e, tether_view v, tether_rect *out)
{
    TRY(tether_view_frame(e, v, out));
    return 0;
}

#define EXPECT_FRAME(view, want, ...)                  \
    do {                                               \
        tether_rect got_;                              \
        PASS(frame_of(e, (view), &got_));              \
        PASS(expect_rect(got_, (want), __VA_ARGS__));  \
    } while (0)

/* Frames of views[0..count) into out (untimed snapshots). */
static int frames_of(tether_engine *e, const tether_view *views, size_t count, tether_rect *out)
{
    for (size_t i = 0; i < count; i++) PASS(frame_of(e, views[i], &out[i]));
    return 0;
}

static size_t count_changed(const tether_rect *a, const tether_rect *b, size_t count)
{
    size_t changed = 0;
    for (size_t i = 0; i < count; i++)
        changed += memcmp(&a[i], &b[i], sizeof *a) != 0;
    return changed;
}

typedef int (*view_check_fn)(void *context, int k);

/* A first resize of `root` to feed_root_width(k) × height and `count` more: only setting the
 * frame and laying out is timed; check(k) verifies after each (measureViewResizes). */
static int measure_view_resizes(tether_engine *e, tether_view root, double height, int count,
                                view_check_fn check, void *context, measurement *m)
{
    double *samples = xmalloc((size_t)count * sizeof *samples);
    for (int k = 1; k <= count + 1; k++) {
        uint64_t t0 = now_ns();
        TRY(tether_view_set_frame(e, root, rect(0, 0, feed_root_width(k), height)));
        TRY(tether_view_layout_if_needed(e, root));
        uint64_t t1 = now_ns();
        PASS(check(context, k));
        if (k == 1) m->resize.first_us = us_between(t0, t1);
        else samples[k - 2] = us_between(t0, t1);
    }
    m->resize.measured = 1;
    m->resize.median_us = median(samples, (size_t)count);
    m->resize.count = count;
    free(samples);
    return 0;
}

/* change(k) for k = 1...20 applies a change (odd k) or undoes it (even k) and lays out, timed;
 * check(k) runs untimed after each (measureRelayouts). */
static int measure_relayouts(view_check_fn change, view_check_fn check, void *context)
{
    double samples[VIEW_RELAYOUTS];
    for (int k = 1; k <= VIEW_RELAYOUTS; k++) {
        uint64_t t0 = now_ns();
        PASS(change(context, k));
        uint64_t t1 = now_ns();
        PASS(check(context, k));
        samples[k - 1] = us_between(t0, t1);
    }
    view_out.relayout_us_median = median(samples, VIEW_RELAYOUTS);
    view_out.relayouts = VIEW_RELAYOUTS;
    return 0;
}

static void count_visit(void *context, tether_view view)
{
    (void)view;
    ++*(long *)context;
}

/* Untimed: change(1) and change(2) (the change and its undo) with the layoutSubviews hook on
 * `root` and views[0..count), counting the views each pass visits (PassCounter): the frames a
 * pass writes are visits / 2 − 1 (every view but the root gets one). */
static int count_frames_written(tether_engine *e, tether_view root, const tether_view *views,
                                size_t count, view_check_fn change, void *context)
{
    long visits = 0;
    TRY(tether_engine_set_layout_hooks(e, NULL, count_visit, &visits));
    TRY(tether_view_set_hooks_enabled(e, root, 1));
    for (size_t i = 0; i < count; i++) TRY(tether_view_set_hooks_enabled(e, views[i], 1));
    PASS(change(context, 1));
    PASS(change(context, 2));
    TRY(tether_view_set_hooks_enabled(e, root, 0));
    for (size_t i = 0; i < count; i++) TRY(tether_view_set_hooks_enabled(e, views[i], 0));
    TRY(tether_engine_set_layout_hooks(e, NULL, NULL, NULL));
    view_out.relayout_frames_written = visits / 2 - 1;
    return 0;
}

/* Ends a view workload's timed build (after its first layout), then reads the root's solver
 * statistics (tether_view_layout_solver_stats), untimed. */
static int end_view_build(measurement *m, uint64_t t0, size_t views, size_t constraints,
                          size_t frames, tether_engine *e, tether_view root)
{
    m->build_solve_ms = ms_between(t0, now_ns());
    m->views = views;
    m->constraints = constraints;
    view_out.active = 1;
    view_out.layout_constraints = constraints;
    view_out.frames = frames;
    view_out.relayout_frames_written = -1;
    int32_t laid_out = 0;
    tether_solver_stats st;
    TRY(tether_view_layout_solver_stats(e, root, &laid_out, &st, NULL));
    view_out.has_solver = laid_out;
    if (laid_out) {
        m->rows = st.rows;
        m->cells = st.cells;
        m->pivots_build = st.pivots;
        view_out.solver_constraints = st.constraints;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* form                                                                                       */

typedef struct {
    tether_engine *e;
    tether_view root;
    size_t n, changed;
    double column, root_height, width; /* width: after the resizes */
    tether_view *views;                /* labels[0..n), then fields[0..n) */
    tether_layout_constraint *spacings;
    tether_rect *before, *after;
} form;

static int form_verify(const form *f, double w, double extra, size_t from)
{
    tether_engine *e = f->e;
    for (size_t i = 0; i < f->n; i++) {
        double top = 16 + 42 * (double)i + (i >= from ? extra : 0);
        EXPECT_FRAME(f->views[i], rect(16, top + (FORM_FIELD_HEIGHT - FORM_LABEL_HEIGHT) / 2,
                                       f->column, FORM_LABEL_HEIGHT), "label[%zu].frame", i);
        EXPECT_FRAME(f->views[f->n + i], rect(24 + f->column, top, w - 40 - f->column,
                                              FORM_FIELD_HEIGHT), "field[%zu].frame", i);
    }
    return 0;
}

static int form_resize_check(void *context, int k)
{
    const form *f = context;
    tether_engine *e = f->e;
    double w = feed_root_width(k);
    size_t last = f->n - 1;
    EXPECT_FRAME(f->views[f->n], rect(24 + f->column, 16, w - 40 - f->column, FORM_FIELD_HEIGHT),
                 "field[0].frame");
    EXPECT_FRAME(f->views[f->n + last], rect(24 + f->column, 16 + 42 * (double)last,
                                             w - 40 - f->column, FORM_FIELD_HEIGHT),
                 "field[%zu].frame", last);
    return 0;
}

static int form_change(void *context, int k)
{
    form *f = context;
    TRY(tether_layout_constraint_set_constant(f->e, f->spacings[f->changed], k % 2 ? 20 : 8));
    TRY(tether_view_layout_if_needed(f->e, f->root));
    return 0;
}

static int form_relayout_check(void *context, int k)
{
    form *f = context;
    if (k != 1) return 0;
    PASS(frames_of(f->e, f->views, 2 * f->n, f->after));
    view_out.relayout_frames_changed = count_changed(f->before, f->after, 2 * f->n);
    return form_verify(f, f->width, 12, f->changed);
}

/* N rows of label + field in a root 375 wide (runForm): label.leading == root.leading + 16;
 * label.trailing == label[0].trailing (rows after the first); field.leading == label.trailing +
 * 8; field.trailing == root.trailing − 16; field.top == root.top + 16 or the previous field's
 * bottom + 8; label.centerY == field.centerY. Labels: intrinsic formLabelWidth(i) × 21, hugging
 * 251 on both axes; fields: intrinsic height 34. Relayout: row N/2's top spacing 8 -> 20. */
static int run_form(const options *o, measurement *m)
{
    size_t n = o->n;
    form f = {.n = n, .root_height = 16 + 42 * (double)n + 8};
    uint64_t t0 = now_ns();
    PASS(new_engine_with_root(&f.e, 375, f.root_height, &f.root));
    tether_engine *e = f.e;
    f.views = xmalloc(2 * n * sizeof *f.views);
    tether_view *labels = f.views, *fields = f.views + n;
    for (size_t i = 0; i < n; i++) {
        PASS(new_child(e, f.root, form_label_width(i), FORM_LABEL_HEIGHT, &labels[i]));
        TRY(tether_view_set_content_hugging_priority(e, labels[i], TETHER_AXIS_HORIZONTAL, 251));
        TRY(tether_view_set_content_hugging_priority(e, labels[i], TETHER_AXIS_VERTICAL, 251));
        PASS(new_child(e, f.root, TETHER_NO_INTRINSIC_METRIC, FORM_FIELD_HEIGHT, &fields[i]));
    }
    lc_list l = {0};
    f.spacings = xmalloc(n * sizeof *f.spacings);
    for (size_t i = 0; i < n; i++) {
        tether_view label = labels[i], field = fields[i];
        LC(&l, label, LEADING, EQ, f.root, LEADING, 16);
        if (i > 0) LC(&l, label, TRAILING, EQ, labels[0], TRAILING, 0);
        LC(&l, field, LEADING, EQ, label, TRAILING, 8);
        LC(&l, field, TRAILING, EQ, f.root, TRAILING, -16);
        size_t top;
        if (i == 0)
            PASS(lc_add(e, &l, field, A(TOP), EQ, f.root, A(TOP), 1.0, 16, REQUIRED_F, &top));
        else
            PASS(lc_add(e, &l, field, A(TOP), EQ, fields[i - 1], A(BOTTOM), 1.0, 8, REQUIRED_F,
                        &top));
        f.spacings[i] = l.ids[top];
        LC(&l, label, CENTER_Y, EQ, field, CENTER_Y, 0);
    }
    PASS(activate_in_order(e, &l, o));
    TRY(tether_view_layout_if_needed(e, f.root));
    PASS(end_view_build(m, t0, 2 * n, l.count, 2 * n, e, f.root));

    for (size_t i = 0; i < n; i++) f.column = fmax(f.column, form_label_width(i));
    PASS(form_verify(&f, 375, 0, SIZE_MAX));
    PASS(measure_view_resizes(e, f.root, f.root_height, VIEW_RESIZES, form_resize_check, &f, m));
    f.width = feed_root_width(VIEW_RESIZES + 1);
    PASS(form_verify(&f, f.width, 0, SIZE_MAX));

    f.changed = n / 2;
    f.before = xmalloc(2 * n * sizeof *f.before);
    f.after = xmalloc(2 * n * sizeof *f.after);
    PASS(frames_of(e, f.views, 2 * n, f.before));
    PASS(measure_relayouts(form_change, form_relayout_check, &f));
    snprintf(view_out.relayout, sizeof view_out.relayout, "row %zu top spacing 8 -> 20", f.changed);
    view_out.relayout_frames_expected = 2 * (n - f.changed);
    PASS(count_frames_written(e, f.root, f.views, 2 * n, form_change, &f));
    PASS(form_verify(&f, f.width, 0, SIZE_MAX));
    TRY(tether_engine_free(e));
    free(f.views), free(f.spacings), free(f.before), free(f.after), free(l.ids);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* vgrid                                                                                      */

#define VGRID_ROOT_HEIGHT 800.0

typedef struct {
    tether_engine *e;
    tether_view root;
    size_t n, changed;
    double width;
    tether_view *views; /* the content view, then the cells */
    tether_rect *before, *after;
} vgrid;

static int vgrid_verify(const vgrid *g, double w, size_t changed, double delta)
{
    tether_engine *e = g->e;
    double y = 4;
    for (size_t i = 0; i < g->n; i++) {
        double h = feed_intrinsic(i) + (i == changed ? delta : 0);
        EXPECT_FRAME(g->views[1 + i], rect(16, y, w - 32, h), "cell[%zu].frame", i);
        y += h + 4;
    }
    EXPECT_FRAME(g->views[0], rect(0, 0, w, y), "content.frame");
    return 0;
}

static int vgrid_resize_check(void *context, int k)
{
    const vgrid *g = context;
    double w = feed_root_width(k);
    size_t cells[2] = {0, g->n - 1};
    for (int c = 0; c < 2; c++) {
        tether_rect r;
        PASS(frame_of(g->e, g->views[1 + cells[c]], &r));
        EXPECT(r.width, w - 32, "cell[%zu].width", cells[c]);
    }
    return 0;
}

static int vgrid_change(void *context, int k)
{
    vgrid *g = context;
    double h = feed_intrinsic(g->changed) + (k % 2 ? 10 : 0);
    TRY(tether_view_set_intrinsic_content_size(g->e, g->views[1 + g->changed],
                                               (tether_size){TETHER_NO_INTRINSIC_METRIC, h}));
    TRY(tether_view_layout_if_needed(g->e, g->root));
    return 0;
}

static int vgrid_relayout_check(void *context, int k)
{
    vgrid *g = context;
    if (k != 1) return 0;
    PASS(frames_of(g->e, g->views, g->n + 1, g->after));
    view_out.relayout_frames_changed = count_changed(g->before, g->after, g->n + 1);
    return vgrid_verify(g, g->width, g->changed, 10);
}

/* The feed of the grid workload with views (runVGrid): a content view pinned to the root's left,
 * top and width whose height hugs N cells (content.bottom >= last.bottom + 4, content.height ==
 * 0 @50); cell.top == content.top + 4 or the previous cell's bottom + 4; left == content.left +
 * 16; right == content.right − 16; height >= 44; intrinsic height feedIntrinsic(i). Relayout:
 * cell N/2's intrinsic height + 10. */
static int run_vgrid(const options *o, measurement *m)
{
    size_t n = o->n;
    vgrid g = {.n = n};
    uint64_t t0 = now_ns();
    PASS(new_engine_with_root(&g.e, 375, VGRID_ROOT_HEIGHT, &g.root));
    tether_engine *e = g.e;
    g.views = xmalloc((n + 1) * sizeof *g.views);
    tether_view content, *cells = g.views + 1;
    PASS(new_child(e, g.root, TETHER_NO_INTRINSIC_METRIC, TETHER_NO_INTRINSIC_METRIC, &content));
    g.views[0] = content;
    for (size_t i = 0; i < n; i++)
        PASS(new_child(e, content, TETHER_NO_INTRINSIC_METRIC, feed_intrinsic(i), &cells[i]));
    lc_list l = {0};
    LC(&l, content, LEFT, EQ, g.root, LEFT, 0);
    LC(&l, content, TOP, EQ, g.root, TOP, 0);
    LC(&l, content, WIDTH, EQ, g.root, WIDTH, 0);
    for (size_t i = 0; i < n; i++) {
        if (i == 0) LC(&l, cells[i], TOP, EQ, content, TOP, 4);
        else LC(&l, cells[i], TOP, EQ, cells[i - 1], BOTTOM, 4);
        LC(&l, cells[i], LEFT, EQ, content, LEFT, 16);
        LC(&l, cells[i], RIGHT, EQ, content, RIGHT, -16);
        LCK(&l, cells[i], HEIGHT, GE, 44);
    }
    LC(&l, content, BOTTOM, GE, cells[n - 1], BOTTOM, 4);
    PASS(lc_add(e, &l, content, A(HEIGHT), EQ, 0, A(NOT_AN_ATTRIBUTE), 0.0, 0,
                TETHER_LAYOUT_PRIORITY_FITTING_SIZE, NULL));
    PASS(activate_in_order(e, &l, o));
    TRY(tether_view_layout_if_needed(e, g.root));
    PASS(end_view_build(m, t0, n + 1, l.count, n + 1, e, g.root));

    PASS(vgrid_verify(&g, 375, SIZE_MAX, 0));
    PASS(measure_view_resizes(e, g.root, VGRID_ROOT_HEIGHT, VIEW_RESIZES, vgrid_resize_check, &g,
                              m));
    g.width = feed_root_width(VIEW_RESIZES + 1);
    PASS(vgrid_verify(&g, g.width, SIZE_MAX, 0));

    g.changed = n / 2;
    g.before = xmalloc((n + 1) * sizeof *g.before);
    g.after = xmalloc((n + 1) * sizeof *g.after);
    PASS(frames_of(e, g.views, n + 1, g.before));
    PASS(measure_relayouts(vgrid_change, vgrid_relayout_check, &g));
    snprintf(view_out.relayout, sizeof view_out.relayout, "cell %zu intrinsic height +10",
             g.changed);
    view_out.relayout_frames_expected = n - g.changed + 1;
    PASS(count_frames_written(e, g.root, g.views, n + 1, vgrid_change, &g));
    PASS(vgrid_verify(&g, g.width, SIZE_MAX, 0));
    TRY(tether_engine_free(e));
    free(g.views), free(g.before), free(g.after), free(l.ids);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Output                                                                                     */

/* The view report's fields (ViewReport.write), after the common ones. */
static void json_view_report(int *first)
{
    json_string("level", "view-model", first);
    json_integer("layout_constraints", view_out.layout_constraints, first);
    json_integer("frames", view_out.frames, first);
    if (view_out.relayout[0] == '\0') return;
    json_string("relayout", view_out.relayout, first);
    json_number("relayout_us_median", view_out.relayout_us_median, first);
    json_integer("relayouts", (unsigned long long)view_out.relayouts, first);
    json_integer("relayout_frames_changed", view_out.relayout_frames_changed, first);
    json_integer("relayout_frames_expected", view_out.relayout_frames_expected, first);
    if (view_out.relayout_frames_written >= 0)
        json_integer("relayout_frames_written",
                     (unsigned long long)view_out.relayout_frames_written, first);
}
