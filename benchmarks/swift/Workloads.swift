// The canonical workloads (shared docs, benchmarks.md) at the solver level, each built, solved,
// timed and verified against its closed-form layout. benchmarks/python_workloads.py builds the
// same constraints in the same order for tether.solver and kiwisolver; keep the two in step.
//
// Views are modelled as Auto Layout engines do: a view has a position and a size variable per
// axis (left, width; top, height); its trailing/bottom edge is the expression position + size.

import TetherSolver

struct Options {
    var workload: String
    var n: Int
    /// `--order natural|reverse` or `--shuffle SEED`: the order the constraints are added in
    /// (view-model workloads: activated in, one `activate` each).
    var order = InsertionOrder.natural
    /// `--edits first` (or the older `--order edits-first`), for the workloads with edit
    /// variables (chain, churn, grid, grid2d, grid2d-req, aspect-grid): add the root's edit
    /// variables and suggest their values before adding the constraints, so that the root's
    /// size is held while the layout is built instead of left free until the end.
    var editsFirst = false
    /// Whether `--edits` was given (the JSON line names the edits' place only then, or when the
    /// workload has edit variables).
    var editsGiven = false
    /// `--screen-seed SEED` (random-screen): which random screen to build.
    var screenSeed: UInt64 = 1
    /// Make every constraint first, then add them all with one `add(batch:)` (what the Python
    /// package's add_all does) instead of one `add` each.
    var batch = false
    /// Churn stops early (and reports how many cycles it ran) once its loop has taken this long.
    var churnBudgetSeconds = 20.0
    /// `--no-definitions`: keep every constraint in the tableau, as before definition
    /// elimination (TetherSolver's DefinitionStore), to measure what it gains.
    var definitions = true

    func makeSolver() -> Solver { Solver(eliminatingDefinitions: definitions) }

    /// The start of a timed build: the time it is timed from, then a new solver (made within the
    /// timed span).
    func startBuild() -> (t0: UInt64, solver: Solver) {
        let t0 = nowNanoseconds()
        return (t0, makeSolver())
    }
}

/// What one run measured, in the order it is printed.
struct Measurement {
    var buildSolveMilliseconds = 0.0
    var resizeFirstMicroseconds: Double?
    var resizeMedianMicroseconds: Double?
    var resizeCount = 0
    var opMedianMicroseconds: Double?
    var removeMedianMicroseconds: Double?
    var addMedianMicroseconds: Double?
    var churnCycles = 0
    var views = 0
    var constraintsAdded = 0
    var rows = 0
    var cells = 0
    var pivotsBuild = 0
    var pivotsTotal = 0
    /// Definitions held outside the tableau, and the solver's own bytes, after the build.
    var definitions = 0
    var solverBytes = 0
    /// Reading every view variable's value once after the build (one `values(of:)` call).
    var readoutMicroseconds: Double?
    var readoutCount = 0
}

/// Constraints in the order a layout would create them; added in this order or reversed.
struct ConstraintList {
    private(set) var items: [(LinearConstraint, Priority)] = []

    /// A list that starts by pinning the root's origin: `left == 0`, then `top == 0`.
    static func pinningOrigin(left: Variable, top: Variable) -> ConstraintList {
        var list = ConstraintList()
        list.append(left == 0)
        list.append(top == 0)
        return list
    }

    @discardableResult
    mutating func append(_ c: LinearConstraint, _ priority: Priority = .required) -> Int {
        items.append((c, priority))
        return items.count - 1
    }

    /// Adds every constraint, one `add` call each (or made one by one, then one `add(batch:)`),
    /// and returns the handles in list order.
    func add(to solver: Solver, _ o: Options) throws -> [Constraint] {
        var handles = [Constraint](repeating: Constraint(rawValue: 0), count: items.count)
        let permutation = o.order.permutation(items.count)
        if o.batch {
            for i in items.indices {
                handles[i] = try solver.makeConstraint(items[i].0, priority: items[i].1)
            }
            try solver.add(batch: permutation.map { handles[$0] })
            return handles
        }
        for i in permutation {
            handles[i] = try solver.add(items[i].0, priority: items[i].1)
        }
        return handles
    }
}

