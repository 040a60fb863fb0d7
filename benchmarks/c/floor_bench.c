/*
 * floor_bench: the floor under every engine. The layouts of the canonical workloads computed by
 * direct frame arithmetic, with no solver: loops that compute each frame from the closed form
 * (chain: the view width from the root width, then each left from its neighbour). Printed as one
 * JSON line, in the shape of the other engines', so that run.py can show Tether's ratio to it.
 *
 *     floor_bench WORKLOAD N [--order natural|reverse] [--churn-budget SECONDS]
 *
 * build = allocating the frame arrays and computing every frame (what a layout pass that knows
 * the answer would do); resize = recomputing every frame for the new root size (median of 100,
 * the same root sizes as the solver benches). Churn has no floor (there is no constraint to
 * remove): its build is measured and the churn is reported as not applicable. --order and
 * --churn-budget are accepted for a uniform command line and change nothing.
 *
 * The frames are verified against the same closed-form expectations as in the solver benches
 * (exit 3 on a wrong layout).
 *
 * Build (plain C11; bench_support.h, next to it, comes with it):
 *     cc -O2 -std=c11 benchmarks/c/floor_bench.c -o floor_bench -lm
 */
#define _POSIX_C_SOURCE 200809L

#define PROGRAM "floor_bench"
#include "bench_support.h"   /* failures, time, memory, the command line, JSON */
#include "bench_workloads.h" /* the workloads' sizes and closed forms */

/* A new array of `count` doubles. */
static double *new_doubles(size_t count) { return xmalloc(count * sizeof(double)); }

typedef struct {
    const char *workload;
    size_t index; /* of the workload in WORKLOADS and RUNS */
    size_t n;
    int reverse;
} options;

typedef struct {
    double build_solve_ms;
    resize_timings resize;
    size_t views;
} measurement;

/* ------------------------------------------------------------------------------------------ */
/* siblings: x = root.x + i, y = root.y + i, 10×10; root at the origin.                       */

