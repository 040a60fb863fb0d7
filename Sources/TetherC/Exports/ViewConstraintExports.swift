import CTether
import Tether

// UIKit's owner-based constraint API (a view's `constraints`, `addConstraints`,
// `removeConstraints`) and the update-constraints calls through the C ABI. No logic lives here.

@c @implementation
public func tether_view_constraints(_ engine: OpaquePointer!, _ view: tether_view,
                                    _ out: UnsafeMutablePointer<tether_layout_constraint>!,
                                    _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        try copyIDs(v.constraints, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_view_add_constraints(_ engine: OpaquePointer!, _ view: tether_view,
                                        _ constraints: UnsafePointer<tether_layout_constraint>!,
                                        _ count: Int, _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let batch = try resolveBatch(box, constraints, count, failedIndex)
        // Every constraint is checked before any is activated, naming the first that fails.
        for (i, c) in batch.enumerated() {
            do throws(LayoutError) {
                try v.validateAddConstraint(c)
            } catch {
                failedIndex?.pointee = i
                throw StatusFailure(status: error.status, message: "constraints[\(i)]: \(error.description)")
            }
        }
        try checkLayout { () throws(LayoutError) in try v.addConstraints(batch) }
    }
}

@c @implementation
public func tether_view_remove_constraints(_ engine: OpaquePointer!, _ view: tether_view,
                                           _ constraints: UnsafePointer<tether_layout_constraint>!,
                                           _ count: Int) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        v.removeConstraints(try resolveBatch(box, constraints, count, nil))
    }
}

@c @implementation
public func tether_view_needs_update_constraints(_ engine: OpaquePointer!, _ view: tether_view,
                                                 _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.needsUpdateConstraints() ? 1 : 0 }
}

@c @implementation
public func tether_view_update_constraints_if_needed(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try box.view(view).updateConstraintsIfNeeded()
    }
}
