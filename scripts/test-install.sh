#!/bin/sh
# test-install.sh: proves that `make install` gives C users a self-contained libtether.
#
# Run from the repository root (`make test-install` does, after `make release-static`).
# Environment: MAKE, SWIFT (to find the toolchain that must NOT be needed at run time).
#
#   1. `make install PREFIX=/usr/local DESTDIR=<tmp>` (a packager's staged install): the file
#      layout, the symlinks, the headers, tether.pc, the SONAME, the dependencies, the exports;
#      then `make uninstall` leaves no file behind.
#   2. `make install PREFIX=<tmp>/prefix`: every examples/c/*.c is compiled with plain `cc` and
#      `pkg-config --cflags --libs tether` under PATH=/usr/bin:/bin, and run with PATH=/usr/bin:/bin
#      and no LD_LIBRARY_PATH; `ldd` must resolve nothing under the toolchain.
#      One of them runs under valgrind with the installed suppressions
#      (`pkg-config --variable=valgrind_suppressions tether`).
#   3. The same programs again in a private mount namespace (`unshare -m`) where a tmpfs hides the
#      toolchain, so a stray dlopen of a Swift runtime could not succeed either.
#   4. `make release`'s .build/release/tether-uninstalled.pc: a C program built against the
#      checkout with PKG_CONFIG_PATH=.build/release runs as it is.
#
# Closes with "install: N passed, M failed[, K skipped]"; exits 1 if anything failed.
set -u

MAKE=${MAKE:-make}
SWIFT=${SWIFT:-swift}
SYSTEM_PATH=/usr/bin:/bin
root=$(pwd)
if [ ! -f "$root/Include/tether.h" ] || [ ! -f "$root/mk/install.mk" ]; then
    echo "test-install: run me from the repository root" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

. "$root/scripts/lib/checks.sh"

# The version macros live in the part tether/base.h of the umbrella header Include/tether.h.
abi=$(sed -n 's/^#define TETHER_ABI_VERSION \([0-9][0-9]*\).*/\1/p' Include/tether/base.h)
version=$(sed -n 's/^#define TETHER_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\).*/\2/p' \
    Include/tether/base.h | paste -sd. -)
real_name=libtether.so.$abi.0.0
soname=libtether.so.$abi

# The toolchain: the folder above swift's bin/ (/opt/swift/usr here). When swift lives in /usr
# itself, only its runtime folder can be declared off limits.
swift_path=$(command -v "$SWIFT" || true)
if [ -z "$swift_path" ]; then
    echo "test-install: $SWIFT is not on PATH; cannot tell where the toolchain is" >&2
    exit 2
fi
swift_real=$(readlink -f "$swift_path")
toolchain=$(dirname "$(dirname "$swift_real")")
case "$toolchain" in
    /|/usr|/usr/local) toolchain=$toolchain/lib/swift ;;
esac
info "toolchain that must not be needed: $toolchain (swift: $swift_real)"

# --- 1. staged install (DESTDIR) ---------------------------------------------------------------
echo "==> make install PREFIX=/usr/local DESTDIR=<tmp>/dest"
dest=$tmp/dest
stage=$dest/usr/local
check "make install (DESTDIR)" \
    "$MAKE" --no-print-directory install PREFIX=/usr/local DESTDIR="$dest"
lib=$stage/lib/$real_name

check "lib/$real_name is a regular executable file" \
    sh -c '[ -f "$1" ] && [ ! -L "$1" ] && [ -x "$1" ]' sh "$lib"
check "lib/$soname -> $real_name" \
    sh -c '[ -L "$1" ] && [ "$(readlink "$1")" = "$2" ]' sh "$stage/lib/$soname" "$real_name"
check "lib/libtether.so -> $soname" \
    sh -c '[ -L "$1" ] && [ "$(readlink "$1")" = "$2" ]' sh "$stage/lib/libtether.so" "$soname"
check "include/tether.h is Include/tether.h" cmp Include/tether.h "$stage/include/tether.h"
check "include/tether/ holds exactly Include/tether/*.h, the same files" sh -c '
    installed=$(cd "$1/include/tether" && ls) && expected=$(cd Include/tether && ls) || exit 1
    [ "$installed" = "$expected" ] || { echo "installed: $installed"; echo "expected: $expected"; exit 1; }
    for part in Include/tether/*.h; do cmp "$part" "$1/include/tether/${part##*/}" || exit 1; done' \
    sh "$stage"
