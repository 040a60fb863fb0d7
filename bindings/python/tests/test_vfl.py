"""The Visual Format Language: tether.constraints_with_visual_format, FormatOptions, errors."""

import math
import re
from pathlib import Path

import pytest

import tether
from c_header import header_text
from tether import Attribute, FormatOptions, VisualFormatError


def make_screen(engine, names, frame=(0, 0, 400, 800)):
    root = tether.View(frame=frame, engine=engine)
    views = {}
    for name in names:
        v = tether.View(engine=engine)
        v.identifier = name
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
        views[name] = v
    return root, views


def vfl(fmt, views, **kwargs):
    return tether.constraints_with_visual_format(fmt, views=views, **kwargs)


def test_screen_in_visual_format(engine):
    root, v = make_screen(engine, ["header", "content", "footer"])
    metrics = {"headerHeight": 64, "footerHeight": 50.0}
    made = []
    for fmt in ["H:|[header]|", "H:|-[content]-|", "H:|-[footer]-|",
                "V:|[header(headerHeight)]-[content]-[footer(footerHeight)]|"]:
        constraints = vfl(fmt, v, metrics=metrics)
        assert constraints and all(isinstance(c, tether.Constraint) for c in constraints)
        assert not any(c.active for c in constraints), "made inactive"
        made += constraints
    assert len(made) == 12
    tether.activate(made)
    root.layout_if_needed()
    assert v["header"].frame == (0, 0, 400, 64)
    # `|-` is the standard superview spacing (20), `-` between siblings 8.
    assert v["content"].frame == (20, 72, 360, 800 - 64 - 50 - 16)
    assert v["footer"].frame == (20, 750, 360, 50)
    first = made[0]
    assert first.first_item is v["header"] and first.second_item is root
    assert first.first_attribute == Attribute.LEADING


def test_predicates_priorities_and_relations(engine):
    root, v = make_screen(engine, ["a", "b"], frame=(0, 0, 300, 100))
    cs = vfl("H:|-10-[a(>=50,<=80@750)]-(>=gap)-[b(==a)]-10-|", v, metrics={"gap": 20})
    cs += vfl("V:|[a(30)]", v) + vfl("V:|[b(40)]", v)
    tether.activate(cs)
    root.layout_if_needed()
    a, b = v["a"].frame, v["b"].frame
    assert a.height == 30 and b.height == 40
    assert a.width == b.width
    assert a.x == 10 and b.x + b.width == 290
    assert b.x - (a.x + a.width) >= 20 - 1e-9
    assert any(c.priority == 750 for c in cs)


def test_options_align_all(engine):
    root, v = make_screen(engine, ["a", "b", "c"], frame=(0, 0, 300, 200))
    cs = vfl("H:|-[a(40)]-[b(50)]-[c(60)]", v,
             options=FormatOptions.ALIGN_ALL_CENTER_Y | FormatOptions.DIRECTION_LEFT_TO_RIGHT)
    assert len(cs) == 6 + 2  # the connections and sizes, then a with b and b with c aligned
    # Apple's order: the earlier view of each pair is the first item.
    assert [(c.first_item, c.first_attribute, c.second_item, c.second_attribute) for c in cs[-2:]] == [
        (v["a"], Attribute.CENTER_Y, v["b"], Attribute.CENTER_Y),
        (v["b"], Attribute.CENTER_Y, v["c"], Attribute.CENTER_Y)]
    cs += vfl("V:|-(30)-[a(20)]", v) + vfl("V:[b(40)]", v) + vfl("V:[c(60)]", v)
    tether.activate(cs)
    root.layout_if_needed()
    centers = [view.frame.y + view.frame.height / 2 for view in v.values()]
    assert centers == [40, 40, 40]
    assert [view.frame.x for view in v.values()] == [20, 68, 126]


