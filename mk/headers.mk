# The C headers and what is generated from them (issue 19).
#
#   make check-headers    suite: Include/tether.h (the umbrella) and each of its parts
#                         (Include/tether/*.h) compile on their own as C99 and as C++, and every
#                         function has C linkage from C++ (scripts/check-headers.sh)
#   make generate-ffi     writes bindings/python/tether/_ffi_generated.py, the Python binding's
#                         ctypes declarations (signatures, structures, callbacks, status codes and
#                         enum values), from the headers (scripts/generate_ffi.py)
#   make check-generated  suite: fails, with a diff, when that module is not what the headers
#                         give: a header changed without `make generate-ffi`
#
# Neither suite builds the library: check-headers needs $(CC) and $(CXX), check-generated
# python3 (the generator uses the standard library only).

FFI_GENERATOR := scripts/generate_ffi.py
FFI_GENERATED := bindings/python/tether/_ffi_generated.py

check-headers:
	@CC="$(CC)" CXX="$(CXX)" sh scripts/check-headers.sh Include

generate-ffi:
	$(PYTHON) $(FFI_GENERATOR) --header $(HEADER) --output $(FFI_GENERATED)

check-generated:
	@$(PYTHON) $(FFI_GENERATOR) --header $(HEADER) --output $(FFI_GENERATED) --check

TEST_SUITES += check-headers check-generated
.PHONY: check-headers generate-ffi check-generated
