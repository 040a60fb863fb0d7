import TetherSolver

/// The constraints a stack view generates for its arrangement (UIKit's `UISV-…`, §9.2), made by
/// its root's layout in each rebuild: which stacks arrange, the guides they need, the priority
/// bumps of arranged views, the baseline views, and the constraints themselves. The stack view
/// and its properties: StackView.swift; the finer decisions: docs/stack-views.md.
extension RootLayout {
    /// The stack views of this layout's tree that arrange at least one view, top-down.
    func arrangingStackViews() -> [StackView] {
        var out: [StackView] = []
        var pending = [root]
        while let v = pending.popLast() {
            if let stack = v as? StackView, !stack.arrangedSubviews.isEmpty { out.append(stack) }
            pending.append(contentsOf: v.subviews.reversed())
        }
        return out
    }

    /// Makes the guides `stack` needs and returns every item its arrangement constrains (they
    /// take part in the solve).
    func prepareArrangement(of stack: StackView) -> [LayoutItem] {
        stack.prepareGuides()
        var items: [LayoutItem] = [stack]
        items.append(contentsOf: stack.arrangedSubviews as [LayoutItem])
        items.append(contentsOf: stack.arrangementGuides as [LayoutItem])
        if stack.isLayoutMarginsRelativeArrangement { items.append(stack.layoutMarginsGuide) }
        return items
    }

    /// Priority offset for the content size of arranged views along their stack's axis: UIKit
    /// resolves equal priorities by arrangement order, so each visible view after the first hugs
    /// and resists 0.001 × its index more strongly than its own priority says (the first view
    /// stretches and shrinks first). Not for `fillProportionally`, whose proportions decide.
    func arrangementOrderBump(of view: View, axis: Axis) -> Float {
        guard let stack = view.superview as? StackView, stack.axis == axis, !view.isHidden,
              stack.distribution != .fillProportionally else { return 0 }
        guard let index = stack.visiblePosition(of: view) else { return 0 }
        return Float(index) * 0.001
    }

    /// `priority` raised by `bump`, unless it is 999 or more (staying below required).
    func bumped(_ priority: LayoutPriority, by bump: Float) -> LayoutPriority {
        bump == 0 || priority.rawValue >= 999 ? priority : LayoutPriority(Swift.min(priority.rawValue + bump, 999))
    }

    /// The view that stands for a stack view's baseline (UIKit's `viewForFirst/LastBaselineLayout`):
    /// in a vertical stack the first (last) visible arranged view, in a horizontal one the tallest
    /// (by intrinsic or measured height; the first of equals).
    func baselineView(of stack: StackView, _ attribute: LayoutAttribute) -> View? {
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        if stack.axis == .vertical { return attribute == .firstBaseline ? visible.first : visible.last }
        return tallestIndex(visible).map { visible[$0] }
    }

    private func tallestIndex(_ views: [View]) -> Int? {
        guard !views.isEmpty else { return nil }
        var best = 0, bestHeight = -Double.infinity
        for (i, v) in views.enumerated() {
            let h = measured[ObjectIdentifier(v)]?.height ?? v.storedIntrinsicSize.height
            if h > bestHeight { (best, bestHeight) = (i, h) }
        }
        return best
    }

    /// A view's natural length along `axis` for `fillProportionally`: its intrinsic (or
    /// measured) length, else its compressed fitting size (as UIKit falls back to
    /// `systemLayoutSizeFitting`).
    private func proportionalLength(of view: View, axis: Axis) throws(LayoutError) -> Double {
        let intrinsic = measured[ObjectIdentifier(view)].map { axis == .horizontal ? $0.width : $0.height }
            ?? (axis == .horizontal ? view.storedIntrinsicSize.width : view.storedIntrinsicSize.height)
        if intrinsic >= 0 { return intrinsic }
        let fitting = try engine.fittingSize(of: view, target: View.layoutFittingCompressedSize,
                                             horizontalPriority: .fittingSizeLevel, verticalPriority: .fittingSizeLevel)
        return Swift.max(axis == .horizontal ? fitting.width : fitting.height, 0)
    }

    /// What the arrangement of `stack` was built from that may change without a rebuild: the
    /// proportional lengths, and the view a horizontal stack's baselines stand for.
    private func arrangementInputs(of stack: StackView) throws(LayoutError) -> [Double] {
        var inputs: [Double] = []
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        if stack.distribution == .fillProportionally {
            for v in visible { inputs.append(try proportionalLength(of: v, axis: stack.axis)) }
        }
        if stack.axis == .horizontal { inputs.append(Double(tallestIndex(visible) ?? -1)) }
        return inputs
    }

    /// Whether a stack's inputs changed since its arrangement was built (the pass then rebuilds).
    func arrangementInputsChanged() throws(LayoutError) -> Bool {
        for stack in arrangingStacks {
            guard let old = stackInputs[ObjectIdentifier(stack)] else { return true }
            if try arrangementInputs(of: stack) != old { return true }
        }
        return false
    }

