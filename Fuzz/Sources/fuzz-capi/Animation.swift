#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CTether
import FuzzSupport

/// The operations added for issue 25 (tether/animation.h and the animated SVG of render.h),
/// chosen by extendedStep. Blocks are per thread, so they open and close around whatever the
/// program does between (layouts, frame and constant changes, frees), and completions may run
/// the callback script. Oracles:
/// - tether_animation_begin accepts exactly the options the header calls valid (a model of the
///   rules below), opens one block when it does and nothing when it does not; commit without an
///   open block is refused; tether_animation_open_blocks always equals the program's count;
/// - a completion runs at most once, never before its block was committed, and every committed
///   block's completion has run once the program ends (its blocks committed, its engines freed);
/// - the clock only moves forward, by exactly what was asked, and is untouched when refused;
/// - presentation frames, velocities, end times and sample times are finite; a view that does
///   not animate shows its model frame; once the clock passes every end time nothing animates;
/// - a frame changed in an animation block starts from where the view is shown: its presentation
///   frame does not jump (nor, for timings that start at rest, its velocity);
/// - an animated SVG never writes a non-finite number.
final class CompletionRecord {
    unowned let program: Program
    var committed = false
    var calls = 0

    init(_ program: Program) { self.program = program }
}

extension Program {
    func animationStep(_ input: inout FuzzInput) {
        switch input.byte() % 8 {
        case 0, 1: beginBlock(&input)
        case 2: commitBlock()
        case 3: moveClock(&input)
        case 4: presentation(&input)
        case 5: animatedChange(&input)
        case 6: animatedSVG(&input)
        default: settle(&input)
        }
    }

    // MARK: Blocks

