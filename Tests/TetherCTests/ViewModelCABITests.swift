import CTether
import TetherC
import XCTest

/// What the C callbacks of these tests record, reached through their `context` pointer.
private final class Recorder {
    /// (view, proposed width) per measure call.
    var measureCalls: [(tether_view, Double)] = []
    /// Non-zero: the measure callback fails with this value.
    var measureFailure: Int32 = 0
    /// Characters of text per measured view (10 points each, lines of 20 points).
    var textLength: [tether_view: Double] = [:]
    var diagnostics: [String] = []
    var hookEvents: [String] = []

    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ context: UnsafeMutableRawPointer?) -> Recorder {
        Unmanaged<Recorder>.fromOpaque(context!).takeUnretainedValue()
    }
}

/// Wrapping text: 10 points per character on one line when the width is unknown (NaN), else
/// lines of the proposed width, 20 points each; first baseline 15 from the top.
private let measureText: tether_measure_fn = { context, view, proposedWidth, out in
    let recorder = Recorder.from(context)
    recorder.measureCalls.append((view, proposedWidth))
    if recorder.measureFailure != 0 { return recorder.measureFailure }
    let natural = (recorder.textLength[view] ?? 0) * 10
    if proposedWidth.isNaN || proposedWidth >= natural {
        out!.pointee = tether_measurement(width: natural, height: 20, first_baseline: 15, last_baseline: .nan)
    } else {
        let lines = (natural / proposedWidth).rounded(.up)
        out!.pointee = tether_measurement(width: proposedWidth, height: 20 * lines, first_baseline: 15,
                                          last_baseline: .nan)
    }
    return 0
}

private let recordDiagnostic: tether_diagnostic_fn = { context, message in
    Recorder.from(context).diagnostics.append(String(cString: message!))
}

private let recordUpdateConstraints: tether_view_hook_fn = { context, view in
    Recorder.from(context).hookEvents.append("update:\(view)")
}

private let recordLayoutSubviews: tether_view_hook_fn = { context, view in
    Recorder.from(context).hookEvents.append("layout:\(view)")
}

