/*
 * tether/document.h — layout documents (JSON): loading and saving hierarchies.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_DOCUMENT_H
#define TETHER_DOCUMENT_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================
 * Layout documents
 * ========================================================================================== */

/*
 * A layout document is JSON text holding root views with their frames, properties, subviews,
 * layout guides and constraints: `{"tether": 1, "views": [...]}`. docs/layout-documents.md
 * describes the format with an example. An item's name in a document is its identifier, so
 * after a load the names are found with tether_document_item_named().
 *
 * Errors in a document are TETHER_E_PARSE, and tether_last_error() is "<JSON path>: <message>",
 * e.g. `$.views[0].constraints[2].first: unknown item "hedaer" (did you mean "header"?)`. The
 * path is `$` followed by `.key` (keys that are identifiers), `["key"]` (any other key, as a
 * JSON string) and `[index]`; the message follows it after ": ". For text that is not JSON, or
 * not UTF-8, the message starts with "line L, column C: " (1-based; columns count characters).
 */

/**
 * Loads the layout document in the `length` bytes at `json` (UTF-8, no NUL needed; `json` may be
 * NULL when `length` is 0) into `engine`: makes its views, layout guides and constraints, and
 * activates the active constraints in one batch. Nothing is laid out yet.
 *
 * The ids of the document's roots are written to `roots`, in document order. Two-call pattern:
 * `*needed` (may be NULL) = the number of roots. The whole document is read and made before
 * `capacity` is looked at; when it is too small nothing is kept (what was made is freed) and the
 * call returns TETHER_E_BUFFER_TOO_SMALL with `*needed`: call again with at least that capacity.
 * A document without roots gives TETHER_OK with `*needed` = 0 (`roots` may then be NULL).
 *
 * A document that is not valid gives TETHER_E_PARSE and changes nothing in the engine: not JSON
 * (syntax, duplicate keys, invalid UTF-8, nesting deeper than 512), an unknown key, a value of
 * the wrong type, a missing or unsupported version, a name that is invalid, used twice or
 * unknown, a constraint that refers outside its view's subtree or that Apple would reject, a
 * visual format that cannot be parsed. See the section comment for the message.
 */
tether_status tether_document_load(tether_engine *engine, const char *json, size_t length,
                                   tether_view *roots, size_t capacity, size_t *needed);

/**
 * `*out` = the first view or layout guide of `root`'s subtree, in document order (a view, then
 * its guides, then its subviews' subtrees), whose identifier is `name` (UTF-8): after a load, the
 * item the document named so. TETHER_E_NOT_FOUND when there is none.
 */
tether_status tether_document_item_named(tether_engine *engine, tether_view root, const char *name,
                                         tether_item *out);

/**
 * The layout constraints, active or not (generated ones excepted), whose identifier is
 * `identifier` (UTF-8) and whose items are all in `root`'s subtree (a guide with its owning
 * view): after a load, e.g. a document's inactive alternatives to activate. In id-slot order
 * (creation order in an engine where nothing was freed). Two-call pattern: `*needed` = count;
 * when it is 0, `out` may be NULL.
 */
tether_status tether_document_constraints_with_identifier(tether_engine *engine, tether_view root,
                                                          const char *identifier,
                                                          tether_layout_constraint *out,
                                                          size_t capacity, size_t *needed);

/**
 * Copies the layout document of `root`'s subtree (two-call pattern, bytes including the NUL):
 * pretty JSON ending with a newline, which tether_document_load() reads back. The same hierarchy
 * always gives the same bytes, and saving changes nothing in the engine.
 *
 * Views are written with their current frames (lay the root out first to save solved frames) and
 * the properties that differ from a new view's. The user's active constraints are written as
 * equations in the list of their items' nearest common ancestor, oldest activation first;
 * generated and inactive constraints are not written. Items keep their identifiers as names when
 * those are valid names (`[A-Za-z_][A-Za-z0-9_]*`) not used by an earlier item; other
 * identifiers are made into names (`Side Bar` becomes `Side_Bar`) and items without one are
 * named `view1`, `guide1`, ... (in the text only). Since 0.10 an item whose identifier had to
 * change is reported through the engine's diagnostic handler (one message listing each old and
 * new name): loaded back, it carries the new name as its identifier. A view that is not a root
 * is written as the document's root with its current frame, without the constraints that reach
 * outside its subtree. Views nested more than 253 levels below `root` give
 * TETHER_E_INVALID_STATE: a document cannot hold them.
 *
 * Measure callbacks and hooks are behaviour, not data, and are not written. Since 0.10 a view
 * with a measure callback is written with what the callback measured in the root's last layout
 * pass as its intrinsic size and baselines (a view no pass has measured is measured now, with no
 * width proposed), so the loaded document lays out as the live hierarchy did at that size; a
 * callback that fails gives TETHER_E_CALLBACK_FAILED and no document.
 */
tether_status tether_document_save(tether_engine *engine, tether_view root, char *buffer,
                                   size_t capacity, size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_DOCUMENT_H */
