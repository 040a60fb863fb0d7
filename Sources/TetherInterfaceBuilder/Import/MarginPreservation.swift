import Tether

/// UIKit's `preservesSuperviewLayoutMargins`, which Tether's view model does not have: a view
/// that preserves its superview's margins uses, on each edge, the larger of its own margin and
/// how far the superview's margin area reaches into it. That reach depends on the laid-out
/// frames, so it is applied after a layout pass and the roots laid out again, until nothing
/// changes (at most `maximumRounds` times: each round can only move views that the previous
/// round's margins moved). Views are visited in document order, so a superview's margins are
/// settled before its subviews read them.
enum MarginPreservation {
    static let maximumRounds = 4

    static func apply(to views: [(view: View, ownMargins: EdgeInsets)], roots: [View]) throws(LayoutError) {
        guard !views.isEmpty else { return }
        for _ in 0..<maximumRounds {
            var changed = false
            for (view, own) in views {
                guard let superview = view.superview else { continue }
                let outer = superview.effectiveLayoutMargins
                let size = superview.bounds.size
                let frame = view.frame
                let reach = EdgeInsets(top: outer.top - frame.minY, left: outer.left - frame.minX,
                                       bottom: frame.maxY - (size.height - outer.bottom),
                                       right: frame.maxX - (size.width - outer.right))
                // Tether adds the safe area to `layoutMargins` itself (`effectiveLayoutMargins`):
                // the margin to set is the reach less the safe area it will add back.
                let safe = view.insetsLayoutMarginsFromSafeArea ? view.safeAreaInsets : .zero
                let margins = EdgeInsets(top: Swift.max(own.top, reach.top - safe.top),
                                         left: Swift.max(own.left, reach.left - safe.left),
                                         bottom: Swift.max(own.bottom, reach.bottom - safe.bottom),
                                         right: Swift.max(own.right, reach.right - safe.right))
                if margins != view.layoutMargins {
                    view.layoutMargins = margins
                    changed = true
                }
            }
            guard changed else { return }
            for root in roots { try root.layoutIfNeeded() }
        }
    }
}