/// Priority 999: the edit priority of the root's size in every workload (`strong` in kiwisolver).
func editPriority() throws -> Priority { try Priority(999) }

/// Runs `count` resizes after a first one: each suggests `value(k)` for `edit` and updates; only
/// suggest + update is timed. `check(k)` verifies the layout after resize k (untimed).
func measureResizes(
    _ solver: Solver, edit: Variable, count: Int,
    value: (Int) -> Double, check: (Int) throws -> Void,
    into m: inout Measurement
) throws {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for k in 1...(count + 1) {
        let target = value(k)
        let t0 = nowNanoseconds()
        try solver.suggestValue(target, for: edit)
        solver.updateVariables()
        let t1 = nowNanoseconds()
        try check(k)
        if k == 1 {
            m.resizeFirstMicroseconds = microseconds(from: t0, to: t1)
        } else {
            samples.append(microseconds(from: t0, to: t1))
        }
    }
    m.resizeMedianMicroseconds = median(samples)
    m.resizeCount = count
}

/// Times reading the values of `variables` (every view variable) in one call: the median of 5
/// reads (the first one pays for cold caches and fresh pages).
func measureReadout(_ solver: Solver, _ variables: [Variable], _ m: inout Measurement) throws {
    var samples: [Double] = []
    for _ in 0..<5 {
        let t0 = nowNanoseconds()
        let values = try solver.values(of: variables)
        let t1 = nowNanoseconds()
        precondition(values.count == variables.count)
        samples.append(microseconds(from: t0, to: t1))
    }
    m.readoutMicroseconds = median(samples)
    m.readoutCount = variables.count
}

func recordBuildStatistics(_ solver: Solver, _ m: inout Measurement) {
    let stats = solver.statistics
    m.rows = Int(stats.rows)
    m.cells = Int(stats.cells)
    m.pivotsBuild = Int(stats.pivots)
    m.definitions = stats.definitions
    m.solverBytes = stats.bytes
}

/// The root's four variables, made in this order: root.left, root.top, root.width, root.height.
func makeRootVariables(_ solver: Solver) -> (Variable, Variable, Variable, Variable) {
    let left = solver.makeVariable(name: "root.left")
    let top = solver.makeVariable(name: "root.top")
    let width = solver.makeVariable(name: "root.width")
    let height = solver.makeVariable(name: "root.height")
    return (left, top, width, height)
}

/// The views' lefts, tops, widths and heights, view k at index k of each.
struct ViewVariables {
    var lefts: [Variable] = [], tops: [Variable] = [], widths: [Variable] = [], heights: [Variable] = []

    /// Empty arrays, each reserving `capacity`.
    init(capacity: Int) {
        lefts.reserveCapacity(capacity); tops.reserveCapacity(capacity)
        widths.reserveCapacity(capacity); heights.reserveCapacity(capacity)
    }

    /// Appends one view's variables.
    mutating func append(left: Variable, top: Variable, width: Variable, height: Variable) {
        lefts.append(left); tops.append(top); widths.append(width); heights.append(height)
    }

    /// Makes the next view's variables in the order left, top, width, height (the order the C and
    /// Python twins make them in) and appends them.
    mutating func makeView(in solver: Solver) -> (left: Variable, top: Variable, width: Variable, height: Variable) {
        let left = solver.makeVariable(), top = solver.makeVariable()
        let width = solver.makeVariable(), height = solver.makeVariable()
        append(left: left, top: top, width: width, height: height)
        return (left, top, width, height)
    }

    /// Every variable: the lefts, then the tops, the widths and the heights.
    var all: [Variable] { lefts + tops + widths + heights }
}

/// Adds `list` in the insertion order of `o` (returning its handles) and runs `addEdits` (the
/// root's edit variables and their suggested values) after the constraints or, with --edits
/// first, before them.
func addWithEdits(
    _ list: ConstraintList, to solver: Solver, _ o: Options, _ addEdits: () throws -> Void
) throws -> [Constraint] {
    if o.editsFirst { try addEdits() }
    let handles = try list.add(to: solver, o)
    if !o.editsFirst { try addEdits() }
    return handles
}

