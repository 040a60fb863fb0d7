#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether
import TetherC
import XCTest

/// The Visual Format Language and the ambiguity checks, through the C functions of
/// Include/tether.h only.
final class VisualFormatAmbiguityCABITests: EngineTestCase {
    private func assertFrame(_ e: OpaquePointer, _ v: tether_view, _ x: Double, _ y: Double, _ w: Double,
                             _ h: Double, file: StaticString = #filePath, line: UInt = #line) {
        let r = frame(e, v)
        XCTAssertEqual([r.x, r.y, r.width, r.height], [x, y, w, h], file: file, line: line)
    }

    /// The result of one call of tether_layout_constraints_with_visual_format.
    struct VFLResult {
        var status: tether_status
        var ids: [tether_layout_constraint]
        var needed: Int
        var position: Int
        var message: String
    }

    /// Calls the C function with C arrays made from the Swift tables.
    private func vfl(_ e: OpaquePointer?, _ format: String?, options: tether_format_options = 0,
                     metrics: [(String, Double)] = [], views: [(String, tether_item)],
                     capacity: Int = 32, nullOut: Bool = false) -> VFLResult {
        let metricNames: [UnsafePointer<CChar>?] = metrics.map { UnsafePointer(strdup($0.0)) }
        let viewNames: [UnsafePointer<CChar>?] = views.map { UnsafePointer(strdup($0.0)) }
        let formatCopy: UnsafePointer<CChar>? = format.map { UnsafePointer(strdup($0)) }
        defer {
            for p in metricNames + viewNames + [formatCopy] { free(UnsafeMutablePointer(mutating: p)) }
        }
        let metricValues = metrics.map(\.1)
        let items = views.map(\.1)
        var out = [tether_layout_constraint](repeating: 0, count: Swift.max(capacity, 1))
        var needed = -1
        var position = -1
        let status: tether_status = metricNames.withUnsafeBufferPointer { mn in
            viewNames.withUnsafeBufferPointer { vn in
                metricValues.withUnsafeBufferPointer { mv in
                    items.withUnsafeBufferPointer { it in
                        out.withUnsafeMutableBufferPointer { o in
                            tether_layout_constraints_with_visual_format(
                                e, formatCopy, options, mn.baseAddress, mv.baseAddress, metrics.count,
                                vn.baseAddress, it.baseAddress, views.count,
                                nullOut ? nil : o.baseAddress, capacity, &needed, &position)
                        }
                    }
                }
            }
        }
        let message = status == TETHER_OK ? "" : lastError()
        let count = status == TETHER_OK ? needed : 0
        return VFLResult(status: status, ids: Array(out.prefix(Swift.max(0, count))), needed: needed,
                         position: position, message: message)
    }

