# The C++ binding (issue 23): bindings/cpp, header-only C++17 over the stable C header.
#
#   make test-cpp    suite: the doctest tests in bindings/cpp/tests (Debian: doctest-dev, see
#                    .ci/packages.d/cpp.txt), built with -Werror against the release library and
#                    run twice: as they are, then under valgrind's memcheck (no leak of any kind,
#                    no invalid access; scripts/run-valgrind.sh) when valgrind is installed;
#                    then examples/cpp/screen.cpp (-> .build/cpp/examples/screen, the C++ twin of
#                    examples/c/screen_example.c), run under valgrind too and beside the C
#                    example: the two must print the same frame tables
#                    (scripts/compare_screen_example.py)
#   make bench-cpp   the per-call overhead of the binding beside the C API for the same work
#                    (bindings/cpp/bench; the figures are in docs/benchmarks.md)
#
# The test binary runs in under a second, about 10 s under valgrind on the 2-core machine.

CXX            ?= g++
CPP_OUT        := $(CURDIR)/.build/cpp
CPP_FLAGS      := -std=c++17 -Wall -Wextra -Werror -I$(CURDIR)/Include -I$(CURDIR)/bindings/cpp/include
CPP_LINK       := -L$(RELEASE_DIR) -ltether -Wl,-rpath,$(RELEASE_DIR)
CPP_HEADERS    := bindings/cpp/include/tether.hpp $(wildcard bindings/cpp/include/tether/*.hpp)
CPP_TEST_SRCS  := $(wildcard bindings/cpp/tests/*.cpp)
CPP_TEST_BIN   := $(CPP_OUT)/tests/cpp_binding_tests
CPP_SCREEN_EXAMPLE   := $(CPP_OUT)/examples/screen
CPP_SCREEN_REFERENCE := $(C_OUT)/examples/screen_example
CPP_BENCH_N    ?= 1000
CPP_BENCH_ROUNDS ?= 10

$(CPP_TEST_BIN): $(CPP_TEST_SRCS) $(CPP_HEADERS) $(HEADERS) $(RELEASE_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CPP_FLAGS) -O1 -g $(CPP_TEST_SRCS) -o $@ $(CPP_LINK)

# The example is built as a user would build it: the same flags as the tests, warnings as errors.
$(CPP_SCREEN_EXAMPLE): examples/cpp/screen.cpp $(CPP_HEADERS) $(HEADERS) $(RELEASE_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CPP_FLAGS) -O1 -g $< -o $@ $(CPP_LINK)

test-cpp: release $(CPP_SCREEN_REFERENCE)
	@$(MAKE) --no-print-directory $(CPP_TEST_BIN) $(CPP_SCREEN_EXAMPLE)
	$(CPP_TEST_BIN)
	@if command -v valgrind >/dev/null 2>&1; then \
	    VALGRIND_LOG_DIR=$(CPP_OUT)/valgrind sh scripts/run-valgrind.sh $(CPP_TEST_BIN) \
	        $(CPP_SCREEN_EXAMPLE); \
	else \
	    echo "test-cpp: valgrind is not installed: the leak check was skipped" >&2; \
	fi
	$(PYTHON) scripts/compare_screen_example.py --reference $(CPP_SCREEN_REFERENCE) -- \
	    $(CPP_SCREEN_EXAMPLE)

$(CPP_OUT)/bench/overhead: bindings/cpp/bench/overhead.cpp $(CPP_HEADERS) $(HEADERS) $(RELEASE_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CPP_FLAGS) -O2 $< -o $@ $(CPP_LINK)

$(CPP_OUT)/bench/overhead_c: bindings/cpp/bench/overhead_c.c $(HEADERS) $(RELEASE_LIB)
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -I$(CURDIR)/Include $< -o $@ $(CPP_LINK)

# Three alternating runs of each, so that the machine's drift shows as spread, not as overhead.
bench-cpp: release
	@$(MAKE) --no-print-directory $(CPP_OUT)/bench/overhead $(CPP_OUT)/bench/overhead_c
	@for i in 1 2 3; do \
	    $(CPP_OUT)/bench/overhead_c $(CPP_BENCH_N) $(CPP_BENCH_ROUNDS) || exit 1; \
	    $(CPP_OUT)/bench/overhead $(CPP_BENCH_N) $(CPP_BENCH_ROUNDS) || exit 1; \
	done

TEST_SUITES += test-cpp
.PHONY: test-cpp bench-cpp
