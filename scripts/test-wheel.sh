#!/bin/sh
# test-wheel.sh: proves that the Python package installs with its own libtether.so and works from
# anywhere, without the Swift toolchain.
#
# Run from the repository root (`make test-wheel` does, after `make release-static`).
# Environment: PYTHON (the interpreter that makes the venvs), SWIFT (to find the toolchain),
# MAKE and STATIC_LIB (.build-static/release/libtether.so, to compare the bundled copy with).
# Needs PyPI: pip fetches setuptools for the isolated build, and mypy for the typing check.
#
#   1. `pip wheel ./bindings/python`: a py3-none-linux_<arch> wheel holding tether/libtether.so
#      (self-contained: no libswift* NEEDED, only tether_* exported) and tether/py.typed.
#   2. The wheel in a fresh venv; from a folder outside the repository, with PATH=/usr/bin:/bin,
#      no TETHER_LIBRARY, no PYTHONPATH: a view hierarchy is laid out, and the library loaded
#      (also per /proc/self/maps) is the one inside the installed package.
#   3. The same with the toolchain hidden in a private mount namespace (unshare -m).
#   4. mypy sees the package's inline annotations through py.typed.
#   5. `pip install ./bindings/python` (the command users run) into another fresh venv, used
#      from outside the repository the same way.
#
# Closes with "wheel: N passed, M failed[, K skipped]"; exits 1 if anything failed.
set -u

PYTHON=${PYTHON:-python3}
SWIFT=${SWIFT:-swift}
STATIC_LIB=${STATIC_LIB:-.build-static/release/libtether.so}
SYSTEM_PATH=/usr/bin:/bin
root=$(pwd)
if [ ! -f "$root/bindings/python/setup.py" ] || [ ! -f "$root/mk/install.mk" ]; then
    echo "test-wheel: run me from the repository root" >&2
    exit 2
fi
# The wheel must bundle by itself (setup.py runs `make release-static`), as it does for users.
unset TETHER_LIBRARY TETHER_LIBRARY_TO_BUNDLE PYTHONPATH

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

. "$root/scripts/lib/checks.sh"
elapsed() { echo "$(( $(date +%s) - start ))s"; }

swift_path=$(command -v "$SWIFT" || true)
if [ -z "$swift_path" ]; then
    echo "test-wheel: $SWIFT is not on PATH; cannot tell where the toolchain is" >&2
    exit 2
fi
toolchain=$(dirname "$(dirname "$(readlink -f "$swift_path")")")
case "$toolchain" in
    /|/usr|/usr/local) toolchain=$toolchain/lib/swift ;;
esac

