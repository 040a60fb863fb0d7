"""Helpers shared by several test modules (import them as ``from helpers import ...``; pytest
puts this folder on ``sys.path``, as for ``c_header`` and ``test_lp_reference``): threads that
collect what they raise, a small view hierarchy, and the counts of a pytest run's JUnit report. Imports only :mod:`tether`."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence, Tuple
from xml.etree import ElementTree

from tether import Engine, View


def run_in_threads(work: Callable[[int], Any], count: int) -> List[BaseException]:
    """Runs ``work(k)`` for k in ``range(count)``, each in its own thread, all at once; returns
    what they raised (empty when every one finished)."""
    errors: List[BaseException] = []

    def guarded(k: int) -> None:
        try:
            work(k)
        except BaseException as error:  # noqa: B902 - reported to the test
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def root_with_three_views(
    engine: Engine, frame: Sequence[float], names: Sequence[str], inner_in: int = 0
) -> Tuple[View, View, View, View]:
    """``(root, first, second, inner)``: a root view with ``frame``, then three views made in
    that order (their ids follow the root's), constrained (not translating their masks): the
    first two are the root's subviews, ``inner`` is inside the first (``inner_in=0``) or the
    second (``inner_in=1``). ``names`` are the identifiers of the root and of the first two."""
    root = View(frame=frame, engine=engine)
    first, second, inner = View(engine=engine), View(engine=engine), View(engine=engine)
    root.identifier, first.identifier, second.identifier = names
    for view in (first, second, inner):
        view.translates_autoresizing_mask_into_constraints = False
    root.add_subview(first)
    root.add_subview(second)
    (first, second)[inner_in].add_subview(inner)
    return root, first, second, inner


def shown_id(item: Any) -> str:
    """How descriptions and drawings show the id of ``item`` (a view, guide or constraint): hex of
    its kind, slot and generation, without its engine's tag (bits 52-63), as ``0x100000001`` (a
    view) or ``0x140000001`` (a constraint) whichever engine made it."""
    return hex(item.id & (2**52 - 1))


def junit_counts(report: Any, output: str) -> Dict[str, int]:
    """The counts of a pytest run's JUnit XML ``report`` (a path): ``tests``, ``failures``,
    ``errors``, ``skipped`` and ``passed``. Fails with ``output`` when no report was written."""
    assert Path(report).is_file(), f"pytest wrote no report:\n{output}"
    suite = ElementTree.parse(report).getroot()
    if suite.tag == "testsuites":
        suite = suite[0]
    counts = {key: int(suite.get(key, "0")) for key in ("tests", "failures", "errors", "skipped")}
    counts["passed"] = counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"]
    return counts

