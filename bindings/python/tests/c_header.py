"""The C ABI's header text, for the tests that read it.

Include/tether.h is an umbrella over its parts (Include/tether/*.h): :func:`header_text` gives
it with every ``#include "..."`` replaced by the included file's text (each file once, as the
include guards make the preprocessor see it), comments kept, so a test reads every declaration
of the ABI as if it were one file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Set

ROOT = Path(__file__).resolve().parents[3]
HEADER = ROOT / "Include" / "tether.h"

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"[^\n]*$', re.M)


def header_text(path: Path = HEADER) -> str:
    """The text of ``path`` with its quoted includes expanded in place, recursively."""
    seen: Set[Path] = set()

    def expand(file: Path) -> str:
        file = file.resolve()
        if file in seen:
            return ""
        seen.add(file)
        text = file.read_text(encoding="utf-8")
        return _INCLUDE.sub(lambda match: expand(file.parent / match.group(1)), text)

    return expand(path)
