# The layers inside each module (issue 19): what each folder may reach, beyond what SwiftPM's
# target dependencies already enforce between modules.
#
#   make check-layers   suite: scripts/check-layers.py (python3, standard library only): the
#                       model reaches the layout pass only through LayoutEngine+ModelEvents.swift,
#                       the exports reach handles only through TetherC/Support, and the rest of
#                       the rules docs/architecture.md lists

check-layers:
	@$(PYTHON) scripts/check-layers.py

TEST_SUITES += check-layers
.PHONY: check-layers
