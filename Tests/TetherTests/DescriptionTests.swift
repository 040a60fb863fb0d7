import XCTest
@testable import Tether
import TetherViewTestSupport

/// Golden tests for Apple's description forms (autolayout-semantics.md §7.2), the conflict
/// report (§7.1), `constraintsAffectingLayout` and the hierarchy trace (§7.3).
final class DescriptionTests: XCTestCase {
    /// Engine ids are deterministic: items and constraints are numbered from slot 1, generation 1.
    private struct Scene {
        let engine = LayoutEngine()
        let root: View, a: View, b: View, c: View
        init() throws {
            root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 480), identifier: "root")  // 0x100000001
            a = try engine.makeConstrainedSubview(of: root, identifier: "a")  // 0x100000002
            b = try engine.makeConstrainedSubview(of: root, identifier: "b")  // 0x100000003
            c = try engine.makeConstrainedSubview(of: a)  // 0x100000004
        }
    }

    private func hex(_ id: UInt64) -> String { displayID(id) }

    func testItemDescriptions() throws {
        let s = try Scene()
        s.root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        XCTAssertEqual(s.root.debugName, "View:0x100000001'root'")
        XCTAssertEqual(s.c.debugName, "View:0x100000004")
        XCTAssertEqual(s.root.description, "<View: 0x100000001; frame = (0 0; 320 480); autoresize = W+H; identifier = 'root'>")
        s.c.frame = Rect(x: 1.5, y: -2, width: 10, height: 0.25)
        XCTAssertEqual(s.c.description, "<View: 0x100000004; frame = (1.5 -2; 10 0.25)>")
        let guide = s.engine.makeLayoutGuide()
        guide.identifier = "spacer"
        try s.root.addLayoutGuide(guide)
        XCTAssertEqual(guide.debugName, "LayoutGuide:0x100000005'spacer'")
        XCTAssertEqual(guide.description, "<LayoutGuide: 0x100000005 - \"spacer\", layoutFrame = {{0, 0}, {0, 0}}, "
                       + "owningView = <View: 0x100000001; frame = (0 0; 320 480); autoresize = W+H; identifier = 'root'>>")
        XCTAssertEqual(s.a.layoutMarginsGuide.debugName, "LayoutGuide:0x100000006'UIViewLayoutMarginsGuide'")
        XCTAssertEqual(AutoresizingMask.all.uikitNotation, "LM+W+RM+TM+H+BM")
        XCTAssertEqual(AutoresizingMask([.flexibleRightMargin, .flexibleBottomMargin]).uikitNotation, "RM+BM")
    }

    func testConstraintBodies() throws {
        let s = try Scene()
        let (root, a, b, c) = (s.root, s.a, s.b, s.c)
        let A = "View:0x100000002'a'", B = "View:0x100000003'b'", R = "View:0x100000001'root'", C = "View:0x100000004"
        func made(_ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation, _ to: LayoutItem?,
                  _ toAttribute: LayoutAttribute, _ m: Double = 1, _ k: Double = 0, _ p: Float = 1000) throws -> LayoutConstraint {
            try LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: to,
                                 attribute: toAttribute, multiplier: m, constant: k, priority: LayoutPriority(p))
        }
        let table: [(LayoutConstraint, String)] = [
            // Sizes: VFL-like.
            (try a.widthAnchor.constraint(equalToConstant: 100), "H:[\(A)(100)]"),
            (try a.heightAnchor.constraint(greaterThanOrEqualToConstant: 44), "V:[\(A)(>=44)]"),
            (try made(a, .height, .equal, nil, .notAnAttribute, 0, 0, 25), "V:[\(A)(0@25)] priority:25"),
            (try a.widthAnchor.constraint(equalTo: b.widthAnchor), "H:[\(A)(==\(B))]"),
            (try made(a, .height, .lessThanOrEqual, b, .height, 1, 0, 750), "V:[\(A)(<=\(B)@750)] priority:750"),
            // Other sizes: the equation.
            (try a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5), "\(A).width == 0.5*\(B).width"),
            (try a.widthAnchor.constraint(equalTo: b.heightAnchor, constant: -32), "\(A).width == \(B).height - 32"),
            (try a.widthAnchor.constraint(equalTo: b.widthAnchor, constant: 3), "\(A).width == \(B).width + 3"),
            // Spacing between siblings, either way round, with relations.
            (try b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8), "H:[\(A)]-(8)-[\(B)]"),
            (try a.trailingAnchor.constraint(equalTo: b.leadingAnchor, constant: -8), "H:[\(A)]-(8)-[\(B)]"),
            (try b.leadingAnchor.constraint(greaterThanOrEqualTo: a.trailingAnchor, constant: 8), "H:[\(A)]-(>=8)-[\(B)]"),
            (try a.trailingAnchor.constraint(lessThanOrEqualTo: b.leadingAnchor, constant: -8), "H:[\(A)]-(>=8)-[\(B)]"),
            (try b.leftAnchor.constraint(equalTo: a.rightAnchor, constant: 15), "H:[\(A)]-(15)-[\(B)](LTR)"),
            (try b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 10), "V:[\(A)]-(10)-[\(B)]"),
            (try b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: -2.5), "V:[\(A)]-(-2.5)-[\(B)]"),
            (try made(b, .top, .equal, a, .bottom, 1, 6, 999.5), "V:[\(A)]-(6@999.5)-[\(B)] priority:999.5"),
            // Spacing to the superview's edges.
            (try a.topAnchor.constraint(equalTo: root.topAnchor, constant: 8), "V:|-(8)-[\(A)]"),
            (try root.topAnchor.constraint(equalTo: a.topAnchor, constant: -8), "V:|-(8)-[\(A)]"),
            (try root.bottomAnchor.constraint(equalTo: a.bottomAnchor, constant: 10), "V:[\(A)]-(10)-|"),
            (try a.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10), "V:[\(A)]-(10)-|"),
            (try a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: -4), "H:|-(-4)-[\(A)]"),
            (try a.leftAnchor.constraint(equalTo: root.leftAnchor), "H:|-(0)-[\(A)](LTR)"),
            // Everything else: the equation.
            (try c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8), "\(C).leading == \(B).trailing + 8"),
            (try a.leadingAnchor.constraint(equalTo: b.leadingAnchor), "\(A).leading == \(B).leading"),
            (try made(a, .centerX, .equal, root, .centerX, 0.625), "\(A).centerX == 0.625*\(R).centerX"),
            (try made(a, .leading, .equal, root, .leadingMargin), "\(A).leading == \(R).leadingMargin"),
            (try made(a, .firstBaseline, .equal, b, .lastBaseline, 1, 4), "\(A).firstBaseline == \(B).lastBaseline + 4"),
            (try made(a, .width, .equal, b, .width, -1, 0, 250), "\(A).width == -1*\(B).width priority:250"),
            // A sibling spacing written the other way round: a gap of -8.
            (try made(a, .trailing, .equal, b, .leading, 1, 8), "H:[\(A)]-(-8)-[\(B)]"),
        ]
        for (i, (constraint, expected)) in table.enumerated() {
            XCTAssertEqual(constraint.bodyDescription, expected, "row \(i)")
            XCTAssertEqual(constraint.description, "<NSLayoutConstraint:\(hex(constraint.id)) \(expected)   (inactive\(expected.contains("|") ? ", names: '|':\(R) " : ""))>")
        }
    }

    func testIdentifierPriorityStateAndNames() throws {
        let s = try Scene()
        let c = try s.a.widthAnchor.constraint(equalTo: s.b.widthAnchor, multiplier: 0.5, constant: -4)
        try c.setPriority(LayoutPriority(750))
        c.identifier = "half"
        XCTAssertEqual(c.description, "<NSLayoutConstraint:0x140000001 'half' View:0x100000002'a'.width == 0.5*View:0x100000003'b'.width - 4 priority:750   (inactive)>")
        let pin = try s.a.topAnchor.constraint(equalTo: s.root.topAnchor, constant: 20)
        try activate([pin])
        XCTAssertEqual(pin.description, "<NSLayoutConstraint:0x140000002 V:|-(20)-[View:0x100000002'a']   (active, names: '|':View:0x100000001'root' )>")
        try pin.setConstant(21)
        XCTAssertEqual(pin.bodyDescription, "V:|-(21)-[View:0x100000002'a']")
    }

    func testVisualFormatConstraintsDescribeThemselvesInVFL() throws {
        let s = try Scene()
        let views: [String: LayoutItem] = ["a": s.a, "b": s.b]
        let made = try LayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b]-|", views: views)
        XCTAssertEqual(made.map(\.bodyDescription), [
            "H:|-(NSSpace(20))-[View:0x100000002'a']",
            "H:[View:0x100000002'a']-(NSSpace(8))-[View:0x100000003'b']",
            "H:[View:0x100000003'b']-(NSSpace(20))-|",
        ])
        try made[1].setConstant(12)
        XCTAssertEqual(made[1].bodyDescription, "H:[View:0x100000002'a']-(12)-[View:0x100000003'b']")
        let more = try LayoutConstraint.constraints(withVisualFormat: "V:[a(>=44@300)]-(>=5@250)-[b(==a)]", views: views)
        XCTAssertEqual(more.map(\.bodyDescription), [
            "V:[View:0x100000002'a'(>=44@300)] priority:300",
            "V:[View:0x100000002'a']-(>=5@250)-[View:0x100000003'b'] priority:250",
            "V:[View:0x100000003'b'(==View:0x100000002'a')]",
        ])
        let rtl = try LayoutConstraint.constraints(withVisualFormat: "[a]-3-[b]", options: .directionRightToLeft, views: views)
        XCTAssertEqual(rtl.map(\.bodyDescription), ["H:[View:0x100000003'b']-(3)-[View:0x100000002'a'](LTR)"])
    }

    /// Every connection of a generated VFL line describes itself as the same spacing.
    func testRandomVFLSpacingsRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let s = try Scene()
            let views: [String: LayoutItem] = ["a": s.a, "b": s.b]
            let gap = Int.random(in: -30...30, using: &rng)
            let relation = ["", ">=", "<="].randomElement(using: &rng)!
            let vertical = Bool.random(using: &rng)
            let priority = Bool.random(using: &rng) ? "" : "@\(Int.random(in: 1...999, using: &rng))"
            let orientation = vertical ? "V:" : "H:"
            let fmt = "\(orientation)[a]-(\(relation)\(gap)\(priority))-[b]"
            let made = try LayoutConstraint.constraints(withVisualFormat: fmt, views: views)
            let p = priority.isEmpty ? "" : " priority:" + priority.dropFirst()
            XCTAssertEqual(made.map(\.bodyDescription),
                           ["\(orientation)[View:0x100000002'a']-(\(relation)\(gap)\(priority))-[View:0x100000003'b']\(p)"], fmt)
        }
    }

    func testGeneratedConstraintsAndInspection() throws {
        let s = try Scene()
        let (root, a, b) = (s.root, s.a, s.b)
        let t = try s.engine.makeView(frame: Rect(x: 10, y: 20, width: 80, height: 40))  // translating, 0x100000005
        t.identifier = "t"
        try root.addSubview(t)
        b.intrinsicContentSize = Size(width: 50, height: View.noIntrinsicMetric)
        let aLeading = try a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let aWidth = try a.widthAnchor.constraint(equalToConstant: 100)
        let gap = try b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
        let slack = try b.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)
        let losing = try b.widthAnchor.constraint(equalToConstant: 500)
        try losing.setPriority(LayoutPriority(100))
        try activate([aLeading, aWidth, gap, slack, losing,
                      a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 30),
                      b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(equalToConstant: 30)])
        try root.layoutIfNeeded()
        XCTAssertEqual(b.frame, Rect(x: 118, y: 0, width: 50, height: 30))

        // b's x depends on a's leading and width and the gap (indirectly); its width on its
        // content size. The slack inequality and the losing optional constraint do not count.
        let affecting = try b.constraintsAffectingLayout(for: .horizontal)
        XCTAssertEqual(affecting.count, 4, affecting.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(affecting[1...].elementsEqual([aLeading, aWidth, gap], by: ===))
        let content = affecting[0]
        XCTAssertTrue(content.isGenerated && content.isActive)
        XCTAssertEqual(content.description, "<NSContentSizeLayoutConstraint:\(hex(content.id)) View:0x100000003'b'.width == 50 Hug:250 CompressionResistance:750   (active)>")
        XCTAssertTrue(s.engine.constraint(withID: content.id) === content, "handed out with a live id")
        XCTAssertTrue(try b.constraintsAffectingLayout(for: .horizontal).elementsEqual(affecting, by: ===))

        // A translating view: its autoresizing constraints.
        let tAffecting = try t.constraintsAffectingLayout(for: .vertical)
        XCTAssertEqual(tAffecting.map(\.bodyDescription), ["h=--& v=--& View:0x100000005't'.minY == 20",
                                                          "h=--& v=--& View:0x100000005't'.height == 40"])
        XCTAssertTrue(tAffecting.allSatisfy { $0.description.hasPrefix("<NSAutoresizingMaskLayoutConstraint:") })

        // Pinning b's trailing to the root's makes the root's size matter (a generated pin).
        try activate([try root.trailingAnchor.constraint(equalTo: b.trailingAnchor, constant: 20)])
        let now = try b.constraintsAffectingLayout(for: .horizontal).map(\.bodyDescription)
        XCTAssertTrue(now.contains("'Tether-Root-Width' H:[View:0x100000001'root'(320)]"), now.joined(separator: "\n"))
        XCTAssertTrue(now.contains("H:[View:0x100000003'b']-(20)-|"), now.joined(separator: "\n"))
        XCTAssertEqual(b.frame.width, 182, "the pins decide the width now; hugging loses")
        XCTAssertFalse(now.contains { $0.contains("Hug:") }, now.joined(separator: "\n"))
        XCTAssertNil(s.engine.constraint(withID: content.id), "generated constraints are freed by the rebuild")

        // Vertical: a's top pin and height; a frame-mode view has none.
        XCTAssertEqual(try a.constraintsAffectingLayout(for: .vertical).count, 2)
        let lone = try s.engine.makeView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        XCTAssertEqual(try lone.constraintsAffectingLayout(for: .horizontal).count, 0)
    }

    func testConstraintsAffectingLayoutFollowChainsAndLeaveOutTheRootOrigin() throws {
        let s = try Scene()
        let (root, a, b, c) = (s.root, s.a, s.b, s.c)
        // c (inside a) hangs off b, which hangs off a: a chain across levels.
        let aLeading = try a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let aWidth = try a.widthAnchor.constraint(equalToConstant: 100)
        let gap = try b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
        let bWidth = try b.widthAnchor.constraint(equalToConstant: 50)
        let cGap = try c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 5)
        let cWidth = try c.widthAnchor.constraint(equalToConstant: 20)
        var vertical: [LayoutConstraint] = []
        for v in [a, b, c] {
            vertical += [try v.topAnchor.constraint(equalTo: root.topAnchor), try v.heightAnchor.constraint(equalToConstant: 30)]
        }
        try activate([aLeading, aWidth, gap, bWidth, cGap, cWidth] + vertical)
        try root.layoutIfNeeded()
        XCTAssertEqual(c.frame.minX, 163, "x in a: 10 + 100 + 8 + 50 + 5 - 10")

        // c's x in a depends on a's width, the gap, b's width and its own gap, none of which
        // but the last names c; a's leading moves a and c together, so it does not count.
        let affecting = try c.constraintsAffectingLayout(for: .horizontal)
        XCTAssertTrue(affecting.elementsEqual([aWidth, gap, bWidth, cGap, cWidth], by: ===),
                      affecting.map(\.description).joined(separator: "\n"))

        // The root: its size pins (UIKit's encapsulated width and height) and nothing for its
        // origin, which only fixes the root's own coordinate space; UIKit has no such constraint.
        for (axis, pin) in [(Axis.horizontal, "'Tether-Root-Width' H:[View:0x100000001'root'(320)]"),
                            (.vertical, "'Tether-Root-Height' V:[View:0x100000001'root'(480)]")] {
            let list = try root.constraintsAffectingLayout(for: axis)
            XCTAssertEqual(list.map(\.bodyDescription), [pin])
        }
        // An ambiguous x is written over free symbols the root's origin pin may reach; the pin is
        // still not listed: only the width, which is what decides anything about d's x.
        let d = try s.engine.makeConstrainedSubview(of: root, identifier: "d")
        let dWidth = try d.widthAnchor.constraint(equalToConstant: 10)
        try activate([dWidth, d.topAnchor.constraint(equalTo: root.topAnchor), d.heightAnchor.constraint(equalToConstant: 10)])
        try root.layoutIfNeeded()
        XCTAssertTrue(try d.constraintsAffectingLayout(for: .horizontal).elementsEqual([dWidth], by: ===))
        // No view's list holds the root's origin, whatever it is pinned to.
        for item in [root, a, b, c, d] as [LayoutItem] + [root.layoutMarginsGuide, root.safeAreaLayoutGuide] {
            for axis in Axis.allCases {
                let list = try item.constraintsAffectingLayout(for: axis)
                XCTAssertFalse(list.contains { $0.identifier.hasPrefix("Tether-Root-Min") },
                               "\(item) \(axis): " + list.map(\.description).joined(separator: "\n"))
            }
        }
    }

    func testLayoutMarginsGuideConstraintsAreDescribedAsApplesAre() throws {
        let s = try Scene()
        try activate([s.a.leadingAnchor.constraint(equalTo: s.root.layoutMarginsGuide.leadingAnchor),
                      s.a.topAnchor.constraint(equalTo: s.root.layoutMarginsGuide.topAnchor),
                      s.a.widthAnchor.constraint(equalToConstant: 10), s.a.heightAnchor.constraint(equalToConstant: 10)])
        let list = try s.a.constraintsAffectingLayout(for: .horizontal).map(\.bodyDescription)
        let g = "LayoutGuide:0x100000005'UIViewLayoutMarginsGuide'"
        XCTAssertEqual(list, ["'UIView-leftMargin-guide-constraint' H:|-(8)-[\(g)](LTR)",
                              "\(s.a.debugName).leading == \(g).leading",
                              "H:[View:0x100000002'a'(10)]"])
    }

    func testConflictReportGolden() throws {
        let s = try Scene()
        var messages: [String] = []
        s.engine.diagnosticHandler = { messages.append($0) }
        let keep = try s.a.widthAnchor.constraint(equalToConstant: 100)
        let clash = try s.a.widthAnchor.constraint(equalToConstant: 200)
        clash.identifier = "too-wide"
        try activate([keep, s.a.leftAnchor.constraint(equalTo: s.root.leftAnchor),
                      s.a.topAnchor.constraint(equalTo: s.root.topAnchor), s.a.heightAnchor.constraint(equalToConstant: 1)])
        try activate([clash])
        try s.root.layoutIfNeeded()
        XCTAssertEqual(messages, ["""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. Try this: (1) look at each constraint and try to figure out which you don't expect; (2) find the code that added the unwanted constraint or constraints and fix it. (Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) 
            (
                "<NSLayoutConstraint:0x140000001 H:[View:0x100000002'a'(100)]   (active)>",
                "<NSLayoutConstraint:0x140000002 'too-wide' H:[View:0x100000002'a'(200)]   (active)>"
            )

            Will attempt to recover by breaking constraint 
            <NSLayoutConstraint:0x140000002 'too-wide' H:[View:0x100000002'a'(200)]   (active)>
            """])
        XCTAssertTrue(clash.isBroken)
        // The broken constraint is still listed among those affecting nothing: it is not enforced.
        XCTAssertFalse(try s.a.constraintsAffectingLayout(for: .horizontal).contains { $0 === clash })
    }

    func testConflictWithAGeneratedConstraintNamesIt() throws {
        let s = try Scene()
        var messages: [String] = []
        s.engine.diagnosticHandler = { messages.append($0) }
        let t = try s.engine.makeView(frame: Rect(x: 0, y: 0, width: 80, height: 40))
        try s.root.addSubview(t)
        try activate([try t.widthAnchor.constraint(equalToConstant: 90), s.a.widthAnchor.constraint(equalToConstant: 1)])
        try s.root.layoutIfNeeded()
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages[0].contains("\"<NSAutoresizingMaskLayoutConstraint:0x"), messages[0])
        XCTAssertTrue(messages[0].contains("h=--& v=--& View:0x100000005.width == 80   (active)>\""), messages[0])
        XCTAssertTrue(messages[0].hasSuffix("\n<NSLayoutConstraint:0x140000001 H:[View:0x100000005(90)]   (active)>"), messages[0])
    }

    func testAutolayoutTrace() throws {
        let s = try Scene()
        let t = try s.engine.makeView(frame: Rect(x: 0, y: 0, width: 80, height: 40))  // 0x100000005, translating
        let free = try s.engine.makeView()  // 0x100000006: not constrained, not translating
        free.translatesAutoresizingMaskIntoConstraints = false
        try s.root.addSubview(t)
        try s.root.addSubview(free)
        let guide = s.engine.makeLayoutGuide()  // 0x100000007
        guide.identifier = "spacer"
        try s.root.addLayoutGuide(guide)
        try activate([
            s.a.leadingAnchor.constraint(equalTo: s.root.leadingAnchor), s.a.topAnchor.constraint(equalTo: s.root.topAnchor),
            s.a.widthAnchor.constraint(equalToConstant: 100), s.a.heightAnchor.constraint(equalToConstant: 50),
            // b has a width and a top, but no x: ambiguous.
            s.b.widthAnchor.constraint(equalToConstant: 10), s.b.heightAnchor.constraint(equalToConstant: 10),
            s.b.topAnchor.constraint(equalTo: s.a.bottomAnchor),
            guide.leadingAnchor.constraint(equalTo: s.a.trailingAnchor), guide.trailingAnchor.constraint(equalTo: s.root.trailingAnchor),
            guide.topAnchor.constraint(equalTo: s.root.topAnchor), guide.heightAnchor.constraint(equalToConstant: 1),
        ])
        XCTAssertEqual(try s.root.autolayoutTrace(), """

            Legend:
            \t* - is laid out with auto layout
            \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
            \t• - layout engine host
            •View:0x100000001'root'
            |   *LayoutGuide:0x100000007'spacer'
            |   *View:0x100000002'a'
            |   |   View:0x100000004
            |   *View:0x100000003'b'- AMBIGUOUS LAYOUT for View:0x100000003'b'.minX{range: [-inf, inf]}
            |   +View:0x100000005
            |   View:0x100000006

            """)
        XCTAssertEqual(try s.a.autolayoutTrace().split(separator: "\n").last, "|   View:0x100000004")
    }
}
