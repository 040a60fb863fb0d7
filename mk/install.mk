# Installing Tether for C and Python users (docs/install.md).
#
#   make release-static     self-contained libtether.so -> .build-static/release/libtether.so
#   make install            PREFIX=/usr/local [DESTDIR=...] library, headers, tether.pc and
#                           share/tether/valgrind.supp (valgrind's suppressions for the Swift
#                           runtime's caches: pkg-config --variable=valgrind_suppressions tether)
#   make install-strip      the same with the installed library stripped
#   make uninstall          removes what `make install` installed (same PREFIX/DESTDIR)
#   make wheel              a platform wheel of bindings/python with the library inside
#                           -> .build-static/dist/
#   make python             pip install ./bindings/python (library inside) into $(PYTHON)'s
#                           environment: run it with a virtualenv active
#   make test-install       suite: install into a staging dir, build C examples with pkg-config,
#                           run them with the toolchain hidden
#   make test-wheel         suite: build the wheel, install it into fresh venvs, use it from /tmp
#
# The shipped library links the Swift runtime statically (-static-stdlib), so a C program or a
# Python process needs nothing from the toolchain at run time; see shared/docs/swift-c-abi.md §3.

PREFIX       ?= /usr/local
DESTDIR      ?=
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DATADIR      ?= $(PREFIX)/share
INSTALL      ?= install
STRIP        ?= strip

# The static variant gets its own scratch path: switching flags in one folder rebuilds everything.
STATIC_SCRATCH := $(CURDIR)/.build-static
STATIC_LIB     := $(STATIC_SCRATCH)/release/libtether.so
# RELEASE_FLAGS (main Makefile) bring the version script and the SONAME, so both variants agree.
#   -static-stdlib             links the Swift runtime into the .so; `swift build
#                              --static-swift-stdlib` is silently ignored for dynamic products.
#   -no-toolchain-stdlib-rpath keeps the toolchain's path out of RUNPATH.
#   -use-ld=lld                the toolchain's lld: gold, the default, honours the version script
#                              for binding but still lists 25 Swift symbols (LOCAL, GOT-referenced)
#                              in .dynsym, because the static runtime's link flags add
#                              -export-dynamic; lld leaves exactly the tether_* functions.
STATIC_FLAGS   := $(RELEASE_FLAGS) --scratch-path $(STATIC_SCRATCH) \
                  -Xswiftc -static-stdlib -Xswiftc -no-toolchain-stdlib-rpath -Xswiftc -use-ld=lld

# Versions come from the headers, the one source of truth (the part tether/base.h holds the
# version macros): the ABI version is the SONAME's major (a C program records
# libtether.so.$(TETHER_ABI) and keeps working across compatible releases), the release version
# goes into tether.pc.
VERSION_HEADER := Include/tether/base.h
TETHER_ABI     := $(shell sed -n 's/^#define TETHER_ABI_VERSION \([0-9][0-9]*\).*/\1/p' $(VERSION_HEADER))
TETHER_VERSION := $(shell sed -n 's/^#define TETHER_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\).*/\2/p' $(VERSION_HEADER) | paste -sd. -)
SONAME_LINK    := libtether.so.$(TETHER_ABI)
REAL_NAME      := libtether.so.$(TETHER_ABI).0.0

# tether.pc paths relative to ${prefix} when they are under PREFIX, so that
# `pkg-config --define-prefix` can relocate a staged or moved install.
PC_LIBDIR      := $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR  := $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))
PC_DATADIR     := $(patsubst $(PREFIX)/%,$${prefix}/%,$(DATADIR))

WHEEL_DIR      := $(STATIC_SCRATCH)/dist

.PHONY: release-static install install-strip uninstall wheel python test-install test-wheel

TEST_SUITES += test-install test-wheel

release-static:
	$(SWIFT) build $(STATIC_FLAGS)

# `sudo make install` usually runs without the toolchain on PATH (sudo resets PATH): then the
# library that `make release-static` built beforehand is installed as it is.
INSTALL_PREREQ := $(if $(shell command -v $(SWIFT) 2>/dev/null),release-static,$(STATIC_LIB))

