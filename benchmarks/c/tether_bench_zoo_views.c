/*
 * The zoo's own view-model shapes for tether_bench (issue 18), included by tether_bench.c after
 * tether_bench_views.c, whose helpers they use: aligned-feed (benchmarks/swift/ZooWorkloads.swift)
 * and nested-stacks (NestedStacks.swift), the same views, constraints, priorities and insertion
 * orders as the Swift bench, verified against the same closed forms. Resizes: ZOO_RESIZES.
 */

/* ------------------------------------------------------------------------------------------ */
/* aligned-feed                                                                               */

typedef struct {
    tether_engine *e;
    size_t n;
    tether_view *cells;
    tether_rect *want; /* scratch, n */
} aligned_feed;

/* Cell i in column i % 2, as high as its inequalities allow (alignedFeedFrames). */
static int aligned_feed_verify(const aligned_feed *f, double w)
{
    tether_engine *e = f->e;
    tether_rect *want = f->want;
    for (size_t i = 0; i < f->n; i++) {
        double top = 8;
        if (i >= 2) top = fmax(top, want[i - 2].y + want[i - 2].height + 8);
        if (i >= 3) top = fmax(top, want[i - 3].y + want[i - 3].height + 8);
        want[i] = rect(i % 2 == 0 ? 16 : w / 2 + 4, top, w / 2 - 20, feed_intrinsic(i));
        EXPECT_FRAME(f->cells[i], want[i], "cell[%zu].frame", i);
    }
    return 0;
}

static int aligned_feed_resize_check(void *context, int k)
{
    const aligned_feed *f = context;
    double w = feed_root_width(k);
    size_t last = f->n - 1;
    tether_rect r;
    PASS(frame_of(f->e, f->cells[last], &r));
    EXPECT(r.width, w / 2 - 20, "cell[%zu].width", last);
    EXPECT(r.x, last % 2 == 0 ? 16 : w / 2 + 4, "cell[%zu].x", last);
    return 0;
}

/* N cells in a root 375 × 800, two columns (runAlignedFeed): leading == root.leading + 16
 * (column 0) or root.centerX + 4; width == 0.5 × root.width − 20; top >= root.top + 8; top >=
 * bottom of cell i − 2 + 8; top >= bottom of cell i − 3 + 8; top == root.top + 8 @240. */
