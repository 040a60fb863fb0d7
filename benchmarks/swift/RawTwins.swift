// The raw twins of the view-model workloads: `form-raw` and `vgrid-raw` build the solver
// constraints the view model builds for `form` and `vgrid` (ViewWorkloads.swift, whose file
// comment describes RootLayout's order), in the same order and at the same priorities, directly
// on TetherSolver.Solver, so that view ÷ raw is the cost of the view model. The user's
// constraints go in the insertion order (`RawRoot.commit`), after the pins and content sizes,
// one add each; with --batch every constraint is made first and all go in with one
// add(batch:), as the view model's rebuild adds them (the solver then plans their order).

import Tether
import TetherSolver

/// The solver side of one root, built as RootLayout builds it.
struct RawRoot {
    let solver = Solver()
    var lefts: [Variable] = [], tops: [Variable] = [], widths: [Variable] = [], heights: [Variable] = []
    var widthPin = Constraint(rawValue: 0)
    /// The user's constraints (what the view model activates), in the natural order, until
    /// `commit` adds them; then `list` holds their handles in the same order.
    var planned: [(LinearConstraint, Priority)] = []
    var list: [Constraint] = []
    /// With `batched`, pins and content sizes are only made (kept in `made`) and `commit` adds
    /// everything with one `add(batch:)`.
    let batched: Bool
    var made: [Constraint] = []

    /// View 0, the hierarchy's root, which `init` makes and `pinRoot` pins.
    let root = 0

    init(batched: Bool = false) {
        self.batched = batched
        _ = makeView()
    }

    /// Adds `c` at `priority`, or with `batched` makes it for `commit`.
    @discardableResult
    mutating func put(_ c: LinearConstraint, priority: Priority = .required) throws -> Constraint {
        guard batched else { return try solver.add(c, priority: priority) }
        let handle = try solver.makeConstraint(c, priority: priority)
        made.append(handle)
        return handle
    }

    /// Four variables for the next view (hierarchy order); returns its index.
    mutating func makeView() -> Int {
        lefts.append(solver.makeVariable()); tops.append(solver.makeVariable())
        widths.append(solver.makeVariable()); heights.append(solver.makeVariable())
        return lefts.count - 1
    }

    enum Attribute { case left, right, top, bottom, width, height, centerY }

    func expression(_ v: Int, _ a: Attribute) -> LinearExpression {
        let L = LinearExpression(lefts[v]), T = LinearExpression(tops[v])
        let W = LinearExpression(widths[v]), H = LinearExpression(heights[v])
        switch a {
        case .left: return L
        case .right: return L + W
        case .top: return T
        case .bottom: return T + H
        case .width: return W
        case .height: return H
        case .centerY: return T + H * 0.5
        }
    }

    /// The root's pins (view 0): left == 0, top == 0, width == w, height == h.
    mutating func pinRoot(width w: Double, height h: Double) throws {
        try put(lefts[0] == 0)
        try put(tops[0] == 0)
        widthPin = try put(widths[0] == w)
        try put(heights[0] == h)
    }

    /// Content size of view v along one axis: size >= metric @compression, size <= metric @hugging.
    mutating func addContentSize(_ v: Int, vertical: Bool, _ metric: Double, hugging: Double, compression: Double) throws -> (Constraint, Constraint) {
        let d = vertical ? heights[v] : widths[v]
        let a = try put(d >= metric, priority: Priority(compression))
        let b = try put(d <= metric, priority: Priority(hugging))
        return (a, b)
    }

    /// Plans `first.a RELATION multiplier·second.b + constant` or `first.a RELATION constant`, in
    /// the view model's form (first − multiplier·second − constant RELATION 0); returns its index
    /// in `planned` (and, after `commit`, in `list`).
    @discardableResult
    mutating func add(_ v: Int, _ a: Attribute, _ relation: Relation, _ w: Int? = nil, _ b: Attribute? = nil,
                      multiplier: Double = 1, constant: Double = 0, priority: Double = 1000) throws -> Int {
        var e = expression(v, a)
        if let w, let b { e = e - multiplier * expression(w, b) }
        e = e - constant
        planned.append((LinearConstraint(e, relation), try Priority(priority)))
        return planned.count - 1
    }

    /// Adds the planned constraints in `order`, one `add` each (the view model's activation
    /// order), keeping their handles in plan order.
    mutating func commit(_ order: InsertionOrder) throws {
        list = [Constraint](repeating: Constraint(rawValue: 0), count: planned.count)
        for i in order.permutation(planned.count) {
            list[i] = try put(planned[i].0, priority: planned[i].1)
        }
        if batched { try solver.add(batch: made) }
    }

    var allVariables: [Variable] {
        var out: [Variable] = []
        out.reserveCapacity(lefts.count * 4)
        for i in lefts.indices { out.append(lefts[i]); out.append(tops[i]); out.append(widths[i]); out.append(heights[i]) }
        return out
    }

