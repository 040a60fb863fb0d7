/// The walks of a layout pass that call the host's hooks on every view of the tree: the
/// `updateConstraints` hooks bottom-up before a pass, and in frame mode (nothing to solve) the
/// system guides' frames and the `layoutSubviews` hooks top-down.
///
/// Both walk with an explicit stack: recursing once per level overflowed the thread's stack
/// (SIGSEGV) for a chain of views 25,000–75,000 deep, which adding views one level at a time
/// makes cheap to build (issue 18). They visit the views in the order the recursive walks did and
/// read each view's subviews at the same moment, so that a hook that changes the hierarchy sees
/// (and leaves) the same walk as before.
extension RootLayout {
    /// Runs the `updateConstraints` hook of every view of the tree that needs it
    /// (`View.runUpdateConstraintsHooks`).
    func runUpdateConstraints() { root.runUpdateConstraintsHooks() }

    /// Frame mode: nothing is solved; in pre-order, each view's system guides follow its bounds,
    /// then its `layoutSubviews` hook runs, then its subviews (as they are after the hook) are
    /// visited in subview order.
    func visitWithoutSolving() {
        var pending: [View] = [root]
        while let view = pending.popLast() {
            let bounds = view.unroundedBounds
            if view.hasMarginsGuide { view.marginsGuideStorage.layoutFrame = bounds.inset(by: view.effectiveLayoutMargins) }
            if view.hasSafeAreaGuide { view.safeAreaGuideStorage.layoutFrame = bounds.inset(by: view.safeAreaInsets) }
            view.layoutSubviewsHook?(view)
            // Reversed: the first subview is popped (and its subtree finished) first.
            pending.append(contentsOf: view.subviews.reversed())
        }
    }
}

extension View {
    /// Runs the `updateConstraints` hook of every view of this subtree that needs it, in
    /// post-order (a view's subviews' subtrees, in subview order, before the view itself, as
    /// UIKit updates constraints bottom-up). A view's subviews are read when the walk reaches the
    /// view, before any hook below it runs; later changes to that list do not change the walk.
    /// A layout pass runs it from the root; `updateConstraintsIfNeeded` from any view.
    func runUpdateConstraintsHooks() {
        var pending: [(view: View, subviews: [View], next: Int)] = [(self, subviews, 0)]
        while let top = pending.indices.last {
            let next = pending[top].next
            if next < pending[top].subviews.count {
                pending[top].next = next + 1
                let subview = pending[top].subviews[next]
                pending.append((subview, subview.subviews, 0))
                continue
            }
            let view = pending.removeLast().view
            if view.updateConstraintsNeeded {
                view.updateConstraintsNeeded = false
                view.updateConstraintsHook?(view)
            }
        }
    }
}
