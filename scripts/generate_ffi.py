#!/usr/bin/env python3
"""Generates the ctypes declarations of the Python binding from the C headers.

    python3 scripts/generate_ffi.py           writes bindings/python/tether/_ffi_generated.py
    python3 scripts/generate_ffi.py --check   fails (exit 1, with a diff) when that file is not
                                              what the headers give; `make check-generated`

The headers are Include/tether.h and the parts it includes (Include/tether/*.h). The generated
module holds, for the loader in bindings/python/tether/_ffi.py:

* every numeric ``#define TETHER_X value`` as ``X = value`` (versions, status codes, enum values,
  flags, named priorities);
* every ``typedef struct tether_x { ... } tether_x;`` as a ctypes ``Structure`` named ``CX``
  (CamelCase; ``svg`` is written ``SVG``);
* every callback ``typedef R (*tether_x_fn)(...);`` as ``X_FN = CFUNCTYPE(...)``;
* ``SIGNATURES``: for each header part (``"base"``, ``"solver"``, ...), the name ->
  ``(restype, [argtypes])`` of every function it declares, in header order.

C types map to ctypes as the binding has always declared them: fixed-width integers, ``size_t``,
``float`` and ``double`` to their ctypes types; typedefs of those to what they name; handles
(``typedef struct tether_x tether_x;``, used through pointers) to ``c_void_p``, and a pointer to
one to ``POINTER(c_void_p)``; ``char *`` (const or not) to ``c_char_p`` and ``const char *const *``
to ``POINTER(c_char_p)``; ``void *`` to ``c_void_p``; structs by value to their class and through a
pointer to ``POINTER(class)``; callbacks to their ``CFUNCTYPE``.

The parser reads the headers' one regular style only (one declaration per statement, every
parameter named, no macros inside declarations) and fails (exit 2), naming the header and the
statement or line, on anything else: a new kind of declaration needs this script taught first,
never a silent gap. Python 3.9+ standard library only.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_HEADER = ROOT / "Include" / "tether.h"
DEFAULT_OUTPUT = ROOT / "bindings" / "python" / "tether" / "_ffi_generated.py"

PREFIX = "tether_"
MACRO_PREFIX = "TETHER_"
LINE_LIMIT = 99

# C scalar types -> ctypes names.
BUILTIN_SCALARS = {
    "int8_t": "c_int8",
    "uint8_t": "c_uint8",
    "int16_t": "c_int16",
    "uint16_t": "c_uint16",
    "int32_t": "c_int32",
    "uint32_t": "c_uint32",
    "int64_t": "c_int64",
    "uint64_t": "c_uint64",
    "size_t": "c_size_t",
    "float": "c_float",
    "double": "c_double",
}
# Words written in capitals in class names (tether_svg_options -> CSVGOptions).
ACRONYMS = {"svg": "SVG"}


class HeaderError(Exception):
    """A declaration the generator does not understand."""


@dataclass
class Part:
    """One header file: its name in SIGNATURES, and what it declares, in order."""

    name: str
    path: Path
    constants: List[Tuple[str, str]] = field(default_factory=list)  # (python name, literal)
    types: List[str] = field(default_factory=list)  # python source of classes / CFUNCTYPEs
    functions: List[Tuple[str, str, List[str]]] = field(default_factory=list)


@dataclass
class Types:
    """C type names known so far (across parts, in include order) -> their kind."""

    scalars: Dict[str, str] = field(default_factory=lambda: dict(BUILTIN_SCALARS))
    handles: set = field(default_factory=set)
    structs: Dict[str, str] = field(default_factory=dict)  # C name -> class name
    callbacks: Dict[str, str] = field(default_factory=dict)  # C name -> Python name


# ------------------------------------------------------------------------------------------------
# Reading the headers
# ------------------------------------------------------------------------------------------------

_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def header_files(umbrella: Path) -> List[Path]:
    """The umbrella and every header it includes with quotes, each once, in the order the
    preprocessor reads their declarations: a header's includes (at its top) before the header
    itself, a header included again skipped (its include guard)."""
    order: List[Path] = []
    visiting = set()

    def visit(path: Path) -> None:
        path = path.resolve()
        if path in visiting or path in order:
            return
        if not path.is_file():
            raise HeaderError(f"no such header: {path}")
        visiting.add(path)
        for name in _INCLUDE.findall(path.read_text(encoding="utf-8")):
            visit(path.parent / name)
        order.append(path)

    visit(umbrella)
    return order


_DOC_BEFORE_STRUCT = re.compile(r"/\*\*((?:(?!\*/).)*)\*/\s*typedef\s+struct\s+(\w+)\s*\{", re.S)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DEFINE = re.compile(r"^#\s*define\s+(\w+)(?:[ \t]+(.*?))?\s*$")
_STRUCT = re.compile(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", re.S)
_INT = re.compile(r"^(-?)(0[xX][0-9A-Fa-f]+|[0-9]+)[uU]?$")
_FLOAT = re.compile(
    r"^-?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[fF]?$"  # 1000.0, 1.5e-38, 750.0f
    r"|^-?[0-9]+[eE][-+]?[0-9]+[fF]?$"  # 1e9
)


def struct_docs(text: str) -> Dict[str, str]:
    """struct name -> its doc comment's text, one line."""
    docs = {}
    for body, name in _DOC_BEFORE_STRUCT.findall(text):
        words = " ".join(line.strip().lstrip("*").strip() for line in body.splitlines()).split()
        docs[name] = " ".join(words)
    return docs


