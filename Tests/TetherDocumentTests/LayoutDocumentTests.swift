import Foundation
import XCTest
@testable import Tether
import TetherTestSupport
@testable import TetherDocument

/// Layout documents (Sources/Tether/LayoutDocument*.swift, docs/layout-documents.md).
final class LayoutDocumentTests: XCTestCase {
    /// examples/documents/screen.json, the example of the docs.
    static let screenPath: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("examples/documents/screen.json").path
    }()

    private func screenText() throws -> String {
        try String(contentsOfFile: Self.screenPath, encoding: .utf8)
    }

    private func assertFrame(_ item: LayoutItem?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let item else { return XCTFail("no item", file: file, line: line) }
        let f = (item as? View)?.frame ?? (item as! LayoutGuide).layoutFrame
        // To within rounding: a solve may divide (fill equally: 300 / 3).
        for (got, want) in zip([f.minX, f.minY, f.width, f.height], [x, y, w, h]) {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(item)", file: file, line: line)
        }
    }

    /// Every frame of the hierarchy by name (views and their guides).
    private func frames(_ roots: [View]) -> [String: Rect] {
        var out: [String: Rect] = [:]
        var stack = roots
        while let v = stack.popLast() {
            out[v.identifier] = v.frame
            for g in v.layoutGuides { out[g.identifier] = g.layoutFrame }
            stack.append(contentsOf: v.subviews)
        }
        return out
    }

    /// What the engine holds, to check that a failed load leaves it unchanged.
    private func census(_ engine: LayoutEngine) -> (items: Int, constraints: Int, active: Int, dirty: Int, roots: Int) {
        (engine.items.compactMap { $0 }.count, engine.constraints.compactMap { $0 }.count,
         engine.activeConstraints.count, engine.dirtyRoots.count, engine.rootLayouts.count)
    }

    /// Loads `text`, which must fail at `path` with a message containing `fragment`, leaving the
    /// engine (which already holds a laid-out screen) as it was.
    private func assertFails(_ text: String, at path: String, _ fragment: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let engine = LayoutEngine()
        guard let screen = try? LayoutDocument.load(try screenText(), into: engine),
              (try? screen.roots[0].layoutIfNeeded()) != nil else {
            return XCTFail("the example does not load", file: file, line: line)
        }
        let before = census(engine)
        let framesBefore = frames(screen.roots)
        do {
            let doc = try LayoutDocument.load(text, into: engine)
            XCTFail("loaded \(doc.roots.count) roots instead of failing", file: file, line: line)
        } catch {
            XCTAssertEqual(error.path, path, "\(error)", file: file, line: line)
            XCTAssertTrue(error.message.contains(fragment), "\(error.message.debugDescription) lacks \(fragment.debugDescription)",
                          file: file, line: line)
            XCTAssertEqual(error.description, "\(error.path): \(error.message)", file: file, line: line)
        }
        let after = census(engine)
        XCTAssertTrue(before == after, "the engine changed: \(before) → \(after)", file: file, line: line)
        XCTAssertEqual(frames(screen.roots), framesBefore, file: file, line: line)
        XCTAssertNoThrow(try screen.roots[0].layoutIfNeeded(), file: file, line: line)
        XCTAssertEqual(frames(screen.roots), framesBefore, file: file, line: line)
    }

    /// `{"tether": 1, "views": [<root>]}` with a 100 × 100 root named `root` holding `body`.
    private func doc(_ body: String) -> String {
        #"{"tether": 1, "views": [{"identifier": "root", "frame": [0, 0, 100, 100], "# + body + "}]}"
    }

    // MARK: Loading

    func testTheExampleScreen() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(try screenText(), into: engine)
        XCTAssertEqual(doc.roots.map(\.identifier), ["root"])
        XCTAssertEqual(Set(doc.items.keys), ["root", "gap", "header", "title", "content", "cancel", "ok"])
        XCTAssertTrue(doc["gap"] is LayoutGuide)
        XCTAssertNil(doc["missing"])
        try doc.roots[0].layoutIfNeeded()
        assertFrame(doc["root"], 0, 0, 320, 480)
        assertFrame(doc["header"], 0, 20, 320, 44)
        assertFrame(doc["title"], 100, 10, 120, 24)
        assertFrame(doc["content"], 20, 72, 280, 336)
        assertFrame(doc["cancel"], 20, 416, 136, 44)
        assertFrame(doc["ok"], 164, 416, 136, 44)
        assertFrame(doc["gap"], 0, 408, 160, 8)
        let root = doc.roots[0]
        XCTAssertEqual(root.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        XCTAssertFalse((doc["header"] as! View).translatesAutoresizingMaskIntoConstraints)
        XCTAssertTrue(root.translatesAutoresizingMaskIntoConstraints)
        XCTAssertFalse(root.subviews.isEmpty)
        // Every constraint, inactive ones included: the root's list (a format makes several),
        // then the header's.
        XCTAssertEqual(doc.constraints.count, 1 + 2 + 1 + 1 + 2 + 3 + 1 + 5 + 4 + 2)
        XCTAssertTrue(doc.constraints.last?.firstItem === doc["title"])
        let tall = LayoutDocument.constraints(withIdentifier: "tall-header", in: root)
        XCTAssertEqual(tall.count, 1)
        XCTAssertFalse(tall[0].isActive)
        XCTAssertEqual(tall[0].priority.rawValue, 999)
        // Activating the inactive alternative (after lowering the other) changes the layout.
        let normal = LayoutDocument.constraints(withIdentifier: "header-height", in: root)
        XCTAssertEqual(normal.count, 1)
        normal[0].isActive = false
        tall[0].isActive = true
        try root.layoutIfNeeded()
        assertFrame(doc["header"], 0, 20, 320, 64)
        XCTAssertTrue(LayoutDocument.constraints(withIdentifier: "tall-header", in: doc["title"] as! View).isEmpty)
        // Lookup in the live hierarchy.
        XCTAssertTrue(LayoutDocument.item(named: "title", in: root) === doc["title"])
        XCTAssertTrue(LayoutDocument.item(named: "gap", in: root) === doc["gap"])
        XCTAssertNil(LayoutDocument.item(named: "root", in: doc["header"] as! View))
        XCTAssertNil(LayoutDocument.item(named: "nothing", in: root))
    }

    func testEveryViewPropertyIsRead() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(#"""
            {"tether": 1, "views": [{
              "identifier": "r", "frame": [1, 2, 300, 200], "autoresizesSubviews": false,
              "subviews": [{
                "identifier": "v", "frame": [10, 20, 30, 40],
                "translatesAutoresizingMaskIntoConstraints": true,
                "autoresizingMask": ["flexibleWidth", "flexibleBottomMargin"],
                "intrinsicContentSize": [-1, 17.5],
                "contentHuggingPriority": [251, 999.5],
                "compressionResistancePriority": [1, 1000],
                "layoutMargins": [1, 2, 3, 4], "safeAreaInsets": [5, 6, 7, 8],
                "alignmentRectInsets": [0.5, 0, 0.25, 0], "preservesSuperviewLayoutMargins": true,
                "semanticContentAttribute": "forceRightToLeft",
                "firstBaselineOffsetFromTop": 12, "lastBaselineOffsetFromBottom": 3,
                "layoutGuides": [{"identifier": "g"}, {}], "comment": "ignored"
              }]
            }]}
            """#, into: engine)
        let r = doc["r"] as! View, v = doc["v"] as! View
        XCTAssertEqual(r.frame, Rect(x: 1, y: 2, width: 300, height: 200))
        XCTAssertFalse(r.autoresizesSubviews)
        XCTAssertTrue(v.superview === r)
        XCTAssertEqual(v.frame, Rect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertTrue(v.translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(v.autoresizingMask, [.flexibleWidth, .flexibleBottomMargin])
        XCTAssertEqual(v.intrinsicContentSize, Size(width: -1, height: 17.5))
        XCTAssertEqual(v.contentHuggingPriority(for: .horizontal).rawValue, 251)
        XCTAssertEqual(v.contentHuggingPriority(for: .vertical).rawValue, 999.5)
        XCTAssertEqual(v.contentCompressionResistancePriority(for: .horizontal).rawValue, 1)
        XCTAssertEqual(v.contentCompressionResistancePriority(for: .vertical).rawValue, 1000)
        XCTAssertEqual(v.layoutMargins, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(v.safeAreaInsets, EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        XCTAssertEqual(v.alignmentRectInsets, EdgeInsets(top: 0.5, left: 0, bottom: 0.25, right: 0))
        XCTAssertTrue(v.preservesSuperviewLayoutMargins)
        XCTAssertFalse(r.preservesSuperviewLayoutMargins)
        // Saved only where set (UIKit's default is false), and read back.
        let saved = try LayoutDocument.save(r)
        XCTAssertEqual(saved.components(separatedBy: "preservesSuperviewLayoutMargins").count, 2, saved)
        let again = try LayoutDocument.load(saved, into: LayoutEngine())
        XCTAssertTrue((again["v"] as! View).preservesSuperviewLayoutMargins)
        XCTAssertFalse((again["r"] as! View).preservesSuperviewLayoutMargins)
        XCTAssertEqual(try LayoutDocument.save(again.roots[0]), saved)
        XCTAssertEqual(v.semanticContentAttribute, .forceRightToLeft)
        XCTAssertEqual(v.firstBaselineOffsetFromTop, 12)
        XCTAssertEqual(v.lastBaselineOffsetFromBottom, 3)
        XCTAssertEqual(v.layoutGuides.count, 2)
        XCTAssertEqual(v.layoutGuides[0].identifier, "g")
        XCTAssertEqual(v.layoutGuides[1].identifier, "")
        XCTAssertTrue(doc["g"] === v.layoutGuides[0])
        XCTAssertTrue(doc.constraints.isEmpty)
        XCTAssertTrue(engine.activeConstraints.isEmpty)
    }

    func testSeveralRootsAndSystemGuides() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(#"""
            {"tether": 1, "views": [
              {"identifier": "a", "frame": [0, 0, 200, 100], "layoutMargins": [10, 10, 10, 10],
               "subviews": [{"identifier": "x", "translatesAutoresizingMaskIntoConstraints": false}],
               "constraints": [{"visualFormat": "H:|-(m)-[x]-(m)-|", "metrics": {"m": 5}, "identifier": "row"},
                               {"first": "x.top", "second": "a.layoutMarginsGuide.top"},
                               {"first": "x.bottom", "relation": "<=", "second": "a.bottomMargin"},
                               {"first": "x.height", "second": "a.height", "multiplier": 0.25, "constant": 1}]},
              {"identifier": "b", "frame": [0, 0, 50, 60]}
            ]}
            """#, into: engine)
        XCTAssertEqual(doc.roots.map(\.identifier), ["a", "b"])
        try doc.roots[0].layoutIfNeeded()
        assertFrame(doc["x"], 5, 10, 190, 26)
        XCTAssertEqual(LayoutDocument.constraints(withIdentifier: "row", in: doc.roots[0]).count, 2)
        XCTAssertTrue(doc.roots[1].subviews.isEmpty)
        // discard() frees everything the load made.
        let before = engine.items.compactMap { $0 }.count
        doc.discard()
        XCTAssertFalse(doc.roots[0].isLive)
        XCTAssertFalse(doc.roots[1].isLive)
        XCTAssertLessThan(engine.items.compactMap { $0 }.count, before)
        XCTAssertTrue(engine.items.compactMap { $0 }.isEmpty)
        XCTAssertTrue(engine.constraints.compactMap { $0 }.isEmpty)
    }

    func testEquationTextConstraintsMatchTheirObjectForms() throws {
        let views = #""layoutMargins": [10, 10, 10, 10], "subviews": [{"identifier": "x", "translatesAutoresizingMaskIntoConstraints": false}], "#
        let asText = try LayoutDocument.load(doc(views + #"""
            "constraints": ["x.leading == root.layoutMarginsGuide.leading + 5", "x.trailing == root.trailing - 5",
                            "x.top == root.safeAreaLayoutGuide.top", "x.height == 0.25 * root.height + 1 @ 999",
                            "x.height >= 10"]
            """#), into: LayoutEngine())
        let asObjects = try LayoutDocument.load(doc(views + #"""
            "constraints": [{"first": "x.leading", "second": "root.layoutMarginsGuide.leading", "constant": 5},
                            {"first": "x.trailing", "second": "root.trailing", "constant": -5},
                            {"first": "x.top", "second": "root.safeAreaLayoutGuide.top"},
                            {"first": "x.height", "second": "root.height", "multiplier": 0.25, "constant": 1, "priority": 999},
                            {"first": "x.height", "relation": ">=", "constant": 10}]
            """#), into: LayoutEngine())
        XCTAssertEqual(asText.constraints.map(\.description), asObjects.constraints.map(\.description))
        try asText.roots[0].layoutIfNeeded()
        assertFrame(asText["x"], 15, 0, 80, 26)
    }

    func testEquationTextErrors() {
        let views = #""subviews": [{"identifier": "header"}], "layoutGuides": [{"identifier": "g"}], "#
        func c(_ constraint: String) -> String { doc(views + #""constraints": ["# + constraint + "]") }
        assertFails(c(#""header.top == hedaer.bottom""#), at: "$.views[0].constraints[0]",
                    "unknown item \"hedaer\" (did you mean \"header\"?)")
        assertFails(c(#""header.top == root.top + ""#), at: "$.views[0].constraints[0]",
                    "Unable to parse constraint equation: Expected a number, a metric or an anchor but reached the end of the equation\nheader.top == root.top + \n                         ^")
        assertFails(c(#""header.top == 8""#), at: "$.views[0].constraints[0]", "\"header.top == 8\" is a location")
        assertFails(c(#""header.top == root.leading""#), at: "$.views[0].constraints[0]",
                    "cannot relate top (a y-axis location) to leading (an x-axis location)")
        assertFails(c(#""header.width == 1; header.height == 2""#), at: "$.views[0].constraints[0]",
                    "a constraint written as text holds one equation, found 2")
        assertFails(c(#""g.width == root.width; g.leadingMargin == root.leading""#), at: "$.views[0].constraints[0]",
                    "a constraint written as text holds one equation")
        assertFails(c(#""g.leadingMargin == root.leading""#), at: "$.views[0].constraints[0]",
                    "a layout guide has no leadingMargin attribute")
        assertFails(c(#""header.top == g.safeAreaLayoutGuide.top""#), at: "$.views[0].constraints[0]",
                    "\"g\" is a layout guide: only views have safeAreaLayoutGuide")
        assertFails(c(#""header.width == 1 @ 0""#), at: "$.views[0].constraints[0]", "Priorities must be greater than 0")
    }

    func testAnEmptyDocumentMakesNothing() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(#"{"tether": 1, "views": []}"#, into: engine)
        XCTAssertTrue(doc.roots.isEmpty && doc.items.isEmpty && doc.constraints.isEmpty)
        XCTAssertEqual(try LayoutDocument.save([]), "{\"tether\": 1, \"views\": []}\n")
    }

    func testStackViews() throws {
        let text = #"""
            {"tether": 1, "views": [{
              "identifier": "root", "frame": [0, 0, 200, 328],
              "subviews": [
                {"identifier": "s", "translatesAutoresizingMaskIntoConstraints": false,
                 "stack": {"axis": "vertical", "distribution": "fillEqually", "spacing": "system",
                           "arrangedSubviews": ["a", "b", "c"], "customSpacing": {"a": 20}},
                 "subviews": [{"identifier": "c"}, {"identifier": "a"}, {"identifier": "b"}, {"identifier": "loose"}]},
                {"identifier": "row", "frame": [0, 0, 100, 50],
                 "stack": {"alignment": "top", "spacing": 10, "arrangedSubviews": ["x", "y"]},
                 "subviews": [{"identifier": "x", "intrinsicContentSize": [30, 20]},
                              {"identifier": "y", "hidden": true, "intrinsicContentSize": [30, 20]}]}
              ],
              "constraints": [{"visualFormat": "H:|[s]|"}, {"visualFormat": "V:|[s]|"}]
            }]}
            """#
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(text, into: engine)
        let s = try XCTUnwrap(doc["s"] as? StackView), row = try XCTUnwrap(doc["row"] as? StackView)
        XCTAssertEqual(s.axis, .vertical)
        XCTAssertEqual(s.distribution, .fillEqually)
        XCTAssertEqual(s.spacing, StackView.spacingUseSystem)
        XCTAssertEqual(s.arrangedSubviews.map(\.identifier), ["a", "b", "c"])
        XCTAssertEqual(s.subviews.map(\.identifier), ["c", "a", "b", "loose"])
        XCTAssertEqual(s.customSpacing(after: doc["a"] as! View), 20)
        XCTAssertEqual(row.alignment, .top)
        XCTAssertTrue((doc["y"] as! View).isHidden)
        XCTAssertFalse((doc["x"] as! View).translatesAutoresizingMaskIntoConstraints)  // arranged
        XCTAssertTrue((doc["loose"] as! View).translatesAutoresizingMaskIntoConstraints)
        try doc.roots[0].layoutIfNeeded()
        assertFrame(doc["a"], 0, 0, 200, 100)
        assertFrame(doc["b"], 0, 120, 200, 100)
        assertFrame(doc["c"], 0, 228, 200, 100)
        assertFrame(doc["x"], 0, 0, 100, 20)  // fills the row: y is hidden
        // Saved as stacks, arrangement by name, and loaded back to the same frames.
        let saved = try LayoutDocument.save(doc.roots[0])
        XCTAssertTrue(saved.contains(#""arrangedSubviews": ["a", "b", "c"]"#), saved)
        XCTAssertTrue(saved.contains(#""customSpacing": {"a": 20}"#), saved)
        XCTAssertTrue(saved.contains(#""spacing": "system""#), saved)
        XCTAssertTrue(saved.contains(#""alignment": "top""#), saved)
        XCTAssertTrue(saved.contains(#""hidden": true"#), saved)
        XCTAssertFalse(saved.contains("UISV"), saved)  // the arrangement's constraints are generated
        let again = try LayoutDocument.load(saved, into: LayoutEngine())
        try again.roots[0].layoutIfNeeded()
        XCTAssertEqual(frames(again.roots), frames(doc.roots))
        XCTAssertEqual(try LayoutDocument.save(again.roots[0]), saved)
        // A vertical stack writes the shared alignment values as leading/trailing.
        s.alignment = .trailing
        XCTAssertTrue(try LayoutDocument.save(doc.roots[0]).contains(#""alignment": "trailing""#))
    }

    func testStackViewErrors() {
        func stack(_ properties: String) -> String {
            doc(#""subviews": [{"identifier": "s", "stack": "# + properties
                + #", "subviews": [{"identifier": "a"}, {"identifier": "b", "subviews": [{"identifier": "deep"}]}]}]"#)
        }
        assertFails(stack(#"{"distribution": "fillEqualy"}"#), at: "$.views[0].subviews[0].stack.distribution",
                    "unknown distribution \"fillEqualy\" (did you mean \"fillEqually\"?)")
        assertFails(stack(#"{"axis": "column"}"#), at: "$.views[0].subviews[0].stack.axis", "unknown axis \"column\"")
        assertFails(stack(#"{"alignment": "middle"}"#), at: "$.views[0].subviews[0].stack.alignment", "unknown alignment")
        assertFails(stack(#"{"spacing": "wide"}"#), at: "$.views[0].subviews[0].stack.spacing",
                    "expected a number or \"system\", found \"wide\"")
        assertFails(stack(#"{"spacing": true}"#), at: "$.views[0].subviews[0].stack.spacing", "expected a number, found a boolean")
        assertFails(stack(#"{"arrangedSubviews": ["a", "deep"]}"#), at: "$.views[0].subviews[0].stack.arrangedSubviews[1]",
                    "\"deep\" is not a subview of \"s\": a stack view arranges its own subviews")
        assertFails(stack(#"{"arrangedSubviews": ["a", "root"]}"#), at: "$.views[0].subviews[0].stack.arrangedSubviews[1]",
                    "is not a subview")
        assertFails(stack(#"{"arrangedSubviews": ["a", "a"]}"#), at: "$.views[0].subviews[0].stack.arrangedSubviews[1]",
                    "\"a\" is arranged twice")
        assertFails(stack(#"{"arrangedSubviews": [3]}"#), at: "$.views[0].subviews[0].stack.arrangedSubviews[0]",
                    "expected the name of a subview, found a number")
        assertFails(stack(#"{"arrangedSubviews": ["a"], "customSpacing": {"b": 4}}"#),
                    at: "$.views[0].subviews[0].stack.customSpacing.b", "\"b\" is not in \"arrangedSubviews\"")
        assertFails(stack(#"{"arrangedSubviews": ["a"], "customSpacing": [4]}"#),
                    at: "$.views[0].subviews[0].stack.customSpacing", "expected an object")
        assertFails(stack(#"{"arranged": ["a"]}"#), at: "$.views[0].subviews[0].stack.arranged",
                    "unknown key \"arranged\" in a stack view's properties")
        assertFails(stack(#"[]"#), at: "$.views[0].subviews[0].stack", "expected an object (a stack view's properties)")
        assertFails(doc(#""hidden": 1"#), at: "$.views[0].hidden", "expected true or false")
    }

    // MARK: Errors

    func testSyntaxErrorsCarryLineAndColumn() {
        assertFails("{\"tether\": 1,\n \"views\": [}\n", at: "$.views[0]", "line 2, column 12: expected a JSON value, found '}'")
        let engine = LayoutEngine()
        XCTAssertThrowsError(try LayoutDocument.load(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], into: engine)) { e in
            let error = e as! LayoutDocumentError
            XCTAssertEqual(error.path, "$")
            XCTAssertEqual(error.line, 1)
            XCTAssertEqual(error.column, 3)
            XCTAssertTrue(error.message.hasPrefix("line 1, column 3: invalid UTF-8"), error.message)
        }
        XCTAssertTrue(engine.items.isEmpty)
    }

    func testDocumentLevelErrors() {
        assertFails("[]", at: "$", "expected an object (a layout document), found an array")
        assertFails(#"{"views": []}"#, at: "$", "the key \"tether\" (the format version, 1) is missing")
        assertFails(#"{"tether": 2, "views": []}"#, at: "$.tether", "unsupported format version 2: this library reads version 1")
        assertFails(#"{"tether": "1", "views": []}"#, at: "$.tether", "unsupported format version a string")
        assertFails(#"{"tether": 1}"#, at: "$", "the key \"views\" (the list of root views) is missing")
        assertFails(#"{"tether": 1, "views": {}}"#, at: "$.views", "expected an array, found an object")
        assertFails(#"{"tether": 1, "views": [], "veiws": []}"#, at: "$.veiws", "unknown key \"veiws\" in a layout document (did you mean \"views\"?)")
        assertFails(#"{"tether": 1, "views": [3]}"#, at: "$.views[0]", "expected an object (a view), found a number")
        assertFails(#"{"tether": 1, "views": [], "comment": 5}"#, at: "$.comment", "expected a string, found a number")
    }

    func testViewErrors() {
        assertFails(doc(#""fram": [0, 0, 1, 1]"#), at: "$.views[0].fram", "unknown key \"fram\" in a view (did you mean \"frame\"?)")
        assertFails(doc(#""subviews": [{"frame": [0, 0, 1]}]"#), at: "$.views[0].subviews[0].frame",
                    "expected 4 numbers [x, y, width, height], found 3 elements")
        assertFails(doc(#""subviews": [{"frame": [0, 0, 1, "2"]}]"#), at: "$.views[0].subviews[0].frame[3]",
                    "expected a number, found a string")
        assertFails(doc(#""subviews": [{"identifier": "my view"}]"#), at: "$.views[0].subviews[0].identifier",
                    "\"my view\" cannot be a name")
        assertFails(doc(#""subviews": [{"identifier": "root"}]"#), at: "$.views[0].subviews[0].identifier",
                    "the name \"root\" is already used at $.views[0].identifier")
        assertFails(doc(#""layoutGuides": [{"identifier": "root"}]"#), at: "$.views[0].layoutGuides[0].identifier",
                    "already used")
        assertFails(doc(#""layoutGuides": [{"identifier": "g", "frame": [0, 0, 1, 1]}]"#),
                    at: "$.views[0].layoutGuides[0].frame", "unknown key \"frame\" in a layout guide")
        assertFails(doc(#""identifier": 3"#), at: "$.views[0].identifier", "duplicate key \"identifier\"")
        assertFails(doc(#""translatesAutoresizingMaskIntoConstraints": 0"#),
                    at: "$.views[0].translatesAutoresizingMaskIntoConstraints", "expected true or false, found a number")
        assertFails(doc(#""autoresizingMask": ["flexibleWidht"]"#), at: "$.views[0].autoresizingMask[0]",
                    "unknown autoresizing flag \"flexibleWidht\" (did you mean \"flexibleWidth\"?)")
        assertFails(doc(#""autoresizingMask": ["flexibleWidth", "flexibleWidth"]"#), at: "$.views[0].autoresizingMask[1]",
                    "listed twice")
        assertFails(doc(#""autoresizingMask": 2"#), at: "$.views[0].autoresizingMask", "expected an array, found a number")
        assertFails(doc(#""intrinsicContentSize": [10, -2]"#), at: "$.views[0].intrinsicContentSize[1]",
                    "at least 0, or -1 for none; found -2")
        assertFails(doc(#""contentHuggingPriority": [250, 0]"#), at: "$.views[0].contentHuggingPriority[1]",
                    "priority 0 is outside (0, 1000]")
        assertFails(doc(#""compressionResistancePriority": [1001, 750]"#), at: "$.views[0].compressionResistancePriority[0]",
                    "priority 1001 is outside (0, 1000]")
        assertFails(doc(#""contentHuggingPriority": [250]"#), at: "$.views[0].contentHuggingPriority",
                    "expected 2 priorities [horizontal, vertical], found 1 element")
        assertFails(doc(#""layoutMargins": [1, 2]"#), at: "$.views[0].layoutMargins",
                    "expected 4 numbers [top, left, bottom, right], found 2 elements")
        assertFails(doc(#""semanticContentAttribute": "rightToLeft""#), at: "$.views[0].semanticContentAttribute",
                    "unknown semantic content attribute \"rightToLeft\"")
        assertFails(doc(#""firstBaselineOffsetFromTop": null"#), at: "$.views[0].firstBaselineOffsetFromTop",
                    "expected a number, found null")
        assertFails(doc(#""subviews": {}"#), at: "$.views[0].subviews", "expected an array, found an object")
    }

    func testConstraintErrors() {
        let views = #""subviews": [{"identifier": "header"}, {"identifier": "body", "subviews": [{"identifier": "inner"}]}], "layoutGuides": [{"identifier": "g"}], "#
        func c(_ constraint: String) -> String { doc(views + #""constraints": ["# + constraint + "]") }
        assertFails(c(#"{"first": "hedaer.top", "second": "root.top"}"#), at: "$.views[0].constraints[0].first",
                    "unknown item \"hedaer\" (did you mean \"header\"?)")
        assertFails(c(#"{"first": "header.top", "second": "root.topp"}"#), at: "$.views[0].constraints[0].second",
                    "unknown attribute \"topp\" (did you mean \"top\"?)")
        assertFails(c(#"{"first": "header", "constant": 3}"#), at: "$.views[0].constraints[0].first",
                    "expected \"item.attribute\"")
        assertFails(c(#"{"first": "header.width.x.y", "constant": 3}"#), at: "$.views[0].constraints[0].first",
                    "expected \"item.attribute\"")
        assertFails(c(#"{"first": "header.minX", "second": "root.left"}"#), at: "$.views[0].constraints[0].first",
                    "unknown attribute \"minX\"")
        assertFails(c(#"{"first": "header.top", "second": "root.safeArea.top"}"#), at: "$.views[0].constraints[0].second",
                    "unknown system guide \"safeArea\"")
        assertFails(c(#"{"first": "header.top", "second": "g.layoutMarginsGuide.top"}"#), at: "$.views[0].constraints[0].second",
                    "\"g\" is a layout guide")
        assertFails(c(#"{"first": "g.leadingMargin", "second": "root.leading"}"#), at: "$.views[0].constraints[0].first",
                    "a layout guide has no leadingMargin attribute")
        assertFails(c(#"{"first": "root.safeAreaLayoutGuide.firstBaseline", "second": "root.top"}"#),
                    at: "$.views[0].constraints[0].first", "a layout guide has no firstBaseline attribute")
        assertFails(c(#"{"first": "header.top", "relation": "=", "second": "root.top"}"#), at: "$.views[0].constraints[0].relation",
                    "unknown relation \"=\"")
        assertFails(c(#"{"first": "header.width", "multiplier": 2, "constant": 3}"#), at: "$.views[0].constraints[0].multiplier",
                    "a multiplier needs a \"second\" item")
        assertFails(c(#"{"first": "header.top", "constant": 3}"#), at: "$.views[0].constraints[0]",
                    "\"header.top\" is a location")
        assertFails(c(#"{"first": "header.top", "second": "root.top", "multiplier": 0}"#), at: "$.views[0].constraints[0]",
                    "is a location")
        assertFails(c(#"{"first": "header.top", "second": "root.leading"}"#), at: "$.views[0].constraints[0]",
                    "cannot relate top (a y-axis location) to leading (an x-axis location)")
        assertFails(c(#"{"first": "header.width", "second": "root.leading"}"#), at: "$.views[0].constraints[0]",
                    "cannot relate width (a size) to leading (an x-axis location)")
        assertFails(c(#"{"first": "header.leading", "second": "root.left"}"#), at: "$.views[0].constraints[0]",
                    "use leading/trailing for both or neither")
        assertFails(c(#"{"first": "header.width", "constant": 3, "priority": 0}"#), at: "$.views[0].constraints[0].priority",
                    "priority 0 is outside (0, 1000]")
        assertFails(c(#"{"first": "header.width", "constant": "3"}"#), at: "$.views[0].constraints[0].constant",
                    "expected a number, found a string")
        assertFails(c(#"{"first": "header.width", "constant": 3, "active": "yes"}"#), at: "$.views[0].constraints[0].active",
                    "expected true or false")
        assertFails(c(#"{"first": "header.width", "constant": 3, "identifier": 4}"#), at: "$.views[0].constraints[0].identifier",
                    "expected a string, found a number")
        assertFails(c(#"{"firts": "header.width", "constant": 3}"#), at: "$.views[0].constraints[0].firts",
                    "unknown key \"firts\" in a constraint (an equation with \"first\", equation text or a \"visualFormat\") (did you mean \"first\"?)")
        assertFails(c(#"{"constant": 3}"#), at: "$.views[0].constraints[0]",
                    "a constraint needs \"first\" (\"item.attribute\") or \"visualFormat\"")
        assertFails(c(#""H:|[header]|""#), at: "$.views[0].constraints[0]",
                    "\"H:|[header]|\" looks like a visual format: write it as {\"visualFormat\": \"H:|[header]|\"}")
        assertFails(c(#"3"#), at: "$.views[0].constraints[0]", "expected an object (a constraint")
        // The second constraint is the culprit: the path says so.
        assertFails(c(#"{"first": "header.width", "constant": 3}, {"first": "header.height", "relation": "~", "constant": 3}"#),
                    at: "$.views[0].constraints[1].relation", "unknown relation \"~\"")
    }

    func testConstraintsStayInTheirViewsSubtree() {
        let text = doc(#"""
            "subviews": [{"identifier": "header", "constraints": [{"first": "header.width", "second": "body.width"}]},
                         {"identifier": "body"}]
            """#)
        assertFails(text, at: "$.views[0].subviews[0].constraints[0].second",
                    "\"body\" is not in the subtree of \"header\": a constraint listed in a view may refer only to that view, its descendants and their guides")
        // A format sees only the names of its view's subtree.
        let vfl = doc(#"""
            "subviews": [{"identifier": "header", "constraints": [{"visualFormat": "H:[header]-[body]"}]},
                         {"identifier": "body"}]
            """#)
        assertFails(vfl, at: "$.views[0].subviews[0].constraints[0].visualFormat", "body is not a key in the views dictionary.")
        // A format's '|' is the superview of its views: listed in the view itself, it reaches out.
        let bar = doc(#"""
            "subviews": [{"identifier": "header", "constraints": [{"visualFormat": "H:|[header]|"}]}]
            """#)
        assertFails(bar, at: "$.views[0].subviews[0].constraints[0].visualFormat",
                    "the format relates \"root\" (its '|'), which is not in the subtree of \"header\": list it in an ancestor's constraints")
    }

    func testVisualFormatErrors() {
        let views = #""subviews": [{"identifier": "a"}, {"identifier": "b"}], "#
        func c(_ constraint: String) -> String { doc(views + #""constraints": ["# + constraint + "]") }
        assertFails(c(#"{"visualFormat": "H:|-[a]-[b"}"#), at: "$.views[0].constraints[0].visualFormat",
                    "(at column 11 of \"H:|-[a]-[b\")")
        assertFails(c(#"{"visualFormat": ""}"#), at: "$.views[0].constraints[0].visualFormat", "It's an empty string.")
        assertFails(c(#"{"visualFormat": 3}"#), at: "$.views[0].constraints[0].visualFormat", "expected a string, found a number")
        assertFails(c(#"{"visualFormat": "H:[a]-[b]", "options": ["alignAllTopp"]}"#), at: "$.views[0].constraints[0].options[0]",
                    "unknown format option \"alignAllTopp\" (did you mean \"alignAllTop\"?)")
        assertFails(c(#"{"visualFormat": "H:[a]-[b]", "options": ["alignAllLeft"]}"#), at: "$.views[0].constraints[0].visualFormat",
                    "Options mask")
        assertFails(c(#"{"visualFormat": "H:[a]-(m)-[b]", "metrics": {"m": "8"}}"#), at: "$.views[0].constraints[0].metrics.m",
                    "expected a number, found a string")
        assertFails(c(#"{"visualFormat": "H:[a]-(m)-[b]", "metrics": [8]}"#), at: "$.views[0].constraints[0].metrics",
                    "expected an object of names and numbers, found an array")
        assertFails(c(#"{"visualFormat": "H:[a]-[b]", "first": "a.left"}"#), at: "$.views[0].constraints[0].first",
                    "unknown key \"first\" in a visual-format constraint")
        assertFails(c(#"{"visualFormat": "H:[a]-[b]", "priority": 5}"#), at: "$.views[0].constraints[0].priority",
                    "unknown key \"priority\" in a visual-format constraint")
    }

    func testAFailureLateInTheBuildFreesEverything() {
        // Every check before building passes; the format fails only when made (its metric is
        // missing), after the views and the first constraints exist.
        assertFails(doc(#"""
            "subviews": [{"identifier": "a", "subviews": [{"identifier": "deep"}], "layoutGuides": [{"identifier": "ga"}]},
                         {"identifier": "b"}],
            "constraints": [{"first": "a.width", "constant": 10}, {"visualFormat": "V:|[a]"},
                            {"visualFormat": "H:[a]-(missing)-[b]"}]
            """#), at: "$.views[0].constraints[2].visualFormat", "Encountered metric with name \"missing\"")
    }

    // MARK: Saving

    func testSaveWritesTheDocumentAndLoadsBackToTheSameFrames() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(try screenText(), into: engine)
        try doc.roots[0].layoutIfNeeded()
        let saved = try LayoutDocument.save(doc.roots[0])
        let other = LayoutEngine()
        let again = try LayoutDocument.load(saved, into: other)
        try again.roots[0].layoutIfNeeded()
        XCTAssertEqual(frames(again.roots), frames(doc.roots))
        XCTAssertEqual(Set(again.items.keys), Set(doc.items.keys))
        // Saving is idempotent: the reloaded hierarchy saves to the same text.
        XCTAssertEqual(try LayoutDocument.save(again.roots[0]), saved)
        // Inactive constraints are not saved; active ones are, as equations in their common
        // ancestor, oldest first.
        XCTAssertFalse(saved.contains("tall-header"))
        XCTAssertTrue(saved.contains(#"{"first": "header.height", "relation": "==", "constant": 44, "identifier": "header-height"}"#), saved)
        XCTAssertTrue(saved.contains(#"{"first": "title.centerX", "relation": "==", "second": "header.centerX"}"#), saved)
        XCTAssertTrue(saved.contains(#"{"first": "header.top", "relation": "==", "second": "root.safeAreaLayoutGuide.top"}"#), saved)
        XCTAssertTrue(saved.contains(#""multiplier": 0.5"#))
        XCTAssertFalse(saved.contains("visualFormat"))
        XCTAssertEqual(again.constraints.count, engine.activeConstraints.count)
    }

    func testSaveExactText() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.identifier = "root"
        let a = try engine.makeView(), b = try engine.makeView()
        a.translatesAutoresizingMaskIntoConstraints = false
        b.translatesAutoresizingMaskIntoConstraints = false
        b.identifier = "Side Bar"
        b.semanticContentAttribute = .forceLeftToRight
        try root.addSubview(a)
        try root.addSubview(b)
        let g = engine.makeLayoutGuide()
        try root.addLayoutGuide(g)
        let w = try a.widthAnchor.constraint(equalToConstant: 50)
        try w.setPriority(LayoutPriority(999.9))
        w.identifier = "w"
        let inactive = try a.heightAnchor.constraint(equalToConstant: 1)
        try activate([
            w,
            try a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: -0.0),
            try b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            try g.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 2),
            try a.topAnchor.constraint(equalTo: root.topAnchor),
            try a.heightAnchor.constraint(equalToConstant: 20),
            try b.topAnchor.constraint(equalTo: a.bottomAnchor),
            try b.widthAnchor.constraint(equalToConstant: 30),
            try b.heightAnchor.constraint(equalTo: a.heightAnchor),
        ])
        try root.layoutIfNeeded()
        XCTAssertFalse(inactive.isActive)
        let text = try LayoutDocument.save(root)
        XCTAssertEqual(text, """
            {
              "tether": 1,
              "views": [
                {
                  "identifier": "root",
                  "frame": [0, 0, 200, 100],
                  "layoutGuides": [
                    {"identifier": "guide1"}
                  ],
                  "subviews": [
                    {
                      "identifier": "view1",
                      "frame": [0, 0, 50, 20],
                      "translatesAutoresizingMaskIntoConstraints": false,
                      "constraints": [
                        {"first": "view1.width", "relation": "==", "constant": 50, "priority": 999.9, "identifier": "w"},
                        {"first": "view1.height", "relation": "==", "constant": 20}
                      ]
                    },
                    {
                      "identifier": "Side_Bar",
                      "frame": [58, 20, 30, 20],
                      "translatesAutoresizingMaskIntoConstraints": false,
                      "semanticContentAttribute": "forceLeftToRight",
                      "constraints": [
                        {"first": "Side_Bar.width", "relation": "==", "constant": 30}
                      ]
                    }
                  ],
                  "constraints": [
                    {"first": "view1.leading", "relation": "==", "second": "root.leading", "constant": -0},
                    {"first": "Side_Bar.leading", "relation": "==", "second": "view1.trailing", "constant": 8},
                    {"first": "guide1.width", "relation": "==", "second": "view1.width", "multiplier": 2},
                    {"first": "view1.top", "relation": "==", "second": "root.top"},
                    {"first": "Side_Bar.top", "relation": "==", "second": "view1.bottom"},
                    {"first": "Side_Bar.height", "relation": "==", "second": "view1.height"}
                  ]
                }
              ]
            }

            """)
        // Saving changed nothing.
        XCTAssertEqual(a.identifier, "")
        XCTAssertEqual(b.identifier, "Side Bar")
        // The priority comes back as the same Float.
        let back = try LayoutDocument.load(text, into: LayoutEngine())
        let w2 = LayoutDocument.constraints(withIdentifier: "w", in: back.roots[0])
        XCTAssertEqual(w2.count, 1)
        XCTAssertEqual(w2.first?.priority, LayoutPriority(999.9))
        XCTAssertEqual(w2.first?.priority.rawValue, w.priority.rawValue)
    }

    func testSaveNamesAreUniqueAndPreferIdentifiers() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // An unnamed view first, then one whose identifier is the name a generator would pick.
        let unnamed = try engine.makeView(), taken = try engine.makeView(), dup = try engine.makeView()
        let dup2 = try engine.makeView(), digit = try engine.makeView(), symbols = try engine.makeView()
        taken.identifier = "view1"
        dup.identifier = "x"
        dup2.identifier = "x"
        digit.identifier = "9lives"
        symbols.identifier = "x!"
        for v in [unnamed, taken, dup, dup2, digit, symbols] { try root.addSubview(v) }
        let json = try LayoutDocument.json([root])
        guard case .array(let roots)? = json["views"], case .array(let subs)? = roots[0]["subviews"] else { return XCTFail() }
        let names = subs.map { v -> String in
            guard case .string(let s)? = v["identifier"] else { return "?" }
            return s
        }
        XCTAssertEqual(roots[0]["identifier"], .string("view2"))
        XCTAssertEqual(names, ["view3", "view1", "x", "x_2", "_9lives", "x_"])
        // Every saved document loads.
        let back = try LayoutDocument.load(JSONWriter.string(json), into: LayoutEngine())
        XCTAssertEqual(back.items.count, 7)
    }

    func testSaveLeavesOutWhatIsNotTheUsers() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let translated = try engine.makeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        translated.autoresizingMask = [.flexibleWidth]
        translated.intrinsicContentSize = Size(width: 5, height: 5)
        let pinned = try engine.makeView()
        pinned.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(translated)
        try root.addSubview(pinned)
        try activate([try pinned.topAnchor.constraint(equalTo: translated.bottomAnchor)])
        try root.layoutIfNeeded()
        XCTAssertFalse(translated.constraintsEquivalentToAutoresizingMask().isEmpty)
        let text = try LayoutDocument.save(root)
        XCTAssertEqual(text.components(separatedBy: "\"first\"").count - 1, 1, text)
        XCTAssertTrue(text.contains(#""autoresizingMask": ["flexibleWidth"]"#))
        XCTAssertTrue(text.contains(#""intrinsicContentSize": [5, 5]"#))
    }

    func testSavingASubtreeOrSeveralRoots() throws {
        let engine = LayoutEngine()
        let doc = try LayoutDocument.load(try screenText(), into: engine)
        try doc.roots[0].layoutIfNeeded()
        let header = doc["header"] as! View
        let text = try LayoutDocument.save(header)
        let part = try LayoutDocument.load(text, into: LayoutEngine())
        XCTAssertEqual(part.roots[0].frame, header.frame)
        XCTAssertEqual(Set(part.items.keys), ["header", "title"])
        // The header's own list (its height, the title's centre); its position was the root's.
        XCTAssertEqual(part.constraints.count, 3)
        try part.roots[0].layoutIfNeeded()
        XCTAssertEqual(part["title"].map { ($0 as! View).frame }, (doc["title"] as! View).frame)
        // A root listed twice or inside another listed root is written once.
        let lone = try engine.makeView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        let both = try LayoutDocument.load(try LayoutDocument.save([header, doc.roots[0], lone, doc.roots[0]]), into: LayoutEngine())
        XCTAssertEqual(both.roots.count, 2)
        XCTAssertEqual(both.roots[0].identifier, "root")
        XCTAssertEqual(both.roots[1].frame, lone.frame)
    }

    func testSaveRefusesHierarchiesTooDeepForADocument() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView()
        var parent = root
        for _ in 0..<LayoutDocument.maximumViewDepth {
            let v = try engine.makeView()
            try parent.addSubview(v)
            parent = v
        }
        // The deepest a document holds: it saves and loads.
        let text = try LayoutDocument.save(root)
        XCTAssertNoThrow(try LayoutDocument.load(text, into: LayoutEngine()))
        try parent.addSubview(try engine.makeView())
        XCTAssertThrowsError(try LayoutDocument.save(root)) { error in
            guard case LayoutError.invalidHierarchy(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("a layout document holds at most \(LayoutDocument.maximumViewDepth) levels"), message)
        }
    }

    // MARK: Random round trips

    /// A random hierarchy whose layout is unique: every constrained view gets one constraint
    /// for its x, y, width and height each (relative to its superview or an earlier sibling);
    /// the other views translate their autoresizing masks.
    private func randomHierarchy(_ engine: LayoutEngine, _ rng: inout SeededGenerator) throws -> View {
        func r(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: r(100...500), height: r(100...500)))
        root.layoutMargins = EdgeInsets(top: r(0...9), left: r(0...9), bottom: r(0...9), right: r(0...9))
        if Bool.random(using: &rng) { root.semanticContentAttribute = .forceRightToLeft }
        var constraints: [LayoutConstraint] = []
        var all = [root]
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            let parent = all.randomElement(using: &rng)!
            let siblings = parent.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints }
            let v = try engine.makeView(frame: Rect(x: r(0...50), y: r(0...50), width: r(1...80), height: r(1...80)))
            if Bool.random(using: &rng) { v.identifier = "v\(all.count)" }
            try parent.addSubview(v)
            all.append(v)
            if Int.random(in: 0..<3, using: &rng) == 0 {
                v.autoresizingMask = AutoresizingMask(rawValue: UInt32.random(in: 0...63, using: &rng))
                continue
            }
            v.translatesAutoresizingMaskIntoConstraints = false
            if Bool.random(using: &rng) {
                v.alignmentRectInsets = EdgeInsets(top: r(0...3), left: r(0...3), bottom: 0, right: r(0...3))
            }
            let x: LayoutConstraint
            if let s = siblings.randomElement(using: &rng), Bool.random(using: &rng) {
                x = try v.leadingAnchor.constraint(equalTo: s.trailingAnchor, constant: r(-10...10))
            } else {
                x = try LayoutConstraint(item: v, attribute: [.leading, .centerX, .leadingMargin].randomElement(using: &rng)!,
                                         relatedBy: .equal, toItem: parent,
                                         attribute: [.leading, .centerX, .leadingMargin].randomElement(using: &rng)!,
                                         constant: r(-20...20))
            }
            let y = try LayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: parent,
                                         attribute: [.top, .topMargin, .centerY].randomElement(using: &rng)!,
                                         constant: r(0...30))
            let width: LayoutConstraint
            if Bool.random(using: &rng) {
                width = try v.widthAnchor.constraint(equalTo: parent.widthAnchor, multiplier: [0.25, 0.5, 1.0 / 3].randomElement(using: &rng)!,
                                                     constant: r(-5...5))
            } else {
                width = try v.widthAnchor.constraint(equalToConstant: r(1...90))
                try width.setPriority(LayoutPriority(Float(Int.random(in: 500...1000, using: &rng))))
            }
            v.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: r(5...40))
            try v.setContentHuggingPriority(LayoutPriority(Float(r(600...900))), for: .vertical)
            constraints += [x, y, width]
        }
        try activate(constraints)
        return root
    }

    /// Equal JSON, numbers within 1e-9 (relative to their size).
    private func close(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return Swift.abs(x - y) <= 1e-9 * Swift.max(1, Swift.abs(x))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { close($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && close($0.value, $1.value) }
        default: return a == b
        }
    }

    func testRandomHierarchiesRoundTripToTheSameFrames() throws {
        var rng = SeededGenerator(state: 99)
        for trial in 0..<60 {
            let engine = LayoutEngine()
            engine.diagnosticHandler = { XCTFail("trial \(trial): unexpected conflict \($0)") }
            let root = try randomHierarchy(engine, &rng)
            try root.layoutIfNeeded()
            var original: [Rect] = []
            var stack = [root]
            while let v = stack.popLast() { original.append(v.frame); stack.append(contentsOf: v.subviews.reversed()) }
            let text = try LayoutDocument.save(root)
            let other = LayoutEngine()
            let doc = try LayoutDocument.load(text, into: other)
            try doc.roots[0].layoutIfNeeded()
            var reloaded: [Rect] = []
            stack = [doc.roots[0]]
            while let v = stack.popLast() { reloaded.append(v.frame); stack.append(contentsOf: v.subviews.reversed()) }
            XCTAssertEqual(reloaded.count, original.count, "trial \(trial)")
            for (a, b) in zip(original, reloaded) {
                for (p, q) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
                    XCTAssertEqual(p, q, accuracy: 1e-9, "trial \(trial): \(a) vs \(b)\n\(text)")
                }
            }
            // Saving the reloaded hierarchy gives the same document, up to rounding in the solve
            // (its constraints are activated in another order).
            let again = try JSONParser.parse(try LayoutDocument.save(doc.roots[0]))
            XCTAssertTrue(close(again, try JSONParser.parse(text)), "trial \(trial)")
        }
    }
}
