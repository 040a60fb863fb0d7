/*
 * test_render_animation.c: animations drawn through the C ABI (tether/render.h): the sample
 * times, stills at a clock time (TETHER_SVG_PRESENTATION) against the presentation frames, and
 * the animated SVG document's <animate> elements against the frames sampled here.
 *
 * A root 200 x 100 holds `box` (10, 60, 40, 20) and `still` (150, 4, 30, 30); box's top
 * constraint goes from 60 to 10 in a 0.5 s linear block, so box's y is 60 - 100 t.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static tether_engine *engine;
static tether_view root, box, still;
static tether_layout_constraint top;

static tether_layout_constraint pin(tether_view v, tether_attribute a, tether_view other,
                                    tether_attribute b, double constant) {
    tether_layout_constraint c = 0;
    tether_status s = tether_layout_constraint_new(engine, v, a, TETHER_RELATION_EQUAL, other, b, 1, constant,
                                                   TETHER_LAYOUT_PRIORITY_REQUIRED, &c);
    expect(s == TETHER_OK && tether_layout_constraint_activate(engine, &c, 1, NULL) == TETHER_OK, "constraint");
    return c;
}

static tether_view child(const char *name) {
    tether_view v = 0;
    expect(tether_view_new(engine, (tether_rect){0, 0, 0, 0}, &v) == TETHER_OK &&
               tether_view_add_subview(engine, root, v) == TETHER_OK &&
               tether_view_set_translates_autoresizing_mask(engine, v, 0) == TETHER_OK &&
               tether_item_set_identifier(engine, v, name) == TETHER_OK,
           "a subview");
    return v;
}

static void build(void) {
    const tether_attribute none = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE;
    expect(tether_engine_new(&engine) == TETHER_OK, "engine");
    expect(tether_view_new(engine, (tether_rect){0, 0, 200, 100}, &root) == TETHER_OK, "root");
    box = child("box");
    still = child("still");
    top = pin(box, TETHER_ATTRIBUTE_TOP, root, TETHER_ATTRIBUTE_TOP, 60);
    pin(box, TETHER_ATTRIBUTE_LEADING, root, TETHER_ATTRIBUTE_LEADING, 10);
    pin(box, TETHER_ATTRIBUTE_WIDTH, 0, none, 40);
    pin(box, TETHER_ATTRIBUTE_HEIGHT, 0, none, 20);
    pin(still, TETHER_ATTRIBUTE_TOP, root, TETHER_ATTRIBUTE_TOP, 4);
    pin(still, TETHER_ATTRIBUTE_LEADING, root, TETHER_ATTRIBUTE_LEADING, 150);
    pin(still, TETHER_ATTRIBUTE_WIDTH, 0, none, 30);
    pin(still, TETHER_ATTRIBUTE_HEIGHT, 0, none, 30);
    expect(tether_view_layout_if_needed(engine, root) == TETHER_OK, "first layout");
}

static void raise_box(void) {
    tether_animation_options o = TETHER_ANIMATION_OPTIONS_INIT;
    o.duration = 0.5, o.curve = TETHER_ANIMATION_CURVE_LINEAR;
    expect(tether_animation_begin(&o) == TETHER_OK, "begin");
    expect(tether_layout_constraint_set_constant(engine, top, 10) == TETHER_OK, "constant");
    expect(tether_view_layout_if_needed(engine, root) == TETHER_OK, "layout in the block");
    expect(tether_animation_commit() == TETHER_OK, "commit");
}

/* The document through the two-call pattern (malloc'd, NUL-terminated), or NULL. */
static char *animated(const tether_svg_animation_options *options) {
    size_t needed = 0;
    char *text;
    if (tether_view_render_animated_svg(engine, root, NULL, options, NULL, 0, &needed) != TETHER_E_BUFFER_TOO_SMALL)
        return NULL;
    text = malloc(needed);
    if (text && tether_view_render_animated_svg(engine, root, NULL, options, text, needed, &needed) != TETHER_OK) {
        free(text);
        return NULL;
    }
    return text;
}