/// addWithEdits with one edit variable `edit` @999 suggested `value` (the root's width).
func addWithEdit(
    _ list: ConstraintList, to solver: Solver, _ o: Options, edit: Variable, value: Double
) throws -> [Constraint] {
    try addWithEdits(list, to: solver, o) {
        try solver.addEditVariable(edit, priority: editPriority())
        try solver.suggestValue(value, for: edit)
    }
}

/// Ends a build timed from t0: updates the solver, then records the time, the views, the
/// constraints added and the solver's statistics.
func finishBuild(
    _ solver: Solver, from t0: UInt64, views: Int, constraints: Int, _ m: inout Measurement
) {
    solver.updateVariables()
    let t1 = nowNanoseconds()
    m.buildSolveMilliseconds = milliseconds(from: t0, to: t1)
    endOfBuild(m.buildSolveMilliseconds)
    m.views = views
    m.constraintsAdded = constraints
    recordBuildStatistics(solver, &m)
}

// MARK: - siblings

/// N views each pinned independently to the root: x == root.x + i, y == root.y + i, w == 10,
/// h == 10; the root's origin is pinned to 0.
func runSiblings(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let n = o.n
    let (t0, solver) = o.startBuild()
    let rootX = solver.makeVariable(name: "root.x")
    let rootY = solver.makeVariable(name: "root.y")
    var views = ViewVariables(capacity: n)
    var list = ConstraintList.pinningOrigin(left: rootX, top: rootY)
    for i in 0..<n {
        let (x, y, w, h) = views.makeView(in: solver)
        let offset = Double(i)
        list.append(x == rootX + offset)
        list.append(y == rootY + offset)
        list.append(w == 10)
        list.append(h == 10)
    }
    _ = try list.add(to: solver, o)
    finishBuild(solver, from: t0, views: n, constraints: list.items.count, &m)
    try measureReadout(solver, views.all, &m)

    for i in 0..<n {
        try expect(solver.value(of: views.lefts[i]), Double(i), "x[\(i)]")
        try expect(solver.value(of: views.tops[i]), Double(i), "y[\(i)]")
        try expect(solver.value(of: views.widths[i]), 10, "w[\(i)]")
        try expect(solver.value(of: views.heights[i]), 10, "h[\(i)]")
    }
    m.pivotsTotal = Int(solver.statistics.pivots)
    return m
}

// MARK: - chain (and churn)

/// N views in a row inside a root: first.left == root.left + 20, left[i] == right[i-1] + 8, all
/// widths equal, last.right == root.right - 20; root.left == 0, root.width an edit variable.
struct Chain {
    let solver: Solver
    let rootLeft: Variable
    let rootWidth: Variable
    var lefts: [Variable] = []
    var widths: [Variable] = []
    var list = ConstraintList()
    /// Index in `list` of the link `left[n/2] == right[n/2 - 1] + 8`.
    var middleLink = 0

    init(_ solver: Solver, n: Int) {
        precondition(n >= 2, "a chain needs at least 2 views")
        self.solver = solver
        rootLeft = solver.makeVariable(name: "root.left")
        rootWidth = solver.makeVariable(name: "root.width")
        lefts.reserveCapacity(n)
        widths.reserveCapacity(n)
        for _ in 0..<n {
            lefts.append(solver.makeVariable())
            widths.append(solver.makeVariable())
        }
        list.append(rootLeft == 0)
        list.append(lefts[0] == rootLeft + 20)
        for i in 1..<n {
            let link = list.append(lefts[i] == lefts[i - 1] + widths[i - 1] + 8)
            if i == n / 2 { middleLink = link }
            list.append(widths[i].equals(widths[i - 1]))
        }
        list.append(lefts[n - 1] + widths[n - 1] == rootLeft + rootWidth - 20)
    }

    /// The root width at which every view is `width` wide.
    static func rootWidth(n: Int, viewWidth: Double) -> Double {
        40 + 8 * Double(n - 1) + viewWidth * Double(n)
    }

    func verify(viewWidth: Double) throws {
        let n = lefts.count
        for i in 0..<n {
            try expect(solver.value(of: lefts[i]), 20 + Double(i) * (viewWidth + 8), "left[\(i)]")
            try expect(solver.value(of: widths[i]), viewWidth, "width[\(i)]")
        }
        try expect(solver.value(of: rootLeft), 0, "root.left")
    }