def numeric_literal(value: str) -> Optional[str]:
    """The Python literal of a C integer or floating constant (outer parentheses and u/f
    suffixes dropped), or None."""
    value = value.strip()
    while value.startswith("(") and value.endswith(")"):
        value = value[1:-1].strip()
    match = _INT.match(value)
    if match:
        sign, digits = match.groups()
        number = int(digits, 16) if digits.lower().startswith("0x") else int(digits, 10)
        if digits.lower().startswith("0x"):
            return sign + "0x%X" % number
        return sign + str(number)
    if _FLOAT.match(value):
        return repr(float(value.rstrip("fF")))
    return None


def python_constant(name: str) -> str:
    if not name.startswith(MACRO_PREFIX):
        raise HeaderError(f"#define {name}: every macro of the ABI starts with {MACRO_PREFIX}")
    return name[len(MACRO_PREFIX):]


def class_name(c_name: str) -> str:
    words = c_name[len(PREFIX):].split("_")
    return "C" + "".join(ACRONYMS.get(w, w.capitalize()) for w in words)


def callback_name(c_name: str) -> str:
    return c_name[len(PREFIX):].upper()


def ctype_of(declaration: str, types: Types, where: str, allow_void: bool = False) -> str:
    """The ctypes expression for a C type (without a name), e.g. "const tether_view *"."""
    words = declaration.replace("*", " * ").split()
    words = [w for w in words if w != "const"]
    stars = words.count("*")
    base_words = [w for w in words if w != "*"]
    if words[len(base_words):] != ["*"] * stars:
        raise HeaderError(f"{where}: cannot read the type {declaration!r}")
    if len(base_words) != 1:
        raise HeaderError(f"{where}: cannot read the type {declaration!r}")
    base = base_words[0]

    def pointer(inner: str, depth: int) -> str:
        for _ in range(depth):
            inner = f"POINTER({inner})"
        return inner

    if base == "char":
        if stars == 0:
            raise HeaderError(f"{where}: a plain char is not part of the ABI's style")
        return pointer("c_char_p", stars - 1)
    if base == "void":
        if stars == 0:
            if allow_void:
                return "None"
            raise HeaderError(f"{where}: void is only a return type")
        return pointer("c_void_p", stars - 1)
    if base in types.handles:
        if stars == 0:
            raise HeaderError(f"{where}: the handle {base} is used through pointers only")
        return pointer("c_void_p", stars - 1)
    if base in types.structs:
        return pointer(types.structs[base], stars)
    if base in types.callbacks:
        return pointer(types.callbacks[base], stars)
    if base in types.scalars:
        return pointer(types.scalars[base], stars)
    raise HeaderError(f"{where}: unknown type {base!r} (declare it before use, or teach "
                      "scripts/generate_ffi.py its ctypes type)")


_PARAM_NAME = re.compile(r"^(.*?[\s*])([A-Za-z_]\w*)$")


