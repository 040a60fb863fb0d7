#!/bin/sh
# run-c-tests.sh PROGRAM...
#
# Runs each C example or test program, shows its output, and fails if any of them exits
# non-zero (or dies on a signal). Closes with "programs: N passed, M failed".
set -u

passed=0
failed=0
failures=""
for program in "$@"; do
    echo "==> $program"
    "$program"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
    else
        if [ "$rc" -gt 128 ]; then
            echo "<== $program died on signal $((rc - 128))"
        else
            echo "<== $program exited with $rc"
        fi
        failed=$((failed + 1))
        failures="$failures $program"
    fi
    echo
done
echo "programs: $passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
    echo "failed:$failures"
    exit 1
fi
