#!/bin/sh
# run-fuzz.sh BIN_DIR WORK_DIR SECONDS SEED HARNESS...
# run-fuzz.sh --seeds BIN_DIR WORK_DIR HARNESS...
#
# For each harness (fuzz-vfl, fuzz-capi; built by `make fuzz-build` into BIN_DIR):
#   1. replays every input in Fuzz/regressions/<name>/ (inputs that once failed: each must now
#      pass), once each;
#   2. runs every input of the committed seed corpus Fuzz/corpus/<name>.tar.gz (unpacked into
#      WORK_DIR/seeds/<name>) once, then fuzzes for SECONDS seconds with the fixed SEED (and at
#      most FUZZ_RUNS executions when that is set: the suite then tries as many inputs on a fast
#      machine as on a slow one). New inputs
#      go to WORK_DIR/corpus/<name>, never into the repository; a failing input is written to
#      WORK_DIR/artifacts/ (add it to Fuzz/regressions/<name>/ once it is fixed).
# Any crash, trap, sanitizer report, leak or timeout (-timeout) fails the harness. Closes with
# "fuzz: N passed, M failed".
#
# With --seeds: folds the current seeds and WORK_DIR/corpus/<name> (what earlier runs in WORK_DIR
# found) into Fuzz/corpus/<name>.tar.gz: the smallest set of inputs that covers all of their
# features (libFuzzer's -set_cover_merge), packed reproducibly (sorted names, fixed owner and
# time), so that the same inputs give the same archive.
set -u

mode=fuzz
if [ "$1" = "--seeds" ]; then
    mode=seeds
    bin_dir=$2
    work_dir=$3
    seconds=0
    seed=0
    shift 3
else
    bin_dir=$1
    work_dir=$2
    seconds=$3
    seed=$4
    shift 4
fi

# The Swift runtime's backtracer reads the crashed thread's stack from a helper thread, which
# AddressSanitizer reports as a stack-buffer-underflow on top of the real failure: off here,
# libFuzzer and ASan print the stack themselves.
SWIFT_BACKTRACE=enable=no
export SWIFT_BACKTRACE
# Swift seeds its hashing per process; fixed, dictionary and set orders vary less between runs.
# (Runs still differ a little: orders keyed by object addresses follow the allocator.)
SWIFT_DETERMINISTIC_HASHING=1
export SWIFT_DETERMINISTIC_HASHING

. "$(dirname "$0")/lib/tally.sh"
for harness in "$@"; do
    name=${harness#fuzz-}
    binary="$bin_dir/$harness"
    seeds="$work_dir/seeds/$name"
    regressions="Fuzz/regressions/$name"
    # Per harness: the longest input worth trying, and a dictionary of tokens. A format of 512
    # bytes already has every construct many times over (longer ones only make slower layouts);
    # a C-API program of 2048 bytes is a few hundred calls (Program.maxSteps is 300), and
    # -len_control=0 lets programs be that long from the start instead of growing a byte at a
    # time. (Setting the positional parameters does not disturb the loop: its word list was
    # expanded when the loop began.)
    case $name in
        vfl) set -- -max_len=512 -dict=Fuzz/dictionaries/vfl.dict ;;
        *) set -- -max_len=2048 -len_control=0 ;;
    esac
    mkdir -p "$work_dir/corpus/$name" "$work_dir/artifacts"
    rm -rf "$seeds"
    mkdir -p "$seeds"
    status=0
    tar -xzf "Fuzz/corpus/$name.tar.gz" -C "$seeds" || status=$?

    if [ "$mode" = seeds ]; then
        merged="$work_dir/merged/$name"
        rm -rf "$merged"
        mkdir -p "$merged"
        [ "$status" -eq 0 ] && "$binary" -set_cover_merge=1 "$@" "$merged" "$seeds" "$work_dir/corpus/$name" \
            >"$work_dir/$name-merge.log" 2>&1 || status=$?
        [ "$status" -eq 0 ] && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=2026-01-01 \
            -czf "Fuzz/corpus/$name.tar.gz" -C "$merged" . || status=$?
        if [ "$status" -eq 0 ]; then
            echo "Fuzz/corpus/$name.tar.gz: $(ls "$merged" | wc -l) inputs"
        else
            tail -n 20 "$work_dir/$name-merge.log"
        fi
        tally "$harness" "$status"
        continue
    fi

    # Inputs that once failed, each run once (-runs=0 with a directory: load it, then stop).
    if [ "$status" -eq 0 ] && [ -d "$regressions" ]; then
        echo "==> $harness: replaying $regressions"
        "$binary" -runs=0 -timeout=10 -artifact_prefix="$work_dir/artifacts/$name-replay-" \
            "$regressions" >"$work_dir/$name-replay.log" 2>&1 || status=$?
        if [ "$status" -ne 0 ]; then
            tail -n 60 "$work_dir/$name-replay.log"
            echo "<== $harness: a regression input fails again (exit $status); log: $work_dir/$name-replay.log"
        else
            grep -E "INITED|DONE" "$work_dir/$name-replay.log" | tail -n 1
        fi
    fi

    # The run starts by executing every seed once (libFuzzer's INITED line), then mutates.
    if [ "$status" -eq 0 ]; then
        echo "==> $harness: every seed of Fuzz/corpus/$name.tar.gz, then fuzzing for $seconds s, seed $seed"
        "$binary" -max_total_time="$seconds" -runs="${FUZZ_RUNS:--1}" -seed="$seed" -timeout=10 \
            -print_final_stats=1 \
            -artifact_prefix="$work_dir/artifacts/$name-" "$@" \
            "$work_dir/corpus/$name" "$seeds" >"$work_dir/$name-fuzz.log" 2>&1 || status=$?
        if [ "$status" -ne 0 ]; then
            tail -n 60 "$work_dir/$name-fuzz.log"
            echo "<== $harness: fuzzing found a failure (exit $status); input in $work_dir/artifacts/"
        else
            grep -E "INITED" "$work_dir/$name-fuzz.log" | tail -n 1
            grep -E "^#[0-9]+[[:space:]]+DONE" "$work_dir/$name-fuzz.log" | tail -n 1
            grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" \
                "$work_dir/$name-fuzz.log" | tr '\n' ' '
            echo
        fi
    fi
    tally "$harness" "$status"
done
tally_end fuzz