def parameter_types(params: str, types: Types, where: str) -> List[str]:
    params = " ".join(params.split())
    if params in ("", "void"):
        if params == "":
            raise HeaderError(f"{where}: write (void) for no parameters")
        return []
    result = []
    for param in params.split(","):
        param = param.strip()
        match = _PARAM_NAME.match(param)
        if not match or not match.group(1).strip():
            raise HeaderError(f"{where}: every parameter needs a type and a name: {param!r}")
        result.append(ctype_of(match.group(1), types, where))
    return result


_FUNCTION = re.compile(r"^(.*?[\s*])(tether_\w+)\s*\((.*)\)$", re.S)
_CALLBACK = re.compile(r"^typedef\s+(.*?)\(\s*\*\s*(tether_\w+)\s*\)\s*\((.*)\)$", re.S)
_OPAQUE = re.compile(r"^typedef\s+struct\s+(tether_\w+)\s+(tether_\w+)$")
_ALIAS = re.compile(r"^typedef\s+(.+?)\s+(tether_\w+)$")


def join_continuations(text: str) -> str:
    """Joins lines ending in a backslash (a #define continued, as TETHER_ANIMATION_OPTIONS_INIT)
    into one, with as many empty lines after it, so that later lines keep their numbers."""
    joined: List[str] = []
    pending = ""
    continued = 0
    for line in text.split("\n"):
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continued += 1
            continue
        joined.append(pending + line)
        joined.extend([""] * continued)
        pending, continued = "", 0
    if pending:
        joined.append(pending)
    return "\n".join(joined)


def read_part(path: Path, name: str, types: Types) -> Part:
    part = Part(name=name, path=path)
    raw = path.read_text(encoding="utf-8")
    docs = struct_docs(raw)
    # Comments out, their line breaks kept so that messages give the header's line numbers.
    text = _COMMENT.sub(lambda match: "\n" * match.group(0).count("\n") or " ", raw)
    text = join_continuations(text)

    # Preprocessor lines: the include guard, includes, #defines, and the `extern "C"` wrapper
    # for C++ (skipped); any other conditional is not the headers' style.
    code_lines = []
    guard = None
    in_cplusplus = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        words = stripped.lstrip("#").split()
        directive = words[0] if stripped.startswith("#") and words else ""
        if in_cplusplus:
            if directive == "endif":
                in_cplusplus = False
            elif stripped not in ('extern "C" {', "}"):
                raise HeaderError(f"{path.name}:{number}: only extern \"C\" in #ifdef __cplusplus")
            continue
        if not stripped.startswith("#"):
            code_lines.append(line)
            continue
        where = f"{path.name}:{number}"
        if directive == "include":
            continue
        if directive == "ifdef" and words[1:] == ["__cplusplus"]:
            in_cplusplus = True
            continue
        if directive == "ifndef" and guard is None:
            guard = words[1]
            continue
        if directive == "endif":
            continue
        if directive == "define":
            match = _DEFINE.match(stripped)
            if not match:
                raise HeaderError(f"{where}: cannot read {stripped!r}")
            macro, value = match.group(1), match.group(2)
            if macro == guard and not value:
                continue
            if not value:
                raise HeaderError(f"{where}: #define {macro} has no value")
            if value.startswith("{"):
                continue  # an initializer (TETHER_SVG_OPTIONS_INIT): C only
            literal = numeric_literal(value)
            if literal is None:
                raise HeaderError(f"{where}: #define {macro}: {value!r} is not a number")
            part.constants.append((python_constant(macro), literal))
            continue
        raise HeaderError(f"{where}: unexpected preprocessor line {stripped!r}")
    code = "\n".join(code_lines)

    # Struct definitions first (their bodies hold ';'), kept in place as markers.
    structs: Dict[str, Tuple[str, str]] = {}

    def take_struct(match: "re.Match[str]") -> str:
        tag, body, typedef_name = match.groups()
        if tag != typedef_name:
            raise HeaderError(f"{path.name}: typedef struct {tag} {{...}} {typedef_name}: "
                              "the tag and the name must be the same")
        structs[tag] = (body, tag)
        return f"@struct {tag};"

    code = _STRUCT.sub(take_struct, code)

    for statement in code.split(";"):
        statement = " ".join(statement.split())
        if not statement:
            continue
        where = f"{path.name}: {statement[:60]!r}"
        if statement.startswith("@struct "):
            tag = statement.split()[1]
            body, _ = structs[tag]
            py_name = class_name(tag)
            fields = []
            for member in body.split(";"):
                member = " ".join(member.split())
                if not member:
                    continue
                match = re.match(r"^(.+?)\s*\b([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)$", member)
                if not match:
                    raise HeaderError(f"{path.name}: struct {tag}: cannot read {member!r}")
                c_type = match.group(1)
                for field_name in match.group(2).split(","):
                    fields.append((field_name.strip(),
                                   ctype_of(c_type, types, f"{path.name}: struct {tag}")))
            doc = f"``{tag}`` ({path.parent.name}/{path.name})"
            doc += ": " + docs[tag] if tag in docs else "."
            part.types.append(render_struct(py_name, doc, fields))
            types.structs[tag] = py_name
            continue
        match = _CALLBACK.match(statement)
        if match:
            result, c_name, params = match.groups()
            restype = ctype_of(result, types, where, allow_void=True)
            args = parameter_types(params, types, where)
            py_name = callback_name(c_name)
            part.types.append(render_callback(py_name, statement, restype, args))
            types.callbacks[c_name] = py_name
            continue
        match = _OPAQUE.match(statement)
        if match:
            tag, c_name = match.groups()
            if tag != c_name:
                raise HeaderError(f"{where}: a handle's tag and name must be the same")
            types.handles.add(c_name)
            continue
        if statement.startswith("typedef"):
            match = _ALIAS.match(statement)
            if not match:
                raise HeaderError(f"{where}: cannot read this typedef")
            target, c_name = match.groups()
            resolved = ctype_of(target, types, where)
            if resolved not in BUILTIN_SCALARS.values():
                raise HeaderError(f"{where}: a typedef names a scalar only")
            types.scalars[c_name] = resolved
            continue
        match = _FUNCTION.match(statement)
        if match:
            result, c_name, params = match.groups()
            restype = ctype_of(result, types, where, allow_void=True)
            args = parameter_types(params, types, where)
            part.functions.append((c_name, restype, args))
            continue
        raise HeaderError(f"{where}: not a declaration this generator knows")
    return part


