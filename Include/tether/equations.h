/*
 * tether/equations.h — constraints written as equations (`email.top == title.bottom + 8`).
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_EQUATIONS_H
#define TETHER_EQUATIONS_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Makes the constraints equation text describes (since 0.10), inactive and in the order the text
 * gives them, and writes their ids into `out` (activate them with
 * tether_layout_constraint_activate(); free them with tether_layout_constraint_free()).
 *
 * The text holds one equation per line or several separated by `;`, each
 * `item.attribute RELATION side [@ priority]`:
 *
 *     title.top == root.safeAreaLayoutGuide.top + 20
 *     email.top == title.bottom + 8; email.width == 0.5 * root.width @ 750
 *     button.width >= 44; button.height == h
 *
 * - an anchor is `name.attribute`, or `name.layoutMarginsGuide.attribute` /
 *   `name.safeAreaLayoutGuide.attribute` for a named view's own guides; attributes are spelled as
 *   tether_attribute_name() returns them (`top`, `leadingMargin`, `centerY`...);
 * - RELATION is `==`, `<=` or `>=`;
 * - the right side is a sum of terms, each a product of numbers, metrics and at most one anchor
 *   (`b.width / 2 - 4`, `8 + 2 * b.width`, `-b.height`); at most one anchor on the side, never a
 *   divisor. Without an anchor the side is a constant (`width >= 100`);
 * - the priority is a number, a metric, or `required`, `defaultHigh`, `defaultLow`,
 *   `fittingSizeLevel` (and UIKit's other names), optionally `+ n` or `- n`; required when
 *   omitted.
 * Layout documents accept the same text as a constraint (docs/layout-documents.md).
 *
 * `view_names[i]` (UTF-8) names `items[i]` (a view or a layout guide of this engine) for
 * `i < item_count`; `metric_names[i]` (UTF-8) names `metric_values[i]` (finite) for
 * `i < metric_count`; the tables are checked as tether_layout_constraints_with_visual_format()
 * checks them. Empty text (or only separators) gives TETHER_OK with `*needed` = 0.
 *
 * Two-call pattern: `*needed` (may be NULL) = the number of constraints. When `capacity` is too
 * small, none is kept (those made are freed) and the call returns TETHER_E_BUFFER_TOO_SMALL with
 * `*needed`; call again with at least that capacity.
 *
 * Text that cannot be parsed, a name not in the tables, or an equation Auto Layout rejects (a
 * location equal to a constant, `top == width`, a priority outside (0, 1000]) gives
 * TETHER_E_PARSE and makes nothing: tether_last_error() holds
 * `Unable to parse constraint equation: <reason>\n<the line>\n<spaces>^`, and `*error_position`
 * (may be NULL) the 0-based column of the caret counted in characters from the start of `text`.
 */
tether_status tether_layout_constraints_with_equations(
    tether_engine *engine, const char *text,
    const char *const *metric_names, const double *metric_values, size_t metric_count,
    const char *const *view_names, const tether_item *items, size_t item_count,
    tether_layout_constraint *out, size_t capacity, size_t *needed, size_t *error_position);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_EQUATIONS_H */
