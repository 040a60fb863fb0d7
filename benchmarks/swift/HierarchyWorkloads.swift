// Hierarchy workloads (issue 18): five view-model paths whose cost should follow the views they
// touch, each timed on its own and verified, printed as one JSON line.
//
//     tether-bench free-root|ambiguity-trace|many-roots|deep-chain|stack-arrange N
//
// free-root        a root with N constrained subviews, laid out; timed: engine.free(root).
//                  Verified: every view and constraint id is stale, nothing is active.
// ambiguity-trace  N siblings in a row (each one's left == the previous one's right + 1, the
//                  first only >= the root's left): every view's minX is ambiguous. Timed apart:
//                  autolayoutTrace() of the root, the root's SVG (ambiguity marks), then
//                  hasAmbiguousLayout of every view (answered from what the trace found), then
//                  after a pass hasAmbiguousLayout of every view again, each asked on its own
//                  (`has_ambiguous_cold_ms`). Verified: N AMBIGUOUS lines with the exact ranges,
//                  N views marked in the SVG, every view ambiguous both times.
// many-roots       N roots with one constrained subview each; timed: layoutAll() of the N dirty
//                  roots, then the median relayout of one root after a constant change (the
//                  others untouched). Verified: every frame, and the other roots' layoutSubviews
//                  hooks (installed on a sample) do not run during the relayouts.
// deep-chain       N views each added as the subview of the previous one (depth N); timed: the N
//                  addSubview calls. Verified: the chain, isDescendant(of:) at both ends, and
//                  that adding the root (or a middle view) under the leaf is still rejected.
// stack-arrange    N views with an intrinsic size arranged in a vertical stack view; timed: the
//                  N addArrangedSubview calls and the first layout. Verified: every frame.
//
// Definitions and results: docs/benchmarks.md ("Hierarchy paths (issue 18, bullet 3)").

import Tether
import TetherDocument

let hierarchyWorkloadNames = ["free-root", "ambiguity-trace", "many-roots", "deep-chain", "stack-arrange"]

/// What one hierarchy workload measured: named phases in milliseconds (or microseconds, by
/// their key), printed in order.
private struct HierarchyReport {
    var views = 0
    var constraints = 0
    var fields: [(String, Double)] = []
    mutating func time(_ key: String, _ value: Double) { fields.append((key, value)) }
}

/// Runs a hierarchy workload when `arguments` name one, returning the exit code (nil: not a
/// hierarchy workload, the caller's dispatch goes on).
func hierarchyBenchMain(_ arguments: [String]) -> Int32? {
    guard arguments.count >= 2, hierarchyWorkloadNames.contains(arguments[1]) else { return nil }
    let workload = arguments[1]
    guard arguments.count == 3, let n = Int(arguments[2]), n >= 2 else {
        printError("usage: tether-bench \(workload) N (N >= 2; no options)")
        return 64
    }
    let baselineHWM = peakResidentKilobytes()
    // Each workload runs on a fresh engine and fills in the report.
    var report = HierarchyReport()
    let engine = LayoutEngine()
    do {
        switch workload {
        case "free-root": try runFreeRoot(n, engine, &report)
        case "ambiguity-trace": try runAmbiguityTrace(n, engine, &report)
        case "many-roots": try runManyRoots(n, engine, &report)
        case "deep-chain": try runDeepChain(n, engine, &report)
        default: try runStackArrange(n, engine, &report)
        }
    } catch {
        return failureExitCode(error, workload: workload, n: n, other: "layout error")
    }
    var out = JSONLine(workload: workload, n: n)
    out.set("views", report.views)
    out.set("constraints", report.constraints)
    for (key, value) in report.fields { out.set(key, value) }
    out.set("verified", true)
    out.setPeak(since: baselineHWM)
    print(out.text)
    return 0
}

/// The i-th small view's frame on a 100-column grid of 10 x 10 cells.
private func gridFrame(_ i: Int) -> Rect {
    Rect(x: Double(i % 100) * 10, y: Double(i / 100) * 10, width: 10, height: 10)
}

/// Pins `view` to `frame` in `parent` (left, top, width, height).
private func pin(_ view: View, in parent: View, to frame: Rect) throws -> [LayoutConstraint] {
    [try view.leftAnchor.constraint(equalTo: parent.leftAnchor, constant: frame.minX),
     try view.topAnchor.constraint(equalTo: parent.topAnchor, constant: frame.minY),
     try view.widthAnchor.constraint(equalToConstant: frame.width),
     try view.heightAnchor.constraint(equalToConstant: frame.height)]
}

