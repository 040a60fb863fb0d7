import XCTest
@testable import Tether
@testable import TetherDocument
import TetherViewTestSupport

/// Label placement in SVG drawings (docs/rendering.md, "Labels"): no two labels overlap, view
/// labels stay inside their views, what does not fit is abbreviated (full text in a `<title>`)
/// or dropped, and the result depends on the layout alone.
final class SVGLabelPlacementTests: XCTestCase {
    /// A `<text>` of a document: its attributes, the text drawn and the title it carries.
    private struct DrawnText {
        var viewID: String?
        var x = 0.0, y = 0.0
        var text = ""
        var title: String?
        /// 10-point view labels and 8-point constraint labels, each character 0.625 em wide, the
        /// line 0.95 em above the baseline and 0.3 em below (the renderer's promise, restated
        /// here so that a change of it shows).
        var box: Rect {
            let size = viewID == nil ? 8.0 : 10.0
            let cells = text.unicodeScalars.reduce(0) { $0 + ($1.value < 0x530 || $1 == "\u{2026}" ? 1 : 2) }
            return Rect(x: x, y: y - 0.95 * size, width: Double(cells) * 0.625 * size, height: 1.25 * size)
        }
    }

    /// Every `<text>` of the document (labels and constraint labels), unescaped.
    private func texts(_ svg: String) -> [DrawnText] {
        svg.components(separatedBy: "<text").dropFirst().map { chunk in
            let head = chunk.prefix { $0 != ">" }
            var drawn = DrawnText()
            func attribute(_ name: String) -> String? {
                guard let r = head.range(of: " \(name)=\"") else { return nil }
                return String(head[r.upperBound...].prefix { $0 != "\"" })
            }
            drawn.viewID = attribute("data-id")
            drawn.x = Double(attribute("x")!)!
            drawn.y = Double(attribute("y")!)!
            let body = chunk.dropFirst(head.count + 1).components(separatedBy: "</text>")[0]
            let parts = body.components(separatedBy: "<title>")
            drawn.text = unescaped(parts[0])
            if parts.count > 1 { drawn.title = unescaped(parts[1].components(separatedBy: "</title>")[0]) }
            return drawn
        }
    }