/// The view model exercised through the C functions of Include/tether.h only.
final class ViewModelCABITests: EngineTestCase {
    /// A new engine and a Recorder whose context `install` hands to the engine's callback (the
    /// call must succeed).
    private func makeRecordingEngine(
        _ install: (OpaquePointer, UnsafeMutableRawPointer) -> tether_status,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (OpaquePointer, Recorder) {
        let e = makeEngine()
        let recorder = Recorder()
        XCTAssertEqual(install(e, recorder.context), TETHER_OK, lastError(), file: file, line: line)
        return (e, recorder)
    }

    private func assertFrame(_ e: OpaquePointer, _ v: tether_view, _ x: Double, _ y: Double, _ w: Double,
                             _ h: Double, file: StaticString = #filePath, line: UInt = #line) {
        assertRect(frame(e, v), x, y, w, h, "frame of view \(v)", file: file, line: line)
    }

    private func assertRect(_ r: tether_rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (got, want, name) in [(r.x, x, "x"), (r.y, y, "y"), (r.width, w, "width"), (r.height, h, "height")] {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(name) of \(what): \(r)", file: file, line: line)
        }
    }

    /// A string through the two-call pattern, checking the first call's status and `needed`.
    private func twoCall(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> tether_status,
                         file: StaticString = #filePath, line: UInt = #line) -> String? {
        var needed = -1
        let first = call(nil, 0, &needed)
        XCTAssertEqual(first, TETHER_E_BUFFER_TOO_SMALL, file: file, line: line)
        guard first == TETHER_E_BUFFER_TOO_SMALL, needed > 0 else { return nil }
        var buffer = [CChar](repeating: 0x23, count: needed + 4)
        if needed > 1 {
            XCTAssertEqual(call(&buffer, needed - 1, nil), TETHER_E_BUFFER_TOO_SMALL, file: file, line: line)
            XCTAssertEqual(buffer[0], 0x23, "nothing written on a too-small buffer", file: file, line: line)
        }
        var again = -1
        XCTAssertEqual(call(&buffer, needed, &again), TETHER_OK, lastError(), file: file, line: line)
        XCTAssertEqual(again, needed, file: file, line: line)
        XCTAssertEqual(buffer[needed - 1], 0, "NUL-terminated", file: file, line: line)
        XCTAssertEqual(buffer[needed], 0x23, "nothing written past the NUL", file: file, line: line)
        return String(decoding: buffer.prefix(needed - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A root 400 x 800 with a header (64 high, full width), a footer (50 high, inside the root's
    /// margins, at the bottom) and the content between them (8 apart, inside the margins); the
    /// content holds a badge (20 x 20, 4 from its top-left corner).
    private func screen(_ e: OpaquePointer) -> (root: tether_view, header: tether_view, content: tether_view,
                                                  footer: tether_view, badge: tether_view) {
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 400, height: 800))
        let header = makeView(e, in: root), content = makeView(e, in: root), footer = makeView(e, in: root)
        let badge = makeView(e, in: content)
        activate(e, [
            constraint(e, header, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP),
            constraint(e, header, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING),
            constraint(e, header, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TRAILING),
            constraint(e, header, TETHER_ATTRIBUTE_HEIGHT, constant: 64),
            constraint(e, footer, TETHER_ATTRIBUTE_BOTTOM, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_BOTTOM),
            constraint(e, footer, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING_MARGIN),
            constraint(e, footer, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TRAILING_MARGIN),
            constraint(e, footer, TETHER_ATTRIBUTE_HEIGHT, constant: 50),
            constraint(e, content, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, header, TETHER_ATTRIBUTE_BOTTOM, constant: 8),
            constraint(e, content, TETHER_ATTRIBUTE_BOTTOM, TETHER_RELATION_EQUAL, footer, TETHER_ATTRIBUTE_TOP, constant: -8),
            constraint(e, content, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING_MARGIN),
            constraint(e, content, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TRAILING_MARGIN),
            constraint(e, badge, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, content, TETHER_ATTRIBUTE_TOP, constant: 4),
            constraint(e, badge, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, content, TETHER_ATTRIBUTE_LEFT, constant: 4),
            constraint(e, badge, TETHER_ATTRIBUTE_WIDTH, constant: 20),
            constraint(e, badge, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL, badge, TETHER_ATTRIBUTE_WIDTH),
        ])
        return (root, header, content, footer, badge)
    }

    // MARK: Layout through C

    func testScreenLaidOutThroughC() {
        let e = makeEngine()
        let s = screen(e)
        // Nothing is solved before the pass.
        assertFrame(e, s.header, 0, 0, 0, 0)
        layout(e, s.root)
        assertFrame(e, s.root, 0, 0, 400, 800)
        assertFrame(e, s.header, 0, 0, 400, 64)
        assertFrame(e, s.content, 8, 72, 384, 670)
        assertFrame(e, s.footer, 8, 750, 384, 50)
        assertFrame(e, s.badge, 4, 4, 20, 20)  // in the content's coordinates

        // Resizing the root relays out at the next pass.
        XCTAssertEqual(tether_view_set_frame(e, s.root, tether_rect(x: 0, y: 0, width: 600, height: 500)), TETHER_OK)
        XCTAssertEqual(tether_engine_layout_all(e), TETHER_OK, lastError())
        assertFrame(e, s.header, 0, 0, 600, 64)
        assertFrame(e, s.content, 8, 72, 584, 370)
        assertFrame(e, s.footer, 8, 450, 584, 50)

        // A constant changed in place; a constraint deactivated and activated again.
        var info = tether_layout_constraint_info()
        var headerHeight: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, s.header, TETHER_ATTRIBUTE_HEIGHT, TETHER_RELATION_EQUAL, 0,
                                                    TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 100, 999, &headerHeight), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_info_get(e, headerHeight, &info), TETHER_OK)
        XCTAssertEqual(info.first_item, s.header)
        XCTAssertEqual(info.second_item, 0)
        XCTAssertEqual(info.first_attribute, TETHER_ATTRIBUTE_HEIGHT)
        XCTAssertEqual(info.second_attribute, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE)
        XCTAssertEqual(info.relation, TETHER_RELATION_EQUAL)
        XCTAssertEqual(info.priority, 999)
        XCTAssertEqual(info.multiplier, 1, "no second item: multiplier 1, as UIKit reports it")
        XCTAssertEqual(info.constant, 100)
        XCTAssertEqual(info.is_active, 0)
        XCTAssertEqual(tether_layout_constraint_set_active(e, headerHeight, 1), TETHER_OK, lastError())
        layout(e, s.root)
        assertFrame(e, s.header, 0, 0, 600, 64)  // the required 64 wins over 100 @999
        XCTAssertEqual(tether_layout_constraint_set_active(e, headerHeight, 0), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_set_constant(e, headerHeight, 30), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_set_priority(e, headerHeight, 1000), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_info_get(e, headerHeight, &info), TETHER_OK)
        XCTAssertEqual(info.constant, 30)
        XCTAssertEqual(info.priority, 1000)
        XCTAssertEqual(info.is_active, 0)
    }

    func testSubtreeFramesInOneCall() {
        let e = makeEngine()
        let s = screen(e)
        layout(e, s.root)
        var needed = -1
        XCTAssertEqual(tether_view_subtree_frames(e, s.root, nil, nil, 0, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 5)
        var ids = [tether_view](repeating: 0, count: 6)
        var frames = [tether_rect](repeating: tether_rect(x: -1, y: -1, width: -1, height: -1), count: 6)
        XCTAssertEqual(tether_view_subtree_frames(e, s.root, &ids, &frames, 4, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(ids, [0, 0, 0, 0, 0, 0], "nothing written when too small")
        XCTAssertEqual(tether_view_subtree_frames(e, s.root, nil, nil, 5, &needed), TETHER_E_NULL_ARGUMENT)
        needed = -1
        XCTAssertEqual(tether_view_subtree_frames(e, s.root, &ids, &frames, 6, &needed), TETHER_OK, lastError())
        XCTAssertEqual(needed, 5)
        // Root first, then depth-first in subview order: the badge comes before the footer.
        XCTAssertEqual(Array(ids), [s.root, s.header, s.content, s.badge, s.footer, 0])
        for (i, v) in ids.prefix(5).enumerated() {
            let single = frame(e, v)
            assertRect(frames[i], single.x, single.y, single.width, single.height, "batch frame \(i)")
        }
        XCTAssertEqual(frames[5].x, -1, "nothing written past the subtree")
        // Frames only, and a subtree that is not a root.
        var only = [tether_rect](repeating: tether_rect(), count: 2)
        XCTAssertEqual(tether_view_subtree_frames(e, s.content, nil, &only, 2, nil), TETHER_OK)
        assertRect(only[0], 8, 72, 384, 670, "content")
        assertRect(only[1], 4, 4, 20, 20, "badge")
        // Ids only.
        var leaf: tether_view = 0
        XCTAssertEqual(tether_view_subtree_frames(e, s.badge, &leaf, nil, 1, nil), TETHER_OK)
        XCTAssertEqual(leaf, s.badge)
    }

    func testDefaultDirectionAppliesAtTheNextPass() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let v = makeView(e, in: root)
        activate(e, [
            constraint(e, v, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING, constant: 10),
            constraint(e, v, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP),
            constraint(e, v, TETHER_ATTRIBUTE_WIDTH, constant: 50),
            constraint(e, v, TETHER_ATTRIBUTE_HEIGHT, constant: 20),
        ])
        layout(e, root)
        assertFrame(e, v, 10, 0, 50, 20)
        var direction: tether_layout_direction = -1
        XCTAssertEqual(tether_view_effective_layout_direction(e, v, &direction), TETHER_OK)
        XCTAssertEqual(direction, TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT)
        XCTAssertEqual(tether_engine_set_default_direction(e, TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT), TETHER_OK)
        XCTAssertEqual(tether_view_effective_layout_direction(e, v, &direction), TETHER_OK)
        XCTAssertEqual(direction, TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT)
        XCTAssertEqual(tether_engine_layout_all(e), TETHER_OK)
        assertFrame(e, v, 240, 0, 50, 20)
        // A forced attribute wins over the engine's default.
        XCTAssertEqual(tether_view_set_semantic_content_attribute(e, root, TETHER_SEMANTIC_CONTENT_FORCE_LEFT_TO_RIGHT), TETHER_OK)
        var semantic: tether_semantic_content_attribute = -1
        XCTAssertEqual(tether_view_semantic_content_attribute(e, root, &semantic), TETHER_OK)
        XCTAssertEqual(semantic, TETHER_SEMANTIC_CONTENT_FORCE_LEFT_TO_RIGHT)
        layout(e, root)
        assertFrame(e, v, 10, 0, 50, 20)
    }

    func testAutoresizingFrameModeAndTranslation() {
        let e = makeEngine()
        let window = makeView(e, tether_rect(x: 0, y: 0, width: 320, height: 480))
        let panel = makeView(e, tether_rect(x: 160, y: 120, width: 80, height: 80), in: window, translates: true)
        let mask = TETHER_AUTORESIZING_FLEXIBLE_LEFT_MARGIN | TETHER_AUTORESIZING_FLEXIBLE_WIDTH
            | TETHER_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN
        XCTAssertEqual(tether_view_set_autoresizing_mask(e, panel, mask), TETHER_OK)
        var got: tether_autoresizing = 0
        XCTAssertEqual(tether_view_autoresizing_mask(e, panel, &got), TETHER_OK)
        XCTAssertEqual(got, mask)
        var flag: Int32 = -1
        XCTAssertEqual(tether_view_translates_autoresizing_mask(e, panel, &flag), TETHER_OK)
        XCTAssertEqual(flag, 1)
        XCTAssertEqual(tether_view_autoresizes_subviews(e, window, &flag), TETHER_OK)
        XCTAssertEqual(flag, 1)
        // Frame mode: resized at once, no pass needed.
        XCTAssertEqual(tether_view_set_frame(e, window, tether_rect(x: 0, y: 0, width: 640, height: 480)), TETHER_OK)
        assertRect(frame(e, panel), 160 + 320 * 2 / 3, 120, 80 + 320 / 3, 80, "panel (frame mode)")
        XCTAssertEqual(tether_view_set_autoresizes_subviews(e, window, 0), TETHER_OK)
        XCTAssertEqual(tether_view_set_frame(e, window, tether_rect(x: 0, y: 0, width: 320, height: 480)), TETHER_OK)
        assertRect(frame(e, panel), 160 + 320 * 2 / 3, 120, 80 + 320 / 3, 80, "panel (not autoresized)")
        XCTAssertEqual(tether_view_set_autoresizes_subviews(e, window, 2), TETHER_E_INVALID_ARGUMENT)
    }

    // MARK: Measuring

    func testMeasureCallbackHeightForWidth() {
        let (e, recorder) = makeRecordingEngine { tether_engine_set_measure_callback($0, measureText, $1) }
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 200, height: 400))
        let text = makeView(e, in: root)
        recorder.textLength[text] = 50  // 500 points on one line
        XCTAssertEqual(tether_view_set_measured(e, text, 1), TETHER_OK)
        let below = makeView(e, in: root)
        activate(e, [
            constraint(e, text, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEADING, constant: 20),
            constraint(e, text, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TRAILING, constant: -20),
            constraint(e, text, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP, constant: 10),
            constraint(e, below, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, text, TETHER_ATTRIBUTE_BOTTOM, constant: 4),
            constraint(e, below, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEFT),
            constraint(e, below, TETHER_ATTRIBUTE_WIDTH, constant: 10),
            constraint(e, below, TETHER_ATTRIBUTE_HEIGHT, constant: 10),
        ])
        layout(e, root)
        XCTAssertTrue(recorder.measureCalls.allSatisfy { $0.0 == text })
        XCTAssertTrue(recorder.measureCalls.first?.1.isNaN ?? false, "first measured without a width")
        XCTAssertTrue(recorder.measureCalls.contains { $0.1 == 160 }, "measured again with the resolved width")
        assertFrame(e, text, 20, 10, 160, 80)  // ceil(500 / 160) = 4 lines
        assertFrame(e, below, 0, 94, 10, 10)

        // Wider root: 2 lines. The callback runs again (nothing is cached across passes).
        XCTAssertEqual(tether_view_set_frame(e, root, tether_rect(x: 0, y: 0, width: 300, height: 400)), TETHER_OK)
        layout(e, root)
        assertFrame(e, text, 20, 10, 260, 40)
        // The content changed: invalidate and lay out again.
        recorder.textLength[text] = 10
        XCTAssertEqual(tether_view_invalidate_intrinsic_content_size(e, text), TETHER_OK)
        layout(e, root)
        assertFrame(e, text, 20, 10, 260, 20)

        // Measuring off: the intrinsic size decides.
        XCTAssertEqual(tether_view_set_measured(e, text, 0), TETHER_OK)
        XCTAssertEqual(tether_view_set_intrinsic_content_size(e, text, tether_size(width: TETHER_NO_INTRINSIC_METRIC, height: 33)), TETHER_OK)
        var size = tether_size()
        XCTAssertEqual(tether_view_intrinsic_content_size(e, text, &size), TETHER_OK)
        XCTAssertEqual(size.width, -1)
        XCTAssertEqual(size.height, 33)
        let calls = recorder.measureCalls.count
        layout(e, root)
        XCTAssertEqual(recorder.measureCalls.count, calls, "not measured any more")
        assertFrame(e, text, 20, 10, 260, 33)
    }

    func testFailingMeasureCallbackLeavesTheEngineUsable() {
        let e = makeEngine()
        let recorder = Recorder()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 200, height: 400))
        let text = makeView(e, in: root)
        recorder.textLength[text] = 30
        XCTAssertEqual(tether_view_set_measured(e, text, 1), TETHER_OK)
        activate(e, [
            constraint(e, text, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEFT),
            constraint(e, text, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP),
            constraint(e, text, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_LESS_THAN_OR_EQUAL, root, TETHER_ATTRIBUTE_WIDTH),
        ])
        // No callback at pass time: an error, not a crash.
        XCTAssertEqual(tether_view_layout_if_needed(e, root), TETHER_E_CALLBACK_FAILED)
        XCTAssertTrue(lastError().contains("no measure callback"), lastError())

