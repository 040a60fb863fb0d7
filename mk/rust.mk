# The Rust binding (issue 23): bindings/rust/tether-sys (raw declarations, generated from the
# headers by scripts/generate_rust_ffi.py) and bindings/rust/tether (the safe crate).
#
#   make generate-ffi-rust      writes bindings/rust/tether-sys/src/generated.rs from the headers
#   make check-generated-rust   suite: fails, with a diff, when that file is not what the headers
#                               give, and runs scripts/test_generate_rust_ffi.py (the mapping; a
#                               declaration it does not understand fails it) (python3 only)
#   make test-rust              suite: the release library, the generator check, then
#                               `cargo test --offline` (no crate from the registry is needed),
#                               then examples/rust (a package using the crate by path, built
#                               --release) run beside examples/c/screen_example.c: the two must
#                               print the same frame tables (scripts/compare_screen_example.py)
#   make bench-rust             the per-call overhead of the safe crate beside the C API
#                               (docs/benchmarks.md, "Rust binding: per-call overhead")
#
# Cargo: ~/.cargo/bin/cargo (rustup) when present, else the one on PATH (Debian 12's `cargo`,
# Rust 1.63: .ci/packages.d/rust.txt; the crates keep to 1.63). CARGO=... overrides. Build
# output goes to .build/rust, so the worktree stays clean; the crates link the repository's
# .build/release/libtether.so (TETHER_LIB_DIR) with an rpath to it.

CARGO            ?= $(firstword $(wildcard $(HOME)/.cargo/bin/cargo) cargo)
RUST_DIR         := $(CURDIR)/bindings/rust
RUST_TARGET_DIR  := $(CURDIR)/.build/rust
RUST_FFI_GENERATOR := scripts/generate_rust_ffi.py
RUST_FFI_GENERATED := bindings/rust/tether-sys/src/generated.rs
RUST_ENV         := TETHER_LIB_DIR=$(RELEASE_DIR) CARGO_TARGET_DIR=$(RUST_TARGET_DIR)
RUST_EXAMPLE_DIR := $(CURDIR)/examples/rust
RUST_SCREEN_EXAMPLE := $(RUST_TARGET_DIR)/release/screen_example
RUST_SCREEN_REFERENCE := $(C_OUT)/examples/screen_example

generate-ffi-rust:
	$(PYTHON) $(RUST_FFI_GENERATOR) --header $(HEADER) --output $(RUST_FFI_GENERATED)

check-generated-rust:
	@$(PYTHON) $(RUST_FFI_GENERATOR) --header $(HEADER) --output $(RUST_FFI_GENERATED) --check
	@$(PYTHON) scripts/test_generate_rust_ffi.py 2>/dev/null || $(PYTHON) scripts/test_generate_rust_ffi.py

test-rust: release check-generated-rust $(RUST_SCREEN_REFERENCE)
	cd $(RUST_DIR) && $(RUST_ENV) $(CARGO) test --offline
	cd $(RUST_EXAMPLE_DIR) && $(RUST_ENV) $(CARGO) build --offline --release
	$(PYTHON) scripts/compare_screen_example.py --reference $(RUST_SCREEN_REFERENCE) -- \
	    $(RUST_SCREEN_EXAMPLE)

bench-rust: release
	cd $(RUST_DIR) && $(RUST_ENV) $(CARGO) run --offline --release --bin overhead

TEST_SUITES += check-generated-rust test-rust
.PHONY: generate-ffi-rust check-generated-rust test-rust bench-rust
