import CTether
import Tether

// Engines through the C ABI: making and freeing them, their defaults, and the host callbacks
// (diagnostics, measuring, layout hooks). No logic lives here.

@c @implementation
public func tether_engine_new(_ out: UnsafeMutablePointer<OpaquePointer?>!) -> tether_status {
    makeHandle(EngineBox(), kind: .engine, out: out)
}

@c @implementation
public func tether_engine_free(_ engine: OpaquePointer!) -> tether_status {
    // Freed from inside one of its own callbacks, the engine lives until the call that runs the
    // pass returns; its callbacks are not called again meanwhile (EngineBox.isFreed).
    guard case .success(let box) = resolveHandle(engine, as: EngineBox.self, kind: .engine, name: "engine") else {
        return freeHandle(engine, as: EngineBox.self, kind: .engine, name: "engine")
    }
    box.isFreed = true
    let status = freeHandle(engine, as: EngineBox.self, kind: .engine, name: "engine")
    // The handle is dead now, so a completion that calls the library with it gets
    // TETHER_E_INVALID_HANDLE (and cannot free it twice); `box` keeps the engine alive until its
    // stopped animations' completions (finished = 0) have run.
    if status == TETHER_OK { box.engine.stopAllAnimations() }
    return status
}

@c @implementation
public func tether_engine_set_default_direction(_ engine: OpaquePointer!,
                                                _ direction: tether_layout_direction) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        box.engine.defaultDirection = try layoutDirection(direction)
    }
}

@c @implementation
public func tether_engine_set_superview_spacing_uses_layout_margins(_ engine: OpaquePointer!,
                                                                    _ enabled: Int32) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        box.engine.superviewSpacingUsesLayoutMargins = try flag(enabled, "enabled")
    }
}

@c @implementation
public func tether_engine_superview_spacing_uses_layout_margins(_ engine: OpaquePointer!,
                                                                _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try require(out, "out").pointee = box.engine.superviewSpacingUsesLayoutMargins ? 1 : 0
    }
}

@c @implementation
public func tether_engine_set_display_scale(_ engine: OpaquePointer!, _ scale: Double) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try checkLayout { () throws(LayoutError) in try box.engine.setDisplayScale(scale) }
    }
}

@c @implementation
public func tether_engine_display_scale(_ engine: OpaquePointer!,
                                        _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try require(out, "out").pointee = box.engine.displayScale
    }
}

@c @implementation
public func tether_engine_set_diagnostic_handler(_ engine: OpaquePointer!, _ fn: tether_diagnostic_fn!,
                                                 _ context: UnsafeMutableRawPointer!) -> tether_status {
    withEngine(engine) { box in
        box.setDiagnosticHandler(fn, context)
    }
}

@c @implementation
public func tether_engine_set_measure_callback(_ engine: OpaquePointer!, _ fn: tether_measure_fn!,
                                               _ context: UnsafeMutableRawPointer!) -> tether_status {
    withEngine(engine) { box in
        box.measureFn = fn
        box.measureDataFn = nil
        box.measureContext = context
    }
}

@c @implementation
public func tether_engine_set_measure_data_callback(_ engine: OpaquePointer!, _ fn: tether_measure_data_fn!,
                                                    _ context: UnsafeMutableRawPointer!) -> tether_status {
    withEngine(engine) { box in
        box.measureDataFn = fn
        box.measureFn = nil
        box.measureContext = context
    }
}

@c @implementation
public func tether_engine_set_layout_hooks(_ engine: OpaquePointer!, _ updateConstraints: tether_view_hook_fn!,
                                           _ layoutSubviews: tether_view_hook_fn!,
                                           _ context: UnsafeMutableRawPointer!) -> tether_status {
    withEngine(engine) { box in
        box.updateConstraintsFn = updateConstraints
        box.layoutSubviewsFn = layoutSubviews
        box.hookContext = context
    }
}

@c @implementation
public func tether_engine_layout_all(_ engine: OpaquePointer!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try checkLayout { () throws(LayoutError) in try box.engine.layoutAll() }
    }
}
