/*
 * tether/constraint.h — layout constraints (NSLayoutConstraint): making, activating, changing
 * and describing them.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_CONSTRAINT_H
#define TETHER_CONSTRAINT_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Layout constraints (part of the view model: tether/engine.h)
 * ------------------------------------------------------------------------------------------- */

/**
 * Makes an inactive constraint `item1.attribute1 RELATION multiplier * item2.attribute2 +
 * constant` at `priority` (item2 = 0 with TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE for a constant).
 * Validated as Apple does: TETHER_E_INVALID_ARGUMENT with Apple's message for size↔location,
 * x↔y, location == constant, leading/trailing↔left/right, margins or baselines on a guide,
 * non-finite numbers, priorities outside (0, 1000], out-of-range enums.
 */
tether_status tether_layout_constraint_new(tether_engine *engine, tether_item item1,
                                           tether_attribute attribute1, tether_relation relation,
                                           tether_item item2, tether_attribute attribute2,
                                           double multiplier, double constant, float priority,
                                           tether_layout_constraint *out);
/** The constraint most programs make, in 7 arguments instead of 10 (since 0.9): `item1.attribute1
 *  RELATION item2.attribute2 + constant`, multiplier 1, required; inactive, validated as
 *  tether_layout_constraint_new() validates it (`item2` must be an item). */
tether_status tether_layout_constraint_new_between(tether_engine *engine, tether_item item1,
                                                   tether_attribute attribute1,
                                                   tether_relation relation, tether_item item2,
                                                   tether_attribute attribute2, double constant,
                                                   tether_layout_constraint *out);
/** A size against a constant (since 0.9): `item.attribute RELATION constant`, required, inactive
 *  (`width == 44`); as tether_layout_constraint_new() with no second item (a location equal to a
 *  constant is refused with Apple's message). */
tether_status tether_layout_constraint_new_constant(tether_engine *engine, tether_item item,
                                                    tether_attribute attribute,
                                                    tether_relation relation, double constant,
                                                    tether_layout_constraint *out);
/** Frees a constraint (deactivating it). */
tether_status tether_layout_constraint_free(tether_engine *engine, tether_layout_constraint constraint);
/** Activates (1) or deactivates (0) one constraint. Activation needs a common ancestor
 *  (TETHER_E_INVALID_STATE with Apple's message otherwise). */
tether_status tether_layout_constraint_set_active(tether_engine *engine,
                                                  tether_layout_constraint constraint, int32_t active);
/** Activates `count` constraints as one batch: all checked first, none activated on error
 *  (`*failed_index`, may be NULL, names the culprit). */
tether_status tether_layout_constraint_activate(tether_engine *engine,
                                                const tether_layout_constraint *constraints,
                                                size_t count, size_t *failed_index);
/** Deactivates `count` constraints (all ids checked first). */
tether_status tether_layout_constraint_deactivate(tether_engine *engine,
                                                  const tether_layout_constraint *constraints,
                                                  size_t count);
/** Changes the constant in place (an active constraint's root is updated without a rebuild). */
tether_status tether_layout_constraint_set_constant(tether_engine *engine,
                                                    tether_layout_constraint constraint,
                                                    double constant);
/** Changes the priority; required↔optional on an active constraint is TETHER_E_INVALID_STATE
 *  (Apple's rule and message). */
tether_status tether_layout_constraint_set_priority(tether_engine *engine,
                                                    tether_layout_constraint constraint,
                                                    float priority);
tether_status tether_layout_constraint_set_identifier(tether_engine *engine,
                                                      tether_layout_constraint constraint,
                                                      const char *identifier);
/** Sets Apple's `shouldBeArchived` (since 0.10; 0 or 1, default 0). Tether stores the flag for
 *  programs and ported tests but does not act on it: no document or layout pass reads it. */
tether_status tether_layout_constraint_set_should_be_archived(tether_engine *engine,
                                                              tether_layout_constraint constraint,
                                                              int32_t archived);
/** `*out` = the flag set by tether_layout_constraint_set_should_be_archived() (since 0.10). */
tether_status tether_layout_constraint_should_be_archived(tether_engine *engine,
                                                          tether_layout_constraint constraint,
                                                          int32_t *out);

/** A layout constraint's properties. */
typedef struct tether_layout_constraint_info {
    tether_item first_item;
    tether_item second_item;          /**< 0 when none */
    tether_attribute first_attribute;
    tether_attribute second_attribute;
    tether_relation relation;
    float priority;
    double multiplier;                /**< 1 when there is no second item, as UIKit reports */
    double constant;
    int32_t is_active;
    int32_t is_broken;                /**< active but not enforced: it conflicted */
} tether_layout_constraint_info;

tether_status tether_layout_constraint_info_get(tether_engine *engine,
                                                tether_layout_constraint constraint,
                                                tether_layout_constraint_info *out);
/** Copies the constraint's identifier (two-call pattern). */
tether_status tether_layout_constraint_identifier(tether_engine *engine,
                                                  tether_layout_constraint constraint, char *buffer,
                                                  size_t capacity, size_t *needed);
/**
 * Copies the constraint's description in Apple's form (two-call pattern):
 * `<NSLayoutConstraint:0x… ['identifier' ]BODY[ priority:P]   (active|inactive[, names: '|':View:0x… ])>`.
 * BODY is VFL-like for sizes and spacings (`H:[View:0x…(100)]`, `V:[View:0x…(>=44)]`,
 * `H:[View:0x…]-(8)-[View:0x…]`, `H:|-(NSSpace(20))-[View:0x…]`, `(LTR)` after left/right
 * spacings) and the equation otherwise (`View:0x….centerX == 0.625*View:0x….centerX + 4`).
 * Generated constraints print as `NSAutoresizingMaskLayoutConstraint` (`h=--& v=--& …`) or
 * `NSContentSizeLayoutConstraint` (`… Hug:250 CompressionResistance:750`). Items print as
 * `tether_item_debug_name` does; the hex numbers are the ids C callers hold.
 */
tether_status tether_layout_constraint_description(tether_engine *engine,
                                                   tether_layout_constraint constraint,
                                                   char *buffer, size_t capacity, size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_CONSTRAINT_H */
