"""Layout documents from Python (tether.document): loading, names, errors, saving, round trips."""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tether
from tether.document import _document_error

REPO = Path(tether.__file__).resolve().parents[3]
SCREEN = REPO / "examples" / "documents" / "screen.json"

#: The example's frames (superview coordinates) at its size, 320 x 480 with a 20-point safe area.
SCREEN_FRAMES = {
    "root": (0, 0, 320, 480),
    "header": (0, 20, 320, 44),
    "title": (100, 10, 120, 24),
    "content": (20, 72, 280, 336),
    "cancel": (20, 416, 136, 44),
    "ok": (164, 416, 136, 44),
}


def frames_of(doc: tether.Document) -> Dict[str, Tuple[float, ...]]:
    return {name: tuple(doc[name].frame) for name in SCREEN_FRAMES}


def subtree_frames(root: tether.View) -> List[Tuple[float, float, float, float]]:
    """Every frame of the subtree, depth-first (views, then each view's guides)."""
    out = []
    stack = [root]
    while stack:
        view = stack.pop()
        out.append(tuple(view.frame))
        out.extend(tuple(g.layout_frame) for g in view.layout_guides)
        stack.extend(reversed(view.subviews))
    return out


def subtree_identifiers(root: tether.View) -> List[str]:
    """Every identifier of the subtree, in the order of :func:`subtree_frames`."""
    out = []
    stack = [root]
    while stack:
        view = stack.pop()
        out.append(view.identifier)
        out.extend(g.identifier for g in view.layout_guides)
        stack.extend(reversed(view.subviews))
    return out


# ------------------------------------------------------------------------------------------------
# Loading
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["path", "str path", "text", "bytes", "indented text"])
def test_the_example_loads_from_every_kind_of_source(engine: tether.Engine, kind: str) -> None:
    text = SCREEN.read_text(encoding="utf-8")
    source = {
        "path": SCREEN,
        "str path": str(SCREEN),
        "text": text,
        "bytes": text.encode("utf-8"),
        "indented text": "\n  " + text,
    }[kind]
    doc = tether.load_document(source, engine=engine)
    assert doc.engine is engine
    assert [r.identifier for r in doc.roots] == ["root"]
    doc.root.layout_if_needed()
    assert frames_of(doc) == SCREEN_FRAMES
    assert tuple(doc["gap"].layout_frame) == (0, 408, 160, 8)
    assert isinstance(doc["gap"], tether.LayoutGuide)
    assert isinstance(doc["title"], tether.View)
    assert doc["title"].superview is doc["header"]


def test_names_constraints_and_alternatives(engine: tether.Engine) -> None:
    doc = tether.load_document(SCREEN, engine=engine)
    assert list(doc.names()) == ["root", "gap", "header", "title", "content", "cancel", "ok"]
    assert "ok" in doc and "nope" not in doc and 3 not in doc
    assert doc.get("nope") is None and doc.get("nope", 5) == 5
    with pytest.raises(KeyError):
        doc["nope"]
    # The same objects as the hierarchy's own wrappers.
    assert doc["header"] in doc.root.subviews
    tall = doc.constraints("tall-header")
    assert len(tall) == 1 and not tall[0].active and tall[0].priority == 999
    (normal,) = doc.constraints("header-height")
    assert normal.active and normal.constant == 44
    assert doc.constraints("nothing") == []
    normal.active = False
    tall[0].active = True
    doc.root.layout_if_needed()
    assert tuple(doc["header"].frame) == (0, 20, 320, 64)
    assert "roots=['root']" in repr(doc)


def test_the_default_engine_and_several_roots() -> None:
    doc = tether.load_document(
        '{"tether": 1, "views": [{"identifier": "first", "frame": [0, 0, 10, 20]},'
        ' {"identifier": "second", "frame": [1, 2, 3, 4]}]}'
    )
    try:
        assert doc.engine is tether.default_engine()
        assert [r.identifier for r in doc.roots] == ["first", "second"]
        assert doc.root is doc.roots[0]
        assert tuple(doc["second"].frame) == (1, 2, 3, 4)
    finally:
        doc.free()
    with pytest.raises(tether.InvalidIdError):
        doc.roots[0].frame


def test_an_empty_document(engine: tether.Engine) -> None:
    doc = tether.load_document('{"tether": 1, "views": []}', engine=engine)
    assert doc.roots == [] and doc.names() == {}
    with pytest.raises(LookupError):
        doc.root


def test_many_roots_use_the_two_call_pattern(engine: tether.Engine) -> None:
    views = [{"identifier": f"r{i}", "frame": [0, 0, i, i]} for i in range(40)]
    doc = tether.load_document(json.dumps({"tether": 1, "views": views}), engine=engine)
    assert [r.identifier for r in doc.roots] == [f"r{i}" for i in range(40)]
    assert tuple(doc["r39"].frame) == (0, 0, 39, 39)


