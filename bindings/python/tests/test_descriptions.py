"""Golden tests for Apple's description forms through the binding (autolayout-semantics.md §7):
``str()`` of views, guides and constraints, :attr:`LayoutItem.debug_name`, the conflict report,
:meth:`LayoutItem.constraints_affecting_layout` and :meth:`View.autolayout_trace`. They mirror
Tests/TetherTests/DescriptionTests.swift.

Ids are deterministic in a fresh engine: items and constraints are numbered from slot 1,
generation 1 (``0x100000001``, ``0x100000002``, ...).
"""

from __future__ import annotations

import math
import re
from typing import List, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tether
from tether import Attribute, Axis, Constraint, Engine, LayoutGuide, View

from helpers import root_with_three_views, shown_id

R = "View:0x100000001'root'"
A = "View:0x100000002'a'"
B = "View:0x100000003'b'"
C = "View:0x100000004"

_DESCRIPTION = re.compile(
    r"^<(\w+):(0x[0-9a-f]+) (.*)   \((active|inactive)(, names: '\|':(.*) )?\)>$")


class Scene(NamedTuple):
    engine: Engine
    root: View
    a: View
    b: View
    c: View


def scene(engine: Engine) -> Scene:
    """The Swift tests' scene: root (320 x 480) with a and b, and c inside a; all but the root
    constrained."""
    # root 0x100000001, a, b, c 0x...2, 3, 4
    root, a, b, c = root_with_three_views(engine, (0, 0, 320, 480), ("root", "a", "b"))
    return Scene(engine, root, a, b, c)


@pytest.fixture
def s(engine: Engine) -> Scene:
    return scene(engine)


def body(constraint: Constraint) -> str:
    """The description without class, address and state (Swift's ``bodyDescription``)."""
    match = _DESCRIPTION.match(str(constraint))
    assert match, str(constraint)
    assert match.group(2) == f"{shown_id(constraint)}"
    return match.group(3)


def made(item1, attribute1, relation, item2, attribute2, multiplier=1.0, constant=0.0,
         priority=1000.0) -> Constraint:
    return Constraint(item1, attribute1, relation, item2, attribute2, multiplier, constant,
                      priority)


# ------------------------------------------------------------------------------------------------
# Items
# ------------------------------------------------------------------------------------------------


def test_item_descriptions_and_debug_names(s: Scene) -> None:
    flexible = tether.Autoresizing
    s.root.autoresizing_mask = flexible.FLEXIBLE_WIDTH | flexible.FLEXIBLE_HEIGHT
    assert s.root.debug_name == R
    assert s.c.debug_name == C
    root_text = "<View: 0x100000001; frame = (0 0; 320 480); autoresize = W+H; identifier = 'root'>"
    assert str(s.root) == s.root.description == root_text
    assert repr(s.root) == f"<tether.View {R}>"
    s.c.frame = (1.5, -2, 10, 0.25)
    assert str(s.c) == "<View: 0x100000004; frame = (1.5 -2; 10 0.25)>"
    guide = LayoutGuide(engine=s.engine)
    guide.identifier = "spacer"
    s.root.add_layout_guide(guide)
    assert guide.debug_name == "LayoutGuide:0x100000005'spacer'"
    assert repr(guide) == "<tether.LayoutGuide LayoutGuide:0x100000005'spacer'>"
    assert str(guide) == ('<LayoutGuide: 0x100000005 - "spacer", layoutFrame = {{0, 0}, {0, 0}}, '
                          f"owningView = {root_text}>")
    assert (s.a.layout_margins_guide.debug_name
            == "LayoutGuide:0x100000006'UIViewLayoutMarginsGuide'")
    s.root.autoresizing_mask = tether.Autoresizing(0x3F)
    assert "autoresize = LM+W+RM+TM+H+BM;" in str(s.root)
    s.root.autoresizing_mask = (tether.Autoresizing.FLEXIBLE_RIGHT_MARGIN
                                | tether.Autoresizing.FLEXIBLE_BOTTOM_MARGIN)
    assert "autoresize = RM+BM;" in str(s.root)
    assert repr(s.a.width) == f"<tether.DimensionAnchor {A}.width>"


