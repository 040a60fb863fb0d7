# The Lua binding (issue 23): a LuaJIT FFI module, bindings/lua (README.md there).
#
#   make generate-lua-ffi   writes bindings/lua/tether/cdefs.lua, the binding's ffi.cdef text and
#                           constants, from the headers (scripts/generate_lua_ffi.py)
#   make test-lua           suite: fails when cdefs.lua is stale, then runs bindings/lua/spec
#                           with busted under LuaJIT against the release library, then
#                           examples/lua/screen.lua (the Lua twin of examples/c/screen_example.c)
#                           beside the C example: the two must print the same frame tables
#                           (scripts/compare_screen_example.py)
#   make bench-lua          the per-call overhead of the binding beside the C API for the same
#                           work (bindings/lua/bench/overhead.lua; docs/benchmarks.md)
#
# Needs luajit and busted (Debian: luajit, lua-busted; .ci/packages.d/lua.txt).

LUAJIT        ?= luajit
BUSTED        ?= busted
LUA_GENERATOR := scripts/generate_lua_ffi.py
LUA_GENERATED := bindings/lua/tether/cdefs.lua
LUA_SCREEN_REFERENCE := $(C_OUT)/examples/screen_example

generate-lua-ffi:
	$(PYTHON) $(LUA_GENERATOR) --header $(HEADER) --output $(LUA_GENERATED)

test-lua: release $(LUA_SCREEN_REFERENCE)
	@$(PYTHON) $(LUA_GENERATOR) --header $(HEADER) --output $(LUA_GENERATED) --check
	cd bindings/lua && TETHER_LIBRARY=$(RELEASE_LIB) $(BUSTED) --lua=$(LUAJIT)
	TETHER_LIBRARY=$(RELEASE_LIB) $(PYTHON) scripts/compare_screen_example.py \
	    --reference $(LUA_SCREEN_REFERENCE) -- $(LUAJIT) examples/lua/screen.lua

LUA_BENCH_C := $(CURDIR)/.build/c/bench/lua_overhead

$(LUA_BENCH_C): bindings/lua/bench/overhead.c $(HEADERS) $(RELEASE_LIB)
	@mkdir -p $(@D)
	$(CC) $(C_STD) -O2 -I$(CURDIR)/Include $< -o $@ \
	    -L$(RELEASE_DIR) -ltether -Wl,-rpath,$(RELEASE_DIR)

bench-lua: release
	@$(MAKE) --no-print-directory $(LUA_BENCH_C)
	$(LUA_BENCH_C)
	cd bindings/lua && TETHER_LIBRARY=$(RELEASE_LIB) $(LUAJIT) bench/overhead.lua

TEST_SUITES += test-lua
.PHONY: generate-lua-ffi test-lua bench-lua