    private func info(_ e: OpaquePointer, _ k: tether_layout_constraint) -> tether_layout_constraint_info {
        var i = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, k, &i), TETHER_OK, lastError())
        return i
    }

    // MARK: Visual format

    func testScreenWrittenInVisualFormat() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 400, height: 800))
        let header = makeView(e, in: root), content = makeView(e, in: root), footer = makeView(e, in: root)
        let views: [(String, tether_item)] = [("header", header), ("content", content), ("footer", footer)]
        let metrics: [(String, Double)] = [("headerHeight", 64), ("footerHeight", 50)]
        var all: [tether_layout_constraint] = []
        for format in ["H:|[header]|", "H:|-[content]-|", "H:|-[footer]-|",
                       "V:|[header(headerHeight)]-[content]-[footer(footerHeight)]|"] {
            let r = vfl(e, format, metrics: metrics, views: views)
            XCTAssertEqual(r.status, TETHER_OK, "\(format): \(lastError())")
            XCTAssertEqual(r.ids.count, r.needed)
            XCTAssertFalse(r.ids.isEmpty)
            for k in r.ids { XCTAssertEqual(info(e, k).is_active, 0, "made inactive") }
            all += r.ids
        }
        XCTAssertEqual(all.count, 2 + 2 + 2 + 6)
        activate(e, all)
        layout(e, root)
        assertFrame(e, header, 0, 0, 400, 64)
        // `|-` is the standard superview spacing (20), `-` between siblings 8.
        assertFrame(e, content, 20, 72, 360, 800 - 64 - 50 - 16)
        assertFrame(e, footer, 20, 750, 360, 50)

        // The first constraint of "H:|[header]|" is header.leading == root.leading (Apple's order).
        var needed = 0
        var buffer = [CChar](repeating: 0, count: 256)
        XCTAssertEqual(tether_layout_constraint_description(e, all[0], &buffer, 256, &needed), TETHER_OK)
        let i = info(e, all[0])
        XCTAssertEqual(i.first_item, header)
        XCTAssertEqual(i.first_attribute, TETHER_ATTRIBUTE_LEADING)
        XCTAssertEqual(i.second_item, root)
    }

    func testSuperviewSpacingUsesLayoutMarginsSetting() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root)
        var on: Int32 = -1
        XCTAssertEqual(tether_engine_superview_spacing_uses_layout_margins(e, &on), TETHER_OK)
        XCTAssertEqual(on, 0, "AppKit's 20 points by default")
        let before = vfl(e, "H:|-[a]", views: [("a", a)])
        XCTAssertEqual(info(e, before.ids[0]).second_attribute, TETHER_ATTRIBUTE_LEADING)
        XCTAssertEqual(info(e, before.ids[0]).constant, 20)

        XCTAssertEqual(tether_engine_set_superview_spacing_uses_layout_margins(e, 1), TETHER_OK, lastError())
        XCTAssertEqual(tether_engine_superview_spacing_uses_layout_margins(e, &on), TETHER_OK)
        XCTAssertEqual(on, 1)
        XCTAssertEqual(tether_engine_set_superview_spacing_uses_layout_margins(e, 2), TETHER_E_INVALID_ARGUMENT)
        // UIKit's form: a.leading == root.leadingMargin, root.trailingMargin == a.trailing.
        let made = vfl(e, "H:|-[a]-|", views: [("a", a)])
        XCTAssertEqual(made.status, TETHER_OK, made.message)
        let lead = info(e, made.ids[0]), trail = info(e, made.ids[1])
        XCTAssertEqual([lead.first_item, lead.second_item], [a, root])
        XCTAssertEqual(lead.second_attribute, TETHER_ATTRIBUTE_LEADING_MARGIN)
        XCTAssertEqual(lead.constant, 0)
        XCTAssertEqual([trail.first_item, trail.second_item], [root, a])
        XCTAssertEqual(trail.first_attribute, TETHER_ATTRIBUTE_TRAILING_MARGIN)
        let height = vfl(e, "V:|[a(10)]", views: [("a", a)])
        activate(e, made.ids + height.ids)
        layout(e, root)
        assertFrame(e, a, 8, 0, 284, 10)
    }

    func testOptionsAlignAndDirection() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root), b = makeView(e, in: root)
        let views: [(String, tether_item)] = [("a", a), ("b", b)]
        var all: [tether_layout_constraint] = []
        let r1 = vfl(e, "H:|-10-[a(50)]-[b(60)]", options: TETHER_FORMAT_ALIGN_ALL_TOP | TETHER_FORMAT_DIRECTION_LEFT_TO_RIGHT,
                     views: views)
        XCTAssertEqual(r1.status, TETHER_OK, r1.message)
        // 1 + 1 (a) + 1 + 1 (b) + the alignment a.top == b.top (Apple's order: earlier view first).
        XCTAssertEqual(r1.needed, 5)
        let last = info(e, r1.ids[4])
        XCTAssertEqual(last.first_item, a)
        XCTAssertEqual(last.first_attribute, TETHER_ATTRIBUTE_TOP)
        XCTAssertEqual(last.second_item, b)
        XCTAssertEqual(last.second_attribute, TETHER_ATTRIBUTE_TOP)
        all += r1.ids
        let r2 = vfl(e, "V:|-(top)-[a(20)]", metrics: [("top", 30)], views: views)
        XCTAssertEqual(r2.status, TETHER_OK, r2.message)
        all += r2.ids
        let r3 = vfl(e, "V:[b(20)]", views: views)
        all += r3.ids
        activate(e, all)
        layout(e, root)
        assertFrame(e, a, 10, 30, 50, 20)
        assertFrame(e, b, 68, 30, 60, 20)

        // A view alone makes no constraint: TETHER_OK, needed 0, `out` may be NULL.
        let none = vfl(e, "H:[a]", views: views, capacity: 0, nullOut: true)
        XCTAssertEqual(none.status, TETHER_OK, none.message)
        XCTAssertEqual(none.needed, 0)
        // Options Apple rejects are a parse error.
        let bad = vfl(e, "H:[a]-[b]", options: TETHER_FORMAT_ALIGN_ALL_LEFT, views: views)
        XCTAssertEqual(bad.status, TETHER_E_PARSE)
        XCTAssertTrue(bad.message.hasPrefix("Unable to parse constraint format:"), bad.message)
        XCTAssertEqual(TETHER_FORMAT_ALIGN_ALL_CENTER_Y, 1 << 10)
        XCTAssertEqual(TETHER_FORMAT_SPACING_BASELINE_TO_BASELINE, 1 << 19)
    }

    func testParseErrorReportsPositionAndApplesMessage() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root)
        let r = vfl(e, "H:|-[a]-[missing]-|", views: [("a", a)])
        XCTAssertEqual(r.status, TETHER_E_PARSE)
        // Apple puts the caret just after the unknown name.
        XCTAssertEqual(r.position, 16)
        XCTAssertEqual(r.message, "Unable to parse constraint format: \nmissing is not a key in the views dictionary.\n"
                       + "H:|-[a]-[missing]-|\n" + String(repeating: " ", count: 16) + "^")
        XCTAssertEqual(r.needed, -1, "needed is not written on a parse error")
        XCTAssertEqual(String(cString: tether_status_name(TETHER_E_PARSE)), "TETHER_E_PARSE")

        // The position pointer may be NULL.
        let status = "V:[a(".withCString { f in
            [a].withUnsafeBufferPointer { items in
                let name = UnsafePointer(strdup("a"))
                defer { free(UnsafeMutablePointer(mutating: name)) }
                return [name].withUnsafeBufferPointer { names in
                    tether_layout_constraints_with_visual_format(e, f, 0, nil, nil, 0, names.baseAddress,
                                                                 items.baseAddress, 1, nil, 0, nil, nil)
                }
            }
        }
        XCTAssertEqual(status, TETHER_E_PARSE)

        // The empty format: just the reason.
        let empty = vfl(e, "", views: [("a", a)])
        XCTAssertEqual(empty.status, TETHER_E_PARSE)
        XCTAssertEqual(empty.position, 0)
        XCTAssertEqual(empty.message, "It's an empty string.")
    }

    func testTwoCallPatternFreesWhatItMadeWhenTooSmall() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root), b = makeView(e, in: root)
        let views: [(String, tether_item)] = [("a", a), ("b", b)]
        let small = vfl(e, "H:|-[a]-[b]-|", views: views, capacity: 2)
        XCTAssertEqual(small.status, TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(small.needed, 3)
        // Capacity 0 with a NULL buffer: still BUFFER_TOO_SMALL (whatever the buffer).
        let zero = vfl(e, "H:|-[a]-[b]-|", views: views, capacity: 0, nullOut: true)
        XCTAssertEqual(zero.status, TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(zero.needed, 3)
        // Large enough but NULL: NULL_ARGUMENT.
        let null = vfl(e, "H:|-[a]-[b]-|", views: views, capacity: 3, nullOut: true)
        XCTAssertEqual(null.status, TETHER_E_NULL_ARGUMENT)
        let exact = vfl(e, "H:|-[a]-[b]-|", views: views, capacity: 3)
        XCTAssertEqual(exact.status, TETHER_OK, exact.message)
        XCTAssertEqual(exact.ids.count, 3)
        // The failed calls made nothing that survived: the new ids reuse the freed slots, and
        // the ids of the first call are dead.
        let firstTry = vfl(e, "H:|-[a]", views: views, capacity: 0)
        XCTAssertEqual(firstTry.needed, 1)
        var k: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, a, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                                    TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 5, 1000, &k), TETHER_OK)
        // Slots: the three of `exact` and k, freed ones reused; k's slot is at most 4.
        XCTAssertLessThanOrEqual(k & 0x3FFF_FFFF, 5, "constraints of failed calls were not freed")
    }

    func testBadInputs() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root)
        var freed: tether_view = 0
        XCTAssertEqual(tether_view_new(e, tether_rect(x: 0, y: 0, width: 1, height: 1), &freed), TETHER_OK)
        XCTAssertEqual(tether_view_free(e, freed), TETHER_OK)

        XCTAssertEqual(vfl(nil, "H:[a]", views: [("a", a)]).status, TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(vfl(e, nil, views: [("a", a)]).status, TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(vfl(e, "H:|[a]|", views: [("a", UInt64.max)]).status, TETHER_E_INVALID_ID)
        XCTAssertEqual(vfl(e, "H:|[a]|", views: [("a", freed)]).status, TETHER_E_INVALID_ID)
        XCTAssertEqual(vfl(e, "H:|[a]|", views: [("a", 0)]).status, TETHER_E_INVALID_ID)
        let dup = vfl(e, "H:|[a]|", views: [("a", a), ("a", root)])
        XCTAssertEqual(dup.status, TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(dup.message.contains("more than once"), dup.message)
        XCTAssertEqual(vfl(e, "H:|-(m)-[a]|", metrics: [("m", .nan)], views: [("a", a)]).status,
                       TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(vfl(e, "H:|-(m)-[a]|", metrics: [("m", .infinity)], views: [("a", a)]).status,
                       TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(vfl(e, "H:|-(m)-[a]|", metrics: [("m", 1), ("m", 2)], views: [("a", a)]).status,
                       TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(vfl(e, "H:|[\u{FF}]|", views: [("a", a)]).status, TETHER_E_PARSE)

        // Invalid UTF-8 in the format and in a name.
        let badBytes: [CChar] = [CChar(bitPattern: 0xFF), 0]
        let item = [a]
        let status = badBytes.withUnsafeBufferPointer { f in
            item.withUnsafeBufferPointer { it in
                let name = UnsafePointer(strdup("a"))
                defer { free(UnsafeMutablePointer(mutating: name)) }
                return [name].withUnsafeBufferPointer { n in
                    tether_layout_constraints_with_visual_format(e, f.baseAddress, 0, nil, nil, 0, n.baseAddress,
                                                                 it.baseAddress, 1, nil, 0, nil, nil)
                }
            }
        }
        XCTAssertEqual(status, TETHER_E_INVALID_UTF8)
        let status2 = "H:|[a]|".withCString { f in
            item.withUnsafeBufferPointer { it in
                badBytes.withUnsafeBufferPointer { badName in
                    [badName.baseAddress].withUnsafeBufferPointer { n in
                        tether_layout_constraints_with_visual_format(e, f, 0, nil, nil, 0, n.baseAddress,
                                                                     it.baseAddress, 1, nil, 0, nil, nil)
                    }
                }
            }
        }
        XCTAssertEqual(status2, TETHER_E_INVALID_UTF8)
        // NULL tables with a non-zero count, and a NULL name.
        let status3 = "H:|[a]|".withCString { f in
            tether_layout_constraints_with_visual_format(e, f, 0, nil, nil, 0, nil, nil, 1, nil, 0, nil, nil)
        }
        XCTAssertEqual(status3, TETHER_E_NULL_ARGUMENT)
        let status4 = "H:|[a]|".withCString { f in
            item.withUnsafeBufferPointer { it in
                [UnsafePointer<CChar>?.none].withUnsafeBufferPointer { n in
                    tether_layout_constraints_with_visual_format(e, f, 0, nil, nil, 0, n.baseAddress,
                                                                 it.baseAddress, 1, nil, 0, nil, nil)
                }
            }
        }
        XCTAssertEqual(status4, TETHER_E_NULL_ARGUMENT)
        // The engine still works.
        let ok = vfl(e, "H:|-[a]-|", views: [("a", a)])
        XCTAssertEqual(ok.status, TETHER_OK, ok.message)
    }

    // MARK: Ambiguity

    /// a and b share a 300-point row (20 + a + 10 + b + 20); the split between them is free.
    private func ambiguousRow(_ e: OpaquePointer) -> (root: tether_view, a: tether_view, b: tether_view,
                                                     extra: [tether_layout_constraint]) {
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root), b = makeView(e, in: root)
        let views: [(String, tether_item)] = [("a", a), ("b", b)]
        var ids: [tether_layout_constraint] = []
        for f in ["H:|-20-[a(>=0)]-10-[b(>=0)]-20-|", "V:|[a(10)]", "V:|[b(10)]"] {
            let r = vfl(e, f, views: views)
            XCTAssertEqual(r.status, TETHER_OK, r.message)
            ids += r.ids
        }
        activate(e, ids)
        let equal = vfl(e, "H:[a(==b)]", views: views)
        XCTAssertEqual(equal.status, TETHER_OK, equal.message)
        return (root, a, b, equal.ids)
    }

    private func ambiguities(_ e: OpaquePointer, _ item: tether_item) -> [tether_ambiguity] {
        var needed = -1
        XCTAssertEqual(tether_item_ambiguities(e, item, nil, 0, &needed) == TETHER_OK ? TETHER_OK : TETHER_E_BUFFER_TOO_SMALL,
                       needed == 0 ? TETHER_OK : TETHER_E_BUFFER_TOO_SMALL)
        var out = [tether_ambiguity](repeating: tether_ambiguity(), count: Swift.max(needed, 0))
        if needed > 0 {
            XCTAssertEqual(tether_item_ambiguities(e, item, &out, needed, &needed), TETHER_OK, lastError())
        }
        return out
    }

    private func hasAmbiguousLayout(_ e: OpaquePointer, _ item: tether_item) -> Bool {
        var out: Int32 = -1
        XCTAssertEqual(tether_item_has_ambiguous_layout(e, item, &out), TETHER_OK, lastError())
        XCTAssertTrue(out == 0 || out == 1)
        return out == 1
    }

    func testAmbiguityDetectedThroughC() {
        let e = makeEngine()
        let (root, a, b, _) = ambiguousRow(e)
        XCTAssertTrue(hasAmbiguousLayout(e, a))
        XCTAssertTrue(hasAmbiguousLayout(e, b))
        XCTAssertFalse(hasAmbiguousLayout(e, root))
        let forA = ambiguities(e, a)
        XCTAssertEqual(forA.count, 1)
        XCTAssertEqual(forA.first?.attribute, TETHER_ATTRIBUTE_WIDTH)
        XCTAssertEqual(forA.first?.axis, TETHER_AXIS_HORIZONTAL)
        XCTAssertEqual(forA.first?.lower ?? .nan, 0, accuracy: 1e-9)
        XCTAssertEqual(forA.first?.upper ?? .nan, 250, accuracy: 1e-9)
        XCTAssertEqual(ambiguities(e, b).map(\.attribute), [TETHER_ATTRIBUTE_LEFT, TETHER_ATTRIBUTE_WIDTH])
        XCTAssertEqual(ambiguities(e, root).count, 0)

        // Two-call pattern.
        var needed = -1
        var one = [tether_ambiguity](repeating: tether_ambiguity(), count: 1)
        XCTAssertEqual(tether_item_ambiguities(e, b, &one, 1, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 2)
        needed = -1
        XCTAssertEqual(tether_item_ambiguities(e, b, nil, 2, &needed), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(needed, -1)
        // Root: nothing ambiguous, NULL buffer allowed.
        XCTAssertEqual(tether_item_ambiguities(e, root, nil, 0, &needed), TETHER_OK)
        XCTAssertEqual(needed, 0)

        // An unconstrained guide: y, width and height are free, with unbounded ranges.
        var guide: tether_guide = 0
        XCTAssertEqual(tether_guide_new(e, &guide), TETHER_OK)
        XCTAssertEqual(tether_view_add_layout_guide(e, root, guide), TETHER_OK)
        var k: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, guide, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root,
                                                    TETHER_ATTRIBUTE_LEFT, 1, 0, 1000, &k), TETHER_OK)
        activate(e, [k])
        let g = ambiguities(e, guide)
        XCTAssertEqual(g.map(\.attribute), [TETHER_ATTRIBUTE_TOP, TETHER_ATTRIBUTE_WIDTH, TETHER_ATTRIBUTE_HEIGHT])
        XCTAssertEqual(g.map(\.axis), [TETHER_AXIS_VERTICAL, TETHER_AXIS_HORIZONTAL, TETHER_AXIS_VERTICAL])
        XCTAssertEqual(g.first?.lower, -.infinity)
        XCTAssertEqual(g.first?.upper, .infinity)
    }

    func testAmbiguityResolvedAndExercisedThroughC() {
        let e = makeEngine()
        let (root, a, b, equal) = ambiguousRow(e)
        layout(e, root)
        let before = frame(e, a)
        var moved: Int32 = -1
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(e, a, &moved), TETHER_OK, lastError())
        XCTAssertEqual(moved, 1)
        let after = frame(e, a), afterB = frame(e, b)
        XCTAssertNotEqual(after.width, before.width)
        XCTAssertEqual(20 + after.width + 10 + afterB.width + 20, 300, accuracy: 1e-9)
        moved = -1
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(e, root, &moved), TETHER_OK)
        XCTAssertEqual(moved, 0)
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(e, a, nil), TETHER_OK, "moved may be NULL")

        // Resolving: a.width == b.width.
        activate(e, equal)
        XCTAssertFalse(hasAmbiguousLayout(e, a))
        XCTAssertFalse(hasAmbiguousLayout(e, b))
        assertFrame(e, a, 20, 0, 125, 10)
        assertFrame(e, b, 155, 0, 125, 10)
        moved = -1
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(e, a, &moved), TETHER_OK)
        XCTAssertEqual(moved, 0)
        assertFrame(e, a, 20, 0, 125, 10)
    }

    func testAmbiguityBadInputs() {
        let e = makeEngine()
        let (_, a, _, _) = ambiguousRow(e)
        var guide: tether_guide = 0
        XCTAssertEqual(tether_guide_new(e, &guide), TETHER_OK)
        var out: Int32 = -1
        var needed = -1
        XCTAssertEqual(tether_item_has_ambiguous_layout(nil, a, &out), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_item_has_ambiguous_layout(e, a, nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_item_has_ambiguous_layout(e, 0, &out), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_item_ambiguities(e, UInt64.max, nil, 0, &needed), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(e, guide, &out), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_exercise_ambiguity_in_layout(nil, a, &out), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(out, -1)
        XCTAssertEqual(needed, -1)
    }
}