private func runFreeRoot(_ n: Int, _ engine: LayoutEngine, _ r: inout HierarchyReport) throws {
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 1000, height: 10 * Double(n / 100 + 1)))
    var itemIDs = [root.id]
    var constraintIDs: [UInt64] = []
    let t0 = nowNanoseconds()
    for i in 0..<n {
        let v = try engine.makeView()
        v.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(v)
        let cs = try pin(v, in: root, to: gridFrame(i))
        try activate(cs)
        itemIDs.append(v.id)
        constraintIDs.append(contentsOf: cs.map(\.id))
    }
    try root.layoutIfNeeded()
    let t1 = nowNanoseconds()
    for (k, v) in root.subviews.enumerated() where k % 97 == 0 || k == n - 1 {
        try expectRect(v.frame, gridFrame(k), "subview[\(k)].frame")
    }
    engine.free(root)
    let t2 = nowNanoseconds()
    for id in itemIDs where engine.item(withID: id) != nil { throw BenchFailure.verification("item \(id) is still live") }
    for id in constraintIDs where engine.constraint(withID: id) != nil {
        throw BenchFailure.verification("constraint \(id) is still live")
    }
    if !engine.activeConstraints.isEmpty {
        throw BenchFailure.verification("\(engine.activeConstraints.count) constraints are still active")
    }
    r.views = n + 1
    r.constraints = constraintIDs.count
    r.time("build_layout_ms", milliseconds(from: t0, to: t1))
    r.time("free_ms", milliseconds(from: t1, to: t2))
}

private func runAmbiguityTrace(_ n: Int, _ engine: LayoutEngine, _ r: inout HierarchyReport) throws {
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 1000, height: 100))
    var views: [View] = []
    views.reserveCapacity(n)
    var count = 0
    let t0 = nowNanoseconds()
    for i in 0..<n {
        let v = try engine.makeView()
        v.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(v)
        var cs = [try v.topAnchor.constraint(equalTo: root.topAnchor),
                  try v.widthAnchor.constraint(equalToConstant: 10),
                  try v.heightAnchor.constraint(equalToConstant: 10)]
        cs.append(i == 0 ? try v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor)
                         : try v.leftAnchor.constraint(equalTo: views[i - 1].rightAnchor, constant: 1))
        try activate(cs)
        count += cs.count
        views.append(v)
    }
    try root.layoutIfNeeded()
    let t1 = nowNanoseconds()
    let trace = try root.autolayoutTrace()
    let t2 = nowNanoseconds()
    let svg = try root.svg()
    let t3 = nowNanoseconds()
    var ambiguous = 0
    for v in views where v.hasAmbiguousLayout { ambiguous += 1 }
    let t4 = nowNanoseconds()
    // Again after a pass (which drops what the trace found): each view asked on its own.
    root.frame = Rect(x: 0, y: 0, width: 1001, height: 100)
    try root.layoutIfNeeded()
    let t5 = nowNanoseconds()
    var coldAmbiguous = 0
    for v in views where v.hasAmbiguousLayout { coldAmbiguous += 1 }
    let t6 = nowNanoseconds()

    // Every view's minX ranges from where the row starts at the root's left edge to infinity.
    let lines = trace.split(separator: "\n")
    let marked = lines.filter { $0.contains("- AMBIGUOUS LAYOUT for") }
    guard marked.count == n else { throw BenchFailure.verification("trace marks \(marked.count) views, expected \(n)") }
    for k in [0, n / 2, n - 1] {
        let want = "\(views[k].debugName).minX{range: [\(11 * k), inf]}"
        guard marked.contains(where: { $0.hasSuffix("- AMBIGUOUS LAYOUT for " + want) }) else {
            throw BenchFailure.verification("trace has no line ending with \(want)")
        }
    }
    let svgMarks = svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"view ambiguous\"") }.count
    guard svgMarks == n else { throw BenchFailure.verification("SVG marks \(svgMarks) views, expected \(n)") }
    guard ambiguous == n, coldAmbiguous == n else {
        throw BenchFailure.verification("\(ambiguous), then \(coldAmbiguous) views report hasAmbiguousLayout, expected \(n)")
    }
    r.views = n + 1
    r.constraints = count
    r.time("build_layout_ms", milliseconds(from: t0, to: t1))
    r.time("trace_ms", milliseconds(from: t1, to: t2))
    r.time("svg_ms", milliseconds(from: t2, to: t3))
    r.time("has_ambiguous_all_ms", milliseconds(from: t3, to: t4))
    r.time("has_ambiguous_cold_ms", milliseconds(from: t5, to: t6))
}

