import XCTest
@testable import Tether
import TetherTestSupport
import TetherViewTestSupport

/// The Visual Format Language (shared/docs/autolayout-semantics.md §5).
final class VisualFormatTests: XCTestCase {
    /// What a constraint says, compared field by field (items by identity).
    struct Sig: Equatable, CustomStringConvertible {
        var first: ObjectIdentifier
        var firstName: String
        var attribute: LayoutAttribute
        var relation: LayoutRelation
        var second: ObjectIdentifier?
        var secondName: String
        var secondAttribute: LayoutAttribute
        var multiplier: Double
        var constant: Double
        var priority: Float

        init(_ a: LayoutItem, _ attr: LayoutAttribute, _ rel: LayoutRelation, _ b: LayoutItem?,
             _ battr: LayoutAttribute, _ m: Double = 1, _ c: Double = 0, _ p: Float = 1000) {
            first = ObjectIdentifier(a); firstName = "\(a)"; attribute = attr; relation = rel
            second = b.map(ObjectIdentifier.init); secondName = b.map { "\($0)" } ?? "nil"
            secondAttribute = battr; multiplier = m; constant = c; priority = p
        }

        init(_ c: LayoutConstraint) {
            self.init(c.firstItem, c.firstAttribute, c.relation, c.secondItem, c.secondAttribute,
                      c.multiplier, c.constant, c.priority.rawValue)
        }

        /// `a.width REL c` (no second item).
        static func size(_ a: LayoutItem, _ attr: LayoutAttribute, _ rel: LayoutRelation, _ c: Double,
                         _ p: Float = 1000) -> Sig {
            Sig(a, attr, rel, nil, .notAnAttribute, 1, c, p)
        }

        var description: String {
            "\(firstName).\(attribute) \(relation) \(secondName).\(secondAttribute)*\(multiplier) + \(constant) @\(priority)"
        }
    }

