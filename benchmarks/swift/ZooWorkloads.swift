// Shapes of the zoo (issue 18) that the canonical workloads lack: `aspect-grid` on the solver
// (cells that keep an aspect ratio) and `aligned-feed` on the view model (cells placed by
// inequalities against the cells above them). Each adds (or activates) its constraints in the
// insertion order of `Options.order` and is verified against its closed form, so a shuffled
// order must give the same frames. Definitions: docs/benchmarks.md ("Shape zoo").

import Tether
import TetherSolver

/// Resizes the zoo's shapes time: fewer than the canonical workloads' 100, since the zoo runs
/// each shape in many orders and a resize is not what it compares.
let zooResizes = 10

// MARK: - aspect-grid

/// Columns of aspect-grid (a photo gallery: a few columns, many rows).
let aspectColumns = 4
/// The width ÷ height ratio of the cells of row r.
func aspectRatio(_ r: Int) -> Double { [1.0, 4.0 / 3.0, 1.5, 16.0 / 9.0, 0.75][r % 5] }
/// Root width after resize k (k ≥ 1); the build uses 375.
func aspectRootWidth(_ k: Int) -> Double { 320 + 24 * Double(k % 7) }

/// N views (rounded down to whole rows of 4) in 4 columns of equal width that fill the root:
/// left == root.left + 8 (first column) or the left neighbour's right + 8; the last column's
/// right == root.right − 8; width == the row's first width (required); width == k_r · height
/// (the row's aspect ratio); top == root.top + 8 (first row) or the cell above's bottom + 8.
/// root.left == root.top == 0; the root's height hugs the content (root.bottom >= every
/// last-row bottom + 8, required; root.height == 0 @50); root.width is an edit variable @999
/// (suggested 375), added after the constraints or, with `--edits first`, before them. Every
/// resize changes every cell's width, height and (below the first row) top.
func runAspectGrid(_ o: Options) throws -> Measurement {
    var m = Measurement()
    let columns = aspectColumns
    let rows = max(1, o.n / columns)
    let count = rows * columns
    let fitting = try Priority(50)
    let (t0, solver) = o.startBuild()
    let (rootLeft, rootTop, rootWidth, rootHeight) = makeRootVariables(solver)
    var views = ViewVariables(capacity: count)
    var list = ConstraintList.pinningOrigin(left: rootLeft, top: rootTop)
    for r in 0..<rows {
        for c in 0..<columns {
            let (left, top, w, h) = views.makeView(in: solver)
            let k = r * columns + c
            if c == 0 {
                list.append(left == rootLeft + 8)
            } else {
                list.append(left == views.lefts[k - 1] + views.widths[k - 1] + 8)
                list.append(w.equals(views.widths[r * columns]))
            }
            if c == columns - 1 { list.append(left + w == rootLeft + rootWidth - 8) }
            list.append(w == h * aspectRatio(r))
            if r == 0 {
                list.append(top == rootTop + 8)
            } else {
                list.append(top == views.tops[k - columns] + views.heights[k - columns] + 8)
            }
            if r == rows - 1 { list.append(rootTop + rootHeight >= top + h + 8) }
        }
    }
    list.append(rootHeight == 0, fitting)
    _ = try addWithEdit(list, to: solver, o, edit: rootWidth, value: 375)
    finishBuild(solver, from: t0, views: count, constraints: list.items.count, &m)
    try measureReadout(solver, views.all, &m)

    func verify(rootW: Double, every: Bool) throws {
        let w = (rootW - 8 * Double(columns + 1)) / Double(columns)
        var y = 8.0
        for r in 0..<rows {
            let h = w / aspectRatio(r)
            for c in 0..<columns where every || r == 0 || r == rows - 1 {
                let k = r * columns + c
                try expect(solver.value(of: views.lefts[k]), 8 + Double(c) * (w + 8), "left[\(r),\(c)]")
                try expect(solver.value(of: views.widths[k]), w, "w[\(r),\(c)]")
                try expect(solver.value(of: views.heights[k]), h, "h[\(r),\(c)]")
                try expect(solver.value(of: views.tops[k]), y, "top[\(r),\(c)]")
            }
            y += h + 8
        }
        try expect(solver.value(of: rootHeight), y, "root.height")
    }
    try verify(rootW: 375, every: true)
    try measureResizes(
        solver, edit: rootWidth, count: zooResizes, value: aspectRootWidth,
        check: { try verify(rootW: aspectRootWidth($0), every: false) }, into: &m)
    try verify(rootW: aspectRootWidth(zooResizes + 1), every: true)
    m.pivotsTotal = Int(solver.statistics.pivots)
    return m
}