private func runManyRoots(_ n: Int, _ engine: LayoutEngine, _ r: inout HierarchyReport) throws {
    var roots: [View] = [], children: [View] = [], lefts: [LayoutConstraint] = []
    roots.reserveCapacity(n); children.reserveCapacity(n); lefts.reserveCapacity(n)
    let frame = Rect(x: 1, y: 2, width: 10, height: 10)
    for _ in 0..<n {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = try engine.makeView()
        child.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(child)
        let cs = try pin(child, in: root, to: frame)
        try activate(cs)
        roots.append(root); children.append(child); lefts.append(cs[0])
    }
    let t0 = nowNanoseconds()
    try engine.layoutAll()
    let t1 = nowNanoseconds()
    for (k, child) in children.enumerated() { try expectRect(child.frame, frame, "root[\(k)].child.frame") }

    // Relayouts of one root: its left constant alternates between 1 and 5. A sample of the other
    // roots count their hook calls, which must stay at zero.
    let target = n / 2
    let sample = stride(from: 0, to: n, by: Swift.max(1, n / 50)).filter { $0 != target }.map { roots[$0] }
    let others = PassCounter()
    others.install(on: sample)
    var samples: [Double] = []
    for k in 1...20 {
        let t = nowNanoseconds()
        lefts[target].constant = k % 2 == 1 ? 5 : 1
        try roots[target].layoutIfNeeded()
        samples.append(microseconds(from: t, to: nowNanoseconds()))
        try expectRect(children[target].frame, Rect(x: k % 2 == 1 ? 5 : 1, y: 2, width: 10, height: 10),
                       "relayout \(k): the changed root's child")
    }
    guard others.visits == 0 else { throw BenchFailure.verification("relayouts ran \(others.visits) hooks of other roots") }
    others.remove(from: sample)
    for (k, child) in children.enumerated() where k != target { try expectRect(child.frame, frame, "root[\(k)].child.frame") }
    r.views = 2 * n
    r.constraints = 4 * n
    r.time("layout_all_ms", milliseconds(from: t0, to: t1))
    r.time("relayout_one_us_median", median(samples))
}

private func runDeepChain(_ n: Int, _ engine: LayoutEngine, _ r: inout HierarchyReport) throws {
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var chain = [root]
    chain.reserveCapacity(n + 1)
    for _ in 0..<n { chain.append(try engine.makeView()) }
    let t0 = nowNanoseconds()
    for k in 1...n { try chain[k - 1].addSubview(chain[k]) }
    let t1 = nowNanoseconds()
    let leaf = chain[n], middle = chain[n / 2]
    var depth = 0
    var v: View? = leaf
    while let current = v, current !== root { depth += 1; v = current.superview }
    guard v === root, depth == n else { throw BenchFailure.verification("the leaf is \(depth) levels below its root, expected \(n)") }
    guard leaf.isDescendant(of: root), leaf.isDescendant(of: middle), !middle.isDescendant(of: leaf) else {
        throw BenchFailure.verification("isDescendant(of:) along the chain")
    }
    for ancestor in [root, middle] {
        do {
            try leaf.addSubview(ancestor)
            throw BenchFailure.verification("adding an ancestor under the leaf was accepted")
        } catch let error as LayoutError {
            guard case .invalidHierarchy = error else { throw BenchFailure.verification("cycle rejected with \(error)") }
        }
    }
    guard middle.superview === chain[n / 2 - 1] else { throw BenchFailure.verification("a rejected add moved the view") }
    let t2 = nowNanoseconds()
    let extra = try engine.makeView()
    try leaf.addSubview(extra)
    let t3 = nowNanoseconds()
    guard extra.isDescendant(of: root) else { throw BenchFailure.verification("the last add") }
    r.views = n + 2
    r.time("add_all_ms", milliseconds(from: t0, to: t1))
    r.time("add_at_depth_us", microseconds(from: t2, to: t3))
}

private func runStackArrange(_ n: Int, _ engine: LayoutEngine, _ r: inout HierarchyReport) throws {
    let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 300, height: 20 * Double(n)))
    stack.axis = .vertical
    var views: [View] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = try engine.makeView()
        v.intrinsicContentSize = Size(width: 10 + Double(i % 7), height: 20)
        views.append(v)
    }
    let t0 = nowNanoseconds()
    for v in views { try stack.addArrangedSubview(v) }
    let t1 = nowNanoseconds()
    try stack.layoutIfNeeded()
    let t2 = nowNanoseconds()
    for (i, v) in views.enumerated() {
        try expectRect(v.frame, Rect(x: 0, y: 20 * Double(i), width: 300, height: 20), "arranged[\(i)].frame")
    }
    guard stack.arrangedSubviews.count == n else { throw BenchFailure.verification("\(stack.arrangedSubviews.count) arranged views") }
    r.views = n + 1
    r.time("arrange_ms", milliseconds(from: t0, to: t1))
    r.time("first_layout_ms", milliseconds(from: t1, to: t2))
    r.time("arrange_layout_ms", milliseconds(from: t0, to: t2))
}
