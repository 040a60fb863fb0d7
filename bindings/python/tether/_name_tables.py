"""The name tables of the calls that make constraints from text (the Visual Format Language,
equation text): ``views`` and ``metrics`` mappings checked and turned into the C arrays both
calls take.

May import: :mod:`tether._ffi`, :mod:`tether._validate`, :mod:`tether.engine`,
:mod:`tether.errors`, :mod:`tether.items`.
"""

from __future__ import annotations

from ctypes import Array, c_char_p, c_double, c_uint64
from typing import TYPE_CHECKING, Mapping, NamedTuple, Optional

from . import _ffi
from ._validate import c_string, to_real
from .engine import engine_of, resolve_engine
from .errors import InvalidIdError

if TYPE_CHECKING:
    from .engine import Engine
    from .items import LayoutItem


class NameTables(NamedTuple):
    """What the C call takes: the engine of the items, and the four arrays with their counts."""

    engine: "Engine"
    view_names: "Array[c_char_p]"
    items: "Array[c_uint64]"
    item_count: int
    metric_names: "Array[c_char_p]"
    metric_values: "Array[c_double]"
    metric_count: int


def name_tables(views: Mapping[str, "LayoutItem"], metrics: Optional[Mapping[str, float]]) -> NameTables:
    """Checks ``views`` (names to views or guides of one engine) and ``metrics`` (names to finite
    numbers) and converts them. Raises TypeError for a name that is not a ``str`` or a value of the
    wrong type, InvalidIdError for items of different engines or a freed item,
    InvalidArgumentError for a non-finite metric."""
    if not isinstance(views, Mapping):
        raise TypeError(f"views must be a mapping of names to views, not {type(views).__name__}")
    metrics = {} if metrics is None else metrics
    if not isinstance(metrics, Mapping):
        raise TypeError(f"metrics must be a mapping of names to numbers, not {type(metrics).__name__}")

    engine = None
    for name, item in views.items():
        if not isinstance(name, str):
            raise TypeError(f"view names must be str, not {type(name).__name__}")
        item_engine = engine_of(item, f"views[{name!r}]")
        if engine is None:
            engine = item_engine
        elif item_engine is not engine:
            raise InvalidIdError(f"views[{name!r}] belongs to another engine than the other views",
                                 _ffi.E_INVALID_ID)
    resolved = resolve_engine(engine)

    view_names = [c_string(name, "a view name") for name in views]
    items = [resolved._own(item, f"views[{name!r}]") for name, item in views.items()]
    metric_names = []
    metric_values = []
    for name, value in metrics.items():
        if not isinstance(name, str):
            raise TypeError(f"metric names must be str, not {type(name).__name__}")
        number = to_real(value, f"metrics[{name!r}]")
        metric_names.append(c_string(name, "a metric name"))
        metric_values.append(number)
    return NameTables(
        resolved,
        (c_char_p * max(len(view_names), 1))(*view_names),
        (c_uint64 * max(len(items), 1))(*items),
        len(items),
        (c_char_p * max(len(metric_names), 1))(*metric_names),
        (c_double * max(len(metric_values), 1))(*metric_values),
        len(metric_values),
    )
