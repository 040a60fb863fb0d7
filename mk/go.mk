# The Go binding (bindings/go, issue 23): cgo over Include/tether.h, linked against the release
# library.
#
#   make test-go           suite: the generated constants match the headers, the C feed demo
#                          still prints testdata/feed_example.txt, go vet, go test and
#                          go test -race in bindings/go (needs golang-go, .ci/packages.d/go.txt);
#                          then examples/go (the Go twin of examples/c/screen_example.c, built
#                          into .build/go/examples/screen), vetted and run beside the C example:
#                          the two must print the same frame tables
#                          (scripts/compare_screen_example.py)
#   make generate-go       rewrites bindings/go/constants_generated.go from the headers
#   make bench-go          the binding's per-call overhead beside C (docs/benchmarks.md)
#
# GOCACHE and GOPATH live under .build/go so the tree stays clean; no module is fetched
# (standard library only, GOPROXY=off).

GO        ?= $(shell command -v go 2>/dev/null || echo /usr/lib/go-1.19/bin/go)
GO_DIR    := $(CURDIR)/bindings/go
GO_ENV    := GOCACHE=$(CURDIR)/.build/go/cache GOPATH=$(CURDIR)/.build/go/path \
             GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1
GO_CONSTANTS := scripts/generate_go_constants.py

# The Go feed test compares its frames with bindings/go/testdata/feed_example.txt, the output of
# examples/c/feed_example.c: the C demo is built here against the release library and its output
# must still be that file.
GO_FEED_C := $(CURDIR)/.build/go/feed_example

# examples/go: a module of its own using the binding through a replace directive, built with the
# binding's environment; its frame tables must be the C example's.
GO_EXAMPLE_DIR       := $(CURDIR)/examples/go
GO_SCREEN_EXAMPLE    := $(CURDIR)/.build/go/examples/screen
GO_SCREEN_REFERENCE  := $(C_OUT)/examples/screen_example

test-go: release $(GO_SCREEN_REFERENCE)
	@$(PYTHON) $(GO_CONSTANTS) --check
	@mkdir -p $(CURDIR)/.build/go
	$(CC) $(C_STD) $(CFLAGS) -I$(CURDIR)/Include examples/c/feed_example.c -o $(GO_FEED_C) \
	    -L$(RELEASE_DIR) -ltether -Wl,-rpath,$(RELEASE_DIR) -lm
	cd $(CURDIR)/.build/go && FEED_EXAMPLE_OUT=out $(GO_FEED_C) | diff -u $(GO_DIR)/testdata/feed_example.txt -
	cd $(GO_DIR) && $(GO_ENV) $(GO) vet ./...
	cd $(GO_DIR) && $(GO_ENV) $(GO) test -count=1 ./...
	cd $(GO_DIR) && $(GO_ENV) $(GO) test -count=1 -race ./...
	@mkdir -p $(dir $(GO_SCREEN_EXAMPLE))
	cd $(GO_EXAMPLE_DIR) && $(GO_ENV) $(GO) vet ./...
	cd $(GO_EXAMPLE_DIR) && $(GO_ENV) $(GO) build -o $(GO_SCREEN_EXAMPLE) .
	$(PYTHON) scripts/compare_screen_example.py --reference $(GO_SCREEN_REFERENCE) -- \
	    $(GO_SCREEN_EXAMPLE)

generate-go:
	$(PYTHON) $(GO_CONSTANTS)

bench-go: release
	cd $(GO_DIR) && $(GO_ENV) $(GO) test -run '^$$' -bench Workload -benchtime 3s ./...

TEST_SUITES += test-go
.PHONY: test-go generate-go bench-go
