# The C headers (issue 19).
#
#   make check-headers    suite: Include/tether.h (the umbrella) and each of its parts
#                         (Include/tether/*.h) compile on their own as C99 and as C++, and every
#                         function has C linkage from C++ (scripts/check-headers.sh)
#
# The suite does not build the library: $(CC) and $(CXX) are all it needs.

check-headers:
	@CC="$(CC)" CXX="$(CXX)" sh scripts/check-headers.sh Include

TEST_SUITES += check-headers
.PHONY: check-headers