# Outside the repository, so that neither the cwd nor the loader's build-tree search can find
# the checkout's libraries.
work=$tmp/work
mkdir -p "$work"
case "$work" in
    "$root"/*) echo "test-wheel: the temporary folder $work is inside the repository" >&2; exit 2 ;;
esac

# The program users would write: lays out a header and a body, checks the frames, and reports
# which library it loaded.
cat > "$work/check_install.py" <<'EOF'
import os
import sys
from pathlib import Path

assert "TETHER_LIBRARY" not in os.environ and "PYTHONPATH" not in os.environ, os.environ
import tether
from tether import _ffi

root = tether.View(frame=(0, 0, 400, 300))
header, body = tether.View(), tether.View()
for view in (header, body):
    view.translates_autoresizing_mask_into_constraints = False
    root.add_subview(view)
tether.activate([
    header.top == root.top, header.leading == root.leading, header.trailing == root.trailing,
    header.height == 44,
    body.top == header.bottom + 8, body.bottom == root.bottom,
    body.leading == root.leading_margin, body.trailing == root.trailing_margin,
])
root.layout_if_needed()
frames = [tuple(v.frame) for v in (header, body)]
assert frames == [(0.0, 0.0, 400.0, 44.0), (8.0, 52.0, 384.0, 248.0)], frames

package_dir = Path(tether.__file__).resolve().parent
expected = package_dir / "libtether.so"
loaded = Path(_ffi.loaded_path).resolve()
assert loaded == expected, (loaded, expected)
assert Path(sys.prefix).resolve() in package_dir.parents, (package_dir, sys.prefix)
repo = Path(sys.argv[1]).resolve()
assert repo not in package_dir.parents, package_dir
maps = Path("/proc/self/maps").read_text()
assert str(expected) in maps, "the bundled library is not mapped"
foreign = sorted({line.split()[-1] for line in maps.splitlines()
                  if "libtether" in line or "libswift" in line} - {str(expected)})
assert not foreign, foreign
print("frames", frames)
print("loaded", loaded, "library version", _ffi.version_string())
EOF

# run_check PYTHON: the program above from $work, with the system PATH and nothing else.
run_check() {
    (cd "$work" && env -i PATH="$SYSTEM_PATH" HOME="$tmp" "$1" check_install.py "$root")
}

# --- 1. the wheel ----------------------------------------------------------------------------
echo "==> pip wheel ./bindings/python"
start=$(date +%s)
check "pip wheel --no-deps ./bindings/python" \
    "$PYTHON" -m pip wheel -v --disable-pip-version-check --no-deps -w "$tmp/wheels" ./bindings/python
info "wheel built in $(elapsed)"
cp "$tmp/out" "$tmp/wheel-build.log"
# pip hides a build backend's output unless -v: setup.py also writes it to the terminal.
check "setup.py says it is building libtether.so as it starts" \
    grep -q "setup.py: building libtether.so from the Swift sources" "$tmp/wheel-build.log"
arch=$(uname -m)
set -- "$tmp"/wheels/tether-*.whl
wheel=$1
if [ $# -ne 1 ] || [ ! -f "$wheel" ]; then
    : > "$tmp/out"; ls -l "$tmp/wheels" > "$tmp/out" 2>&1
    fail "exactly one tether wheel"
    wheel=""
else
    info "$(basename "$wheel"): $(wc -c < "$wheel" | tr -d ' ') bytes"
    check "tagged py3-none-linux_$arch (a platform wheel, any Python 3)" sh -c '
        case "$(basename "$1")" in
            tether-*-py3-none-linux_"$2".whl) ;;
            *) echo "tag of $(basename "$1")"; exit 1 ;;
        esac' sh "$wheel" "$arch"
    mkdir -p "$tmp/unpacked"
    "$PYTHON" -m zipfile -e "$wheel" "$tmp/unpacked" > "$tmp/out" 2>&1
    check "WHEEL: Root-Is-Purelib: false, Tag: py3-none-linux_$arch" sh -c '
        cat "$1"/tether-*.dist-info/WHEEL
        grep -qx "Root-Is-Purelib: false" "$1"/tether-*.dist-info/WHEEL &&
        grep -qx "Tag: py3-none-linux_$2" "$1"/tether-*.dist-info/WHEEL' sh "$tmp/unpacked" "$arch"
    check "holds tether/libtether.so, tether/py.typed and the modules, no tests" sh -c '
        cd "$1" && ls -R
        [ -f tether/libtether.so ] && [ -f tether/py.typed ] && [ -f tether/__init__.py ] &&
        [ -f tether/_ffi.py ] && [ -f tether/_ffi_generated.py ] && [ -f tether/view.py ] &&
        [ ! -e tests ] && [ ! -e tether/tests ]
    ' sh "$tmp/unpacked"
    bundled=$tmp/unpacked/tether/libtether.so
    if [ -f "$bundled" ]; then
        info "bundled libtether.so: $(wc -c < "$bundled" | tr -d ' ') bytes" \
             "(built: $(wc -c < "$STATIC_LIB" | tr -d ' ') bytes, stripped when bundled)"
        check "bundled library needs no libswift* and names no toolchain path" sh -c '
            readelf -d "$1"
            ! readelf -d "$1" | grep -E "\(NEEDED\).*libswift" &&
            ! readelf -d "$1" | grep -E "\((RUNPATH|RPATH)\)" | grep -F "$2"' \
            sh "$bundled" "$toolchain"
        check "bundled library defines only tether_* dynamic symbols" sh -c '
            nm -D --defined-only "$1" | awk "NF >= 3 { print \$3 }" > "$2/defined"
            [ -s "$2/defined" ] && ! grep -v "^tether_" "$2/defined"' sh "$bundled" "$tmp"
        check "bundled library is the static build's code (same tether_* exports)" sh -c '
            nm -D --defined-only "$1" | awk "{ print \$3 }" | sort > "$3/a"
            nm -D --defined-only "$2" | awk "{ print \$3 }" | sort > "$3/b"
            cmp "$3/a" "$3/b"' sh "$bundled" "$STATIC_LIB" "$tmp"
    fi
fi

# --- 2. a fresh venv, used from outside the repository ---------------------------------------
echo "==> the wheel in a fresh venv, used from $work"
venv=$tmp/venv
check "python -m venv" "$PYTHON" -m venv "$venv"
if [ -n "$wheel" ]; then
    check "pip install --no-index the wheel" \
        "$venv/bin/python" -m pip install --disable-pip-version-check --no-index --no-deps "$wheel"
fi
check "import tether, lay out views, bundled library loaded (PATH=$SYSTEM_PATH)" \
    run_check "$venv/bin/python" && sed 's/^/        /' "$tmp/out"
check "the installed libtether.so is the wheel's" sh -c '
    installed=$(find "$1" -path "*/site-packages/tether/libtether.so")
    [ -n "$installed" ] && cmp "$installed" "$2"' sh "$venv" "${bundled:-/nonexistent}"

