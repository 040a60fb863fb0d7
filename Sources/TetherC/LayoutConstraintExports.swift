import CTether
import Tether

// Layout constraints through the C ABI: made inactive and validated as Apple does, activated
// one at a time or in checked batches, mutated in place (constant, priority, identifier), read
// back. No logic lives here.

@c @implementation
public func tether_layout_constraint_new(_ engine: OpaquePointer!, _ item1: tether_item,
                                         _ attribute1: tether_attribute, _ relationRaw: tether_relation,
                                         _ item2: tether_item, _ attribute2: tether_attribute,
                                         _ multiplier: Double, _ constant: Double, _ priority: Float,
                                         _ out: UnsafeMutablePointer<tether_layout_constraint>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        let first = try box.item(item1, "item1")
        let second = item2 == 0 ? nil : try box.item(item2, "item2")
        let a1 = try attribute(attribute1, "attribute1")
        let a2 = try attribute(attribute2, "attribute2")
        let r = try layoutRelation(relationRaw)
        let c = try checkLayout { () throws(LayoutError) in
            try LayoutConstraint(item: first, attribute: a1, relatedBy: r, toItem: second, attribute: a2,
                                 multiplier: multiplier, constant: constant, priority: LayoutPriority(priority))
        }
        out.pointee = c.id
    }
}

@c @implementation
public func tether_layout_constraint_free(_ engine: OpaquePointer!,
                                          _ constraint: tether_layout_constraint) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        box.engine.free(try box.constraint(constraint))
    }
}

@c @implementation
public func tether_layout_constraint_set_active(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                _ active: Int32) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let c = try box.constraint(constraint)
        let on = try flag(active, "active")
        try checkLayout { () throws(LayoutError) in try c.setActive(on) }
    }
}

/// Resolves `count` constraint ids, all of them, before anything is changed. On a bad id,
/// `failedIndex` (when given) receives its index.
private func resolveBatch(_ box: EngineBox, _ ids: UnsafePointer<tether_layout_constraint>?, _ count: Int,
                          _ failedIndex: UnsafeMutablePointer<Int>?) throws(StatusFailure) -> [LayoutConstraint] {
    guard count > 0 else { return [] }
    let ids = try require(ids, "constraints")
    var batch: [LayoutConstraint] = []
    batch.reserveCapacity(count)
    for i in 0..<count {
        do throws(StatusFailure) {
            batch.append(try box.constraint(ids[i], "constraints[\(i)]"))
        } catch {
            failedIndex?.pointee = i
            throw error
        }
    }
    return batch
}

@c @implementation
public func tether_layout_constraint_activate(_ engine: OpaquePointer!,
                                              _ constraints: UnsafePointer<tether_layout_constraint>!,
                                              _ count: Int, _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let batch = try resolveBatch(box, constraints, count, failedIndex)
        for (i, c) in batch.enumerated() {
            do throws(LayoutError) {
                try box.engine.validateActivation(c)
            } catch {
                failedIndex?.pointee = i
                throw StatusFailure(status: error.status, message: "constraints[\(i)]: \(error.description)")
            }
        }
        try checkLayout { () throws(LayoutError) in try activate(batch) }
    }
}

@c @implementation
public func tether_layout_constraint_deactivate(_ engine: OpaquePointer!,
                                                _ constraints: UnsafePointer<tether_layout_constraint>!,
                                                _ count: Int) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        deactivate(try resolveBatch(box, constraints, count, nil))
    }
}

@c @implementation
public func tether_layout_constraint_set_constant(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                  _ constant: Double) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let c = try box.constraint(constraint)
        try checkLayout { () throws(LayoutError) in try c.setConstant(constant) }
    }
}

@c @implementation
public func tether_layout_constraint_set_priority(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                  _ priority: Float) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let c = try box.constraint(constraint)
        try checkLayout { () throws(LayoutError) in try c.setPriority(LayoutPriority(priority)) }
    }
}

@c @implementation
public func tether_layout_constraint_set_identifier(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                    _ identifier: UnsafePointer<CChar>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let c = try box.constraint(constraint)
        c.identifier = try decodeString(identifier, "identifier")
    }
}

@c @implementation
public func tether_layout_constraint_info_get(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                              _ out: UnsafeMutablePointer<tether_layout_constraint_info>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let c = try box.constraint(constraint)
        let out = try require(out, "out")
        out.pointee = tether_layout_constraint_info(
            first_item: c.firstItem.id, second_item: c.secondItem?.id ?? 0,
            first_attribute: c.firstAttribute.rawValue, second_attribute: c.secondAttribute.rawValue,
            relation: c.relation.rawValue, priority: c.priority.rawValue, multiplier: c.multiplier,
            constant: c.constant, is_active: c.isActive ? 1 : 0, is_broken: c.isBroken ? 1 : 0)
    }
}

@c @implementation
public func tether_layout_constraint_identifier(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                                _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try copyString(try box.constraint(constraint).identifier, to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_layout_constraint_description(_ engine: OpaquePointer!, _ constraint: tether_layout_constraint,
                                                 _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                                 _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try copyString(try box.constraint(constraint).description, to: buffer, capacity: capacity, needed: needed)
    }
}
