/*
 * test_animation.c: animation blocks, the clock and presentation frames (tether/animation.h)
 * through the C ABI only.
 *
 * The expected motion is computed here, independently of the library: each timing curve as the
 * cubic Bézier the header names, solved for its parameter by bisection on x(t), and the spring
 * as the closed form of a damped oscillator whose natural frequency makes its envelope decay to
 * 1/10,000 over the duration. Also: zero durations, delays, interruption (no jump in position or
 * velocity), nested blocks and their override flags, blocks without animation, completions
 * (exactly once, in the order their animations end, finished = 0 when stopped), views freed or
 * removed mid-animation, engines freed by a completion or advanced from one, clock errors and
 * option errors.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_support.h"

/* ----------------------------------------------------------------------------------------------
 * The closed forms
 * -------------------------------------------------------------------------------------------- */

typedef struct {
    double x1, y1, x2, y2;
} Bezier;

static Bezier curve_points(tether_animation_curve curve) {
    switch (curve) {
    case TETHER_ANIMATION_CURVE_EASE_IN_OUT: return (Bezier){0.42, 0, 0.58, 1};
    case TETHER_ANIMATION_CURVE_EASE_IN: return (Bezier){0.42, 0, 1, 1};
    case TETHER_ANIMATION_CURVE_EASE_OUT: return (Bezier){0, 0, 0.58, 1};
    default: return (Bezier){0, 0, 1, 1};
    }
}

/* One coordinate of a cubic Bézier from 0 to 1 with control values a and b, at parameter s. */
static double bezier_coordinate(double s, double a, double b) {
    double u = 1 - s;
    return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s;
}

/* Progress at elapsed fraction x: the parameter s with x(s) = x by bisection (x(s) increases
 * for control x values in [0, 1]), then y(s). */
static double curve_progress(tether_animation_curve curve, double x) {
    Bezier p = curve_points(curve);
    double lo = 0, hi = 1;
    int i;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    for (i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        if (bezier_coordinate(mid, p.x1, p.x2) < x) lo = mid;
        else hi = mid;
    }
    return bezier_coordinate((lo + hi) / 2, p.y1, p.y2);
}

/* Spring progress 1 - e(t) where e'' + 2 z w e' + w^2 e = 0, e(0) = 1, e'(0) = -v0, and
 * w = ln(10000) / (z T) for z <= 1, ln(10000) / ((z - sqrt(z^2 - 1)) T) above; exactly 1 from
 * t >= T. */
static double spring_progress(double z, double v0, double T, double t) {
    double w, e;
    if (t <= 0) return 0;
    if (t >= T) return 1;
    w = z <= 1 ? log(10000.0) / (z * T) : log(10000.0) / ((z - sqrt(z * z - 1)) * T);
    if (z < 1) {
        double wd = w * sqrt(1 - z * z);
        /* e = exp(-z w t) (A cos wd t + B sin wd t): A = 1, -z w A + wd B = -v0. */
        double B = (z * w - v0) / wd;
        e = exp(-z * w * t) * (cos(wd * t) + B * sin(wd * t));
    } else if (z == 1) {
        /* e = (1 + B t) exp(-w t): -w + B = -v0. */
        e = (1 + (w - v0) * t) * exp(-w * t);
    } else {
        double root = sqrt(z * z - 1);
        double r1 = -w * (z - root), r2 = -w * (z + root);
        /* e = c1 exp(r1 t) + c2 exp(r2 t): c1 + c2 = 1, c1 r1 + c2 r2 = -v0. */
        double c1 = (-v0 - r2) / (r1 - r2);
        e = c1 * exp(r1 * t) + (1 - c1) * exp(r2 * t);
    }
    return 1 - e;
}

/* ----------------------------------------------------------------------------------------------
 * Helpers
 * -------------------------------------------------------------------------------------------- */

static int near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

static tether_rect rect(double x, double y, double w, double h) {
    tether_rect r;
    r.x = x, r.y = y, r.width = w, r.height = h;
    return r;
}

static int rect_near(tether_rect a, tether_rect b, double tolerance) {
    return near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance) && near(a.width, b.width, tolerance) &&
           near(a.height, b.height, tolerance);
}

/* `from` + (`to` - `from`) * p, field by field. */
static tether_rect lerp(tether_rect from, tether_rect to, double p) {
    return rect(from.x + (to.x - from.x) * p, from.y + (to.y - from.y) * p,
                from.width + (to.width - from.width) * p, from.height + (to.height - from.height) * p);
}

static tether_engine *new_engine(void) {
    tether_engine *e = NULL;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    return e;
}

static tether_view new_view(tether_engine *e, tether_rect frame) {
    tether_view v = 0;
    if (tether_view_new(e, frame, &v) != TETHER_OK) abort();
    return v;
}

static tether_rect shown(tether_engine *e, tether_view v) {
    tether_rect r = rect(NAN, NAN, NAN, NAN);
    tether_view_presentation_frame(e, v, &r);
    return r;
}

static tether_rect shown_at(tether_engine *e, tether_view v, double time) {
    tether_rect r = rect(NAN, NAN, NAN, NAN);
    tether_view_presentation_frame_at(e, v, time, &r);
    return r;
}