def test_superview_spacing_uses_layout_margins(engine):
    root, v = make_screen(engine, ["a", "b"], frame=(0, 0, 300, 200))
    a, b = v["a"], v["b"]
    assert engine.superview_spacing_uses_layout_margins is False  # AppKit's 20 points
    [appkit] = vfl("H:|-[a]", v)
    assert (appkit.second_attribute, appkit.constant) == (Attribute.LEADING, 20)

    engine.superview_spacing_uses_layout_margins = True
    assert engine.superview_spacing_uses_layout_margins is True
    # UIKit since iOS 8: the superview's margin edges, flush; siblings keep 8.
    made = vfl("H:|-[a]-[b]-|", v)
    assert [(c.first_item, c.first_attribute, c.second_item, c.second_attribute, c.constant)
            for c in made] == [
        (a, Attribute.LEADING, root, Attribute.LEADING_MARGIN, 0),
        (b, Attribute.LEADING, a, Attribute.TRAILING, 8),
        (root, Attribute.TRAILING_MARGIN, b, Attribute.TRAILING, 0)]
    [top] = vfl("V:|-[a]", v)
    assert (top.second_item, top.second_attribute) == (root, Attribute.TOP_MARGIN)
    # An explicit gap keeps the superview's edge.
    [explicit] = vfl("H:|-20-[a]", v)
    assert (explicit.second_attribute, explicit.constant) == (Attribute.LEADING, 20)

    tether.activate(made + vfl("H:[a(100)]", v) + vfl("V:|-[a(10)]", v) + vfl("V:|[b(10)]", v))
    root.layout_if_needed()
    assert a.frame == (8, 8, 100, 10)  # the default margins, 8
    root.layout_margins = (30, 16, 0, 24)
    root.layout_if_needed()
    assert a.frame == (16, 30, 100, 10)
    assert b.frame.x + b.frame.width == 300 - 24

    engine.superview_spacing_uses_layout_margins = False
    [again] = vfl("H:|-[a]", v)
    assert (again.second_attribute, again.constant) == (Attribute.LEADING, 20)


def test_options_direction_right_to_left(engine):
    root, v = make_screen(engine, ["a", "b"], frame=(0, 0, 300, 100))
    cs = vfl("H:|-(10)-[a(40)]-(5)-[b(50)]", v, options=FormatOptions.DIRECTION_RIGHT_TO_LEFT)
    cs += vfl("V:|[a(10)]", v) + vfl("V:|[b(10)]", v)
    tether.activate(cs)
    root.layout_if_needed()
    assert v["a"].frame == (250, 0, 40, 10)
    assert v["b"].frame == (195, 0, 50, 10)


def test_layout_guides_and_empty_results(engine):
    root, v = make_screen(engine, ["a"], frame=(0, 0, 200, 100))
    guide = tether.LayoutGuide(engine=engine)
    root.add_layout_guide(guide)
    cs = vfl("H:|-(15)-[guide(30)]-(5)-[a]-(0)-|", {"guide": guide, "a": v["a"]})
    cs += vfl("V:|[a(10)]", v) + vfl("V:|[guide(10)]", {"guide": guide})
    tether.activate(cs)
    root.layout_if_needed()
    assert guide.layout_frame == (15, 0, 30, 10)
    assert v["a"].frame == (50, 0, 150, 10)
    assert vfl("H:[a]", v) == []


def test_format_options_match_the_header():
    header = header_text(Path(tether.__file__).resolve().parents[3] / "Include" / "tether.h")
    defines = dict(re.findall(r"#define TETHER_FORMAT_(\w+)\s+(\w+)", header))
    assert defines, "no TETHER_FORMAT_ macros"
    assert {name: int(value.rstrip("u"), 16) for name, value in defines.items()} == {
        name: FormatOptions[name].value for name in FormatOptions.__members__
    }
    assert FormatOptions.ALIGN_ALL_BASELINE == FormatOptions.ALIGN_ALL_LAST_BASELINE == 1 << 11


def test_parse_error_has_apples_message_and_position(engine):
    _, v = make_screen(engine, ["a"])
    fmt = "H:|-[a]-[missing]-|"
    with pytest.raises(VisualFormatError) as info:
        vfl(fmt, v)
    error = info.value
    assert isinstance(error, tether.TetherError) and isinstance(error, ValueError)
    assert error.status == 14
    assert error.position == 16
    assert error.format == fmt
    assert str(error) == ("Unable to parse constraint format: \nmissing is not a key in the views "
                          "dictionary.\n" + fmt + "\n" + " " * 16 + "^")
    assert str(error).splitlines()[-1].index("^") == error.position


