// tether-bench: one canonical workload (shared docs, benchmarks.md) at one size through the Swift
// API of TetherSolver, printed as one JSON line.
//
//     tether-bench WORKLOAD N [--order natural|reverse] [--shuffle SEED] [--edits first|last]
//                             [--batch] [--no-definitions] [--churn-budget SECONDS]
//
// WORKLOAD is siblings, chain, stack, grid, grid2d or churn (definitions in Workloads.swift and
// docs/benchmarks.md), or a view-model workload built with views and anchors and laid out with
// layoutIfNeeded, form or vgrid, or its raw twin on the solver alone, form-raw or vgrid-raw
// (ViewWorkloads.swift), or a shape of the zoo (issue 18): grid2d-req (Workloads.swift),
// aspect-grid and aligned-feed (ZooWorkloads.swift), nested-stacks (NestedStacks.swift),
// random-screen (RandomScreen.swift; --screen-seed SEED picks the screen, default 1).
// --batch makes every constraint first and adds them with one add(batch:), as the Python
// package's add_all does; the default is one add per constraint. The insertion order
// (Shuffle.swift): --order reverse adds the constraints last to first, --shuffle SEED in a seeded
// shuffle of the list; the view-model workloads make their views first and activate their
// constraints in that order, one activate each (nested-stacks: arranges its views in it).
// --edits first (or --order edits-first) adds the root's edit variables and suggests their
// values before the constraints instead of after them (the workloads with edit variables:
// chain, churn, grid, grid2d, grid2d-req, aspect-grid). Every result is verified against the
// closed-form layout, in every order; a wrong layout exits 3 (and an error thrown by the solver
// exits 2), so a broken solver never posts a time.
//
// Nothing runs at the top level of this file except the call below: code at the top level of
// main.swift works on globals and is several times slower (swift-c-abi.md §7).

import Glibc

exit(benchMain(CommandLine.arguments))
