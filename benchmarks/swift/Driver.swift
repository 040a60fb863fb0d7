// tether-bench's driver: the command line, the dispatch to a workload and the JSON line.

import Glibc

let workloadNames = ["siblings", "chain", "stack", "grid", "grid2d", "churn",
                     "form", "form-raw", "vgrid", "vgrid-raw",
                     "grid2d-req", "aspect-grid", "nested-stacks", "aligned-feed", "random-screen"]
/// `--build-only`: the build's end (`endOfBuild`) prints the build's milliseconds and exits, so
/// that a profile of the process is the build's alone. A global, set once by `parseOptions`
/// before any workload runs: the builds end in helpers that take no options.
nonisolated(unsafe) var stopsAfterBuild = false

/// Called where a build is timed to its end: with `--build-only`, prints the milliseconds and
/// exits (status 0) before the workload's resizes, relayouts and checks.
func endOfBuild(_ milliseconds: Double) {
    guard stopsAfterBuild else { return }
    print(milliseconds)
    exit(0)
}

/// The workloads with edit variables (the root's size), which `--edits first|last` places.
let editWorkloads: Set<String> = ["chain", "churn", "grid", "grid2d", "grid2d-req", "aspect-grid"]

func parseOptions(_ arguments: [String]) throws(BenchFailure) -> Options {
    let usage = "usage: tether-bench WORKLOAD N [--order natural|reverse] [--shuffle SEED] [--edits first|last]"
        + " [--screen-seed SEED] [--batch] [--no-definitions] [--churn-budget SECONDS] [--build-only]"
        + "\n  WORKLOAD: " + workloadNames.joined(separator: ", ")
        + "\n  --shuffle SEED: a seeded shuffle of the insertion (view models: activation) order"
        + "\n  --screen-seed SEED: random-screen only, the screen to build (default 1)"
        + "\n  --build-only: stop after the build and its first solve, and print only its milliseconds"
        + " (for profilers: callgrind, perf)"
        + "\n  --edits first|last: the root's edit variables before or after the constraints ("
        + editWorkloads.sorted().joined(separator: ", ") + "; --order edits-first = --edits first)"
    var positional: [String] = []
    var order = InsertionOrder.natural
    var orderGiven = false
    var editsFirst = false
    var editsGiven = false
    var screenSeed: UInt64 = 1
    var budget = 20.0
    var batch = false
    var definitions = true
    var i = 1
    while i < arguments.count {
        let a = arguments[i]
        if ["--order", "--churn-budget", "--shuffle", "--edits", "--screen-seed"].contains(a) {
            guard i + 1 < arguments.count else { throw .usage(usage) }
            let v = arguments[i + 1]
            switch a {
            case "--order":
                guard v == "natural" || v == "reverse" || v == "edits-first", !orderGiven else { throw .usage(usage) }
                orderGiven = true
                order = v == "reverse" ? .reverse : .natural
                if v == "edits-first" { editsFirst = true; editsGiven = true }
            case "--shuffle":
                guard let seed = UInt64(v), !orderGiven else { throw .usage(usage) }
                orderGiven = true
                order = .shuffle(seed: seed)
            case "--screen-seed":
                guard let seed = UInt64(v) else { throw .usage(usage) }
                screenSeed = seed
            case "--edits":
                guard v == "first" || v == "last" else { throw .usage(usage) }
                editsFirst = v == "first"
                editsGiven = true
            default:
                guard let b = Double(v), b > 0 else { throw .usage(usage) }
                budget = b
            }
            i += 2
        } else if a == "--batch" {
            batch = true
            i += 1
        } else if a == "--build-only" {
            stopsAfterBuild = true
            i += 1
        } else if a == "--no-definitions" {
            definitions = false
            i += 1
        } else if a == "-h" || a == "--help" {
            throw .usage(usage)
        } else {
            positional.append(a)
            i += 1
        }
    }
    guard positional.count == 2, workloadNames.contains(positional[0]),
        let n = Int(positional[1]), n >= 2
    else { throw .usage(usage) }
    if editsGiven && !editWorkloads.contains(positional[0]) {
        throw .usage("--edits applies to the workloads with edit variables ("
                     + editWorkloads.sorted().joined(separator: ", ") + "); \(positional[0]) has none")
    }
    return Options(workload: positional[0], n: n, order: order, editsFirst: editsFirst, editsGiven: editsGiven,
                   screenSeed: screenSeed, batch: batch, churnBudgetSeconds: budget, definitions: definitions)
}

