import CTether
import Tether

/// The body of the subtree frame reads (tether_view_subtree_frames and
/// tether_view_subtree_presentation_frames): `root`'s subtree in pre-order (the root, then each
/// subview's subtree in subview order; an explicit stack, so deep hierarchies cannot overflow the
/// C caller's stack), ids into `views` and `frame(view)` into `frames`, in the two-call pattern.
func readSubtreeFrames(_ engine: OpaquePointer?, _ root: tether_view, _ views: UnsafeMutablePointer<tether_view>?,
                       _ frames: UnsafeMutablePointer<tether_rect>?, _ capacity: Int,
                       _ needed: UnsafeMutablePointer<Int>?, frame: @escaping (View) -> Rect) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
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
            frames?[i] = frame(v).cValue
        }
    }
}
