/*
 * test_names.c: the tether_*_name functions (issue 24, item 6), through the C ABI only.
 *
 * Every value of each enumeration has Apple's name (the spelling descriptions and layout
 * documents use), a value outside it has the "unknown ..." string, and each result is a static
 * string: the same pointer on every call, never NULL.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <string.h>

#include "tether.h"
#include "test_support.h"

static void expect_name(const char *got, const char *want, const char *what) {
    char line[160];
    snprintf(line, sizeof line, "%s: \"%s\" (want \"%s\")", what, got ? got : "(null)", want);
    expect(got != NULL && strcmp(got, want) == 0, line);
}

int main(void) {
    expect_name(tether_relation_name(TETHER_RELATION_LESS_THAN_OR_EQUAL), "<=", "relation <=");
    expect_name(tether_relation_name(TETHER_RELATION_EQUAL), "==", "relation ==");
    expect_name(tether_relation_name(TETHER_RELATION_GREATER_THAN_OR_EQUAL), ">=", "relation >=");
    expect_name(tether_relation_name(2), "unknown relation", "relation 2");

    static const struct { tether_attribute value; const char *name; } attributes[] = {
        {TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, "notAnAttribute"}, {TETHER_ATTRIBUTE_LEFT, "left"},
        {TETHER_ATTRIBUTE_RIGHT, "right"}, {TETHER_ATTRIBUTE_TOP, "top"}, {TETHER_ATTRIBUTE_BOTTOM, "bottom"},
        {TETHER_ATTRIBUTE_LEADING, "leading"}, {TETHER_ATTRIBUTE_TRAILING, "trailing"},
        {TETHER_ATTRIBUTE_WIDTH, "width"}, {TETHER_ATTRIBUTE_HEIGHT, "height"},
        {TETHER_ATTRIBUTE_CENTER_X, "centerX"}, {TETHER_ATTRIBUTE_CENTER_Y, "centerY"},
        {TETHER_ATTRIBUTE_LAST_BASELINE, "lastBaseline"}, {TETHER_ATTRIBUTE_FIRST_BASELINE, "firstBaseline"},
        {TETHER_ATTRIBUTE_LEFT_MARGIN, "leftMargin"}, {TETHER_ATTRIBUTE_RIGHT_MARGIN, "rightMargin"},
        {TETHER_ATTRIBUTE_TOP_MARGIN, "topMargin"}, {TETHER_ATTRIBUTE_BOTTOM_MARGIN, "bottomMargin"},
        {TETHER_ATTRIBUTE_LEADING_MARGIN, "leadingMargin"}, {TETHER_ATTRIBUTE_TRAILING_MARGIN, "trailingMargin"},
        {TETHER_ATTRIBUTE_CENTER_X_WITHIN_MARGINS, "centerXWithinMargins"},
        {TETHER_ATTRIBUTE_CENTER_Y_WITHIN_MARGINS, "centerYWithinMargins"},
        {TETHER_ATTRIBUTE_MIN_X, "minX"}, {TETHER_ATTRIBUTE_MIN_Y, "minY"},
    };
    for (size_t i = 0; i < sizeof attributes / sizeof attributes[0]; i++)
        expect_name(tether_attribute_name(attributes[i].value), attributes[i].name, "attribute");
    expect_name(tether_attribute_name(21), "unknown attribute", "attribute 21");
    expect_name(tether_attribute_name(-1), "unknown attribute", "attribute -1");

    expect_name(tether_axis_name(TETHER_AXIS_HORIZONTAL), "horizontal", "axis 0");
    expect_name(tether_axis_name(TETHER_AXIS_VERTICAL), "vertical", "axis 1");
    expect_name(tether_axis_name(2), "unknown axis", "axis 2");
    expect_name(tether_layout_direction_name(TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT), "leftToRight", "direction 0");
    expect_name(tether_layout_direction_name(TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT), "rightToLeft", "direction 1");
    expect_name(tether_layout_direction_name(7), "unknown layout direction", "direction 7");
    expect_name(tether_semantic_content_attribute_name(TETHER_SEMANTIC_CONTENT_UNSPECIFIED), "unspecified", "semantic 0");
    expect_name(tether_semantic_content_attribute_name(TETHER_SEMANTIC_CONTENT_FORCE_RIGHT_TO_LEFT),
                "forceRightToLeft", "semantic 4");
    expect_name(tether_semantic_content_attribute_name(5), "unknown semantic content attribute", "semantic 5");

    expect_name(tether_stack_distribution_name(TETHER_STACK_DISTRIBUTION_FILL), "fill", "distribution 0");
    expect_name(tether_stack_distribution_name(TETHER_STACK_DISTRIBUTION_FILL_PROPORTIONALLY), "fillProportionally",
                "distribution 2");
    expect_name(tether_stack_distribution_name(TETHER_STACK_DISTRIBUTION_EQUAL_CENTERING), "equalCentering",
                "distribution 4");
    expect_name(tether_stack_distribution_name(5), "unknown distribution", "distribution 5");
    expect_name(tether_stack_alignment_name(TETHER_STACK_ALIGNMENT_TOP), "leading", "alignment top (= leading)");
    expect_name(tether_stack_alignment_name(TETHER_STACK_ALIGNMENT_FIRST_BASELINE), "firstBaseline", "alignment 2");
    expect_name(tether_stack_alignment_name(TETHER_STACK_ALIGNMENT_LAST_BASELINE), "lastBaseline", "alignment 5");
    expect_name(tether_stack_alignment_name(-3), "unknown alignment", "alignment -3");

    /* Static strings: the same pointer every time. */
    expect(tether_attribute_name(TETHER_ATTRIBUTE_WIDTH) == tether_attribute_name(TETHER_ATTRIBUTE_WIDTH),
           "the same pointer on every call");
    expect(tether_relation_name(99) == tether_relation_name(-99), "one unknown string");
    return finish();
}
