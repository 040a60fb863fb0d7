// The zoo's `nested-stacks`: a stack of stacks of stacks (StackView), built through the view
// model and laid out by layoutIfNeeded. The stacks generate almost every constraint, so the
// insertion order a user controls is the order in which views are arranged: every view goes
// into its stack with `insertArrangedSubview(_:at:)`, in the insertion order over all the
// (stack, view) pairs, at its rank among the siblings already arranged. The arrangement (and so
// the layout) is the same in every order; the subviews' order, which is the hierarchy order the
// view model builds its solver in, follows the insertion order.

import Tether
import TetherSolver

let nestedLeavesPerColumn = 4
let nestedColumnsPerRow = 4
/// Intrinsic height of leaf j of every column in row r: the same in each column of a row, so that
/// the row's fill alignment (every column as tall as the first) needs no stretching, and the
/// layout stays unambiguous.
func nestedLeafHeight(row r: Int, leaf j: Int) -> Double { 20 + 6 * Double(j) + 2 * Double(r % 5) }
/// Height of a column (and of its row) in row r: its leaves with spacing 2.
func nestedColumnHeight(row r: Int) -> Double {
    (0..<nestedLeavesPerColumn).reduce(0) { $0 + nestedLeafHeight(row: r, leaf: $1) }
        + 2 * Double(nestedLeavesPerColumn - 1)
}

/// N leaf views (rounded down to whole rows of 16) in a root 375 × 800: an outer vertical stack
/// (fill, fill, spacing 8) pinned to the root's leading + 16, trailing − 16 and top + 16 (the
/// user's 3 constraints; its height follows the content) arranges rows; a row is a horizontal
/// stack (fillEqually, fill, spacing 4) of 4 columns; a column is a vertical stack (fill, fill,
/// spacing 2) of 4 leaves with an intrinsic height nestedLeafHeight and no intrinsic width.
func runNestedStacks(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "view-model")
    let rows = max(1, o.n / (nestedLeavesPerColumn * nestedColumnsPerRow))
    let columnCount = rows * nestedColumnsPerRow
    let leafCount = columnCount * nestedLeavesPerColumn

    // Untimed: the arrangement steps and, for the insertion order, the index each view goes in
    // at (its rank among the siblings arranged before it). Stack 0 is the outer stack, 1...rows
    // the rows, then the columns; a step is (stack, child, rank), child numbered as in `views`.
    var steps: [(stack: Int, child: Int, rank: Int)] = []
    steps.reserveCapacity(rows + columnCount + leafCount)
    for row in 0..<rows {
        steps.append((0, 1 + row, row))
        for c in 0..<nestedColumnsPerRow {
            let column = 1 + rows + row * nestedColumnsPerRow + c
            steps.append((1 + row, column, c))
            for j in 0..<nestedLeavesPerColumn {
                steps.append((column, 1 + rows + columnCount + (column - 1 - rows) * nestedLeavesPerColumn + j, j))
            }
        }
    }
    let permutation = o.order.permutation(steps.count)
    var arrangedRanks = [[Int]](repeating: [], count: 1 + rows + columnCount)
    var atIndex = [Int](repeating: 0, count: steps.count)
    for k in permutation {
        let step = steps[k]
        var lo = 0, hi = arrangedRanks[step.stack].count  // binary search: ranks stay sorted
        while lo < hi {
            let mid = (lo + hi) / 2
            if arrangedRanks[step.stack][mid] < step.rank { lo = mid + 1 } else { hi = mid }
        }
        arrangedRanks[step.stack].insert(step.rank, at: lo)
        atIndex[k] = lo
    }
    arrangedRanks = []

    let t0 = nowNanoseconds()
    let engine = LayoutEngine()
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 800))
    var stacks: [StackView] = []
    stacks.reserveCapacity(1 + rows + columnCount)
    let outer = try engine.makeStackView()
    outer.axis = .vertical
    try outer.setSpacing(8)
    outer.translatesAutoresizingMaskIntoConstraints = false
    try root.addSubview(outer)
    stacks.append(outer)
    for _ in 0..<rows {
        let row = try engine.makeStackView()
        row.distribution = .fillEqually
        try row.setSpacing(4)
        stacks.append(row)
    }
    for _ in 0..<columnCount {
        let column = try engine.makeStackView()
        column.axis = .vertical
        try column.setSpacing(2)
        stacks.append(column)
    }
    var views: [View] = stacks
    views.reserveCapacity(stacks.count + leafCount)
    for column in 0..<columnCount {
        for j in 0..<nestedLeavesPerColumn {
            let leaf = try engine.makeView()
            leaf.intrinsicContentSize = Size(width: View.noIntrinsicMetric,
                                             height: nestedLeafHeight(row: column / nestedColumnsPerRow, leaf: j))
            views.append(leaf)
        }
    }
    for k in permutation {
        try stacks[steps[k].stack].insertArrangedSubview(views[steps[k].child], at: atIndex[k])
    }
    let pins = [
        try outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
        try outer.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        try outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 16),
    ]
    try activate(pins, in: o.order)
    try root.layoutIfNeeded()
    finishViewBuild(root, from: t0, views: views.count, constraints: pins.count, &m, &r)

    func verify(rootWidth w: Double, every: Bool) throws {
        let outerWidth = w - 32
        let columnWidth = (outerWidth - 4 * Double(nestedColumnsPerRow - 1)) / Double(nestedColumnsPerRow)
        var y = 0.0
        for row in 0..<rows {
            let h = nestedColumnHeight(row: row)
            if every || row == 0 || row == rows - 1 {
                try expectRect(stacks[1 + row].frame, Rect(x: 0, y: y, width: outerWidth, height: h), "row[\(row)]")
                for c in 0..<nestedColumnsPerRow {
                    let column = row * nestedColumnsPerRow + c
                    try expectRect(stacks[1 + rows + column].frame,
                                   Rect(x: Double(c) * (columnWidth + 4), y: 0, width: columnWidth, height: h),
                                   "column[\(row),\(c)]")
                    var leafY = 0.0
                    for j in 0..<nestedLeavesPerColumn {
                        let leafHeight = nestedLeafHeight(row: row, leaf: j)
                        try expectRect(views[stacks.count + column * nestedLeavesPerColumn + j].frame,
                                       Rect(x: 0, y: leafY, width: columnWidth, height: leafHeight),
                                       "leaf[\(row),\(c),\(j)]")
                        leafY += leafHeight + 2
                    }
                }
            }
            y += h + 8
        }
        try expectRect(outer.frame, Rect(x: 16, y: 16, width: outerWidth, height: y - 8), "outer")
    }
    try verify(rootWidth: 375, every: true)
    try measureViewResizes(
        root, height: 800, count: zooResizes, width: feedRootWidth,
        check: { try verify(rootWidth: feedRootWidth($0), every: false) }, into: &m)
    try verify(rootWidth: feedRootWidth(zooResizes + 1), every: true)
    m.pivotsTotal = root.layoutSolverStatistics?.pivots ?? 0
    return (m, r)
}
