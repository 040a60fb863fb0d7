import XCTest
@testable import Tether
@testable import TetherDocument
import TetherViewTestSupport

/// Golden structure tests of the SVG drawing (docs/rendering.md): which elements, classes, ids
/// and coordinates a hierarchy gives, checked line by line (every element is on its own line).
final class SVGRendererTests: XCTestCase {
    /// Engine ids are deterministic: items and constraints are numbered from slot 1, generation 1.
    ///
    /// root (400 x 300)
    ///   header   top, leading, trailing of root, height 44             (0, 0, 400, 44)
    ///   body     8 below header, within root's margins, 8 above bottom  (8, 52, 384, 240)
    ///     badge  centered in body, 10 below its top, 100 x 20          (150, 62, 100, 20) in root
    private struct Screen {
        let engine = LayoutEngine()
        let root: View, header: View, body: View, badge: View
        var constraints: [LayoutConstraint] = []

        init() throws {
            root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 300), identifier: "root")  // 0x100000001
            header = try engine.makeConstrainedSubview(of: root, identifier: "header")  // 0x100000002
            body = try engine.makeConstrainedSubview(of: root, identifier: "body")  // 0x100000003
            badge = try engine.makeConstrainedSubview(of: body)  // 0x100000004
            func margin(_ item: View, _ a: LayoutAttribute, _ margin: LayoutAttribute) throws -> LayoutConstraint {
                try LayoutConstraint(item: item, attribute: a, relatedBy: .equal, toItem: root, attribute: margin)
            }
            constraints = [
                try header.topAnchor.constraint(equalTo: root.topAnchor),  // 0x140000001
                try header.leadingAnchor.constraint(equalTo: root.leadingAnchor),  // 0x140000002
                try header.trailingAnchor.constraint(equalTo: root.trailingAnchor),  // 0x140000003
                try header.heightAnchor.constraint(equalToConstant: 44),  // 0x140000004
                try body.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),  // 0x140000005
                try margin(body, .leading, .leadingMargin),  // 0x140000006
                try margin(body, .trailing, .trailingMargin),  // 0x140000007
                try body.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8),  // 0x140000008
                try badge.centerXAnchor.constraint(equalTo: body.centerXAnchor),  // 0x140000009
                try badge.topAnchor.constraint(equalTo: body.topAnchor, constant: 10),  // 0x14000000a
                try badge.widthAnchor.constraint(equalToConstant: 100),  // 0x14000000b
                try badge.heightAnchor.constraint(equalToConstant: 20),  // 0x14000000c
            ]
            try activate(constraints)
        }
    }

    /// The document's lines (every element is on one line).
    private func lines(_ svg: String) -> [String] {
        svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The one line that starts with `prefix`; fails (and returns "") unless there is exactly one.
    private func line(_ svg: String, startingWith prefix: String, file: StaticString = #filePath,
                      line: UInt = #line) -> String {
        let found = lines(svg).filter { $0.hasPrefix(prefix) }
        XCTAssertEqual(found.count, 1, "lines starting with \(prefix)", file: file, line: line)
        return found.first ?? ""
    }

    private func count(_ svg: String, _ needle: String) -> Int {
        svg.components(separatedBy: needle).count - 1
    }

    // MARK: Views

    func testDocumentFrameAndViewRectsInRootCoordinates() throws {
        let s = try Screen()
        let svg = try s.root.svg()
        let all = lines(svg)
        XCTAssertEqual(all.first, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        XCTAssertEqual(all[1], "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"416\" height=\"316\""
                       + " viewBox=\"-8 -8 416 316\" data-generator=\"Tether\" data-view=\"0x100000001\">")
        XCTAssertEqual(all[2], "<title>View:0x100000001&apos;root&apos;</title>")
        XCTAssertEqual(all[all.count - 2], "</svg>")
        XCTAssertEqual(all.last, "")
        XCTAssertTrue(svg.contains("<rect class=\"background\" x=\"-8\" y=\"-8\" width=\"416\" height=\"316\"/>"))

        // Parents before children, depth-first; frames in the root's coordinates.
        let rects = all.filter { $0.hasPrefix("<rect class=\"view") }
        XCTAssertEqual(rects.count, 4)
        XCTAssertTrue(rects[0].hasPrefix("<rect class=\"view\" data-id=\"0x100000001\" data-depth=\"0\" x=\"0\" y=\"0\" width=\"400\" height=\"300\">"))
        XCTAssertTrue(rects[1].hasPrefix("<rect class=\"view\" data-id=\"0x100000002\" data-depth=\"1\" x=\"0\" y=\"0\" width=\"400\" height=\"44\">"))
        XCTAssertTrue(rects[2].hasPrefix("<rect class=\"view\" data-id=\"0x100000003\" data-depth=\"1\" x=\"8\" y=\"52\" width=\"384\" height=\"240\">"))
        XCTAssertTrue(rects[3].hasPrefix("<rect class=\"view\" data-id=\"0x100000004\" data-depth=\"2\" x=\"150\" y=\"62\" width=\"100\" height=\"20\">"))
        // The badge's own frame is in body's coordinates; the drawing adds body's origin.
        XCTAssertEqual(s.badge.frame, Rect(x: 142, y: 10, width: 100, height: 20))
        XCTAssertTrue(rects[2].hasSuffix("<title>&lt;View: 0x100000003; frame = (8 52; 384 240); identifier = &apos;body&apos;&gt;</title></rect>"))

        // Labels: the identifier, else the debug name; their boxes 2 right of and 1 below the
        // top-left corner, the baseline 9.5 lower.
        XCTAssertEqual(line(svg, startingWith: "<text class=\"label\" data-id=\"0x100000003\""),
                       "<text class=\"label\" data-id=\"0x100000003\" x=\"10\" y=\"62.5\">body</text>")
        // 100 wide: room for 15 characters, so the 16 of the debug name are abbreviated, the
        // full name kept as the label's title.
        XCTAssertEqual(line(svg, startingWith: "<text class=\"label\" data-id=\"0x100000004\""),
                       "<text class=\"label\" data-id=\"0x100000004\" x=\"152\" y=\"72.5\">View:0x1000000\u{2026}<title>View:0x100000004</title></text>")
        // The header's corner is the root's: its label goes one line lower, not over "root".
        XCTAssertEqual(line(svg, startingWith: "<text class=\"label\" data-id=\"0x100000001\""),
                       "<text class=\"label\" data-id=\"0x100000001\" x=\"2\" y=\"10.5\">root</text>")
        XCTAssertEqual(line(svg, startingWith: "<text class=\"label\" data-id=\"0x100000002\""),
                       "<text class=\"label\" data-id=\"0x100000002\" x=\"2\" y=\"23\">header</text>")
        // The groups, in drawing order; nothing optional by default.
        let groups = all.filter { $0.hasPrefix("<g class=\"") && !$0.hasPrefix("<g class=\"constraint ") }
        XCTAssertEqual(groups, ["<g class=\"views\">", "<g class=\"constraints\">", "<g class=\"labels\">"])
        XCTAssertEqual(count(svg, "<g class=\"constraint "), 0)
        XCTAssertEqual(count(svg, "class=\"margins\""), 0)
        XCTAssertEqual(count(svg, "class=\"guide"), 0)
        XCTAssertEqual(count(svg, " ambiguous\""), 0)
    }

    func testScaleAndPaddingChangeOnlyTheDocumentBox() throws {
        let s = try Screen()
        let svg = try s.root.svg(SVGOptions(scale: 2, padding: 0.5))
        XCTAssertEqual(lines(svg)[1], "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"802\" height=\"602\""
                       + " viewBox=\"-0.5 -0.5 401 301\" data-generator=\"Tether\" data-view=\"0x100000001\">")
        XCTAssertTrue(svg.contains("data-id=\"0x100000003\" data-depth=\"1\" x=\"8\" y=\"52\" width=\"384\" height=\"240\">"))
    }

    func testASubtreeIsDrawnInItsOwnCoordinates() throws {
        let s = try Screen()
        let svg = try s.body.svg(SVGOptions(showsConstraints: true))
        XCTAssertTrue(lines(svg)[1].contains(" width=\"400\" height=\"256\" viewBox=\"-8 -8 400 256\" "))
        XCTAssertTrue(lines(svg)[1].contains("data-view=\"0x100000003\""))
        XCTAssertTrue(svg.contains("<rect class=\"view\" data-id=\"0x100000003\" data-depth=\"0\" x=\"0\" y=\"0\" width=\"384\" height=\"240\">"))
        XCTAssertTrue(svg.contains("<rect class=\"view\" data-id=\"0x100000004\" data-depth=\"1\" x=\"142\" y=\"10\" width=\"100\" height=\"20\">"))
        XCTAssertFalse(svg.contains("data-id=\"0x100000002\""), "header is outside the subtree")
        // Only constraints between items of the subtree: the badge's four.
        let drawn = lines(svg).filter { $0.hasPrefix("<g class=\"constraint ") }
        XCTAssertEqual(drawn.count, 4)
        XCTAssertTrue(drawn.allSatisfy { $0.contains("data-first=\"0x100000004\"") })
    }

    func testTheDocumentIsAFunctionOfTheHierarchy() throws {
        let s = try Screen()
        let options = SVGOptions(showsConstraints: true, showsLayoutMargins: true, showsLayoutGuides: true)
        let first = try s.root.svg(options)
        s.root.setNeedsLayout()
        XCTAssertEqual(try SVGRenderer(options).render(s.root), first)
        let again = try Screen()
        XCTAssertEqual(try again.root.svg(options), first)
        s.root.frame = Rect(x: 0, y: 0, width: 500, height: 300)
        XCTAssertNotEqual(try s.root.svg(options), first, "a new layout is drawn: the pass runs first")
        XCTAssertTrue(try s.root.svg(options).contains("data-id=\"0x100000002\" data-depth=\"1\" x=\"0\" y=\"0\" width=\"500\" height=\"44\">"))
    }

    func testFrameModeHierarchy() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 30, y: 40, width: 200, height: 100))
        let child = try engine.makeView(frame: Rect(x: 10.25, y: 20, width: 50.5, height: 1.0 / 3))
        let grandchild = try engine.makeView(frame: Rect(x: -5, y: 2, width: 5, height: 5))
        try root.addSubview(child)
        try child.addSubview(grandchild)
        let svg = try root.svg()
        // The root's own origin is its superview's business: it is drawn at (0, 0).
        XCTAssertTrue(svg.contains("data-id=\"\(hex(root.id))\" data-depth=\"0\" x=\"0\" y=\"0\" width=\"200\" height=\"100\">"))
        XCTAssertTrue(svg.contains("data-id=\"\(hex(child.id))\" data-depth=\"1\" x=\"10.25\" y=\"20\" width=\"50.5\" height=\"0.333\">"))
        XCTAssertTrue(svg.contains("data-id=\"\(hex(grandchild.id))\" data-depth=\"2\" x=\"5.25\" y=\"22\" width=\"5\" height=\"5\">"))
    }

    // MARK: Text and numbers

    func testEveryTextIsEscaped() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.identifier = "<a & \"b\" 'c'>\u{1}\u{FFFE}é"
        let svg = try root.svg()
        XCTAssertTrue(svg.contains(">&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;\u{FFFD}\u{FFFD}é</text>"))
        XCTAssertTrue(svg.contains("<title>View:0x100000001&apos;&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;\u{FFFD}\u{FFFD}é&apos;</title>"))
        XCTAssertFalse(svg.contains("<a "))
        XCTAssertFalse(svg.contains("\u{1}"))
        XCTAssertEqual(xmlEscaped("tab\tline\nreturn\r"), "tab\tline\nreturn\r")
    }

    func testNumbersAreFixedPointWithAtMostThreeDecimals() {
        XCTAssertEqual(svgNumber(0), "0")
        XCTAssertEqual(svgNumber(-0.0), "0")
        XCTAssertEqual(svgNumber(-0.0004), "0")
        XCTAssertEqual(svgNumber(12), "12")
        XCTAssertEqual(svgNumber(0.5), "0.5")
        XCTAssertEqual(svgNumber(-3.125), "-3.125")
        XCTAssertEqual(svgNumber(100.0 / 3), "33.333")
        XCTAssertEqual(svgNumber(2.0 / 3), "0.667")
        XCTAssertEqual(svgNumber(0.05), "0.05")
        XCTAssertEqual(svgNumber(1234567.0625), "1234567.063")
        XCTAssertEqual(svgNumber(-1e-9), "0")
        XCTAssertEqual(svgNumber(1e20), formatNumber(1e20))
    }

    // MARK: Options

    func testInvalidOptionsAreRejected() throws {
        let s = try Screen()
        for options in [SVGOptions(scale: 0), SVGOptions(scale: -1), SVGOptions(scale: .nan), SVGOptions(scale: .infinity),
                        SVGOptions(padding: -0.5), SVGOptions(padding: .nan), SVGOptions(padding: .infinity)] {
            XCTAssertThrowsError(try s.root.svg(options)) { error in
                guard case LayoutError.invalidArgument(let message) = error else {
                    return XCTFail("\(error) is not invalidArgument")
                }
                XCTAssertTrue(message.hasPrefix("SVG scale") || message.hasPrefix("SVG padding"), message)
            }
        }
        XCTAssertNoThrow(try s.root.svg(SVGOptions(scale: 0.01, padding: 0)))
    }

    func testAFreedViewCannotBeDrawn() throws {
        let s = try Screen()
        s.engine.free(s.badge)
        XCTAssertThrowsError(try s.badge.svg()) { error in
            guard case LayoutError.freed = error else { return XCTFail("\(error)") }
        }
    }

    // MARK: Constraints

    func testConstraintsAreDrawnByKindWhenAsked() throws {
        let s = try Screen()
        let svg = try s.root.svg(SVGOptions(showsConstraints: true))
        let drawn = lines(svg).filter { $0.hasPrefix("<g class=\"constraint ") }
        XCTAssertEqual(drawn.count, 12, "every active constraint of the subtree, in activation order")
        XCTAssertEqual(drawn.map { $0.components(separatedBy: "data-id=\"")[1].prefix { $0 != "\"" } },
                       s.constraints.map { Substring(hex($0.id)) })

        // A size: a dimension line across the item with ticks, labelled with the constant beside
        // its middle (8-point text: a box 10 high, 1.5 from the line).
        XCTAssertEqual(line(svg, startingWith: "<g class=\"constraint size\" data-id=\"0x140000004\""),
                       "<g class=\"constraint size\" data-id=\"0x140000004\" data-axis=\"vertical\" data-first=\"0x100000002\">"
                       + "<title>&lt;NSLayoutConstraint:0x140000004 V:[View:0x100000002&apos;header&apos;(44)]   (active)&gt;</title>"
                       + "<line x1=\"200\" y1=\"0\" x2=\"200\" y2=\"44\"/><path class=\"ticks\" d=\"M197 0H203M197 44H203\"/>"
                       + "<text x=\"201.5\" y=\"24.6\">44</text></g>")
        XCTAssertEqual(line(svg, startingWith: "<g class=\"constraint size\" data-id=\"0x14000000b\""),
                       "<g class=\"constraint size\" data-id=\"0x14000000b\" data-axis=\"horizontal\" data-first=\"0x100000004\">"
                       + "<title>&lt;NSLayoutConstraint:0x14000000b H:[View:0x100000004(100)]   (active)&gt;</title>"
                       + "<line x1=\"150\" y1=\"72\" x2=\"250\" y2=\"72\"/><path class=\"ticks\" d=\"M150 69V75M250 69V75\"/>"
                       + "<text x=\"192.5\" y=\"91.1\">100</text></g>")

        // A spacing: a line across the gap, from the second item's edge to the first's.
        let gap = line(svg, startingWith: "<g class=\"constraint spacing\" data-id=\"0x140000005\"")
        XCTAssertTrue(gap.hasPrefix("<g class=\"constraint spacing\" data-id=\"0x140000005\" data-axis=\"vertical\" "
                                    + "data-first=\"0x100000003\" data-second=\"0x100000002\"><title>"), gap)
        XCTAssertTrue(gap.hasSuffix("<line x1=\"200\" y1=\"44\" x2=\"200\" y2=\"52\"/><path class=\"ticks\" d=\"M197 44H203M197 52H203\"/>"
                                    + "<text x=\"201.5\" y=\"50.6\">8</text></g>"), gap)
        // A negative constant is a gap the other way round: labelled with its size.
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint spacing\" data-id=\"0x140000008\"")
            .hasSuffix("<line x1=\"200\" y1=\"300\" x2=\"200\" y2=\"292\"/><path class=\"ticks\" d=\"M197 300H203M197 292H203\"/>"
                       + "<text x=\"201.5\" y=\"298.6\">8</text></g>"))
        // Edges that coincide (constant 0): a zero-length line, no ticks, no label; margins count.
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint spacing\" data-id=\"0x140000006\"")
            .hasSuffix("</title><line x1=\"8\" y1=\"172\" x2=\"8\" y2=\"172\"/></g>"))

        // Anything else: a dashed line between the two anchors, labelled with the equation.
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint equation\" data-id=\"0x140000009\"")
            .hasSuffix("<line x1=\"200\" y1=\"172\" x2=\"200\" y2=\"72\"/><text x=\"201.5\" y=\"124.6\">centerX == centerX</text></g>"))
        XCTAssertEqual(count(svg, " broken\""), 0)
    }

    func testEquationLabelsAndOptionalPriorities() throws {
        let s = try Screen()
        // A short name leaves the badge room for its height's label beside the name.
        s.badge.identifier = "badge"
        var reports: [String] = []
        s.engine.diagnosticHandler = { reports.append($0) }
        let half = try s.header.widthAnchor.constraint(equalTo: s.body.widthAnchor, multiplier: 0.5, constant: -4)
        let loose = try LayoutConstraint(item: s.badge, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: nil,
                                         attribute: .notAnAttribute, constant: 10, priority: LayoutPriority(250))
        try activate([half, loose])
        let svg = try s.root.svg(SVGOptions(showsConstraints: true))
        // header.width == 0.5 * body.width - 4 cannot hold with the header pinned: broken, so marked.
        XCTAssertTrue(half.isBroken)
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint equation broken\" data-id=\"\(hex(half.id))\"")
            .hasSuffix("<line x1=\"200\" y1=\"172\" x2=\"200\" y2=\"22\"/><text x=\"201.5\" y=\"99.6\">width == 0.5*width - 4</text></g>"))
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint size\" data-id=\"\(hex(loose.id))\"")
            .contains(">&gt;=10@250</text></g>"))
    }

    func testRightToLeftSpacingsAreDrawnOnTheLeadingSide() throws {
        let engine = LayoutEngine(defaultDirection: .rightToLeft)
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let v = try engine.makeConstrainedSubview(of: root)
        let lead = try v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        try activate([lead, try v.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                      try v.widthAnchor.constraint(equalToConstant: 50), try v.heightAnchor.constraint(equalToConstant: 30)])
        let svg = try root.svg(SVGOptions(showsConstraints: true))
        XCTAssertEqual(v.frame, Rect(x: 230, y: 10, width: 50, height: 30))
        // root.leading is x = 300 in right-to-left, v.leading x = 280: the gap is on the right.
        XCTAssertTrue(line(svg, startingWith: "<g class=\"constraint spacing\" data-id=\"\(hex(lead.id))\"")
            .hasSuffix("<line x1=\"300\" y1=\"25\" x2=\"280\" y2=\"25\"/><path class=\"ticks\" d=\"M300 22V28M280 22V28\"/>"
                       + "<text x=\"285\" y=\"21.1\">20</text></g>"))
    }

    // MARK: Ambiguity and broken constraints

    func testAmbiguousViewsAreHighlighted() throws {
        let s = try Screen()
        let loose = try s.engine.makeView()
        loose.translatesAutoresizingMaskIntoConstraints = false
        loose.identifier = "loose"
        try s.root.addSubview(loose)
        // x and y are pinned; width and height are free.
        try activate([try loose.leftAnchor.constraint(equalTo: s.root.leftAnchor, constant: 5),
                      try loose.topAnchor.constraint(equalTo: s.root.topAnchor, constant: 5)])
        let svg = try s.root.svg()
        let rect = line(svg, startingWith: "<rect class=\"view ambiguous\"")
        XCTAssertTrue(rect.hasPrefix("<rect class=\"view ambiguous\" data-id=\"\(hex(loose.id))\" data-depth=\"1\" data-ambiguous=\"width height\" x=\"5\" y=\"5\" "), rect)
        XCTAssertTrue(rect.contains("<title>View:\(hex(loose.id))&apos;loose&apos; - AMBIGUOUS LAYOUT: width can be anywhere in [-inf, inf]; height can be anywhere in [-inf, inf]</title></rect>"), rect)
        XCTAssertEqual(count(svg, "class=\"view ambiguous\""), 1)
        // Of size zero, it has no room for a label: its rect's title names it.
        XCTAssertEqual(count(svg, "<text class=\"label ambiguous\""), 0)
        // A view with a size and an ambiguous position has its label marked too.
        let drift = try s.engine.makeConstrainedSubview(of: s.root, identifier: "drift")
        try activate([try drift.topAnchor.constraint(equalTo: s.root.topAnchor, constant: 100),
                      try drift.widthAnchor.constraint(equalToConstant: 80),
                      try drift.heightAnchor.constraint(equalToConstant: 30)])
        let marked = line(try s.root.svg(), startingWith: "<text class=\"label ambiguous\"")
        XCTAssertTrue(marked.hasPrefix("<text class=\"label ambiguous\" data-id=\"\(hex(drift.id))\" x=\""), marked)
        XCTAssertTrue(marked.hasSuffix(" y=\"110.5\">drift</text>"), marked)
        let unmarked = try s.root.svg(SVGOptions(highlightsAmbiguity: false))
        XCTAssertEqual(count(unmarked, " ambiguous\""), 0)
        XCTAssertEqual(count(unmarked, "data-ambiguous"), 0)
    }

    func testBrokenConstraintsAreMarkedEvenWithoutTheOthers() throws {
        let s = try Screen()
        var reports: [String] = []
        s.engine.diagnosticHandler = { reports.append($0) }
        let wide = try s.badge.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "too <wide>"
        try activate([wide])
        let svg = try s.root.svg()
        XCTAssertTrue(wide.isBroken)
        XCTAssertEqual(reports.count, 1)
        let drawn = lines(svg).filter { $0.hasPrefix("<g class=\"constraint ") }
        XCTAssertEqual(drawn.count, 1, "only the broken one without showsConstraints")
        XCTAssertEqual(drawn.first, "<g class=\"constraint size broken\" data-id=\"\(hex(wide.id))\" data-axis=\"horizontal\" data-first=\"0x100000004\">"
                       + "<title>&lt;NSLayoutConstraint:\(hex(wide.id)) &apos;too &lt;wide&gt;&apos; H:[View:0x100000004(200)]   (active)&gt;</title>"
                       + "<line x1=\"150\" y1=\"72\" x2=\"250\" y2=\"72\"/><path class=\"ticks\" d=\"M150 69V75M250 69V75\"/>"
                       + "<text x=\"192.5\" y=\"58.1\">200</text></g>")
        // Not marked: drawn with the others as an ordinary constraint, or not at all.
        let plain = try s.root.svg(SVGOptions(showsConstraints: true, marksBrokenConstraints: false))
        XCTAssertEqual(count(plain, " broken\""), 0)
        XCTAssertEqual(count(plain, "<g class=\"constraint size\" data-id=\"\(hex(wide.id))\""), 1)
        let none = try s.root.svg(SVGOptions(marksBrokenConstraints: false))
        XCTAssertEqual(count(none, "<g class=\"constraint"), 0)
        XCTAssertFalse(none.contains("<g class=\"constraints\">"))
    }

    // MARK: Margins and guides

    func testMarginsAndGuidesAreDrawnWhenAsked() throws {
        let s = try Screen()
        s.body.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let spacer = s.engine.makeLayoutGuide()
        spacer.identifier = "spacer"
        try s.body.addLayoutGuide(spacer)
        try activate([try spacer.leadingAnchor.constraint(equalTo: s.body.leadingAnchor, constant: 20),
                      try spacer.topAnchor.constraint(equalTo: s.body.topAnchor, constant: 100),
                      try spacer.widthAnchor.constraint(equalToConstant: 30),
                      try spacer.heightAnchor.constraint(equalToConstant: 40)])
        s.root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        _ = s.root.safeAreaLayoutGuide
        let plain = try s.root.svg()
        XCTAssertEqual(count(plain, "class=\"margins\""), 0)
        XCTAssertEqual(count(plain, "class=\"guide"), 0)

        let svg = try s.root.svg(SVGOptions(showsLayoutMargins: true, showsLayoutGuides: true))
        let all = lines(svg)
        let margins = all.filter { $0.hasPrefix("<rect class=\"margins\"") }
        XCTAssertEqual(margins, [
            // Margins from the safe area: the root's (20 top, 10 bottom) and what the header (under
            // the top inset) and the body (2 points past the bottom one) derive from it.
            "<rect class=\"margins\" data-id=\"0x100000001\" x=\"8\" y=\"28\" width=\"384\" height=\"254\"/>",
            "<rect class=\"margins\" data-id=\"0x100000002\" x=\"8\" y=\"28\" width=\"384\" height=\"8\"/>",
            "<rect class=\"margins\" data-id=\"0x100000003\" x=\"10\" y=\"53\" width=\"378\" height=\"234\"/>",
            "<rect class=\"margins\" data-id=\"0x100000004\" x=\"158\" y=\"70\" width=\"84\" height=\"4\"/>",
        ])
        let guides = all.filter { $0.hasPrefix("<rect class=\"guide") }
        XCTAssertEqual(guides.count, 2)
        XCTAssertTrue(guides[0].hasPrefix("<rect class=\"guide safe-area\" data-id=\"\(hex(s.root.safeAreaLayoutGuide.id))\" data-owner=\"0x100000001\" x=\"0\" y=\"20\" width=\"400\" height=\"270\">"), guides[0])
        XCTAssertTrue(guides[1].hasPrefix("<rect class=\"guide\" data-id=\"\(hex(spacer.id))\" data-owner=\"0x100000003\" x=\"28\" y=\"152\" width=\"30\" height=\"40\"><title>&lt;LayoutGuide: "), guides[1])
        // Drawing order: views, margins, guides, constraints, labels.
        let order = ["<g class=\"views\">", "<g class=\"margins\">", "<g class=\"guides\">", "<g class=\"constraints\">", "<g class=\"labels\">"]
        XCTAssertEqual(all.filter { order.contains($0) }, order)
    }

    func testAnAmbiguousGuideIsHighlighted() throws {
        let s = try Screen()
        let spacer = s.engine.makeLayoutGuide()
        try s.root.addLayoutGuide(spacer)
        try activate([try spacer.leftAnchor.constraint(equalTo: s.root.leftAnchor)])
        let svg = try s.root.svg(SVGOptions(showsLayoutGuides: true))
        XCTAssertTrue(line(svg, startingWith: "<rect class=\"guide ambiguous\"")
            .hasPrefix("<rect class=\"guide ambiguous\" data-id=\"\(hex(spacer.id))\" data-owner=\"0x100000001\" data-ambiguous=\"minY width height\" "))
    }

    private func hex(_ id: UInt64) -> String { displayID(id) }
}
