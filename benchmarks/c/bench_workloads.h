/*
 * bench_workloads.h: the closed forms of the canonical workloads (shared docs, benchmarks.md)
 * that both C benches verify their layouts against: tether_bench.c, which reads the frames back
 * from the solver, and floor_bench.c, which computes them directly. The sizes a workload is
 * built and resized at, and a check_* function per workload that returns EXIT_LAYOUT (with the
 * value named in `failure`) unless the frames are the closed form's, 0 when they are.
 *
 * Included after bench_support.h (EXPECT, PASS), with quotes, from next to it.
 */
#ifndef TETHER_BENCH_WORKLOADS_H
#define TETHER_BENCH_WORKLOADS_H

#include <math.h>
#include <stddef.h>

/* ------------------------------------------------------------------------------------------ */
/* siblings: x = root.x + i, y = root.y + i, 10×10; root at the origin.                       */

static inline int check_siblings(const double *x, const double *y, const double *w,
                                 const double *h, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        EXPECT(x[i], (double)i, "x[%zu]", i);
        EXPECT(y[i], (double)i, "y[%zu]", i);
        EXPECT(w[i], 10, "w[%zu]", i);
        EXPECT(h[i], 10, "h[%zu]", i);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* chain: all widths equal and the row fills the root less 20 on each side with gaps of 8.    */

/* The root width at which every view is `view_width` wide. */
static inline double chain_root_width(size_t n, double view_width)
{
    return 40 + 8 * (double)(n - 1) + view_width * (double)n;
}

/* View width after resize k (k >= 1); consecutive values differ. The build uses width 10. */
static inline double chain_view_width(int k) { return 11 + (double)(k % 7); }

/* Every view `view_width` wide, 8 apart, the first 20 from the root's left. */
static inline int check_chain(const double *left, const double *width, size_t n,
                              double view_width)
{
    for (size_t i = 0; i < n; i++) {
        EXPECT(left[i], 20 + (double)i * (view_width + 8), "left[%zu]", i);
        EXPECT(width[i], view_width, "width[%zu]", i);
    }
    return 0;
}

/* A cheap spot check after a resize: first left, last width, last left. */
static inline int check_chain_spots(double first_left, double last_width, double last_left,
                                    size_t n, double view_width)
{
    EXPECT(first_left, 20, "left[0]");
    EXPECT(last_width, view_width, "width[%zu]", n - 1);
    EXPECT(last_left, 20 + (double)(n - 1) * (view_width + 8), "left[%zu]", n - 1);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* stack: 44 high each, one below the other; the root's height is the content's (44 n).       */

static inline int check_stack(const double *top, const double *height, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        EXPECT(top[i], 44 * (double)i, "top[%zu]", i);
        EXPECT(height[i], 44, "height[%zu]", i);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid (a feed): cells at their intrinsic height (at least 44), 4 apart, inset 16 left and    */
/* right; the root hugs the content.                                                          */

/* Intrinsic height of feed cell i. */
static inline double feed_intrinsic(size_t i) { return 44 + (double)((i * 37) % 100); }
/* Root width after resize k (k >= 1); consecutive values differ. The build uses 375. */
static inline double feed_root_width(int k) { return 320 + 20 * (double)(k % 9); }
/* The same, as the size of resize k for time_resizes (the feed needs nothing else to know it). */
static inline double feed_resize_value(const void *context, int k)
{
    (void)context;
    return feed_root_width(k);
}

/* Every cell at root width root_w; *root_height is then the root's height to expect. */
static inline int check_feed(const double *top, const double *height, const double *left,
                             const double *width, size_t n, double root_w, double *root_height)
{
    double y = 4;
    for (size_t i = 0; i < n; i++) {
        EXPECT(top[i], y, "top[%zu]", i);
        EXPECT(height[i], feed_intrinsic(i), "height[%zu]", i);
        EXPECT(left[i], 16, "left[%zu]", i);
        EXPECT(width[i], root_w - 32, "width[%zu]", i);
        y += feed_intrinsic(i) + 4;
    }
    *root_height = y;
    return 0;
}

/* After resize k: the last and the first cell's widths. */
static inline int check_feed_spots(double last_width, double first_width, size_t n, int k)
{
    EXPECT(last_width, feed_root_width(k) - 32, "width[%zu]", n - 1);
    EXPECT(first_width, feed_root_width(k) - 32, "width[0]");
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* grid2d: s×s equal cells 8 apart filling the root (at least 20×20); the root's height is     */
/* fixed at the build's and resizes change its width.                                         */

/* The side of the grid2d workload for N views: round(sqrt(N)). */
static inline size_t grid_side(size_t n)
{
    double s = round(sqrt((double)n));
    return s < 1 ? 1 : (size_t)s;
}
/* Root width of an s-wide grid whose views are w wide. */
static inline double grid2d_root_width(size_t s, double w)
{
    return (double)s * w + 8 * (double)(s + 1);
}
/* View width after resize k (k >= 1), between 76 and 124; the build uses 100. */
static inline double grid2d_view_width(int k) { return 100 + 8 * (double)(k % 7 - 3); }

/* Every cell `view_width` × 44 (row-major arrays of s × s). */
static inline int check_grid2d(const double *w, const double *h, const double *left,
                               const double *top, size_t s, double view_width)
{
    for (size_t r = 0; r < s; r++) {
        for (size_t c = 0; c < s; c++) {
            size_t k = r * s + c;
            EXPECT(w[k], view_width, "w[%zu,%zu]", r, c);
            EXPECT(h[k], 44, "h[%zu,%zu]", r, c);
            EXPECT(left[k], 8 + (double)c * (view_width + 8), "left[%zu,%zu]", r, c);
            EXPECT(top[k], 8 + (double)r * 52, "top[%zu,%zu]", r, c);
        }
    }
    return 0;
}

/* After resize k: the last and the first cell's widths. */
static inline int check_grid2d_spots(double last_width, double first_width, int k)
{
    EXPECT(last_width, grid2d_view_width(k), "w[last]");
    EXPECT(first_width, grid2d_view_width(k), "w[0,0]");
    return 0;
}

#endif /* TETHER_BENCH_WORKLOADS_H */
