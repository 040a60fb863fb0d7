# tally.sh: the count kept by the scripts that run one program or harness after another
# (run-c-tests.sh, run-valgrind.sh, run-fuzz.sh). Source it, call `tally NAME STATUS` after each
# one and `tally_end SUITE` at the end.

passed=0
failed=0
failures=""

# tally NAME STATUS: NAME passed (STATUS 0) or failed (any other status).
tally() {
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures="$failures $1"
    fi
}

# tally_end SUITE: the closing line "SUITE: N passed, M failed", then the failed names; exits 1
# when one failed.
tally_end() {
    echo "$1: $passed passed, $failed failed"
    if [ "$failed" -ne 0 ]; then
        echo "failed:$failures"
        exit 1
    fi
}
