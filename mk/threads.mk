# Threads (issue 5, "Robustness"): docs/threads.md.
#
#   make test-threads-tsan   suite: Tests/c/test_threads.c under ThreadSanitizer, against a
#                            libtether.so built with -sanitize=thread (.build-threads-tsan)
#
# Tests/c/test_threads.c itself is built and run by `make test-c` like every Tests/c program
# (the main Makefile's pattern rule); it only needs pthreads on top of that rule's flags. With
# glibc 2.34+ pthread_create lives in libc, but -pthread is what compilers document for threaded
# C code (it also defines _REENTRANT), so the program gets it whatever the C library.
$(C_OUT)/tests/test_threads: CFLAGS += -pthread

# The C program must be compiled by the toolchain's clang: ThreadSanitizer's runtime has to be
# the one the library was instrumented for. That runtime also intercepts libdispatch, so the
# program links the toolchain's libdispatch and BlocksRuntime.
THREADS_TSAN_SCRATCH := $(CURDIR)/.build-threads-tsan
THREADS_TSAN_LIBDIR  := $(THREADS_TSAN_SCRATCH)/debug
TOOLCHAIN_BIN        := $(dir $(realpath $(shell command -v $(SWIFT))))
TOOLCHAIN_RUNTIME    := $(abspath $(TOOLCHAIN_BIN)../lib/swift/linux)
THREADS_TSAN_BIN     := $(THREADS_TSAN_SCRATCH)/test_threads

test-threads-tsan:
	$(SWIFT) build --product tether --scratch-path $(THREADS_TSAN_SCRATCH) \
	    -Xswiftc -sanitize=thread -Xswiftc -use-ld=lld
	$(TOOLCHAIN_BIN)clang $(C_STD) -O1 -g -pthread -fsanitize=thread -I$(CURDIR)/Include \
	    Tests/c/test_threads.c -o $(THREADS_TSAN_BIN) \
	    -L$(THREADS_TSAN_LIBDIR) -ltether -Wl,-rpath,$(THREADS_TSAN_LIBDIR) \
	    -L$(TOOLCHAIN_RUNTIME) -ldispatch -lBlocksRuntime -Wl,-rpath,$(TOOLCHAIN_RUNTIME) -lm
	@# halt_on_error: the first race fails the run (exit 66) instead of a summary at the end.
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS="halt_on_error=1:$${TSAN_OPTIONS:-}" $(THREADS_TSAN_BIN)

TEST_SUITES += test-threads-tsan
.PHONY: test-threads-tsan