def test_source_types() -> None:
    with pytest.raises(TypeError):
        tether.load_document(42)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        tether.load_document("no/such/document.json")


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------


def test_errors_carry_the_json_path_and_leave_the_engine_as_it_was(engine: tether.Engine) -> None:
    doc = tether.load_document(SCREEN, engine=engine)
    doc.root.layout_if_needed()
    before = subtree_frames(doc.root)
    bad = ('{"tether": 1, "views": [{"identifier": "r", "subviews": [{"identifier": "header"}],'
           ' "constraints": [{"first": "header.top", "second": "r.top"},'
           ' {"first": "hedaer.top", "second": "r.top"}]}]}')
    with pytest.raises(tether.DocumentError) as info:
        tether.load_document(bad, engine=engine)
    error = info.value
    assert error.path == "$.views[0].constraints[1].first"
    assert error.reason == 'unknown item "hedaer" (did you mean "header"?)'
    assert str(error) == f"{error.path}: {error.reason}"
    assert error.line is None and error.column is None
    assert error.status == 14
    assert isinstance(error, tether.TetherError) and isinstance(error, ValueError)
    assert not isinstance(error, tether.VisualFormatError)
    # Nothing of the failed load is left: the screen is as it was and lays out the same.
    doc.root.set_needs_layout()
    doc.root.layout_if_needed()
    assert subtree_frames(doc.root) == before
    assert [v.identifier for v in doc.root.subviews] == ["header", "content", "cancel", "ok"]


@pytest.mark.parametrize(
    "text, path, reason",
    [
        ("", "$", "line 1, column 1: expected a JSON value, found the end of the text (the text is empty)"),
        ('{"tether": 1,\n "views": [}', "$.views[0]", "line 2, column 12: expected a JSON value, found '}'"),
        ('{"tether": 2, "views": []}', "$.tether", "unsupported format version 2: this library reads version 1"),
        ('{"tether": 1, "views": [{"fram": [0, 0, 1, 1]}]}', "$.views[0].fram",
         'unknown key "fram" in a view (did you mean "frame"?)'),
        ('{"tether": 1, "views": [{"subviews": [{"frame": [0, 0, 1]}]}]}', "$.views[0].subviews[0].frame",
         "expected 4 numbers [x, y, width, height], found 3 elements"),
        ('{"tether": 1, "views": [{"identifier": "a"}, {"identifier": "a"}]}', "$.views[1].identifier",
         'the name "a" is already used at $.views[0].identifier; names must be unique within a document'),
        ('{"tether": 1, "views": [{"identifier": "a", "constraints": [{"visualFormat": "H:[a]",'
         ' "metrics": {"row: height": "x"}}]}]}',
         '$.views[0].constraints[0].metrics["row: height"]', "expected a number, found a string"),
    ],
)
def test_error_paths(engine: tether.Engine, text: str, path: str, reason: str) -> None:
    with pytest.raises(tether.DocumentError) as info:
        tether.load_document(text, engine=engine)
    assert (info.value.path, info.value.reason) == (path, reason)
    assert str(info.value) == f"{path}: {reason}"


def test_syntax_errors_have_a_line_and_column(engine: tether.Engine) -> None:
    with pytest.raises(tether.DocumentError) as info:
        tether.load_document(b'{"tether": 1, "views": [], "\xff": 0}', engine=engine)
    assert (info.value.path, info.value.line, info.value.column) == ("$", 1, 29)
    assert info.value.reason.startswith("line 1, column 29: invalid UTF-8")


def test_messages_that_are_not_paths_stay_whole() -> None:
    error = _document_error("no path here", 14)
    assert (error.path, error.reason, str(error)) == ("$", "no path here", "no path here")
    error = _document_error('$["a\\": b"][0]: oops', 14)
    assert (error.path, error.reason) == ('$["a\\": b"][0]', "oops")


# ------------------------------------------------------------------------------------------------
# Saving
# ------------------------------------------------------------------------------------------------


def test_save_and_load_back(engine: tether.Engine, tmp_path: Path) -> None:
    doc = tether.load_document(SCREEN, engine=engine)
    doc.root.layout_if_needed()
    target = tmp_path / "saved.json"
    text = tether.save_document(doc.root, target)
    assert target.read_text(encoding="utf-8") == text
    assert text.startswith('{\n  "tether": 1,\n  "views": [\n') and text.endswith("}\n")
    data = json.loads(text)  # Python's own reader agrees it is JSON
    assert data["views"][0]["identifier"] == "root"
    assert "tall-header" not in text  # inactive constraints are not saved
    with tether.Engine() as other:
        again = tether.load_document(target, engine=other)
        again.root.layout_if_needed()
        assert frames_of(again) == SCREEN_FRAMES
        assert tether.save_document(again.root) == text