static tether_rect velocity(tether_engine *e, tether_view v) {
    tether_rect r = rect(NAN, NAN, NAN, NAN);
    tether_view_presentation_velocity(e, v, &r);
    return r;
}

static tether_rect model(tether_engine *e, tether_view v) {
    tether_rect r = rect(NAN, NAN, NAN, NAN);
    tether_view_frame(e, v, &r);
    return r;
}

static double clock_of(tether_engine *e) {
    double t = NAN;
    tether_engine_animation_clock(e, &t);
    return t;
}

static int32_t animating(tether_engine *e, tether_view v) {
    int32_t out = -1;
    tether_view_is_animating(e, v, &out);
    return out;
}

static int32_t running(tether_engine *e) {
    int32_t out = -1;
    tether_engine_has_running_animations(e, &out);
    return out;
}

static uint32_t open_blocks(void) {
    uint32_t n = 999;
    tether_animation_open_blocks(&n);
    return n;
}

static double inherited(void) {
    double d = NAN;
    tether_animation_inherited_duration(&d);
    return d;
}

/* Completions: each records its tag and `finished` in call order. */
typedef struct {
    int tag;
    int32_t finished;
} Ended;

static Ended g_ended[64];
static int g_ended_count;

typedef struct {
    int tag;
    void (*then)(int tag); /* run after recording (NULL: nothing) */
} Tag;

static void record(void *context, int32_t finished) {
    Tag *tag = context;
    if (g_ended_count < 64) {
        g_ended[g_ended_count].tag = tag->tag;
        g_ended[g_ended_count].finished = finished;
    }
    g_ended_count++;
    if (tag->then) tag->then(tag->tag);
}

static void reset_ended(void) { g_ended_count = 0; }

static tether_animation_options options(double duration, double delay, tether_animation_curve curve,
                                        uint32_t flags, Tag *tag) {
    tether_animation_options o = TETHER_ANIMATION_OPTIONS_INIT;
    o.duration = duration;
    o.delay = delay;
    o.curve = curve;
    o.flags = flags;
    if (tag) {
        o.completion = record;
        o.completion_context = tag;
    }
    return o;
}

static tether_status begin(double duration, double delay, tether_animation_curve curve, uint32_t flags,
                           Tag *tag) {
    tether_animation_options o = options(duration, delay, curve, flags, tag);
    return tether_animation_begin(&o);
}

/* Sets `v`'s frame to `to` in a block of `duration` seconds along `curve`. */
static int animate_frame(tether_engine *e, tether_view v, tether_rect to, double duration, double delay,
                         tether_animation_curve curve, Tag *tag) {
    return begin(duration, delay, curve, 0, tag) == TETHER_OK && tether_view_set_frame(e, v, to) == TETHER_OK &&
           tether_animation_commit() == TETHER_OK;
}

/* ----------------------------------------------------------------------------------------------
 * Tests
 * -------------------------------------------------------------------------------------------- */

static const char *const CURVE_NAMES[] = {"ease-in-out", "ease-in", "ease-out", "linear"};

static void test_curves(void) {
    tether_animation_curve curve;
    for (curve = 0; curve <= 3; curve++) {
        tether_engine *e = new_engine();
        tether_rect from = rect(10, 20, 30, 40), to = rect(250, -60, 130, 15);
        tether_view v = new_view(e, from);
        double start = 0.75, duration = 1.6;
        int k, samples_ok = 1, model_ok = 1, ahead_ok = 1;
        char what[128];
        tether_engine_set_animation_clock(e, start);
        expect(animate_frame(e, v, to, duration, 0, curve, NULL), "curve: the block is made");
        for (k = 0; k <= 40; k++) {
            double elapsed = duration * k / 40.0 + (k % 3) * 1e-3;
            tether_rect want = lerp(from, to, curve_progress(curve, elapsed / duration));
            /* Drawing ahead of the clock gives the same frames as moving the clock there. */
            if (!rect_near(shown_at(e, v, start + elapsed), want, 1e-9)) ahead_ok = 0;
            tether_engine_set_animation_clock(e, start + elapsed);
            if (!rect_near(shown(e, v), want, 1e-9)) {
                samples_ok = 0;
                if (k % 7 == 0) {
                    tether_rect got = shown(e, v);
                    fprintf(stderr, "  %s at %.4f: x %.12f, want %.12f\n", CURVE_NAMES[curve], elapsed, got.x,
                            want.x);
                }
            }
            if (!rect_near(model(e, v), to, 0)) model_ok = 0;
        }
        snprintf(what, sizeof what, "curve %s: presentation frames follow the cubic Bezier", CURVE_NAMES[curve]);
        expect(samples_ok, what);
        snprintf(what, sizeof what, "curve %s: frame_at ahead of the clock agrees", CURVE_NAMES[curve]);
        expect(ahead_ok, what);
        snprintf(what, sizeof what, "curve %s: the model frame is the new one at once", CURVE_NAMES[curve]);
        expect(model_ok, what);
        /* The velocity mid-way is the derivative of the closed form. */
        {
            double t = duration * 0.37, h = 1e-6;
            double slope = (curve_progress(curve, (t + h) / duration) - curve_progress(curve, (t - h) / duration)) / (2 * h);
            tether_engine *e2 = new_engine();
            tether_view v2 = new_view(e2, from);
            animate_frame(e2, v2, to, duration, 0, curve, NULL);
            tether_engine_set_animation_clock(e2, t);
            snprintf(what, sizeof what, "curve %s: presentation velocity is the curve's slope", CURVE_NAMES[curve]);
            expect(near(velocity(e2, v2).x, (to.x - from.x) * slope, 1e-4 * fabs(to.x - from.x)) &&
                       near(velocity(e2, v2).height, (to.height - from.height) * slope, 1e-4 * 25),
                   what);
            tether_engine_free(e2);
        }
        tether_engine_set_animation_clock(e, start + duration);
        snprintf(what, sizeof what, "curve %s: at the end the view shows its model frame, not animating",
                 CURVE_NAMES[curve]);
        expect(rect_near(shown(e, v), to, 0) && animating(e, v) == 0 && running(e) == 0, what);
        tether_engine_free(e);
    }
}

