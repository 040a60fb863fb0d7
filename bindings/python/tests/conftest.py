"""Makes ``import tether`` use this checkout (bindings/python) whatever the working directory."""

import os
import sys

BINDINGS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if BINDINGS_DIR not in sys.path:
    sys.path.insert(0, BINDINGS_DIR)


import pytest  # noqa: E402


@pytest.fixture
def engine():
    """A private tether.Engine, closed after the test."""
    import tether

    with tether.Engine() as made:
        yield made