    /// Every view's rect (root coordinates), read in one call: what a pass needs for frames.
    func rects(_ all: [Variable]) throws -> [Rect] {
        let values = try solver.values(of: all)
        var out: [Rect] = []
        out.reserveCapacity(lefts.count)
        for i in lefts.indices {
            out.append(Rect(x: values[4 * i], y: values[4 * i + 1], width: values[4 * i + 2], height: values[4 * i + 3]))
        }
        return out
    }
}

/// Resizes by the root's width pin: setConstant + updateVariables + reading every rect (timed);
/// also the median of setConstant + updateVariables alone.
func measureRawResizes(_ raw: RawRoot, _ all: [Variable], count: Int, check: (Int, [Rect]) throws -> Void,
                       into m: inout Measurement, _ r: inout ViewReport) throws -> [Rect] {
    var samples: [Double] = [], solveSamples: [Double] = []
    var last: [Rect] = []
    for k in 1...(count + 1) {
        let w = feedRootWidth(k)
        let t0 = nowNanoseconds()
        try raw.solver.setConstant(-w, of: raw.widthPin)
        raw.solver.updateVariables()
        let t1 = nowNanoseconds()
        last = try raw.rects(all)
        let t2 = nowNanoseconds()
        try check(k, last)
        if k == 1 {
            m.resizeFirstMicroseconds = microseconds(from: t0, to: t2)
        } else {
            samples.append(microseconds(from: t0, to: t2))
            solveSamples.append(microseconds(from: t0, to: t1))
        }
    }
    m.resizeMedianMicroseconds = median(samples)
    r.resizeSolveMicroseconds = median(solveSamples)
    m.resizeCount = count
    return last
}

/// Ends a raw build timed from t0 (its constraints committed): updates the solver and reads
/// every rect, as a pass does, then records the time up to now, the views (each one a frame),
/// the constraints and the solver's statistics. Returns every variable and the rects read.
func finishRawBuild(
    _ raw: RawRoot, from t0: UInt64, views: Int, _ m: inout Measurement, _ r: inout ViewReport
) throws -> (all: [Variable], rects: [Rect]) {
    raw.solver.updateVariables()
    let all = raw.allVariables
    let rects = try raw.rects(all)
    let t1 = nowNanoseconds()
    m.buildSolveMilliseconds = milliseconds(from: t0, to: t1)
    endOfBuild(m.buildSolveMilliseconds)
    m.views = views
    m.constraintsAdded = raw.list.count
    r.frames = views
    recordRawStatistics(raw, &m, &r)
    return (all, rects)
}

func recordRawStatistics(_ raw: RawRoot, _ m: inout Measurement, _ r: inout ViewReport) {
    recordBuildStatistics(raw.solver, &m)
    r.solverConstraints = raw.solver.statistics.constraints
}

/// `form` on the raw solver (see runForm and the file comment).
func runFormRaw(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "raw")
    let n = o.n
    let t0 = nowNanoseconds()
    var raw = RawRoot(batched: o.batch)
    var labels: [Int] = [], fields: [Int] = []
    labels.reserveCapacity(n); fields.reserveCapacity(n)
    for _ in 0..<n {
        labels.append(raw.makeView())
        fields.append(raw.makeView())
    }
    try raw.pinRoot(width: 375, height: formRootHeight(n))
    for i in 0..<n {
        _ = try raw.addContentSize(labels[i], vertical: false, formLabelWidth(i), hugging: 251, compression: 750)
        _ = try raw.addContentSize(labels[i], vertical: true, formLabelHeight, hugging: 251, compression: 750)
        _ = try raw.addContentSize(fields[i], vertical: true, formFieldHeight, hugging: 250, compression: 750)
    }
    var spacingIndices: [Int] = []
    spacingIndices.reserveCapacity(n)
    for i in 0..<n {
        let label = labels[i], field = fields[i]
        try raw.add(label, .left, .equal, raw.root, .left, constant: 16)
        if i > 0 { try raw.add(label, .right, .equal, labels[0], .right) }
        try raw.add(field, .left, .equal, label, .right, constant: 8)
        try raw.add(field, .right, .equal, raw.root, .right, constant: -16)
        spacingIndices.append(try i == 0 ? raw.add(field, .top, .equal, raw.root, .top, constant: 16)
                              : raw.add(field, .top, .equal, fields[i - 1], .bottom, constant: 8))
        try raw.add(label, .centerY, .equal, field, .centerY)
    }
    try raw.commit(o.order)
    var (all, rects) = try finishRawBuild(raw, from: t0, views: 2 * n, &m, &r)
    let spacings = spacingIndices.map { raw.list[$0] }

    let column = formLabelColumn(n)
    func verify(_ rects: [Rect], rootWidth w: Double, extra: Double = 0, from: Int = .max) throws {
        for i in 0..<n {
            let want = formFrames(i, column: column, rootWidth: w, extra: extra, from: from)
            try expectRect(rects[labels[i]], want.label, "label[\(i)]")
            try expectRect(rects[fields[i]], want.field, "field[\(i)]")
        }
    }
    try verify(rects, rootWidth: 375)
    rects = try measureRawResizes(raw, all, count: 100, check: { k, rects in
        let w = feedRootWidth(k)
        try expectRect(rects[fields[0]], formFrames(0, column: column, rootWidth: w).field, "field[0]")
        try expectRect(rects[fields[n - 1]], formFrames(n - 1, column: column, rootWidth: w).field, "field[\(n - 1)]")
    }, into: &m, &r)
    let w = feedRootWidth(101)
    try verify(rects, rootWidth: w)

    let changed = n / 2
    var after: [Rect] = []
    var framesChanged = 0
    let relayouts = try measureRelayouts(pivots: { raw.solver.statistics.pivots }) { k in
        try raw.solver.setConstant(k % 2 == 1 ? -20 : -8, of: spacings[changed])
        raw.solver.updateVariables()
        after = try raw.rects(all)
    } check: { k in
        if k == 1 {
            framesChanged = countChanged(Array(rects.dropFirst()), Array(after.dropFirst()))
            try verify(after, rootWidth: w, extra: 12, from: changed)
        }
    }
    r.setRelayouts(relayouts, framesChanged: framesChanged)
    try verify(after, rootWidth: w)
    r.relayoutWhat = "row \(changed) top spacing 8 -> 20"
    r.relayoutFramesExpected = 2 * (n - changed)
    m.pivotsTotal = raw.solver.statistics.pivots
    return (m, r)
}