    /// Generates the arrangement of `stack` (§9.2) and adds it to the solver.
    func addArrangement(of stack: StackView) throws(LayoutError) {
        let all = stack.arrangedSubviews
        guard let first = all.first, let last = all.last else { return }
        let visible = all.filter { !$0.isHidden }
        let horizontal = stack.axis == .horizontal
        let canvas: LayoutItem = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack
        // Along the axis: start, end, length, center; across it the same.
        let (start, end, length, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let (crossStart, crossEnd, crossLength, crossCenter): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        let spreads = stack.usesGapGuides
        let baselineRelative = stack.isBaselineRelativeArrangement && !horizontal

        var made: [LayoutConstraint] = []
        func add(_ identifier: String, _ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
                 _ toItem: LayoutItem? = nil, _ toAttribute: LayoutAttribute = .notAnAttribute, multiplier: Double = 1,
                 constant: Double = 0, priority: LayoutPriority = .required, standardSpacing: Bool = false) {
            let c = makeGenerated(item, attribute, relation, toItem, toAttribute, multiplier: multiplier,
                                  constant: constant, priority: priority, identifier: identifier, kind: .system)
            c.isStandardSpacing = standardSpacing
            made.append(c)
        }

        // Along the axis: the ends of the arrangement on the canvas, then the gaps. A gap before
        // a visible view is the spacing after the nearest visible view before it; every other
        // gap (before a hidden view, or before the first visible one) is 0.
        add("UISV-canvas-connection", canvas, start, .equal, first, start)
        add("UISV-canvas-connection", last, end, .equal, canvas, end)
        var previousVisible: View?
        for (i, v) in all.enumerated() {
            if i > 0 {
                if !v.isHidden, let p = previousVisible {
                    let gap = stack.gap(after: p)
                    let relation: LayoutRelation = spreads ? .greaterThanOrEqual : .equal
                    if baselineRelative {
                        add("UISV-spacing", v, .firstBaseline, relation, p, .lastBaseline, constant: gap.value)
                    } else {
                        add("UISV-spacing", v, start, relation, p, end, constant: gap.value, standardSpacing: gap.isSystem)
                    }
                } else {
                    add("UISV-spacing", v, start, .equal, all[i - 1], end)
                }
            }
            if !v.isHidden { previousVisible = v }
        }
        for v in all where v.isHidden { add("UISV-hiding", v, length, .equal, nil, .notAnAttribute) }

        // The distribution.
        switch stack.distribution {
        case .fill:
            break
        case .fillEqually:
            for v in visible.dropFirst() { add("UISV-fill-equally", v, length, .equal, visible[0], length) }
        case .fillProportionally:
            var lengths: [Double] = []
            for v in visible { lengths.append(try proportionalLength(of: v, axis: stack.axis)) }
            var gaps = 0.0
            for p in visible.dropLast() { gaps += stack.gap(after: p).value }
            let total = lengths.reduce(0, +)
            if total > 0 {
                for (k, v) in visible.enumerated() {
                    // 999, 998, …: the first views keep their share when not all of them can.
                    let priority = LayoutPriority(Float(Swift.max(999 - k, 251)))
                    if lengths[k] > 0 {
                        // UIKit and AppKit share what the spacing leaves, (canvas − gaps) × share:
                        // 40/60/20 in 200 with two gaps of 10 give 60/90/30. Sharing the whole
                        // canvas instead would leave the shares summing past the room there is
                        // and the last view taking the shortfall.
                        let share = lengths[k] / total
                        add("UISV-fill-proportionally", v, length, .equal, canvas, length,
                            multiplier: share, constant: -gaps * share, priority: priority)
                    } else {
                        add("UISV-fill-proportionally", v, length, .equal, nil, .notAnAttribute, priority: priority)
                    }
                }
            } else {
                // Nothing to be proportional to: equal lengths, as UIKit falls back to.
                for v in visible.dropFirst() { add("UISV-fill-equally", v, length, .equal, visible[0], length) }
            }
        case .equalSpacing, .equalCentering:
            let centering = stack.distribution == .equalCentering
            let guides = stack.gapGuides
            for (k, guide) in guides.enumerated() where k + 1 < visible.count {
                let p = visible[k], q = visible[k + 1]
                if centering {
                    add("UISV-distributing-edge", guide, start, .equal, p, center)
                    add("UISV-distributing-edge", guide, end, .equal, q, center)
                } else if baselineRelative {
                    add("UISV-distributing-edge", guide, start, .equal, p, .lastBaseline)
                    add("UISV-distributing-edge", q, .firstBaseline, .equal, guide, end)
                } else {
                    add("UISV-distributing-edge", guide, start, .equal, p, end)
                    add("UISV-distributing-edge", q, start, .equal, guide, end)
                }
            }
            for guide in guides.dropFirst() {
                add("UISV-fill-equally", guide, length, .equal, guides[0], length,
                    priority: centering ? LayoutPriority(149) : .required)
            }
            // Without a length of its own, the stack hugs its views at the minimum spacing.
            if visible.count > 1 { add("UISV-canvas-fit", stack, length, .equal, nil, .notAnAttribute, priority: LayoutPriority(49)) }
        }

        // Across the axis: every arranged view aligned with the first, the first (or the
        // spanner) on the canvas.
        let alignment = stack.effectiveAlignment
        for v in all.dropFirst() {
            switch alignment {
            case .fill:
                add("UISV-alignment", first, crossStart, .equal, v, crossStart)
                add("UISV-alignment", first, crossEnd, .equal, v, crossEnd)
            case .leading: add("UISV-alignment", first, crossStart, .equal, v, crossStart)
            case .center: add("UISV-alignment", first, crossCenter, .equal, v, crossCenter)
            case .trailing: add("UISV-alignment", first, crossEnd, .equal, v, crossEnd)
            case .firstBaseline: add("UISV-alignment", first, .firstBaseline, .equal, v, .firstBaseline)
            case .lastBaseline: add("UISV-alignment", first, .lastBaseline, .equal, v, .lastBaseline)
            }
        }
        if alignment == .fill {
            add("UISV-canvas-connection", canvas, crossStart, .equal, first, crossStart)
            add("UISV-canvas-connection", first, crossEnd, .equal, canvas, crossEnd)
        } else if let spacer = stack.alignmentSpacer, stack.usesAlignmentSpacer {
            switch alignment {
            case .leading:
                add("UISV-canvas-connection", canvas, crossStart, .equal, first, crossStart)
                add("UISV-canvas-connection", spacer, crossEnd, .equal, canvas, crossEnd)
            case .center:
                add("UISV-canvas-connection", canvas, crossStart, .equal, spacer, crossStart)
                add("UISV-canvas-connection", spacer, crossEnd, .equal, canvas, crossEnd)
                add("UISV-canvas-connection", canvas, crossCenter, .equal, first, crossCenter)
            case .trailing:
                add("UISV-canvas-connection", canvas, crossStart, .equal, spacer, crossStart)
                add("UISV-canvas-connection", first, crossEnd, .equal, canvas, crossEnd)
            case .firstBaseline:
                add("UISV-canvas-connection", canvas, crossStart, .equal, spacer, crossStart)
                add("UISV-canvas-connection", spacer, crossEnd, .equal, canvas, crossEnd)
            default:
                // lastBaseline (fill has no spanner): Apple's `V:[first]-(>=0)-|`.
                add("UISV-canvas-connection", canvas, crossStart, .equal, spacer, crossStart)
                add("UISV-canvas-connection", first, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            }
            // The spanner encloses the visible views (all of them when none is visible, so that
            // the stack still has a cross length).
            for v in visible.isEmpty ? all : visible {
                switch alignment {
                case .leading:
                    add("UISV-spanning-boundary", spacer, crossStart, .equal, v, crossStart, priority: LayoutPriority(999.5))
                    add("UISV-spanning-boundary", spacer, crossEnd, .greaterThanOrEqual, v, crossEnd)
                case .trailing:
                    add("UISV-spanning-boundary", spacer, crossStart, .lessThanOrEqual, v, crossStart)
                    add("UISV-spanning-boundary", spacer, crossEnd, .equal, v, crossEnd, priority: LayoutPriority(999.5))
                default:
                    add("UISV-spanning-boundary", spacer, crossStart, .lessThanOrEqual, v, crossStart)
                    add("UISV-spanning-boundary", spacer, crossEnd, .greaterThanOrEqual, v, crossEnd)
                }
            }
            add("UISV-spanning-fit", spacer, crossLength, .equal, nil, .notAnAttribute, priority: LayoutPriority(51))
        } else {
            // A single view centered: no spanner (§9.2).
            add("UISV-canvas-connection", canvas, crossStart, .lessThanOrEqual, first, crossStart)
            add("UISV-canvas-connection", first, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            add("UISV-canvas-connection", canvas, crossCenter, .equal, first, crossCenter)
            add("UISV-canvas-fit", stack, crossLength, .equal, nil, .notAnAttribute, priority: LayoutPriority(49))
        }
        if alignment == .firstBaseline || alignment == .lastBaseline {
            add("UISV-canvas-fit", stack, crossLength, .equal, nil, .notAnAttribute, priority: LayoutPriority(49))
            // Views whose height depends on their width (measured: the engine's multi-line
            // text) get a fair share of the width, so that width and height are not read two ways.
            let n = Double(visible.count)
            let nudge = n > 0 ? -stack.resolvedSpacing * (n - 1) / n : 0
            for v in visible where v.measure != nil {
                add("UISV-text-width-disambiguation", v, length, .equal, canvas, length, multiplier: 1 / n,
                    constant: nudge, priority: LayoutPriority(760))
            }
        }
        if alignment != .fill {
            for v in all {
                add("UISV-ambiguity-suppression", v, crossLength, .equal, nil, .notAnAttribute, priority: LayoutPriority(25))
            }
        }

        for c in made {
            guard let lc = linear(c) else {
                c.generatedInSolve = false
                continue
            }
            addGenerated(lc, try! Priority(Double(c.storedPriority.rawValue)), c)
        }
        stackConstraints[ObjectIdentifier(stack)] = made
        stackInputs[ObjectIdentifier(stack)] = try arrangementInputs(of: stack)
    }
}
