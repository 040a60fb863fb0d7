// View-model workloads: `form` and `vgrid` built with views and anchors (the Tether module) and
// laid out with layoutIfNeeded, and their raw twins `form-raw` and `vgrid-raw`, which build the
// same solver constraints, in the same order and at the same priorities, directly on
// TetherSolver.Solver (RawTwins.swift): the ratio view ÷ raw is the cost of the view model.
// Definitions: docs/benchmarks.md ("View-model workloads"); benchmarks/python_view_workloads.py
// builds the same views through the Python package. Keep the three in step.
//
// What the view model hands its solver for one root (RootLayout.rebuild), and so what the raw
// twins build: four variables per participating view in hierarchy order (left, top, width,
// height: the alignment rect in root coordinates); the root's pins (left == 0, top == 0,
// width == frame width, height == frame height, required); per view in hierarchy order its
// content-size constraints (per axis with an intrinsic metric: size >= metric at the compression
// resistance, size <= metric at the hugging priority); then the user's constraints in activation
// order, each as `first − multiplier·second − constant RELATION 0`. A resize changes the root's
// width pin in place (no rebuild); an intrinsic size change changes the two content-size
// constants of that view; a constraint's constant change changes that constraint's constant.
//
// Insertion orders (Shuffle.swift): the view workloads make their views first, then collect
// every constraint in the natural order and activate them one `activate` each in the order asked
// for; the raw twins add the same user constraints in the same order (after the root's pins and
// the content sizes, as RootLayout does), so the twins stay twins in every order.
//
// Timed in both: everything up to frames (a view model pass ends by writing every frame; the
// raw twins read every value once, which is what a pass needs to write frames).

import Tether
import TetherSolver

// MARK: - Shared shapes

/// Label intrinsic width of form row i.
func formLabelWidth(_ i: Int) -> Double { 40 + Double((i * 29) % 80) }
/// The width every label gets: the widest intrinsic width (trailing edges aligned, compression
/// resistance 750 beats hugging 251).
func formLabelColumn(_ n: Int) -> Double { (0..<n).map(formLabelWidth).max()! }
let formLabelHeight = 21.0
let formFieldHeight = 34.0
/// Top of form row i's field, with `extra` added from row `from` on (the relayout's change).
func formRowTop(_ i: Int, extra: Double = 0, from: Int = .max) -> Double {
    16 + 42 * Double(i) + (i >= from ? extra : 0)
}
func formRootHeight(_ n: Int) -> Double { 16 + 42 * Double(n) + 8 }
/// Expected frames of form row i (label, field) at root width w.
func formFrames(_ i: Int, column: Double, rootWidth w: Double, extra: Double = 0, from: Int = .max)
    -> (label: Rect, field: Rect)
{
    let top = formRowTop(i, extra: extra, from: from)
    return (Rect(x: 16, y: top + (formFieldHeight - formLabelHeight) / 2, width: column, height: formLabelHeight),
            Rect(x: 24 + column, y: top, width: w - 40 - column, height: formFieldHeight))
}

/// vgrid's expected frames at root width w: the cells (in the content view) and the content view.
func vgridFrames(_ n: Int, rootWidth w: Double, changed: Int = -1, delta: Double = 0) -> (cells: [Rect], content: Rect) {
    var cells: [Rect] = []
    cells.reserveCapacity(n)
    var y = 4.0
    for i in 0..<n {
        let h = feedIntrinsic(i) + (i == changed ? delta : 0)
        cells.append(Rect(x: 16, y: y, width: w - 32, height: h))
        y += h + 4
    }
    return (cells, Rect(x: 0, y: 0, width: w, height: y))
}
let vgridRootHeight = 800.0

func expectRect(_ actual: Rect, _ expected: Rect, _ what: @autoclosure () -> String) throws(BenchFailure) {
    if !(close(actual.minX, expected.minX) && close(actual.minY, expected.minY)
        && close(actual.width, expected.width) && close(actual.height, expected.height)) {
        throw .verification("\(what()) = \(actual), expected \(expected)")
    }
}

