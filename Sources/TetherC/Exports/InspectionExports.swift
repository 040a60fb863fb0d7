import CTether
import Tether

// Descriptions and inspection through the C ABI (Apple's description forms,
// constraintsAffectingLayout, the _autolayoutTrace-like dump). No logic lives here.

@c @implementation
public func tether_item_debug_name(_ engine: OpaquePointer!, _ item: tether_item,
                                   _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                   _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    readString(engine, .item, item, buffer, capacity, needed) { i in i.debugName }
}

@c @implementation
public func tether_item_description(_ engine: OpaquePointer!, _ item: tether_item,
                                    _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                    _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    readString(engine, .item, item, buffer, capacity, needed) { i in i.description }
}

@c @implementation
public func tether_item_constraints_affecting_layout(_ engine: OpaquePointer!, _ item: tether_item,
                                                     _ axisRaw: tether_axis,
                                                     _ out: UnsafeMutablePointer<tether_layout_constraint>!,
                                                     _ capacity: Int,
                                                     _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let i = try box.item(item)
        let a = try axis(axisRaw)
        let list = try checkLayout { () throws(LayoutError) in try i.constraintsAffectingLayout(for: a) }
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_view_broken_constraints(_ engine: OpaquePointer!, _ view: tether_view,
                                           _ out: UnsafeMutablePointer<tether_layout_constraint>!,
                                           _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let list = try checkLayout { () throws(LayoutError) in try v.brokenConstraints() }
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_item_referring_constraints(_ engine: OpaquePointer!, _ item: tether_item,
                                              _ out: UnsafeMutablePointer<tether_layout_constraint>!,
                                              _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let i = try box.item(item)
        let list = try checkLayout { () throws(LayoutError) in try i.referringConstraints() }
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_view_autolayout_trace(_ engine: OpaquePointer!, _ view: tether_view,
                                         _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                         _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let trace = try checkLayout { () throws(LayoutError) in try v.autolayoutTrace() }
        try copyString(trace, to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_view_layout_solver_stats(_ engine: OpaquePointer!, _ view: tether_view,
                                            _ laidOut: UnsafeMutablePointer<Int32>!,
                                            _ stats: UnsafeMutablePointer<tether_solver_stats>!,
                                            _ storage: UnsafeMutablePointer<tether_solver_storage>?) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let laidOut = try require(laidOut, "laid_out")
        let stats = try require(stats, "stats")
        guard let st = v.layoutSolverStatistics else {
            laidOut.pointee = 0
            stats.pointee = tether_solver_stats()
            storage?.pointee = tether_solver_storage()
            return
        }
        laidOut.pointee = 1
        stats.pointee = tether_solver_stats(
            variables: UInt64(st.variables), constraints: UInt64(st.constraints),
            added: UInt64(st.addedConstraints), edits: UInt64(st.editVariables), rows: UInt64(st.rows),
            cells: UInt64(st.cells), pivots: UInt64(st.pivots))
        storage?.pointee = tether_solver_storage(bytes: UInt64(st.bytes), definitions: UInt64(st.definitions))
    }
}