    /// A cheap spot check: first left, last width, last right.
    func spotCheck(viewWidth: Double) throws {
        let n = lefts.count
        try expect(solver.value(of: lefts[0]), 20, "left[0]")
        try expect(solver.value(of: widths[n - 1]), viewWidth, "width[\(n - 1)]")
        try expect(solver.value(of: lefts[n - 1]), 20 + Double(n - 1) * (viewWidth + 8), "left[\(n - 1)]")
    }
}

/// View width after resize k (k ≥ 1); consecutive values differ. The build uses width 10.
func chainViewWidth(_ k: Int) -> Double { 11 + Double(k % 7) }

func buildChain(_ o: Options, _ m: inout Measurement) throws -> (Chain, [Constraint]) {
    let (t0, solver) = o.startBuild()
    let chain = Chain(solver, n: o.n)
    let handles = try addWithEdit(
        chain.list, to: solver, o, edit: chain.rootWidth, value: Chain.rootWidth(n: o.n, viewWidth: 10))
    finishBuild(solver, from: t0, views: o.n, constraints: chain.list.items.count, &m)
    try measureReadout(solver, chain.lefts + chain.widths, &m)
    try chain.verify(viewWidth: 10)
    return (chain, handles)
}

func runChain(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let (chain, _) = try buildChain(o, &m)
    let n = o.n
    try measureResizes(
        chain.solver, edit: chain.rootWidth, count: 100,
        value: { Chain.rootWidth(n: n, viewWidth: chainViewWidth($0)) },
        check: { try chain.spotCheck(viewWidth: chainViewWidth($0)) },
        into: &m)
    try chain.verify(viewWidth: chainViewWidth(101))
    m.pivotsTotal = Int(chain.solver.statistics.pivots)
    return m
}

/// A built chain of N; remove and re-add the middle link 1,000 times (or until the budget is
/// spent); each remove and each add is timed on its own. No update in between.
func runChurn(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let (chain, handles) = try buildChain(o, &m)
    let link = handles[chain.middleLink]
    var removes: [Double] = [], adds: [Double] = []
    removes.reserveCapacity(1000)
    adds.reserveCapacity(1000)
    let budget = UInt64(o.churnBudgetSeconds * 1e9)
    let start = nowNanoseconds()
    for _ in 0..<1000 {
        let t0 = nowNanoseconds()
        try chain.solver.remove(link)
        let t1 = nowNanoseconds()
        try chain.solver.add(link)
        let t2 = nowNanoseconds()
        removes.append(microseconds(from: t0, to: t1))
        adds.append(microseconds(from: t1, to: t2))
        if t2 &- start > budget { break }
    }
    m.churnCycles = removes.count
    m.removeMedianMicroseconds = median(removes)
    m.addMedianMicroseconds = median(adds)
    m.opMedianMicroseconds = median(removes + adds)
    chain.solver.updateVariables()
    try chain.verify(viewWidth: 10)
    m.pivotsTotal = Int(chain.solver.statistics.pivots)
    return m
}

// MARK: - stack

/// N views stacked vertically and fully determined: h[i] == 44, top[0] == root.top,
/// top[i] == bottom[i-1]; root.top == 0 and the root's height equals the content
/// (root.bottom == last.bottom), so nothing is free.
func runStack(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let n = o.n
    let (t0, solver) = o.startBuild()
    let rootTop = solver.makeVariable(name: "root.top")
    let rootHeight = solver.makeVariable(name: "root.height")
    var tops: [Variable] = [], heights: [Variable] = []
    tops.reserveCapacity(n)
    heights.reserveCapacity(n)
    var list = ConstraintList()
    list.append(rootTop == 0)
    for i in 0..<n {
        let top = solver.makeVariable(), height = solver.makeVariable()
        tops.append(top)
        heights.append(height)
        list.append(height == 44)
        if i == 0 {
            list.append(top.equals(rootTop))
        } else {
            list.append(top == tops[i - 1] + heights[i - 1])
        }
    }
    list.append(rootTop + rootHeight == tops[n - 1] + heights[n - 1])
    _ = try list.add(to: solver, o)
    finishBuild(solver, from: t0, views: n, constraints: list.items.count, &m)
    try measureReadout(solver, tops + heights, &m)

    for i in 0..<n {
        try expect(solver.value(of: tops[i]), 44 * Double(i), "top[\(i)]")
        try expect(solver.value(of: heights[i]), 44, "height[\(i)]")
    }
    try expect(solver.value(of: rootHeight), 44 * Double(n), "root.height")
    m.pivotsTotal = Int(solver.statistics.pivots)
    return m
}