def test_freed_items_still_repr(s: Scene) -> None:
    s.c.free()
    assert repr(s.c) == "<tether.View View:0x100000004>"
    with pytest.raises(tether.InvalidIdError):
        str(s.c)
    with pytest.raises(tether.InvalidIdError):
        s.c.debug_name


# ------------------------------------------------------------------------------------------------
# Constraint bodies
# ------------------------------------------------------------------------------------------------


def test_constraint_bodies(s: Scene) -> None:
    root, a, b, c = s.root, s.a, s.b, s.c
    X = Attribute
    table = [
        # Sizes: VFL-like.
        (a.width == 100, f"H:[{A}(100)]"),
        (a.height >= 44, f"V:[{A}(>=44)]"),
        (made(a, X.HEIGHT, "==", None, X.NOT_AN_ATTRIBUTE, 0, 0, 25), f"V:[{A}(0@25)] priority:25"),
        (a.width == b.width, f"H:[{A}(=={B})]"),
        (made(a, X.HEIGHT, "<=", b, X.HEIGHT, 1, 0, 750), f"V:[{A}(<={B}@750)] priority:750"),
        # Other sizes: the equation.
        (a.width == b.width * 0.5, f"{A}.width == 0.5*{B}.width"),
        (a.width == b.height - 32, f"{A}.width == {B}.height - 32"),
        (a.width == b.width + 3, f"{A}.width == {B}.width + 3"),
        # Spacing between siblings, either way round, with relations.
        (b.leading == a.trailing + 8, f"H:[{A}]-(8)-[{B}]"),
        (a.trailing == b.leading - 8, f"H:[{A}]-(8)-[{B}]"),
        (b.leading >= a.trailing + 8, f"H:[{A}]-(>=8)-[{B}]"),
        (a.trailing <= b.leading - 8, f"H:[{A}]-(>=8)-[{B}]"),
        (b.left == a.right + 15, f"H:[{A}]-(15)-[{B}](LTR)"),
        (b.top == a.bottom + 10, f"V:[{A}]-(10)-[{B}]"),
        (b.top == a.bottom - 2.5, f"V:[{A}]-(-2.5)-[{B}]"),
        (made(b, X.TOP, "==", a, X.BOTTOM, 1, 6, 999.5), f"V:[{A}]-(6@999.5)-[{B}] priority:999.5"),
        # Spacing to the superview's edges.
        (a.top == root.top + 8, f"V:|-(8)-[{A}]"),
        (root.top == a.top - 8, f"V:|-(8)-[{A}]"),
        (root.bottom == a.bottom + 10, f"V:[{A}]-(10)-|"),
        (a.bottom == root.bottom - 10, f"V:[{A}]-(10)-|"),
        (a.leading == root.leading - 4, f"H:|-(-4)-[{A}]"),
        (a.left == root.left, f"H:|-(0)-[{A}](LTR)"),
        # Everything else: the equation.
        (c.leading == b.trailing + 8, f"{C}.leading == {B}.trailing + 8"),
        (a.leading == b.leading, f"{A}.leading == {B}.leading"),
        (made(a, X.CENTER_X, "==", root, X.CENTER_X, 0.625), f"{A}.centerX == 0.625*{R}.centerX"),
        (made(a, X.LEADING, "==", root, X.LEADING_MARGIN), f"{A}.leading == {R}.leadingMargin"),
        (made(a, X.FIRST_BASELINE, "==", b, X.LAST_BASELINE, 1, 4),
         f"{A}.firstBaseline == {B}.lastBaseline + 4"),
        (made(a, X.WIDTH, "==", b, X.WIDTH, -1, 0, 250), f"{A}.width == -1*{B}.width priority:250"),
        # A sibling spacing written the other way round: a gap of -8.
        (made(a, X.TRAILING, "==", b, X.LEADING, 1, 8), f"H:[{A}]-(-8)-[{B}]"),
    ]
    for row, (constraint, expected) in enumerate(table):
        names = f", names: '|':{R} " if "|" in expected else ""
        assert str(constraint) == (f"<NSLayoutConstraint:{shown_id(constraint)} {expected}"
                                   f"   (inactive{names})>"), f"row {row}"
        assert constraint.description == str(constraint)
        assert repr(constraint) == f"<tether.Constraint {constraint}>"