static char *still_at(double time) {
    tether_svg_options o = TETHER_SVG_OPTIONS_INIT;
    size_t needed = 0;
    char *text;
    o.flags |= TETHER_SVG_PRESENTATION, o.presentation_time = time;
    if (tether_view_render_svg(engine, root, &o, NULL, 0, &needed) != TETHER_E_BUFFER_TOO_SMALL) return NULL;
    text = malloc(needed);
    if (text && tether_view_render_svg(engine, root, &o, text, needed, &needed) != TETHER_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* The line of `text` that draws the view rect of `view`, copied into `line`. */
static int rect_line(const char *text, tether_view view, char *line, size_t size) {
    char needle[64];
    const char *start, *end;
    snprintf(needle, sizeof needle, "<rect class=\"view\" data-id=\"0x%llx\"", (unsigned long long)(view & ((1ULL << 52) - 1)));
    start = strstr(text, needle);
    if (!start) return 0;
    end = strchr(start, '\n');
    if (!end || (size_t)(end - start) >= size) return 0;
    memcpy(line, start, (size_t)(end - start));
    line[end - start] = '\0';
    return 1;
}

/* The numbers of attribute `name` in `line` (after `from`), separated by ';'. */
static size_t numbers(const char *line, const char *name, double *out, size_t capacity) {
    char key[64];
    const char *p;
    size_t n = 0;
    snprintf(key, sizeof key, " %s=\"", name);
    p = strstr(line, key);
    if (!p) return 0;
    p += strlen(key);
    while (n < capacity && *p != '"') {
        char *end;
        out[n++] = strtod(p, &end);
        if (end == p) return 0;
        p = *end == ';' ? end + 1 : end;
    }
    return n;
}

static void test_sample_times(void) {
    double times[16];
    size_t n = 0;
    expect(tether_view_animation_sample_times(engine, root, 4, times, 16, &n) == TETHER_OK && n == 3 &&
               times[0] == 0 && times[1] == 0.25 && times[2] == 0.5,
           "sample times at 4 fps: 0, 0.25, 0.5");
    expect(tether_view_animation_sample_times(engine, root, 4, times, 2, &n) == TETHER_E_BUFFER_TOO_SMALL && n == 3,
           "sample times: too small a buffer reports 3");
    expect(tether_view_animation_sample_times(engine, still, 4, times, 16, &n) == TETHER_OK && n == 1,
           "a view that does not move: one sample");
}

static void test_stills(void) {
    const double ts[] = {0, 0.1, 0.25, 0.4, 0.5, 2};
    size_t i;
    for (i = 0; i < sizeof ts / sizeof ts[0]; i++) {
        char *text = still_at(ts[i]), line[1024], expected[64];
        tether_rect f;
        int ok = text != NULL && rect_line(text, box, line, sizeof line) &&
                 tether_view_presentation_frame_at(engine, box, ts[i], &f) == TETHER_OK;
        snprintf(expected, sizeof expected, " y=\"%g\"", round(f.y * 1000) / 1000);
        expect(ok && fabs(f.y - (60 - 100 * fmin(ts[i], 0.5))) < 1e-9 && strstr(line, expected) != NULL,
               "a still shows box at its presentation frame");
        free(text);
    }
}

static void test_animated_document(void) {
    tether_svg_animation_options o = TETHER_SVG_ANIMATION_OPTIONS_INIT;
    char *text, line[4096];
    double keys[64], values[64], times[64];
    size_t nk, nv, nt = 0, k;
    int ok = 1;
    o.frames_per_second = 10;
    text = animated(&o);
    expect(text != NULL && strncmp(text, "<?xml", 5) == 0 && strstr(text, "</svg>\n") != NULL, "an animated document");
    if (!text) return;
    expect(rect_line(text, box, line, sizeof line) && strstr(line, "<animate attributeName=\"y\"") != NULL &&
               strstr(line, "attributeName=\"x\"") == NULL && strstr(line, "dur=\"0.5s\"") != NULL &&
               strstr(line, "calcMode=\"linear\" fill=\"freeze\"") != NULL,
           "box moves along y only, over 0.5 s, linearly between samples, frozen at the end");
    nk = numbers(line, "keyTimes", keys, 64);
    nv = numbers(line, "values", values, 64);
    expect(tether_view_animation_sample_times(engine, root, 10, times, 64, &nt) == TETHER_OK && nt == 6 && nk == nt &&
               nv == nt,
           "one key time and one value per sample");
    for (k = 0; k < nt && k < nk && k < nv; k++) {
        tether_rect f;
        ok = ok && tether_view_presentation_frame_at(engine, box, times[k], &f) == TETHER_OK &&
             fabs(keys[k] - times[k] / 0.5) < 1e-6 && fabs(values[k] - f.y) < 0.0005;
    }
    expect(ok, "the values are box's presentation frames at the sample times");
    expect(rect_line(text, still, line, sizeof line) && strstr(line, "<animate") == NULL, "still gets no <animate>");
    expect(strstr(text, "data-animated-views=\"1\"") != NULL, "one view moves");
    free(text);
    o.flags = TETHER_SVG_ANIMATION_REPEAT_FOREVER;
    text = animated(&o);
    expect(text && strstr(text, "repeatCount=\"indefinite\"") != NULL, "repeat forever");
    free(text);
    o.flags = 0, o.repeat_count = 2.5;
    text = animated(&o);
    expect(text && strstr(text, "repeatCount=\"2.5\"") != NULL, "repeat 2.5 times");
    free(text);
}

static void test_clock_not_moved(void) {
    double clock = -1;
    expect(tether_engine_animation_clock(engine, &clock) == TETHER_OK && clock == 0, "drawing does not move the clock");
    /* Halfway: the document starts where box is shown. */
    expect(tether_engine_advance(engine, 0.25) == TETHER_OK, "advance");
    {
        char *text = animated(NULL), line[4096];
        expect(text && rect_line(text, box, line, sizeof line) && strstr(line, " y=\"35\"") != NULL &&
                   strstr(line, "dur=\"0.25s\"") != NULL,
               "after 0.25 s: starts at y 35, 0.25 s left");
        free(text);
    }
}

int main(void) {
    build();
    raise_box();
    test_sample_times();
    test_stills();
    test_animated_document();
    test_clock_not_moved();
    expect(tether_engine_free(engine) == TETHER_OK, "engine freed");
    return finish();
}