// MARK: - aligned-feed

/// Two columns of cells placed by inequalities (a masonry feed): cell i is in column i % 2 and
/// sits as high as it can below the cells it must clear. Returns the cells' frames at root width w.
func alignedFeedFrames(_ n: Int, rootWidth w: Double) -> [Rect] {
    var frames: [Rect] = []
    frames.reserveCapacity(n)
    let width = w / 2 - 20
    for i in 0..<n {
        var top = 8.0
        if i >= 2 { top = max(top, frames[i - 2].minY + frames[i - 2].height + 8) }
        if i >= 3 { top = max(top, frames[i - 3].minY + frames[i - 3].height + 8) }
        frames.append(Rect(x: i % 2 == 0 ? 16 : w / 2 + 4, y: top, width: width, height: feedIntrinsic(i)))
    }
    return frames
}

/// N cells in a root 375 × 800, two columns: cell i's leading == root.leading + 16 (column 0)
/// or root.centerX + 4 (column 1); width == 0.5 × root.width − 20; top >= root.top + 8;
/// top >= bottom of cell i − 2 (the cell above it) + 8; top >= bottom of cell i − 3 (the other
/// column, two cells back) + 8; top == root.top + 8 @240, which pulls every cell up to the least
/// top its inequalities allow (a unique optimum: the least solution of a monotone system). Each
/// cell has an intrinsic height feedIntrinsic(i) and no intrinsic width (hugging 250,
/// compression 750, the defaults, above the pull). Views are made first, then every constraint
/// is activated, one `activate` each, in the insertion order.
func runAlignedFeed(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "view-model")
    let n = o.n
    let rootHeight = 800.0
    let pull = LayoutPriority(240)
    let t0 = nowNanoseconds()
    let engine = LayoutEngine()
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: rootHeight))
    let cells = try makeFeedCells(engine, in: root, count: n)
    var constraints: [LayoutConstraint] = []
    constraints.reserveCapacity(6 * n)
    for i in 0..<n {
        let cell = cells[i]
        constraints.append(try i % 2 == 0
            ? cell.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16)
            : cell.leadingAnchor.constraint(equalTo: root.centerXAnchor, constant: 4))
        constraints.append(try cell.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: -20))
        constraints.append(try cell.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 8))
        if i >= 2 {
            constraints.append(try cell.topAnchor.constraint(greaterThanOrEqualTo: cells[i - 2].bottomAnchor, constant: 8))
        }
        if i >= 3 {
            constraints.append(try cell.topAnchor.constraint(greaterThanOrEqualTo: cells[i - 3].bottomAnchor, constant: 8))
        }
        let up = try cell.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
        try up.setPriority(pull)
        constraints.append(up)
    }
    try activate(constraints, in: o.order)
    try root.layoutIfNeeded()
    finishViewBuild(root, from: t0, views: n, constraints: constraints.count, &m, &r)

    func verify(rootWidth w: Double) throws {
        let want = alignedFeedFrames(n, rootWidth: w)
        for i in 0..<n { try expectRect(cells[i].frame, want[i], "cell[\(i)].frame") }
    }
    try verify(rootWidth: 375)
    try measureViewResizes(
        root, height: rootHeight, count: zooResizes, width: feedRootWidth,
        check: { k in
            let w = feedRootWidth(k)
            try expect(cells[n - 1].frame.width, w / 2 - 20, "cell[\(n - 1)].width")
            try expect(cells[n - 1].frame.minX, (n - 1) % 2 == 0 ? 16 : w / 2 + 4, "cell[\(n - 1)].x")
        },
        into: &m)
    try verify(rootWidth: feedRootWidth(zooResizes + 1))
    m.pivotsTotal = root.layoutSolverStatistics?.pivots ?? 0
    return (m, r)
}
