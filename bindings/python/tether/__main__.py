"""``python -m tether``: the command line for layout documents (see :mod:`tether.cli`)."""

from .cli import main

raise SystemExit(main())
