import CTether
import TetherC
import XCTest

/// Stack views through the C functions of Include/tether.h only (the error paths are in
/// Tests/c/test_error_paths.c).
final class StackViewCABITests: XCTestCase {
    private var engine: OpaquePointer!

    override func setUp() {
        var e: OpaquePointer?
        XCTAssertEqual(tether_engine_new(&e), TETHER_OK)
        engine = e
    }

    override func tearDown() {
        XCTAssertEqual(tether_engine_free(engine), TETHER_OK)
    }

    private func lastError() -> String { String(cString: tether_last_error()) }

    private func view(width: Double, height: Double) -> tether_view {
        var v: tether_view = 0
        XCTAssertEqual(tether_view_new(engine, tether_rect(x: 0, y: 0, width: 0, height: 0), &v), TETHER_OK)
        XCTAssertEqual(tether_view_set_intrinsic_content_size(engine, v, tether_size(width: width, height: height)),
                       TETHER_OK)
        return v
    }

    private func assertFrame(_ v: tether_view, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        var r = tether_rect(x: .nan, y: .nan, width: .nan, height: .nan)
        XCTAssertEqual(tether_view_frame(engine, v, &r), TETHER_OK, lastError(), file: file, line: line)
        for (got, want, name) in [(r.x, x, "x"), (r.y, y, "y"), (r.width, w, "width"), (r.height, h, "height")] {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(name) of view \(v): \(r)", file: file, line: line)
        }
    }

    private func arrangementConstraints(_ stack: tether_view) -> [tether_layout_constraint] {
        var needed = 0
        let first = tether_stack_view_arrangement_constraints(engine, stack, nil, 0, &needed)
        XCTAssertTrue(first == TETHER_OK || first == TETHER_E_BUFFER_TOO_SMALL, lastError())
        var ids = [tether_layout_constraint](repeating: 0, count: needed)
        XCTAssertEqual(tether_stack_view_arrangement_constraints(engine, stack, &ids, needed, &needed), TETHER_OK)
        return ids
    }

