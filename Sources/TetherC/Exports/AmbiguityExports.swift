import CTether
import Tether

// Ambiguity checks through the C ABI (UIKit's hasAmbiguousLayout / exerciseAmbiguityInLayout).
// Each brings the item's root up to date first, as the Swift API does. No logic lives here.

@c @implementation
public func tether_item_has_ambiguous_layout(_ engine: OpaquePointer!, _ item: tether_item,
                                             _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let i = try box.item(item)
        let out = try require(out, "out")
        let found = try checkLayout { () throws(LayoutError) in try i.ambiguities() }
        out.pointee = found.isEmpty ? 0 : 1
    }
}

@c @implementation
public func tether_item_ambiguities(_ engine: OpaquePointer!, _ item: tether_item,
                                    _ out: UnsafeMutablePointer<tether_ambiguity>!, _ capacity: Int,
                                    _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let i = try box.item(item)
        let found = try checkLayout { () throws(LayoutError) in try i.ambiguities() }
        if found.isEmpty {
            needed?.pointee = 0
            return
        }
        let buffer = try checkCapacity(found.count, capacity: capacity, buffer: out, needed: needed,
                                       unit: "ambiguities")
        for (k, a) in found.enumerated() {
            buffer[k] = tether_ambiguity(attribute: a.attribute.rawValue, axis: a.axis.rawValue,
                                         lower: a.lower, upper: a.upper)
        }
    }
}

@c @implementation
public func tether_view_exercise_ambiguity_in_layout(_ engine: OpaquePointer!, _ view: tether_view,
                                                     _ moved: UnsafeMutablePointer<Int32>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let didMove = try checkLayout { () throws(LayoutError) in try v.exerciseAmbiguityInLayout() }
        moved?.pointee = didMove ? 1 : 0
    }
}
