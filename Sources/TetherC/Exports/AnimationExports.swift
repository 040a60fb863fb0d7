import CTether
import Tether

// Animation through the C ABI (tether/animation.h): the versioned block options, the calling
// thread's blocks, each engine's clock and its views' presentation frames. The animation
// itself is Tether's (Sources/Tether/Animation).

/// The options a caller passed, checked as the header says: only the fields the flags make
/// read are checked, and every failure names the field.
func animationOptions(_ pointer: UnsafePointer<tether_animation_options>?) throws(StatusFailure) -> AnimationOptions {
    let pointer = try require(pointer, "options")
    try VersionedOptions.check(UnsafeRawPointer(pointer), size: Int(pointer.pointee.struct_size),
                               knownSize: MemoryLayout<tether_animation_options>.size,
                               name: "tether_animation_options", initializer: "TETHER_ANIMATION_OPTIONS_INIT")
    let o = pointer.pointee
    let allFlags = UInt32(TETHER_ANIMATION_ALL_FLAGS)
    guard o.flags & ~allFlags == 0 else {
        throw invalidArgument("options->flags 0x\(String(o.flags, radix: 16)) has bits this library does not know "
            + "(TETHER_ANIMATION_ALL_FLAGS is 0x\(String(allFlags, radix: 16)))")
    }
    func on(_ bit: some BinaryInteger) -> Bool { o.flags & UInt32(bit) != 0 }
    try nonNegativeSeconds(o.duration, "options->duration")
    try nonNegativeSeconds(o.delay, "options->delay")
    var options = AnimationOptions(duration: o.duration, delay: o.delay,
                                   overridesInheritedDuration: on(TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION),
                                   overridesInheritedCurve: on(TETHER_ANIMATION_OVERRIDE_INHERITED_CURVE))
    if on(TETHER_ANIMATION_SPRING) {
        guard o.spring_damping.isFinite, o.spring_damping > 0 else {
            throw invalidArgument("options->spring_damping must be finite and greater than 0 (1 for no overshoot), "
                + "got \(o.spring_damping)")
        }
        guard o.initial_velocity.isFinite else {
            throw invalidArgument("options->initial_velocity must be finite, got \(o.initial_velocity)")
        }
        options.springDamping = o.spring_damping
        options.initialSpringVelocity = o.initial_velocity
    } else {
        options.curve = try enumCase(o.curve, "options->curve",
                                     isNot: "a TETHER_ANIMATION_CURVE_* value (0 ease-in-out, 1 ease-in, 2 ease-out, 3 linear)")
    }
    if let fn = o.completion {
        let context = o.completion_context
        options.completion = { finished in fn(context, finished ? 1 : 0) }
    }
    try checkLayout { () throws(LayoutError) in try options.validate() }
    return options
}

/// A time in seconds: finite and not negative.
private func nonNegativeSeconds(_ x: Double, _ name: String) throws(StatusFailure) {
    guard x.isFinite, x >= 0 else { throw invalidArgument("\(name) must be finite and >= 0 seconds, got \(x)") }
}

/// Runs a body that needs no handle (the calling thread's blocks), with its errors as statuses.
private func withoutHandle(_ body: () throws(StatusFailure) -> Void) -> tether_status {
    do {
        try body()
        return TETHER_OK
    } catch {
        return failure(error.status, error.message)
    }
}

// MARK: Blocks

@c @implementation
public func tether_animation_begin(_ options: UnsafePointer<tether_animation_options>!) -> tether_status {
    withoutHandle { () throws(StatusFailure) in
        let o = try animationOptions(options)
        try checkLayout { () throws(LayoutError) in try Animation.begin(o) }
    }
}

@c @implementation
public func tether_animation_begin_without_animation() -> tether_status {
    Animation.beginWithoutAnimation()
    return TETHER_OK
}

@c @implementation
public func tether_animation_commit() -> tether_status {
    withoutHandle { () throws(StatusFailure) in
        try checkLayout { () throws(LayoutError) in try Animation.commit() }
    }
}

@c @implementation
public func tether_animation_open_blocks(_ out: UnsafeMutablePointer<UInt32>!) -> tether_status {
    withoutHandle { () throws(StatusFailure) in
        try require(out, "out").pointee = UInt32(clamping: Animation.openBlockCount)
    }
}