        XCTAssertEqual(tether_engine_set_measure_callback(e, measureText, recorder.context), TETHER_OK)
        recorder.measureFailure = 7
        XCTAssertEqual(tether_view_layout_if_needed(e, root), TETHER_E_CALLBACK_FAILED)
        XCTAssertTrue(lastError().contains("returned 7"), lastError())
        XCTAssertEqual(String(cString: tether_status_name(TETHER_E_CALLBACK_FAILED)), "TETHER_E_CALLBACK_FAILED")
        // The pass runs again at the next call, and gives the right answer.
        recorder.measureFailure = 0
        layout(e, root)
        assertFrame(e, text, 0, 0, 200, 40)  // 300 points in lines of 200
        // Failing in the middle of an incremental pass (a resize) is recoverable too.
        XCTAssertEqual(tether_view_set_frame(e, root, tether_rect(x: 0, y: 0, width: 100, height: 400)), TETHER_OK)
        recorder.measureFailure = 1
        XCTAssertEqual(tether_engine_layout_all(e), TETHER_E_CALLBACK_FAILED)
        recorder.measureFailure = 0
        XCTAssertEqual(tether_engine_layout_all(e), TETHER_OK, lastError())
        assertFrame(e, text, 0, 0, 100, 60)
    }

    // MARK: Diagnostics and hooks

    func testDiagnosticsCallbackReceivesConflicts() {
        let (e, recorder) = makeRecordingEngine { tether_engine_set_diagnostic_handler($0, recordDiagnostic, $1) }
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 300))
        let v = makeView(e, in: root)
        let keep = constraint(e, v, TETHER_ATTRIBUTE_WIDTH, constant: 100)
        let clash = constraint(e, v, TETHER_ATTRIBUTE_WIDTH, constant: 200)
        XCTAssertEqual(tether_layout_constraint_set_identifier(e, clash, "too-wide"), TETHER_OK)
        activate(e, [
            constraint(e, v, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEFT),
            constraint(e, v, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP),
            constraint(e, v, TETHER_ATTRIBUTE_HEIGHT, constant: 10), keep,
        ])
        activate(e, [clash])
        layout(e, root)
        assertFrame(e, v, 0, 0, 100, 10)
        XCTAssertEqual(recorder.diagnostics.count, 1)
        XCTAssertTrue(recorder.diagnostics.first?.hasPrefix("Unable to simultaneously satisfy constraints.") ?? false,
                      recorder.diagnostics.first ?? "no diagnostic")
        XCTAssertTrue(recorder.diagnostics.first?.contains("'too-wide'") ?? false)
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, clash, &info), TETHER_OK)
        XCTAssertEqual(info.is_active, 1)
        XCTAssertEqual(info.is_broken, 1)
        // Deactivating the other side lets it hold.
        XCTAssertEqual(tether_layout_constraint_deactivate(e, [keep], 1), TETHER_OK)
        layout(e, root)
        assertFrame(e, v, 0, 0, 200, 10)
        XCTAssertEqual(tether_layout_constraint_info_get(e, clash, &info), TETHER_OK)
        XCTAssertEqual(info.is_broken, 0)
        // A NULL handler restores the default (standard error); the recorder hears nothing more.
        XCTAssertEqual(tether_engine_set_diagnostic_handler(e, nil, nil), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_set_active(e, keep, 1), TETHER_OK)
        layout(e, root)
        XCTAssertEqual(recorder.diagnostics.count, 1)
    }

    func testLayoutHooks() {
        let (e, recorder) = makeRecordingEngine {
            tether_engine_set_layout_hooks($0, recordUpdateConstraints, recordLayoutSubviews, $1)
        }
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 100, height: 100))
        let child = makeView(e, tether_rect(x: 1, y: 2, width: 3, height: 4), in: root, translates: true)
        let quiet = makeView(e, in: root)
        XCTAssertEqual(tether_view_set_hooks_enabled(e, root, 1), TETHER_OK)
        XCTAssertEqual(tether_view_set_hooks_enabled(e, child, 1), TETHER_OK)
        layout(e, root)
        // updateConstraints bottom-up, layoutSubviews top-down; views with hooks off are silent.
        XCTAssertEqual(recorder.hookEvents, ["update:\(child)", "update:\(root)", "layout:\(root)", "layout:\(child)"])
        recorder.hookEvents = []
        layout(e, root)
        XCTAssertEqual(recorder.hookEvents, [], "no pass without changes")
        XCTAssertEqual(tether_view_set_needs_update_constraints(e, child), TETHER_OK)
        layout(e, root)
        XCTAssertEqual(recorder.hookEvents, ["update:\(child)", "layout:\(root)", "layout:\(child)"])
        recorder.hookEvents = []
        XCTAssertEqual(tether_view_set_needs_layout(e, quiet), TETHER_OK)
        XCTAssertEqual(tether_view_set_hooks_enabled(e, child, 0), TETHER_OK)
        layout(e, root)
        XCTAssertEqual(recorder.hookEvents, ["layout:\(root)"])
        // NULL hooks are allowed.
        XCTAssertEqual(tether_engine_set_layout_hooks(e, nil, nil, nil), TETHER_OK)
        XCTAssertEqual(tether_view_set_needs_layout(e, root), TETHER_OK)
        layout(e, root)
        XCTAssertEqual(recorder.hookEvents, ["layout:\(root)"])
    }

    // MARK: Guides, margins, fitting

    func testGuidesAndMargins() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 200))
        var margins = tether_insets()
        XCTAssertEqual(tether_view_layout_margins(e, root, &margins), TETHER_OK)
        XCTAssertEqual([margins.top, margins.left, margins.bottom, margins.right], [8, 8, 8, 8])
        XCTAssertEqual(tether_view_set_layout_margins(e, root, tether_insets(top: 10, left: 20, bottom: 30, right: 40)), TETHER_OK)
        XCTAssertEqual(tether_view_set_safe_area_insets(e, root, tether_insets(top: 44, left: 0, bottom: 34, right: 0)), TETHER_OK)
        var marginsGuide: tether_guide = 0, safeArea: tether_guide = 0, again: tether_guide = 0
        XCTAssertEqual(tether_view_layout_margins_guide(e, root, &marginsGuide), TETHER_OK)
        XCTAssertEqual(tether_view_layout_margins_guide(e, root, &again), TETHER_OK)
        XCTAssertEqual(marginsGuide, again, "one guide per view")
        XCTAssertEqual(tether_view_safe_area_layout_guide(e, root, &safeArea), TETHER_OK)
        var spacer: tether_guide = 0
        XCTAssertEqual(tether_guide_new(e, &spacer), TETHER_OK)
        var owner: tether_view = 99
        XCTAssertEqual(tether_guide_owning_view(e, spacer, &owner), TETHER_OK)
        XCTAssertEqual(owner, 0)
        XCTAssertEqual(tether_view_add_layout_guide(e, root, spacer), TETHER_OK)
        XCTAssertEqual(tether_guide_owning_view(e, spacer, &owner), TETHER_OK)
        XCTAssertEqual(owner, root)
        XCTAssertEqual(tether_guide_owning_view(e, marginsGuide, &owner), TETHER_OK)
        XCTAssertEqual(owner, root)
        let v = makeView(e, in: root)
        activate(e, [
            constraint(e, spacer, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, marginsGuide, TETHER_ATTRIBUTE_LEADING),
            constraint(e, spacer, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, safeArea, TETHER_ATTRIBUTE_TOP),
            constraint(e, spacer, TETHER_ATTRIBUTE_WIDTH, constant: 30),
            constraint(e, spacer, TETHER_ATTRIBUTE_HEIGHT, constant: 5),
            constraint(e, v, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, spacer, TETHER_ATTRIBUTE_TRAILING),
            constraint(e, v, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TRAILING_MARGIN),
            constraint(e, v, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, spacer, TETHER_ATTRIBUTE_BOTTOM),
            constraint(e, v, TETHER_ATTRIBUTE_BOTTOM, TETHER_RELATION_EQUAL, safeArea, TETHER_ATTRIBUTE_BOTTOM),
        ])
        layout(e, root)
        assertFrame(e, v, 50, 49, 210, 117)
        var r = tether_rect()
        XCTAssertEqual(tether_guide_layout_frame(e, spacer, &r), TETHER_OK)
        assertRect(r, 20, 44, 30, 5, "spacer")
        XCTAssertEqual(tether_guide_layout_frame(e, marginsGuide, &r), TETHER_OK)
        // Margins are measured from the safe area (UIKit's insetsLayoutMarginsFromSafeArea):
        // 10 below the 44-point top inset, 10 above the 34-point bottom one.
        assertRect(r, 20, 54, 240, 82, "margins guide")
        // Margins and baselines on a guide are rejected, as Apple does.
        var c: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, spacer, TETHER_ATTRIBUTE_LEADING_MARGIN, TETHER_RELATION_EQUAL, v,
                                                    TETHER_ATTRIBUTE_LEADING, 1, 0, 1000, &c), TETHER_E_INVALID_ARGUMENT)
        // System guides cannot be freed nor removed; others can.
        XCTAssertEqual(tether_guide_free(e, marginsGuide), TETHER_E_INVALID_STATE)
        XCTAssertTrue(lastError().contains("system guide"), lastError())
        XCTAssertEqual(tether_view_remove_layout_guide(e, root, safeArea), TETHER_E_INVALID_STATE)
        XCTAssertEqual(tether_view_add_layout_guide(e, v, marginsGuide), TETHER_E_INVALID_STATE)
        XCTAssertEqual(tether_view_remove_layout_guide(e, root, spacer), TETHER_OK)
        XCTAssertEqual(tether_guide_owning_view(e, spacer, &owner), TETHER_OK)
        XCTAssertEqual(owner, 0)
        XCTAssertEqual(tether_guide_free(e, spacer), TETHER_OK)
        XCTAssertEqual(tether_guide_layout_frame(e, spacer, &r), TETHER_E_INVALID_ID)
        // Its constraints were freed with it; v's own ones remain.
        layout(e, root)
        XCTAssertEqual(tether_guide_owning_view(e, marginsGuide, &owner), TETHER_OK)
        XCTAssertEqual(owner, root)
    }

    func testAlignmentInsetsPrioritiesAndFitting() {
        let e = makeEngine()
        let cell = makeView(e, tether_rect(x: 0, y: 0, width: 1, height: 1))
        let label = makeView(e, in: cell)
        XCTAssertEqual(tether_view_set_intrinsic_content_size(e, label, tether_size(width: 120, height: 30)), TETHER_OK)
        activate(e, [
            constraint(e, label, TETHER_ATTRIBUTE_LEADING, TETHER_RELATION_EQUAL, cell, TETHER_ATTRIBUTE_LEADING, constant: 10),
            constraint(e, label, TETHER_ATTRIBUTE_TRAILING, TETHER_RELATION_EQUAL, cell, TETHER_ATTRIBUTE_TRAILING, constant: -10),
            constraint(e, label, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, cell, TETHER_ATTRIBUTE_TOP, constant: 5),
            constraint(e, label, TETHER_ATTRIBUTE_BOTTOM, TETHER_RELATION_EQUAL, cell, TETHER_ATTRIBUTE_BOTTOM, constant: -5),
        ])
        var size = tether_size()
        XCTAssertEqual(tether_view_system_layout_size_fitting(e, cell, tether_size(width: 0, height: 0),
                                                              TETHER_LAYOUT_PRIORITY_FITTING_SIZE,
                                                              TETHER_LAYOUT_PRIORITY_FITTING_SIZE, &size), TETHER_OK, lastError())
        XCTAssertEqual(size.width, 140, accuracy: 1e-9)
        XCTAssertEqual(size.height, 40, accuracy: 1e-9)
        XCTAssertEqual(tether_view_system_layout_size_fitting(e, cell, tether_size(width: 300, height: 0),
                                                              TETHER_LAYOUT_PRIORITY_REQUIRED,
                                                              TETHER_LAYOUT_PRIORITY_FITTING_SIZE, &size), TETHER_OK)
        XCTAssertEqual(size.width, 300, accuracy: 1e-9)
        assertFrame(e, cell, 0, 0, 1, 1)  // fitting does not change frames
        size = tether_size(width: -5, height: -5)
        XCTAssertEqual(tether_view_system_layout_size_fitting(e, cell, tether_size(width: .nan, height: 0), 50, 50, &size),
                       TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_system_layout_size_fitting(e, cell, tether_size(width: 0, height: 0), 0, 50, &size),
                       TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(size.width, -5, "out not written on failure")

        // Priorities round-trip; defaults are UIKit's.
        var p: Float = 0
        XCTAssertEqual(tether_view_content_hugging_priority(e, label, TETHER_AXIS_HORIZONTAL, &p), TETHER_OK)
        XCTAssertEqual(p, 250)
        XCTAssertEqual(tether_view_compression_resistance_priority(e, label, TETHER_AXIS_VERTICAL, &p), TETHER_OK)
        XCTAssertEqual(p, 750)
        XCTAssertEqual(tether_view_set_content_hugging_priority(e, label, TETHER_AXIS_VERTICAL, 251.5), TETHER_OK)
        XCTAssertEqual(tether_view_content_hugging_priority(e, label, TETHER_AXIS_VERTICAL, &p), TETHER_OK)
        XCTAssertEqual(p, 251.5)
        XCTAssertEqual(tether_view_set_compression_resistance_priority(e, label, TETHER_AXIS_HORIZONTAL, 1000), TETHER_OK)

        // Alignment insets: constraints position the alignment rect; the frame is outset.
        XCTAssertEqual(tether_view_set_alignment_rect_insets(e, label, tether_insets(top: 1, left: 2, bottom: 3, right: 4)), TETHER_OK)
        var insets = tether_insets()
        XCTAssertEqual(tether_view_alignment_rect_insets(e, label, &insets), TETHER_OK)
        XCTAssertEqual([insets.top, insets.left, insets.bottom, insets.right], [1, 2, 3, 4])
        XCTAssertEqual(tether_view_set_frame(e, cell, tether_rect(x: 0, y: 0, width: 200, height: 40)), TETHER_OK)
        layout(e, cell)
        assertFrame(e, label, 8, 4, 186, 34)
    }

    func testBaselines() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 300, height: 100))
        let a = makeView(e, in: root), b = makeView(e, in: root)
        XCTAssertEqual(tether_view_set_baselines(e, a, 30, .nan), TETHER_OK)
        XCTAssertEqual(tether_view_set_baselines(e, a, .infinity, .nan), TETHER_E_INVALID_ARGUMENT)
        activate(e, [
            constraint(e, a, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEFT),
            constraint(e, a, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP, constant: 10),
            constraint(e, a, TETHER_ATTRIBUTE_WIDTH, constant: 50),
            constraint(e, a, TETHER_ATTRIBUTE_HEIGHT, constant: 40),
            constraint(e, b, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, a, TETHER_ATTRIBUTE_RIGHT),
            constraint(e, b, TETHER_ATTRIBUTE_FIRST_BASELINE, TETHER_RELATION_EQUAL, a, TETHER_ATTRIBUTE_FIRST_BASELINE),
            constraint(e, b, TETHER_ATTRIBUTE_WIDTH, constant: 10),
            constraint(e, b, TETHER_ATTRIBUTE_HEIGHT, constant: 10),
        ])
        layout(e, root)
        assertFrame(e, b, 50, 30, 10, 10)  // b's baseline is its bottom: 40 = 10 + 30
    }

    // MARK: Hierarchy

    func testHierarchyThroughC() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 100, height: 100))
        let a = makeView(e, in: root), b = makeView(e, in: root), c = makeView(e)
        XCTAssertEqual(tether_view_insert_subview(e, root, c, 0), TETHER_OK)
        var list = [tether_view](repeating: 0, count: 4)
        var needed = -1
        XCTAssertEqual(tether_view_subviews(e, root, nil, 0, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 3)
        XCTAssertEqual(tether_view_subviews(e, root, &list, 2, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(list, [0, 0, 0, 0])
        XCTAssertEqual(tether_view_subviews(e, root, nil, 3, &needed), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_view_subviews(e, root, &list, 4, &needed), TETHER_OK)
        XCTAssertEqual(list, [c, a, b, 0])
        XCTAssertEqual(tether_view_subviews(e, a, nil, 0, &needed), TETHER_OK, "no subviews: nothing to copy")
        XCTAssertEqual(needed, 0)
        // Moving within the parent: index counts the current subviews.
        XCTAssertEqual(tether_view_insert_subview(e, root, c, 3), TETHER_OK)
        XCTAssertEqual(tether_view_subviews(e, root, &list, 4, &needed), TETHER_OK)
        XCTAssertEqual(Array(list.prefix(3)), [a, b, c])
        // Out of range: nothing changes (c keeps its superview).
        XCTAssertEqual(tether_view_insert_subview(e, a, c, 1), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_insert_subview(e, a, c, Int(bitPattern: UInt.max)), TETHER_E_INVALID_ARGUMENT)
        var superview: tether_view = 0
        XCTAssertEqual(tether_view_superview(e, c, &superview), TETHER_OK)
        XCTAssertEqual(superview, root)
        // Cycles are refused.
        XCTAssertEqual(tether_view_add_subview(e, c, root), TETHER_E_INVALID_STATE)
        XCTAssertEqual(tether_view_add_subview(e, c, c), TETHER_E_INVALID_STATE)
        // Removing deactivates constraints left without a common ancestor.
        let k = constraint(e, c, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, a, TETHER_ATTRIBUTE_WIDTH)
        activate(e, [k])
        XCTAssertEqual(tether_view_remove_from_superview(e, c), TETHER_OK)
        XCTAssertEqual(tether_view_superview(e, c, &superview), TETHER_OK)
        XCTAssertEqual(superview, 0)
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, k, &info), TETHER_OK)
        XCTAssertEqual(info.is_active, 0)
        XCTAssertEqual(tether_layout_constraint_set_active(e, k, 1), TETHER_E_INVALID_STATE)
        XCTAssertTrue(lastError().contains("because they have no common ancestor"), lastError())
        // Freeing a view frees its subtree and the constraints that refer to it.
        XCTAssertEqual(tether_view_add_subview(e, a, c), TETHER_OK)
        XCTAssertEqual(tether_view_free(e, a), TETHER_OK)
        XCTAssertEqual(tether_view_frame(e, c, nil), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_layout_constraint_info_get(e, k, &info), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_subviews(e, root, &list, 4, &needed), TETHER_OK)
        XCTAssertEqual(needed, 1)
        XCTAssertEqual(list[0], b)
    }

    // MARK: Two-call buffers

    func testTwoCallBuffersForIdentifiersAndDescriptions() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 100, height: 100))
        let v = makeView(e, in: root)
        // "" needs 1 byte (the NUL): capacity 0 is too small.
        XCTAssertEqual(twoCall { tether_item_identifier(e, v, $0, $1, $2) }, "", "no identifier yet")
        XCTAssertEqual(tether_item_set_identifier(e, v, "en-tête"), TETHER_OK)
        XCTAssertEqual(twoCall { tether_item_identifier(e, v, $0, $1, $2) }, "en-tête")
        XCTAssertEqual(tether_item_set_identifier(e, root, "root"), TETHER_OK)
        let c = constraint(e, v, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_WIDTH,
                           multiplier: 0.5, constant: -4, priority: 750)
        XCTAssertEqual(twoCall { tether_layout_constraint_description(e, c, $0, $1, $2) },
                       "<NSLayoutConstraint:0x140000001 View:0x100000002'en-tête'.width == 0.5*View:0x100000001'root'.width - 4 priority:750   (inactive)>")
        XCTAssertEqual(tether_layout_constraint_set_identifier(e, c, "half"), TETHER_OK)
        XCTAssertEqual(twoCall { tether_layout_constraint_identifier(e, c, $0, $1, $2) }, "half")
        XCTAssertEqual(twoCall { tether_layout_constraint_description(e, c, $0, $1, $2) },
                       "<NSLayoutConstraint:0x140000001 'half' View:0x100000002'en-tête'.width == 0.5*View:0x100000001'root'.width - 4 priority:750   (inactive)>")
        XCTAssertEqual(twoCall { tether_item_debug_name(e, v, $0, $1, $2) }, "View:0x100000002'en-tête'")
        XCTAssertEqual(twoCall { tether_item_description(e, root, $0, $1, $2) },
                       "<View: 0x100000001; frame = (0 0; 100 100); identifier = 'root'>")
        // A NULL identifier is "".
        XCTAssertEqual(tether_layout_constraint_set_identifier(e, c, nil), TETHER_OK)
        XCTAssertEqual(twoCall { tether_layout_constraint_identifier(e, c, $0, $1, $2) }, "")
        // Invalid UTF-8 is rejected and changes nothing.
        let bad: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0]
        XCTAssertEqual(tether_item_set_identifier(e, v, bad), TETHER_E_INVALID_UTF8)
        XCTAssertEqual(twoCall { tether_item_identifier(e, v, $0, $1, $2) }, "en-tête")
        // A NULL buffer with enough capacity.
        XCTAssertEqual(tether_item_identifier(e, v, nil, 100, nil), TETHER_E_NULL_ARGUMENT)
    }

    // MARK: Bad input

    func testConstraintsEquivalentToAutoresizingMask() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 320, height: 480))
        let v = makeView(e, tether_rect(x: 160, y: 120, width: 80, height: 80), in: root, translates: true)
        XCTAssertEqual(tether_view_set_autoresizing_mask(e, v, TETHER_AUTORESIZING_FLEXIBLE_WIDTH), TETHER_OK)
        var needed = -1
        XCTAssertEqual(tether_view_constraints_equivalent_to_autoresizing_mask(e, root, nil, 0, &needed), TETHER_OK)
        XCTAssertEqual(needed, 0, "a root has none")
        XCTAssertEqual(tether_view_constraints_equivalent_to_autoresizing_mask(e, v, nil, 0, &needed),
                       TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 4)
        var ids = [tether_layout_constraint](repeating: 0, count: 4)
        XCTAssertEqual(tether_view_constraints_equivalent_to_autoresizing_mask(e, v, &ids, 4, &needed), TETHER_OK)
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, ids[1], &info), TETHER_OK)
        XCTAssertEqual(info.first_attribute, TETHER_ATTRIBUTE_WIDTH)
        XCTAssertEqual(info.multiplier, 1, accuracy: 1e-12)  // the width takes all of the change
        XCTAssertEqual(info.constant, -240, accuracy: 1e-12)
        XCTAssertEqual(tether_layout_constraint_info_get(e, ids[0], &info), TETHER_OK)
        XCTAssertEqual(info.first_attribute, TETHER_ATTRIBUTE_MIN_X)
        let text = twoCall { tether_layout_constraint_description(e, ids[1], $0, $1, $2) }
        XCTAssertEqual(text, "<NSAutoresizingMaskLayoutConstraint:0x\(String(ids[1] & (1 << 52 - 1), radix: 16)) h=-&- v=--& View:0x100000002.width == View:0x100000001.width - 240   (inactive)>")
        XCTAssertEqual(tether_layout_constraint_set_constant(e, ids[0], 3), TETHER_E_INVALID_STATE)
        XCTAssertEqual(tether_layout_constraint_set_active(e, ids[0], 1), TETHER_E_INVALID_STATE)
        XCTAssertEqual(tether_layout_constraint_free(e, ids[0]), TETHER_E_INVALID_STATE)
        layout(e, root)
        XCTAssertEqual(tether_layout_constraint_info_get(e, ids[0], &info), TETHER_E_INVALID_ID,
                       "freed by the layout pass")
    }

    func testGettersForMeasuringBaselinesAndGuides() {
        let e = makeEngine()
        let v = makeView(e)
        var flag: Int32 = -1
        XCTAssertEqual(tether_view_measured(e, v, &flag), TETHER_OK)
        XCTAssertEqual(flag, 0)
        XCTAssertEqual(tether_view_set_measured(e, v, 1), TETHER_OK)
        XCTAssertEqual(tether_view_measured(e, v, &flag), TETHER_OK)
        XCTAssertEqual(flag, 1)
        var first = 0.0, last = 0.0
        XCTAssertEqual(tether_view_baselines(e, v, &first, &last), TETHER_OK)
        XCTAssertTrue(first.isNaN && last.isNaN)
        XCTAssertEqual(tether_view_set_baselines(e, v, 12, .nan), TETHER_OK)
        XCTAssertEqual(tether_view_baselines(e, v, &first, &last), TETHER_OK)
        XCTAssertEqual(first, 12)
        XCTAssertTrue(last.isNaN)
        XCTAssertEqual(tether_view_baselines(e, v, nil, &last), TETHER_E_NULL_ARGUMENT)
        var a: tether_guide = 0, b: tether_guide = 0
        XCTAssertEqual(tether_guide_new(e, &a), TETHER_OK)
        XCTAssertEqual(tether_guide_new(e, &b), TETHER_OK)
        XCTAssertEqual(tether_view_add_layout_guide(e, v, a), TETHER_OK)
        XCTAssertEqual(tether_view_add_layout_guide(e, v, b), TETHER_OK)
        var margins: tether_guide = 0
        XCTAssertEqual(tether_view_layout_margins_guide(e, v, &margins), TETHER_OK)
        var needed = -1
        XCTAssertEqual(tether_view_layout_guides(e, v, nil, 0, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 2, "system guides are not listed")
        var ids = [tether_guide](repeating: 0, count: 2)
        XCTAssertEqual(tether_view_layout_guides(e, v, &ids, 2, &needed), TETHER_OK)
        XCTAssertEqual(ids, [a, b])
    }

    func testBadHandles() {
        XCTAssertEqual(tether_engine_new(nil), TETHER_E_NULL_ARGUMENT)
        var v: tether_view = 0
        XCTAssertEqual(tether_view_new(nil, tether_rect(), &v), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_engine_layout_all(nil), TETHER_E_NULL_ARGUMENT)
        var local = 0
        withUnsafeMutablePointer(to: &local) { p in
            XCTAssertEqual(tether_engine_layout_all(OpaquePointer(p)), TETHER_E_INVALID_HANDLE)
            XCTAssertEqual(tether_engine_free(OpaquePointer(p)), TETHER_E_INVALID_HANDLE)
        }
        XCTAssertTrue(lastError().contains("not a live tether_engine"), lastError())
        // A solver handle is not an engine handle, and vice versa.
        var solver: OpaquePointer?
        XCTAssertEqual(tether_solver_new(&solver), TETHER_OK)
        XCTAssertEqual(tether_engine_layout_all(solver), TETHER_E_INVALID_HANDLE)
        XCTAssertEqual(tether_engine_free(solver), TETHER_E_INVALID_HANDLE)
        var engine: OpaquePointer?
        XCTAssertEqual(tether_engine_new(&engine), TETHER_OK)
        XCTAssertEqual(tether_solver_update(engine), TETHER_E_INVALID_HANDLE)
        XCTAssertEqual(tether_solver_free(engine), TETHER_E_INVALID_HANDLE)
        XCTAssertEqual(tether_solver_free(solver), TETHER_OK)
        // Freed engines.
        XCTAssertEqual(tether_view_new(engine, tether_rect(), &v), TETHER_OK)
        XCTAssertEqual(tether_engine_free(engine), TETHER_OK)
        XCTAssertEqual(tether_engine_free(engine), TETHER_E_INVALID_HANDLE)
        XCTAssertEqual(tether_view_frame(engine, v, nil), TETHER_E_INVALID_HANDLE)
    }

    func testBadIds() {
        let e = makeEngine(), other = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 100, height: 100))
        let v = makeView(e, in: root)
        var r = tether_rect()
        XCTAssertEqual(tether_view_frame(e, 0, &r), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_frame(e, UInt64.max, &r), TETHER_E_INVALID_ID)
        // An id from another engine's table, past this engine's.
        var foreign: tether_view = 0
        for _ in 0..<5 { foreign = makeView(other) }
        XCTAssertEqual(tether_view_frame(e, foreign, &r), TETHER_E_INVALID_ID)
        XCTAssertTrue(lastError().contains("not live in this engine"), lastError())
        // Freed and stale ids: the slot is reused with a new generation.
        let doomed = makeView(e)
        XCTAssertEqual(tether_view_free(e, doomed), TETHER_OK)
        XCTAssertEqual(tether_view_free(e, doomed), TETHER_E_INVALID_ID)
        let reused = makeView(e)
        XCTAssertNotEqual(reused, doomed)
        XCTAssertEqual(reused & 0xFFFF_FFFF, doomed & 0xFFFF_FFFF, "same slot")
        XCTAssertEqual(tether_view_frame(e, doomed, &r), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_frame(e, reused, &r), TETHER_OK)
        // A view where a guide is expected, and a guide where a view is expected.
        var guide: tether_guide = 0
        XCTAssertEqual(tether_guide_new(e, &guide), TETHER_OK)
        XCTAssertEqual(tether_guide_layout_frame(e, v, &r), TETHER_E_INVALID_ID)
        XCTAssertTrue(lastError().contains("is a view"), lastError())
        XCTAssertTrue(lastError().contains("not a layout guide"), lastError())
        XCTAssertEqual(tether_view_frame(e, guide, &r), TETHER_E_INVALID_ID)
        XCTAssertTrue(lastError().contains("is a layout guide"), lastError())
        XCTAssertEqual(tether_view_add_layout_guide(e, guide, guide), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_add_subview(e, root, guide), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_guide_free(e, v), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_free(e, guide), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_view_frame(e, v, &r), TETHER_OK, "v survived")
        // Items are views or guides: both work in constraints and identifiers.
        var c: tether_layout_constraint = 0
        XCTAssertEqual(tether_layout_constraint_new(e, guide, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, v,
                                                    TETHER_ATTRIBUTE_WIDTH, 1, 0, 1000, &c), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_new(e, doomed, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, 0,
                                                    TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 0, 1000, &c), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_layout_constraint_new(e, v, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, foreign,
                                                    TETHER_ATTRIBUTE_WIDTH, 1, 0, 1000, &c), TETHER_E_INVALID_ID)
        // Constraint ids: freed, 0, and a batch that stops at the bad one.
        let good = constraint(e, v, TETHER_ATTRIBUTE_WIDTH, constant: 10)
        let gone = constraint(e, v, TETHER_ATTRIBUTE_HEIGHT, constant: 10)
        XCTAssertEqual(tether_layout_constraint_free(e, gone), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_free(e, gone), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_layout_constraint_set_constant(e, 0, 1), TETHER_E_INVALID_ID)
        var failed = -1
        XCTAssertEqual(tether_layout_constraint_activate(e, [good, gone], 2, &failed), TETHER_E_INVALID_ID)
        XCTAssertEqual(failed, 1)
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, good, &info), TETHER_OK)
        XCTAssertEqual(info.is_active, 0, "none activated on error")
        XCTAssertEqual(tether_layout_constraint_deactivate(e, [good, gone], 2), TETHER_E_INVALID_ID)
        // A batch with a constraint across hierarchies: the culprit's index, nothing activated.
        let loner = makeView(e)
        let across = constraint(e, v, TETHER_ATTRIBUTE_WIDTH, TETHER_RELATION_EQUAL, loner, TETHER_ATTRIBUTE_WIDTH)
        failed = -1
        XCTAssertEqual(tether_layout_constraint_activate(e, [good, good, across], 3, &failed), TETHER_E_INVALID_STATE)
        XCTAssertEqual(failed, 2)
        XCTAssertTrue(lastError().contains("no common ancestor"), lastError())
        XCTAssertEqual(tether_layout_constraint_info_get(e, good, &info), TETHER_OK)
        XCTAssertEqual(info.is_active, 0, "none activated on error")
        XCTAssertEqual(tether_layout_constraint_activate(e, nil, 1, &failed), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_activate(e, nil, 0, nil), TETHER_OK)
        // The engine still lays out.
        activate(e, [good, constraint(e, v, TETHER_ATTRIBUTE_HEIGHT, constant: 5),
                     constraint(e, v, TETHER_ATTRIBUTE_LEFT, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_LEFT, constant: 1),
                     constraint(e, v, TETHER_ATTRIBUTE_TOP, TETHER_RELATION_EQUAL, root, TETHER_ATTRIBUTE_TOP, constant: 2)])
        layout(e, root)
        assertFrame(e, v, 1, 2, 10, 5)
    }

    func testBadEnumsNumbersAndPriorities() {
        let e = makeEngine()
        let root = makeView(e, tether_rect(x: 0, y: 0, width: 100, height: 100))
        let v = makeView(e, in: root)
        var c: tether_layout_constraint = 0
        func new(_ a1: tether_attribute, _ rel: tether_relation, _ item2: tether_item, _ a2: tether_attribute,
                 _ m: Double = 1, _ k: Double = 0, _ p: Float = 1000) -> tether_status {
            tether_layout_constraint_new(e, v, a1, rel, item2, a2, m, k, p, &c)
        }
        let width = TETHER_ATTRIBUTE_WIDTH, none = TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, eq = TETHER_RELATION_EQUAL
        XCTAssertEqual(new(21, eq, root, width), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().contains("0...20"), lastError())
        XCTAssertEqual(new(-1, eq, root, width), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, root, 99), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, 2, root, width), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, -2, root, width), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, root, width, .nan), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, root, width, 1, .infinity), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().contains("not finite"), lastError())
        XCTAssertEqual(new(width, eq, root, width, 1, 0, 0), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().hasPrefix("It's illegal to set priority:0."), lastError())
        XCTAssertEqual(new(width, eq, root, width, 1, 0, 1000.5), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, root, width, 1, 0, .nan), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, root, width, 1, 0, -.infinity), TETHER_E_INVALID_ARGUMENT)
        // Apple's rules and messages.
        XCTAssertEqual(new(width, eq, root, TETHER_ATTRIBUTE_LEFT), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().hasSuffix("Invalid pairing of layout attributes."), lastError())
        XCTAssertEqual(new(TETHER_ATTRIBUTE_TOP, eq, root, TETHER_ATTRIBUTE_LEFT), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(TETHER_ATTRIBUTE_LEFT, eq, 0, none, 1, 5), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().contains("location equal to a constant"), lastError())
        XCTAssertEqual(new(TETHER_ATTRIBUTE_LEADING, eq, root, TETHER_ATTRIBUTE_LEFT), TETHER_E_INVALID_ARGUMENT)
        XCTAssertTrue(lastError().hasPrefix("A constraint cannot be made between a leading/trailing attribute"), lastError())
        XCTAssertEqual(new(none, eq, root, width), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(new(width, eq, 0, width), TETHER_E_INVALID_ARGUMENT, "a second attribute needs a second item")
        XCTAssertEqual(new(width, eq, 0, none, 1, 10, 999.5), TETHER_OK, "fractional priorities are legal")

        // Priority changes on an active constraint.
        activate(e, [c])
        XCTAssertEqual(tether_layout_constraint_set_priority(e, c, 1000), TETHER_E_INVALID_STATE)
        XCTAssertTrue(lastError().hasPrefix("Mutating a priority from required to not on an installed constraint"), lastError())
        XCTAssertEqual(tether_layout_constraint_set_priority(e, c, 250), TETHER_OK)
        XCTAssertEqual(tether_layout_constraint_set_priority(e, c, 0), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_set_priority(e, c, .nan), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_set_constant(e, c, .nan), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_set_active(e, c, 2), TETHER_E_INVALID_ARGUMENT)
        var info = tether_layout_constraint_info()
        XCTAssertEqual(tether_layout_constraint_info_get(e, c, &info), TETHER_OK)
        XCTAssertEqual(info.priority, 250)
        XCTAssertEqual(info.constant, 10)
        XCTAssertEqual(info.is_active, 1)

        // View setters.
        XCTAssertEqual(tether_view_new(e, tether_rect(x: .nan, y: 0, width: 1, height: 1), &c), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_frame(e, v, tether_rect(x: 0, y: 0, width: .infinity, height: 1)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_autoresizing_mask(e, v, 64), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_autoresizing_mask(e, v, 63), TETHER_OK)
        XCTAssertEqual(tether_view_set_translates_autoresizing_mask(e, v, -1), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_measured(e, v, 7), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_hooks_enabled(e, v, 2), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_intrinsic_content_size(e, v, tether_size(width: -2, height: 1)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_intrinsic_content_size(e, v, tether_size(width: 1, height: .nan)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_content_hugging_priority(e, v, 2, 250), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_content_hugging_priority(e, v, TETHER_AXIS_HORIZONTAL, 1001), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_compression_resistance_priority(e, v, -1, 750), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_compression_resistance_priority(e, v, TETHER_AXIS_VERTICAL, -0.0), TETHER_E_INVALID_ARGUMENT)
        var p: Float = 0
        XCTAssertEqual(tether_view_content_hugging_priority(e, v, 5, &p), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_alignment_rect_insets(e, v, tether_insets(top: .nan, left: 0, bottom: 0, right: 0)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_layout_margins(e, v, tether_insets(top: 0, left: .infinity, bottom: 0, right: 0)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_safe_area_insets(e, v, tether_insets(top: 0, left: 0, bottom: -.infinity, right: 0)), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_semantic_content_attribute(e, v, 5), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_view_set_semantic_content_attribute(e, v, -1), TETHER_E_INVALID_ARGUMENT)
        XCTAssertEqual(tether_engine_set_default_direction(e, 2), TETHER_E_INVALID_ARGUMENT)
        // NULL out-pointers.
        XCTAssertEqual(tether_view_new(e, tether_rect(), nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_guide_new(e, nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_view_superview(e, v, nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_info_get(e, c, nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_layout_constraint_new(e, v, width, eq, 0, none, 1, 1, 1000, nil), TETHER_E_NULL_ARGUMENT)
        // Nothing above changed the view: it still lays out (mask 63 is harmless: v is not translating).
        var mask: tether_autoresizing = 0
        XCTAssertEqual(tether_view_autoresizing_mask(e, v, &mask), TETHER_OK)
        XCTAssertEqual(mask, 63)
        activate(e, [constraint(e, v, TETHER_ATTRIBUTE_LEFT, eq, root, TETHER_ATTRIBUTE_LEFT),
                     constraint(e, v, TETHER_ATTRIBUTE_TOP, eq, root, TETHER_ATTRIBUTE_TOP),
                     constraint(e, v, TETHER_ATTRIBUTE_HEIGHT, constant: 3)])
        layout(e, root)
        assertFrame(e, v, 0, 0, 10, 3)
    }
}
