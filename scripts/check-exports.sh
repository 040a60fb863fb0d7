#!/bin/sh
# check-exports.sh HEADER LIBRARY
#
# The C ABI check from shared/docs/swift-c-abi.md, made strict:
#   1. every tether_* function the header declares is exported by the library, and every exported
#      tether_* symbol is declared by the header (a `@c @implementation` function that is not
#      `public` compiles without a word but is not exported: this catches it);
#   2. the library exports nothing but tether_* (no Swift-mangled symbols, no _edata/_end:
#      the release build uses Sources/TetherC/exports.map).
# Comments are stripped by running the header through the C preprocessor first, so a name that
# only appears in a comment does not count.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 Include/tether.h path/to/libtether.so" >&2
    exit 2
fi
header=$1
library=$2
CC=${CC:-cc}

if [ ! -f "$header" ]; then echo "check-exports: no header at $header" >&2; exit 2; fi
if [ ! -f "$library" ]; then echo "check-exports: no library at $library (run 'make release')" >&2; exit 2; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# Functions declared by the header (and anything it includes), comments removed.
"$CC" -E -P -x c "$header" \
    | grep -oE '\btether_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u > "$tmp/declared"
# Every dynamic symbol the library defines.
nm -D -g --defined-only "$library" | awk 'NF >= 3 { print $3 }' | sort -u > "$tmp/exported_all"
grep '^tether_' "$tmp/exported_all" > "$tmp/exported" || true
grep -v '^tether_' "$tmp/exported_all" > "$tmp/foreign" || true

status=0
if [ ! -s "$tmp/declared" ]; then
    echo "check-exports: found no tether_* function in $header" >&2
    status=1
fi
comm -23 "$tmp/declared" "$tmp/exported" > "$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" > "$tmp/extra"
if [ -s "$tmp/missing" ]; then
    echo "check-exports: declared in $header but NOT exported by $library" >&2
    echo "  (is the @c @implementation function public?):" >&2
    sed 's/^/    /' "$tmp/missing" >&2
    status=1
fi
if [ -s "$tmp/extra" ]; then
    echo "check-exports: exported by $library but NOT declared in $header:" >&2
    sed 's/^/    /' "$tmp/extra" >&2
    status=1
fi
if [ -s "$tmp/foreign" ]; then
    echo "check-exports: $library exports $(wc -l < "$tmp/foreign" | tr -d ' ') symbols that are not tether_*" >&2
    echo "  (build it with -Xlinker --version-script=Sources/TetherC/exports.map: make release):" >&2
    head -n 20 "$tmp/foreign" | sed 's/^/    /' >&2
    if [ "$(wc -l < "$tmp/foreign")" -gt 20 ]; then echo "    ..." >&2; fi
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "check-exports: OK: $(wc -l < "$tmp/declared" | tr -d ' ') tether_* functions declared and exported, nothing else exported"
fi
exit "$status"