def test_identifier_priority_state_and_names(s: Scene) -> None:
    c = (s.a.width == s.b.width * 0.5 - 4).with_priority(750).with_identifier("half")
    assert str(c) == ("<NSLayoutConstraint:0x140000001 'half' View:0x100000002'a'.width == "
                      "0.5*View:0x100000003'b'.width - 4 priority:750   (inactive)>")
    pin = s.a.top == s.root.top + 20
    tether.activate([pin])
    assert str(pin) == ("<NSLayoutConstraint:0x140000002 V:|-(20)-[View:0x100000002'a']   "
                        "(active, names: '|':View:0x100000001'root' )>")
    pin.constant = 21
    assert body(pin) == "V:|-(21)-[View:0x100000002'a']"
    pin.active = False
    assert str(pin).endswith("   (inactive, names: '|':View:0x100000001'root' )>")
    c.active = True
    assert str(c).endswith(" priority:750   (active)>")


def test_visual_format_constraints_describe_themselves_in_vfl(s: Scene) -> None:
    views = {"a": s.a, "b": s.b}
    made_ = tether.constraints_with_visual_format("H:|-[a]-[b]-|", views)
    assert [body(c) for c in made_] == [
        f"H:|-(NSSpace(20))-[{A}]",
        f"H:[{A}]-(NSSpace(8))-[{B}]",
        f"H:[{B}]-(NSSpace(20))-|",
    ]
    made_[1].constant = 12
    assert body(made_[1]) == f"H:[{A}]-(12)-[{B}]"
    assert str(made_[0]) == (f"<NSLayoutConstraint:{shown_id(made_[0])} H:|-(NSSpace(20))-[{A}]   "
                             f"(inactive, names: '|':{R} )>")
    more = tether.constraints_with_visual_format("V:[a(>=44@300)]-(>=5@250)-[b(==a)]", views)
    assert [body(c) for c in more] == [
        f"V:[{A}(>=44@300)] priority:300",
        f"V:[{A}]-(>=5@250)-[{B}] priority:250",
        f"V:[{B}(=={A})]",
    ]
    rtl = tether.constraints_with_visual_format(
        "[a]-3-[b]", views, options=tether.FormatOptions.DIRECTION_RIGHT_TO_LEFT)
    assert [body(c) for c in rtl] == [f"H:[{B}]-(3)-[{A}](LTR)"]


@settings(max_examples=150, deadline=None)
@given(
    vertical=st.booleans(),
    relation=st.sampled_from(["", ">=", "<="]),
    gap=st.integers(min_value=-30, max_value=30),
    priority=st.one_of(st.none(), st.integers(min_value=1, max_value=999)),
)
def test_random_vfl_spacings_describe_themselves_as_the_same_spacing(
    vertical: bool, relation: str, gap: int, priority
) -> None:
    with Engine() as engine:
        s = scene(engine)
        orientation = "V:" if vertical else "H:"
        mark = "" if priority is None else f"@{priority}"
        fmt = f"{orientation}[a]-({relation}{gap}{mark})-[b]"
        made_ = tether.constraints_with_visual_format(fmt, {"a": s.a, "b": s.b})
        suffix = "" if priority is None else f" priority:{priority}"
        expected = f"{orientation}[{A}]-({relation}{gap}{mark})-[{B}]{suffix}"
        assert [body(c) for c in made_] == [expected], fmt
        assert made_[0].priority == (1000 if priority is None else priority)


