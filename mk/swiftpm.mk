# The Swift API as a SwiftPM dependency (issue 23): examples/swift is a package of its own that
# depends on this repository by path and uses the library products Tether and TetherDocument, as
# another Swift package would.
#
#   make test-swiftpm    suite: builds examples/swift in its own scratch folder, then runs its
#                        feed-demo beside the C feed demo (examples/c/feed_example.c) and
#                        requires the same printed frames, line for line (only the programs'
#                        names in the last line differ)
#
# The scratch folder is .build-swiftpm-example (ignored, like every .build*): a package that
# depends on this one by path resolves and builds it afresh there, as a user's package would.

SWIFTPM_EXAMPLE_DIR     := $(CURDIR)/examples/swift
SWIFTPM_EXAMPLE_SCRATCH := $(CURDIR)/.build-swiftpm-example
SWIFTPM_EXAMPLE_RUN     := $(CURDIR)/.build/swiftpm-example
SWIFTPM_FEED_C          := $(SWIFTPM_EXAMPLE_RUN)/feed_example

test-swiftpm: release
	@mkdir -p $(SWIFTPM_EXAMPLE_RUN)
	$(SWIFT) build --package-path $(SWIFTPM_EXAMPLE_DIR) --scratch-path $(SWIFTPM_EXAMPLE_SCRATCH)
	$(CC) $(C_STD) $(CFLAGS) -I$(CURDIR)/Include examples/c/feed_example.c -o $(SWIFTPM_FEED_C) \
	    -L$(RELEASE_DIR) -ltether -Wl,-rpath,$(RELEASE_DIR) -lm
	cd $(SWIFTPM_EXAMPLE_RUN) && FEED_EXAMPLE_OUT=c $(SWIFTPM_FEED_C) > c.txt
	cd $(SWIFTPM_EXAMPLE_RUN) && FEED_EXAMPLE_OUT=c $(SWIFTPM_EXAMPLE_SCRATCH)/debug/feed-demo > swift.txt
	cd $(SWIFTPM_EXAMPLE_RUN) && diff -u c.txt swift.txt | grep -v '^[-+][-+]' | \
	    grep '^[-+]' > difference.txt; \
	  if [ "$$(cat difference.txt)" != "$$(printf '%s\n' \
	      '-feed_example: every frame matches; no conflict, no ambiguity' \
	      '+feed-demo: every frame matches; no conflict, no ambiguity')" ]; then \
	    echo "examples/swift prints other frames than examples/c/feed_example.c:"; \
	    cat difference.txt; exit 1; fi
	@echo "test-swiftpm: examples/swift (a package depending on Tether by path) lays out the C demo's frames"

TEST_SUITES += test-swiftpm
.PHONY: test-swiftpm