/// Extra JSON fields of the view workloads, printed after the common ones.
struct ViewReport {
    var level = ""
    var layoutConstraints = 0
    var solverConstraints = 0
    var frames = 0
    var relayoutWhat = ""
    var relayoutMicroseconds = 0.0
    var relayoutCount = 0
    var relayoutFramesChanged = 0
    var relayoutFramesExpected = 0
    var relayoutFramesWritten = -1
    var relayoutPivots = 0
    var resizeSolveMicroseconds: Double?

    func write(into out: inout JSONLine) {
        out.set("level", level)
        if layoutConstraints > 0 { out.set("layout_constraints", layoutConstraints) }
        out.set("solver_constraints", solverConstraints)
        out.set("frames", frames)
        if let v = resizeSolveMicroseconds { out.set("resize_solve_us_median", v) }
        guard !relayoutWhat.isEmpty else { return }  // the zoo's shapes time no relayout
        out.set("relayout", relayoutWhat)
        out.set("relayout_us_median", relayoutMicroseconds)
        out.set("relayouts", relayoutCount)
        out.set("relayout_frames_changed", relayoutFramesChanged)
        out.set("relayout_frames_expected", relayoutFramesExpected)
        if relayoutFramesWritten >= 0 { out.set("relayout_frames_written", relayoutFramesWritten) }
        out.set("relayout_pivots", relayoutPivots)
    }
}

/// The raw twins take --batch (all of a root's constraints through one add(batch:), as the view
/// model adds them), not --no-definitions.
func rejectRawOptions(_ o: Options) throws(BenchFailure) {
    if !o.definitions {
        throw .usage("\(o.workload) builds what the view model builds: no --no-definitions")
    }
}

func rejectSolverOptions(_ o: Options) throws(BenchFailure) {
    if o.batch || !o.definitions {
        throw .usage("\(o.workload) activates one constraint at a time, as the view model does: no --batch or --no-definitions")
    }
}

/// The start of a view workload at `level` ("view-model", or "raw" for a raw twin): rejects the
/// options that level does not take and returns an empty measurement and report.
func startViewRun(_ o: Options, level: String) throws(BenchFailure) -> (Measurement, ViewReport) {
    if level == "raw" { try rejectRawOptions(o) } else { try rejectSolverOptions(o) }
    return (Measurement(), ViewReport(level: level))
}

/// N feed cells added to `parent`: cell i has an intrinsic height feedIntrinsic(i) and no
/// intrinsic width (vgrid, aligned-feed).
func makeFeedCells(_ engine: LayoutEngine, in parent: View, count n: Int) throws -> [View] {
    var cells: [View] = []
    cells.reserveCapacity(n)
    for i in 0..<n {
        let cell = try engine.makeView()
        cell.translatesAutoresizingMaskIntoConstraints = false
        cell.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: feedIntrinsic(i))
        try parent.addSubview(cell)
        cells.append(cell)
    }
    return cells
}

/// Activates `constraints` one `activate` call each, in `order`: what a naive user does, and
/// the order RootLayout hands them to its solver (activation order, after the root's pins and
/// the content sizes).
func activate(_ constraints: [LayoutConstraint], in order: InsertionOrder) throws {
    for i in order.permutation(constraints.count) {
        try activate([constraints[i]])
    }
}

// MARK: - View model

/// The frames of `views` (untimed snapshots).
func frames(_ views: [View]) -> [Rect] { views.map(\.frame) }

func countChanged(_ a: [Rect], _ b: [Rect]) -> Int {
    zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}

/// Counts the views a pass visits (their layoutSubviews hooks run once each per pass).
final class PassCounter {
    var visits = 0
    func install(on views: [View]) {
        for v in views { v.layoutSubviewsHook = { [unowned self] _ in self.visits += 1 } }
    }
    func remove(from views: [View]) { for v in views { v.layoutSubviewsHook = nil } }
}

