import CTether
import Tether

// Layout guides and the identifiers of items (views and guides) through the C ABI.

@c @implementation
public func tether_guide_new(_ engine: OpaquePointer!, _ out: UnsafeMutablePointer<tether_guide>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        out.pointee = box.engine.makeLayoutGuide().id
    }
}

@c @implementation
public func tether_guide_free(_ engine: OpaquePointer!, _ guide: tether_guide) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let g = try box.guide(guide)
        guard !g.isSystemGuide else {
            throw StatusFailure(status: TETHER_E_INVALID_STATE,
                                message: "\(g) is a system guide (layout margins, safe area or a stack view's arrangement) of \(g.owningView.map { "\($0)" } ?? "a view"): it lives as long as its view needs it and cannot be freed")
        }
        box.engine.free(g)
    }
}

@c @implementation
public func tether_view_add_layout_guide(_ engine: OpaquePointer!, _ view: tether_view,
                                         _ guide: tether_guide) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let g = try box.guide(guide)
        try checkLayout { () throws(LayoutError) in try v.addLayoutGuide(g) }
    }
}

@c @implementation
public func tether_view_remove_layout_guide(_ engine: OpaquePointer!, _ view: tether_view,
                                            _ guide: tether_guide) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let g = try box.guide(guide)
        guard !g.isSystemGuide else {
            throw StatusFailure(status: TETHER_E_INVALID_STATE,
                                message: "\(g) is a system guide (layout margins, safe area or a stack view's arrangement): it cannot be removed from its view")
        }
        // As in UIKit, removing a guide the view does not own does nothing.
        v.removeLayoutGuide(g)
    }
}

@c @implementation
public func tether_guide_owning_view(_ engine: OpaquePointer!, _ guide: tether_guide,
                                     _ out: UnsafeMutablePointer<tether_view>!) -> tether_status {
    readProperty(engine, .guide, guide, out) { g in g.owningView?.id ?? 0 }
}

@c @implementation
public func tether_guide_layout_frame(_ engine: OpaquePointer!, _ guide: tether_guide,
                                      _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .guide, guide, out) { g in g.layoutFrame.cValue }
}

@c @implementation
public func tether_item_set_identifier(_ engine: OpaquePointer!, _ item: tether_item,
                                       _ identifier: UnsafePointer<CChar>!) -> tether_status {
    setProperty(engine, .item, item) { i throws(StatusFailure) in
        i.identifier = try decodeString(identifier, "identifier")
    }
}

@c @implementation
public func tether_item_identifier(_ engine: OpaquePointer!, _ item: tether_item,
                                   _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                   _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    readString(engine, .item, item, buffer, capacity, needed) { i in i.identifier }
}