static int run_aligned_feed(const options *o, measurement *m)
{
    size_t n = o->n;
    aligned_feed f = {.n = n};
    uint64_t t0 = now_ns();
    tether_view root;
    PASS(new_engine_with_root(&f.e, 375, 800, &root));
    tether_engine *e = f.e;
    f.cells = xmalloc(n * sizeof *f.cells);
    for (size_t i = 0; i < n; i++)
        PASS(new_child(e, root, TETHER_NO_INTRINSIC_METRIC, feed_intrinsic(i), &f.cells[i]));
    lc_list l = {0};
    for (size_t i = 0; i < n; i++) {
        tether_view cell = f.cells[i];
        if (i % 2 == 0) LC(&l, cell, LEADING, EQ, root, LEADING, 16);
        else LC(&l, cell, LEADING, EQ, root, CENTER_X, 4);
        PASS(lc_add(e, &l, cell, A(WIDTH), EQ, root, A(WIDTH), 0.5, -20, REQUIRED_F, NULL));
        LC(&l, cell, TOP, GE, root, TOP, 8);
        if (i >= 2) LC(&l, cell, TOP, GE, f.cells[i - 2], BOTTOM, 8);
        if (i >= 3) LC(&l, cell, TOP, GE, f.cells[i - 3], BOTTOM, 8);
        LCP(&l, cell, TOP, EQ, root, TOP, 8, 240.0f);
    }
    PASS(activate_in_order(e, &l, o));
    TRY(tether_view_layout_if_needed(e, root));
    PASS(end_view_build(m, t0, n, l.count, n, e, root));

    f.want = xmalloc(n * sizeof *f.want);
    PASS(aligned_feed_verify(&f, 375));
    PASS(measure_view_resizes(e, root, 800, ZOO_RESIZES, aligned_feed_resize_check, &f, m));
    PASS(aligned_feed_verify(&f, feed_root_width(ZOO_RESIZES + 1)));
    TRY(tether_engine_free(e));
    free(f.cells), free(f.want), free(l.ids);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* nested-stacks                                                                              */

#define NESTED_LEAVES 4
#define NESTED_COLUMNS 4

static double nested_leaf_height(size_t row, size_t j)
{
    return 20 + 6 * (double)j + 2 * (double)(row % 5);
}

static double nested_column_height(size_t row)
{
    double h = 2 * (NESTED_LEAVES - 1);
    for (size_t j = 0; j < NESTED_LEAVES; j++) h += nested_leaf_height(row, j);
    return h;
}

typedef struct {
    tether_engine *e;
    size_t rows, stack_count;
    tether_view *views; /* the stacks (outer, rows, columns), then the leaves */
} nested;

static int nested_verify(const nested *s, double w, int every)
{
    tether_engine *e = s->e;
    size_t rows = s->rows;
    double outer_width = w - 32;
    double column_width = (outer_width - 4 * (NESTED_COLUMNS - 1)) / NESTED_COLUMNS;
    double y = 0;
    for (size_t row = 0; row < rows; row++) {
        double h = nested_column_height(row);
        if (every || row == 0 || row == rows - 1) {
            EXPECT_FRAME(s->views[1 + row], rect(0, y, outer_width, h), "row[%zu]", row);
            for (size_t c = 0; c < NESTED_COLUMNS; c++) {
                size_t column = row * NESTED_COLUMNS + c;
                EXPECT_FRAME(s->views[1 + rows + column],
                             rect((double)c * (column_width + 4), 0, column_width, h),
                             "column[%zu,%zu]", row, c);
                double leaf_y = 0;
                for (size_t j = 0; j < NESTED_LEAVES; j++) {
                    double leaf_h = nested_leaf_height(row, j);
                    EXPECT_FRAME(s->views[s->stack_count + column * NESTED_LEAVES + j],
                                 rect(0, leaf_y, column_width, leaf_h), "leaf[%zu,%zu,%zu]", row,
                                 c, j);
                    leaf_y += leaf_h + 2;
                }
            }
        }
        y += h + 8;
    }
    EXPECT_FRAME(s->views[0], rect(16, 16, outer_width, y - 8), "outer");
    return 0;
}

static int nested_resize_check(void *context, int k)
{
    return nested_verify(context, feed_root_width(k), 0);
}

/* N leaves (whole rows of 16) in a root 375 × 800 (runNestedStacks): an outer vertical stack
 * (spacing 8) pinned to the root's leading + 16, trailing − 16 and top + 16 arranges rows; a row
 * is a horizontal stack (fillEqually, spacing 4) of 4 columns; a column a vertical stack
 * (spacing 2) of 4 leaves with intrinsic height nestedLeafHeight. Every view is arranged with
 * insert_arranged_subview in the insertion order over the (stack, view) steps, at its rank among
 * the siblings arranged before it. */
static int run_nested_stacks(const options *o, measurement *m)
{
    size_t rows = o->n / (NESTED_LEAVES * NESTED_COLUMNS);
    if (rows == 0) rows = 1;
    size_t column_count = rows * NESTED_COLUMNS, leaf_count = column_count * NESTED_LEAVES;
    size_t stack_count = 1 + rows + column_count, step_count = rows + column_count + leaf_count;

    /* Untimed: the steps (stack, child, rank) and each one's index at its turn in the order. */
    size_t *step_stack = xmalloc(step_count * sizeof(size_t));
    size_t *step_child = xmalloc(step_count * sizeof(size_t));
    size_t *step_rank = xmalloc(step_count * sizeof(size_t));
    size_t t = 0;
    for (size_t row = 0; row < rows; row++) {
        step_stack[t] = 0, step_child[t] = 1 + row, step_rank[t++] = row;
        for (size_t c = 0; c < NESTED_COLUMNS; c++) {
            size_t column = 1 + rows + row * NESTED_COLUMNS + c;
            step_stack[t] = 1 + row, step_child[t] = column, step_rank[t++] = c;
            for (size_t j = 0; j < NESTED_LEAVES; j++) {
                step_stack[t] = column;
                step_child[t] = 1 + rows + column_count + (column - 1 - rows) * NESTED_LEAVES + j;
                step_rank[t++] = j;
            }
        }
    }
    size_t *order = insertion_order(o, step_count);
    /* The ranks arranged so far per stack, sorted: stack 0 holds up to `rows`, the others 4. */
    size_t *ranks = xmalloc((rows + (stack_count - 1) * 4) * sizeof *ranks);
    size_t *ranks_count = xmalloc(stack_count * sizeof *ranks_count);
    size_t *at_index = xmalloc(step_count * sizeof *at_index);
    memset(ranks_count, 0, stack_count * sizeof *ranks_count);
    for (size_t k = 0; k < step_count; k++) {
        size_t s = step_stack[order[k]], rank = step_rank[order[k]];
        size_t *arranged = ranks + (s == 0 ? 0 : rows + (s - 1) * 4);
        size_t lo = 0, hi = ranks_count[s];
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (arranged[mid] < rank) lo = mid + 1;
            else hi = mid;
        }
        memmove(arranged + lo + 1, arranged + lo, (ranks_count[s] - lo) * sizeof *arranged);
        arranged[lo] = rank;
        ranks_count[s]++;
        at_index[order[k]] = lo;
    }
    free(ranks), free(ranks_count);

    nested s = {.rows = rows, .stack_count = stack_count};
    uint64_t t0 = now_ns();
    tether_view root;
    PASS(new_engine_with_root(&s.e, 375, 800, &root));
    tether_engine *e = s.e;
    s.views = xmalloc((stack_count + leaf_count) * sizeof *s.views);
    tether_view *views = s.views;
    TRY(tether_stack_view_new(e, ZERO_RECT, &views[0]));
    TRY(tether_stack_view_set_axis(e, views[0], TETHER_AXIS_VERTICAL));
    TRY(tether_stack_view_set_spacing(e, views[0], 8));
    TRY(tether_view_set_translates_autoresizing_mask(e, views[0], 0));
    TRY(tether_view_add_subview(e, root, views[0]));
    for (size_t r = 0; r < rows; r++) {
        TRY(tether_stack_view_new(e, ZERO_RECT, &views[1 + r]));
        TRY(tether_stack_view_set_distribution(e, views[1 + r],
                                               TETHER_STACK_DISTRIBUTION_FILL_EQUALLY));
        TRY(tether_stack_view_set_spacing(e, views[1 + r], 4));
    }
    for (size_t c = 0; c < column_count; c++) {
        TRY(tether_stack_view_new(e, ZERO_RECT, &views[1 + rows + c]));
        TRY(tether_stack_view_set_axis(e, views[1 + rows + c], TETHER_AXIS_VERTICAL));
        TRY(tether_stack_view_set_spacing(e, views[1 + rows + c], 2));
    }
    for (size_t c = 0; c < column_count; c++) {
        for (size_t j = 0; j < NESTED_LEAVES; j++) {
            tether_view *leaf = &views[stack_count + c * NESTED_LEAVES + j];
            TRY(tether_view_new(e, ZERO_RECT, leaf));
            double height = nested_leaf_height(c / NESTED_COLUMNS, j);
            tether_size size = {TETHER_NO_INTRINSIC_METRIC, height};
            TRY(tether_view_set_intrinsic_content_size(e, *leaf, size));
        }
    }
    for (size_t k = 0; k < step_count; k++) {
        size_t i = order[k];
        TRY(tether_stack_view_insert_arranged_subview(e, views[step_stack[i]], views[step_child[i]],
                                                      at_index[i]));
    }
    lc_list pins = {0};
    LC(&pins, views[0], LEADING, EQ, root, LEADING, 16);
    LC(&pins, views[0], TRAILING, EQ, root, TRAILING, -16);
    LC(&pins, views[0], TOP, EQ, root, TOP, 16);
    PASS(activate_in_order(e, &pins, o));
    TRY(tether_view_layout_if_needed(e, root));
    PASS(end_view_build(m, t0, stack_count + leaf_count, pins.count, stack_count + leaf_count, e,
                        root));

    PASS(nested_verify(&s, 375, 1));
    PASS(measure_view_resizes(e, root, 800, ZOO_RESIZES, nested_resize_check, &s, m));
    PASS(nested_verify(&s, feed_root_width(ZOO_RESIZES + 1), 1));
    TRY(tether_engine_free(e));
    free(step_stack), free(step_child), free(step_rank), free(order), free(at_index);
    free(s.views), free(pins.ids);
    return 0;
}

#undef A
#undef LC
#undef LCP
#undef LCK
#undef EXPECT_FRAME