# ------------------------------------------------------------------------------------------------
# The conflict report
# ------------------------------------------------------------------------------------------------


def test_conflict_report_golden(s: Scene) -> None:
    messages: List[str] = []
    s.engine.set_diagnostic_handler(messages.append)
    keep = s.a.width == 100
    clash = (s.a.width == 200).with_identifier("too-wide")
    tether.activate([keep, s.a.left == s.root.left, s.a.top == s.root.top, s.a.height == 1])
    tether.activate([clash])
    s.root.layout_if_needed()
    assert messages == [
        "Unable to simultaneously satisfy constraints.\n"
        "\tProbably at least one of the constraints in the following list is one you don't want. "
        "Try this: (1) look at each constraint and try to figure out which you don't expect; "
        "(2) find the code that added the unwanted constraint or constraints and fix it. "
        "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, "
        "refer to the documentation for the UIView property "
        "translatesAutoresizingMaskIntoConstraints) \n"
        "(\n"
        "    \"<NSLayoutConstraint:0x140000001 H:[View:0x100000002'a'(100)]   (active)>\",\n"
        "    \"<NSLayoutConstraint:0x140000002 'too-wide' H:[View:0x100000002'a'(200)]   "
        "(active)>\"\n"
        ")\n"
        "\n"
        "Will attempt to recover by breaking constraint \n"
        "<NSLayoutConstraint:0x140000002 'too-wide' H:[View:0x100000002'a'(200)]   (active)>"
    ]
    assert clash.broken and clash.active
    assert repr(clash) == f"<tether.Constraint {clash} (broken)>"
    # A broken constraint is not enforced: it affects nothing.
    affecting = s.a.constraints_affecting_layout(Axis.HORIZONTAL)
    assert keep in affecting and clash not in affecting


def test_conflict_with_a_generated_constraint_names_it(s: Scene) -> None:
    messages: List[str] = []
    s.engine.set_diagnostic_handler(messages.append)
    t = View(frame=(0, 0, 80, 40), engine=s.engine)  # translating, 0x100000005
    s.root.add_subview(t)
    tether.activate([t.width == 90, s.a.width == 1])
    s.root.layout_if_needed()
    assert len(messages) == 1
    assert '"<NSAutoresizingMaskLayoutConstraint:0x' in messages[0]
    assert "h=--& v=--& View:0x100000005.width == 80   (active)>\"" in messages[0]
    assert messages[0].endswith(
        "\n<NSLayoutConstraint:0x140000001 H:[View:0x100000005(90)]   (active)>")


# ------------------------------------------------------------------------------------------------
# constraints_affecting_layout
# ------------------------------------------------------------------------------------------------