static void test_springs(void) {
    static const double dampings[] = {0.2, 0.5, 1.0, 1.7, 4.0};
    static const double velocities[] = {0, 2.5, -1.5};
    size_t i, j;
    for (i = 0; i < sizeof dampings / sizeof dampings[0]; i++) {
        for (j = 0; j < sizeof velocities / sizeof velocities[0]; j++) {
            tether_engine *e = new_engine();
            tether_rect from = rect(0, 0, 50, 50), to = rect(300, 120, 50, 80);
            tether_view v = new_view(e, from);
            double z = dampings[i], v0 = velocities[j], T = 1.25;
            tether_animation_options o = options(T, 0, 99 /* not read with a spring */, TETHER_ANIMATION_SPRING, NULL);
            int k, ok = 1;
            char what[128];
            o.spring_damping = z;
            o.initial_velocity = v0;
            expect(tether_animation_begin(&o) == TETHER_OK, "spring: begin (curve not read)");
            tether_view_set_frame(e, v, to);
            tether_animation_commit();
            for (k = 0; k <= 50; k++) {
                double t = T * k / 50.0 + (k < 50 ? (k % 4) * 3e-4 : 0);
                tether_rect want = t >= T ? to : lerp(from, to, spring_progress(z, v0, T, t));
                tether_engine_set_animation_clock(e, t);
                if (!rect_near(shown(e, v), want, 1e-7)) {
                    ok = 0;
                    fprintf(stderr, "  spring z=%g v0=%g at %.4f: x %.10f, want %.10f\n", z, v0, t, shown(e, v).x,
                            want.x);
                }
            }
            snprintf(what, sizeof what, "spring z=%g v0=%g: the damped oscillator's closed form", z, v0);
            expect(ok, what);
            tether_engine_set_animation_clock(e, T);
            snprintf(what, sizeof what, "spring z=%g v0=%g: exactly the model frame from the duration on", z, v0);
            expect(shown(e, v).x == to.x && shown(e, v).height == to.height && animating(e, v) == 0,
                   what);
            tether_engine_free(e);
        }
    }
    /* The initial velocity is the velocity at the start, in distances per second. */
    {
        tether_engine *e = new_engine();
        tether_view v = new_view(e, rect(0, 0, 10, 10));
        tether_animation_options o = options(1, 0, 0, TETHER_ANIMATION_SPRING, NULL);
        o.spring_damping = 0.6;
        o.initial_velocity = 3;
        tether_animation_begin(&o);
        tether_view_set_frame(e, v, rect(200, 0, 10, 10));
        tether_animation_commit();
        expect(near(velocity(e, v).x, 600, 1e-6), "spring: the initial velocity in distances per second");
        tether_engine_free(e);
    }
}

static void test_zero_duration(void) {
    tether_engine *e = new_engine();
    tether_view v = new_view(e, rect(0, 0, 10, 10));
    Tag tag = {1, NULL};
    reset_ended();
    expect(begin(0, 0, TETHER_ANIMATION_CURVE_LINEAR, 0, &tag) == TETHER_OK, "zero duration: begin");
    expect(inherited() == 0, "zero duration: inherited duration 0");
    tether_view_set_frame(e, v, rect(90, 0, 10, 10));
    expect(g_ended_count == 0, "zero duration: no completion before commit");
    expect(tether_animation_commit() == TETHER_OK, "zero duration: commit");
    expect(g_ended_count == 1 && g_ended[0].tag == 1 && g_ended[0].finished == 1,
           "zero duration: the completion ran in commit, finished");
    expect(rect_near(shown(e, v), rect(90, 0, 10, 10), 0) && animating(e, v) == 0 && running(e) == 0,
           "zero duration: the view is at its new frame at once");
    tether_engine_advance(e, 1);
    expect(g_ended_count == 1, "zero duration: the completion ran once");
    /* A block that changed nothing completes in commit too. */
    reset_ended();
    begin(2, 0, 0, 0, &tag);
    tether_animation_commit();
    expect(g_ended_count == 1 && g_ended[0].finished == 1, "empty block: completes in commit");
    tether_engine_free(e);
}

