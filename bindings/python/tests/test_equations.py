"""Equation text: tether.constraints_with_equations, EquationError, and a property test that
parses random equations written in random arrangements against the values they were made from."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tether
from tether import Attribute, EquationError, Relation


def screen(engine):
    root = tether.View(frame=(0, 0, 400, 800), engine=engine)
    root.identifier = "root"
    return root, {"root": root, "title": root.new_subview("title"), "email": root.new_subview("email")}


def test_the_login_screen_in_equations(engine):
    root, views = screen(engine)
    made = tether.constraints_with_equations("""
        title.top == root.top + 20; title.leading == root.leading + 20
        title.trailing == root.trailing - 20; title.height == 44
        email.top == title.bottom + 8
        email.leading == title.leading; email.width == 0.5 * title.width; email.height == title.height
    """, views=views)
    assert len(made) == 8 and not any(c.active for c in made)
    assert [c.first_attribute for c in made[:2]] == [Attribute.TOP, Attribute.LEADING]
    tether.activate(made)
    root.layout_if_needed()
    assert views["title"].frame == (20, 20, 360, 44)
    assert views["email"].frame == (20, 72, 180, 44)


def test_fields_metrics_priorities_and_guides(engine):
    root, views = screen(engine)
    c = tether.constraints_with_equations("email.top == title.bottom + 8", views=views)[0]
    assert c.first_item is views["email"] and c.second_item is views["title"]
    assert (c.first_attribute, c.relation, c.second_attribute) == (Attribute.TOP, Relation.EQUAL, Attribute.BOTTOM)
    assert (c.multiplier, c.constant, c.priority) == (1, 8, 1000)
    c = tether.constraints_with_equations("email.width >= k * title.width - pad @ defaultHigh + 1",
                                          views=views, metrics={"k": 0.25, "pad": 6})[0]
    assert (c.relation, c.multiplier, c.constant, c.priority) == (Relation.GREATER_THAN_OR_EQUAL, 0.25, -6, 751)
    c = tether.constraints_with_equations("email.height <= 30 @ 250", views=views)[0]
    assert c.second_item is None and c.constant == 30 and c.priority == 250
    c = tether.constraints_with_equations("email.top == root.safeAreaLayoutGuide.top", views=views)[0]
    assert c.second_item is root.safe_area_layout_guide


def test_an_error_names_the_column_and_makes_nothing(engine):
    root, views = screen(engine)
    def made_so_far():
        return sum(len(v.referring_constraints()) for v in views.values())

    before = made_so_far()
    text = "email.width == 10\nemail.top == missing.bottom"
    with pytest.raises(EquationError) as info:
        tether.constraints_with_equations(text, views=views)
    error = info.value
    assert isinstance(error, ValueError) and isinstance(error, tether.TetherError)
    assert error.position == text.index("missing") and error.text == text
    assert str(error) == ("Unable to parse constraint equation: missing is not a key in the views dictionary.\n"
                          "email.top == missing.bottom\n             ^")
    assert made_so_far() == before == 0


@pytest.mark.parametrize("text, reason", [
    ("email.top == 8", "location equal to a constant"),
    ("email.top == title.width", "Invalid pairing of layout attributes"),
    ("email.width = title.width", "Unknown relation"),
    ("email.width == title.width + email.height", "at most two anchors"),
    ("email.width == 1 @ 0", "Priorities must be greater than 0"),
    ("email.wdith == 1", "Unknown attribute wdith"),
])
def test_rejected_equations(engine, text, reason):
    _, views = screen(engine)
    with pytest.raises(EquationError, match=reason):
        tether.constraints_with_equations(text, views=views)


def test_argument_errors(engine):
    _, views = screen(engine)
    with pytest.raises(TypeError, match="equation text must be str"):
        tether.constraints_with_equations(b"email.width == 1", views=views)
    with pytest.raises(TypeError, match="views must be a mapping"):
        tether.constraints_with_equations("email.width == 1", views=[views["email"]])
    with pytest.raises(tether.InvalidArgumentError, match="metric_values"):
        tether.constraints_with_equations("email.width == m", views=views, metrics={"m": math.nan})
    other = tether.View(engine=tether.Engine())
    with pytest.raises(tether.InvalidIdError, match="another engine"):
        tether.constraints_with_equations("email.width == x.width", views={"email": views["email"], "x": other})
    assert tether.constraints_with_equations(" ;\n", views=views) == []


SIZES = ["width", "height"]
X_LOCATIONS = ["left", "right", "leading", "trailing", "centerX"]


def spell(number):
    """A positive number as the text might spell it."""
    return repr(float(number)) if number != int(number) else str(int(number))


@st.composite
def equations(draw):
    """A random valid equation over email/title, its expected fields, written in one of several
    arrangements of `multiplier × anchor + constant`."""
    size = draw(st.booleans())
    first = draw(st.sampled_from(SIZES if size else X_LOCATIONS))
    second = draw(st.sampled_from(SIZES if size else X_LOCATIONS))
    if {first, second} & {"leading", "trailing"} and {first, second} & {"left", "right"}:
        second = first
    relation = draw(st.sampled_from(["==", "<=", ">="]))
    multiplier = draw(st.sampled_from([1, 2, 0.5, 0.25, 3, 1.5]))
    constant = draw(st.integers(-500, 500)) / 4
    priority = draw(st.sampled_from([None, 1000, 750, 250.5, 1, 999]))
    layout = draw(st.integers(0, 3))
    anchor = f"title.{second}"
    scaled = anchor if multiplier == 1 else [f"{spell(multiplier)} * {anchor}", f"{anchor} * {spell(multiplier)}",
                                              f"{anchor} / {spell(1 / multiplier)}", f"{spell(multiplier)}*{anchor}"][layout]
    sign = "-" if constant < 0 else "+"
    side = [f"{scaled} {sign} {spell(abs(constant))}", f"{spell(constant) if constant >= 0 else '-' + spell(-constant)} + {scaled}",
            f"{scaled}{sign}{spell(abs(constant))}", f"{scaled} + 0 {sign} {spell(abs(constant))}"][draw(st.integers(0, 3))]
    text = f"email.{first} {relation} {side}" + ("" if priority is None else f" @ {spell(priority)}")
    return text, (first, relation, second, multiplier, constant, priority or 1000)


@settings(max_examples=150, deadline=None)
@given(st.lists(equations(), min_size=1, max_size=6), st.sampled_from(["\n", "; ", " ;\n\n"]))
def test_random_equations_parse_to_what_they_say(examples, separator):
    engine = tether.Engine()
    _, views = screen(engine)
    made = tether.constraints_with_equations(separator.join(text for text, _ in examples), views=views)
    assert len(made) == len(examples)
    for c, (text, (first, relation, second, multiplier, constant, priority)) in zip(made, examples):
        assert c.first_item is views["email"] and c.second_item is views["title"], text
        assert c.first_attribute.apple_name == first and c.second_attribute.apple_name == second, text
        assert c.relation.symbol == relation, text
        assert c.multiplier == pytest.approx(multiplier, rel=1e-12), text
        assert c.constant == pytest.approx(constant, abs=1e-12), text
        assert c.priority == priority, text
