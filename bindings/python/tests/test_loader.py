"""The loader (tether._ffi): declarations match tether.h, search order, ABI check, errors."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
import threading
from ctypes import POINTER, c_char_p, c_double, c_float, c_int32, c_size_t, c_uint32
from ctypes import c_uint64, c_void_p
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import tether
from c_header import header_text
from tether import _ffi, errors

PACKAGE_DIR = Path(tether.__file__).resolve().parent
REPO = PACKAGE_DIR.parent.parent.parent
HEADER = REPO / "Include" / "tether.h"


# ------------------------------------------------------------------------------------------------
# Parsing tether.h
# ------------------------------------------------------------------------------------------------


def _header_text() -> str:
    text = header_text(HEADER)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def header_functions() -> Dict[str, Tuple[str, List[str]]]:
    """name -> (return type, [parameter types]) for every function declared in tether.h."""
    text = "\n".join(
        line for line in _header_text().splitlines() if not line.lstrip().startswith("#")
    )
    functions = {}
    for statement in re.split(r"[;{}]", text):
        statement = " ".join(statement.split())
        match = re.match(r"^(.*?)\s*\b(tether_\w+)\s*\((.*)\)$", statement)
        if not match or statement.startswith("typedef"):
            continue
        return_type, name, params = match.groups()
        types = []
        if params not in ("", "void"):
            for param in params.split(","):
                m = re.match(r"^(.*?)\s*\b([A-Za-z_]\w*)$", param.strip())
                assert m, param
                types.append(" ".join(m.group(1).replace("*", " * ").split()))
        functions[name] = (" ".join(return_type.replace("*", " * ").split()), types)
    return functions


def header_struct(name: str) -> List[Tuple[str, str]]:
    match = re.search(r"typedef struct %s \{(.*?)\} %s;" % (name, name), _header_text(), re.S)
    assert match, name
    fields = []
    for line in match.group(1).split(";"):
        # `const char *device`: the pointer's star belongs to the type.
        line = " ".join(line.replace("*", " * ").split())
        if line:
            # `double x, y, width, height` declares several fields of one type.
            m = re.match(r"^(.+?) ([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)$", line)
            assert m, line
            for field in m.group(2).split(","):
                fields.append((m.group(1), field.strip()))
    return fields


def header_defines(prefix: str) -> Dict[str, str]:
    return dict(re.findall(r"#define (%s\w*)\s+(\S+)" % prefix, header_text(HEADER)))


_SCALARS = {
    "uint32_t": c_uint32,
    "int32_t": c_int32,
    "uint64_t": c_uint64,
    "size_t": c_size_t,
    "double": c_double,
    "tether_status": c_int32,
    "tether_relation": c_int32,
    "tether_variable": c_uint64,
    "tether_constraint": c_uint64,
    "float": c_float,
    "tether_view": c_uint64,
    "tether_guide": c_uint64,
    "tether_item": c_uint64,
    "tether_layout_constraint": c_uint64,
    "tether_attribute": c_int32,
    "tether_axis": c_int32,
    "tether_layout_direction": c_int32,
    "tether_semantic_content_attribute": c_int32,
    "tether_autoresizing": c_uint32,
    "tether_format_options": c_uint32,
    "tether_stack_distribution": c_int32,
    "tether_stack_alignment": c_int32,
}
_STRUCTS = {
    "tether_constraint_info": _ffi.CConstraintInfo,
    "tether_solver_stats": _ffi.CSolverStats,
    "tether_solver_storage": _ffi.CSolverStorage,
    "tether_rect": _ffi.CRect,
    "tether_size": _ffi.CSize,
    "tether_insets": _ffi.CInsets,
    "tether_measurement": _ffi.CMeasurement,
    "tether_layout_constraint_info": _ffi.CLayoutConstraintInfo,
    "tether_ambiguity": _ffi.CAmbiguity,
    "tether_svg_options": _ffi.CSVGOptions,
    "tether_ib_options": _ffi.CIbOptions,
    "tether_animation_options": _ffi.CAnimationOptions,
    "tether_svg_animation_options": _ffi.CSVGAnimationOptions,
}
_CALLBACKS = {
    "tether_diagnostic_fn": _ffi.DIAGNOSTIC_FN,
    "tether_measure_fn": _ffi.MEASURE_FN,
    "tether_measure_data_fn": _ffi.MEASURE_DATA_FN,
    "tether_view_hook_fn": _ffi.HOOK_FN,
    "tether_animation_completion_fn": _ffi.ANIMATION_COMPLETION_FN,
}
_HANDLES = ("tether_solver", "tether_engine")


def expected_ctype(c_type: str):
    """The ctypes type a C type must be declared as."""
    words = c_type.replace("const ", "").split()
    stars = words.count("*")
    base = " ".join(w for w in words if w != "*")
    if base == "char" and stars == 1:
        return c_char_p
    if base == "char" and stars == 2:
        return POINTER(c_char_p)  # tables of names
    if base in _HANDLES:
        return {1: c_void_p, 2: POINTER(c_void_p)}[stars]
    if base in _STRUCTS:
        return _STRUCTS[base] if stars == 0 else POINTER(_STRUCTS[base])
    if base in _CALLBACKS:
        assert stars == 0
        return _CALLBACKS[base]
    if base == "void" and stars == 1:
        return c_void_p  # callback contexts, user data
    if base == "void" and stars == 2:
        return POINTER(c_void_p)  # user data read back
    scalar = _SCALARS[base]
    return scalar if stars == 0 else POINTER(scalar)


# ------------------------------------------------------------------------------------------------
# Declarations
# ------------------------------------------------------------------------------------------------


def test_header_parses_to_the_full_api() -> None:
    functions = header_functions()
    assert len(functions) >= 32
    assert "tether_solver_constraint_add_batch" in functions
    assert functions["tether_solver_constraint_new"][1][0] == "tether_solver *"


def test_every_header_function_is_declared_with_the_header_types() -> None:
    functions = header_functions()
    declared = {**_ffi._SIGNATURES, **_ffi._VIEW_SIGNATURES}
    assert sorted(declared) == sorted(functions), "binding and header list differ"
    assert _ffi.HAS_VIEW_MODEL
    for name, (return_type, params) in functions.items():
        function = getattr(_ffi._dll, name)
        assert function.restype is expected_ctype(return_type), name
        assert function.argtypes is not None, name
        assert list(function.argtypes) == [expected_ctype(p) for p in params], name


@pytest.mark.parametrize(
    "struct, cls",
    [
        ("tether_constraint_info", _ffi.CConstraintInfo),
        ("tether_solver_stats", _ffi.CSolverStats),
        ("tether_solver_storage", _ffi.CSolverStorage),
        ("tether_rect", _ffi.CRect),
        ("tether_size", _ffi.CSize),
        ("tether_insets", _ffi.CInsets),
        ("tether_measurement", _ffi.CMeasurement),
        ("tether_layout_constraint_info", _ffi.CLayoutConstraintInfo),
        ("tether_ambiguity", _ffi.CAmbiguity),
        ("tether_svg_options", _ffi.CSVGOptions),
        ("tether_ib_options", _ffi.CIbOptions),
    ],
)
def test_structs_match_the_header(struct, cls) -> None:
    fields = header_struct(struct)
    assert [f for _, f in fields] == [f for f, _ in cls._fields_]
    assert [expected_ctype(t) for t, _ in fields] == [t for _, t in cls._fields_]


def test_abi_and_versions_match_the_header() -> None:
    defines = header_defines("TETHER_")
    assert int(defines["TETHER_ABI_VERSION"]) == _ffi.ABI_VERSION == 1
    assert _ffi._dll.tether_abi_version() == _ffi.ABI_VERSION
    version = ".".join(
        defines[f"TETHER_VERSION_{p}"] for p in ("MAJOR", "MINOR", "PATCH")
    )
    assert tether.library_version == version and isinstance(tether.library_version, str)
    assert tether.library_version() == version  # a function until 0.9: calling it still works
    assert float(defines["TETHER_PRIORITY_REQUIRED"]) == tether.REQUIRED == 1000.0
    relations = {k: int(v.strip("()")) for k, v in header_defines("TETHER_RELATION_").items()}
    assert relations == {
        "TETHER_RELATION_LESS_THAN_OR_EQUAL": tether.Relation.LESS_THAN_OR_EQUAL,
        "TETHER_RELATION_EQUAL": tether.Relation.EQUAL,
        "TETHER_RELATION_GREATER_THAN_OR_EQUAL": tether.Relation.GREATER_THAN_OR_EQUAL,
    }


def test_status_codes_names_and_exception_classes() -> None:
    codes = {name: int(v) for name, v in header_defines("TETHER_E_").items()}
    codes["TETHER_OK"] = 0
    assert len(codes) == 17
    for name, code in codes.items():
        assert _ffi.status_name(code) == name
        assert getattr(_ffi, name[len("TETHER_"):]) == code
    assert _ffi.status_name(999) == "unknown status"
    expected = {
        "TETHER_E_NULL_ARGUMENT": errors.InvalidArgumentError,
        "TETHER_E_INVALID_HANDLE": errors.InvalidHandleError,
        "TETHER_E_INVALID_ID": errors.InvalidIdError,
        "TETHER_E_INVALID_ARGUMENT": errors.InvalidArgumentError,
        "TETHER_E_BUFFER_TOO_SMALL": errors.BufferTooSmallError,
        "TETHER_E_UNSATISFIABLE": errors.UnsatisfiableConstraintError,
        "TETHER_E_DUPLICATE": errors.DuplicateError,
        "TETHER_E_NOT_FOUND": errors.NotFoundError,
        "TETHER_E_INVALID_UTF8": errors.InvalidUTF8Error,
        "TETHER_E_IN_USE": errors.InUseError,
        "TETHER_E_INVALID_STATE": errors.InvalidStateError,
        "TETHER_E_INTERNAL": errors.InternalError,
        "TETHER_E_CALLBACK_FAILED": errors.CallbackFailedError,
        "TETHER_E_PARSE": errors.VisualFormatError,
        "TETHER_E_IO": errors.FileError,
        "TETHER_E_NO_MEMORY": errors.OutOfMemoryError,
    }
    for name, cls in expected.items():
        error = _ffi.error_for(codes[name])
        assert type(error) is cls
        assert error.status == codes[name]
        assert isinstance(error, tether.TetherError)
    assert type(_ffi.error_for(77)) is errors.TetherError
    _ffi.check(0)


def test_exception_hierarchy() -> None:
    assert issubclass(tether.InvalidArgumentError, ValueError)
    assert issubclass(tether.NotFoundError, LookupError)
    assert not issubclass(tether.NotFoundError, KeyError)
    for name in errors.__all__:
        assert getattr(tether, name) is getattr(errors, name)
        assert issubclass(getattr(errors, name), errors.TetherError)


def test_check_reads_the_message_of_the_failing_call() -> None:
    bogus = c_void_p(0xDEADBEE0)
    status = _ffi._dll.tether_solver_reset(bogus)
    assert status == _ffi.E_INVALID_HANDLE
    with pytest.raises(tether.InvalidHandleError) as info:
        _ffi.check(status)
    assert info.value.status == _ffi.E_INVALID_HANDLE
    assert str(info.value) and str(info.value) != "TETHER_E_INVALID_HANDLE"
    assert _ffi._dll.tether_solver_new(None) == _ffi.E_NULL_ARGUMENT
    with pytest.raises(tether.InvalidArgumentError) as info:
        _ffi.check(_ffi.E_NULL_ARGUMENT)
    assert info.value.status == _ffi.E_NULL_ARGUMENT


def test_last_error_is_per_thread() -> None:
    """Two threads fail differently at the same time; each reads its own message."""
    barrier = threading.Barrier(2)
    results: Dict[str, List[str]] = {"handle": [], "null": []}

    def fail_handle() -> None:
        barrier.wait()
        for _ in range(300):
            status = _ffi._dll.tether_solver_reset(c_void_p(0xDEADBEE0))
            results["handle"].append(type(_ffi.error_for(status)).__name__ + str(_ffi.error_for(status)))

    def fail_null() -> None:
        solver = tether.Solver()
        barrier.wait()
        for _ in range(300):
            status = _ffi._dll.tether_solver_variable_value(solver._handle, 0, None)
            results["null"].append(type(_ffi.error_for(status)).__name__ + str(_ffi.error_for(status)))

    threads = [threading.Thread(target=fail_handle), threading.Thread(target=fail_null)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(results["handle"])) == 1 and len(set(results["null"])) == 1
    assert results["handle"][0] != results["null"][0]


# ------------------------------------------------------------------------------------------------
# Search order and ABI check (each in a fresh interpreter)
# ------------------------------------------------------------------------------------------------

PROBE = "import tether, tether._ffi as f; print(f.loaded_path)"


def _copy_package(destination: Path) -> Path:
    target = destination / "tether"
    shutil.copytree(PACKAGE_DIR, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return target


def _run(python_path: Path, env_library: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("TETHER_LIBRARY", "PYTHONPATH")}
    env["PYTHONPATH"] = str(python_path)
    if env_library:
        env["TETHER_LIBRARY"] = env_library
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=str(python_path),
        env=env,
        capture_output=True,
        text=True,
    )


def test_loaded_library_is_a_build_of_this_repository() -> None:
    assert Path(_ffi.loaded_path).is_file()
    assert tether.library_path == _ffi.loaded_path


def test_env_variable_comes_first(tmp_path: Path) -> None:
    library = tmp_path / "elsewhere" / "libtether.so"
    library.parent.mkdir()
    shutil.copy2(_ffi.loaded_path, library)
    result = _run(PACKAGE_DIR.parent, str(library))
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == library


def test_env_variable_naming_a_missing_file_is_an_error(tmp_path: Path) -> None:
    result = _run(PACKAGE_DIR.parent, str(tmp_path / "missing.so"))
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "TETHER_LIBRARY" in result.stderr


def test_package_directory_before_build_tree(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "bindings" / "python").mkdir(parents=True)
    (root / "Package.swift").write_text("// fake\n")
    package = _copy_package(root / "bindings" / "python")
    (root / ".build" / "debug").mkdir(parents=True)
    shutil.copy2(_ffi.loaded_path, root / ".build" / "debug" / "libtether.so")
    shutil.copy2(_ffi.loaded_path, package / "libtether.so")
    result = _run(root / "bindings" / "python")
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == package / "libtether.so"


@pytest.mark.parametrize("newer", ["release", "debug"])
def test_build_tree_prefers_the_newer_build(tmp_path: Path, newer: str) -> None:
    root = tmp_path / "repo"
    (root / "bindings" / "python").mkdir(parents=True)
    (root / "Package.swift").write_text("// fake\n")
    _copy_package(root / "bindings" / "python")
    for config, mtime in (("release", 1_000_000), ("debug", 2_000_000)):
        path = root / ".build" / config / "libtether.so"
        path.parent.mkdir(parents=True)
        shutil.copy2(_ffi.loaded_path, path)
        stamp = mtime if newer == "debug" else 3_000_000 - mtime
        os.utime(path, (stamp, stamp))
    result = _run(root / "bindings" / "python")
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == root / ".build" / newer / "libtether.so"


def test_build_tree_with_only_debug(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "bindings" / "python").mkdir(parents=True)
    (root / "Package.swift").write_text("// fake\n")
    _copy_package(root / "bindings" / "python")
    path = root / ".build" / "debug" / "libtether.so"
    path.parent.mkdir(parents=True)
    shutil.copy2(_ffi.loaded_path, path)
    result = _run(root / "bindings" / "python")
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == path


def test_nothing_found_is_a_clear_import_error(tmp_path: Path) -> None:
    _copy_package(tmp_path)
    result = _run(tmp_path)
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "cannot find libtether.so" in result.stderr
    assert "TETHER_LIBRARY" in result.stderr


def _stub_library(tmp_path: Path, abi: int, skip: str = "", view_model: bool = True) -> Path:
    """A C library exporting the header's functions as stubs, with the given ABI version.

    ``skip`` leaves one function out; ``view_model=False`` leaves out the whole view model (a
    library built before it existed).
    """
    if shutil.which("cc") is None:
        pytest.skip("no C compiler")
    lines = ['#include "tether.h"']
    for name, (return_type, params) in header_functions().items():
        if name == skip or (not view_model and name in _ffi._VIEW_SIGNATURES):
            continue
        args = ", ".join(f"{t} a{i}" for i, t in enumerate(params)) or "void"
        if name == "tether_abi_version":
            body = f"return {abi};"
        elif return_type.endswith("*"):
            body = 'return "";'
        else:
            body = "return 0;"
        lines.append(f"{return_type} {name}({args}) {{ {body} }}")
    source = tmp_path / "stub.c"
    source.write_text("\n".join(lines) + "\n")
    library = tmp_path / "libstub.so"
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-I", str(HEADER.parent), "-o", str(library), str(source)],
        check=True,
    )
    return library


def test_abi_mismatch_raises_import_error(tmp_path: Path) -> None:
    library = _stub_library(tmp_path, abi=2)
    result = _run(PACKAGE_DIR.parent, str(library))
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "ABI version 2" in result.stderr and "ABI version 1" in result.stderr


def test_stub_with_the_right_abi_loads(tmp_path: Path) -> None:
    """The stub is a valid library apart from the version (so the test above can fail)."""
    library = _stub_library(tmp_path, abi=1)
    result = _run(PACKAGE_DIR.parent, str(library))
    assert result.returncode == 0, result.stderr


def test_missing_symbol_raises_import_error(tmp_path: Path) -> None:
    library = _stub_library(tmp_path, abi=1, skip="tether_solver_dump")
    result = _run(PACKAGE_DIR.parent, str(library))
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "tether_solver_dump" in result.stderr


def test_missing_view_function_raises_import_error(tmp_path: Path) -> None:
    """A library with part of the view model is a mismatched build."""
    library = _stub_library(tmp_path, abi=1, skip="tether_view_set_baselines")
    result = _run(PACKAGE_DIR.parent, str(library))
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "tether_view_set_baselines" in result.stderr


def test_library_without_the_view_model_loads_for_the_solver(tmp_path: Path) -> None:
    """A library built before the view model: the solver works, an Engine raises ImportError."""
    library = _stub_library(tmp_path, abi=1, view_model=False)
    env = {k: v for k, v in os.environ.items() if k not in ("TETHER_LIBRARY", "PYTHONPATH")}
    env["PYTHONPATH"] = str(PACKAGE_DIR.parent)
    env["TETHER_LIBRARY"] = str(library)
    probe = (
        "import tether, tether._ffi as f\n"
        "assert not f.HAS_VIEW_MODEL\n"
        "try:\n"
        "    tether.Engine()\n"
        "except ImportError as e:\n"
        "    print('ImportError', e)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ImportError") and "view model" in result.stdout


def test_module_layout() -> None:
    assert isinstance(_ffi._dll, ctypes.CDLL)
    assert not hasattr(_ffi, "_lib")
    # The package and the library it binds carry one version (tether.h's TETHER_VERSION_*).
    assert tether.__version__ == _ffi._dll.tether_version_string().decode()
    assert (PACKAGE_DIR / "py.typed").is_file()
    kiwi = __import__("tether.kiwi", fromlist=["Solver"])
    assert kiwi.Solver is not None
