"""Build hooks that put a self-contained ``libtether.so`` inside the ``tether`` package.

``pip install ./bindings/python`` and ``pip wheel ./bindings/python`` run these hooks (the project
metadata is in pyproject.toml). The library they bundle comes from, in order:

1. ``TETHER_LIBRARY_TO_BUNDLE``: a path to an already built library;
2. the checkout this folder belongs to: ``make release-static`` (mk/install.mk) builds, or brings
   up to date, ``.build-static/release/libtether.so``; without ``make`` or ``swift`` on PATH an
   existing build there is used as it is.

The library must be the static-stdlib build: one that needs ``libswiftCore.so`` would import only
where a Swift toolchain is installed, so it is refused. The bundled copy is stripped when ``strip``
is available (11.8 MB -> 6.7 MB; the static runtime prints no symbolicated backtraces anyway).

Editable installs (``pip install -e``) bundle nothing: the loader finds the checkout's build tree.

The wheel is tagged ``py3-none-<platform>``: it holds native code for one platform, but ctypes
loads it from any Python 3, so there is no reason to tie it to one interpreter's ABI.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from typing import List, Optional

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:  # setuptools >= 70.1 ships bdist_wheel itself
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # older setuptools with the `wheel` package
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
LIBRARY_NAME = "libtether.so"
PACKAGE = "tether"


class BundleError(RuntimeError):
    """No suitable library to put into the package."""


def _elf_needed(path: Path) -> List[str]:
    """The DT_NEEDED entries of an ELF shared library (readelf is not a build requirement)."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        raise BundleError(f"{path} is not an ELF file")
    is_64 = data[4] == 2
    endian = "<" if data[5] == 1 else ">"
    if is_64:
        shoff, = struct.unpack_from(endian + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(endian + "HH", data, 0x3A)
        section_format, dyn_format = endian + "IIQQQQIIQQ", endian + "qQ"
    else:
        shoff, = struct.unpack_from(endian + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(endian + "HH", data, 0x2E)
        section_format, dyn_format = endian + "IIIIIIIIII", endian + "iI"
    sections = [
        struct.unpack_from(section_format, data, shoff + i * shentsize) for i in range(shnum)
    ]
    needed = []
    for _name, sh_type, _flags, _addr, offset, size, link, _info, _align, _entsize in sections:
        if sh_type != 6:  # SHT_DYNAMIC
            continue
        strtab_offset = sections[link][4]
        entry_size = struct.calcsize(dyn_format)
        for at in range(offset, offset + size, entry_size):
            tag, value = struct.unpack_from(dyn_format, data, at)
            if tag == 0:  # DT_NULL
                break
            if tag == 1:  # DT_NEEDED
                start = strtab_offset + value
                needed.append(data[start : data.index(b"\0", start)].decode())
    return needed


def _announce(message: str) -> None:
    """Says what a long step is doing as it starts. pip shows a build backend's output only with
    -v (or on failure), so the message also goes to the terminal, when there is one, instead of
    leaving the user before a silent spinner for a minute."""
    print(message, file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write(message + "\n")
    except OSError:  # no controlling terminal (CI, a service): stderr only
        pass


def _checkout_root() -> Optional[Path]:
    """The repository root when this folder is bindings/python of a checkout, else None."""
    root = HERE.parent.parent
    if (root / "Package.swift").is_file() and (root / "mk" / "install.mk").is_file():
        return root
    return None


def library_to_bundle() -> Path:
    """Finds (building it if need be) the library to bundle; see the module docstring."""
    override = os.environ.get("TETHER_LIBRARY_TO_BUNDLE")
    if override:
        path = Path(override).absolute()
        if not path.is_file():
            raise BundleError(f"TETHER_LIBRARY_TO_BUNDLE={override!r}: no such file")
        return path

    root = _checkout_root()
    if root is None:
        raise BundleError(
            "no libtether.so to bundle: this is not bindings/python of a Tether checkout "
            "(an sdist?); build the library with `make release-static` in the checkout and set "
            "TETHER_LIBRARY_TO_BUNDLE=/path/to/.build-static/release/libtether.so"
        )
    built = root / ".build-static" / "release" / LIBRARY_NAME
    make = os.environ.get("MAKE", "make")
    if shutil.which(make) and shutil.which(os.environ.get("SWIFT", "swift")):
        # An incremental build: a no-op when the library is up to date, so a stale library from
        # an earlier checkout never gets bundled.
        command = [make, "-C", str(root), "--no-print-directory", "release-static"]
        _announce(
            f"setup.py: building libtether.so from the Swift sources (`{' '.join(command)}`): "
            "about a minute on a first install, seconds when it is up to date"
        )
        result = subprocess.run(command)
        if result.returncode != 0:
            raise BundleError(
                f"`{' '.join(command)}` failed with exit status {result.returncode} "
                "(its output is above); fix the build or set TETHER_LIBRARY_TO_BUNDLE"
            )
    elif built.is_file():
        print(f"setup.py: no {make} or swift on PATH; bundling the existing {built}")
    else:
        raise BundleError(
            f"no libtether.so to bundle: building it needs `{make}` and `swift` on PATH "
            f"(or set TETHER_LIBRARY_TO_BUNDLE), and {built} does not exist"
        )
    if not built.is_file():
        raise BundleError(f"`make release-static` did not produce {built}")
    return built


class BuildPyWithLibrary(build_py):
    """build_py, plus the self-contained libtether.so copied into the built package."""

    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)
        if not editable:
            # pip builds in the source tree, and build/lib outlives a build: without this, a
            # module or data file deleted from the source would still ship in the next wheel.
            shutil.rmtree(Path(self.build_lib) / PACKAGE, ignore_errors=True)
        super().run()
        if editable:
            return
        source = library_to_bundle()
        swift_runtime = [name for name in _elf_needed(source) if name.startswith("libswift")]
        if swift_runtime:
            raise BundleError(
                f"{source} needs {', '.join(swift_runtime)}: it is not the self-contained "
                "static-stdlib build, and would import only where a Swift toolchain is "
                "installed; use `make release-static` (.build-static/release/libtether.so)"
            )
        target = Path(self.build_lib) / PACKAGE / LIBRARY_NAME
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(source), str(target), preserve_mode=True)
        strip = os.environ.get("STRIP", "strip")
        if shutil.which(strip):
            subprocess.run([strip, "--strip-unneeded", str(target)], check=True)
        else:
            print(f"setup.py: no {strip} on PATH; bundling {source} unstripped")
        print(f"setup.py: bundled {source} as {target} ({target.stat().st_size} bytes)")

    def get_outputs(self, include_bytecode: bool = True) -> List[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            library = str(Path(self.build_lib) / PACKAGE / LIBRARY_NAME)
            if library not in outputs:
                outputs.append(library)
        return outputs


class PlatformWheel(bdist_wheel):
    """A wheel tagged py3-none-<platform>: native code, but no CPython extension ABI."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self) -> tuple:
        _python, _abi, platform = super().get_tag()
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    """Marks the distribution as platform-specific, so installs go to platlib."""

    def has_ext_modules(self) -> bool:
        return True


setup(
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": PlatformWheel},
)