/// Prints why a run failed and returns its exit code: 3 for a BenchFailure (a layout that differs
/// from the closed form), 2 for any other error, named `other` ("solver error", "layout error").
func failureExitCode(_ error: any Error, workload: String, n: Int, other: String) -> Int32 {
    if let failure = error as? BenchFailure {
        printError("\(workload) N=\(n): \(failure)")
        return 3
    }
    printError("\(workload) N=\(n): \(other): \(error)")
    return 2
}

extension JSONLine {
    /// A result line of tether-bench, opening with its engine, workload and N.
    init(workload: String, n: Int) {
        self.init()
        set("engine", "tether-swift")
        set("workload", workload)
        set("n", n)
    }

    /// The peak resident set (VmHWM) before the run and now, when the system reports it.
    mutating func setPeak(since baseline: Int?) {
        if let before = baseline, let peak = peakResidentKilobytes() {
            set("baseline_hwm_kb", before)
            set("peak_hwm_kb", peak)
        }
    }
}

func benchMain(_ arguments: [String]) -> Int32 {
    if let code = hierarchyBenchMain(arguments) { return code }  // HierarchyWorkloads.swift
    if let code = animationBenchMain(arguments) { return code }  // AnimationWorkloads.swift
    let options: Options
    do {
        options = try parseOptions(arguments)
    } catch {
        printError(error.description)
        return 64
    }
    let baselineRSS = maxResidentKilobytes()
    let baselineHWM = peakResidentKilobytes()
    let m: Measurement
    var view: ViewReport?
    do {
        switch options.workload {
        case "siblings": m = try runSiblings(options)
        case "chain": m = try runChain(options)
        case "stack": m = try runStack(options)
        case "grid": m = try runGrid(options)
        case "grid2d", "grid2d-req": m = try runGrid2D(options)
        case "aspect-grid": m = try runAspectGrid(options)
        case "nested-stacks": (m, view) = try runNestedStacks(options)
        case "aligned-feed": (m, view) = try runAlignedFeed(options)
        case "random-screen": (m, view) = try runRandomScreen(options)
        case "form": (m, view) = try runForm(options)
        case "form-raw": (m, view) = try runFormRaw(options)
        case "vgrid": (m, view) = try runVGrid(options)
        case "vgrid-raw": (m, view) = try runVGridRaw(options)
        default: m = try runChurn(options)
        }
    } catch BenchFailure.usage(let message) {
        printError(message)
        return 64
    } catch {
        return failureExitCode(error, workload: options.workload, n: options.n, other: "solver error")
    }

    var out = JSONLine(workload: options.workload, n: options.n)
    out.set("order", options.order.name)
    if let seed = options.order.seed { out.set("seed", integer: seed) }
    if editWorkloads.contains(options.workload) { out.set("edits", options.editsFirst ? "first" : "last") }
    if options.workload == "random-screen" { out.set("screen_seed", integer: options.screenSeed) }
    out.set("adds", options.batch ? "batch" : "one by one")
    out.set("definitions", options.definitions ? "eliminated" : "in the tableau")
    out.set("views", m.views)
    out.set("constraints", m.constraintsAdded)
    out.set("build_solve_ms", m.buildSolveMilliseconds)
    if let v = m.resizeFirstMicroseconds { out.set("resize_first_us", v) }
    if let v = m.resizeMedianMicroseconds {
        out.set("resize_us_median", v)
        out.set("resizes", m.resizeCount)
    }
    if let v = m.opMedianMicroseconds {
        out.set("op_us_median", v)
        out.set("remove_us_median", m.removeMedianMicroseconds ?? .nan)
        out.set("add_us_median", m.addMedianMicroseconds ?? .nan)
        out.set("churn_cycles", m.churnCycles)
    }
    if let v = m.readoutMicroseconds {
        out.set("readout_us", v)
        out.set("readout_values", m.readoutCount)
    }
    out.set("rows", m.rows)
    out.set("cells", m.cells)
    out.set("definitions_held", m.definitions)
    out.set("solver_bytes", m.solverBytes)
    out.set("solver_bytes_per_constraint",
            m.constraintsAdded > 0 ? Double(m.solverBytes) / Double(m.constraintsAdded) : 0)
    // Tableau cells per constraint the solver holds (the view model's content sizes and root
    // pins included): the fill-in an insertion order causes, independent of the machine's speed.
    let held = view.map(\.solverConstraints).flatMap { $0 > 0 ? $0 : nil } ?? m.constraintsAdded
    out.set("cells_per_constraint", held > 0 ? Double(m.cells) / Double(held) : 0)
    out.set("pivots", m.pivotsBuild)
    out.set("pivots_total", m.pivotsTotal)
    view?.write(into: &out)
    out.set("verified", true)
    out.set("baseline_rss_kb", baselineRSS)
    out.set("max_rss_kb", maxResidentKilobytes())
    out.setPeak(since: baselineHWM)
    print(out.text)
    return 0
}
