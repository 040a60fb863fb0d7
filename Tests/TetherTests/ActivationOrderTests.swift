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
}