    private func identifier(_ c: tether_layout_constraint) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        XCTAssertEqual(tether_layout_constraint_identifier(engine, c, &buffer, buffer.count, nil), TETHER_OK)
        return String(cString: buffer)
    }

    func testAColumnWithEqualSpacingAndCenteredViews() {
        var stack: tether_view = 0
        XCTAssertEqual(tether_stack_view_new(engine, tether_rect(x: 0, y: 0, width: 100, height: 300), &stack), TETHER_OK)
        XCTAssertEqual(tether_stack_view_set_axis(engine, stack, TETHER_AXIS_VERTICAL), TETHER_OK)
        XCTAssertEqual(tether_stack_view_set_distribution(engine, stack, TETHER_STACK_DISTRIBUTION_EQUAL_SPACING), TETHER_OK)
        XCTAssertEqual(tether_stack_view_set_alignment(engine, stack, TETHER_STACK_ALIGNMENT_CENTER), TETHER_OK)
        XCTAssertEqual(tether_stack_view_set_spacing(engine, stack, 10), TETHER_OK)
        let a = view(width: 40, height: 50), b = view(width: 20, height: 30)
        XCTAssertEqual(tether_stack_view_add_arranged_subview(engine, stack, b), TETHER_OK)
        XCTAssertEqual(tether_stack_view_insert_arranged_subview(engine, stack, a, 0), TETHER_OK)
        var translates: Int32 = -1
        XCTAssertEqual(tether_view_translates_autoresizing_mask(engine, a, &translates), TETHER_OK)
        XCTAssertEqual(translates, 0)
        var arranged = [tether_view](repeating: 0, count: 2)
        var count = 0
        XCTAssertEqual(tether_stack_view_arranged_subviews(engine, stack, &arranged, 2, &count), TETHER_OK)
        XCTAssertEqual(arranged, [a, b])

        XCTAssertEqual(tether_view_layout_if_needed(engine, stack), TETHER_OK, lastError())
        // 300 - 80 = 220 between them; centered in the 100-wide column.
        assertFrame(a, 30, 0, 40, 50)
        assertFrame(b, 40, 270, 20, 30)

        // The gap guide: owned by the stack, a system guide.
        let list = arrangementConstraints(stack)
        let edge = list.first { identifier($0) == "UISV-distributing-edge" }!
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(engine, edge, &info), TETHER_OK)
        var owner: tether_view = 0
        XCTAssertEqual(tether_guide_owning_view(engine, info.first_item, &owner), TETHER_OK)
        XCTAssertEqual(owner, stack)
        var gap = tether_rect()
        XCTAssertEqual(tether_guide_layout_frame(engine, info.first_item, &gap), TETHER_OK)
        XCTAssertEqual(gap.y, 50)
        XCTAssertEqual(gap.height, 220)
        XCTAssertEqual(tether_guide_free(engine, info.first_item), TETHER_E_INVALID_STATE)

        // Hiding a: b alone runs the length of the column.
        XCTAssertEqual(tether_view_set_hidden(engine, a, 1), TETHER_OK)
        var hidden: Int32 = -1
        XCTAssertEqual(tether_view_is_hidden(engine, a, &hidden), TETHER_OK)
        XCTAssertEqual(hidden, 1)
        XCTAssertEqual(tether_view_layout_if_needed(engine, stack), TETHER_OK, lastError())
        assertFrame(a, 30, 0, 40, 0)
        assertFrame(b, 40, 0, 20, 300)
        XCTAssertEqual(tether_guide_layout_frame(engine, info.first_item, &gap), TETHER_E_INVALID_ID,
                       "the gap guide is freed once no gap needs it")
    }

    func testCustomSpacingAndTheWrongKindOfView() {
        var stack: tether_view = 0
        XCTAssertEqual(tether_stack_view_new(engine, tether_rect(x: 0, y: 0, width: 200, height: 40), &stack), TETHER_OK)
        let a = view(width: 50, height: 10), b = view(width: 30, height: 10)
        XCTAssertEqual(tether_stack_view_add_arranged_subview(engine, stack, a), TETHER_OK)
        XCTAssertEqual(tether_stack_view_add_arranged_subview(engine, stack, b), TETHER_OK)
        XCTAssertEqual(tether_stack_view_set_custom_spacing(engine, stack, 15, a), TETHER_OK)
        var spacing = 0.0
        XCTAssertEqual(tether_stack_view_custom_spacing(engine, stack, a, &spacing), TETHER_OK)
        XCTAssertEqual(spacing, 15)
        XCTAssertEqual(tether_stack_view_custom_spacing(engine, stack, b, &spacing), TETHER_OK)
        XCTAssertEqual(spacing, TETHER_STACK_SPACING_USE_DEFAULT)
        XCTAssertEqual(tether_view_layout_if_needed(engine, stack), TETHER_OK, lastError())
        // a takes 200 - 15 - 30 = 155.
        assertFrame(a, 0, 0, 155, 40)
        assertFrame(b, 170, 0, 30, 40)

        // A plain view is not a stack view; nothing changes.
        var axis: tether_axis = -1
        XCTAssertEqual(tether_stack_view_axis(engine, a, &axis), TETHER_E_INVALID_ID)
        XCTAssertTrue(lastError().contains("not a stack view"), lastError())
        XCTAssertEqual(axis, -1)
        XCTAssertEqual(tether_stack_view_add_arranged_subview(engine, a, b), TETHER_E_INVALID_ID)
        var superview: tether_view = 0
        XCTAssertEqual(tether_view_superview(engine, b, &superview), TETHER_OK)
        XCTAssertEqual(superview, stack)
        // Every view function takes a stack view.
        var description = [CChar](repeating: 0, count: 128)
        XCTAssertEqual(tether_item_description(engine, stack, &description, description.count, nil), TETHER_OK)
        XCTAssertTrue(String(cString: description).hasPrefix("<StackView: 0x"))
    }
}
