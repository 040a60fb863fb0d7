/*
 * bench_support.h: what the C benches (tether_bench.c and floor_bench.c) share, so that the two
 * fail, time, measure memory, parse their command line and print JSON the same way. Each
 * includes it with quotes from next to it, so that the single cc command of run.py (c_command)
 * still builds it; it needs only the C library (POSIX clock_gettime, getrusage), not tether.h.
 *
 * The including file defines PROGRAM (its name, for messages) before it, and gets:
 *
 *   EXIT_ENGINE, EXIT_LAYOUT, EXIT_USAGE    the exit statuses (2, 3, 64)
 *   failure                                 why the run failed (printed by main)
 *   PASS(call)                              returns a non-zero result of call from the caller
 *   EXPECT(actual, expected, format, ...)   returns EXIT_LAYOUT from the caller unless
 *                                           actual ≈ expected; the rest names the value
 *   xmalloc, xrealloc                       malloc, realloc; exit EXIT_ENGINE when out of memory
 *   now_ns, ms_between, us_between          a monotonic clock and durations
 *   median                                  the median of an array (sorts it)
 *   time_resizes, resize_timings            times a run of resizes, each verified
 *   max_rss_kb, peak_hwm_kb                 peak memory
 *   parse_command_line, option_value, parse_seconds
 *                                           the command line WORKLOAD N [options]
 *   run_failed                              prints why a run failed
 *   json_begin, json_number, json_integer, json_string, json_resizes
 *                                           the fields of the one JSON line, which closes with
 *   memory_before, json_verified_and_memory "verified" and the memory before and after the run
 *
 * The functions are static inline: a file that leaves one unused still compiles cleanly.
 */
#ifndef TETHER_BENCH_SUPPORT_H
#define TETHER_BENCH_SUPPORT_H

#ifndef PROGRAM
#error "define PROGRAM (the bench's name) before including bench_support.h"
#endif

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define EXIT_ENGINE 2
#define EXIT_LAYOUT 3
#define EXIT_USAGE 64

/* ------------------------------------------------------------------------------------------ */
/* Failures                                                                                   */

/* Why the run failed (printed by main with the workload). */
static char failure[2048];

/* Propagates a non-zero result of one of the bench's functions. */
#define PASS(call)                      \
    do {                                \
        int pass_result_ = (call);      \
        if (pass_result_ != 0) return pass_result_; \
    } while (0)

static inline int close_to(double actual, double expected)
{
    return fabs(actual - expected) <= 1e-6 * fmax(1.0, fabs(expected));
}

/* Returns EXIT_LAYOUT from the caller unless actual ≈ expected; the rest names the value. */
#define EXPECT(actual, expected, ...)                                              \
    do {                                                                           \
        double a_ = (actual), e_ = (expected);                                     \
        if (!close_to(a_, e_)) return layout_failure(a_, e_, __VA_ARGS__);         \
    } while (0)

static inline int layout_failure(double actual, double expected, const char *format, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, format);
    vsnprintf(what, sizeof what, format, ap);
    va_end(ap);
    snprintf(failure, sizeof failure, "verification failed: %s = %.17g, expected %.17g", what,
             actual, expected);
    return EXIT_LAYOUT;
}

/* ------------------------------------------------------------------------------------------ */
/* Memory, time                                                                               */

static inline void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) {
        fprintf(stderr, PROGRAM ": Cannot allocate memory (%zu bytes)\n", size);
        exit(EXIT_ENGINE);
    }
    return p;
}

static inline void *xrealloc(void *old, size_t size)
{
    void *p = realloc(old, size ? size : 1);
    if (!p) {
        fprintf(stderr, PROGRAM ": Cannot allocate memory (%zu bytes)\n", size);
        exit(EXIT_ENGINE);
    }
    return p;
}

static inline uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline double ms_between(uint64_t a, uint64_t b) { return (double)(b - a) / 1e6; }
static inline double us_between(uint64_t a, uint64_t b) { return (double)(b - a) / 1e3; }

static inline int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of values[0..count) (sorts them). */
static inline double median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
    size_t mid = count / 2;
    return count % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

/* Peak resident set size in KiB (Linux reports ru_maxrss in KiB). It keeps the high-water mark
 * of the process that forked us when that is larger; VmHWM below starts afresh at exec. */
static inline long max_rss_kb(void)
{
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return usage.ru_maxrss;
}

/* VmHWM from /proc/self/status in KiB, or -1. */
static inline long peak_hwm_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[512];
    long kb = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    }
    fclose(f);
    return kb;
}

/* ------------------------------------------------------------------------------------------ */
/* Resizes                                                                                    */

/* The timings of a run of resizes. */
typedef struct {
    int measured;              /* 0: the run resized nothing */
    double first_us, median_us; /* the first resize, the median of the others */
    int count;                 /* resizes after the first */
} resize_timings;

/* The size of resize k (k >= 1), from the workload `context`. */
typedef double (*resize_value_fn)(const void *context, int k);
/* Lays the workload out again for a resize to `value`: 0, or a failure. */
typedef int (*resize_apply_fn)(void *target, double value);
/* Verifies the workload's layout after resize k: 0, or a failure. */
typedef int (*resize_check_fn)(const void *context, int k);

/* A first resize, then `count` more: each applies value(context, k) to `target` (only that is
 * timed), then check(context, k) verifies the layout (untimed); their timings into *out.
 * Returns 0 or the first failure. */
