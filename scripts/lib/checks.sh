# checks.sh: the counting helpers shared by the shell test suites (test-install.sh,
# test-wheel.sh), and what both ask before hiding the toolchain. Source it after making "$tmp"
# (a scratch folder the caller removes): each check's output goes to "$tmp/out" and is shown only
# when the check fails.

passed=0
failed=0
skipped=0
failures=""

pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() {
    failed=$((failed + 1)); failures="$failures
  $1"
    echo "  FAIL  $1"
    if [ -s "$tmp/out" ]; then sed 's/^/        | /' "$tmp/out"; fi
}
skip() { skipped=$((skipped + 1)); echo "  skip  $1"; }
# check NAME COMMAND...: runs the command with its output in $tmp/out (shown on failure), counts
# the result and returns the command's success.
check() {
    check_name=$1
    shift
    if "$@" > "$tmp/out" 2>&1; then
        pass "$check_name"
        return 0
    fi
    fail "$check_name"
    return 1
}
info() { echo "  info  $*"; }

# hide_toolchain_reason TOOLCHAIN: why TOOLCHAIN cannot be hidden here by a tmpfs mounted over it
# in a private mount namespace (unshare -m); prints nothing when it can.
hide_toolchain_reason() {
    if ! command -v unshare > /dev/null; then
        echo "unshare is not installed (util-linux)"
    elif ! unshare -m true 2> "$tmp/unshare.err"; then
        echo "unshare -m is not permitted here (needs CAP_SYS_ADMIN): $(cat "$tmp/unshare.err")"
    elif [ ! -d "$1" ]; then
        echo "$1 is not a directory"
    fi
}

# finish SUITE: the closing line "SUITE: N passed, M failed[, K skipped]"; exits 1 on a failure.
finish() {
    echo
    if [ "$skipped" -ne 0 ]; then
        echo "$1: $passed passed, $failed failed, $skipped skipped"
    else
        echo "$1: $passed passed, $failed failed"
    fi
    if [ "$failed" -ne 0 ]; then
        echo "failed:$failures"
        exit 1
    fi
}
