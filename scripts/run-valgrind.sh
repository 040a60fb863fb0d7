#!/bin/sh
# run-valgrind.sh PROGRAM...
#
# Runs each C example or test program under valgrind's memcheck and fails if any of them
#   - reads or writes memory it must not (invalid reads/writes, uninitialised values, bad frees),
#   - leaks anything, of any kind: definite, indirect, possible or still reachable, except the
#     one-time allocations listed (and explained) in scripts/valgrind.supp. "Still reachable" is
#     included because a handle that is never freed stays reachable through the library's handle
#     registry; without it a forgotten tether_solver_free() would pass.
#   - or exits non-zero on its own.
# Each program's output and valgrind's report go to $VALGRIND_LOG_DIR (default
# .build-valgrind); a failing program's report is printed. Closes with "valgrind: N passed,
# M failed".
set -u

here=$(cd "$(dirname "$0")" && pwd)
suppressions="$here/valgrind.supp"
log_dir=${VALGRIND_LOG_DIR:-.build-valgrind}
# An exit status no program here uses, so a valgrind finding is told apart from a test failure.
valgrind_status=97

command -v valgrind >/dev/null 2>&1 || {
    echo "run-valgrind.sh: valgrind is not installed (Debian: apt-get install valgrind)" >&2
    exit 1
}
mkdir -p "$log_dir"

. "$here/lib/tally.sh"
for program in "$@"; do
    name=$(basename "$program")
    report="$log_dir/$name.valgrind.txt"
    output="$log_dir/$name.out.txt"
    echo "==> valgrind $program"
    valgrind --tool=memcheck --quiet \
        --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
        --track-origins=yes --num-callers=40 \
        --suppressions="$suppressions" --gen-suppressions=all \
        --error-exitcode=$valgrind_status --log-file="$report" \
        "$program" >"$output" 2>&1
    rc=$?
    if [ "$rc" -eq "$valgrind_status" ]; then
        echo "<== $program: valgrind found errors or leaks (report: $report)"
        cat "$report"
    elif [ "$rc" -gt 128 ]; then
        echo "<== $program died on signal $((rc - 128)) (output: $output, report: $report)"
        tail -n 40 "$output"
        cat "$report"
    elif [ "$rc" -ne 0 ]; then
        echo "<== $program exited with $rc (output: $output)"
        tail -n 40 "$output"
    fi
    tally "$program" "$rc"
done
tally_end valgrind
