/*
 * tether/interface_builder.h — Interface Builder documents (.storyboard, .xib) as hierarchies.
 *
 * Part of Tether's C ABI. Include <tether.h>, which includes every part and states the
 * conventions that hold for all of them, or this header alone: it includes what it needs.
 */
#ifndef TETHER_INTERFACE_BUILDER_H
#define TETHER_INTERFACE_BUILDER_H

#include "base.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================
 * Interface Builder documents (since 0.10)
 * ========================================================================================== */

/*
 * The XML Xcode 8 and later saves for storyboards and xibs, imported with UIKit's rules:
 * docs/interface-builder.md says what is read, what run-time environment each root gets and what
 * is reported instead of laid out. Every view's identifier is its IB id, so after an import
 * tether_document_item_named(engine, root, "xwu-Hy-ntD", &item) finds the view with that id.
 *
 * Errors in a document are TETHER_E_PARSE, and tether_last_error() is
 * "line L, column C: <message>" (1-based; columns count characters), e.g.
 * `line 9, column 5: not well-formed XML: </document> does not close <objects> (opened at
 * line 3, column 5)`: XML that is not well-formed or not UTF-8, a root element other than
 * <document>, a value that cannot be read, a reference to an id no element has, an id used twice.
 */

/**
 * Imports the Interface Builder document in the `length` bytes at `xml` (UTF-8, no NUL needed;
 * `xml` may be NULL when `length` is 0) into `engine`: makes its views, guides and constraints
 * and gives each root its run-time environment (safe area, margins) from the device and bars the
 * document names. Nothing is laid out yet: lay each root out with tether_view_layout_if_needed().
 *
 * The ids of the roots (every scene's view controller view, every top-level view or cell of a
 * xib, every prototype or static cell) are written to `roots`, in document order. Two-call
 * pattern: `*needed` (may be NULL) = the number of roots. The whole document is imported before
 * `capacity` is looked at; when it is too small nothing is kept (what was made is freed) and the
 * call returns TETHER_E_BUFFER_TOO_SMALL with `*needed`. A document without roots gives
 * TETHER_OK with `*needed` = 0 (`roots` may then be NULL).
 *
 * A document that cannot be imported gives TETHER_E_PARSE (see the section comment) and changes
 * nothing in the engine. What the import leaves out (elements it does not know, constraints to
 * items that are not laid out) is not an error: tether_ib_describe() lists it.
 */
tether_status tether_ib_import(tether_engine *engine, const char *xml, size_t length,
                               tether_view *roots, size_t capacity, size_t *needed);

/**
 * Copies what an import of the document in the `length` bytes at `xml` knows beyond the views it
 * makes, as JSON text (two-call pattern, bytes including the NUL). The document is imported into
 * an engine of its own, so no engine is touched and the call can run on any thread; the same
 * text always gives the same bytes. The object has these members:
 *
 *   "device": the `<device id=…>` the document names, or null; "landscape": true or false;
 *   "views": every view made, in document order (a view before its subviews), each
 *     {"id": IB id or null, "class": element name ("label"), "line": L,
 *      "savedFrame": [x, y, width, height] in its superview's coordinates, or null,
 *      "misplaced": bool, "ambiguous": bool, "placedByConstraints": bool, "root": bool};
 *   "reports": what the import left out, each {"element": name, "line": L, "column": C,
 *     "message": text}.
 *
 * Errors are tether_ib_import()'s: TETHER_E_PARSE with "line L, column C: <message>".
 */
tether_status tether_ib_describe(const char *xml, size_t length, char *buffer, size_t capacity,
                                 size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_INTERFACE_BUILDER_H */
