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
 *   "screen": [width, height] of the device's screen in that orientation, or null (since 0.11);
 *   "roots": every root, in document order (since 0.11), each {"id": IB id or null, "kind":
 *     "controllerView", "topLevelView" or "cell", "scene": the storyboard scene id or null,
 *     "controller": the view controller id or null};
 *   "views": every view made, in document order (a view before its subviews), each
 *     {"id": IB id or null, "userLabel": the name the designer gave it in Xcode's outline or
 *      null (since 0.11), "class": element name ("label"), "line": L,
 *      "savedFrame": [x, y, width, height] in its superview's coordinates, or null,
 *      "misplaced": bool, "ambiguous": bool, "placedByConstraints": bool, "root": bool};
 *   "reports": what the import left out, each {"element": name, "line": L, "column": C,
 *     "message": text}.
 *
 * Errors are tether_ib_import()'s: TETHER_E_PARSE with "line L, column C: <message>".
 */
tether_status tether_ib_describe(const char *xml, size_t length, char *buffer, size_t capacity,
                                 size_t *needed);

/* ============================================================================================
 * Import options (since 0.11)
 * ========================================================================================== */

/*
 * Laying a document out for another screen than the one it was saved for: another device of the
 * table docs/interface-builder.md lists (its screen size, safe-area insets and system margins),
 * the other orientation, or a freeform screen size. Roots sized to the document's screen are
 * resized to the new one: a view controller's view that spans the screen's width or height takes
 * the new width or height; a xib's top-level view, a cell and an embedded controller's view keep
 * their saved height and take the new width when they spanned the old screen's width; subviews
 * follow their autoresizing masks. A document that names no device of the table keeps its frames.
 *
 * The struct is versioned as tether_svg_options is (tether/render.h): its first field is its own
 * size, the library reads only `struct_size` bytes and gives the fields past them their defaults;
 * a `struct_size` below this first version (32 bytes on 64-bit platforms) or above 1024, or
 * larger than the library knows with a non-zero byte in the part it does not know, is
 * TETHER_E_INVALID_ARGUMENT.
 */

/** The document's own orientation. */
#define TETHER_IB_ORIENTATION_DOCUMENT  0
/** Portrait, whatever the document says. */
#define TETHER_IB_ORIENTATION_PORTRAIT  1
/** Landscape, whatever the document says. */
#define TETHER_IB_ORIENTATION_LANDSCAPE 2

/** What tether_ib_import_with_options() and tether_ib_describe_with_options() lay a document out
 *  for. Start from TETHER_IB_OPTIONS_INIT, e.g. `tether_ib_options o = TETHER_IB_OPTIONS_INIT;`. */
typedef struct tether_ib_options {
    /** sizeof(tether_ib_options) as the caller's header knows it (TETHER_IB_OPTIONS_INIT sets
     *  it): the version of the struct. */
    uint32_t struct_size;
    /** TETHER_IB_ORIENTATION_* (default TETHER_IB_ORIENTATION_DOCUMENT). */
    int32_t orientation;
    /** A device id of the table (UTF-8, NUL-terminated: "retina6_12", "ipad9_7") replacing the
     *  document's `<device id=…>`, or NULL for the document's (default NULL). The string is read
     *  during the call only. */
    const char *device;
    /** A freeform screen size in points, width × height as laid out (never swapped by the
     *  orientation), used instead of the device's screen size: both 0 for none (the default), or
     *  both finite and > 0. Without `device` such a screen has zero safe-area insets; with one,
     *  that device's insets in the orientation laid out. */
    double width;
    double height;
} tether_ib_options;

/** The default options (the document's device and orientation), with `struct_size` set. */
#define TETHER_IB_OPTIONS_INIT {sizeof(tether_ib_options), TETHER_IB_ORIENTATION_DOCUMENT, NULL, 0.0, 0.0}

/**
 * tether_ib_import() with `options` (NULL: the defaults, which is tether_ib_import()): the roots
 * get the environment of the device, orientation or screen size the options name, and roots
 * sized to the document's screen are resized to it (see the section comment).
 *
 * TETHER_E_INVALID_ARGUMENT, before the document is read and with nothing changed, for a bad
 * `struct_size`, an orientation other than TETHER_IB_ORIENTATION_*, a device the table does not
 * have (tether_last_error() names it and lists the known ids) or a width and height that are not
 * both 0 or both finite and > 0; TETHER_E_INVALID_UTF8 for a device that is not UTF-8. Every
 * other outcome is tether_ib_import()'s.
 *
 * An imported root is an ordinary view: tether_document_save() writes it (laid out first, its
 * solved frames) as a layout document, with its environment (safe-area insets, margins) and
 * constraints; IB ids that are not valid document names (`xwu-Hy-ntD`) are saved as
 * `xwu_Hy_ntD`. tether_document_load() reads it back and lays it out to the same frames.
 */
tether_status tether_ib_import_with_options(tether_engine *engine, const char *xml, size_t length,
                                            const tether_ib_options *options, tether_view *roots,
                                            size_t capacity, size_t *needed);

/**
 * tether_ib_describe() with `options` (NULL: the defaults, which is tether_ib_describe()), with
 * the arguments and errors of tether_ib_import_with_options(). "device" and "landscape" are then
 * what the roots are laid out for, and "screen" is the screen's [width, height] (null without a
 * device), e.g. the freeform size.
 */
tether_status tether_ib_describe_with_options(const char *xml, size_t length,
                                              const tether_ib_options *options, char *buffer,
                                              size_t capacity, size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* TETHER_INTERFACE_BUILDER_H */