// MARK: - grid (a feed)

/// Intrinsic height of feed cell i.
func feedIntrinsic(_ i: Int) -> Double { 44 + Double((i * 37) % 100) }
/// Root width after resize k (k ≥ 1); consecutive values differ. The build uses 375.
func feedRootWidth(_ k: Int) -> Double { 320 + 20 * Double(k % 9) }

/// N cells stacked vertically: top[0] == root.top + 4, top[i] == bottom[i-1] + 4; left/right
/// pinned to the root with 16 insets; height >= 44, height <= intrinsic @250 (hugging),
/// height >= intrinsic @750 (compression). root.left == root.top == 0; root.width is an edit
/// variable @999; the root's height hugs the content: root.bottom >= last.bottom + 4 (required)
/// and root.height == 0 @50.
func runGrid(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let n = o.n
    let hugging = try Priority(250), compression = try Priority(750), fitting = try Priority(50)
    let (t0, solver) = o.startBuild()
    let (rootLeft, rootTop, rootWidth, rootHeight) = makeRootVariables(solver)
    var views = ViewVariables(capacity: n)
    var list = ConstraintList.pinningOrigin(left: rootLeft, top: rootTop)
    for i in 0..<n {
        let left = solver.makeVariable(), width = solver.makeVariable()
        let top = solver.makeVariable(), height = solver.makeVariable()
        views.append(left: left, top: top, width: width, height: height)
        if i == 0 {
            list.append(top == rootTop + 4)
        } else {
            list.append(top == views.tops[i - 1] + views.heights[i - 1] + 4)
        }
        list.append(left == rootLeft + 16)
        list.append(left + width == rootLeft + rootWidth - 16)
        let intrinsic = feedIntrinsic(i)
        list.append(height >= 44)
        list.append(height <= intrinsic, hugging)
        list.append(height >= intrinsic, compression)
    }
    list.append(rootTop + rootHeight >= views.tops[n - 1] + views.heights[n - 1] + 4)
    list.append(rootHeight == 0, fitting)
    _ = try addWithEdit(list, to: solver, o, edit: rootWidth, value: 375)
    finishBuild(solver, from: t0, views: n, constraints: list.items.count, &m)
    try measureReadout(solver, views.lefts + views.widths + views.tops + views.heights, &m)

    func verify(rootW: Double) throws {
        var y = 4.0
        for i in 0..<n {
            try expect(solver.value(of: views.tops[i]), y, "top[\(i)]")
            try expect(solver.value(of: views.heights[i]), feedIntrinsic(i), "height[\(i)]")
            try expect(solver.value(of: views.lefts[i]), 16, "left[\(i)]")
            try expect(solver.value(of: views.widths[i]), rootW - 32, "width[\(i)]")
            y += feedIntrinsic(i) + 4
        }
        try expect(solver.value(of: rootHeight), y, "root.height")
    }
    try verify(rootW: 375)
    try measureResizes(
        solver, edit: rootWidth, count: 100,
        value: feedRootWidth,
        check: { k in
            try expect(solver.value(of: views.widths[n - 1]), feedRootWidth(k) - 32, "width[\(n - 1)]")
            try expect(solver.value(of: views.widths[0]), feedRootWidth(k) - 32, "width[0]")
        },
        into: &m)
    try verify(rootW: feedRootWidth(101))
    m.pivotsTotal = Int(solver.statistics.pivots)
    return m
}

// MARK: - grid2d

/// The side of the grid2d workload for N views: round(sqrt(N)).
func gridSide(_ n: Int) -> Int { max(1, Int((Double(n).squareRoot()).rounded())) }
/// Root width of an s-wide grid whose views are `w` wide.
func grid2dRootWidth(s: Int, viewWidth w: Double) -> Double { Double(s) * w + 8 * Double(s + 1) }
/// View width after resize k (k ≥ 1), between 76 and 124; the build uses 100.
func grid2dViewWidth(_ k: Int) -> Double { 100 + 8 * Double(k % 7 - 3) }