static inline int time_resizes(resize_apply_fn apply, void *target, int count,
                               resize_value_fn value, resize_check_fn check, const void *context,
                               resize_timings *out)
{
    double *samples = xmalloc((size_t)count * sizeof *samples);
    int r = 0;
    for (int k = 1; k <= count + 1 && r == 0; k++) {
        double size = value(context, k);
        uint64_t t0 = now_ns();
        r = apply(target, size);
        uint64_t t1 = now_ns();
        if (r == 0) r = check(context, k);
        if (k == 1) out->first_us = us_between(t0, t1);
        else samples[k - 2] = us_between(t0, t1);
    }
    if (r == 0) {
        out->measured = 1;
        out->median_us = median(samples, (size_t)count);
        out->count = count;
    }
    free(samples);
    return r;
}

/* ------------------------------------------------------------------------------------------ */
/* The command line: WORKLOAD N [options]                                                     */

/* The bench's option at argv[*i]: 1 when it took it (and moved *i past its value), 0 when
 * argv[*i] is none of its options (a positional argument then), -1 when it is wrong. */
typedef int (*option_fn)(void *options, int argc, char **argv, int *i);

/* The value after the option at argv[*i] (and *i moved to it), or NULL when there is none. */
static inline const char *option_value(int argc, char **argv, int *i)
{
    return *i + 1 < argc ? argv[++*i] : NULL;
}

/* WORKLOAD N [options]: each argument is offered to `option` first; the others are WORKLOAD, one
 * of workloads[0..workload_count) (*workload: it, *index: its position), then N, an integer
 * >= 2. -1 (usage) for -h, --help or anything wrong, else 0. */
static inline int parse_command_line(int argc, char **argv, option_fn option, void *options,
                                     const char *const *workloads, size_t workload_count,
                                     const char **workload, size_t *index, size_t *n)
{
    const char *positional[2];
    int count = 0;
    for (int i = 1; i < argc; i++) {
        int taken = option(options, argc, argv, &i);
        if (taken < 0) return -1;
        if (taken) continue;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0 || count == 2) return -1;
        positional[count++] = argv[i];
    }
    if (count != 2) return -1;
    *index = workload_count;
    for (size_t k = 0; k < workload_count; k++)
        if (strcmp(positional[0], workloads[k]) == 0) *index = k;
    if (*index == workload_count) return -1;
    *workload = workloads[*index];
    char *end;
    long long value = strtoll(positional[1], &end, 10);
    if (*positional[1] == '\0' || *end != '\0' || value < 2) return -1;
    *n = (size_t)value;
    return 0;
}

/* Prints why the run of `workload` at N failed (`failure`); returns `status`, the run's. */
static inline int run_failed(const char *workload, size_t n, int status)
{
    fprintf(stderr, PROGRAM ": %s N=%zu: %s\n", workload, n, failure);
    return status;
}

/* A positive, finite number of seconds (--churn-budget); -1 (usage) for anything else. */
static inline int parse_seconds(const char *text, double *seconds)
{
    char *end;
    double value = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(value > 0) || !isfinite(value)) return -1;
    *seconds = value;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* JSON: one line of fields, `first` tells whether a comma goes before the next              */

static inline void json_number(const char *key, double value, int *first)
{
    printf("%s\"%s\": ", *first ? "" : ", ", key);
    if (isfinite(value)) printf("%.10g", value);
    else printf("null");
    *first = 0;
}

static inline void json_integer(const char *key, unsigned long long value, int *first)
{
    printf("%s\"%s\": %llu", *first ? "" : ", ", key, value);
    *first = 0;
}

static inline void json_string(const char *key, const char *value, int *first)
{
    printf("%s\"%s\": \"%s\"", *first ? "" : ", ", key, value); /* plain ASCII values only */
    *first = 0;
}

/* Opens the line with the fields every bench prints first; returns `first` for the next field. */
static inline int json_begin(const char *engine, const char *workload, size_t n)
{
    int first = 1;
    printf("{");
    json_string("engine", engine, &first);
    json_string("workload", workload, &first);
    json_integer("n", n, &first);
    return first;
}

/* The resizes' fields, when there were any. */
static inline void json_resizes(const resize_timings *resize, int *first)
{
    if (!resize->measured) return;
    json_number("resize_first_us", resize->first_us, first);
    json_number("resize_us_median", resize->median_us, first);
    json_integer("resizes", (unsigned long long)resize->count, first);
}

/* The process's peak memory before a run (max_rss_kb, peak_hwm_kb). */
typedef struct {
    long rss_kb, hwm_kb;
} memory_baseline;

static inline memory_baseline memory_before(void)
{
    memory_baseline before = {max_rss_kb(), peak_hwm_kb()};
    return before;
}

/* The closing fields: "verified", then the peak memory before the run and at its end. */
static inline void json_verified_and_memory(memory_baseline before, int *first)
{
    printf(", \"verified\": true");
    json_integer("baseline_rss_kb", (unsigned long long)before.rss_kb, first);
    json_integer("max_rss_kb", (unsigned long long)max_rss_kb(), first);
    long peak = peak_hwm_kb();
    if (before.hwm_kb >= 0 && peak >= 0) {
        json_integer("baseline_hwm_kb", (unsigned long long)before.hwm_kb, first);
        json_integer("peak_hwm_kb", (unsigned long long)peak, first);
    }
}

#endif /* TETHER_BENCH_SUPPORT_H */
