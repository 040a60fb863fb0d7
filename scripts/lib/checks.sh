# checks.sh: the counting helpers shared by the shell test suites (test-install.sh,
# test-wheel.sh). Source it after making "$tmp" (a scratch folder the caller removes): each check's
# output goes to "$tmp/out" and is shown only when the check fails.

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
