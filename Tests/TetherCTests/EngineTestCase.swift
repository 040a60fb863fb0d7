import CTether
import TetherC
import XCTest

/// The base of the test cases that drive engines through the C functions only: it makes
/// engines, views and constraints, activates and lays out, reads frames, and frees every engine
/// it made when the test ends.
class EngineTestCase: XCTestCase {
    private var engines: [OpaquePointer] = []

    override func tearDown() {
        for e in engines { XCTAssertEqual(tether_engine_free(e), TETHER_OK) }
        engines = []
    }

    func lastError() -> String { String(cString: tether_last_error()) }

    func makeEngine() -> OpaquePointer {
        var e: OpaquePointer?
        XCTAssertEqual(tether_engine_new(&e), TETHER_OK)
        engines.append(e!)
        return e!
    }

    /// A view with `frame`; in `parent` (when given), with autoresizing translation `translates`.
    func makeView(_ e: OpaquePointer, _ frame: tether_rect = tether_rect(x: 0, y: 0, width: 0, height: 0),
                  in parent: tether_view? = nil, translates: Bool = false,
                  file: StaticString = #filePath, line: UInt = #line) -> tether_view {
        var v: tether_view = 0
        XCTAssertEqual(tether_view_new(e, frame, &v), TETHER_OK, lastError(), file: file, line: line)
        if let parent {
            XCTAssertEqual(tether_view_add_subview(e, parent, v), TETHER_OK, lastError(), file: file, line: line)
            XCTAssertEqual(tether_view_set_translates_autoresizing_mask(e, v, translates ? 1 : 0), TETHER_OK,
                           file: file, line: line)
        }
        return v
    }

    /// A new constraint `i1.a1 relation i2.a2 × multiplier + constant` at `priority` (not active).
    func constraint(_ e: OpaquePointer, _ i1: tether_item, _ a1: tether_attribute,
                    _ relation: tether_relation = TETHER_RELATION_EQUAL, _ i2: tether_item = 0,
                    _ a2: tether_attribute = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, multiplier: Double = 1,
                    constant: Double = 0, priority: Float = TETHER_LAYOUT_PRIORITY_REQUIRED,
                    file: StaticString = #filePath, line: UInt = #line) -> tether_layout_constraint {
        var c: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, i1, a1, relation, i2, a2, multiplier, constant, priority, &c),
                       TETHER_OK, lastError(), file: file, line: line)
        return c
    }

    /// Activates `constraints` in one call, naming the index of the one that failed.
    func activate(_ e: OpaquePointer, _ constraints: [tether_layout_constraint],
                  file: StaticString = #filePath, line: UInt = #line) {
        var failed = -1
        XCTAssertEqual(tether_layout_constraint_activate(e, constraints, constraints.count, &failed), TETHER_OK,
                       "\(lastError()) (index \(failed))", file: file, line: line)
    }

    /// The frame of view `v` (NaNs when the call fails).
    func frame(_ e: OpaquePointer, _ v: tether_view) -> tether_rect {
        var r = tether_rect(x: .nan, y: .nan, width: .nan, height: .nan)
        XCTAssertEqual(tether_view_frame(e, v, &r), TETHER_OK, lastError())
        return r
    }

    /// Lays out the root of view `v`.
    func layout(_ e: OpaquePointer, _ v: tether_view, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(tether_view_layout_if_needed(e, v), TETHER_OK, lastError(), file: file, line: line)
    }
}
