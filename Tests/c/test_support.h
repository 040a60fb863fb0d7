/*
 * test_support.h: what the small C test programs share (test_counts.c, test_overflow.c): a
 * pass/fail tally that prints each failure with tether_last_error(), and copies of a solver's
 * dump and of an engine's saved document to compare before and after a call.
 */
#ifndef TETHER_TEST_SUPPORT_H
#define TETHER_TEST_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>

#include "tether.h"

static int passed, failed;

/* Counts a check; a failing one is printed with the library's last error message. */
static inline void expect(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s (last error: %s)\n", what, tether_last_error());
    }
}

/* A copy of the solver's dump (freed by the caller). */
static inline char *solver_dump(tether_solver *s) {
    size_t needed = 0;
    tether_solver_dump(s, NULL, 0, &needed);
    char *text = malloc(needed);
    if (text == NULL || tether_solver_dump(s, text, needed, &needed) != TETHER_OK) abort();
    return text;
}

/* A copy of the layout document saved from `root` (freed by the caller). */
static inline char *saved_document(tether_engine *e, tether_view root) {
    size_t needed = 0;
    tether_document_save(e, root, NULL, 0, &needed);
    char *text = malloc(needed);
    if (text == NULL || tether_document_save(e, root, text, needed, &needed) != TETHER_OK) abort();
    return text;
}

/* Prints the tally and gives main's exit status. */
static inline int finish(void) {
    printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