    func beginBlock(_ input: inout FuzzInput) {
        let selector = input.byte()
        if selector < 32 {
            if check(tether_animation_begin_without_animation(), "animation_begin_without_animation") != TETHER_OK {
                fuzzFailure("animation_begin_without_animation failed")
            }
            openBlocks.append(nil)
            checkOpenBlocks("begin_without_animation")
            return
        }
        if selector < 40 {
            if check(tether_animation_begin(nil), "animation_begin(NULL)") != TETHER_E_NULL_ARGUMENT {
                fuzzFailure("animation_begin(NULL) did not give TETHER_E_NULL_ARGUMENT")
            }
            checkOpenBlocks("begin(NULL)")
            return
        }
        let known = MemoryLayout<tether_animation_options>.size
        var options = tether_animation_options()
        options.struct_size = UInt32(known)
        options.flags = input.byte() < 240 ? UInt32(input.byte()) & UInt32(TETHER_ANIMATION_ALL_FLAGS) : input.u32()
        options.duration = input.byte() < 192 ? input.pick([0, 0.25, 0.5, 1, 1e-9]) : special(&input)
        options.delay = input.byte() < 192 ? input.pick([0, 0, 0.1]) : special(&input)
        options.spring_damping = input.byte() < 192 ? input.pick([1, 0.3, 2]) : special(&input)
        options.initial_velocity = input.byte() < 192 ? input.pick([0, 5, -3]) : special(&input)
        options.curve = input.byte() < 240 ? Int32(input.byte() % 5) : Int32(bitPattern: input.u32())
        let record = input.byte() < 200 ? CompletionRecord(self) : nil
        if let record {
            options.completion = completionCallback
            options.completion_context = Unmanaged.passUnretained(record).toOpaque()
        }
        // The struct as a newer header might pass it: longer, with its unknown bytes 0 (accepted)
        // or not (refused); or shorter than any version (refused).
        var size = known
        var trailingNonZero = false
        switch input.byte() % 16 {
        case 0: size = known + 8
        case 1: size = known + 8; trailingNonZero = true
        case 2: size = input.pick([0, 8, known - 8])
        default: break
        }
        options.struct_size = UInt32(size)
        let spring = options.flags & UInt32(TETHER_ANIMATION_SPRING) != 0
        let valid = size >= known && !trailingNonZero
            && options.flags & ~UInt32(TETHER_ANIMATION_ALL_FLAGS) == 0
            && options.duration.isFinite && options.duration >= 0
            && options.delay.isFinite && options.delay >= 0
            && (spring ? options.spring_damping.isFinite && options.spring_damping > 0 && options.initial_velocity.isFinite
                       : (0...3).contains(options.curve))

        let storage = UnsafeMutableRawPointer.allocate(byteCount: known + 8, alignment: 16)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: known + 8)
        storage.storeBytes(of: options, as: tether_animation_options.self)
        if trailingNonZero { storage.storeBytes(of: UInt8(1), toByteOffset: known + 3, as: UInt8.self) }
        let status = check(tether_animation_begin(storage.assumingMemoryBound(to: tether_animation_options.self)),
                           "animation_begin")
        if (status == TETHER_OK) != valid {
            fuzzFailure("animation_begin gave \(String(cString: tether_status_name(status))) for options the header calls "
                        + "\(valid ? "valid" : "invalid"): size \(size), flags \(options.flags), duration \(options.duration), "
                        + "delay \(options.delay), damping \(options.spring_damping), velocity \(options.initial_velocity), "
                        + "curve \(options.curve)")
        }
        if status == TETHER_OK {
            openBlocks.append(record)
            if let record { completions.append(record) }
        } else if status != TETHER_E_INVALID_ARGUMENT {
            fuzzFailure("animation_begin refused options with \(String(cString: tether_status_name(status)))")
        }
        checkOpenBlocks("begin")
    }

    func commitBlock() {
        guard let record = openBlocks.popLast() else {
            if check(tether_animation_commit(), "animation_commit(none open)") != TETHER_E_INVALID_STATE {
                fuzzFailure("animation_commit with no open block did not give TETHER_E_INVALID_STATE")
            }
            checkOpenBlocks("commit(none open)")
            return
        }
        // Marked before the call: the completion of a block that animated nothing runs inside it.
        record?.committed = true
        if check(tether_animation_commit(), "animation_commit") != TETHER_OK { fuzzFailure("animation_commit failed") }
        checkOpenBlocks("commit")
    }

    func checkOpenBlocks(_ after: String) {
        var count: UInt32 = 0xdead
        if check(tether_animation_open_blocks(&count), "animation_open_blocks") != TETHER_OK || Int(count) != openBlocks.count {
            fuzzFailure("after \(after): \(count) blocks open, the program opened \(openBlocks.count)")
        }
        var duration = -1.0
        if check(tether_animation_inherited_duration(&duration), "animation_inherited_duration") != TETHER_OK
            || !duration.isFinite || duration < 0 {
            fuzzFailure("after \(after): inherited duration \(duration)")
        }
    }

    /// Closes what the program left open and checks that every committed block's completion ran
    /// once (called after the engines were freed: that stops and completes what still ran).
    func finishAnimations() {
        while !openBlocks.isEmpty { commitBlock() }
        for record in completions where record.calls != 1 {
            fuzzFailure("a committed block's completion ran \(record.calls) times by the end")
        }
        completions = []
    }

    // MARK: The clock

    func moveClock(_ input: inout FuzzInput) {
        let h = engineHandle(&input)
        var before = 0.0
        let known = check(tether_engine_animation_clock(h, &before), "animation_clock") == TETHER_OK
        let advancing = input.bool()
        let amount = input.byte() < 200 ? input.pick([1.0 / 60, 0.1, 0.25, 1, 0, 10]) : special(&input)
        let status: tether_status
        let target: Double
        if advancing {
            status = check(tether_engine_advance(h, amount), "engine_advance")
            target = before + amount
        } else {
            target = input.bool() ? before + amount : amount
            status = check(tether_engine_set_animation_clock(h, target), "engine_set_animation_clock")
        }
        guard known else {
            if status == TETHER_OK { fuzzFailure("the clock of a bad handle moved") }
            return
        }
        var after = 0.0
        if check(tether_engine_animation_clock(h, &after), "animation_clock") != TETHER_OK { fuzzFailure("clock unreadable") }
        let valid = amount.isFinite && target.isFinite && target >= before && (advancing ? amount >= 0 : true)
        if (status == TETHER_OK) != valid {
            fuzzFailure("moving the clock from \(before) \(advancing ? "by" : "to") \(advancing ? amount : target) "
                        + "gave \(String(cString: tether_status_name(status)))")
        }
        // A completion the move ran may have run the callback script, which may move it again.
        if callbacksQuiet && after != (status == TETHER_OK ? target : before) {
            fuzzFailure("the clock is \(after) after moving from \(before) to \(target) (\(String(cString: tether_status_name(status))))")
        }
    }

    // MARK: Presentation

    func presentation(_ input: inout FuzzInput) {
        let h = engineHandle(&input)
        let e = engine(h)
        let v = view(&input, e)
        var model = tether_rect(), shown = tether_rect(), velocity = tether_rect()
        var animating: Int32 = -1, end = 0.0, clock = 0.0
        let status = check(tether_view_presentation_frame(h, v, &shown), "presentation_frame")
        guard status == TETHER_OK else { return }
        if check(tether_view_frame(h, v, &model), "view_frame") != TETHER_OK
            || check(tether_view_presentation_velocity(h, v, &velocity), "presentation_velocity") != TETHER_OK
            || check(tether_view_is_animating(h, v, &animating), "is_animating") != TETHER_OK
            || check(tether_view_animation_end_time(h, v, &end), "animation_end_time") != TETHER_OK
            || check(tether_engine_animation_clock(h, &clock), "animation_clock") != TETHER_OK {
            fuzzFailure("a view with a presentation frame has no frame, velocity or animation state")
        }
        if !finite(shown) || !finite(velocity) || !end.isFinite {
            fuzzFailure("presentation frame \(shown), velocity \(velocity), end time \(end): not finite")
        }
        if animating == 0 && (!same(shown, model) || !same(velocity, tether_rect()) || end != clock) {
            fuzzFailure("a view that does not animate shows \(shown) (model \(model)), velocity \(velocity), end \(end) at \(clock)")
        }
        if animating == 1 && end < clock { fuzzFailure("an animating view ended at \(end), before the clock \(clock)") }

        let time = input.byte() < 200 ? clock + input.pick([0, 0.05, 0.2, 1, 1e9, -1]) : special(&input)
        var at = tether_rect()
        let atStatus = check(tether_view_presentation_frame_at(h, v, time, &at), "presentation_frame_at")
        if (atStatus == TETHER_OK) != time.isFinite { fuzzFailure("presentation_frame_at(\(time)) gave \(atStatus)") }
        if atStatus == TETHER_OK {
            if !finite(at) { fuzzFailure("presentation frame at \(time): \(at)") }
            if time >= end && !same(at, model) { fuzzFailure("at \(time), after the end \(end), shows \(at), not the model \(model)") }
        }
        var inAncestor = tether_rect()
        let ancestor = input.bool() ? view(&input, e) : v
        if check(tether_view_presentation_frame_in(h, v, ancestor, &inAncestor), "presentation_frame_in") == TETHER_OK,
           !finite(inAncestor) {
            fuzzFailure("presentation frame in an ancestor: \(inAncestor)")
        }
        var views: [tether_view] = []
        let frames: [tether_rect]? = twoCall(&input, "subtree_presentation_frames") { buffer, capacity, needed in
            views = Array(repeating: 0, count: capacity)
            return views.withUnsafeMutableBufferPointer { tether_view_subtree_presentation_frames(h, v, $0.baseAddress, buffer, capacity, needed) }
        }
        if let frames, frames.contains(where: { !finite($0) }) { fuzzFailure("a subtree presentation frame is not finite") }
    }

    /// Stops animations, or moves the clock past every end: nothing animates after.
    func settle(_ input: inout FuzzInput) {
        guard let e = live(&input) else { return }
        let h = e.handle
        switch input.byte() % 3 {
        case 0:
            // Stopped tracks count as running until the next advance runs their completions.
            check(tether_engine_remove_all_animations(h), "engine_remove_all_animations")
            if check(tether_engine_advance(h, 0), "engine_advance(0)") != TETHER_OK { fuzzFailure("advance(0) failed") }
        case 1:
            check(tether_view_remove_all_animations(h, view(&input, e)), "view_remove_all_animations")
            return
        default:
            var last = 0.0
            if check(tether_engine_animation_clock(h, &last), "animation_clock") != TETHER_OK { fuzzFailure("clock unreadable") }
            for v in e.views {
                var end = 0.0
                if tether_view_animation_end_time(h, v, &end) == TETHER_OK { last = max(last, end) }
            }
            if check(tether_engine_set_animation_clock(h, last), "set_animation_clock(last end)") != TETHER_OK {
                fuzzFailure("could not move the clock to the last end time \(last)")
            }
        }
        // Completions that ran may have run the callback script, which may animate again.
        guard callbacksQuiet else { return }
        var running: Int32 = -1
        if check(tether_engine_has_running_animations(h, &running), "has_running_animations") != TETHER_OK || running != 0 {
            fuzzFailure("animations still run after they were stopped or ended (\(running))")
        }
        for v in e.views {
            var model = tether_rect(), shown = tether_rect()
            guard tether_view_frame(h, v, &model) == TETHER_OK else { continue }
            if check(tether_view_presentation_frame(h, v, &shown), "presentation_frame") != TETHER_OK || !same(shown, model) {
                fuzzFailure("nothing animates, yet a view shows \(shown), not its model frame \(model)")
            }
        }
    }

    /// One frame change in a block of its own, interrupting whatever the view was doing: right
    /// after it the view shows the frame it showed before (position and size continuous; the
    /// velocity too when the new timing starts at rest), or its new frame at once when the change
    /// did not animate (the block sits inside one that does not, or inherits a duration of 0).
    func animatedChange(_ input: inout FuzzInput) {
        guard let e = live(&input), !e.views.isEmpty else { return }
        let h = e.handle
        let v = e.views[input.below(e.views.count)]
        var before = tether_rect(), velocityBefore = tether_rect(), model = tether_rect()
        guard tether_view_presentation_frame(h, v, &before) == TETHER_OK,
              check(tether_view_presentation_velocity(h, v, &velocityBefore), "presentation_velocity") == TETHER_OK,
              check(tether_view_frame(h, v, &model), "view_frame") == TETHER_OK else { return }
        var options = tether_animation_options()
        options.struct_size = UInt32(MemoryLayout<tether_animation_options>.size)
        options.duration = input.pick([0.25, 1, 1e-9, 1e6, 0])
        options.delay = input.pick([0, 0, 0.1, 1e6])
        options.spring_damping = input.pick([1, 0.2, 3])
        options.initial_velocity = input.pick([0, 0, 10, -10])
        options.curve = Int32(input.byte() % 4)
        options.flags = UInt32(input.byte()) & UInt32(TETHER_ANIMATION_ALL_FLAGS)
        let record = CompletionRecord(self)
        options.completion = completionCallback
        options.completion_context = Unmanaged.passUnretained(record).toOpaque()
        let outermost = openBlocks.isEmpty
        guard check(tether_animation_begin(&options), "animation_begin(change)") == TETHER_OK else {
            fuzzFailure("animation_begin refused valid options")
        }
        openBlocks.append(record)
        completions.append(record)
        let target = rect(&input)
        let changed = check(tether_view_set_frame(h, v, target), "view_set_frame(animated)") == TETHER_OK
        commitBlock()
        guard changed, callbacksQuiet else { return }
        var after = tether_rect(), velocityAfter = tether_rect(), newModel = tether_rect()
        if check(tether_view_presentation_frame(h, v, &after), "presentation_frame(after change)") != TETHER_OK
            || check(tether_view_presentation_velocity(h, v, &velocityAfter), "presentation_velocity(after change)") != TETHER_OK
            || check(tether_view_frame(h, v, &newModel), "view_frame(after change)") != TETHER_OK {
            fuzzFailure("a view changed in a block cannot be read after")
        }
        let scale = [before, model, newModel].map { max(abs($0.x), abs($0.y), abs($0.width), abs($0.height)) }.max()! + 1
        func near(_ a: tether_rect, _ b: tether_rect, _ tolerance: Double) -> Bool {
            abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
                && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
        }
        let continuous = near(after, before, scale * 1e-9)
        // Not animated, the new model frame shows at once, plus what the running animations
        // still add (they keep running, as UIKit's additive animations do).
        let offset = tether_rect(x: before.x - model.x + newModel.x, y: before.y - model.y + newModel.y,
                                 width: before.width - model.width + newModel.width,
                                 height: before.height - model.height + newModel.height)
        let mayStayStill = !outermost || options.duration == 0
        if !continuous && !(mayStayStill && near(after, offset, scale * 1e-9))
            && !jumpedAsDocumented(h, shown: (before, velocityBefore), models: (model, newModel),
                                   after: (after, velocityAfter), options) {
            fuzzFailure("a frame change in a block (duration \(options.duration), outermost \(outermost)) jumped: "
                        + "shown \(before) before, \(after) after; model \(model) -> \(newModel)")
        }
        let spring = options.flags & UInt32(TETHER_ANIMATION_SPRING) != 0
        let startsAtRest = options.delay > 0 || (spring ? options.initial_velocity == 0
            : [TETHER_ANIMATION_CURVE_EASE_IN, TETHER_ANIMATION_CURVE_EASE_IN_OUT].contains(options.curve))
        if outermost && continuous && startsAtRest && !near(velocityAfter, velocityBefore, scale * 1e-6) {
            fuzzFailure("a frame change from rest (spring \(spring), curve \(options.curve)) changed the velocity: "
                        + "\(velocityBefore) -> \(velocityAfter)")
        }
    }

    /// The header's one exception to continuity: a view whose motion doubles cannot hold (frames
    /// near ±1.8e308, 1e300 points in 1e-9 s, a clock near the largest double) jumps to its model
    /// frame, at rest. The engine's own bound is `Double.greatestFiniteMagnitude / 16` over every
    /// running animation's reach and rate; this lower bound on what it adds up (the numbers in
    /// sight: frames, velocity, the change and its average rate, the clock) allows the jump only
    /// past a limit a billion times lower, so a jump of everyday magnitudes still fails.
    func jumpedAsDocumented(_ h: OpaquePointer, shown: (frame: tether_rect, velocity: tether_rect),
                            models: (old: tether_rect, new: tether_rect), after: (frame: tether_rect, velocity: tether_rect),
                            _ options: tether_animation_options) -> Bool {
        func parts(_ r: tether_rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        guard same(after.frame, models.new), parts(after.velocity).allSatisfy({ $0 == 0 }) else { return false }
        let limit = Double.greatestFiniteMagnitude / 1e9
        var clock = 0.0
        _ = tether_engine_animation_clock(h, &clock)
        let change = zip(parts(shown.frame), parts(models.new)).map { abs($0 - $1) }
        let rates = change.map { d in max(options.duration > 0 ? d / options.duration : 0, d * abs(options.initial_velocity)) }
        let magnitudes = [shown.frame, shown.velocity, models.old, models.new].flatMap(parts).map(abs)
            + change + rates + [abs(clock) + abs(options.delay) + abs(options.duration)]
        return magnitudes.contains { !($0 <= limit) }
    }

    // MARK: Animated SVG

    func animatedSVG(_ input: inout FuzzInput) {
        guard let e = live(&input), !e.views.isEmpty else { return }
        let h = e.handle
        let v = e.views[input.below(e.views.count)]
        // Rates that keep documents small (a few seconds at most 60 a second), and special ones:
        // those asking for more than 100,000 samples must be refused, not drawn.
        let fps = input.byte() < 200 ? input.pick([60.0, 10, 1]) : special(&input)
        var animation = tether_svg_animation_options(struct_size: UInt32(MemoryLayout<tether_svg_animation_options>.size),
                                                     flags: input.byte() < 240 ? UInt32(input.byte() & 1) : input.u32(),
                                                     frames_per_second: fps,
                                                     repeat_count: input.byte() < 200 ? input.pick([0.0, 2, 0.5]) : special(&input))
        let times: [Double]? = twoCall(&input, "animation_sample_times") { buffer, capacity, needed in
            tether_view_animation_sample_times(h, v, fps, buffer, capacity, needed)
        }
        if let times {
            if times.contains(where: { !$0.isFinite }) { fuzzFailure("a sample time is not finite") }
            if zip(times, times.dropFirst()).contains(where: { $0 >= $1 }) { fuzzFailure("sample times do not increase: \(times.prefix(20))") }
        }
        var svg = tether_svg_options(struct_size: UInt32(MemoryLayout<tether_svg_options>.size),
                                     flags: UInt32(TETHER_SVG_DEFAULT_FLAGS), scale: 1, padding: 8, presentation_time: 0)
        if input.bool() {
            svg.flags |= UInt32(TETHER_SVG_PRESENTATION)
            svg.presentation_time = input.byte() < 200 ? input.pick([0.0, 0.1, 1]) : special(&input)
            let (status, still) = text("render_svg(presentation)") { tether_view_render_svg(h, v, &svg, $0, $1, $2) }
            if status == TETHER_OK && !svg.presentation_time.isFinite { fuzzFailure("render_svg took presentation time \(svg.presentation_time)") }
            if let still, let bad = nonFiniteAttribute(still) { fuzzFailure("a still wrote \(bad)") }
        }
        let (status, document) = text("render_animated_svg") { tether_view_render_animated_svg(h, v, &svg, &animation, $0, $1, $2) }
        if status == TETHER_OK {
            if !fps.isFinite || fps <= 0 { fuzzFailure("render_animated_svg took \(fps) frames a second") }
            if let document, let bad = nonFiniteAttribute(document) { fuzzFailure("an animated SVG wrote \(bad)") }
        }
    }

    /// The first attribute value of an SVG document that holds "inf" or "nan" (titles are text
    /// for people, "anywhere in [-inf, inf]", and are skipped).
    func nonFiniteAttribute(_ svg: String) -> String? {
        for tag in svg.split(separator: "<") where !tag.hasPrefix("title>") {
            for (i, part) in tag.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            where i % 2 == 1 && (part.contains("inf") || part.lowercased().contains("nan")) {
                return String(tag.prefix(200))
            }
        }
        return nil
    }

    func finite(_ r: tether_rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite }

    func same(_ a: tether_rect, _ b: tether_rect) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }
}

/// A completion: at most once, never before its block was committed; then the callback script
/// (completions may call the library).
private let completionCallback: tether_animation_completion_fn = { context, finished in
    let record = Unmanaged<CompletionRecord>.fromOpaque(context!).takeUnretainedValue()
    if !record.committed { fuzzFailure("a completion ran before its block was committed") }
    if record.calls != 0 { fuzzFailure("a completion ran a second time") }
    if finished != 0 && finished != 1 { fuzzFailure("a completion got finished = \(finished)") }
    record.calls += 1
    record.program.runCallbackScript()
}
