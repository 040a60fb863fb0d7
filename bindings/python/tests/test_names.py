"""The C API's tether_*_name functions agree with the Python enums' names (issue 24, item 6): one
spelling (Apple's) across the layers, for a value read back as a bare number."""

from __future__ import annotations

from tether import Attribute, Relation, _ffi


def _name(function, value) -> str:
    return getattr(_ffi._dll, function)(value).decode()


def test_every_attribute_and_relation_has_its_python_name_in_c() -> None:
    for attribute in Attribute:
        assert _name("tether_attribute_name", attribute) == attribute.apple_name, attribute
    for relation in Relation:
        assert _name("tether_relation_name", relation) == relation.symbol, relation
    assert _name("tether_attribute_name", 99) == "unknown attribute"


def test_the_other_enumerations_are_named_as_layout_documents_write_them() -> None:
    assert [_name("tether_axis_name", v) for v in (0, 1)] == ["horizontal", "vertical"]
    assert _name("tether_stack_distribution_name", 1) == "fillEqually"
    assert _name("tether_stack_alignment_name", 4) == "trailing"
    assert _name("tether_layout_direction_name", 1) == "rightToLeft"
    assert _name("tether_semantic_content_attribute_name", 3) == "forceLeftToRight"
