"""Tether's stand-in for kiwisolver (docs/kiwi.md).

The folder above this package is ``tether.kiwi.SHIM_PATH``. On ``PYTHONPATH``, ahead of
site-packages, it makes ``import kiwisolver`` in any Python process give :mod:`tether.kiwi`:
importing this package runs :func:`tether.kiwi.install`, which puts tether.kiwi in its place in
``sys.modules``, so the import statement returns tether.kiwi itself, not this module.
``python -m tether.kiwi`` puts the folder there for the processes a program starts.
"""

import tether.kiwi

_TETHER_KIWI_SHIM = True  # lets tether.kiwi.install() replace this module

tether.kiwi.install()