check "tether.pc: prefix=/usr/local, Version: $version, Libs and Cflags" sh -c '
    pc=$1
    grep -qx "prefix=/usr/local" "$pc" &&
    grep -qx "libdir=\${prefix}/lib" "$pc" &&
    grep -qx "includedir=\${prefix}/include" "$pc" &&
    grep -qx "Version: $2" "$pc" &&
    grep -qx "Libs: -L\${libdir} -ltether" "$pc" &&
    grep -qx "Cflags: -I\${includedir}" "$pc" &&
    grep -qx "valgrind_suppressions=\${prefix}/share/tether/valgrind.supp" "$pc" || { cat "$pc"; exit 1; }' sh \
    "$stage/lib/pkgconfig/tether.pc" "$version"
check "share/tether/valgrind.supp is scripts/valgrind.supp" \
    cmp scripts/valgrind.supp "$stage/share/tether/valgrind.supp"

if [ -f "$lib" ]; then
    info "installed library: $(wc -c < "$lib" | tr -d ' ') bytes"
    readelf -d "$lib" > "$tmp/dynamic" 2>&1
    needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' "$tmp/dynamic" | tr '\n' ' ')
    info "NEEDED: $needed"
    check "SONAME is $soname" grep -q "(SONAME).*\[$soname\]" "$tmp/dynamic"
    check "NEEDED holds only system C/C++ runtime libraries (no libswift*)" sh -c '
        bad=""
        for name in $1; do
            case "$name" in
                libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|ld-linux*.so.*) ;;
                *) bad="$bad $name" ;;
            esac
        done
        [ -n "$1" ] && [ -z "$bad" ] || { echo "unexpected NEEDED:$bad"; exit 1; }' sh "$needed"
    check "RUNPATH/RPATH does not name the toolchain" sh -c '
        ! grep -E "\((RUNPATH|RPATH)\)" "$1" | grep -F "$2"' sh "$tmp/dynamic" "$toolchain"
    # Every dynamic symbol the library defines, LOCAL ones included (gold used to leave some).
    nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' > "$tmp/defined"
    info "nm -D --defined-only: $(wc -l < "$tmp/defined" | tr -d ' ') symbols"
    check "nm -D --defined-only lists only tether_* symbols" sh -c '
        [ -s "$1" ] || { echo "no symbols at all"; exit 1; }
        ! grep -v "^tether_" "$1"' sh "$tmp/defined"
    check "exports == the functions of the installed tether.h and its parts (check-exports.sh)" \
        sh scripts/check-exports.sh "$stage/include/tether.h" "$lib"
fi

if command -v pkg-config > /dev/null; then
    # --define-prefix relocates the staged .pc: prefix becomes <dest>/usr/local.
    check "pkg-config --define-prefix finds the staged tether $version" sh -c '
        got=$(PKG_CONFIG_PATH=$1/lib/pkgconfig pkg-config --define-prefix --modversion tether) &&
        [ "$got" = "$2" ] || { echo "modversion: $got"; exit 1; }
        flags=$(PKG_CONFIG_PATH=$1/lib/pkgconfig pkg-config --define-prefix --cflags --libs tether)
        echo "$flags"
        staged=$1
        set -- $flags
        [ "$*" = "-I$staged/include -L$staged/lib -ltether" ]' sh "$stage" "$version"
fi

check "make uninstall (DESTDIR) removes every installed file" sh -c '
    "$1" --no-print-directory uninstall PREFIX=/usr/local DESTDIR="$2" || exit 1
    left=$(find "$2" ! -type d)
    [ -z "$left" ] || { echo "left behind: $left"; exit 1; }' sh "$MAKE" "$dest"

# --- 2. prefix install, C programs built with pkg-config, run without the toolchain -----------
echo "==> make install PREFIX=<tmp>/prefix; examples/c/*.c with cc + pkg-config"
prefix=$tmp/prefix
check "make install (PREFIX)" "$MAKE" --no-print-directory install PREFIX="$prefix"

if ! command -v pkg-config > /dev/null; then
    echo "  FAIL  pkg-config is not installed (Debian: apt-get install pkg-config)"
    failed=$((failed + 1)); failures="$failures
  pkg-config missing"
fi

