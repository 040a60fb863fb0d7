# Memory and thread checking (issue 5, "Robustness").
#
#   make test-asan       suite: swift test under AddressSanitizer          (scratch .build-asan)
#   make test-tsan       suite: swift test under ThreadSanitizer           (scratch .build-tsan)
#   make test-valgrind   suite: every C example and C test under valgrind's memcheck, no leak of
#                        any kind and no invalid access (scripts/run-valgrind.sh,
#                        scripts/valgrind.supp)
#
# Each sanitizer build has its own scratch path: switching flags in one folder rebuilds
# everything, and .build belongs to the plain build. Times on the 2-core reference machine, from
# an empty scratch path (build included): test-asan 1 min 20 s (tests 23 s), test-tsan 1 min 53 s
# (tests 47 s), test-valgrind 37 s for the nine C programs once they are built.

ASAN_SCRATCH := $(CURDIR)/.build-asan
TSAN_SCRATCH := $(CURDIR)/.build-tsan
VALGRIND_LOG_DIR ?= $(CURDIR)/.build-valgrind

# The sanitizer runtimes export helper symbols that ld.gold, the default linker, warns about
# once per symbol and test binary ("Cannot export local symbol '__asan_report_load1_asm'", about
# 19,000 lines); the toolchain's lld links the same binaries silently.
SANITIZER_LINK := -Xswiftc -use-ld=lld

# LeakSanitizer stays off in the XCTest process: swift-corelibs-xctest never frees its test-case
# objects (XCTestRun.test and XCTest.testRun reference each other), so every object a test keeps
# in a property is reported as leaked, and no suppression can single those out (the allocation
# stacks are Tether's and the tests' own). Leaks are checked exactly elsewhere: by
# Tests/TetherTests/LifetimeTests.swift (weak references: no reference cycle keeps an engine's
# objects alive), by test-valgrind (the C ABI) and by bindings/python/tests/test_leaks.py.
# Caller-supplied options come last, so they win.
test-asan:
	ASAN_OPTIONS="detect_leaks=0:$${ASAN_OPTIONS:-}" \
	    $(SWIFT) test --sanitize=address --scratch-path $(ASAN_SCRATCH) $(SANITIZER_LINK)

# ThreadSanitizer reports make the process exit non-zero (exitcode 66) after the run; the
# threaded tests are Tests/TetherCTests/ConcurrencyCABITests.swift.
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path $(TSAN_SCRATCH) $(SANITIZER_LINK)

# C_BINS (main Makefile) is every examples/c/*.c and Tests/c/*.c, so new programs are picked up.
test-valgrind: c-examples
	@VALGRIND_LOG_DIR=$(VALGRIND_LOG_DIR) sh scripts/run-valgrind.sh $(C_BINS)

TEST_SUITES += test-asan test-tsan test-valgrind
.PHONY: test-asan test-tsan test-valgrind