# ------------------------------------------------------------------------------------------------
# Writing the module
# ------------------------------------------------------------------------------------------------


def render_struct(name: str, doc: str, fields: List[Tuple[str, str]]) -> str:
    doc_lines = wrap(doc, LINE_LIMIT - 4 - 3, first_indent="", indent="")
    lines = [f"class {name}(Structure):"]
    if len(doc_lines) == 1 and len(doc_lines[0]) + 10 <= LINE_LIMIT:
        lines.append(f'    """{doc_lines[0]}"""')
    else:
        lines.append(f'    """{doc_lines[0]}')
        lines += [f"    {line}" for line in doc_lines[1:]]
        lines.append('    """')
    lines.append("")
    lines.append("    _fields_ = [")
    lines += [f'        ("{field_name}", {ctype}),' for field_name, ctype in fields]
    lines.append("    ]")
    return "\n".join(lines)


def render_callback(name: str, declaration: str, restype: str, args: List[str]) -> str:
    """``#: ``typedef ...``.`` then ``NAME = CFUNCTYPE(restype, *argtypes)``."""
    comment = wrap(f"``{declaration}``.", LINE_LIMIT, "#: ", "#: ")
    body = ", ".join([restype] + args) + ")"
    if len(f"{name} = CFUNCTYPE(") + len(body) <= LINE_LIMIT:
        return "\n".join(comment + [f"{name} = CFUNCTYPE({body}"])
    return "\n".join(comment + [f"{name} = CFUNCTYPE("] + wrap(body, LINE_LIMIT, "    ", "    "))


def wrap(text: str, width: int, first_indent: str, indent: str) -> List[str]:
    """Greedy wrap on spaces: the first line starts with ``first_indent``, the others with
    ``indent``; a word longer than a line gets a line of its own."""
    lines: List[str] = []
    prefix, words = first_indent, []  # the current line: its indent and its words
    for word in text.split():
        if words and len(prefix + " ".join(words + [word])) > width:
            lines.append(prefix + " ".join(words))
            prefix, words = indent, []
        words.append(word)
    lines.append(prefix + " ".join(words))
    return lines