# --- 3. the toolchain hidden --------------------------------------------------------------------
echo "==> again with $toolchain hidden (unshare -m)"
hide_reason=$(hide_toolchain_reason "$toolchain")
if [ -z "$hide_reason" ]; then
    case "$(readlink -f "$venv/bin/python")" in
        "$toolchain"/*) hide_reason="the venv's Python lives in the toolchain" ;;
    esac
fi
if [ -n "$hide_reason" ]; then
    skip "hidden-toolchain run: $hide_reason"
else
    check "import tether, lay out views with $toolchain hidden by a tmpfs" \
        unshare -m sh -c '
            mount -t tmpfs tmpfs "$1" || exit 1
            if [ -n "$(ls -A "$1")" ]; then echo "$1 is not empty"; exit 1; fi
            cd "$2" && exec env -i PATH="$3" HOME="$4" "$5" check_install.py "$6"' \
        sh "$toolchain" "$work" "$SYSTEM_PATH" "$tmp" "$venv/bin/python" "$root"
fi

# --- 4. type information -------------------------------------------------------------------------
echo "==> type information (py.typed + inline annotations) seen by mypy"
start=$(date +%s)
cat > "$work/typed_ok.py" <<'EOF'
import tether

root = tether.View(frame=(0, 0, 400, 300))
frame: tether.Rect = root.frame
width: float = frame.width
reveal_type(root.frame)
EOF
cat > "$work/typed_wrong.py" <<'EOF'
import tether

width: str = tether.View().frame.width
EOF
if check "pip install mypy (from PyPI)" \
    "$venv/bin/python" -m pip install --disable-pip-version-check -q mypy
then
    mypy_run() {
        (cd "$work" && env -i PATH="$SYSTEM_PATH" HOME="$tmp" \
            "$venv/bin/python" -m mypy --no-incremental --cache-dir=/dev/null "$1")
    }
    # Without py.typed mypy stops at "missing library stubs or py.typed marker" [import-untyped]
    # and types everything from tether as Any.
    mypy_accepts() {
        out=$(mypy_run typed_ok.py); rc=$?; echo "$out"
        [ "$rc" -eq 0 ] && echo "$out" | grep -q 'Revealed type is ".*tether\.geometry\.Rect.*"'
    }
    mypy_rejects() {
        out=$(mypy_run typed_wrong.py); rc=$?; echo "$out"
        [ "$rc" -eq 1 ] && echo "$out" | grep -q '\[assignment\]' &&
            ! echo "$out" | grep -q 'import-untyped'
    }
    check "mypy accepts correct code and reveals Rect (a NamedTuple of tether.geometry)" mypy_accepts
    check "mypy rejects a float assigned to str (the annotations are used)" mypy_rejects
fi
info "typing checks took $(elapsed)"

# --- 5. pip install ./bindings/python, the users' command ---------------------------------------
echo "==> pip install ./bindings/python into another fresh venv"
start=$(date +%s)
venv2=$tmp/venv2
check "python -m venv" "$PYTHON" -m venv "$venv2"
check "pip install ./bindings/python" \
    "$venv2/bin/python" -m pip install --disable-pip-version-check ./bindings/python
info "installed in $(elapsed)"
check "import tether, lay out views, bundled library loaded (pip install ./bindings/python)" \
    run_check "$venv2/bin/python"

finish wheel