    private func unescaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The document writes 3 decimals: boxes computed back from its numbers may be off by that
    /// rounding (touching boxes seem to overlap by a hair, fitting ones to stick out).
    private let eps = 0.002

    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - eps && b.minX < a.maxX - eps && a.minY < b.maxY - eps && b.minY < a.maxY - eps
    }

    private func inside(_ a: Rect, _ b: Rect) -> Bool {
        a.minX >= b.minX - eps && a.maxX <= b.maxX + eps && a.minY >= b.minY - eps && a.maxY <= b.maxY + eps
    }

    /// Each view's frame in the drawing (root coordinates), by hex id.
    private func drawnFrames(_ root: View) -> [String: Rect] {
        var out: [String: Rect] = [:]
        func walk(_ v: View, _ x: Double, _ y: Double) {
            let f = v.frame
            let origin = v === root ? (0.0, 0.0) : (x + f.minX, y + f.minY)
            out[displayID(v.id)] = Rect(x: origin.0, y: origin.1, width: f.width, height: f.height)
            for s in v.subviews { walk(s, origin.0, origin.1) }
        }
        walk(root, 0, 0)
        return out
    }

    /// The checks every drawing must pass: no two label boxes overlap, view labels lie inside
    /// their views, every label inside the document, abbreviations end with "…" and carry the
    /// full text as their title, and only abbreviations carry a title. Returns the texts.
    @discardableResult
    private func checkLegible(_ root: View, _ options: SVGOptions = SVGOptions(showsConstraints: true),
                              file: StaticString = #filePath, line: UInt = #line) throws -> [DrawnText] {
        let svg = try root.svg(options)
        let drawn = texts(svg)
        let frames = drawnFrames(root)
        let p = options.padding
        let canvas = Rect(x: -p, y: -p, width: root.frame.width + 2 * p, height: root.frame.height + 2 * p)
        // Sorted by x: each box is compared only with those starting before it ends.
        let sorted = drawn.sorted { $0.box.minX < $1.box.minX }
        for (i, a) in sorted.enumerated() {
            for b in sorted[(i + 1)...] {
                if b.box.minX >= a.box.maxX - eps { break }
                XCTAssertFalse(overlap(a.box, b.box), "'\(a.text)' \(a.box) overlaps '\(b.text)' \(b.box)",
                               file: file, line: line)
            }
        }
        for t in drawn {
            XCTAssertTrue(inside(t.box, canvas), "'\(t.text)' \(t.box) leaves the document", file: file, line: line)
            if let id = t.viewID {
                XCTAssertTrue(inside(t.box, frames[id]!), "'\(t.text)' \(t.box) leaves its view \(frames[id]!)",
                              file: file, line: line)
            }
            if let title = t.title {
                XCTAssertTrue(t.text.hasSuffix("\u{2026}") && title.hasPrefix(String(t.text.dropLast())),
                              "'\(t.text)' abbreviates '\(title)'", file: file, line: line)
            }
        }
        return drawn
    }

    // MARK: Views

    func testNestedViewsAtOneCornerGetOneLineEach() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200), identifier: "root")
        var parent = root
        for depth in 1...4 {
            let v = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200 - Double(depth)),
                                        identifier: "level\(depth)")
            try parent.addSubview(v)
            parent = v
        }
        let drawn = try checkLegible(root)
        // Without placement all five would print at (3, 11) over each other.
        XCTAssertEqual(drawn.map(\.text), ["root", "level1", "level2", "level3", "level4"])
        XCTAssertEqual(drawn.map(\.y), [10.5, 23, 35.5, 48, 60.5])
        XCTAssertEqual(Set(drawn.map(\.x)), [2])
    }

    func testThinAndNarrowViewsAbbreviateOrDropTheirNames() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 100), identifier: "root")
        // 4 high: no line fits, so no label; the rect's title still names it.
        let separator = try engine.makeView(frame: Rect(x: 0, y: 40, width: 300, height: 4), identifier: "separatorLine")
        // 40 wide, 37 inside the insets: "notificationsSwitch" (19 characters, 118.75 points)
        // shortens to "noti…" (31.25 points).
        let narrow = try engine.makeView(frame: Rect(x: 10, y: 60, width: 40, height: 30), identifier: "notificationsSwitch")
        // 20 wide: not even "abc…" (25 points) fits.
        let tiny = try engine.makeView(frame: Rect(x: 60, y: 60, width: 20, height: 30), identifier: "tinyBadgeView")
        for v in [separator, narrow, tiny] { try root.addSubview(v) }
        let drawn = try checkLegible(root)
        let byID = Dictionary(uniqueKeysWithValues: drawn.compactMap { t in t.viewID.map { ($0, t) } })
        XCTAssertNil(byID[displayID(separator.id)])
        XCTAssertNil(byID[displayID(tiny.id)])
        XCTAssertEqual(byID[displayID(narrow.id)]?.text, "noti\u{2026}")
        XCTAssertEqual(byID[displayID(narrow.id)]?.title, "notificationsSwitch")
        XCTAssertNil(byID[displayID(root.id)]?.title, "a label shown in full has no title of its own")
        let svg = try root.svg()
        XCTAssertTrue(svg.contains("\(displayID(narrow.id))\" x=\"12\" y=\"70.5\">noti\u{2026}<title>notificationsSwitch</title></text>"))
        for v in [separator, tiny] {
            XCTAssertTrue(svg.contains("identifier = &apos;\(v.identifier)&apos;&gt;</title></rect>"), "its tooltip names \(v.identifier)")
        }
    }

    func testAViewOfSizeZeroHasNoLabel() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), identifier: "root")
        try root.addSubview(try engine.makeView(frame: Rect(x: 50, y: 50, width: 0, height: 0), identifier: "point"))
        XCTAssertEqual(try checkLegible(root).map(\.text), ["root"])
    }

    // MARK: Constraints

    func testConstraintLabelsDoNotRunTogether() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 60), identifier: "row")
        let title = try engine.makeConstrainedSubview(of: root, identifier: "title")
        let toggle = try engine.makeConstrainedSubview(of: root, identifier: "toggle")
        try activate([
            try title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            try title.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            try title.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 8),
            try title.widthAnchor.constraint(equalToConstant: 100),
            try toggle.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            try toggle.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            try toggle.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 8),
            try toggle.widthAnchor.constraint(equalToConstant: 51),
            try toggle.heightAnchor.constraint(equalToConstant: 31),
        ])
        let drawn = try checkLegible(root)
        let constraintTexts = drawn.filter { $0.viewID == nil }.map { $0.title ?? $0.text }
        XCTAssertTrue(constraintTexts.contains("centerY == centerY"), "\(constraintTexts)")
        XCTAssertTrue(constraintTexts.contains(">=8"), "\(constraintTexts)")
    }

    func testALabelWithNoRoomIsLeftOutAndTheConstraintKeepsItsTitle() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let v = try engine.makeConstrainedSubview(of: root)
        let constraints = [try v.widthAnchor.constraint(equalToConstant: 123_456_789), try v.heightAnchor.constraint(equalToConstant: 2)]
        try activate(constraints + [try v.leftAnchor.constraint(equalTo: root.leftAnchor),
                                    try v.topAnchor.constraint(equalTo: root.topAnchor)])
        // The document is 30 points wide with the padding: "123456789" (45 points) is wider,
        // and every stop along a line 123456789 points long, where "123…" would go, lies past it.
        let svg = try root.svg(SVGOptions(showsConstraints: true, padding: 10))
        let group = svg.components(separatedBy: "\n").first { $0.contains("data-id=\"\(displayID(constraints[0].id))\"") }!
        XCTAssertFalse(group.contains("<text"), group)
        XCTAssertTrue(group.contains("<title>&lt;NSLayoutConstraint:\(displayID(constraints[0].id))"), group)
        try checkLegible(root, SVGOptions(showsConstraints: true, padding: 10))
    }

    // MARK: Dense drawings

    /// A grid of 200 small cells with long names, each with its own constraints drawn, and a
    /// wide cell per row holding a subview at its corner: crowded enough that most labels are
    /// abbreviated or dropped.
    private func denseScreen(_ engine: LayoutEngine) throws -> View {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 500), identifier: "denseScreen")
        var constraints: [LayoutConstraint] = []
        for i in 0..<200 {
            let cell = try engine.makeConstrainedSubview(of: root, identifier: "collectionCell_row\(i / 10)_column\(i % 10)")
            constraints += [
                try cell.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(i % 10) * 40 + 2),
                try cell.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(i / 10) * 25 + 2),
                try cell.widthAnchor.constraint(equalToConstant: 36),
                try cell.heightAnchor.constraint(equalToConstant: 21 + Double(i % 3)),
            ]
        }
        try activate(constraints)
        return root
    }

    func testADenseScreenStaysLegibleAndIsDrawnAlikeEachTime() throws {
        let engine = LayoutEngine(), again = LayoutEngine()  // views do not keep their engine alive
        let root = try denseScreen(engine)
        let drawn = try checkLegible(root)
        XCTAssertGreaterThan(drawn.filter { $0.viewID != nil && $0.title != nil }.count, 150, "cells show abbreviations")
        XCTAssertGreaterThan(drawn.filter { $0.viewID == nil }.count, 100, "constraint labels find places too")
        // A function of the layout: a second engine, built the same way, draws the same bytes.
        let options = SVGOptions(showsConstraints: true)
        XCTAssertEqual(try denseScreen(again).svg(options), try root.svg(options))
        XCTAssertEqual(try root.svg(options), try root.svg(options))
    }

    // MARK: The pieces

    func testFormsOfAName() {
        let font = SVGLabelFont.view  // 6.25 points a character
        XCTAssertEqual(font.forms(of: "header", within: 400), ["header", "head\u{2026}", "hea\u{2026}"])
        // 100 points hold 16 characters: 15 and the ellipsis, then half as many, then 3.
        XCTAssertEqual(font.forms(of: "collectionCell_row3", within: 100),
                       ["collectionCell_\u{2026}", "collect\u{2026}", "col\u{2026}"])
        XCTAssertEqual(font.forms(of: "abcd", within: 100), ["abcd"], "no abbreviation of 4 characters or fewer")
        XCTAssertEqual(font.forms(of: "abcdef", within: 20), [], "not even 3 characters and the ellipsis")
        XCTAssertEqual(SVGLabelFont.cells("ab\u{2026}\u{65E5}\u{672C}"), 7, "CJK characters count twice")
        XCTAssertEqual(font.box("abc", at: Point(x: 1, y: 2)), Rect(x: 1, y: 2, width: 18.75, height: 12.5))
        XCTAssertEqual(font.baseline(of: Rect(x: 1, y: 2, width: 5, height: 12.5)), Point(x: 1, y: 11.5))
    }

    func testPlacementTakesTheFirstFreeCandidateAndNeverOverlaps() {
        var placement = SVGLabelPlacement(canvas: Rect(x: 0, y: 0, width: 200, height: 100))
        let frame = Rect(x: 0, y: 0, width: 200, height: 40)
        let first = placement.placeViewLabel("first", in: frame)
        let second = placement.placeViewLabel("second", in: frame)
        let third = placement.placeViewLabel("third", in: frame)
        let fourth = placement.placeViewLabel("fourth", in: frame)
        let fifth = placement.placeViewLabel("fifth", in: frame)
        let sixth = placement.placeViewLabel("sixth", in: frame)
        let seventh = placement.placeViewLabel("seventh", in: frame)
        // Three rows of 12.5 fit in 38 points: down the left edge, then the right, then nothing.
        XCTAssertEqual([first, second, third, fourth, fifth, sixth].map { $0?.box.origin },
                       [Point(x: 2, y: 1), Point(x: 2, y: 13.5), Point(x: 2, y: 26),
                        Point(x: 199 - 37.5, y: 1), Point(x: 199 - 31.25, y: 13.5), Point(x: 199 - 31.25, y: 26)])
        XCTAssertNil(seventh)
        // A constraint's label goes beside its line, the middle first, then further along.
        let a = placement.placeConstraintLabel("8", from: Point(x: 100, y: 50), to: Point(x: 100, y: 90))
        let b = placement.placeConstraintLabel(">=8", from: Point(x: 100, y: 50), to: Point(x: 100, y: 90))
        XCTAssertEqual(a?.box, Rect(x: 101.5, y: 65, width: 5, height: 10))
        XCTAssertEqual(b?.box, Rect(x: 83.5, y: 65, width: 15, height: 10), "the other side of the line")
    }
}