def render_function(name: str, restype: str, args: List[str]) -> List[str]:
    one = f'        "{name}": ({restype}, [{", ".join(args)}]),'
    if len(one) <= LINE_LIMIT:
        return [one]
    lines = [f'        "{name}": (', f"            {restype},"]
    lines += wrap("[" + ", ".join(args) + "],", LINE_LIMIT, "            ", "             ")
    lines.append("        ),")
    return lines


def generate(umbrella: Path) -> str:
    umbrella = umbrella.resolve()
    types = Types()
    # A part is named by its file: "base" for tether/base.h (and "tether" for the umbrella,
    # which declares nothing itself).
    parts = [read_part(path, path.stem, types) for path in header_files(umbrella)]
    try:
        shown = umbrella.relative_to(ROOT).as_posix()
    except ValueError:
        shown = umbrella.name

    names: List[str] = []
    body: List[str] = []
    for part in parts:
        if not (part.constants or part.types):
            continue
        label = f"{part.path.parent.name}/{part.path.name}"
        body += ["", "", "# " + "-" * 96, f"# {label}", "# " + "-" * 96]
        if part.constants:
            body.append("")
            body += [f"{py_name} = {literal}" for py_name, literal in part.constants]
            names += [py_name for py_name, _ in part.constants]
        for source in part.types:
            match = re.search(r"^(?:class (\w+)\(|(\w+) = CFUNCTYPE\()", source, re.M)
            assert match, source
            names.append(match.group(1) or match.group(2))
            body += ["", ""] + source.splitlines()

    body += ["", "", "# " + "-" * 96, "# Functions", "# " + "-" * 96, ""]
    body.append("#: part -> function name -> (restype, argtypes), for every function of the "
                "headers,")
    body.append('#: in header order; a part is a header of Include/tether/ ("base" for '
                "tether/base.h, ...).")
    body.append("SIGNATURES: Dict[str, Dict[str, Tuple[Any, List[Any]]]] = {")
    for part in parts:
        if not part.functions:
            continue
        body.append(f'    "{part.name}": {{')
        for name, restype, args in part.functions:
            body += render_function(name, restype, args)
        body.append("    },")
    body.append("}")

    used = sorted(set(re.findall(r"\b(c_\w+|POINTER|CFUNCTYPE|Structure)\b", "\n".join(body))),
                  key=str.lower)
    head = [
        f"# generated by scripts/generate_ffi.py from {shown}; do not edit.",
        "# Regenerate with `make generate-ffi`; `make check-generated` fails when this file is",
        "# not what the headers give.",
        '"""The ctypes declarations of the C ABI, read from the headers by',
        "scripts/generate_ffi.py: numeric macros (``TETHER_`` dropped), structures, callbacks and",
        "every function's signature.",
        "",
        "bindings/python/tether/_ffi.py loads the library and declares its functions from here.",
        '"""',
        "",
        "from ctypes import (",
    ]
    head += [f"    {name}," for name in used]
    head += [")", "from typing import Any, Dict, List, Tuple", "", "__all__ = ["]
    head += [f'    "{name}",' for name in names + ["SIGNATURES"]]
    head.append("]")
    return "\n".join(head + body) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--header", type=Path, default=DEFAULT_HEADER,
                        help="the umbrella header (default: Include/tether.h)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                        help="the module to write "
                        "(default: bindings/python/tether/_ffi_generated.py)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 with a diff when the module is out of date")
    args = parser.parse_args(argv)
    try:
        source = generate(args.header)
    except HeaderError as error:
        print(f"generate_ffi: {error}", file=sys.stderr)
        return 2
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current == source:
            print(f"generate_ffi: {args.output.name} is up to date with {args.header.name} "
                  "and its parts")
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(True), source.splitlines(True),
            fromfile=f"{args.output} (committed)", tofile=f"{args.output} (from the headers)"))
        print(f"generate_ffi: {args.output} is out of date with the headers: run "
              "`make generate-ffi` (python3 scripts/generate_ffi.py) and commit the result",
              file=sys.stderr)
        return 1
    args.output.write_text(source, encoding="utf-8")
    print(f"generate_ffi: wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