@pytest.mark.parametrize(
    "fmt, position, reason",
    [
        ("", 0, "It's an empty string."),
        ("X:[a]", 0, None),
        ("H:[a(]", 5, None),
        ("H:[a]-[a", 8, None),
        ("H:[a(==m)]", None, 'Encountered metric with name "m"'),
        ("V:|-(-)-[a]", None, None),
    ],
)
def test_parse_errors(engine, fmt, position, reason):
    _, v = make_screen(engine, ["a"])
    with pytest.raises(VisualFormatError) as info:
        vfl(fmt, v)
    error = info.value
    assert 0 <= error.position <= len(fmt)
    if position is not None:
        assert error.position == position, str(error)
    if reason is not None:
        assert reason in str(error)
    if fmt:
        assert str(error).startswith("Unable to parse constraint format:")


def test_options_apple_rejects(engine):
    _, v = make_screen(engine, ["a", "b"])
    with pytest.raises(VisualFormatError, match="Options mask"):
        vfl("H:[a]-[b]", v, options=FormatOptions.ALIGN_ALL_LEFT)
    with pytest.raises(VisualFormatError, match="Baseline-to-baseline"):
        vfl("H:[a]-[b]", v, options=FormatOptions.SPACING_BASELINE_TO_BASELINE)


def test_bad_arguments(engine):
    _, v = make_screen(engine, ["a"])
    with pytest.raises(tether.InvalidArgumentError):
        vfl("H:|-(m)-[a]", v, metrics={"m": math.nan})
    with pytest.raises(tether.InvalidArgumentError):
        vfl("H:|-(m)-[a]", v, metrics={"m": math.inf})
    with pytest.raises(TypeError):
        vfl("H:|-(m)-[a]", v, metrics={"m": "8"})
    with pytest.raises(TypeError):
        vfl("H:|[a]|", {"a": "not a view"})
    with pytest.raises(TypeError):
        vfl(b"H:|[a]|", v)
    with tether.Engine() as other:
        stranger = tether.View(engine=other)
        with pytest.raises(tether.InvalidIdError):
            vfl("H:[a]-[b]", {"a": v["a"], "b": stranger})
    freed = tether.View(engine=engine)
    freed.free()
    with pytest.raises(tether.TetherError):
        vfl("H:|[a]|", {"a": freed})
    # The engine keeps working.
    assert len(vfl("H:|-[a]-|", v)) == 2


def test_many_constraints_grow_the_buffer(engine):
    names = [f"v{i}" for i in range(12)]
    root, v = make_screen(engine, names, frame=(0, 0, 1000, 50))
    fmt = "H:|" + "".join(f"[{n}(10)]" for n in names) + "|"
    cs = vfl(fmt, v)
    assert len(cs) == 2 * len(names) + 1  # > the binding's first guess of 16
    assert len({c.id for c in cs}) == len(cs)


# -- property tests ------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

VFL_ALPHABET = "HV:|-[]()<>=@,0123456789.abm_ \t\n"


@settings(max_examples=400, deadline=None)
@given(text=st.one_of(st.text(alphabet=VFL_ALPHABET, max_size=40), st.text(max_size=20)),
       options=st.integers(min_value=0, max_value=(1 << 20) - 1))
def test_random_strings_never_crash(shared_screen, text, options):
    """Any string either parses or raises VisualFormatError with a column inside it (a NUL,
    which C strings cannot carry, raises InvalidArgumentError); either way the engine keeps
    working."""
    _, v = shared_screen
    try:
        made = vfl(text, v, metrics={"m": 8}, options=options)
    except tether.InvalidArgumentError:
        assert "\x00" in text
    except VisualFormatError as error:
        assert 0 <= error.position <= len(text.encode("utf-8"))
        assert str(error).startswith("Unable to parse constraint format:") or text == ""
    else:
        assert all(isinstance(c, tether.Constraint) and not c.active for c in made)
    assert len(vfl("H:|-[a]-|", v)) == 2


@pytest.fixture(scope="module")
def shared_screen():
    """One engine and screen for all examples of a property test (hypothesis calls the test
    many times; nothing is activated, so the examples do not see each other)."""
    with tether.Engine() as engine:
        yield make_screen(engine, ["a", "b", "c", "d"])


RELATIONS = {"": tether.Relation.EQUAL, "==": tether.Relation.EQUAL,
             "<=": tether.Relation.LESS_THAN_OR_EQUAL, ">=": tether.Relation.GREATER_THAN_OR_EQUAL}