static void test_delay(void) {
    tether_engine *e = new_engine();
    tether_rect from = rect(0, 0, 10, 10), to = rect(100, 50, 10, 10);
    tether_view v = new_view(e, from);
    Tag tag = {7, NULL};
    double end = -1;
    reset_ended();
    expect(animate_frame(e, v, to, 1.0, 0.5, TETHER_ANIMATION_CURVE_LINEAR, &tag), "delay: the block is made");
    expect(tether_view_animation_end_time(e, v, &end) == TETHER_OK && near(end, 1.5, 1e-12),
           "delay: the animation ends after delay + duration");
    expect(rect_near(shown(e, v), from, 0) && animating(e, v) == 1, "delay: the old frame shows at the start");
    tether_engine_advance(e, 0.25);
    expect(rect_near(shown(e, v), from, 0), "delay: the old frame shows during the delay");
    tether_engine_advance(e, 0.25);
    expect(rect_near(shown(e, v), from, 1e-12), "delay: the view starts moving when the delay passes");
    tether_engine_advance(e, 0.5);
    expect(rect_near(shown(e, v), lerp(from, to, 0.5), 1e-9), "delay: half-way after delay + half the duration");
    expect(g_ended_count == 0, "delay: no completion before the end");
    tether_engine_advance(e, 0.5);
    expect(g_ended_count == 1 && g_ended[0].finished == 1 && rect_near(shown(e, v), to, 0),
           "delay: completion at delay + duration");
    tether_engine_free(e);
}

static void test_interruption(void) {
    tether_engine *e = new_engine();
    tether_rect a = rect(0, 0, 40, 40), b = rect(100, 200, 80, 40), c = rect(-50, 300, 20, 60);
    tether_view v = new_view(e, a);
    tether_rect before, after, v_before, v_after, next;
    double t = 0.4, step = 1e-5;
    animate_frame(e, v, b, 1.0, 0, TETHER_ANIMATION_CURVE_EASE_IN_OUT, NULL);
    tether_engine_set_animation_clock(e, t);
    before = shown(e, v);
    v_before = velocity(e, v);
    expect(begin(1.0, 0, TETHER_ANIMATION_CURVE_EASE_IN_OUT, 0, NULL) == TETHER_OK, "interruption: begin");
    tether_view_set_frame(e, v, c);
    tether_animation_commit();
    after = shown(e, v);
    v_after = velocity(e, v);
    expect(rect_near(model(e, v), c, 0), "interruption: the model frame is the newest");
    expect(rect_near(before, after, 1e-9), "interruption: no jump in position");
    expect(rect_near(v_before, v_after, 1e-6), "interruption: no jump in velocity (ease-in-out starts at rest)");
    next = shown_at(e, v, t + step);
    expect(rect_near(next, rect(after.x + v_after.x * step, after.y + v_after.y * step,
                                after.width + v_after.width * step, after.height + v_after.height * step),
                     1e-4),
           "interruption: the motion goes on along its velocity");
    /* The additive sum: the first animation's remaining change plus the second's. */
    {
        double p1 = curve_progress(TETHER_ANIMATION_CURVE_EASE_IN_OUT, (t + 0.3) / 1.0);
        double p2 = curve_progress(TETHER_ANIMATION_CURVE_EASE_IN_OUT, 0.3 / 1.0);
        /* shown = c + (a - b)(1 - p1) + (b - c)(1 - p2) */
        double want_x = c.x + (a.x - b.x) * (1 - p1) + (b.x - c.x) * (1 - p2);
        tether_engine_advance(e, 0.3);
        expect(near(shown(e, v).x, want_x, 1e-9), "interruption: the two animations add up");
    }
    tether_engine_set_animation_clock(e, t + 1.0);
    expect(rect_near(shown(e, v), c, 0) && animating(e, v) == 0, "interruption: both end at the newest frame");
    tether_engine_free(e);
}