def test_save_names_items_without_changing_them(engine: tether.Engine) -> None:
    root = tether.View(frame=(0, 0, 100, 50), engine=engine)
    a, b = tether.View(engine=engine), tether.View(engine=engine)
    b.identifier = "Side Bar"
    for v in (a, b):
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
    tether.activate([a.leading == root.leading, a.top == root.top, a.width == 30, a.height == 20,
                     b.leading == a.trailing + 8, b.top == a.top,
                     (b.width == a.width * 0.5).with_priority(999.5), b.height == 10])
    root.layout_if_needed()
    data = json.loads(tether.save_document(root))
    view = data["views"][0]
    assert view["identifier"] == "view1"
    assert [s["identifier"] for s in view["subviews"]] == ["view2", "Side_Bar"]
    assert {"first": "Side_Bar.width", "relation": "==", "second": "view2.width", "multiplier": 0.5,
            "priority": 999.5} in view["constraints"]
    assert (root.identifier, a.identifier, b.identifier) == ("", "", "Side Bar")


def test_save_keeps_what_a_measure_callable_measured(engine: tether.Engine) -> None:
    root = tether.View(frame=(0, 0, 320, 200), engine=engine)
    label = root.new_subview("label")
    # 600 points of text in lines of the proposed width, 20 points a line.
    label.measure = lambda width: ((600.0, 20.0) if math.isnan(width)
                                   else (min(600.0, width), 20.0 * math.ceil(600 / width), 15.0, 5.0))
    tether.activate([label.leading == root.leading + 20, label.trailing == root.trailing - 20,
                     label.top == root.top + 10])
    root.layout_if_needed()
    assert label.frame == (20, 10, 280, 60)
    text = tether.save_document(root)
    saved = json.loads(text)["views"][0]["subviews"][0]
    assert saved["intrinsicContentSize"] == [280, 60]
    assert (saved["firstBaselineOffsetFromTop"], saved["lastBaselineOffsetFromBottom"]) == (15, 5)
    with tether.Engine() as other:
        again = tether.load_document(text, engine=other)
        again.root.layout_if_needed()
        assert again["label"].frame == label.frame
        assert not again["label"].has_ambiguous_layout


def test_save_raises_what_a_measure_callable_raised(engine: tether.Engine) -> None:
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    label = root.new_subview("label")

    def broken(width: float) -> Tuple[float, float]:
        raise ZeroDivisionError("no font")

    label.measure = broken
    with pytest.raises(ZeroDivisionError, match="no font"):
        tether.save_document(root)


def test_save_reports_renamed_identifiers(engine: tether.Engine, caplog: pytest.LogCaptureFixture) -> None:
    root = tether.View(frame=(0, 0, 100, 50), engine=engine)
    root.identifier = "root"
    root.new_subview("user.email")
    root.new_subview("ok")
    with caplog.at_level(logging.WARNING, logger="tether"):
        data = json.loads(tether.save_document(root))
    assert [s["identifier"] for s in data["views"][0]["subviews"]] == ["user_email", "ok"]
    messages = [r.getMessage() for r in caplog.records if r.name == "tether"]
    assert len(messages) == 1
    assert messages[0].startswith("Saving a layout document renamed an item whose identifier cannot be a document name")
    assert '"user.email" -> "user_email"' in messages[0]


def test_save_errors(engine: tether.Engine) -> None:
    with pytest.raises(TypeError):
        tether.save_document("root")  # type: ignore[arg-type]
    root = tether.View(engine=engine)
    parent = root
    for _ in range(254):
        child = tether.View(engine=engine)
        parent.add_subview(child)
        parent = child
    with pytest.raises(tether.InvalidStateError, match="at most 253 levels"):
        tether.save_document(root)
    parent.remove_from_superview()
    assert json.loads(tether.save_document(root))["tether"] == 1


def test_stack_views_round_trip(engine: tether.Engine) -> None:
    root = tether.View(frame=(0, 0, 300, 100), engine=engine)
    stack = tether.StackView(engine=engine)
    stack.translates_autoresizing_mask_into_constraints = False
    root.add_subview(stack)
    tether.activate([stack.leading == root.leading, stack.trailing == root.trailing,
                     stack.top == root.top, stack.bottom == root.bottom])
    stack.distribution = tether.StackViewDistribution.FILL_EQUALLY
    stack.spacing = 6
    views = [tether.View(engine=engine) for _ in range(3)]
    for i, view in enumerate(views):
        view.identifier = f"item{i}"
        stack.add_arranged_subview(view)
    stack.set_custom_spacing(20, views[0])
    views[2].hidden = True
    root.layout_if_needed()
    text = tether.save_document(root)
    data = json.loads(text)
    assert data["views"][0]["subviews"][0]["stack"] == {
        "distribution": "fillEqually", "spacing": 6, "arrangedSubviews": ["item0", "item1", "item2"],
        "customSpacing": {"item0": 20}}
    with tether.Engine() as other:
        doc = tether.load_document(text, engine=other)
        doc.root.layout_if_needed()
        assert isinstance(doc["view2"], tether.StackView)  # the root is view1
        assert subtree_frames(doc.root) == subtree_frames(root)
        assert tether.save_document(doc.root) == text


