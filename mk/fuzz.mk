# Fuzzing with libFuzzer (issue 5, "Robustness"): docs/fuzzing.md.
#
#   make fuzz-build   build Fuzz/ (fuzz-vfl, fuzz-capi) with -sanitize=fuzzer,address
#                     into .build-fuzz
#   make test-fuzz    suite: replay Fuzz/regressions/ and the seed corpora (Fuzz/corpus/), then
#                     fuzz each harness FUZZ_SECONDS seconds (default 30), fixed FUZZ_SEED
#   make fuzz-long    fuzz each harness FUZZ_LONG_SECONDS (default 600) into .build-fuzz/long
#   make fuzz-seeds   fold the seeds and what fuzz-long found into Fuzz/corpus/<name>.tar.gz
#
# The harnesses are a package of their own (Fuzz/Package.swift, depending on this one by path),
# so the root package's products, `swift build` and `swift test` do not change and cost nothing
# more. Release mode, as libtether.so ships: -O keeps every precondition and overflow check (the
# traps the fuzzer looks for) and gives more executions per second. The toolchain's lld links
# them: ld.gold prints a warning per exported sanitizer helper symbol (thousands of lines).

FUZZ_SCRATCH      := $(CURDIR)/.build-fuzz
FUZZ_BIN          := $(FUZZ_SCRATCH)/release
FUZZ_HARNESSES    := fuzz-vfl fuzz-capi
# A fixed number of executions with a fixed seed keeps the suite's inputs close to the ones tried
# when it was last run here (a time limit alone would let a faster machine go much further into
# inputs nobody tried); the time limit only caps a slow machine. Long runs are fuzz-long's job.
FUZZ_RUNS         ?= 4000
FUZZ_SECONDS      ?= 120
FUZZ_SEED         ?= 1
FUZZ_LONG_SECONDS ?= 600
FUZZ_BUILD_FLAGS  := --package-path Fuzz --scratch-path $(FUZZ_SCRATCH) -c release \
                     -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz-build:
	$(SWIFT) build $(FUZZ_BUILD_FLAGS)

test-fuzz: fuzz-build
	@rm -rf $(FUZZ_SCRATCH)/run
	@FUZZ_RUNS=$(FUZZ_RUNS) sh scripts/run-fuzz.sh $(FUZZ_BIN) $(FUZZ_SCRATCH)/run $(FUZZ_SECONDS) $(FUZZ_SEED) $(FUZZ_HARNESSES)

# Keeps what it finds between runs (.build-fuzz/long/corpus/<name>); `make fuzz-seeds` then folds
# it into the committed seed corpora.
fuzz-long: fuzz-build
	@sh scripts/run-fuzz.sh $(FUZZ_BIN) $(FUZZ_SCRATCH)/long $(FUZZ_LONG_SECONDS) $(FUZZ_SEED) $(FUZZ_HARNESSES)

# The seed corpora are one archive per harness (they are a few thousand small binary files).
fuzz-seeds: fuzz-build
	@sh scripts/run-fuzz.sh --seeds $(FUZZ_BIN) $(FUZZ_SCRATCH)/long $(FUZZ_HARNESSES)

TEST_SUITES += test-fuzz
.PHONY: fuzz-build test-fuzz fuzz-long fuzz-seeds