static void test_nested(void) {
    tether_engine *e = new_engine();
    tether_rect from = rect(0, 0, 10, 10), to = rect(100, 0, 10, 10);
    tether_view inherit = new_view(e, from), own_duration = new_view(e, from), own_curve = new_view(e, from),
                still = new_view(e, from);
    Tag outer_tag = {1, NULL}, inner_tag = {2, NULL};
    double t;
    reset_ended();
    expect(begin(2.0, 0, TETHER_ANIMATION_CURVE_LINEAR, 0, &outer_tag) == TETHER_OK, "nested: outer begin");
    expect(inherited() == 2.0 && open_blocks() == 1, "nested: outer duration");
    /* Inherits both: its own 0.5 s and ease-in are ignored. */
    begin(0.5, 0, TETHER_ANIMATION_CURVE_EASE_IN, 0, &inner_tag);
    expect(inherited() == 2.0 && open_blocks() == 2, "nested: inherits the duration");
    tether_view_set_frame(e, inherit, to);
    tether_animation_commit();
    begin(0.5, 0, TETHER_ANIMATION_CURVE_EASE_IN, TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION, NULL);
    expect(inherited() == 0.5, "nested: overrides the duration");
    tether_view_set_frame(e, own_duration, to);
    tether_animation_commit();
    begin(0.5, 0, TETHER_ANIMATION_CURVE_EASE_IN, TETHER_ANIMATION_OVERRIDE_INHERITED_CURVE, NULL);
    expect(inherited() == 2.0, "nested: overriding the curve keeps the duration");
    tether_view_set_frame(e, own_curve, to);
    tether_animation_commit();
    expect(tether_animation_begin_without_animation() == TETHER_OK && inherited() == 0 && open_blocks() == 2,
           "nested: a block without animation inside");
    tether_view_set_frame(e, still, to);
    expect(tether_animation_commit() == TETHER_OK, "nested: commit the block without animation");
    expect(tether_animation_commit() == TETHER_OK && open_blocks() == 0, "nested: outer commit");
    /* The outer block made no animation itself (the nested blocks made them): it completes now. */
    expect(g_ended_count == 1 && g_ended[0].tag == 1 && g_ended[0].finished == 1,
           "nested: the outer block, which animated nothing itself, completes in its commit");
    expect(animating(e, still) == 0 && rect_near(shown(e, still), to, 0),
           "nested: no animation inside begin_without_animation");
    for (t = 0.1; t < 1.95; t += 0.3) {
        char what[96];
        tether_engine_set_animation_clock(e, t);
        snprintf(what, sizeof what, "nested at %.1f: inherited linear over 2 s", t);
        expect(near(shown(e, inherit).x, 100 * t / 2.0, 1e-9), what);
        snprintf(what, sizeof what, "nested at %.1f: own 0.5 s, inherited linear", t);
        expect(near(shown(e, own_duration).x, t >= 0.5 ? 100 : 100 * t / 0.5, 1e-9), what);
        snprintf(what, sizeof what, "nested at %.1f: own ease-in over the inherited 2 s", t);
        expect(near(shown(e, own_curve).x, 100 * curve_progress(TETHER_ANIMATION_CURVE_EASE_IN, t / 2.0), 1e-9), what);
    }
    tether_engine_set_animation_clock(e, 2.0);
    expect(g_ended_count == 2 && g_ended[1].tag == 2 && g_ended[1].finished == 1,
           "nested: the inner block completes when its animation ends");
    /* begin_without_animation alone, and inside it an animation block animates nothing. */
    reset_ended();
    tether_animation_begin_without_animation();
    begin(1.0, 0, TETHER_ANIMATION_CURVE_LINEAR, TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION, &inner_tag);
    expect(inherited() == 0, "without animation: a block inside does not animate");
    tether_view_set_frame(e, inherit, from);
    tether_animation_commit();
    expect(g_ended_count == 1 && g_ended[0].finished == 1, "without animation: the inner block completes in commit");
    tether_animation_commit();
    expect(animating(e, inherit) == 0 && rect_near(shown(e, inherit), from, 0),
           "without animation: the frame changed at once");
    tether_engine_free(e);
}

static void test_completion_order(void) {
    tether_engine *e = new_engine();
    tether_view a = new_view(e, rect(0, 0, 10, 10)), b = new_view(e, rect(0, 0, 10, 10)),
                c = new_view(e, rect(0, 0, 10, 10));
    Tag ta = {1, NULL}, tb = {2, NULL}, tc = {3, NULL};
    reset_ended();
    animate_frame(e, a, rect(10, 0, 10, 10), 3, 0, 0, &ta);
    animate_frame(e, b, rect(10, 0, 10, 10), 1, 0, 0, &tb);
    animate_frame(e, c, rect(10, 0, 10, 10), 1, 1, 0, &tc); /* ends at 2 */
    expect(running(e) == 1, "order: running");
    tether_engine_advance(e, 10);
    expect(g_ended_count == 3 && g_ended[0].tag == 2 && g_ended[1].tag == 3 && g_ended[2].tag == 1,
           "order: completions in the order the animations ended, in one advance");
    expect(g_ended[0].finished && g_ended[1].finished && g_ended[2].finished, "order: all finished");
    tether_engine_advance(e, 10);
    tether_engine_set_animation_clock(e, 100);
    expect(g_ended_count == 3 && running(e) == 0, "order: each completion ran exactly once");
    /* A block spanning two engines completes once, when both have ended. */
    {
        tether_engine *e2 = new_engine();
        tether_view d = new_view(e2, rect(0, 0, 5, 5));
        reset_ended();
        begin(1, 0, 0, 0, &ta);
        tether_view_set_frame(e, a, rect(0, 0, 10, 10));
        tether_view_set_frame(e2, d, rect(9, 0, 5, 5));
        tether_animation_commit();
        tether_engine_advance(e2, 1);
        expect(g_ended_count == 0, "two engines: one engine's end does not complete the block");
        tether_engine_advance(e, 1);
        expect(g_ended_count == 1 && g_ended[0].finished == 1, "two engines: completes when both ended");
        tether_engine_free(e2);
    }
    tether_engine_free(e);
}