@c @implementation
public func tether_animation_inherited_duration(_ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withoutHandle { () throws(StatusFailure) in
        try require(out, "out").pointee = Animation.inheritedDuration
    }
}

// MARK: The clock

@c @implementation
public func tether_engine_advance(_ engine: OpaquePointer!, _ seconds: Double) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        guard seconds.isFinite, seconds >= 0 else {
            throw invalidArgument("seconds must be finite and >= 0 (the clock only moves forward), got \(seconds)")
        }
        try checkLayout { () throws(LayoutError) in try box.engine.advance(by: seconds) }
    }
}

@c @implementation
public func tether_engine_set_animation_clock(_ engine: OpaquePointer!, _ time: Double) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        guard time.isFinite else { throw invalidArgument("time must be finite, got \(time)") }
        try checkLayout { () throws(LayoutError) in try box.engine.setAnimationClock(time) }
    }
}

@c @implementation
public func tether_engine_animation_clock(_ engine: OpaquePointer!, _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try require(out, "out").pointee = box.engine.animationClock
    }
}

@c @implementation
public func tether_engine_has_running_animations(_ engine: OpaquePointer!,
                                                 _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try require(out, "out").pointee = box.engine.hasRunningAnimations ? 1 : 0
    }
}

@c @implementation
public func tether_engine_remove_all_animations(_ engine: OpaquePointer!) -> tether_status {
    withEngine(engine) { box in box.engine.removeAllAnimations() }
}

// MARK: Presentation frames

@c @implementation
public func tether_view_presentation_frame(_ engine: OpaquePointer!, _ view: tether_view,
                                          _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.presentationFrame.cValue }
}

@c @implementation
public func tether_view_presentation_frame_at(_ engine: OpaquePointer!, _ view: tether_view, _ time: Double,
                                             _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .view, view, out) { v throws(StatusFailure) in
        v.presentationFrame(at: try finite(time, "time")).cValue
    }
}

@c @implementation
public func tether_view_presentation_frame_in(_ engine: OpaquePointer!, _ view: tether_view, _ ancestor: tether_view,
                                             _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let a = try box.view(ancestor, "ancestor")
        let rect = try checkLayout { () throws(LayoutError) in try v.presentationFrame(in: a) }
        try require(out, "out").pointee = rect.cValue
    }
}

@c @implementation
public func tether_view_presentation_velocity(_ engine: OpaquePointer!, _ view: tether_view,
                                             _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.presentationVelocity.cValue }
}

@c @implementation
public func tether_view_subtree_presentation_frames(_ engine: OpaquePointer!, _ root: tether_view,
                                                   _ views: UnsafeMutablePointer<tether_view>!,
                                                   _ frames: UnsafeMutablePointer<tether_rect>!, _ capacity: Int,
                                                   _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        // The order of tether_view_subtree_frames: pre-order, subviews in order, no recursion.
        var order: [View] = []
        var stack = [try box.view(root, "root")]
        while let v = stack.popLast() {
            order.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        guard checkedCapacity(capacity) >= order.count else {
            needed?.pointee = order.count
            throw StatusFailure(status: TETHER_E_BUFFER_TOO_SMALL,
                                message: "capacity \(capacity) is too small: \(order.count) views needed")
        }
        guard views != nil || frames != nil else {
            throw StatusFailure(status: TETHER_E_NULL_ARGUMENT, message: "views and frames are both NULL")
        }
        needed?.pointee = order.count
        for (i, v) in order.enumerated() {
            views?[i] = v.id
            frames?[i] = v.presentationFrame.cValue
        }
    }
}

@c @implementation
public func tether_view_is_animating(_ engine: OpaquePointer!, _ view: tether_view,
                                    _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.isAnimating ? 1 : 0 }
}

@c @implementation
public func tether_view_animation_end_time(_ engine: OpaquePointer!, _ view: tether_view,
                                          _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.animationEndTime }
}

@c @implementation
public func tether_view_remove_all_animations(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    setProperty(engine, .view, view) { v in v.removeAllAnimations() }
}
