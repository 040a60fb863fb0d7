import CTether
import Tether

// A view's margins and safe area through the C ABI: the properties as set, what the layout uses
// (effective margins, derived safe-area insets), and the switches between them.

@c @implementation
public func tether_view_set_layout_margins(_ engine: OpaquePointer!, _ view: tether_view,
                                           _ margins: tether_insets) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.layoutMargins = try EdgeInsets(validating: margins, "layout margins")
    }
}

@c @implementation
public func tether_view_layout_margins(_ engine: OpaquePointer!, _ view: tether_view,
                                       _ out: UnsafeMutablePointer<tether_insets>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.layoutMargins.cValue }
}

@c @implementation
public func tether_view_set_safe_area_insets(_ engine: OpaquePointer!, _ view: tether_view,
                                             _ insets: tether_insets) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.safeAreaInsets = try EdgeInsets(validating: insets, "safe area insets")
    }
}

@c @implementation
public func tether_view_safe_area_insets(_ engine: OpaquePointer!, _ view: tether_view,
                                         _ out: UnsafeMutablePointer<tether_insets>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.safeAreaInsets.cValue }
}

@c @implementation
public func tether_view_reset_safe_area_insets(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in v.resetSafeAreaInsets() }
}

@c @implementation
public func tether_view_safe_area_insets_are_derived(_ engine: OpaquePointer!, _ view: tether_view,
                                                     _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.safeAreaInsetsAreDerived ? 1 : 0 }
}

@c @implementation
public func tether_view_effective_layout_margins(_ engine: OpaquePointer!, _ view: tether_view,
                                                 _ out: UnsafeMutablePointer<tether_insets>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.effectiveLayoutMargins.cValue }
}

@c @implementation
public func tether_view_set_insets_layout_margins_from_safe_area(_ engine: OpaquePointer!, _ view: tether_view,
                                                                 _ insets: Int32) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.insetsLayoutMarginsFromSafeArea = try flag(insets, "insets")
    }
}

@c @implementation
public func tether_view_insets_layout_margins_from_safe_area(_ engine: OpaquePointer!, _ view: tether_view,
                                                             _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.insetsLayoutMarginsFromSafeArea ? 1 : 0 }
}

@c @implementation
public func tether_view_set_preserves_superview_layout_margins(_ engine: OpaquePointer!, _ view: tether_view,
                                                               _ preserves: Int32) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.preservesSuperviewLayoutMargins = try flag(preserves, "preserves")
    }
}

@c @implementation
public func tether_view_preserves_superview_layout_margins(_ engine: OpaquePointer!, _ view: tether_view,
                                                           _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.preservesSuperviewLayoutMargins ? 1 : 0 }
}