static void test_stopped(void) {
    tether_engine *e = new_engine();
    tether_view root = new_view(e, rect(0, 0, 300, 300));
    tether_view child = new_view(e, rect(0, 0, 10, 10)), other = new_view(e, rect(0, 0, 10, 10));
    Tag t1 = {1, NULL}, t2 = {2, NULL}, t3 = {3, NULL};
    tether_view_add_subview(e, root, child);
    tether_view_add_subview(e, root, other);
    reset_ended();
    /* A view freed mid-animation: its completion runs at the next advance, finished = 0. */
    animate_frame(e, child, rect(100, 0, 10, 10), 1, 0, 0, &t1);
    tether_engine_advance(e, 0.5);
    expect(tether_view_free(e, child) == TETHER_OK && g_ended_count == 0, "freed view: no completion at once");
    expect(running(e) == 1, "freed view: the stopped animation awaits its completion");
    tether_engine_advance(e, 0);
    expect(g_ended_count == 1 && g_ended[0].tag == 1 && g_ended[0].finished == 0,
           "freed view: completion finished = 0 at the next advance");
    expect(running(e) == 0, "freed view: nothing runs then");
    /* Removed from its superview: stops animating. */
    reset_ended();
    animate_frame(e, other, rect(100, 0, 10, 10), 1, 0, 0, &t2);
    tether_engine_advance(e, 0.2);
    tether_view_remove_from_superview(e, other);
    expect(animating(e, other) == 0 && rect_near(shown(e, other), model(e, other), 0),
           "removed view: shows its model frame");
    tether_engine_advance(e, 0.01);
    expect(g_ended_count == 1 && g_ended[0].finished == 0, "removed view: completion finished = 0");
    /* tether_view_remove_all_animations and tether_engine_remove_all_animations. */
    reset_ended();
    animate_frame(e, other, rect(0, 50, 10, 10), 1, 0, 0, &t2);
    animate_frame(e, root, rect(0, 50, 300, 300), 1, 0, 0, &t3);
    expect(tether_view_remove_all_animations(e, other) == TETHER_OK && animating(e, other) == 0 &&
               animating(e, root) == 1,
           "view remove_all_animations: only that view's");
    expect(tether_engine_remove_all_animations(e) == TETHER_OK && animating(e, root) == 0 &&
               rect_near(shown(e, root), rect(0, 50, 300, 300), 0) && running(e) == 1 && g_ended_count == 0,
           "engine remove_all_animations: model frames shown, completions pending");
    tether_engine_advance(e, 0);
    expect(g_ended_count == 2 && !g_ended[0].finished && !g_ended[1].finished && running(e) == 0,
           "remove_all_animations: completions finished = 0 at the next advance");
    /* An engine freed mid-animation runs the completions in tether_engine_free, finished = 0. */
    reset_ended();
    animate_frame(e, root, rect(0, 0, 300, 300), 1, 0, 0, &t1);
    expect(tether_engine_free(e) == TETHER_OK && g_ended_count == 1 && g_ended[0].finished == 0,
           "engine freed: its completions ran in free, finished = 0");
}

/* Completions that re-enter the library. */
static tether_engine *g_reentrant;

static void free_engine_then(int tag) {
    (void)tag;
    expect(tether_engine_free(g_reentrant) == TETHER_OK, "reentrant: a completion frees its engine");
}

static void advance_then(int tag) {
    (void)tag;
    expect(tether_engine_advance(g_reentrant, 5) == TETHER_OK, "reentrant: a completion advances its engine");
}

static void begin_then(int tag) {
    (void)tag;
    /* A completion may open a block and animate in it. */
    tether_animation_options o = options(1, 0, TETHER_ANIMATION_CURVE_LINEAR, 0, NULL);
    tether_view v = new_view(g_reentrant, rect(0, 0, 1, 1));
    expect(tether_animation_begin(&o) == TETHER_OK && tether_view_set_frame(g_reentrant, v, rect(5, 0, 1, 1)) == TETHER_OK &&
               tether_animation_commit() == TETHER_OK && animating(g_reentrant, v) == 1,
           "reentrant: a completion animates");
}