/// Resizes `root` to `width(k)` and lays out, `count` times after a first; only the frame change
/// and layoutIfNeeded are timed. `check(k)` verifies (untimed).
func measureViewResizes(_ root: View, height: Double, count: Int, width: (Int) -> Double,
                        check: (Int) throws -> Void, into m: inout Measurement) throws {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for k in 1...(count + 1) {
        let w = width(k)
        let t0 = nowNanoseconds()
        root.frame = Rect(x: 0, y: 0, width: w, height: height)
        try root.layoutIfNeeded()
        let t1 = nowNanoseconds()
        try check(k)
        if k == 1 { m.resizeFirstMicroseconds = microseconds(from: t0, to: t1) } else { samples.append(microseconds(from: t0, to: t1)) }
    }
    m.resizeMedianMicroseconds = median(samples)
    m.resizeCount = count
}

/// Relayouts after one constant change: `change(k)` for k = 1...20 applies the change (odd k)
/// or undoes it (even k) and lays out, so the layout ends as it began; each is timed, the median
/// reported, with the pivots the first one cost. `check(k)` runs untimed after each.
func measureRelayouts(pivots: () -> Int, _ change: (Int) throws -> Void,
                      check: (Int) throws -> Void) throws -> (median: Double, count: Int, pivots: Int) {
    var samples: [Double] = []
    var firstPivots = 0
    for k in 1...20 {
        let p0 = pivots()
        let t0 = nowNanoseconds()
        try change(k)
        let t1 = nowNanoseconds()
        if k == 1 { firstPivots = pivots() - p0 }
        try check(k)
        samples.append(microseconds(from: t0, to: t1))
    }
    return (median(samples), samples.count, firstPivots)
}

extension ViewReport {
    mutating func setRelayouts(_ result: (median: Double, count: Int, pivots: Int), framesChanged: Int) {
        relayoutMicroseconds = result.median
        relayoutCount = result.count
        relayoutPivots = result.pivots
        relayoutFramesChanged = framesChanged
    }
}

func recordViewStatistics(_ root: View, _ m: inout Measurement, _ r: inout ViewReport) {
    guard let s = root.layoutSolverStatistics else { return }
    m.rows = s.rows
    m.cells = s.cells
    m.pivotsBuild = s.pivots
    r.solverConstraints = s.constraints
}

/// Ends a view-model build timed from t0 (the root laid out): records the time up to now, the
/// views (each one a frame), the constraints activated and the root's solver statistics.
func finishViewBuild(
    _ root: View, from t0: UInt64, views: Int, constraints: Int, _ m: inout Measurement, _ r: inout ViewReport
) {
    let t1 = nowNanoseconds()
    m.buildSolveMilliseconds = milliseconds(from: t0, to: t1)
    endOfBuild(m.buildSolveMilliseconds)
    m.views = views
    m.constraintsAdded = constraints
    r.layoutConstraints = constraints
    r.frames = views
    recordViewStatistics(root, &m, &r)
}

