#!/bin/sh
# run-c-tests.sh PROGRAM...
#
# Runs each C example or test program, shows its output, and fails if any of them exits
# non-zero (or dies on a signal). Closes with "programs: N passed, M failed".
set -u

. "$(dirname "$0")/lib/tally.sh"
for program in "$@"; do
    echo "==> $program"
    "$program"
    rc=$?
    if [ "$rc" -gt 128 ]; then
        echo "<== $program died on signal $((rc - 128))"
    elif [ "$rc" -ne 0 ]; then
        echo "<== $program exited with $rc"
    fi
    tally "$program" "$rc"
    echo
done
tally_end programs