static void test_reentrant(void) {
    Tag first = {1, free_engine_then}, second = {2, NULL}, third = {3, NULL};
    tether_view a, b, c;
    /* Freed by its own completion during an advance: the later block stops (finished = 0). */
    g_reentrant = new_engine();
    a = new_view(g_reentrant, rect(0, 0, 10, 10));
    b = new_view(g_reentrant, rect(0, 0, 10, 10));
    reset_ended();
    animate_frame(g_reentrant, a, rect(1, 0, 10, 10), 1, 0, 0, &first);
    animate_frame(g_reentrant, b, rect(1, 0, 10, 10), 2, 0, 0, &second);
    expect(tether_engine_advance(g_reentrant, 1.5) == TETHER_OK, "reentrant free: the advance returns OK");
    expect(g_ended_count == 2 && g_ended[0].tag == 1 && g_ended[0].finished == 1 && g_ended[1].tag == 2 &&
               g_ended[1].finished == 0,
           "reentrant free: the running block stopped by the free");
    expect(tether_engine_advance(g_reentrant, 1) == TETHER_E_INVALID_HANDLE, "reentrant free: the handle is dead");

    /* Advanced from its own completion: the nested advance runs the later completions, once each. */
    g_reentrant = new_engine();
    a = new_view(g_reentrant, rect(0, 0, 10, 10));
    b = new_view(g_reentrant, rect(0, 0, 10, 10));
    c = new_view(g_reentrant, rect(0, 0, 10, 10));
    first.then = advance_then;
    reset_ended();
    animate_frame(g_reentrant, a, rect(1, 0, 10, 10), 1, 0, 0, &first);
    animate_frame(g_reentrant, b, rect(1, 0, 10, 10), 2, 0, 0, &second);
    animate_frame(g_reentrant, c, rect(1, 0, 10, 10), 3, 0, 0, &third);
    expect(tether_engine_advance(g_reentrant, 1) == TETHER_OK, "reentrant advance: the outer advance");
    expect(g_ended_count == 3 && g_ended[0].tag == 1 && g_ended[1].tag == 2 && g_ended[2].tag == 3,
           "reentrant advance: every completion once, in order");
    expect(clock_of(g_reentrant) == 6, "reentrant advance: the clock is where the nested advance left it");
    tether_engine_advance(g_reentrant, 10);
    expect(g_ended_count == 3, "reentrant advance: no completion twice");

    /* A completion that animates. */
    first.then = begin_then;
    reset_ended();
    animate_frame(g_reentrant, a, rect(2, 0, 10, 10), 1, 0, 0, &first);
    tether_engine_advance(g_reentrant, 1);
    expect(g_ended_count == 1 && running(g_reentrant) == 1 && open_blocks() == 0,
           "reentrant begin: the completion's animation runs, no block left open");
    /* Freed with the completion's animation running: nothing left behind. */
    expect(tether_engine_free(g_reentrant) == TETHER_OK, "reentrant begin: free");
}

static void test_hierarchy(void) {
    tether_engine *e = new_engine();
    tether_view root = new_view(e, rect(0, 0, 400, 400));
    tether_view parent = 0, child = 0;
    tether_layout_constraint k[6];
    tether_view ids[3];
    tether_rect frames[3];
    size_t needed = 0;
    int ok = 1, i;
    tether_view_new_subview(e, root, "parent", &parent);
    tether_view_new_subview(e, parent, "child", &child);
    tether_layout_constraint_new_between(e, parent, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root,
                                         TETHER_ATTRIBUTE_LEFT, 20, &k[0]);
    tether_layout_constraint_new_between(e, parent, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root,
                                         TETHER_ATTRIBUTE_TOP, 30, &k[1]);
    tether_layout_constraint_new_constant(e, parent, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 100, &k[2]);
    tether_layout_constraint_new_constant(e, parent, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL, 100, &k[3]);
    tether_layout_constraint_new_between(e, child, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, parent,
                                         TETHER_ATTRIBUTE_LEFT, 10, &k[4]);
    tether_layout_constraint_new_between(e, child, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, parent,
                                         TETHER_ATTRIBUTE_TOP, 10, &k[5]);
    expect(tether_layout_constraint_activate(e, k, 6, NULL) == TETHER_OK, "hierarchy: constraints");
    {
        tether_layout_constraint size[2];
        tether_layout_constraint_new_constant(e, child, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 20, &size[0]);
        tether_layout_constraint_new_constant(e, child, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL, 20, &size[1]);
        tether_layout_constraint_activate(e, size, 2, NULL);
    }
    /* The first layout is not animated even inside a block: views never laid out appear. */
    begin(1, 0, TETHER_ANIMATION_CURVE_LINEAR, 0, NULL);
    tether_view_layout_if_needed(e, root);
    tether_animation_commit();
    expect(animating(e, parent) == 0 && animating(e, child) == 0 &&
               rect_near(shown(e, parent), rect(20, 30, 100, 100), 0),
           "hierarchy: views laid out for the first time appear at their frames");
    /* Move the parent by changing a constant and laying out in a block. */
    begin(1, 0, TETHER_ANIMATION_CURVE_LINEAR, 0, NULL);
    tether_layout_constraint_set_constant(e, k[0], 220);
    tether_view_layout_if_needed(e, root);
    tether_animation_commit();
    expect(rect_near(model(e, parent), rect(220, 30, 100, 100), 0) && animating(e, parent) == 1 &&
               animating(e, child) == 0,
           "hierarchy: the layout pass animates the parent, not the pinned child");
    for (i = 0; i <= 10; i++) {
        double t = i / 10.0;
        tether_rect in_root = rect(NAN, 0, 0, 0);
        tether_engine_set_animation_clock(e, t);
        tether_view_presentation_frame_in(e, child, root, &in_root);
        if (!rect_near(in_root, rect(20 + 200 * t + 10, 40, 20, 20), 1e-9)) ok = 0;
        if (tether_view_subtree_presentation_frames(e, root, ids, frames, 3, &needed) != TETHER_OK || needed != 3 ||
            ids[0] != root || ids[1] != parent || ids[2] != child || !rect_near(frames[1], shown(e, parent), 0) ||
            !rect_near(frames[2], rect(10, 10, 20, 20), 0))
            ok = 0;
    }
    expect(ok, "hierarchy: the pinned child moves with its parent in root coordinates, no lag");
    tether_engine_free(e);
}