@st.composite
def connections(draw, to_superview):
    """A connection's text and the (relation, constant, priority) of each predicate it makes."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return "", [(tether.Relation.EQUAL, 0, 1000)]
    if kind == 1:  # standard spacing: 20 to the superview, 8 between siblings
        return "-", [(tether.Relation.EQUAL, 20 if to_superview else 8, 1000)]
    if kind == 2:
        n = draw(st.integers(0, 60))
        return f"-{n}-", [(tether.Relation.EQUAL, n, 1000)]
    relation = draw(st.sampled_from(sorted(RELATIONS)))
    n = draw(st.integers(-30, 60))
    if kind == 3:
        return f"-({relation}{n}@p)-", [(RELATIONS[relation], n, 300)]
    return f"-({relation}m,<={n + 100}@750)-", [(RELATIONS[relation], 11, 1000),
                                                 (tether.Relation.LESS_THAN_OR_EQUAL, n + 100, 750)]


@st.composite
def formats(draw):
    """A valid format over a, b, c, d and the constraints it must make, built by hand in Apple's
    order: per view its leading connection then its predicates, the closing connection, then
    the alignment constraints."""
    A = tether.Attribute
    vertical = draw(st.booleans())
    lead, trail, size = (A.TOP, A.BOTTOM, A.HEIGHT) if vertical else (A.LEADING, A.TRAILING,
                                                                        A.WIDTH)
    names = draw(st.permutations("abcd"))[: draw(st.integers(1, 4))]
    text = "V:" if vertical else draw(st.sampled_from(["H:", ""]))
    expected = []  # (first, first attribute, relation, second, second attribute, constant, p)
    if draw(st.booleans()):
        t, preds = draw(connections(True))
        text += "|" + t
        expected += [(names[0], lead, r, "|", lead, c, p) for r, c, p in preds]
    for index, name in enumerate(names):
        if index:
            t, preds = draw(connections(False))
            text += t
            expected += [(name, lead, r, names[index - 1], trail, c, p) for r, c, p in preds]
        text += "[" + name
        predicate = draw(st.integers(0, 2))
        if predicate == 1:
            relation, n = draw(st.sampled_from(sorted(RELATIONS))), draw(st.integers(1, 99))
            text += f"({relation}{n})"
            expected.append((name, size, RELATIONS[relation], None, A.NOT_AN_ATTRIBUTE, n, 1000))
        elif predicate == 2:
            relation, other = draw(st.sampled_from(sorted(RELATIONS))), draw(st.sampled_from("abcd"))
            text += f"({relation}{other}@p,>=m)"
            expected.append((name, size, RELATIONS[relation], other, size, 0, 300))
            expected.append((name, size, tether.Relation.GREATER_THAN_OR_EQUAL, None,
                             A.NOT_AN_ATTRIBUTE, 11, 1000))
        text += "]"
    if draw(st.booleans()):
        t, preds = draw(connections(True))
        text += t + "|"
        expected += [("|", trail, r, names[-1], trail, c, p) for r, c, p in preds]
    options = FormatOptions(0)
    if len(names) > 1 and draw(st.booleans()):
        options, attribute = ((FormatOptions.ALIGN_ALL_CENTER_X, A.CENTER_X) if vertical
                              else (FormatOptions.ALIGN_ALL_BOTTOM, A.BOTTOM))
        # Apple's order: the earlier view of each pair is the first item.
        expected += [(names[k - 1], attribute, tether.Relation.EQUAL, names[k], attribute, 0, 1000)
                     for k in range(1, len(names))]
    return text, options, expected


@settings(max_examples=300, deadline=None)
@given(case=formats())
def test_generated_formats_match_hand_built_constraints(shared_screen, case):
    text, options, expected = case
    root, v = shared_screen
    items = dict(v, **{"|": root})
    made = vfl(text, v, metrics={"m": 11, "p": 300}, options=options)
    got = [(c.first_item, c.first_attribute, c.relation, c.second_item, c.second_attribute,
            c.multiplier, c.constant, c.priority) for c in made]
    # UIKit reports multiplier 1 for a constraint without a second item, as for any other.
    want = [(items[f], fa, r, items[s] if s else None, sa, 1, c, p)
            for f, fa, r, s, sa, c, p in expected]
    assert got == want, text
