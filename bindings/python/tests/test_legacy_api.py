"""Apple API that peers' test suites use (issue 22, item 4) through the binding: a constraint's
``should_be_archived``, the update-constraints calls and the owner-based constraint API
(``View.constraints``, ``add_constraint(s)``, ``remove_constraint(s)``)."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from tether import Constraint, Engine, InvalidIdError, InvalidStateError, View


@pytest.fixture
def tree(engine: Engine) -> Tuple[View, View, View]:
    """A root (300 x 200) holding a card holding a label, both constraint-based."""
    root = View(frame=(0, 0, 300, 200), engine=engine)
    card, label = View(engine=engine), View(engine=engine)
    for parent, view, name in ((root, card, "card"), (card, label, "label")):
        view.translates_autoresizing_mask_into_constraints = False
        view.identifier = name
        parent.add_subview(view)
    root.identifier = "root"
    return root, card, label


def test_should_be_archived_is_a_stored_flag(tree: Tuple[View, View, View]) -> None:
    root, _, label = tree
    c = label.width == 40
    assert c.should_be_archived is False
    c.should_be_archived = True
    assert c.should_be_archived is True
    c.active = True
    root.layout_if_needed()
    assert c.should_be_archived is True, "a pass neither reads nor resets it"
    c.should_be_archived = False
    assert c.should_be_archived is False


def test_update_constraints_if_needed_runs_due_hooks_bottom_up(tree: Tuple[View, View, View]) -> None:
    root, card, label = tree
    ran: List[str] = []
    width = label.width == 40

    def label_hook(view: View) -> None:
        ran.append(view.identifier)
        width.active = True

    root.update_constraints = lambda view: ran.append(view.identifier)
    card.update_constraints = lambda view: ran.append(view.identifier)
    label.update_constraints = label_hook
    assert card.needs_update_constraints is True
    card.update_constraints_if_needed()
    assert ran == ["label", "card"]
    assert not card.needs_update_constraints and not label.needs_update_constraints
    assert root.needs_update_constraints
    assert width.active
    assert label.frame.width == 0, "no layout pass ran"
    root.layout_if_needed()
    assert ran == ["label", "card", "root"]
    assert label.frame.width == 40
    label.set_needs_update_constraints()
    assert label.needs_update_constraints
    root.update_constraints_if_needed()
    assert ran == ["label", "card", "root", "label"]


def test_update_constraints_if_needed_raises_what_a_hook_raised(tree: Tuple[View, View, View]) -> None:
    _, card, label = tree

    def failing(view: View) -> None:
        raise ValueError("from the hook")

    label.update_constraints = failing
    with pytest.raises(ValueError, match="from the hook"):
        card.update_constraints_if_needed()


def test_constraints_are_held_by_the_nearest_common_ancestor(tree: Tuple[View, View, View]) -> None:
    root, card, label = tree
    width = label.width == 40
    inset = label.leading == card.leading + 8
    pin = card.top == root.top
    assert root.constraints == []
    root.add_constraints([pin, inset, width])
    assert root.constraints == [pin]
    assert card.constraints == [inset]
    assert label.constraints == [width]
    assert all(isinstance(c, Constraint) for c in root.constraints)


def test_add_constraints_needs_the_holder_or_an_ancestor(tree: Tuple[View, View, View]) -> None:
    root, card, label = tree
    width = label.width == 40
    inset = label.leading == card.leading + 8
    with pytest.raises(InvalidStateError) as caught:
        label.add_constraints([width, inset])
    assert caught.value.index == 1
    assert caught.value.constraint is inset  # type: ignore[attr-defined]
    assert "label" in str(caught.value) and "card" in str(caught.value)
    assert not width.active, "nothing is activated on error"
    label.add_constraint(width)
    assert width.active and label.constraints == [width]
    with pytest.raises(TypeError, match="at index 0"):
        root.add_constraints(["not a constraint"])  # type: ignore[list-item]


def test_add_constraint_refuses_items_without_a_common_ancestor(engine: Engine,
                                                                tree: Tuple[View, View, View]) -> None:
    root, _, label = tree
    stray = View(engine=engine)
    apart = stray.width == label.width
    with pytest.raises(InvalidStateError, match="no common ancestor"):
        root.add_constraint(apart)
    other = Engine()
    foreign = View(engine=other).width == 10
    with pytest.raises(InvalidIdError):
        root.add_constraint(foreign)


def test_remove_constraints_leaves_constraints_held_elsewhere(tree: Tuple[View, View, View]) -> None:
    root, card, label = tree
    width = label.width == 40
    inset = label.leading == card.leading + 8
    root.add_constraints([width, inset])
    root.remove_constraints([width, inset])
    assert width.active and inset.active, "the root holds neither"
    card.remove_constraint(inset)
    assert not inset.active and width.active
    label.remove_constraints([width, inset])
    assert not width.active
    assert label.constraints == [] and card.constraints == []
