# Tether: build, test and demo entry points (GNU make).
#
#   make demo    build the release library, lay out the feed screen from C and Python
#   make test    every test: swift test, the export check, the C programs, the Python tests
#   make help    every target
#
# Build flags live here, on the `swift build` command line, never as unsafeFlags in
# Package.swift (see shared/docs/swift-c-abi.md).

SWIFT   ?= swift
PYTHON  ?= python3
CFLAGS  ?= -O2 -g

# --- the library ------------------------------------------------------------------------------
DEBUG_DIR     := $(CURDIR)/.build/debug
RELEASE_DIR   := $(CURDIR)/.build/release
DEBUG_LIB     := $(DEBUG_DIR)/libtether.so
RELEASE_LIB   := $(RELEASE_DIR)/libtether.so
# Export only tether_* (the version script) and give the library its SONAME. Release code skips
# the dynamic exclusivity checks (SWIFT_SPEED_FLAGS; debug builds and `swift test` keep them):
# they were 28% of the instructions of building 10,000 views (docs/benchmarks.md, profile).
SWIFT_SPEED_FLAGS := -Xswiftc -enforce-exclusivity=unchecked
RELEASE_FLAGS := -c release --product tether $(SWIFT_SPEED_FLAGS) \
                 -Xlinker --version-script=Sources/TetherC/exports.map \
                 -Xlinker -soname=libtether.so.1