def test_constraints_affecting_layout(s: Scene) -> None:
    root, a, b = s.root, s.a, s.b
    t = View(frame=(10, 20, 80, 40), engine=s.engine)  # translating, 0x100000005
    t.identifier = "t"
    root.add_subview(t)
    b.intrinsic_content_size = (50, tether.NO_INTRINSIC_METRIC)
    a_leading = a.leading == root.leading + 10
    a_width = a.width == 100
    gap = b.leading == a.trailing + 8
    slack = b.width >= 10
    losing = (b.width == 500).with_priority(100)
    tether.activate([a_leading, a_width, gap, slack, losing, a.top == root.top, a.height == 30,
                     b.top == root.top, b.height == 30])
    root.layout_if_needed()
    assert b.frame == (118, 0, 50, 30)

    # b's x depends on a's leading and width and the gap (a chain: a_leading and a_width do not
    # name b); its width on its content size. The slack inequality and the losing optional
    # constraint are not listed.
    affecting = b.constraints_affecting_layout(Axis.HORIZONTAL)
    assert len(affecting) == 4, [str(c) for c in affecting]
    assert all(x is y for x, y in zip(affecting[1:], [a_leading, a_width, gap]))
    assert slack not in affecting and losing not in affecting
    content = affecting[0]
    assert content.active
    assert str(content) == (f"<NSContentSizeLayoutConstraint:{shown_id(content)} "
                            f"{B}.width == 50 Hug:250 CompressionResistance:750   (active)>")
    assert content.first_item is b and content.first_attribute is Attribute.WIDTH
    # The same objects again (ints work for the axis too); generated ones are read-only.
    again = b.constraints_affecting_layout(0)
    assert len(again) == 4 and all(x is y for x, y in zip(again, affecting))
    with pytest.raises(tether.InvalidStateError):
        content.constant = 60
    with pytest.raises(tether.InvalidStateError):
        content.active = False
    with pytest.raises(tether.InvalidStateError):
        content.priority = 500

    # A translating view: its autoresizing constraints.
    t_affecting = t.constraints_affecting_layout(Axis.VERTICAL)
    assert [body(c) for c in t_affecting] == ["h=--& v=--& View:0x100000005't'.minY == 20",
                                              "h=--& v=--& View:0x100000005't'.height == 40"]
    assert all(str(c).startswith("<NSAutoresizingMaskLayoutConstraint:0x") for c in t_affecting)

    # Pinning b's trailing to the root's makes the root's size matter (a generated pin). The
    # layout pass that follows frees the earlier generated constraints.
    tether.activate([root.trailing == b.trailing + 20])
    now = [body(c) for c in b.constraints_affecting_layout(Axis.HORIZONTAL)]
    assert "'Tether-Root-Width' H:[View:0x100000001'root'(320)]" in now, now
    assert f"H:[{B}]-(20)-|" in now, now
    assert not any("Hug:" in text for text in now), now
    assert b.frame.width == 182  # the pins decide the width now; hugging loses
    with pytest.raises(tether.InvalidIdError):
        str(content)
    with pytest.raises(tether.InvalidIdError):
        str(t_affecting[0])

    # Vertical: a's top pin and height; a frame-mode view has none.
    assert len(a.constraints_affecting_layout(Axis.VERTICAL)) == 2
    lone = View(frame=(0, 0, 5, 5), engine=s.engine)
    assert lone.constraints_affecting_layout(Axis.HORIZONTAL) == []


def test_constraints_affecting_layout_follows_chains_without_the_root_origin(s: Scene) -> None:
    root, a, b, c = s.root, s.a, s.b, s.c
    # c (inside a) hangs off b, which hangs off a: a chain across levels.
    a_leading, a_width = a.leading == root.leading + 10, a.width == 100
    gap, b_width = b.leading == a.trailing + 8, b.width == 50
    c_gap, c_width = c.leading == b.trailing + 5, c.width == 20
    vertical = [x for v in (a, b, c) for x in (v.top == root.top, v.height == 30)]
    tether.activate([a_leading, a_width, gap, b_width, c_gap, c_width] + vertical)
    root.layout_if_needed()
    assert c.frame.x == 163  # in a: 10 + 100 + 8 + 50 + 5 - 10

    # c's x in a depends on a's width, the gap, b's width and its own gap; a's leading moves a
    # and c together, so it does not count.
    affecting = c.constraints_affecting_layout(Axis.HORIZONTAL)
    assert len(affecting) == 5, [str(k) for k in affecting]
    assert all(x is y for x, y in zip(affecting, [a_width, gap, b_width, c_gap, c_width]))

    # The root: its size pins (UIKit's encapsulated width and height), nothing for its origin.
    assert [body(k) for k in root.constraints_affecting_layout(Axis.HORIZONTAL)] == [
        "'Tether-Root-Width' H:[View:0x100000001'root'(320)]"]
    assert [body(k) for k in root.constraints_affecting_layout(Axis.VERTICAL)] == [
        "'Tether-Root-Height' V:[View:0x100000001'root'(480)]"]
    for item in (root, a, b, c, root.layout_margins_guide, root.safe_area_layout_guide):
        for axis in (Axis.HORIZONTAL, Axis.VERTICAL):
            listed = item.constraints_affecting_layout(axis)
            assert not any(k.identifier.startswith("Tether-Root-Min") for k in listed), listed


