import TetherSolver

extension RootLayout {
    /// The constraints (user and generated) that determine the item's position within its
    /// parent and its size along `axis`, directly or through other items: the first-order
    /// sensitivity of the solved values (`Solver.constraintsDetermining`). Oldest first in the
    /// solver's order (generated ones, then the user's in activation order). The root's origin
    /// pins are left out: they only fix the origin of the root's own coordinate space, where the
    /// host places the root, and UIKit's engine has no such constraint to list. The root's size
    /// pins stay: they stand for UIKit's `UIView-Encapsulated-Layout-Width`/`-Height`, the size
    /// the host gives the root, which UIKit lists when it decides a view's frame.
    func constraintsAffectingLayout(of item: LayoutItem, axis: Axis) throws(LayoutError) -> [LayoutConstraint] {
        guard isConstraintBased, let vars = variables[ObjectIdentifier(item)] else { return [] }
        let parent = item.parentView.flatMap { variables[ObjectIdentifier($0)] }
        var position = LinearExpression(axis == .horizontal ? vars.left : vars.top)
        if let parent { position = position - LinearExpression(axis == .horizontal ? parent.left : parent.top) }
        let size = LinearExpression(axis == .horizontal ? vars.width : vars.height)
        var found: [TetherSolver.Constraint] = []
        do {
            found = try solver.constraintsDetermining(any: [position, size])
        } catch {
            throw .invalidArgument("inspection failed: \(error)")
        }
        var seen = Set<ObjectIdentifier>()
        var out: [LayoutConstraint] = []
        for sc in found {
            guard let c = solverOwner[sc] ?? generatedOwner[sc], !isRootOriginPin(c),
                  seen.insert(ObjectIdentifier(c)).inserted else { continue }
            out.append(c)
        }
        return out
    }

    /// Whether `c` is one of the pins `addRootConstraints` makes for the root's origin
    /// (`'Tether-Root-MinX'`, `'Tether-Root-MinY'`): generated, on the root, a location set to
    /// a constant, which no other generated constraint is (autoresizing ones have their own kind).
    private func isRootOriginPin(_ c: LayoutConstraint) -> Bool {
        guard c.isGenerated, c.firstItem === root, c.secondItem == nil,
              c.firstAttribute == .minX || c.firstAttribute == .minY else { return false }
        if case .system = c.generatedKind { return true }
        return false
    }

    /// Whether the item takes part in this root's solve.
    func participates(_ item: LayoutItem) -> Bool {
        isConstraintBased && variables[ObjectIdentifier(item)] != nil
    }
}

extension LayoutItem {
    /// The constraints that affect the item's position in its parent and its size along `axis`,
    /// including ones that do not name it (UIKit's `constraintsAffectingLayout(for:)`), after
    /// bringing its root's layout up to date. Generated constraints in the list are read-only
    /// and valid until the next layout pass. Empty for items the solve does not include.
    public func constraintsAffectingLayout(for axis: Axis) throws(LayoutError) -> [LayoutConstraint] {
        guard let engine else { throw .freed("the item was freed") }
        guard let root = rootView else { return [] }
        try engine.layoutIfNeeded(root)
        return try engine.rootLayout(root).constraintsAffectingLayout(of: self, axis: axis)
    }
}

extension View {
    /// A dump of the view's subtree like UIKit's private `_autolayoutTrace`, after a layout
    /// pass: one line per view and layout guide, indented by `|   ` per level, marked `•` (the
    /// root: the layout engine host), `*` (laid out by constraints) or `+` (represented in the
    /// solve by its autoresizing mask); unmarked items take no part in the solve. Ambiguous items
    /// end with `- AMBIGUOUS LAYOUT for` their free quantities and ranges.
    public func autolayoutTrace() throws(LayoutError) -> String {
        guard let engine else { throw .freed("the view was freed") }
        guard let root = rootView else { return "" }
        try engine.layoutIfNeeded(root)
        let layout = engine.rootLayout(root)
        var lines = [
            "",
            "Legend:",
            "\t* - is laid out with auto layout",
            "\t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES",
            "\t• - layout engine host",
        ]

        // The items in trace order, then their ambiguities in one query, then the lines.
        var entries: [(item: LayoutItem, depth: Int, translates: Bool)] = []
        func list(_ item: LayoutItem, depth: Int, translates: Bool) {
            entries.append((item, depth, translates))
        }
        func line(_ item: LayoutItem, depth: Int, translates: Bool) throws(LayoutError) {
            var text = String(repeating: "|   ", count: depth)
            if item === root {
                text += "•"
            } else if layout.participates(item) {
                text += translates ? "+" : "*"
            }
            text += item.debugName
            let free = try layout.ambiguities(of: item)
            if !free.isEmpty {
                let parts = free.map { a in
                    let name = a.attribute == .left ? "minX" : a.attribute == .top ? "minY" : "\(a.attribute)"
                    return "\(item.debugName).\(name){range: [\(formatNumber(a.lower)), \(formatNumber(a.upper))]}"
                }
                text += "- AMBIGUOUS LAYOUT for " + parts.joined(separator: ", ")
            }
            lines.append(text)
        }

        // Pre-order (a view, its guides, then its subviews' subtrees in subview order) with an
        // explicit stack: a recursion as deep as the tree overflowed the thread's stack on deep
        // hierarchies (a chain of views 3,000 deep on a 256 KB stack).
        var pending: [(view: View, depth: Int)] = [(self, 0)]
        while let (view, depth) = pending.popLast() {
            list(view, depth: depth, translates: view !== root && view.translatesAutoresizingMaskIntoConstraints)
            var guides = view.layoutGuides
            if view.hasMarginsGuide, layout.participates(view.marginsGuideStorage) { guides.append(view.marginsGuideStorage) }
            if view.hasSafeAreaGuide, layout.participates(view.safeAreaGuideStorage) { guides.append(view.safeAreaGuideStorage) }
            for guide in guides { list(guide, depth: depth + 1, translates: false) }
            // Reversed: the first subview is popped (and its subtree listed) first.
            for subview in view.subviews.reversed() { pending.append((subview, depth + 1)) }
        }
        try layout.findAmbiguities(of: entries.map(\.item))
        for entry in entries { try line(entry.item, depth: entry.depth, translates: entry.translates) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension View {
    /// The counters of the solver that lays out this view's root (variables, constraints,
    /// tableau rows and cells, pivots), as they are now: no pass is run. Nil while the root is not
    /// laid out by constraints (frame mode, or before its first pass). A rebuild makes a new
    /// solver, so `pivots` counts from the last rebuild; the difference across an in-place change
    /// (a constant, a root size, an intrinsic size) is the work that change cost.
    public var layoutSolverStatistics: SolverStatistics? {
        guard let engine, let root = rootView, let layout = engine.rootLayouts[ObjectIdentifier(root)],
              layout.isConstraintBased else { return nil }
        return layout.solver.statistics
    }
}
