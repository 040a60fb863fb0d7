"""What `import tether` and `import tether.kiwi` load, and that every public name still resolves.

The package imports its modules on first use (PEP 562 `__getattr__` in tether/__init__.py): a
program that only needs the solver, or kiwisolver's API, does not pay for the view model, the
renderer and the document reader. Each check runs in a fresh interpreter, since this test
process has imported everything already.
"""

import json
import os
import subprocess
import sys

import pytest

import tether

VIEW_MODEL_MODULES = {
    "tether.anchors", "tether.constraint", "tether.document", "tether.items",
    "tether.render", "tether.stack_view", "tether.view", "tether.view_geometry",
    "tether.visual_format",
}


def _loaded_after(statement):
    """The tether modules a fresh interpreter holds after running `statement`."""
    probe = (statement + "\nimport sys, json\n"
             "print(json.dumps(sorted(k for k in sys.modules if k.split('.')[0] == 'tether')))")
    env = dict(os.environ)
    # This process may find the package through conftest's sys.path, not PYTHONPATH.
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(tether.__file__)))
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                         text=True, env=env).stdout
    return set(json.loads(out))


def test_importing_tether_kiwi_loads_the_solver_but_not_the_view_model():
    loaded = _loaded_after("import tether.kiwi")
    assert {"tether.kiwi", "tether.solver", "tether._ffi"} <= loaded
    assert not loaded & VIEW_MODEL_MODULES, sorted(loaded & VIEW_MODEL_MODULES)


def test_importing_tether_loads_the_library_and_the_engine_until_a_name_is_used():
    loaded = _loaded_after("import tether")
    assert {"tether._ffi", "tether.engine"} <= loaded
    assert not loaded & VIEW_MODEL_MODULES, sorted(loaded)
    assert "tether.solver" not in loaded
    loaded = _loaded_after("import tether\ntether.View")
    assert "tether.view" in loaded and "tether.document" not in loaded


def test_an_engine_reached_without_the_package_names_still_wraps_a_view_made_in_c():
    # The view model's wrapper classes register with the engine when their modules load; an
    # engine used before any of them (here a view made through the C function) loads them.
    loaded = _loaded_after(
        "from ctypes import byref, c_uint64\n"
        "from tether import _ffi\n"
        "from tether.engine import Engine\n"
        "engine = Engine()\n"
        "out = c_uint64()\n"
        "assert _ffi._dll.tether_view_new(engine._h(), _ffi.CRect(0, 0, 10, 20), byref(out)) == _ffi.OK\n"
        "view = engine._item_for(out.value)\n"
        "assert type(view).__name__ == 'View' and view.frame.height == 20, view\n")
    assert "tether.view" in loaded


@pytest.mark.parametrize("name", tether.__all__)
def test_every_public_name_resolves_to_the_object_its_module_defines(name):
    value = getattr(tether, name)
    assert value is not None
    assert name in dir(tether)


def test_public_names_are_the_modules_own_objects():
    from tether import constraint, geometry, solver, view

    assert tether.Constraint is constraint.Constraint
    assert tether.SolverConstraint is solver.Constraint
    assert tether.SolverConstraints is solver.Constraints
    assert tether.View is view.View
    assert tether.Rect is geometry.Rect
    assert tether.render is sys.modules["tether.render"]


def test_the_submodules_stay_reachable_as_attributes_of_the_package():
    loaded = _loaded_after("import tether\nassert tether.solver.Solver is tether.Solver\n"
                           "assert tether.view_geometry.__name__ == 'tether.view_geometry'")
    assert {"tether.solver", "tether.view_geometry"} <= loaded


def test_an_unknown_name_raises_attribute_error_naming_it():
    with pytest.raises(AttributeError, match="no attribute 'NoSuchThing'"):
        tether.NoSuchThing  # noqa: B018
    assert not hasattr(tether, "kiwi_solver")


def test_star_import_gives_every_public_name():
    namespace = {}
    exec("from tether import *", namespace)  # noqa: S102
    assert set(tether.__all__) <= set(namespace)
