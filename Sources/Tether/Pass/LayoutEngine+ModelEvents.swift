/// What the model (views, guides, constraints, stack views) tells the layout pass, and the only
/// way it reaches the pass's state: a model object reports what changed and the engine decides
/// which root layout to mark, queue or rebuild. The pass's fields (`dirtyRoots`, `rootLayouts`
/// and each `RootLayout`'s) are written here and in Pass/ only (docs/architecture.md).
extension LayoutEngine {
    // MARK: Dirty tracking

    func markNeedsLayout(_ root: View) {
        dirtyRoots[ObjectIdentifier(root)] = root
    }

    /// `root` needs a pass; `rebuild` when the change affects the shape of the solver's
    /// constraints (not just a root size or a content size).
    func itemChanged(root: View, rebuild: Bool) {
        markNeedsLayout(root)
        if rebuild { rootLayouts[ObjectIdentifier(root)]?.needsRebuild = true }
    }

    func hierarchyChanged(root: View) {
        rootLayout(root).needsRebuild = true
        markNeedsLayout(root)
    }

    package func rootLayout(_ root: View) -> RootLayout {
        if let existing = rootLayouts[ObjectIdentifier(root)] { return existing }
        let layout = RootLayout(engine: self, root: root)
        rootLayouts[ObjectIdentifier(root)] = layout
        return layout
    }

    func constantChanged(_ c: LayoutConstraint) {
        guard let root = c.commonAncestor?.rootView else { return }
        rootLayout(root).constantChanged(c)
        markNeedsLayout(root)
    }

    func priorityChanged(_ c: LayoutConstraint) {
        guard let root = c.commonAncestor?.rootView else { return }
        rootLayout(root).priorityChanged(c)
        markNeedsLayout(root)
    }

    /// A constraint became broken (or stopped being): counted, so that a pass need not look
    /// through every active constraint for one.
    func brokenStateChanged(isBroken: Bool) {
        brokenConstraintCount += isBroken ? 1 : -1
    }

    // MARK: Views

    /// A view that was a root until now is about to become a subview: its pass is its new root's
    /// from here on, so it leaves the dirty roots (there it was only ever skipped, yet every
    /// layoutAll walked it: issue 18), and its layout is dropped at the next pass, as it was
    /// when every pass looked for such layouts among all of them (`layoutIfNeeded`).
    func viewWillBecomeSubview(_ view: View) {
        dirtyRoots[ObjectIdentifier(view)] = nil
        if rootLayouts[ObjectIdentifier(view)] != nil { formerRoots[ObjectIdentifier(view)] = view }
    }

    /// `view`'s content size changed: its root is dirty and the view is queued for the root's next
    /// pass, which reads its content size again (only queued views are read, besides those with
    /// a measure callback).
    func contentSizeChanged(of view: View, root: View) {
        markNeedsLayout(root)
        // Without a layout yet, the root's first pass is a rebuild, which reads every view.
        guard let layout = rootLayouts[ObjectIdentifier(root)], view.contentSizePendingIn !== layout else { return }
        view.contentSizePendingIn = layout
        layout.pendingContentSizes.append(view)
    }

    /// A view of `root` gained or lost its layoutSubviews hook: the root's list of hooked views
    /// (`RootLayout.hookedViews`) is made again at its next pass.
    func layoutHooksChanged(root: View) {
        rootLayouts[ObjectIdentifier(root)]?.hooksStale = true
    }

    /// A view of `root` asked for updateConstraints: the pass walks the hierarchy for hooks.
    func updateConstraintsRequested(root: View) {
        rootLayouts[ObjectIdentifier(root)]?.updateConstraintsPending = true
    }

    /// Whether `view` has variables in its root's constraint-based layout (its autoresizing
    /// constraints then take part in the solve).
    func takesPartInSolve(_ view: View, root: View) -> Bool {
        rootLayouts[ObjectIdentifier(root)].map {
            $0.isConstraintBased && $0.variables[ObjectIdentifier(view)] != nil
        } ?? false
    }

    /// The autoresizing constraints handed out for `view` until the next pass, made by `make`
    /// the first time they are asked for.
    func inspectionConstraints(of view: View, make: () -> [LayoutConstraint]) -> [LayoutConstraint] {
        if let cached = inspectionConstraints[ObjectIdentifier(view)] { return cached }
        let list = make()
        inspectionConstraints[ObjectIdentifier(view)] = list
        return list
    }

    /// The constraints `stack` generated for its arrangement at its root's last pass.
    func arrangementConstraints(of stack: StackView, root: View) -> [LayoutConstraint] {
        rootLayout(root).stackConstraints[ObjectIdentifier(stack)] ?? []
    }

    /// Makes a root view (or stack view) with `frame`: registered, and dirty until its first pass.
    func makeRoot<V: View>(frame: Rect, _ make: (LayoutEngine, Rect) -> V) throws(LayoutError) -> V {
        guard frame.isFinite else { throw .nonFinite("frame \(frame) is not finite") }
        let view = make(self, frame)
        register(view)
        dirtyRoots[ObjectIdentifier(view)] = view
        return view
    }
}