/// `vgrid` on the raw solver (see runVGrid and the file comment).
func runVGridRaw(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "raw")
    let n = o.n
    let t0 = nowNanoseconds()
    var raw = RawRoot(batched: o.batch)
    let content = raw.makeView()
    var cells: [Int] = []
    cells.reserveCapacity(n)
    for _ in 0..<n { cells.append(raw.makeView()) }
    try raw.pinRoot(width: 375, height: vgridRootHeight)
    var contentSize: [(Constraint, Constraint)] = []
    contentSize.reserveCapacity(n)
    for i in 0..<n {
        contentSize.append(try raw.addContentSize(cells[i], vertical: true, feedIntrinsic(i), hugging: 250, compression: 750))
    }
    try raw.add(content, .left, .equal, raw.root, .left)
    try raw.add(content, .top, .equal, raw.root, .top)
    try raw.add(content, .width, .equal, raw.root, .width)
    for i in 0..<n {
        let cell = cells[i]
        if i == 0 {
            try raw.add(cell, .top, .equal, content, .top, constant: 4)
        } else {
            try raw.add(cell, .top, .equal, cells[i - 1], .bottom, constant: 4)
        }
        try raw.add(cell, .left, .equal, content, .left, constant: 16)
        try raw.add(cell, .right, .equal, content, .right, constant: -16)
        try raw.add(cell, .height, .greaterThanOrEqual, constant: 44)
    }
    try raw.add(content, .bottom, .greaterThanOrEqual, cells[n - 1], .bottom, constant: 4)
    try raw.add(content, .height, .equal, constant: 0, priority: 50)
    try raw.commit(o.order)
    var (all, rects) = try finishRawBuild(raw, from: t0, views: n + 1, &m, &r)

    func verify(_ rects: [Rect], rootWidth w: Double, changed: Int = -1, delta: Double = 0) throws {
        let want = vgridFrames(n, rootWidth: w, changed: changed, delta: delta)
        for i in 0..<n { try expectRect(rects[cells[i]], want.cells[i], "cell[\(i)]") }
        try expectRect(rects[content], want.content, "content")
    }
    try verify(rects, rootWidth: 375)
    rects = try measureRawResizes(raw, all, count: 100, check: { k, rects in
        let w = feedRootWidth(k)
        try expect(rects[cells[0]].width, w - 32, "cell[0].width")
        try expect(rects[cells[n - 1]].width, w - 32, "cell[\(n - 1)].width")
    }, into: &m, &r)
    let w = feedRootWidth(101)
    try verify(rects, rootWidth: w)

    let changed = n / 2
    let h = feedIntrinsic(changed) + 10
    var after: [Rect] = []
    var framesChanged = 0
    let relayouts = try measureRelayouts(pivots: { raw.solver.statistics.pivots }) { k in
        let height = k % 2 == 1 ? h : feedIntrinsic(changed)
        try raw.solver.setConstant(-height, of: contentSize[changed].0)
        try raw.solver.setConstant(-height, of: contentSize[changed].1)
        raw.solver.updateVariables()
        after = try raw.rects(all)
    } check: { k in
        if k == 1 {
            framesChanged = countChanged(Array(rects.dropFirst()), Array(after.dropFirst()))
            try verify(after, rootWidth: w, changed: changed, delta: 10)
        }
    }
    r.setRelayouts(relayouts, framesChanged: framesChanged)
    try verify(after, rootWidth: w)
    r.relayoutWhat = "cell \(changed) intrinsic height +10"
    r.relayoutFramesExpected = (n - changed) + 1
    m.pivotsTotal = raw.solver.statistics.pivots
    return (m, r)
}
