"""An engine's diagnostics in Python: :class:`Diagnostic`, and where they go by default.

The library reports a broken constraint (Apple's "Unable to simultaneously satisfy constraints."
text) to the engine's diagnostic handler during a layout pass. The Python binding always takes
that report itself, so it never goes straight to file descriptor 2 (which ``sys.stderr``
redirection, pytest's capture and ``logging`` cannot see):

* with a handler set (:meth:`tether.Engine.set_diagnostic_handler`), the handler is called with a
  :class:`Diagnostic`: the text (a ``str``, so handlers written for text keep working) carrying
  the :class:`tether.Constraint` objects it names;
* without one, the report is logged on the ``"tether"`` logger at WARNING level (with the
  :class:`Diagnostic` as ``record.tether_diagnostic``). Unconfigured, Python's logging prints
  warnings to ``sys.stderr``, so a program that sets nothing up still sees every report.

Why logging and not :mod:`warnings`: a broken constraint is a condition of the layout's data that
can recur at every pass and that an application wants to route, filter or count (handlers,
levels, pytest's ``caplog``); warnings are shown once per code location, for misuse of an API.

May import: :mod:`tether.engine` only under TYPE_CHECKING (the engine passes itself in).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional, Tuple

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from .constraint import Constraint

__all__ = ["Diagnostic", "LOGGER_NAME"]

#: The logger that receives an engine's diagnostics when it has no handler of its own.
LOGGER_NAME = "tether"

# A constraint as a report prints it: `<NSLayoutConstraint:0x140000004 ...>` (also the generated
# kinds, `NSAutoresizingMaskLayoutConstraint`, `NSContentSizeLayoutConstraint`, ...). The hex id
# is the constraint's id without its engine's tag (bits 52-63).
_CONSTRAINT = re.compile(r"<NS\w*Constraint:(0x[0-9a-fA-F]+)[ >]")
_BREAKING = "Will attempt to recover by breaking constraint"


class Diagnostic(str):
    """One diagnostic of an engine: its text (this ``str``), with

    * ``constraints``: the :class:`tether.Constraint` objects the text names, in the order it
      names them (for a conflict: the constraints that cannot all hold);
    * ``broken``: the constraint the layout pass broke to recover, or ``None`` for a report
      that breaks none.

    A generated constraint in the list (an autoresizing or content-size one) is read-only and
    valid until the next layout pass.
    """

    constraints: Tuple["Constraint", ...]
    broken: Optional["Constraint"]

    @classmethod
    def _of(cls, text: str, engine: Any) -> "Diagnostic":
        """The diagnostic of ``text`` with the constraints of ``engine`` it names."""
        report = cls(text)
        report.constraints = ()
        report.broken = None
        shown = _CONSTRAINT.findall(text)
        tag = _engine_tag(engine)
        if not shown or tag is None:
            return report
        found = []
        seen = set()
        for hex_id in shown:
            constraint_id = tag << 52 | int(hex_id, 16)
            if constraint_id not in seen:
                seen.add(constraint_id)
                found.append(constraint_id)
        wrap = engine._constraint_for
        report.constraints = tuple(wrap(i) for i in found)
        breaking = text.rfind(_BREAKING)
        if breaking >= 0:
            last = _CONSTRAINT.search(text, breaking)
            if last is not None:
                report.broken = wrap(tag << 52 | int(last.group(1), 16))
        return report


def _engine_tag(engine: Any) -> Optional[int]:
    """The engine's tag (bits 52-63 of its ids), read off any id it handed out."""
    for item_id in engine._items:
        return int(item_id) >> 52
    for constraint_id in list(engine._constraints.keys()):
        return int(constraint_id) >> 52
    return None


def report(engine: Any, text: str) -> None:
    """Sends one diagnostic of ``engine``: to its handler, or to the ``"tether"`` logger."""
    diagnostic = Diagnostic._of(text, engine)
    handler = engine._diagnostic_handler
    if handler is not None:
        handler(diagnostic)
    else:
        # Imported at the first report: logging costs a short script several milliseconds at
        # import, and most programs never break a constraint (docs/benchmarks.md, "Import time").
        import logging

        logging.getLogger(LOGGER_NAME).warning("%s", diagnostic, extra={"tether_diagnostic": diagnostic})
