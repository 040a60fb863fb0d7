import CTether
import TetherC
import XCTest

/// The base of the test cases that drive engines through the C functions only: it makes
/// engines and views, and frees every engine it made when the test ends.
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
}
