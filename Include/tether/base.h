/*
 * tether/base.h — versions, status codes and errors, the relation type the solver and
 * layout constraints share.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_BASE_H
#define TETHER_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------- */

#define TETHER_VERSION_MAJOR 0
#define TETHER_VERSION_MINOR 12
#define TETHER_VERSION_PATCH 0
/** The ABI version this header describes; compare with tether_abi_version() at run time. */
#define TETHER_ABI_VERSION 1

/** The ABI version of the loaded library (TETHER_ABI_VERSION of the header it was built from). */
uint32_t tether_abi_version(void);

/** The library version as a static NUL-terminated string, e.g. "0.1.0". Never NULL. */
const char *tether_version_string(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------------- */

typedef int32_t tether_status;

#define TETHER_OK                    0
/** A required pointer argument was NULL. */
#define TETHER_E_NULL_ARGUMENT       1
/** A handle (`tether_solver *`, `tether_engine *`) is not live: never made, already freed, or of
 *  another kind. */
#define TETHER_E_INVALID_HANDLE      2
/** An id is not live in this object: freed, stale (old generation), 0, or from another object. */
#define TETHER_E_INVALID_ID          3
/** A number is NaN or infinite, an enum is out of range, or a priority is outside (0, 1000]. */
#define TETHER_E_INVALID_ARGUMENT    4
/** A caller buffer is too small; `*needed` says how many elements are required. */
#define TETHER_E_BUFFER_TOO_SMALL    5
/** A required constraint cannot hold together with the others; nothing was changed.
 *  tether_solver_conflict() lists the minimal set of constraints it conflicts with. */
#define TETHER_E_UNSATISFIABLE       6
/** The constraint is already added, or the variable already is an edit variable. */
#define TETHER_E_DUPLICATE           7
/** The constraint is not added, or the variable is not an edit variable. */
#define TETHER_E_NOT_FOUND           8
/** A string argument is not valid UTF-8. */
#define TETHER_E_INVALID_UTF8        9
/** The object is still referenced (a variable used by a live constraint). */
#define TETHER_E_IN_USE              10
/** The operation is not allowed in the object's current state (e.g. changing a priority
 *  between required and optional while the constraint is added). */
#define TETHER_E_INVALID_STATE       11
/** An internal invariant failed. Please report it with tether_last_error()'s message. */
#define TETHER_E_INTERNAL            12
/** A host callback (measure) reported a failure; the layout pass was abandoned and will run
 *  again at the next tether_view_layout_if_needed(). */
#define TETHER_E_CALLBACK_FAILED     13
/** A visual format could not be parsed (tether_layout_constraints_with_visual_format());
 *  tether_last_error() holds Apple's "Unable to parse constraint format:" message with the
 *  format and a caret under the failing column. Also a layout document that is not valid
 *  (tether_document_load()); tether_last_error() then holds "<JSON path>: <message>". */
#define TETHER_E_PARSE               14
/** A file could not be written or read (e.g. tether_view_write_svg()); tether_last_error()
 *  names the path and the system's reason. */
#define TETHER_E_IO                  15
/** Memory for the call could not be allocated (added in 0.7): a count or length so large that
 *  what the call must allocate for it is more than the system gives. Nothing was changed. */
#define TETHER_E_NO_MEMORY           16

/* Counts, lengths and capacities (`size_t`) are checked before use: a count or length of 2^63 or
 * more is refused with TETHER_E_INVALID_ARGUMENT (no array that large exists; such a value is
 * usually a negative number converted), and a call that must allocate memory in proportion to a
 * count asks for it before it changes anything, failing with TETHER_E_NO_MEMORY when it cannot
 * get it. A capacity of 2^63 or more is taken as "large enough". */

/**
 * The message of the last failed call on the calling thread, or "" when none failed yet.
 * The pointer is owned by the library and stays valid until the next failing call on the same
 * thread: copy it before calling Tether again (do not call it in the same argument list as the
 * failing call). Never NULL.
 */
const char *tether_last_error(void);

/** The symbolic name of a status ("TETHER_OK", "TETHER_E_INVALID_ID", ...), or "unknown status".
 *  A static string, never NULL. */
const char *tether_status_name(tether_status status);

/* ---------------------------------------------------------------------------------------------
 * Relations: shared by the raw solver (tether/solver.h) and layout constraints
 * (tether/constraint.h).
 * ------------------------------------------------------------------------------------------- */

/** Relations, with Apple's NSLayoutRelation raw values. */
typedef int32_t tether_relation;
#define TETHER_RELATION_LESS_THAN_OR_EQUAL    (-1)
#define TETHER_RELATION_EQUAL                 0
#define TETHER_RELATION_GREATER_THAN_OR_EQUAL 1

/** "<=", "==" or ">=" (as descriptions print a relation), or "unknown relation" (since 0.9). A
 *  static string, never NULL, like the other tether_*_name() functions. */
const char *tether_relation_name(tether_relation relation);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_BASE_H */
