#!/bin/sh
# check-exports.sh HEADER LIBRARY
#
# The C ABI check from shared/docs/swift-c-abi.md, made strict. HEADER is the umbrella header
# (Include/tether.h); its parts are the headers in the folder of the same name beside it
# (Include/tether/*.h).
#   1. every tether_* function the headers declare is exported by the library, and every exported
#      tether_* symbol is declared by the headers (a `@c @implementation` function that is not
#      `public` compiles without a word but is not exported: this catches it);
#   2. the library exports nothing but tether_* (no Swift-mangled symbols, no _edata/_end:
#      the release build uses Sources/TetherC/exports.map);
#   3. the umbrella includes every part, so `#include <tether.h>` declares all of them.
# Comments are stripped by running the headers through the C preprocessor first, so a name that
# only appears in a comment does not count. The umbrella and every part are read (one translation
# unit including them all), so a part the umbrella forgot is still scanned, and reported by 3.
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

# The parts: Include/tether/*.h beside Include/tether.h (none for a single-file header).
parts_dir=$(dirname "$header")/$(basename "$header" .h)
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$1")"); }
abs "$header" > "$tmp/headers"
if [ -d "$parts_dir" ]; then
    for part in "$parts_dir"/*.h; do
        [ -f "$part" ] && abs "$part"
    done | sort > "$tmp/parts"
else
    : > "$tmp/parts"
fi
cat "$tmp/parts" >> "$tmp/headers"
while read -r file; do printf '#include "%s"\n' "$file"; done < "$tmp/headers" > "$tmp/all.c"

# Functions declared by the umbrella and its parts (and anything they include), comments removed.
"$CC" -E -P -x c "$tmp/all.c" \
    | grep -oE '\btether_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u > "$tmp/declared"
# The headers the umbrella reaches (quoted includes: -MM leaves out the system headers).
"$CC" -MM -x c "$header" | tr ' \\' '\n\n' | grep '\.h$' | while read -r file; do abs "$file"; done \
    | sort -u > "$tmp/reached"
# Every dynamic symbol the library defines.
nm -D -g --defined-only "$library" | awk 'NF >= 3 { print $3 }' | sort -u > "$tmp/exported_all"
grep '^tether_' "$tmp/exported_all" > "$tmp/exported" || true
grep -v '^tether_' "$tmp/exported_all" > "$tmp/foreign" || true

status=0
if [ ! -s "$tmp/declared" ]; then
    echo "check-exports: found no tether_* function in $header" >&2
    status=1
fi
comm -23 "$tmp/parts" "$tmp/reached" > "$tmp/unreached"
if [ -s "$tmp/unreached" ]; then
    echo "check-exports: $header does not include (directly or not) these parts of the ABI:" >&2
    sed 's/^/    /' "$tmp/unreached" >&2
    status=1
fi
comm -23 "$tmp/declared" "$tmp/exported" > "$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" > "$tmp/extra"
if [ -s "$tmp/missing" ]; then
    echo "check-exports: declared in $header (or its parts) but NOT exported by $library" >&2
    echo "  (is the @c @implementation function public?):" >&2
    sed 's/^/    /' "$tmp/missing" >&2
    status=1
fi
if [ -s "$tmp/extra" ]; then
    echo "check-exports: exported by $library but NOT declared in $header or its parts:" >&2
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
    echo "check-exports: OK: $(wc -l < "$tmp/declared" | tr -d ' ') tether_* functions declared (in $(wc -l < "$tmp/headers" | tr -d ' ') headers) and exported, nothing else exported"
fi
exit "$status"
