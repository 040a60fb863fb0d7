import CTether
import Tether

// Engines through the C ABI: making and freeing them, their defaults, and the host callbacks
// (diagnostics, measuring, layout hooks). No logic lives here.

@c @implementation
public func tether_engine_new(_ out: UnsafeMutablePointer<OpaquePointer?>!) -> tether_status {
    guard let out else { return failure(TETHER_E_NULL_ARGUMENT, "out is NULL") }
    let raw = Unmanaged.passRetained(EngineBox()).toOpaque()
    HandleRegistry.shared.insert(raw, kind: .engine)
    out.pointee = OpaquePointer(raw)
    return TETHER_OK
}

@c @implementation
public func tether_engine_free(_ engine: OpaquePointer!) -> tether_status {
    guard let engine else { return failure(TETHER_E_NULL_ARGUMENT, "engine handle is NULL") }
    let raw = UnsafeMutableRawPointer(engine)
    guard HandleRegistry.shared.remove(raw, kind: .engine) else {
        return failure(TETHER_E_INVALID_HANDLE, "engine handle \(raw) is not a live tether_engine")
    }
    // Called from inside one of this engine's callbacks, the shim that made the callback still
    // holds the box: it is deallocated when that call returns.
    Unmanaged<EngineBox>.fromOpaque(raw).release()
    return TETHER_OK
}

@c @implementation
public func tether_engine_set_default_direction(_ engine: OpaquePointer!,
                                                _ direction: tether_layout_direction) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        box.engine.defaultDirection = try layoutDirection(direction)
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
