import XCTest
import TetherSolver
@testable import Tether
import TetherTestSupport
import TetherViewTestSupport

/// The same constraints activated in any order give the same layout, bit for bit, and the same
/// solver (a rebuild adds a root's constraints as one planned batch): also where the optimum is
/// not unique, and a conflict still breaks the newest user constraint in it.
final class ActivationOrderTests: XCTestCase {
    /// A form (rows of label + field, labels' trailing edges aligned, fields filling the rest)
    /// under a header whose width two optional constraints of one priority pull apart (any width
    /// between them is optimal), built with its constraints activated in `order` (nil: as made).
    private func form(rows: Int, order seed: UInt64?) throws -> (engine: LayoutEngine, frames: [Rect], stats: SolverStatistics?) {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 60 + 42 * Double(rows)))
        let header = try engine.makeConstrainedSubview(of: root)
        var views = [header]
        var constraints = [
            try header.topAnchor.constraint(equalTo: root.topAnchor),
            try header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try header.heightAnchor.constraint(equalToConstant: 40),
            try header.widthAnchor.constraint(equalToConstant: 100),
            try header.widthAnchor.constraint(equalToConstant: 200),
        ]
        try constraints[3].setPriority(LayoutPriority(500))
        try constraints[4].setPriority(LayoutPriority(500))
        var labels: [View] = [], fields: [View] = []
        for i in 0..<rows {
            let label = try engine.makeView(), field = try engine.makeView()
            for v in [label, field] {
                v.translatesAutoresizingMaskIntoConstraints = false
                try root.addSubview(v)
            }
            label.intrinsicContentSize = Size(width: 40 + Double((i * 29) % 80), height: 21)
            try label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
            field.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 34)
            constraints.append(try label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16))
            if i > 0 { constraints.append(try label.trailingAnchor.constraint(equalTo: labels[0].trailingAnchor)) }
            constraints.append(try field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8))
            constraints.append(try field.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16))
            constraints.append(i == 0 ? try field.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8)
                                      : try field.topAnchor.constraint(equalTo: fields[i - 1].bottomAnchor, constant: 8))
            constraints.append(try label.centerYAnchor.constraint(equalTo: field.centerYAnchor))
            labels.append(label)
            fields.append(field)
            views += [label, field]
        }
        if let seed {
            var rng = SeededGenerator(seed: seed)
            constraints.shuffle(using: &rng)
        }
        for c in constraints { try activate([c]) }
        try root.layoutIfNeeded()
        return (engine, views.map(\.frame), root.layoutSolverStatistics)
    }

    func testEveryActivationOrderGivesTheSameFrames() throws {
        let reference = try form(rows: 40, order: nil)
        XCTAssertEqual(reference.frames[1], Rect(x: 16, y: 48 + 6.5, width: 119, height: 21))
        XCTAssertGreaterThanOrEqual(reference.frames[0].width, 100)
        XCTAssertLessThanOrEqual(reference.frames[0].width, 200)
        for seed: UInt64 in 1...8 {
            let other = try form(rows: 40, order: seed)
            XCTAssertEqual(other.frames, reference.frames, "seed \(seed)")
            XCTAssertEqual(other.stats?.cells, reference.stats?.cells, "seed \(seed)")
            XCTAssertEqual(other.stats?.pivots, reference.stats?.pivots, "seed \(seed)")
        }
    }

    /// A batch that conflicts falls back to adding one by one in activation order: the newest
    /// user constraint in the conflict is broken and reported, whatever the rest of the order.
    func testAConflictStillBreaksTheNewestConstraint() throws {
        for seed: UInt64 in 1...4 {
            let engine = LayoutEngine()
            var reports: [String] = []
            engine.diagnosticHandler = { reports.append($0) }
            let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
            let a = try engine.makeView(), b = try engine.makeView()
            for v in [a, b] {
                v.translatesAutoresizingMaskIntoConstraints = false
                try root.addSubview(v)
            }
            var constraints = [
                try a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                try a.topAnchor.constraint(equalTo: root.topAnchor),
                try a.heightAnchor.constraint(equalToConstant: 10),
                try b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
                try b.topAnchor.constraint(equalTo: a.bottomAnchor),
                try b.widthAnchor.constraint(equalTo: a.widthAnchor),
                try b.heightAnchor.constraint(equalToConstant: 10),
                try b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            ]
            var rng = SeededGenerator(seed: seed)
            constraints.shuffle(using: &rng)
            let wide = try a.widthAnchor.constraint(equalToConstant: 200)  // 200 + 200 > 300
            for c in constraints + [wide] { try activate([c]) }
            try root.layoutIfNeeded()
            XCTAssertTrue(wide.isBroken, "seed \(seed)")
            XCTAssertEqual(constraints.filter(\.isBroken).count, 0, "seed \(seed)")
            XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 150, height: 10), "seed \(seed)")
            XCTAssertEqual(reports.count, 1, "seed \(seed)")
        }
    }

    /// Nested stack views (a vertical stack of rows, each a fillEqually row of columns, each a
    /// column of leaves with intrinsic heights), every view arranged with
    /// `insertArrangedSubview(_:at:)` in `order` over all (stack, view) steps (nil: as listed,
    /// reversed when `reverse`), at its rank among the siblings arranged so far. The arrangement
    /// is the same in every order; the subviews' order follows the order of insertion.
    private func nestedStacks(rows: Int, order seed: UInt64?, reverse: Bool = false) throws
        -> (frames: [Rect], stats: SolverStatistics?) {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 800))
        let outer = try engine.makeStackView()
        outer.axis = .vertical
        try outer.setSpacing(8)
        outer.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(outer)
        var steps: [(stack: StackView, view: View, rank: Int)] = []
        var views: [View] = [outer]
        for r in 0..<rows {
            let row = try engine.makeStackView()
            row.distribution = .fillEqually
            try row.setSpacing(4)
            steps.append((outer, row, r))
            views.append(row)
            for c in 0..<3 {
                let column = try engine.makeStackView()
                column.axis = .vertical
                try column.setSpacing(2)
                steps.append((row, column, c))
                views.append(column)
                for j in 0..<3 {
                    let leaf = try engine.makeView()
                    leaf.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 20 + 6 * Double(j) + Double(r % 3))
                    steps.append((column, leaf, j))
                    views.append(leaf)
                }
            }
        }
        if let seed {
            var rng = SeededGenerator(seed: seed)
            steps.shuffle(using: &rng)
        } else if reverse {
            steps.reverse()
        }
        var ranks: [ObjectIdentifier: [Int]] = [:]
        for step in steps {
            let placed = ranks[ObjectIdentifier(step.stack), default: []]
            let index = placed.firstIndex { $0 > step.rank } ?? placed.count
            ranks[ObjectIdentifier(step.stack), default: []].insert(step.rank, at: index)
            try step.stack.insertArrangedSubview(step.view, at: index)
        }
        try activate([
            try outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            try outer.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            try outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 16),
        ])
        try root.layoutIfNeeded()
        return (views.map(\.frame), root.layoutSolverStatistics)
    }

    /// Stack views chain their arranged subviews in arrangement order, whatever the order of
    /// their subviews: filled in reverse or shuffled, they make the same solver as filled in
    /// order (the variables follow the arrangement), with the same cells. In reverse, before,
    /// each link defined the height of the row above it and the rows' tops stayed in the
    /// tableau, each over every height above it (24 rows of 4 × 4: 3,938 cells against 2,616).
    func testStacksFilledInAnyOrderMakeTheSameSolver() throws {
        let reference = try nestedStacks(rows: 30, order: nil)
        let stats = try XCTUnwrap(reference.stats)
        XCTAssertLessThanOrEqual(stats.cells, 4 * stats.constraints, "cells grow with the stacks: \(stats)")
        for (seed, reverse) in [(nil, true), (1, false), (2, false), (3, false)] as [(UInt64?, Bool)] {
            let other = try nestedStacks(rows: 30, order: seed, reverse: reverse)
            let label = "seed \(seed.map(String.init) ?? "reverse")"
            let differ = zip(other.frames, reference.frames).enumerated().first { $0.element.0 != $0.element.1 }
            XCTAssertNil(differ, "\(label): the first frame that differs (view, frames)")
            XCTAssertEqual(other.stats?.cells, stats.cells, label)
            XCTAssertEqual(other.stats?.rows, stats.rows, label)
            XCTAssertEqual(other.stats?.definitions, stats.definitions, label)
        }
    }
}