$(STATIC_LIB):
	@echo "install: $(SWIFT) is not on PATH and $(STATIC_LIB) does not exist:" \
	    "run 'make release-static' first, as a user with the Swift toolchain on PATH" >&2
	@exit 1

install: $(INSTALL_PREREQ)
	@test -n "$(TETHER_ABI)" -a -n "$(TETHER_VERSION)" || \
	    { echo "install: cannot read the versions from $(VERSION_HEADER)" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(INCLUDEDIR)/tether" \
	    "$(DESTDIR)$(PKGCONFIGDIR)" "$(DESTDIR)$(DATADIR)/tether"
	$(INSTALL) -m 755 "$(STATIC_LIB)" "$(DESTDIR)$(LIBDIR)/$(REAL_NAME)"
	ln -sfn "$(REAL_NAME)" "$(DESTDIR)$(LIBDIR)/$(SONAME_LINK)"
	ln -sfn "$(SONAME_LINK)" "$(DESTDIR)$(LIBDIR)/libtether.so"
	$(INSTALL) -m 644 $(HEADER) "$(DESTDIR)$(INCLUDEDIR)/tether.h"
	$(INSTALL) -m 644 $(HEADER_PARTS) "$(DESTDIR)$(INCLUDEDIR)/tether/"
	$(INSTALL) -m 644 scripts/valgrind.supp "$(DESTDIR)$(DATADIR)/tether/valgrind.supp"
	printf '%s\n' \
	    'prefix=$(PREFIX)' \
	    'exec_prefix=$${prefix}' \
	    'libdir=$(PC_LIBDIR)' \
	    'includedir=$(PC_INCLUDEDIR)' \
	    'valgrind_suppressions=$(PC_DATADIR)/tether/valgrind.supp' \
	    '' \
	    'Name: tether' \
	    'Description: Auto Layout constraint solver and view model (C ABI)' \
	    'Version: $(TETHER_VERSION)' \
	    'Libs: -L$${libdir} -ltether' \
	    'Cflags: -I$${includedir}' \
	    > "$(DESTDIR)$(PKGCONFIGDIR)/tether.pc"
	chmod 644 "$(DESTDIR)$(PKGCONFIGDIR)/tether.pc"

install-strip: install
	$(STRIP) --strip-unneeded "$(DESTDIR)$(LIBDIR)/$(REAL_NAME)"

# Files only: the directories may hold other software's files. The directories that are ours,
# $(INCLUDEDIR)/tether and $(DATADIR)/tether, go too when nothing else is left in them.
uninstall:
	rm -f "$(DESTDIR)$(LIBDIR)/$(REAL_NAME)" "$(DESTDIR)$(LIBDIR)/$(SONAME_LINK)" \
	      "$(DESTDIR)$(LIBDIR)/libtether.so" "$(DESTDIR)$(INCLUDEDIR)/tether.h" \
	      $(patsubst Include/tether/%,"$(DESTDIR)$(INCLUDEDIR)/tether/%",$(HEADER_PARTS)) \
	      "$(DESTDIR)$(PKGCONFIGDIR)/tether.pc" "$(DESTDIR)$(DATADIR)/tether/valgrind.supp"
	rmdir "$(DESTDIR)$(INCLUDEDIR)/tether" "$(DESTDIR)$(DATADIR)/tether" 2>/dev/null || true

# bindings/python/setup.py bundles TETHER_LIBRARY_TO_BUNDLE; pass the fresh static build so the
# wheel does not start a second `make` from inside pip.
wheel: release-static
	@mkdir -p $(WHEEL_DIR)
	TETHER_LIBRARY_TO_BUNDLE=$(STATIC_LIB) $(PYTHON) -m pip wheel --disable-pip-version-check \
	    --no-deps -w $(WHEEL_DIR) ./bindings/python

python: release-static
	TETHER_LIBRARY_TO_BUNDLE=$(STATIC_LIB) $(PYTHON) -m pip install --disable-pip-version-check \
	    ./bindings/python

test-install: release-static
	@MAKE="$(MAKE)" SWIFT="$(SWIFT)" sh scripts/test-install.sh

test-wheel: release-static
	@MAKE="$(MAKE)" SWIFT="$(SWIFT)" PYTHON="$(PYTHON)" STATIC_LIB="$(STATIC_LIB)" \
	    sh scripts/test-wheel.sh