/// N rows of label + text field inside a root 375 wide: per row, label.leading == root.leading
/// + 16; label.trailing == label[0].trailing (rows after the first: trailing edges aligned);
/// field.leading == label.trailing + 8; field.trailing == root.trailing − 16; field.top ==
/// root.top + 16 (first row) or the previous field's bottom + 8; label.centerY ==
/// field.centerY. Labels have an intrinsic size (formLabelWidth(i) × 21, hugging 251 on both
/// axes, compression 750); fields an intrinsic height of 34 only (hugging 250, compression 750).
/// Relayout: row N/2's top spacing goes from 8 to 20 (that row and those below move).
func runForm(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "view-model")
    let n = o.n
    let rootHeight = formRootHeight(n)
    let t0 = nowNanoseconds()
    let engine = LayoutEngine()
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: rootHeight))
    var labels: [View] = [], fields: [View] = []
    labels.reserveCapacity(n); fields.reserveCapacity(n)
    var spacings: [LayoutConstraint] = []
    spacings.reserveCapacity(n)
    // The views first (hierarchy order: label, field per row), then every constraint in row
    // order, activated in the insertion order.
    for i in 0..<n {
        let label = try engine.makeView(), field = try engine.makeView()
        label.translatesAutoresizingMaskIntoConstraints = false
        field.translatesAutoresizingMaskIntoConstraints = false
        label.intrinsicContentSize = Size(width: formLabelWidth(i), height: formLabelHeight)
        try label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        try label.setContentHuggingPriority(LayoutPriority(251), for: .vertical)
        field.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: formFieldHeight)
        try root.addSubview(label)
        try root.addSubview(field)
        labels.append(label); fields.append(field)
    }
    var all: [LayoutConstraint] = []
    all.reserveCapacity(6 * n)
    for i in 0..<n {
        let label = labels[i], field = fields[i]
        let top = try i == 0
            ? field.topAnchor.constraint(equalTo: root.topAnchor, constant: 16)
            : field.topAnchor.constraint(equalTo: fields[i - 1].bottomAnchor, constant: 8)
        all.append(try label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16))
        if i > 0 { all.append(try label.trailingAnchor.constraint(equalTo: labels[0].trailingAnchor)) }
        all.append(try field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8))
        all.append(try field.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16))
        all.append(top)
        all.append(try label.centerYAnchor.constraint(equalTo: field.centerYAnchor))
        spacings.append(top)
    }
    try activate(all, in: o.order)
    try root.layoutIfNeeded()
    finishViewBuild(root, from: t0, views: 2 * n, constraints: all.count, &m, &r)

    let column = formLabelColumn(n)
    func verify(rootWidth w: Double, extra: Double = 0, from: Int = .max) throws {
        for i in 0..<n {
            let want = formFrames(i, column: column, rootWidth: w, extra: extra, from: from)
            try expectRect(labels[i].frame, want.label, "label[\(i)].frame")
            try expectRect(fields[i].frame, want.field, "field[\(i)].frame")
        }
    }
    try verify(rootWidth: 375)
    try measureViewResizes(
        root, height: rootHeight, count: 100, width: feedRootWidth,
        check: { k in
            let w = feedRootWidth(k)
            try expectRect(fields[0].frame, formFrames(0, column: column, rootWidth: w).field, "field[0].frame")
            try expectRect(fields[n - 1].frame, formFrames(n - 1, column: column, rootWidth: w).field, "field[\(n - 1)].frame")
        },
        into: &m)
    let w = feedRootWidth(101)
    try verify(rootWidth: w)

    // Relayout after one constant change: row n/2's spacing 8 -> 20.
    let changed = n / 2
    let views = labels + fields
    let before = frames(views)
    var framesChanged = 0
    let relayouts = try measureRelayouts(pivots: { root.layoutSolverStatistics?.pivots ?? 0 }) { k in
        spacings[changed].constant = k % 2 == 1 ? 20 : 8
        try root.layoutIfNeeded()
    } check: { k in
        if k == 1 {
            framesChanged = countChanged(before, frames(views))
            try verify(rootWidth: w, extra: 12, from: changed)
        }
    }
    r.setRelayouts(relayouts, framesChanged: framesChanged)
    r.relayoutWhat = "row \(changed) top spacing 8 -> 20"
    r.relayoutFramesExpected = 2 * (n - changed)
    // Untimed: the same change back, counting the views the pass visits.
    let counter = PassCounter()
    counter.install(on: [root] + views)
    spacings[changed].constant = 20
    try root.layoutIfNeeded()
    spacings[changed].constant = 8
    try root.layoutIfNeeded()
    counter.remove(from: [root] + views)
    r.relayoutFramesWritten = counter.visits / 2 - 1  // per pass; every view but the root gets a frame
    try verify(rootWidth: w)
    m.pivotsTotal = root.layoutSolverStatistics?.pivots ?? 0
    return (m, r)
}