# --- C examples and tests ---------------------------------------------------------------------
# The C ABI: the umbrella header and its parts, one per concern. C programs depend on all of them.
HEADER        := Include/tether.h
HEADER_PARTS  := $(sort $(wildcard Include/tether/*.h))
HEADERS       := $(HEADER) $(HEADER_PARTS)

# VARIANT=release (default) links them against .build/release, VARIANT=debug against .build/debug.
VARIANT       ?= release
C_LIBDIR      := $(CURDIR)/.build/$(VARIANT)
C_LIB_TARGET  := $(if $(filter debug,$(VARIANT)),lib,release)
C_OUT         := $(CURDIR)/.build/c$(if $(filter release,$(VARIANT)),,/$(VARIANT))
C_STD         := -std=c99 -Wall -Wextra -pedantic -Werror
EXAMPLE_SRCS  := $(wildcard examples/c/*.c)
# The helpers the examples share (CHECK, ...), included with quotes from next to them.
EXAMPLE_HDRS  := $(wildcard examples/c/*.h)
TEST_SRCS     := $(wildcard Tests/c/*.c)
EXAMPLE_BINS  := $(patsubst examples/c/%.c,$(C_OUT)/examples/%,$(EXAMPLE_SRCS))
TEST_BINS     := $(patsubst Tests/c/%.c,$(C_OUT)/tests/%,$(TEST_SRCS))
C_BINS        := $(EXAMPLE_BINS) $(TEST_BINS)

# --- Python -----------------------------------------------------------------------------------
VENV          := $(CURDIR)/.venv
VENV_PY       := $(VENV)/bin/python
REQUIREMENTS  := bindings/python/requirements-test.txt
VENV_STAMP    := $(VENV)/.requirements-installed

# Every suite `make test` runs, in order; mk/*.mk fragments append theirs.
TEST_SUITES   := test-swift check-exports test-c test-python

# Two `swift build`s must not race on the shared .build folder.
.NOTPARALLEL:
.DEFAULT_GOAL := build
.PHONY: help build lib release c-examples c-programs check-exports test-swift test-c \
        test-python venv test demo clean distclean

help:
	@echo "make build          debug build of every target (swift build)"
	@echo "make lib            debug libtether.so        -> .build/debug/libtether.so"
	@echo "make release        release libtether.so      -> .build/release/libtether.so"
	@echo "                    (only tether_* exported, SONAME libtether.so.1)"
	@echo "make c-examples     compile examples/c/*.c and Tests/c/*.c -> .build/c/"
	@echo "                    (VARIANT=debug links against the debug library)"
	@echo "make check-exports  the headers' functions == the release library's exports"
	@echo "make check-headers  each header (tether.h, tether/*.h) compiles alone as C99 and C++"
	@echo "make check-layers   each folder reaches only what docs/architecture.md allows"
	@echo "make generate-ffi   regenerate the Python ctypes declarations from the headers"
	@echo "make check-generated"
	@echo "                    bindings/python/tether/_ffi_generated.py == what the headers give"
	@echo "make test-rust      cargo test --offline in bindings/rust (the Rust binding; mk/rust.mk)"
	@echo "make check-generated-rust"
	@echo "                    bindings/rust/tether-sys/src/generated.rs == what the headers give"
	@echo "make bench-rust     the Rust binding's per-call overhead beside the C API"
	@echo "make generate-lua-ffi"
	@echo "                    regenerate the Lua binding's cdefs (bindings/lua/tether/cdefs.lua)"
	@echo "make test-lua       the Lua binding's specs under LuaJIT + busted (cdefs checked first)"
	@echo "make bench-lua      the Lua binding's per-call overhead beside the C API's"
	@echo "make test-swift     swift test"
	@echo "make test-c         build and run every C example and test"
	@echo "make test-python    pytest bindings/python/tests in .venv (made if missing)"
	@echo "make test-install   install into a staging folder, run the C examples with the toolchain hidden"
	@echo "make test-wheel     build the platform wheel, install it into a fresh venv, use it"
	@echo "make test-asan      swift test under AddressSanitizer   (make test-tsan: ThreadSanitizer)"
	@echo "make test-valgrind  every C program under valgrind (no leak, no invalid access)"
	@echo "make test-fuzz      replay fuzz regressions, then a short seeded libFuzzer run per harness"
	@echo "make test-cpp       the C++ binding's doctest tests (bindings/cpp), then under valgrind"
	@echo "make bench-cpp      the C++ binding's per-call overhead beside the C API"
	@echo "make test-swiftpm   examples/swift, a package using Tether by path, lays out the C demo's frames"
	@echo "make test           every suite above (TEST_SUITES); fails if any fails"
	@echo "make install        PREFIX=/usr/local [DESTDIR=...]: libtether.so.1, tether.h, tether/*.h,"
	@echo "                    tether.pc"
	@echo "make wheel          a platform wheel of the Python package with the library inside"
	@echo "make demo           release library, then the feed screen from C and Python (-> out/)"
	@echo "make clean          swift package clean, remove .build/c"
	@echo "make distclean      remove .build, .build-* and .venv"

build:
	$(SWIFT) build

lib:
	$(SWIFT) build --product tether

release:
	$(SWIFT) build $(RELEASE_FLAGS)
	@# C programs linked against the release library record its SONAME: give it a file.
	@ln -sf libtether.so $(RELEASE_DIR)/libtether.so.1
	@# pkg-config's uninstalled variant: PKG_CONFIG_PATH=.build/release pkg-config --cflags
	@# --libs tether builds a C program against this checkout (an rpath, so it runs as it is).
	@printf '%s\n' 'libdir=$(RELEASE_DIR)' 'includedir=$(CURDIR)/Include' \
	    'valgrind_suppressions=$(CURDIR)/scripts/valgrind.supp' '' 'Name: tether' \
	    'Description: Auto Layout constraint solver and view model (C ABI), uninstalled' \
	    "Version: $$(sed -n 's/^#define TETHER_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\).*/\2/p' Include/tether/base.h | paste -sd. -)" \
	    'Libs: -L$${libdir} -ltether -Wl,-rpath,$${libdir}' 'Cflags: -I$${includedir}' \
	    > $(RELEASE_DIR)/tether-uninstalled.pc

# --- C ----------------------------------------------------------------------------------------

c-examples: $(C_LIB_TARGET)
	@$(MAKE) --no-print-directory c-programs

c-programs: $(C_BINS)

$(C_OUT)/examples/%: examples/c/%.c $(EXAMPLE_HDRS) $(HEADERS) $(C_LIBDIR)/libtether.so
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(CFLAGS) -I$(CURDIR)/Include $< -o $@ \
	    -L$(C_LIBDIR) -ltether -Wl,-rpath,$(C_LIBDIR) -lm

$(C_OUT)/tests/%: Tests/c/%.c $(HEADERS) $(wildcard Tests/c/*.h) $(C_LIBDIR)/libtether.so
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(CFLAGS) -I$(CURDIR)/Include $< -o $@ \
	    -L$(C_LIBDIR) -ltether -Wl,-rpath,$(C_LIBDIR) -lm

test-c: c-examples
	@sh scripts/run-c-tests.sh $(C_BINS)

check-exports: release
	@sh scripts/check-exports.sh $(HEADER) $(RELEASE_LIB)

# --- Swift ------------------------------------------------------------------------------------

test-swift:
	$(SWIFT) test

# --- Python -----------------------------------------------------------------------------------

$(VENV_PY):
	$(PYTHON) -m venv $(VENV)

$(VENV_STAMP): $(REQUIREMENTS) | $(VENV_PY)
	$(VENV_PY) -m pip install --disable-pip-version-check -r $(REQUIREMENTS)
	@touch $@

venv: $(VENV_STAMP)

# pytest exits 5 when it collected no tests: that is a failure here, not a pass.
test-python: release venv
	@rc=0; \
	TETHER_LIBRARY=$(RELEASE_LIB) $(VENV_PY) -m pytest -q bindings/python/tests || rc=$$?; \
	if [ $$rc -eq 5 ]; then \
	    echo "test-python: pytest collected no tests (exit 5); counted as a failure" >&2; \
	    exit 1; \
	fi; \
	exit $$rc

# --- everything -------------------------------------------------------------------------------

# Runs every suite even when an earlier one fails, then fails if any did. Fragments in mk/ add
# their suites to TEST_SUITES (install, fuzzing, sanitizers, ...).
test:
	@failed=""; \
	for suite in $(TEST_SUITES); do \
	    echo "==> make $$suite"; \
	    $(MAKE) --no-print-directory $$suite || failed="$$failed $$suite"; \
	done; \
	if [ -n "$$failed" ]; then \
	    echo "make test: FAILED:$$failed" >&2; \
	    exit 1; \
	fi; \
	echo "make test: every suite passed"

# The demo screen (a header, a feed of height-for-width cells in a stack view, a toolbar of
# equal-width buttons) from C and from Python, portrait then landscape, drawn into out/.
demo: release
	@$(MAKE) --no-print-directory c-examples VARIANT=release
	FEED_EXAMPLE_OUT=$(CURDIR)/out $(CURDIR)/.build/c/examples/feed_example
	TETHER_LIBRARY=$(RELEASE_LIB) $(PYTHON) examples/python/feed_demo.py --out $(CURDIR)/out
	@echo "demo: pictures in out/ (feed-portrait.svg, feed-landscape.svg; PNG too when rsvg-convert or cairosvg is installed)"

clean:
	$(SWIFT) package clean
	rm -rf $(CURDIR)/.build/c

distclean:
	rm -rf $(CURDIR)/.build $(CURDIR)/.build-* $(CURDIR)/.build_* $(VENV) $(CURDIR)/.venv-*

# Topic fragments (targets for installing, fuzzing, sanitizers, ...), one concept per file.
include $(sort $(wildcard mk/*.mk))