static void test_errors(void) {
    tether_engine *e = new_engine();
    tether_view v = new_view(e, rect(0, 0, 10, 10));
    tether_animation_options o;
    unsigned char bigger[sizeof(tether_animation_options) + 8];
    tether_engine_advance(e, 2);
    expect(tether_engine_advance(e, -0.1) == TETHER_E_INVALID_ARGUMENT && clock_of(e) == 2, "clock: negative step");
    expect(tether_engine_advance(e, NAN) == TETHER_E_INVALID_ARGUMENT && clock_of(e) == 2, "clock: NaN step");
    expect(tether_engine_advance(e, INFINITY) == TETHER_E_INVALID_ARGUMENT, "clock: infinite step");
    expect(tether_engine_set_animation_clock(e, 1.5) == TETHER_E_INVALID_ARGUMENT && clock_of(e) == 2,
           "clock: backwards");
    expect(tether_engine_set_animation_clock(e, NAN) == TETHER_E_INVALID_ARGUMENT, "clock: NaN time");
    expect(tether_engine_set_animation_clock(e, 2) == TETHER_OK && clock_of(e) == 2, "clock: the same time is fine");
    expect(tether_animation_commit() == TETHER_E_INVALID_STATE, "commit without begin: invalid state");
    expect(strstr(tether_last_error(), "no animation block") != NULL, "commit without begin: message");
    expect(tether_animation_begin(NULL) == TETHER_E_NULL_ARGUMENT, "options: NULL");

#define BAD(field_change, name, text)                                                              \
    do {                                                                                           \
        o = options(1, 0, 0, 0, NULL);                                                             \
        field_change;                                                                              \
        expect(tether_animation_begin(&o) == TETHER_E_INVALID_ARGUMENT && open_blocks() == 0 &&    \
                   strstr(tether_last_error(), text) != NULL,                                      \
               "options: " name);                                                                  \
    } while (0)
    BAD(o.struct_size = 8, "struct_size too small", "struct_size");
    BAD(o.struct_size = 100000, "struct_size absurd", "struct_size");
    BAD(o.flags = 0x10, "unknown flag", "flags");
    BAD(o.curve = 4, "unknown curve", "curve");
    BAD(o.curve = -1, "negative curve", "curve");
    BAD(o.duration = -1, "negative duration", "duration");
    BAD(o.duration = NAN, "NaN duration", "duration");
    BAD(o.duration = INFINITY, "infinite duration", "duration");
    BAD(o.delay = -0.5, "negative delay", "delay");
    BAD(o.delay = INFINITY, "infinite delay", "delay");
    BAD((o.flags = TETHER_ANIMATION_SPRING, o.spring_damping = 0), "zero damping", "spring_damping");
    BAD((o.flags = TETHER_ANIMATION_SPRING, o.spring_damping = -1), "negative damping", "spring_damping");
    BAD((o.flags = TETHER_ANIMATION_SPRING, o.spring_damping = NAN), "NaN damping", "spring_damping");
    BAD((o.flags = TETHER_ANIMATION_SPRING, o.initial_velocity = NAN), "NaN velocity", "initial_velocity");
#undef BAD
    /* Not read without the spring flag. */
    o = options(1, 0, 0, 0, NULL);
    o.spring_damping = -3;
    o.initial_velocity = NAN;
    expect(tether_animation_begin(&o) == TETHER_OK && tether_animation_commit() == TETHER_OK,
           "options: spring fields not read without the flag");
    /* A newer, larger struct whose unknown bytes are 0 is fine; a set unknown byte is not. */
    o = options(1, 0, 0, 0, NULL);
    memset(bigger, 0, sizeof bigger);
    o.struct_size = sizeof bigger;
    memcpy(bigger, &o, sizeof o);
    expect(tether_animation_begin((const tether_animation_options *)(void *)bigger) == TETHER_OK &&
               tether_animation_commit() == TETHER_OK,
           "options: a larger struct with zero tail");
    bigger[sizeof bigger - 1] = 1;
    expect(tether_animation_begin((const tether_animation_options *)(void *)bigger) == TETHER_E_INVALID_ARGUMENT &&
               open_blocks() == 0,
           "options: a larger struct with a set tail byte");
    expect(tether_view_presentation_frame_at(e, v, NAN, &(tether_rect){0, 0, 0, 0}) == TETHER_E_INVALID_ARGUMENT,
           "frame_at: NaN time");
    /* The engine is still usable. */
    expect(animate_frame(e, v, rect(10, 0, 10, 10), 1, 0, TETHER_ANIMATION_CURVE_LINEAR, NULL) &&
               tether_engine_advance(e, 0.5) == TETHER_OK && near(shown(e, v).x, 5, 1e-9),
           "errors: the engine still animates");
    tether_engine_free(e);
}

int main(void) {
    test_curves();
    test_springs();
    test_zero_duration();
    test_delay();
    test_interruption();
    test_nested();
    test_completion_order();
    test_stopped();
    test_reentrant();
    test_hierarchy();
    test_errors();
    expect(open_blocks() == 0, "no block left open");
    return finish();
}