/// The feed of the grid workload, with views: a root 375 wide holding a content view (pinned to
/// the root's left, top and width; its height hugs the cells: content.bottom >= last.bottom + 4
/// and content.height == 0 @50, as the grid's root does) holding N cells: top == content.top +
/// 4 or the previous cell's bottom + 4; left == content.left + 16; right == content.right − 16;
/// height >= 44; an intrinsic height feedIntrinsic(i) (no intrinsic width; hugging 250,
/// compression 750, the defaults). Relayout: cell N/2's intrinsic height grows by 10 (that cell,
/// the cells below and the content view change).
func runVGrid(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "view-model")
    let n = o.n
    let t0 = nowNanoseconds()
    let engine = LayoutEngine()
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: vgridRootHeight))
    let content = try engine.makeView()
    content.translatesAutoresizingMaskIntoConstraints = false
    try root.addSubview(content)
    let cells = try makeFeedCells(engine, in: content, count: n)
    // The views first, then every constraint in the natural order, activated in the insertion order.
    var constraints = [
        try content.leftAnchor.constraint(equalTo: root.leftAnchor),
        try content.topAnchor.constraint(equalTo: root.topAnchor),
        try content.widthAnchor.constraint(equalTo: root.widthAnchor),
    ]
    constraints.reserveCapacity(4 * n + 5)
    for i in 0..<n {
        let cell = cells[i]
        constraints.append(try i == 0
            ? cell.topAnchor.constraint(equalTo: content.topAnchor, constant: 4)
            : cell.topAnchor.constraint(equalTo: cells[i - 1].bottomAnchor, constant: 4))
        constraints.append(try cell.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 16))
        constraints.append(try cell.rightAnchor.constraint(equalTo: content.rightAnchor, constant: -16))
        constraints.append(try cell.heightAnchor.constraint(greaterThanOrEqualToConstant: 44))
    }
    let hug = try content.heightAnchor.constraint(equalToConstant: 0)
    try hug.setPriority(.fittingSizeLevel)
    constraints.append(try content.bottomAnchor.constraint(greaterThanOrEqualTo: cells[n - 1].bottomAnchor, constant: 4))
    constraints.append(hug)
    try activate(constraints, in: o.order)
    try root.layoutIfNeeded()
    finishViewBuild(root, from: t0, views: n + 1, constraints: constraints.count, &m, &r)

    func verify(rootWidth w: Double, changed: Int = -1, delta: Double = 0) throws {
        let want = vgridFrames(n, rootWidth: w, changed: changed, delta: delta)
        for i in 0..<n { try expectRect(cells[i].frame, want.cells[i], "cell[\(i)].frame") }
        try expectRect(content.frame, want.content, "content.frame")
    }
    try verify(rootWidth: 375)
    try measureViewResizes(
        root, height: vgridRootHeight, count: 100, width: feedRootWidth,
        check: { k in
            let w = feedRootWidth(k)
            try expect(cells[0].frame.width, w - 32, "cell[0].width")
            try expect(cells[n - 1].frame.width, w - 32, "cell[\(n - 1)].width")
        },
        into: &m)
    let w = feedRootWidth(101)
    try verify(rootWidth: w)

    // Relayout after one constant change: cell n/2's intrinsic height + 10.
    let changed = n / 2
    let all = [content] + cells
    let before = frames(all)
    let h = feedIntrinsic(changed)
    var framesChanged = 0
    let relayouts = try measureRelayouts(pivots: { root.layoutSolverStatistics?.pivots ?? 0 }) { k in
        cells[changed].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: k % 2 == 1 ? h + 10 : h)
        try root.layoutIfNeeded()
    } check: { k in
        if k == 1 {
            framesChanged = countChanged(before, frames(all))
            try verify(rootWidth: w, changed: changed, delta: 10)
        }
    }
    r.setRelayouts(relayouts, framesChanged: framesChanged)
    r.relayoutWhat = "cell \(changed) intrinsic height +10"
    r.relayoutFramesExpected = (n - changed) + 1
    let counter = PassCounter()
    counter.install(on: [root] + all)
    cells[changed].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h + 10)
    try root.layoutIfNeeded()
    cells[changed].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h)
    try root.layoutIfNeeded()
    counter.remove(from: [root] + all)
    r.relayoutFramesWritten = counter.visits / 2 - 1
    try verify(rootWidth: w)
    m.pivotsTotal = root.layoutSolverStatistics?.pivots ?? 0
    return (m, r)
}