/// s×s views: w >= 20, h >= 20, w == 100 @250, h == 44 @250; left == root.left + 8 (first
/// column) or left neighbour's right + 8; top == root.top + 8 (first row) or upper neighbour's
/// bottom + 8; width == first of its row's width @500; height == first of its column's height
/// @500; the last view of each row: right == root.right - 8 @750; the last of each column:
/// bottom == root.bottom - 8 @750. root.left == root.top == 0; root width and height are edit
/// variables @999, suggested so that views are 100×44; resizes change the width. The edit
/// variables are added and suggested after the constraints, or before them with
/// `--edits first` (`--order edits-first`).
///
/// `grid2d-req` is the same grid with the equal widths per row and equal heights per column
/// required instead of @500: the same layout, but the equalities can become definitions or
/// basic rows instead of error pairs, so the tableau's shape (and its order dependence) differs.
func runGrid2D(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let s = gridSide(o.n)
    let low = try Priority(250), edge = try Priority(750)
    let equal = o.workload == "grid2d-req" ? Priority.required : try Priority(500)
    let (t0, solver) = o.startBuild()
    let (rootLeft, rootTop, rootWidth, rootHeight) = makeRootVariables(solver)
    let count = s * s
    var views = ViewVariables(capacity: count)
    var list = ConstraintList.pinningOrigin(left: rootLeft, top: rootTop)
    for r in 0..<s {
        for c in 0..<s {
            let (left, top, w, h) = views.makeView(in: solver)
            list.append(w >= 20)
            list.append(h >= 20)
            list.append(w == 100, low)
            list.append(h == 44, low)
            if c == 0 {
                list.append(left == rootLeft + 8)
            } else {
                let k = r * s + c - 1
                list.append(left == views.lefts[k] + views.widths[k] + 8)
            }
            if r == 0 {
                list.append(top == rootTop + 8)
            } else {
                let k = (r - 1) * s + c
                list.append(top == views.tops[k] + views.heights[k] + 8)
            }
            if c > 0 { list.append(w.equals(views.widths[r * s]), equal) }
            if r > 0 { list.append(h.equals(views.heights[c]), equal) }
            if c == s - 1 { list.append(left + w == rootLeft + rootWidth - 8, edge) }
            if r == s - 1 { list.append(top + h == rootTop + rootHeight - 8, edge) }
        }
    }
    _ = try addWithEdits(list, to: solver, o) {
        try solver.addEditVariable(rootWidth, priority: editPriority())
        try solver.addEditVariable(rootHeight, priority: editPriority())
        try solver.suggestValue(grid2dRootWidth(s: s, viewWidth: 100), for: rootWidth)
        try solver.suggestValue(grid2dRootWidth(s: s, viewWidth: 44), for: rootHeight)
    }
    finishBuild(solver, from: t0, views: count, constraints: list.items.count, &m)
    try measureReadout(solver, views.all, &m)

    func verify(viewWidth: Double) throws {
        for r in 0..<s {
            for c in 0..<s {
                let k = r * s + c
                try expect(solver.value(of: views.widths[k]), viewWidth, "w[\(r),\(c)]")
                try expect(solver.value(of: views.heights[k]), 44, "h[\(r),\(c)]")
                try expect(solver.value(of: views.lefts[k]), 8 + Double(c) * (viewWidth + 8), "left[\(r),\(c)]")
                try expect(solver.value(of: views.tops[k]), 8 + Double(r) * 52, "top[\(r),\(c)]")
            }
        }
    }
    try verify(viewWidth: 100)
    try measureResizes(
        solver, edit: rootWidth, count: 100,
        value: { grid2dRootWidth(s: s, viewWidth: grid2dViewWidth($0)) },
        check: { k in
            try expect(solver.value(of: views.widths[count - 1]), grid2dViewWidth(k), "w[last]")
            try expect(solver.value(of: views.widths[0]), grid2dViewWidth(k), "w[0,0]")
        },
        into: &m)
    try verify(viewWidth: grid2dViewWidth(101))
    m.pivotsTotal = Int(solver.statistics.pivots)
    return m
}
