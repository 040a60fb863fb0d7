#!/usr/bin/env python3
"""Debugging Auto Layout from Python: a conflict, then an ambiguous layout found and fixed.

    python3 examples/python/conflict_and_ambiguity.py

Needs a built library (`swift build --product tether` at the repository root, or
TETHER_LIBRARY=/path/to/libtether.so); nothing has to be installed. The constraints are written
in Apple's Visual Format Language (tether.constraints_with_visual_format).

1. A conflict: a card is asked to be 200 and 100 wide, both required. The engine breaks one and
   reports it, with Apple's text, through tether.set_diagnostic_handler.
   constraints_affecting_layout(Axis.HORIZONTAL) shows what decides the card's x and width now
   (the broken constraint is not among them).
2. An ambiguous layout: two buttons share a toolbar row, but nothing says how to split it.
   has_ambiguous_layout and ambiguities() find it (with the range each quantity can take),
   autolayout_trace() marks it in a dump of the hierarchy (UIKit's _autolayoutTrace), and
   exercise_ambiguity_in_layout() shows another equally valid layout.
3. The fix: equal widths. The layout is unique again, the equal-widths constraint is among those
   affecting the buttons, and the frames are what we expect.

Constraints and views print in Apple's forms (str(constraint), str(view)), with the ids in hex.

The script checks each step and exits non-zero if one is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List

# Use the binding from this checkout without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402
from tether import Attribute, Axis, View  # noqa: E402

failures: List[str] = []


def check(condition: bool, what: str) -> None:
    print(f"  [{'ok' if condition else 'FAIL'}] {what}")
    if not condition:
        failures.append(what)


def subview(parent: View, name: str) -> View:
    view = View()
    view.identifier = name
    view.translates_autoresizing_mask_into_constraints = False
    parent.add_subview(view)
    return view


def vfl(fmt: str, **views: View) -> List[tether.Constraint]:
    return tether.constraints_with_visual_format(fmt, views=views)


def conflict() -> None:
    print("1. A conflict reported through the diagnostic handler")
    messages: List[str] = []
    tether.set_diagnostic_handler(messages.append)
    try:
        screen = View(frame=(0, 0, 320, 200))
        card = subview(screen, "card")
        wide = vfl("H:|-(10)-[card(200)]", card=card)
        narrow = vfl("H:[card(100)]", card=card)
        tether.activate(wide + narrow + vfl("V:|-(10)-[card(50)]", card=card))
        screen.layout_if_needed()
    finally:
        tether.set_diagnostic_handler(None)
    for message in messages:
        print("    " + message.replace("\n", "\n    "))
    check(len(messages) == 1 and messages[0].startswith("Unable to simultaneously satisfy constraints."),
          "one report, in Apple's words")
    broken = [c for c in wide + narrow if c.broken]
    check(len(broken) == 1, f"exactly one constraint broken: {broken[0] if broken else None}")
    check(card.frame.width in (100, 200), f"the card keeps one of its widths: {card.frame}")
    print(f"    {card}")
    affecting = card.constraints_affecting_layout(Axis.HORIZONTAL)
    print(f"    constraints affecting {card.debug_name} horizontally:")
    for constraint in affecting:
        print(f"      {constraint}")
    kept = [c for c in wide + narrow if not c.broken]
    check(all(c in affecting for c in kept) and len(affecting) == len(kept),
          "the x spacing and the width that holds decide the card's x and width")
    check(not any(c in affecting for c in broken), "the broken constraint affects nothing")
    check(all(str(c).startswith(f"<NSLayoutConstraint:{c.id:#x} ") and "   (active" in str(c)
              for c in affecting), "printed in Apple's form, with the ids in hex")
    screen.free()


def ambiguity() -> None:
    print("2. An ambiguous toolbar")
    toolbar = View(frame=(0, 0, 320, 44))
    save = subview(toolbar, "save")
    cancel = subview(toolbar, "cancel")
    tether.activate(
        vfl("H:|-[save(>=44)]-[cancel(>=44)]-|", save=save, cancel=cancel)
        + vfl("V:|-(6)-[save(32)]", save=save)
        + vfl("V:|-(6)-[cancel(32)]", cancel=cancel)
    )
    toolbar.layout_if_needed()
    check(save.has_ambiguous_layout and cancel.has_ambiguous_layout, "both buttons are ambiguous")
    check(not toolbar.has_ambiguous_layout, "the toolbar itself is not")
    for view in (save, cancel):
        for a in view.ambiguities():
            print(f"    {view.identifier}.{a.attribute.name.lower()} ({a.axis.name.lower()}) "
                  f"can be anywhere in [{a.lower:g}, {a.upper:g}]")
    trace = toolbar.autolayout_trace()
    print("    " + trace.strip("\n").replace("\n", "\n    "))
    lines = trace.splitlines()
    check(f"\u2022{toolbar.debug_name}" in lines, "the trace marks the toolbar as the engine host")
    check(all(any(line.startswith(f"|   *{view.debug_name}- AMBIGUOUS LAYOUT for ")
                  for line in lines) for view in (save, cancel)),
          "the trace flags both buttons as ambiguous")
    affecting = save.constraints_affecting_layout(Axis.HORIZONTAL)
    print(f"    constraints affecting {save.debug_name} horizontally at this solution:")
    for constraint in affecting:
        print(f"      {constraint}")
    check(any(str(c).endswith(f" H:|-(NSSpace(20))-[{save.debug_name}]   "
                              f"(active, names: '|':{toolbar.debug_name} )>") for c in affecting),
          "the standard spacing to the toolbar's edge (NSSpace) places save")
    (width,) = save.ambiguities()
    # 320 - 20 - 8 - 20 = 272 to share, each at least 44: save.width in [44, 228].
    check(width.attribute is Attribute.WIDTH and abs(width.lower - 44) < 1e-9
          and abs(width.upper - 228) < 1e-9,
          "save's width can be anywhere in [44, 228]")
    check([a.attribute for a in cancel.ambiguities()] == [Attribute.LEFT, Attribute.WIDTH],
          "cancel's x and width follow")

    before = save.frame
    moved = save.exercise_ambiguity_in_layout()
    print(f"    exercised: save {before} -> {save.frame}, cancel {cancel.frame}")
    check(moved and save.frame.width != before.width, "exercising moves to another valid layout")
    check(abs(save.frame.width + cancel.frame.width - 272) < 1e-9, "which still fills the row")

    print("3. Resolved with equal widths")
    tether.activate(vfl("H:[save(==cancel)]", save=save, cancel=cancel))
    check(not save.has_ambiguous_layout and not cancel.has_ambiguous_layout, "no ambiguity left")
    toolbar.layout_if_needed()
    print(f"    save {save.frame}, cancel {cancel.frame}")
    check(save.frame == (20, 6, 136, 32) and cancel.frame == (164, 6, 136, 32), "frames as expected")
    equal = [c for c in save.constraints_affecting_layout(Axis.HORIZONTAL)
             if f"H:[{save.debug_name}(=={cancel.debug_name})]" in str(c)]
    check(len(equal) == 1, f"the equal widths now affect save's layout: {equal}")
    check(not any("(>=44)" in str(c) for c in save.constraints_affecting_layout(Axis.HORIZONTAL)),
          "the minimum widths are slack (136 > 44): not listed")
    check("AMBIGUOUS" not in toolbar.autolayout_trace(), "the trace shows no ambiguity")
    check(not save.exercise_ambiguity_in_layout(), "exercising now changes nothing")
    toolbar.free()


def main() -> int:
    conflict()
    ambiguity()
    if failures:
        print(f"conflict_and_ambiguity: {len(failures)} check(s) failed")
        return 1
    print("conflict_and_ambiguity: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
