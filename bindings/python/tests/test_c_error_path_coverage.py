"""Completeness of the C error-path test (Tests/c/test_error_paths.c) against the header.

Reads Include/tether.h and the C test as text (no library needed) and checks that

* every ``tether_*`` function the header declares is called at least once in the test, and
* the test's bad-input tables are complete: every function with a parameter of a handle or id
  type appears in the table that feeds bad values of that type to every such function
  (``tether_solver *`` -> HANDLE_FUNCTIONS, ``tether_variable`` -> VARIABLE_FUNCTIONS, ...).

A function added to the header without a row in the test fails here with its name and the
table it is missing from.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

from c_header import header_text

ROOT = Path(__file__).resolve().parents[3]
HEADER = ROOT / "Include" / "tether.h"
C_TEST = ROOT / "Tests" / "c" / "test_error_paths.c"

# Parameter type -> the X-macro table of test_error_paths.c that calls every function taking
# it with bad values of that type (NULL/freed/garbage handles, 0/freed/stale/foreign/~0 ids).
TABLE_OF_TYPE: Dict[str, str] = {
    "tether_solver *": "HANDLE_FUNCTIONS",
    "tether_variable": "VARIABLE_FUNCTIONS",
    "tether_constraint": "CONSTRAINT_FUNCTIONS",
    "tether_engine *": "ENGINE_FUNCTIONS",
    "tether_view": "VIEW_FUNCTIONS",
    "tether_guide": "GUIDE_FUNCTIONS",
    "tether_item": "ITEM_FUNCTIONS",
    "tether_layout_constraint": "LC_FUNCTIONS",
}

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
# A declaration starts a line with its return type and ends at the first ';' (C99 prototypes).
_DECLARATION = re.compile(
    r"^(?!typedef\b|#)[A-Za-z_][\w \t*]*?\b(tether_\w+)\s*\(([^;{]*?)\)\s*;", re.M
)
_CALL = re.compile(r"\b(tether_\w+)\s*\(")


def strip_comments_and_strings(text: str) -> str:
    """C source without comments and string literals: names in them are not calls."""
    return _STRING.sub('""', _COMMENT.sub(" ", text))


def declared_functions(header_text: str) -> List[Tuple[str, List[str]]]:
    """(name, parameter declarations) of every function the header declares, in order."""
    result = []
    for name, parameters in _DECLARATION.findall(strip_comments_and_strings(header_text)):
        params = [" ".join(p.split()) for p in parameters.split(",")]
        result.append((name, [p for p in params if p and p != "void"]))
    return result


def parameter_type(parameter: str) -> str:
    """`tether_engine *engine` -> `tether_engine *`; `const double *values` -> `const double *`;
    `tether_view view` -> `tether_view`."""
    match = re.match(r"^(.*?)(\w+)$", parameter)
    assert match, parameter
    kind = match.group(1).strip()
    stars = kind.count("*")
    return kind.replace("*", "").strip() + (" " + "*" * stars if stars else "")


def calls(c_text: str) -> Set[str]:
    return set(_CALL.findall(strip_comments_and_strings(c_text)))


def table_calls(c_text: str, table: str) -> Set[str]:
    """The functions called by the rows of `#define TABLE(ENTRY) ...` (a multi-line macro)."""
    lines = strip_comments_and_strings(c_text).split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith(f"#define {table}(ENTRY)")),
                 None)
    assert start is not None, f"{C_TEST.name} has no table {table}"
    body = []
    for line in lines[start:]:
        body.append(line)
        if not line.rstrip().endswith("\\"):
            break
    return calls("\n".join(body))


def required_tables(parameters: List[str]) -> Set[str]:
    return {TABLE_OF_TYPE[t] for t in map(parameter_type, parameters) if t in TABLE_OF_TYPE}


@pytest.fixture(scope="module")
def sources() -> Tuple[str, str]:
    if not HEADER.is_file() or not C_TEST.is_file():
        pytest.fail(f"expected the repository layout: {HEADER} and {C_TEST}")
    return header_text(HEADER), C_TEST.read_text(encoding="utf-8")


def test_every_header_function_is_called_by_the_error_path_test(sources) -> None:
    header, c_test = sources
    functions = [name for name, _ in declared_functions(header)]
    called = calls(c_test)
    missing = [name for name in functions if name not in called]
    assert not missing, (
        f"{C_TEST.relative_to(ROOT)} never calls {len(missing)} function(s) of "
        f"{HEADER.relative_to(ROOT)}: {', '.join(missing)}"
    )


def test_every_handle_and_id_parameter_has_its_bad_value_table_row(sources) -> None:
    header, c_test = sources
    rows = {table: table_calls(c_test, table) for table in set(TABLE_OF_TYPE.values())}
    missing = [
        f"{name} (in {table})"
        for name, parameters in declared_functions(header)
        for table in sorted(required_tables(parameters))
        if name not in rows[table]
    ]
    assert not missing, "no bad-input row for: " + ", ".join(missing)


# ------------------------------------------------------------------------------------------------
# The parser itself: these fail if it silently finds nothing or too much.
# ------------------------------------------------------------------------------------------------

SAMPLE_HEADER = """
/** tether_in_a_comment(void) is not a declaration. */
typedef void (*tether_callback_fn)(void *context, const char *message);
#define TETHER_THING 1
uint32_t tether_abi_version(void);
const char *tether_version_string(void);
tether_status tether_solver_new(tether_solver **out);
tether_status tether_view_frame(tether_engine *engine, tether_view view,
                                tether_rect *out);
"""

SAMPLE_TEST = """
#define VIEW_FUNCTIONS(ENTRY) \\
    ENTRY(view_frame, tether_view_frame(EN, v, &g_rect))
static void f(void) {
    /* tether_solver_new(&s) in a comment is not a call */
    printf("tether_abi_version() in a string is not a call");
    tether_version_string();
}
"""


def test_the_parser_reads_declarations_and_calls() -> None:
    assert declared_functions(SAMPLE_HEADER) == [
        ("tether_abi_version", []),
        ("tether_version_string", []),
        ("tether_solver_new", ["tether_solver **out"]),
        ("tether_view_frame", ["tether_engine *engine", "tether_view view", "tether_rect *out"]),
    ]
    assert calls(SAMPLE_TEST) == {"tether_view_frame", "tether_version_string"}
    assert table_calls(SAMPLE_TEST, "VIEW_FUNCTIONS") == {"tether_view_frame"}
    assert parameter_type("tether_solver **out") == "tether_solver **"
    assert required_tables(["tether_solver **out"]) == set()  # makes a handle, takes none
    assert required_tables(["tether_engine *engine", "tether_view view"]) == {
        "ENGINE_FUNCTIONS", "VIEW_FUNCTIONS"}
    assert required_tables(["const tether_view *views"]) == set()  # arrays are named cases


def test_the_real_header_parses_to_every_declaration(sources) -> None:
    header, _ = sources
    names = [name for name, _ in declared_functions(header)]
    # Every `tether_...(` at the start of a prototype line, however the return type is spelt.
    rough = re.findall(r"\b(tether_\w+)\s*\(", strip_comments_and_strings(header))
    typedefs = set(re.findall(r"\(\s*\*\s*(tether_\w+)\s*\)", strip_comments_and_strings(header)))
    assert len(names) == len(set(names))
    assert set(names) == set(rough) - typedefs
    assert {"tether_abi_version", "tether_last_error", "tether_solver_new",
            "tether_layout_constraints_with_visual_format"} <= set(names)