# ------------------------------------------------------------------------------------------------
# Random hierarchies round-trip
# ------------------------------------------------------------------------------------------------

# One view of a random hierarchy: its parent (an index of an earlier view), whether it is laid out
# by constraints, a frame, an autoresizing mask, and how its x, y and width are pinned.
VIEWS = st.lists(
    st.fixed_dictionaries({
        "parent": st.integers(0, 20),
        "constrained": st.booleans(),
        "frame": st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(1, 80), st.integers(1, 80)),
        "mask": st.integers(0, 63),
        "x": st.sampled_from(["leading", "center_x", "leading_margin", "after_sibling"]),
        "x_constant": st.integers(-20, 20),
        "y": st.sampled_from(["top", "top_margin", "center_y"]),
        "y_constant": st.integers(0, 30),
        "width": st.one_of(st.tuples(st.just("fixed"), st.integers(1, 90), st.integers(500, 1000)),
                           st.tuples(st.just("ratio"), st.sampled_from([0.25, 0.5, 1 / 3]),
                                     st.integers(-5, 5))),
        "height": st.integers(5, 40),
        "hugging": st.integers(600, 900),
        "identifier": st.one_of(st.none(), st.sampled_from(["a", "b", "has space", "é"])),
    }),
    min_size=1, max_size=8,
)


def build(engine: tether.Engine, size: Tuple[int, int], rtl: bool, views: List[dict]) -> tether.View:
    root = tether.View(frame=(0, 0) + size, engine=engine)
    if rtl:
        root.semantic_content_attribute = tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    made = [root]
    constraints = []
    for spec in views:
        parent = made[spec["parent"] % len(made)]
        siblings = [v for v in parent.subviews if not v.translates_autoresizing_mask_into_constraints]
        view = tether.View(frame=spec["frame"], engine=engine)
        if spec["identifier"]:
            view.identifier = spec["identifier"]
        parent.add_subview(view)
        made.append(view)
        if not spec["constrained"]:
            view.autoresizing_mask = tether.Autoresizing(spec["mask"])
            continue
        view.translates_autoresizing_mask_into_constraints = False
        if spec["x"] == "after_sibling" and siblings:
            constraints.append(view.leading == siblings[-1].trailing + spec["x_constant"])
        else:
            anchor = "leading" if spec["x"] == "after_sibling" else spec["x"]
            constraints.append(getattr(view, anchor) == getattr(parent, anchor) + spec["x_constant"])
        constraints.append(view.top == getattr(parent, spec["y"]) + spec["y_constant"])
        kind, a, b = spec["width"]
        if kind == "fixed":
            constraints.append((view.width == a).with_priority(b))
        else:
            constraints.append(view.width == parent.width * a + b)
        view.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, spec["height"])
        view.set_content_hugging_priority(spec["hugging"], tether.Axis.VERTICAL)
    tether.activate(constraints)
    return root


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.tuples(st.integers(100, 500), st.integers(100, 500)), rtl=st.booleans(), views=VIEWS)
def test_random_hierarchies_save_and_reload_to_the_same_frames(size, rtl, views) -> None:
    reports: List[str] = []
    with tether.Engine() as engine, tether.Engine() as other:
        engine.set_diagnostic_handler(reports.append)
        other.set_diagnostic_handler(reports.append)
        root = build(engine, size, rtl, views)
        root.layout_if_needed()
        text = tether.save_document(root)
        doc = tether.load_document(text, engine=other)
        doc.root.layout_if_needed()
        original, reloaded = subtree_frames(root), subtree_frames(doc.root)
        assert len(original) == len(reloaded)
        for a, b in zip(original, reloaded):
            assert all(math.isclose(p, q, rel_tol=1e-9, abs_tol=1e-9) for p, q in zip(a, b)), (a, b, text)
        # No layout reports; identifiers that cannot be document names ("has space", "é", a
        # second "a") are renamed, and that is said once.
        renamed = [r for r in reports if r.startswith("Saving a layout document renamed")]
        changed = [(old, new) for old, new in zip(subtree_identifiers(root), subtree_identifiers(doc.root))
                   if old and old != new]
        assert len(renamed) == (1 if changed else 0), (reports, changed)
        for old, new in changed:
            assert f'"{old}" -> "{new}"' in renamed[0]
        assert len(reports) == len(renamed), reports
