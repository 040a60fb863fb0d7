/*
 * example_support.h: the few helpers that the C examples share, kept in one place so that each
 * example shows only its own topic. It needs nothing but tether.h (Include/) and the C standard
 * library; an example includes it after tether.h, with quotes, from the folder it stands in:
 *
 *     #include "tether.h"
 *     #include "example_support.h"
 *
 *   CHECK(call)
 *       Every tether_* call returns a status. On anything but TETHER_OK, print the call, the
 *       status name and the thread's last-error message, then stop. tether_last_error() is
 *       called in its own statement, after the failing call (never in the same argument list).
 *   start_example()
 *       Makes stdout line-buffered (so that a table and an error on stderr come out in order in
 *       a pipe), stops unless the library has the ABI version this program was built for
 *       (tether_abi_version() == TETHER_ABI_VERSION), and prints the library's version.
 *   rect(x, y, width, height)
 *       A tether_rect.
 *   subview(engine, parent, identifier)
 *       A new view added to `parent` and laid out by constraints (its autoresizing mask is not
 *       translated), named `identifier` (NULL: no identifier).
 *   equal(engine, item1, attribute1, item2, attribute2, constant)
 *       A new (inactive) required constraint item1.attribute1 == item2.attribute2 + constant
 *       (item2 = 0 with TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE: item1.attribute1 == constant).
 *
 * The functions are static inline: an example that does not use one still compiles cleanly
 * with -Wall -Wextra -Werror.
 */
#ifndef TETHER_EXAMPLE_SUPPORT_H
#define TETHER_EXAMPLE_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>

#include "tether.h"

#define CHECK(call)                                                                        \
    do {                                                                                   \
        tether_status check_status_ = (call);                                              \
        if (check_status_ != TETHER_OK) {                                                  \
            const char *check_message_ = tether_last_error();                              \
            fflush(stdout);                                                                \
            fprintf(stderr, "%s:%d: %s\n  failed with %s: %s\n", __FILE__, __LINE__, #call, \
                    tether_status_name(check_status_), check_message_);                    \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

static inline void start_example(void) {
    setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
    if (tether_abi_version() != TETHER_ABI_VERSION) {
        fprintf(stderr, "libtether has ABI version %u, this program was built for %u\n",
                (unsigned)tether_abi_version(), (unsigned)TETHER_ABI_VERSION);
        exit(EXIT_FAILURE);
    }
    printf("Tether %s (C ABI %u)\n\n", tether_version_string(), (unsigned)tether_abi_version());
}

static inline tether_rect rect(double x, double y, double width, double height) {
    tether_rect r;
    r.x = x, r.y = y, r.width = width, r.height = height;
    return r;
}

static inline tether_view subview(tether_engine *engine, tether_view parent,
                                  const char *identifier) {
    tether_view v;
    CHECK(tether_view_new(engine, rect(0, 0, 0, 0), &v));
    CHECK(tether_view_add_subview(engine, parent, v));
    CHECK(tether_view_set_translates_autoresizing_mask(engine, v, 0));
    if (identifier != NULL) CHECK(tether_item_set_identifier(engine, v, identifier));
    return v;
}

static inline tether_layout_constraint equal(tether_engine *engine, tether_item item1,
                                             tether_attribute attribute1, tether_item item2,
                                             tether_attribute attribute2, double constant) {
    tether_layout_constraint c;
    CHECK(tether_layout_constraint_new(engine, item1, attribute1, TETHER_RELATION_EQUAL, item2,
                                       attribute2, 1, constant, TETHER_LAYOUT_PRIORITY_REQUIRED,
                                       &c));
    return c;
}

#endif /* TETHER_EXAMPLE_SUPPORT_H */