mkdir -p "$tmp/bin"
programs=""
for source in examples/c/*.c; do
    name=$(basename "$source" .c)
    program=$tmp/bin/$name
    # Plain cc with the system PATH: building against an installed Tether needs no toolchain.
    # The rpath stands in for ldconfig, which a private prefix does not have.
    if check "cc $source \$(pkg-config --cflags --libs tether)" \
        env -i PATH="$SYSTEM_PATH" PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c '
            set -e
            flags=$(pkg-config --cflags --libs tether)
            cc -std=c99 -Wall -Wextra -pedantic -Werror -O2 "$1" $flags -lm \
               -Wl,-rpath,"$2/lib" -o "$3"' sh "$root/$source" "$prefix" "$program"
    then
        programs="$programs $program"
    fi
done

for program in $programs; do
    name=$(basename "$program")
    env -i PATH="$SYSTEM_PATH" ldd "$program" > "$tmp/ldd" 2>&1
    check "$name: ldd resolves libtether to the install, nothing to the toolchain" sh -c '
        ldd_out=$1; prefix=$2; toolchain=$3; soname=$4
        cat "$ldd_out"
        grep -q "not found" "$ldd_out" && exit 1
        grep -F "$toolchain" "$ldd_out" && exit 1
        grep -q "^[[:space:]]*$soname => $prefix/lib/$soname " "$ldd_out" || exit 1
        exit 0' sh "$tmp/ldd" "$prefix" "$toolchain" "$soname"
    check "$name: only system libraries besides libtether" sh -c '
        bad=""
        for lib in $(awk "{ print \$1 }" "$1"); do
            case "$lib" in
                "$2"|libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1) ;;
                linux-vdso.so.*|/lib*/ld-linux*.so.*|ld-linux*.so.*) ;;
                *) bad="$bad $lib" ;;
            esac
        done
        [ -z "$bad" ] || { cat "$1"; echo "unexpected:$bad"; exit 1; }' sh "$tmp/ldd" "$soname"
    check "$name runs with PATH=$SYSTEM_PATH and no LD_LIBRARY_PATH" \
        env -i PATH="$SYSTEM_PATH" "$program"
done

# The installed suppressions keep valgrind quiet about the Swift runtime's one-time caches, as
# `make test-valgrind` does with scripts/valgrind.supp: every leak kind is an error here too.
if command -v valgrind > /dev/null && [ -n "$programs" ]; then
    set -- $programs
    check "$(basename "$1") under valgrind with pkg-config's valgrind_suppressions: no error, no leak" \
        env -i PATH="$SYSTEM_PATH" PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c '
            supp=$(pkg-config --variable=valgrind_suppressions tether) && [ -f "$supp" ] || exit 1
            valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
                --errors-for-leak-kinds=all --suppressions="$supp" "$1" > /dev/null' sh "$1"
else
    skip "valgrind with the installed suppressions: valgrind is not installed"
fi

# --- 3. the same programs with the toolchain hidden -------------------------------------------
echo "==> the programs again, with $toolchain hidden (unshare -m)"
hide_reason=$(hide_toolchain_reason "$toolchain")
if [ -n "$hide_reason" ]; then
    skip "hidden-toolchain runs: $hide_reason"
else
    for program in $programs; do
        name=$(basename "$program")
        # unshare makes the namespace's mounts private: the tmpfs never reaches the host.
        check "$name runs with $toolchain hidden by a tmpfs" \
            unshare -m sh -c '
                mount -t tmpfs tmpfs "$1" || exit 1
                if [ -n "$(ls -A "$1")" ]; then echo "$1 is not empty"; exit 1; fi
                exec env -i PATH="$2" "$3"' sh "$toolchain" "$SYSTEM_PATH" "$program"
    done
fi

# --- 4. the uninstalled .pc: a C program built against the checkout -------------------------
echo "==> PKG_CONFIG_PATH=.build/release (tether-uninstalled.pc, written by make release)"
check "make release writes .build/release/tether-uninstalled.pc" sh -c '
    "$1" --no-print-directory release > /dev/null && [ -f .build/release/tether-uninstalled.pc ]' sh "$MAKE"
check "cc examples/c/solver_example.c with the uninstalled .pc runs as it is" \
    env -i PATH="$SYSTEM_PATH" PKG_CONFIG_PATH="$root/.build/release" sh -c '
        set -e
        [ "$(pkg-config --modversion tether)" = "$1" ]
        cc -std=c99 -Wall -Werror "$2/examples/c/solver_example.c" $(pkg-config --cflags --libs tether) -lm \
           -o "$3/solver_uninstalled"
        "$3/solver_uninstalled" > /dev/null' sh "$version" "$root" "$tmp"

check "make uninstall (PREFIX) removes every installed file" sh -c '
    "$1" --no-print-directory uninstall PREFIX="$2" || exit 1
    left=$(find "$2" ! -type d)
    [ -z "$left" ] || { echo "left behind: $left"; exit 1; }' sh "$MAKE" "$prefix"

finish install