static int run_siblings(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    double *x = new_doubles(n), *y = new_doubles(n), *w = new_doubles(n), *h = new_doubles(n);
    double root_x = 0, root_y = 0;
    for (size_t i = 0; i < n; i++) {
        x[i] = root_x + (double)i;
        y[i] = root_y + (double)i;
        w[i] = 10;
        h[i] = 10;
    }
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = n;
    PASS(check_siblings(x, y, w, h, n));
    free(x), free(y), free(w), free(h);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* chain: all widths equal and the row fills the root less 20 on each side with gaps of 8.    */

typedef struct {
    size_t n;
    double root_left;
    double *lefts, *widths;
} chain;

static int chain_layout(void *context, double root_width)
{
    chain *c = context;
    size_t n = c->n;
    double w = (root_width - 40 - 8 * (double)(n - 1)) / (double)n;
    double x = c->root_left + 20;
    for (size_t i = 0; i < n; i++) {
        c->lefts[i] = x;
        c->widths[i] = w;
        x += w + 8;
    }
    return 0;
}

static int chain_verify(const chain *c, double view_width)
{
    PASS(check_chain(c->lefts, c->widths, c->n, view_width));
    EXPECT(c->root_left, 0, "root.left");
    return 0;
}

static double chain_resize_value(const void *context, int k)
{
    const chain *c = context;
    return chain_root_width(c->n, chain_view_width(k));
}

static int chain_resize_check(const void *context, int k)
{
    const chain *c = context;
    size_t n = c->n;
    return check_chain_spots(c->lefts[0], c->widths[n - 1], c->lefts[n - 1], n,
                             chain_view_width(k));
}

static int build_chain(const options *o, measurement *m, chain *c)
{
    uint64_t t0 = now_ns();
    c->n = o->n;
    c->root_left = 0;
    c->lefts = new_doubles(o->n);
    c->widths = new_doubles(o->n);
    chain_layout(c, chain_root_width(o->n, 10));
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = o->n;
    return chain_verify(c, 10);
}

static int run_chain(const options *o, measurement *m)
{
    chain c;
    PASS(build_chain(o, m, &c));
    PASS(time_resizes(chain_layout, &c, 100, chain_resize_value, chain_resize_check, &c,
                      &m->resize));
    PASS(chain_verify(&c, chain_view_width(101)));
    free(c.lefts), free(c.widths);
    return 0;
}

/* Churn: the chain's build only; removing a link has no meaning without constraints. */
static int run_churn(const options *o, measurement *m)
{
    chain c;
    PASS(build_chain(o, m, &c));
    free(c.lefts), free(c.widths);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* stack: 44 high each, one below the other; the root's height is the content's.              */

static int run_stack(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    double *tops = new_doubles(n), *heights = new_doubles(n);
    double root_top = 0, y = root_top;
    for (size_t i = 0; i < n; i++) {
        tops[i] = y;
        heights[i] = 44;
        y += heights[i];
    }
    double root_height = y - root_top;
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = n;
    PASS(check_stack(tops, heights, n));
    EXPECT(root_height, 44 * (double)n, "root.height");
    free(tops), free(heights);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid (a feed): cells at their intrinsic height (at least 44), 4 apart, inset 16 left and    */
/* right; the root hugs the content.                                                          */

typedef struct {
    size_t n;
    double root_height;
    double *lefts, *widths, *tops, *heights;
} feed;

static int feed_layout(void *context, double root_width)
{
    feed *f = context;
    double y = 0 + 4, width = root_width - 32;
    for (size_t i = 0; i < f->n; i++) {
        double h = fmax(44, feed_intrinsic(i));
        f->tops[i] = y;
        f->heights[i] = h;
        f->lefts[i] = 16;
        f->widths[i] = width;
        y += h + 4;
    }
    f->root_height = y;
    return 0;
}

static int feed_verify(const feed *f, double root_w)
{
    double root_height = 0;
    PASS(check_feed(f->tops, f->heights, f->lefts, f->widths, f->n, root_w, &root_height));
    EXPECT(f->root_height, root_height, "root.height");
    return 0;
}

static int feed_resize_check(const void *context, int k)
{
    const feed *f = context;
    return check_feed_spots(f->widths[f->n - 1], f->widths[0], f->n, k);
}

static int run_grid(const options *o, measurement *m)
{
    size_t n = o->n;
    uint64_t t0 = now_ns();
    feed f = {n, 0, new_doubles(n), new_doubles(n), new_doubles(n), new_doubles(n)};
    feed_layout(&f, 375);
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = n;
    PASS(feed_verify(&f, 375));
    PASS(time_resizes(feed_layout, &f, 100, feed_resize_value, feed_resize_check, &f,
                      &m->resize));
    PASS(feed_verify(&f, feed_root_width(101)));
    free(f.lefts), free(f.widths), free(f.tops), free(f.heights);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid2d: s×s equal cells 8 apart filling the root (at least 20×20); the root's height is     */
/* fixed at the build's and resizes change its width.                                         */

typedef struct {
    size_t side, count;
    double root_height;
    double *lefts, *tops, *widths, *heights;
} grid2d;

static int grid2d_layout(void *context, double root_width)
{
    grid2d *g = context;
    size_t s = g->side;
    double w = fmax(20, (root_width - 8 * (double)(s + 1)) / (double)s);
    double h = fmax(20, (g->root_height - 8 * (double)(s + 1)) / (double)s);
    double y = 8;
    for (size_t r = 0; r < s; r++) {
        double x = 8;
        for (size_t c = 0; c < s; c++) {
            size_t k = r * s + c;
            g->lefts[k] = x;
            g->tops[k] = y;
            g->widths[k] = w;
            g->heights[k] = h;
            x += w + 8;
        }
        y += h + 8;
    }
    return 0;
}

static int grid2d_verify(const grid2d *g, double view_width)
{
    return check_grid2d(g->widths, g->heights, g->lefts, g->tops, g->side, view_width);
}

static double grid2d_resize_value(const void *context, int k)
{
    const grid2d *g = context;
    return grid2d_root_width(g->side, grid2d_view_width(k));
}

static int grid2d_resize_check(const void *context, int k)
{
    const grid2d *g = context;
    return check_grid2d_spots(g->widths[g->count - 1], g->widths[0], k);
}

static int run_grid2d(const options *o, measurement *m)
{
    size_t s = grid_side(o->n), count = s * s;
    uint64_t t0 = now_ns();
    grid2d g = {s, count, grid2d_root_width(s, 44), new_doubles(count), new_doubles(count),
                new_doubles(count), new_doubles(count)};
    grid2d_layout(&g, grid2d_root_width(s, 100));
    uint64_t t1 = now_ns();
    m->build_solve_ms = ms_between(t0, t1);
    m->views = count;
    PASS(grid2d_verify(&g, 100));
    PASS(time_resizes(grid2d_layout, &g, 100, grid2d_resize_value, grid2d_resize_check, &g,
                      &m->resize));
    PASS(grid2d_verify(&g, grid2d_view_width(101)));
    free(g.lefts), free(g.tops), free(g.widths), free(g.heights);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Driver                                                                                     */

static const char *const WORKLOADS[] = {"siblings", "chain", "stack", "grid", "grid2d", "churn"};
static int (*const RUNS[])(const options *, measurement *) = {run_siblings, run_chain, run_stack,
                                                              run_grid, run_grid2d, run_churn};

static int usage(void)
{
    fprintf(stderr, PROGRAM ": usage: " PROGRAM " WORKLOAD N [--order natural|reverse] "
                            "[--churn-budget SECONDS]\n  WORKLOAD: siblings, chain, stack, grid, "
                            "grid2d, churn\n");
    return EXIT_USAGE;
}

/* --order natural|reverse, --churn-budget SECONDS (accepted and unused). */
static int parse_option(void *options_, int argc, char **argv, int *i)
{
    options *o = options_;
    const char *a = argv[*i];
    if (strcmp(a, "--order") != 0 && strcmp(a, "--churn-budget") != 0) return 0;
    const char *v = option_value(argc, argv, i);
    if (!v) return -1;
    if (strcmp(a, "--churn-budget") == 0) {
        double budget;
        return parse_seconds(v, &budget) == 0 ? 1 : -1;
    }
    if (strcmp(v, "natural") == 0) o->reverse = 0;
    else if (strcmp(v, "reverse") == 0) o->reverse = 1;
    else return -1;
    return 1;
}

static int parse_options(int argc, char **argv, options *o)
{
    o->reverse = 0;
    return parse_command_line(argc, argv, parse_option, o, WORKLOADS,
                              sizeof WORKLOADS / sizeof *WORKLOADS, &o->workload, &o->index,
                              &o->n);
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o) != 0) return usage();
    memory_baseline before = memory_before();
    measurement m = {0};
    int r = RUNS[o.index](&o, &m);
    if (r != 0) return run_failed(o.workload, o.n, r);
    int first = json_begin("floor", o.workload, o.n);
    json_string("order", o.reverse ? "reverse" : "natural", &first);
    json_integer("views", m.views, &first);
    json_number("build_solve_ms", m.build_solve_ms, &first);
    json_resizes(&m.resize, &first);
    if (strcmp(o.workload, "churn") == 0)
        json_string("churn_note", "not applicable: no constraint to remove; build only", &first);
    json_verified_and_memory(before, &first);
    printf("}\n");
    return fflush(stdout) == 0 ? 0 : EXIT_ENGINE;
}