def test_constraints_affecting_layout_through_the_margins_guide(s: Scene) -> None:
    guide = s.root.layout_margins_guide  # 0x100000005
    tether.activate([s.a.leading == guide.leading, s.a.top == guide.top, s.a.width == 10,
                     s.a.height == 10])
    g = "LayoutGuide:0x100000005'UIViewLayoutMarginsGuide'"
    assert [body(c) for c in s.a.constraints_affecting_layout(Axis.HORIZONTAL)] == [
        f"'UIView-leftMargin-guide-constraint' H:|-(8)-[{g}](LTR)",
        f"{A}.leading == {g}.leading",
        f"H:[{A}(10)]",
    ]
    # The guide's own list: its generated pins (the root's width matters for its width).
    own = [body(c) for c in guide.constraints_affecting_layout(Axis.HORIZONTAL)]
    assert f"'UIView-leftMargin-guide-constraint' H:|-(8)-[{g}](LTR)" in own, own
    assert "'Tether-Root-Width' H:[View:0x100000001'root'(320)]" in own, own
    assert f"{A}.leading == {g}.leading" not in own, own


def test_constraints_affecting_layout_rejects_bad_axes(s: Scene) -> None:
    for bad in (2, -1, 2**32):
        with pytest.raises(tether.InvalidArgumentError):
            s.a.constraints_affecting_layout(bad)
    for bad in ("horizontal", 0.0, None, True):
        with pytest.raises(TypeError):
            s.a.constraints_affecting_layout(bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------
# The trace
# ------------------------------------------------------------------------------------------------


def test_autolayout_trace(s: Scene) -> None:
    t = View(frame=(0, 0, 80, 40), engine=s.engine)  # 0x100000005, translating
    free = View(engine=s.engine)  # 0x100000006: neither constrained nor translating
    free.translates_autoresizing_mask_into_constraints = False
    s.root.add_subview(t)
    s.root.add_subview(free)
    guide = LayoutGuide(engine=s.engine)  # 0x100000007
    guide.identifier = "spacer"
    s.root.add_layout_guide(guide)
    a, b, root = s.a, s.b, s.root
    tether.activate([
        a.leading == root.leading, a.top == root.top, a.width == 100, a.height == 50,
        # b has a width and a top, but no x: ambiguous.
        b.width == 10, b.height == 10, b.top == a.bottom,
        guide.leading == a.trailing, guide.trailing == root.trailing,
        guide.top == root.top, guide.height == 1,
    ])
    assert root.autolayout_trace() == (
        "\n"
        "Legend:\n"
        "\t* - is laid out with auto layout\n"
        "\t+ - is laid out manually, but is represented in the layout engine because "
        "translatesAutoresizingMaskIntoConstraints = YES\n"
        "\t• - layout engine host\n"
        "•View:0x100000001'root'\n"
        "|   *LayoutGuide:0x100000007'spacer'\n"
        "|   *View:0x100000002'a'\n"
        "|   |   View:0x100000004\n"
        "|   *View:0x100000003'b'- AMBIGUOUS LAYOUT for "
        "View:0x100000003'b'.minX{range: [-inf, inf]}\n"
        "|   +View:0x100000005\n"
        "|   View:0x100000006\n"
    )
    assert a.autolayout_trace().splitlines()[-1] == "|   View:0x100000004"
    (ambiguity,) = b.ambiguities()
    assert (ambiguity.lower, ambiguity.upper) == (-math.inf, math.inf)
    tether.activate([b.leading == root.leading])
    assert "AMBIGUOUS" not in root.autolayout_trace()