    private var engine = LayoutEngine()
    private var root: View!
    private var a: View!, b: View!, c: View!, d: View!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 800), identifier: "root")
        a = try child("a"); b = try child("b"); c = try child("c"); d = try child("d")
    }

    private func child(_ name: String, in parent: View? = nil) throws -> View {
        try engine.makeConstrainedSubview(of: parent ?? root, identifier: name)
    }

    private var views: [String: LayoutItem] { ["a": a, "b": b, "c": c, "d": d] }

    private func parse(_ format: String, _ options: FormatOptions = [], metrics: [String: Double] = [:],
                       views: [String: LayoutItem]? = nil) throws -> [LayoutConstraint] {
        try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                         views: views ?? self.views)
    }

    /// Activates the constraints of each format in turn (parsed with no options or metrics,
    /// over `views` or a, b, c and d), then lays the root out.
    private func activateAndLayOut(_ formats: String..., views: [String: LayoutItem]? = nil) throws {
        for format in formats { try activate(try parse(format, views: views)) }
        try root.layoutIfNeeded()
    }

    private func sigs(_ format: String, _ options: FormatOptions = [], metrics: [String: Double] = [:],
                      views: [String: LayoutItem]? = nil) throws -> [Sig] {
        try parse(format, options, metrics: metrics, views: views).map(Sig.init)
    }

    private func assertError(_ format: String, _ reason: String, at position: Int, _ options: FormatOptions = [],
                             metrics: [String: Double] = [:], views: [String: LayoutItem]? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
        do {
            let result = try constraints(withVisualFormat: format, options: options, metrics: metrics,
                                         views: views ?? self.views)
            XCTFail("\(format) parsed to \(result.count) constraints", file: file, line: line)
        } catch {
            XCTAssertEqual(error.description, reason, format, file: file, line: line)
            XCTAssertEqual(error.position, position, "caret of \(format)", file: file, line: line)
            XCTAssertEqual(error.format, format, file: file, line: line)
            if !format.isEmpty {
                XCTAssertEqual(error.message, "Unable to parse constraint format: \n\(reason)\n\(format)\n"
                               + String(repeating: " ", count: position) + "^", file: file, line: line)
            }
        }
    }

    private func assertFrame(_ v: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        let f = v.frame
        for (got, want, name) in [(f.minX, x, "x"), (f.minY, y, "y"), (f.width, w, "width"), (f.height, h, "height")] {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(name) of \(v): \(f)", file: file, line: line)
        }
    }

    // MARK: Options

    func testOptionValuesMatchTheHeader() {
        let expected: [(FormatOptions, UInt)] = [
            (.alignAllLeft, 2), (.alignAllRight, 4), (.alignAllTop, 8), (.alignAllBottom, 16),
            (.alignAllLeading, 32), (.alignAllTrailing, 64), (.alignAllCenterX, 512), (.alignAllCenterY, 1024),
            (.alignAllLastBaseline, 2048), (.alignAllBaseline, 2048), (.alignAllFirstBaseline, 4096),
            (.alignmentMask, 0xFFFF), (.directionLeadingToTrailing, 0), (.directionLeftToRight, 65536),
            (.directionRightToLeft, 131072), (.directionMask, 196608), (.spacingEdgeToEdge, 0),
            (.spacingBaselineToBaseline, 524288), (.spacingMask, 524288),
        ]
        for (option, value) in expected { XCTAssertEqual(option.rawValue, value) }
        // Each alignAll bit is 1 << the attribute's raw value.
        let pairs: [(FormatOptions, LayoutAttribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline),
            (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in pairs { XCTAssertEqual(option.rawValue, 1 << UInt(attribute.rawValue)) }
    }

    // MARK: The worked example (§5.3)

    func testWorkedExample() throws {
        let list = try parse("H:|-[a]-[b(==a)]-|")
        XCTAssertEqual(list.map(Sig.init), [
            Sig(a, .leading, .equal, root, .leading, 1, 20),
            Sig(b, .leading, .equal, a, .trailing, 1, 8),
            Sig(b, .width, .equal, a, .width),
            Sig(root, .trailing, .equal, b, .trailing, 1, 20),
        ])
        XCTAssertTrue(list.allSatisfy { !$0.isActive }, "parsed constraints are not activated")
        XCTAssertEqual(try sigs("H:|-[a]-[b(==a)]-|", .alignAllTop), [
            Sig(a, .leading, .equal, root, .leading, 1, 20),
            Sig(b, .leading, .equal, a, .trailing, 1, 8),
            Sig(b, .width, .equal, a, .width),
            Sig(root, .trailing, .equal, b, .trailing, 1, 20),
            Sig(a, .top, .equal, b, .top),
        ])
    }

    // MARK: Grammar

    func testOrientation() throws {
        XCTAssertEqual(try sigs("[a]-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, 8)])
        XCTAssertEqual(try sigs("H:[a]-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, 8)])
        XCTAssertEqual(try sigs("V:|-[a]-[b]-|"), [
            Sig(a, .top, .equal, root, .top, 1, 20),
            Sig(b, .top, .equal, a, .bottom, 1, 8),
            Sig(root, .bottom, .equal, b, .bottom, 1, 20),
        ])
        XCTAssertEqual(try sigs("V:[a(44)]"), [Sig.size(a, .height, .equal, 44)])
        XCTAssertEqual(try sigs("[a(44)]"), [Sig.size(a, .width, .equal, 44)])
    }

    func testViewPredicates() throws {
        XCTAssertEqual(try sigs("[a(>=50,<=100@750)]"), [
            Sig.size(a, .width, .greaterThanOrEqual, 50),
            Sig.size(a, .width, .lessThanOrEqual, 100, 750),
        ])
        XCTAssertEqual(try sigs("[a(100@20)]"), [Sig.size(a, .width, .equal, 100, 20)])
        XCTAssertEqual(try sigs("[a(==b)]"), [Sig(a, .width, .equal, b, .width)])
        XCTAssertEqual(try sigs("V:[a(<=b@500)]"), [Sig(a, .height, .lessThanOrEqual, b, .height, 1, 0, 500)])
        XCTAssertEqual(try sigs("[a(w@p)]", metrics: ["w": 30, "p": 251]), [Sig.size(a, .width, .equal, 30, 251)])
        XCTAssertEqual(try sigs("[a(-5)]"), [Sig.size(a, .width, .equal, -5)])
        XCTAssertEqual(try sigs("[a(2.5e1,>=.5)]"), [Sig.size(a, .width, .equal, 25), Sig.size(a, .width, .greaterThanOrEqual, 0.5)])
        // A metric name shadows a view name in a predicate (metrics are looked up first).
        XCTAssertEqual(try sigs("[a(b)]", metrics: ["b": 7]), [Sig.size(a, .width, .equal, 7)])
        XCTAssertEqual(try sigs("[a(==a)]"), [Sig(a, .width, .equal, a, .width)])
    }

    func testConnections() throws {
        let m = ["m": 13.0, "p": 600, "neg": -4]
        XCTAssertEqual(try sigs("[a][b]"), [Sig(b, .leading, .equal, a, .trailing)])
        XCTAssertEqual(try sigs("|[a]|"), [Sig(a, .leading, .equal, root, .leading), Sig(root, .trailing, .equal, a, .trailing)])
        XCTAssertEqual(try sigs("|-[a]-|"), [Sig(a, .leading, .equal, root, .leading, 1, 20),
                                             Sig(root, .trailing, .equal, a, .trailing, 1, 20)])
        XCTAssertEqual(try sigs("[a]-12-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, 12)])
        XCTAssertEqual(try sigs("[a]-1.5-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, 1.5)])
        XCTAssertEqual(try sigs("[a]-(12)-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, 12)])
        XCTAssertEqual(try sigs("[a]-(>=12@300)-[b]"), [Sig(b, .leading, .greaterThanOrEqual, a, .trailing, 1, 12, 300)])
        XCTAssertEqual(try sigs("[a]-m-[b]", metrics: m), [Sig(b, .leading, .equal, a, .trailing, 1, 13)])
        XCTAssertEqual(try sigs("[a]-(<=m@p)-[b]", metrics: m), [Sig(b, .leading, .lessThanOrEqual, a, .trailing, 1, 13, 600)])
        XCTAssertEqual(try sigs("[a]-(-5)-[b]"), [Sig(b, .leading, .equal, a, .trailing, 1, -5)])
        XCTAssertEqual(try sigs("[a]-neg-[b]", metrics: m), [Sig(b, .leading, .equal, a, .trailing, 1, -4)])
        XCTAssertEqual(try sigs("[a]-(>=8,<=20@500)-[b]"), [
            Sig(b, .leading, .greaterThanOrEqual, a, .trailing, 1, 8),
            Sig(b, .leading, .lessThanOrEqual, a, .trailing, 1, 20, 500),
        ])
        XCTAssertEqual(try sigs("|-(>=m)-[a]-(==7@999)-|", metrics: m), [
            Sig(a, .leading, .greaterThanOrEqual, root, .leading, 1, 13),
            Sig(root, .trailing, .equal, a, .trailing, 1, 7, 999),
        ])
    }

    func testApplesOrder() throws {
        // Each view: its leading connection, then its predicates; then the closing connection;
        // then the alignment constraints, the earlier view of each pair first.
        XCTAssertEqual(try sigs("V:|-5-[a(10)]-[b(20,>=c)][c]-6-|", .alignAllCenterX), [
            Sig(a, .top, .equal, root, .top, 1, 5),
            Sig.size(a, .height, .equal, 10),
            Sig(b, .top, .equal, a, .bottom, 1, 8),
            Sig.size(b, .height, .equal, 20),
            Sig(b, .height, .greaterThanOrEqual, c, .height),
            Sig(c, .top, .equal, b, .bottom),
            Sig(root, .bottom, .equal, c, .bottom, 1, 6),
            Sig(a, .centerX, .equal, b, .centerX),
            Sig(b, .centerX, .equal, c, .centerX),
        ])
    }

    func testDirectionOptions() throws {
        XCTAssertEqual(try sigs("|-[a]-[b]-|", .directionLeftToRight), [
            Sig(a, .left, .equal, root, .left, 1, 20),
            Sig(b, .left, .equal, a, .right, 1, 8),
            Sig(root, .right, .equal, b, .right, 1, 20),
        ])
        // Right-to-left: the first view at the right edge; each gap is still `c`.
        XCTAssertEqual(try sigs("|-[a]-(>=3)-[b]-|", .directionRightToLeft), [
            Sig(root, .right, .equal, a, .right, 1, 20),
            Sig(a, .left, .greaterThanOrEqual, b, .right, 1, 3),
            Sig(b, .left, .equal, root, .left, 1, 20),
        ])
        // Direction does not affect vertical lines.
        XCTAssertEqual(try sigs("V:[a]-[b]", .directionRightToLeft), [Sig(b, .top, .equal, a, .bottom, 1, 8)])
        assertError("[a]", "Options mask has an invalid layout direction", at: 0, .directionMask)
    }

    func testAlignAllOptions() throws {
        let horizontal: [(FormatOptions, LayoutAttribute)] = [
            (.alignAllTop, .top), (.alignAllBottom, .bottom), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        let vertical: [(FormatOptions, LayoutAttribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllLeading, .leading),
            (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        ]
        for (option, attribute) in horizontal {
            XCTAssertEqual(try sigs("[a][b]-[c]", option), [
                Sig(b, .leading, .equal, a, .trailing), Sig(c, .leading, .equal, b, .trailing, 1, 8),
                Sig(a, attribute, .equal, b, attribute), Sig(b, attribute, .equal, c, attribute),
            ])
            assertError("V:[a][b]", "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", at: 0, option)
        }
        for (option, attribute) in vertical {
            XCTAssertEqual(try sigs("V:[a][b]", option), [
                Sig(b, .top, .equal, a, .bottom), Sig(a, attribute, .equal, b, attribute),
            ])
            assertError("H:[a][b]", "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", at: 0, option)
        }
        // Several bits: every attribute for each pair, in raw-value order.
        XCTAssertEqual(try sigs("[a][b]", [.alignAllBottom, .alignAllTop]), [
            Sig(b, .leading, .equal, a, .trailing), Sig(a, .top, .equal, b, .top), Sig(a, .bottom, .equal, b, .bottom),
        ])
        // A single view has nothing to align with.
        XCTAssertEqual(try sigs("[a(5)]", .alignAllTop), [Sig.size(a, .width, .equal, 5)])
        assertError("[a][b]", "Options mask has an alignment bit (1<<7) that is not an edge, center or baseline", at: 0,
                    FormatOptions(rawValue: 1 << 7))
    }

    func testBaselineToBaselineSpacing() throws {
        a.lastBaselineOffsetFromBottom = 5
        b.firstBaselineOffsetFromTop = 15
        XCTAssertEqual(try sigs("V:|-[a]-[b]-[c]", .spacingBaselineToBaseline), [
            Sig(a, .top, .equal, root, .top, 1, 20),
            Sig(b, .firstBaseline, .equal, a, .lastBaseline, 1, 8),
            Sig(c, .top, .equal, b, .lastBaseline, 1, 8),  // c has no text: its edge
        ])
        assertError("H:[a]-[b]", "Baseline-to-baseline spacing is only allowed for vertical layouts", at: 0,
                    .spacingBaselineToBaseline)
    }

    func testLayoutGuidesAsViews() throws {
        let g = engine.makeLayoutGuide()
        g.identifier = "g"
        try root.addLayoutGuide(g)
        XCTAssertEqual(try sigs("|[a][g(==a)][b]|", views: ["a": a, "b": b, "g": g]), [
            Sig(a, .leading, .equal, root, .leading),
            Sig(g, .leading, .equal, a, .trailing),
            Sig(g, .width, .equal, a, .width),
            Sig(b, .leading, .equal, g, .trailing),
            Sig(root, .trailing, .equal, b, .trailing),
        ])
        // A guide alone: its owning view is the superview.
        XCTAssertEqual(try sigs("V:|-[g]", views: ["g": g]), [Sig(g, .top, .equal, root, .top, 1, 20)])
        // A guide has no baseline: the constraint cannot be made, and the error says why.
        do {
            _ = try parse("[a][g]", .alignAllFirstBaseline, views: ["a": a, "g": g])
            XCTFail("a guide has no baseline")
        } catch let error as VisualFormatError {
            XCTAssertTrue(error.description.contains("has no firstBaseline"), error.description)
            XCTAssertEqual(error.position, 4)
        }
    }

    func testSuperviewIsTheCommonSuperview() throws {
        let inner = try child("inner")
        let x = try child("x", in: inner)
        XCTAssertEqual(try sigs("|[a]-[x]", views: ["a": a, "x": x]),
                       [Sig(a, .leading, .equal, root, .leading), Sig(x, .leading, .equal, a, .trailing, 1, 8)])
        XCTAssertEqual(try sigs("|[x]|", views: ["x": x]),
                       [Sig(x, .leading, .equal, inner, .leading), Sig(inner, .trailing, .equal, x, .trailing)])
        // No bar: views need no superview.
        let loose = try engine.makeView()
        XCTAssertEqual(try sigs("[l(10)]", views: ["l": loose]), [Sig.size(loose, .width, .equal, 10)])
    }

    // MARK: Errors (§5.5)

    func testDocumentedErrors() throws {
        let loose = try engine.makeView()
        assertError("", "It's an empty string.", at: 0)
        XCTAssertEqual((try? parse("")) == nil, true)
        assertError("V[a]", "Expected ':' after 'V' to specify vertical arrangement", at: 1)
        assertError("H[a]", "Expected ':' after 'H' to specify horizontal arrangement", at: 1)
        assertError("[a(>=50]", "A predicate on a view's thickness must end with ')' and the view must end with ']'", at: 7)
        assertError("[a(50)", "Expected more input", at: 6)
        assertError("[a(50)x]", "A predicate on a view's thickness must end with ')' and the view must end with ']'", at: 6)
        assertError("H:[blackBox]", "blackBox is not a key in the views dictionary.", at: 11)
        assertError("[a(>30)]", "Unknown relation. Must be ==, >=, or <=", at: 3)
        assertError("[a]-(=<8)-[b]", "Unknown relation. Must be ==, >=, or <=", at: 5)
        assertError("|-[l]", "Unable to interpret '|' character, because the related view doesn't have a superview", at: 0,
                    views: ["l": loose])
        assertError("[a]-[l]-|", "Unable to interpret '|' character, because the related view doesn't have a superview", at: 8,
                    views: ["a": a, "l": loose])
        assertError("[a]-gap-[b]", "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries", at: 7)
        assertError("[a(w)]", "Encountered metric with name \"w\", but value was not specified in metrics or views dictionaries", at: 4)
        assertError("[a(5@p)]", "Encountered metric with name \"p\", but value was not specified in metrics or views dictionaries", at: 6)
        assertError("[a]-(b)-[c]", "Encountered metric with name \"b\", but value was not specified in metrics or views dictionaries", at: 6)
        assertError("[a]--[b]", "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", at: 4)
        assertError("[a]-5[b]", "Expected a '-' here", at: 5)
        assertError("[a]-(5]", "Expected ')' or ','", at: 6)
        assertError("[a", "Expected more input", at: 2)
        assertError("[a]-", "Expected more input", at: 4)
        assertError("[a]-5-", "Expected more input", at: 6)
        assertError("H:", "Expected more input", at: 2)
        assertError("|", "Expected more input", at: 1)
        assertError("[a]x", "Expected the end of the format string", at: 3)
        assertError("[a]|[b]", "Expected the end of the format string", at: 4)
        assertError("x", "Expected a view or '|'", at: 0)
        assertError("[a]-5-x", "Expected a view or '|'", at: 6)
        assertError("|-|", "Expected a view", at: 2)
        assertError("|x", "Expected a connection after the '|' character", at: 1)
        assertError("[1a]", "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", at: 1)
        assertError("[a]-#-[b]", "Expected a number or key from the metrics dictionary, but encountered something else", at: 4)
        assertError("[a(==)]", "Expected a number or key from the metrics dictionary, but encountered something else", at: 5)
        assertError("[a(5@0)]", "It's illegal to set priority:0.  Priorities must be greater than 0 and less or equal to NSLayoutPriorityRequired, which is 1000.000000.", at: 5)
        assertError("[a(5@2000)]", "It's illegal to set priority:2000.  Priorities must be greater than 0 and less or equal to NSLayoutPriorityRequired, which is 1000.000000.", at: 5)
        assertError("[a(1e999)]", "The number 1e999 is not finite", at: 3)
        assertError("[a(w)]", "The metric \"w\" is not finite", at: 4, metrics: ["w": .infinity])
        // Unicode columns count characters.
        assertError("[é]", "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", at: 1)
    }

    func testErrorMessageShape() {
        do {
            _ = try constraints(withVisualFormat: "H:|-[a]-[x]", views: ["a": a])
            XCTFail("x is unknown")
        } catch {
            XCTAssertEqual(error.message, "Unable to parse constraint format: \nx is not a key in the views dictionary.\nH:|-[a]-[x]\n          ^")
            XCTAssertEqual("\(error)", "x is not a key in the views dictionary.")
        }
    }

    func testFailureLeavesNoConstraintsBehind() throws {
        func registered() -> Int { engine.constraints.compactMap { $0 }.count }
        XCTAssertEqual(try sigs("[a(1)][b]").count, 2)
        XCTAssertEqual(registered(), 2, "made constraints are registered with the engine")
        let g = engine.makeLayoutGuide()
        try root.addLayoutGuide(g)
        // The first five constraints can be made; the guide's baseline cannot.
        XCTAssertThrowsError(try parse("[a][b][g]", .alignAllLastBaseline, views: ["a": a, "b": b, "g": g]))
        XCTAssertEqual(registered(), 2, "constraints made before the failing one are freed")
        XCTAssertThrowsError(try parse("[a]-[b]-[zz]"))
        XCTAssertEqual(registered(), 2)
    }

    // MARK: Standard spacing to the superview

    func testSuperviewSpacingUsesLayoutMarginsWhenTheEngineSaysSo() throws {
        XCTAssertFalse(engine.superviewSpacingUsesLayoutMargins, "AppKit's 20 points by default")
        let appKit = try parse("H:|-[a]-|")
        engine.superviewSpacingUsesLayoutMargins = true
        // UIKit since iOS 8: the superview's margin edges, flush; siblings keep 8.
        XCTAssertEqual(try sigs("H:|-[a]-[b]-|"), [
            Sig(a, .leading, .equal, root, .leadingMargin),
            Sig(b, .leading, .equal, a, .trailing, 1, 8),
            Sig(root, .trailingMargin, .equal, b, .trailing),
        ])
        XCTAssertEqual(try sigs("V:|-[a]-|"), [
            Sig(a, .top, .equal, root, .topMargin), Sig(root, .bottomMargin, .equal, a, .bottom),
        ])
        XCTAssertEqual(try sigs("|-[a]-|", .directionLeftToRight), [
            Sig(a, .left, .equal, root, .leftMargin), Sig(root, .rightMargin, .equal, a, .right),
        ])
        // Right-to-left swaps the items of each spacing, as it does for the 20-point form.
        XCTAssertEqual(try sigs("|-[a]-|", .directionRightToLeft), [
            Sig(root, .rightMargin, .equal, a, .right), Sig(a, .left, .equal, root, .leftMargin),
        ])
        // Explicit and flush connections to the superview keep its edges.
        XCTAssertEqual(try sigs("|-20-[a][b]|"), [
            Sig(a, .leading, .equal, root, .leading, 1, 20), Sig(b, .leading, .equal, a, .trailing),
            Sig(root, .trailing, .equal, b, .trailing),
        ])
        // Described as the equation it is, not as NSSpace.
        XCTAssertEqual(try parse("H:|-[a]")[0].bodyDescription, "\(a.debugName).leading == \(root.debugName).leadingMargin")
        // Constraints made before the change keep their form.
        XCTAssertEqual(appKit.map(Sig.init), [
            Sig(a, .leading, .equal, root, .leading, 1, 20), Sig(root, .trailing, .equal, a, .trailing, 1, 20),
        ])

        // The gap follows the margins: 8 by default, then whatever they are set to.
        try activate(try parse("H:|-[a]-|") + (try parse("V:|-[a(10)]")))
        try root.layoutIfNeeded()
        assertFrame(a, 8, 8, 384, 10)
        root.layoutMargins = EdgeInsets(top: 30, left: 16, bottom: 0, right: 24)
        try root.layoutIfNeeded()
        assertFrame(a, 16, 30, 360, 10)
    }

    // MARK: Layout results

    func testWorkedExampleLaysOut() throws {
        try activate(try parse("H:|-[a]-[b(==a)]-|", .alignAllTop))
        try activateAndLayOut("V:|-10-[a(30)]", "V:[b(==a)]")
        assertFrame(a, 20, 10, 176, 30)
        assertFrame(b, 204, 10, 176, 30)
    }

    func testColumnWithPredicatesLaysOut() throws {
        try activate(try parse("V:|-(top)-[a(40)]-(>=gap@250)-[b(==a)]-(-5)-[c(>=100,<=120)]-|",
                               .alignAllLeading, metrics: ["top": 30, "gap": 1000]))
        try activateAndLayOut("|-[a(100)]", "[b(50)]", "[c(60)]")
        // The weak gap pulls b (and c, 5 below b's bottom) up: c takes its least height, 100,
        // and the bottom bar keeps it 20 above the bottom.
        assertFrame(c, 20, 680, 60, 100)
        assertFrame(b, 20, 645, 50, 40)
        assertFrame(a, 20, 30, 100, 40)
    }

    func testDirectionsLayOut() throws {
        try activate(try parse("|-10-[a(50)]-5-[b(60)]", .directionRightToLeft))
        try activate(try parse("|-10-[c(50)]-5-[d(60)]", .directionLeftToRight))
        for v in [a!, b!, c!, d!] { try activate(try parse("V:|[v(10)]", views: ["v": v])) }
        try root.layoutIfNeeded()
        assertFrame(a, 340, 0, 50, 10)
        assertFrame(b, 275, 0, 60, 10)
        assertFrame(c, 10, 0, 50, 10)
        assertFrame(d, 65, 0, 60, 10)
    }

    func testLeadingFollowsTheLayoutDirection() throws {
        root.semanticContentAttribute = .forceRightToLeft
        try activateAndLayOut("|-10-[a(50)]-[b(20)]", "V:|[a(10)]", "V:|[b(10)]")
        assertFrame(a, 340, 0, 50, 10)
        assertFrame(b, 312, 0, 20, 10)
    }

    func testGuideSpacerLaysOut() throws {
        let g = engine.makeLayoutGuide()
        try root.addLayoutGuide(g)
        let map: [String: LayoutItem] = ["a": a, "b": b, "g": g]
        try activate(try parse("|[a(100)][g][b(==a)]|", .alignAllCenterY, views: map))
        try activateAndLayOut("V:|-[a(50)]", "V:[g(10)]", "V:[b(==a)]", views: map)
        assertFrame(a, 0, 20, 100, 50)
        assertFrame(b, 300, 20, 100, 50)
        XCTAssertEqual(g.layoutFrame.minX, 100, accuracy: 1e-6)
        XCTAssertEqual(g.layoutFrame.width, 200, accuracy: 1e-6)
        XCTAssertEqual(g.layoutFrame.minY, 40, accuracy: 1e-6)
    }

    func testBaselineSpacingLaysOut() throws {
        a.lastBaselineOffsetFromBottom = 5
        b.firstBaselineOffsetFromTop = 15
        try activate(try parse("V:|-[a(40)]-10-[b(40)]", .spacingBaselineToBaseline))
        try activateAndLayOut("|[a(10)]", "|[b(10)]")
        assertFrame(a, 0, 20, 10, 40)
        assertFrame(b, 0, 50, 10, 40)  // a's last baseline at 55, b's first at 65
    }

    // MARK: Properties

    func testRandomStringsNeverCrash() throws {
        var rng = SeededGenerator(state: 0x7E7E)
        let alphabet = Array("HV:|[]()-=<>@,.+e0123456789abmp_ é#")
        let pieces = ["[a]", "[b]", "-", "|", "(", ")", ">=", "<=", "==", "@", "m", "p", "-(-5)-", "H:", "V:"]
        let seeds = ["H:|-[a]-[b(==a)]-|", "V:|-(>=m@p)-[a(<=50)]-(-5)-[b]|", "[a][b]", "|-m-[a]-|",
                     "V:[a(a,>=1e1@p)]-[b]", "H:[a]-(m,<=20@750)-[b]-|"]
        var parsed = 0, failed = 0
        for i in 0..<2000 {
            var s = ""
            if i % 2 == 0 {
                // Random concatenations of characters and tokens.
                let length = Int.random(in: 0...24, using: &rng)
                for _ in 0..<length {
                    if Bool.random(using: &rng) {
                        s.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
                    } else {
                        s += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
                    }
                }
            } else {
                // Mutations (0-2 edits) of valid formats.
                var chars = Array(seeds[Int.random(in: 0..<seeds.count, using: &rng)])
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    let at = Int.random(in: 0...chars.count, using: &rng)
                    let ch = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: chars.insert(ch, at: at)
                    case 1: if at < chars.count { chars.remove(at: at) }
                    default: if at < chars.count { chars[at] = ch }
                    }
                }
                s = String(chars)
            }
            let options: FormatOptions = i % 7 == 0 ? .alignAllTop : []
            do {
                let list = try constraints(withVisualFormat: s, options: options, metrics: ["m": 3, "p": 500],
                                           views: ["a": a, "b": b])
                parsed += 1
                for c in list { engine.free(c) }
            } catch {
                failed += 1
                XCTAssertTrue((0...s.count).contains(error.position), "\(s): \(error.position)")
                XCTAssertEqual(error.format, s)
                XCTAssertFalse(error.description.isEmpty)
            }
        }
        XCTAssertEqual(parsed + failed, 2000)
        XCTAssertGreaterThan(parsed, 20, "the generator should produce some valid formats")
        XCTAssertGreaterThan(failed, 20)
    }

    func testGeneratedFormatsMatchHandBuiltConstraints() throws {
        var rng = SeededGenerator(state: 2026)
        let pool: [View] = [a, b, c, d]
        let names = ["a", "b", "c", "d"]
        let metrics: [String: Double] = ["m": 11, "p": 300]
        let relations: [(String, LayoutRelation)] = [("", .equal), ("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]

        /// A random connection: its text and the predicates (relation, constant, priority).
        func connection(toSuperview: Bool) -> (String, [(LayoutRelation, Double, Float)]) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return ("", [(.equal, 0, 1000)])
            case 1: return ("-", [(.equal, toSuperview ? 20 : 8, 1000)])
            case 2:
                let n = Double(Int.random(in: 0...40, using: &rng))
                return ("-\(Int(n))-", [(.equal, n, 1000)])
            case 3: return ("-m-", [(.equal, 11, 1000)])
            case 4:
                let n = Double(Int.random(in: -20...40, using: &rng))
                let r = relations[Int.random(in: 0..<4, using: &rng)]
                return ("-(\(r.0)\(Int(n))@p)-", [(r.1, n, 300)])
            default:
                let r1 = relations[Int.random(in: 0..<4, using: &rng)], r2 = relations[Int.random(in: 0..<4, using: &rng)]
                return ("-(\(r1.0)m,\(r2.0)4@750)-", [(r1.1, 11, 1000), (r2.1, 4, 750)])
            }
        }

        for _ in 0..<300 {
            let vertical = Bool.random(using: &rng)
            let (lead, trail, size) = vertical ? (LayoutAttribute.top, LayoutAttribute.bottom, LayoutAttribute.height)
                                               : (.leading, .trailing, .width)
            let align: (FormatOptions, LayoutAttribute)? = Bool.random(using: &rng)
                ? (vertical ? (.alignAllCenterX, .centerX) : (.alignAllBottom, .bottom)) : nil
            var text = vertical ? "V:" : (Bool.random(using: &rng) ? "H:" : "")
            var expected: [Sig] = []
            let indices = Array(0..<4).shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
            let leadingBar = Bool.random(using: &rng), trailingBar = Bool.random(using: &rng)
            if leadingBar {
                let (t, preds) = connection(toSuperview: true)
                text += "|" + t
                for p in preds { expected.append(Sig(pool[indices.first!], lead, p.0, root, lead, 1, p.1, p.2)) }
            }
            var previous: View?
            for i in indices {
                let v = pool[i]
                if let prev = previous {
                    let (t, preds) = connection(toSuperview: false)
                    text += t
                    for p in preds { expected.append(Sig(v, lead, p.0, prev, trail, 1, p.1, p.2)) }
                }
                text += "[" + names[i]
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: break
                case 1:
                    let n = Double(Int.random(in: 1...99, using: &rng))
                    let r = relations[Int.random(in: 0..<4, using: &rng)]
                    text += "(\(r.0)\(Int(n)))"
                    expected.append(Sig.size(v, size, r.1, n))
                default:
                    let other = Int.random(in: 0..<4, using: &rng)
                    let r = relations[Int.random(in: 0..<4, using: &rng)]
                    text += "(\(r.0)\(names[other])@p,>=m)"
                    expected.append(Sig(v, size, r.1, pool[other], size, 1, 0, 300))
                    expected.append(Sig.size(v, size, .greaterThanOrEqual, 11))
                }
                text += "]"
                previous = v
            }
            if trailingBar {
                let (t, preds) = connection(toSuperview: true)
                text += t + "|"
                for p in preds { expected.append(Sig(root, trail, p.0, pool[indices.last!], trail, 1, p.1, p.2)) }
            }
            if let (option, attribute) = align {
                for k in 1..<max(indices.count, 1) where indices.count > 1 {
                    let i = indices[indices.startIndex + k], j = indices[indices.startIndex + k - 1]
                    expected.append(Sig(pool[j], attribute, .equal, pool[i], attribute))
                }
                XCTAssertEqual(try sigs(text, option, metrics: metrics), expected, text)
            } else {
                XCTAssertEqual(try sigs(text, metrics: metrics), expected, text)
            }
        }
    }
}
