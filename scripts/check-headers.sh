#!/bin/sh
# check-headers.sh INCLUDE_DIR: the C ABI's headers are usable from C and C++, each on its own.
#
#   1. every header (INCLUDE_DIR/tether.h, the umbrella, and each part INCLUDE_DIR/tether/*.h)
#      compiles on its own, included twice (its include guard), as C99 and as C++11, with
#      -Wall -Wextra -pedantic -Werror: it includes what it needs;
#   2. from C++, every function the umbrella declares has C linkage: a C++ file that takes the
#      address of each one compiles to an object whose undefined symbols are the plain tether_*
#      names, none mangled (each part wraps its declarations in extern "C").
# Environment: CC (default cc), CXX (default c++).
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 Include" >&2
    exit 2
fi
include=$1
CC=${CC:-cc}
CXX=${CXX:-c++}
C_FLAGS="-std=c99 -Wall -Wextra -pedantic -Werror"
CXX_FLAGS="-std=c++11 -Wall -Wextra -pedantic -Werror"

if [ ! -f "$include/tether.h" ]; then echo "check-headers: no $include/tether.h" >&2; exit 2; fi
for tool in "$CC" "$CXX" nm; do
    command -v "$tool" > /dev/null || { echo "check-headers: $tool is not installed" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

status=0
count=0
for header in "$include/tether.h" "$include"/tether/*.h; do
    name=${header#"$include"/}
    printf '#include "%s"\n#include "%s"\n' "$name" "$name" > "$tmp/one.c"
    cp "$tmp/one.c" "$tmp/one.cpp"
    # shellcheck disable=SC2086  # the flags are words
    if ! "$CC" $C_FLAGS -fsyntax-only -I "$include" "$tmp/one.c" 2> "$tmp/err"; then
        echo "check-headers: $name does not compile on its own as C99:" >&2
        sed 's/^/    /' "$tmp/err" >&2
        status=1
    fi
    # shellcheck disable=SC2086
    if ! "$CXX" $CXX_FLAGS -fsyntax-only -I "$include" "$tmp/one.cpp" 2> "$tmp/err"; then
        echo "check-headers: $name does not compile on its own as C++:" >&2
        sed 's/^/    /' "$tmp/err" >&2
        status=1
    fi
    count=$((count + 1))
done

# C linkage from C++: the functions, as check-exports.sh finds them.
"$CC" -E -P -x c "$include/tether.h" \
    | grep -oE '\btether_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u > "$tmp/functions"
{
    echo '#include "tether.h"'
    echo 'typedef void (*any_function)(void);'
    echo 'extern any_function const every_function[];'
    echo 'any_function const every_function[] = {'
    sed 's/.*/    reinterpret_cast<any_function>(\&&),/' "$tmp/functions"
    echo '};'
} > "$tmp/linkage.cpp"
# shellcheck disable=SC2086
if "$CXX" $CXX_FLAGS -c -I "$include" "$tmp/linkage.cpp" -o "$tmp/linkage.o" 2> "$tmp/err"; then
    nm -u "$tmp/linkage.o" | awk '{ print $NF }' | sort -u > "$tmp/undefined"
    if ! cmp -s "$tmp/functions" "$tmp/undefined"; then
        echo "check-headers: from C++, these functions do not have C linkage" \
            "(< declared, > the symbols referenced):" >&2
        diff "$tmp/functions" "$tmp/undefined" | grep '^[<>]' | sed 's/^/    /' >&2
        status=1
    fi
else
    echo "check-headers: a C++ file taking every function's address does not compile:" >&2
    sed 's/^/    /' "$tmp/err" >&2
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "check-headers: OK: $count headers compile on their own as C99 and C++11;" \
        "$(wc -l < "$tmp/functions" | tr -d ' ') functions have C linkage from C++"
fi
exit "$status"
