import TetherSolver

/// A view that lays out a row or a column of views (UIKit's `UIStackView`,
/// autolayout-semantics.md §9). It draws nothing: its arranged subviews are placed by
/// constraints it generates with Apple's identifiers (`UISV-…`) and priorities (§9.2), rebuilt in
/// the layout pass after any change of the arranged set, a property, an arranged view's
/// `isHidden` or a proportional view's intrinsic length. The finer decisions are in
/// docs/stack-views.md.
///
/// `arrangedSubviews` ⊆ `subviews`: arranging a view adds it as a subview (when it is not one
/// already) and turns its `translatesAutoresizingMaskIntoConstraints` off; `removeFromSuperview`
/// also un-arranges; `removeArrangedSubview` keeps the subview.
public final class StackView: View {
    /// `UIStackView.Distribution`, with Apple's raw values.
    public enum Distribution: Int32, Sendable, CaseIterable {
        case fill = 0
        case fillEqually = 1
        case fillProportionally = 2
        case equalSpacing = 3
        case equalCentering = 4
    }

    /// `UIStackView.Alignment`, with Apple's raw values (`top` = `leading`, `bottom` = `trailing`).
    public enum Alignment: Int32, Sendable, CaseIterable {
        case fill = 0
        case leading = 1
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        case lastBaseline = 5

        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// `UIStackView.spacingUseDefault` (FLT_MAX): as `spacing`, 0; as a custom spacing, "use
    /// `spacing`" (what `customSpacing(after:)` answers when none is set).
    public static let spacingUseDefault = Double(Float.greatestFiniteMagnitude)
    /// `UIStackView.spacingUseSystem` (FLT_MIN): the standard spacing between siblings (8).
    public static let spacingUseSystem = Double(Float.leastNormalMagnitude)
    /// The standard spacing `spacingUseSystem` stands for (the engine model's sibling spacing).
    static let systemSpacing: Double = 8

    public private(set) var arrangedSubviews: [View] = [] { didSet { visiblePositions = nil } }
    /// Membership and visible positions of the arranged views (StackArrangementIndex.swift).
    var arrangedSet = Set<ObjectIdentifier>()
    var visiblePositions: [ObjectIdentifier: Int]?

    public var axis: Axis = .horizontal { didSet { if axis != oldValue { markChanged() } } }
    public var distribution: Distribution = .fill { didSet { if distribution != oldValue { markChanged() } } }
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { markChanged() } } }

    /// The gap between arranged views: exact for the fill distributions, a minimum for
    /// `equalSpacing` and `equalCentering`. Negative values overlap the views. Setting a
    /// non-finite value is ignored (use `setSpacing(_:)` to get the error).
    public var spacing: Double {
        get { storedSpacing }
        set { try? setSpacing(newValue) }
    }
    private var storedSpacing: Double = 0

    /// Vertical stacks only: gaps are measured from a view's last baseline to the next view's
    /// first baseline.
    public var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { markChanged() } }
    }
    /// The arrangement is pinned to the layout-margins guide instead of the bounds.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { markChanged() } }
    }

    /// Custom spacings after arranged views, by the view's identity.
    private var customSpacings: [ObjectIdentifier: Double] = [:]
    /// The guides the arrangement uses: the alignment spanner (`_UILayoutSpacer`) and one gap
    /// guide (`_UIOLAGapGuide`) per gap of the spacing distributions. Owned by the stack for its
    /// life; not in `layoutGuides`, and they cannot be freed or moved.
    private(set) var alignmentSpacer: LayoutGuide?
    private(set) var gapGuides: [LayoutGuide] = []
    var arrangementGuides: [LayoutGuide] { (alignmentSpacer.map { [$0] } ?? []) + gapGuides }

    override var kindName: String { "StackView" }

    // MARK: Properties

    public func setSpacing(_ value: Double) throws(LayoutError) {
        guard value.isFinite else { throw .nonFinite("spacing \(formatNumber(value)) is not finite") }
        guard value != storedSpacing else { return }
        storedSpacing = value
        markChanged()
    }

    /// Sets the gap after an arranged view (`spacingUseDefault` removes it). Ignored for a view
    /// that is not arranged, as UIKit ignores it; kept when the views are reordered, dropped when
    /// the view leaves the arrangement.
    public func setCustomSpacing(_ value: Double, after view: View) throws(LayoutError) {
        guard value.isFinite else { throw .nonFinite("custom spacing \(formatNumber(value)) is not finite") }
        guard isArranged(view) else { return }
        let key = ObjectIdentifier(view)
        let new: Double? = value == StackView.spacingUseDefault ? nil : value
        guard customSpacings[key] != new else { return }
        customSpacings[key] = new
        markChanged()
    }

    /// The custom gap after `view`, or `spacingUseDefault` when none is set (or it is not
    /// arranged).
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? StackView.spacingUseDefault
    }

    // MARK: Arranged subviews

    /// Arranges `view` last (moving it to the end if it is arranged already).
    public func addArrangedSubview(_ view: View) throws(LayoutError) {
        try insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Arranges `view` at `index` (0...count) of `arrangedSubviews`. An arranged view is moved
    /// there (as UIKit's array does, it is taken out first; `count` moves it to the end). A view
    /// that is not a subview yet is added as the last subview first.
    public func insertArrangedSubview(_ view: View, at index: Int) throws(LayoutError) {
        guard index >= 0 && index <= arrangedSubviews.count else {
            throw .invalidArgument("index \(index) is outside 0...\(arrangedSubviews.count) (the arranged subviews of \(self))")
        }
        if view.superview !== self { try addSubview(view) }
        // Looked up only when arranged already: arranging n views one by one stays linear.
        if !arrangedSet.insert(ObjectIdentifier(view)).inserted,
           let current = arrangedSubviews.firstIndex(where: { $0 === view }) { arrangedSubviews.remove(at: current) }
        arrangedSubviews.insert(view, at: Swift.min(index, arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        markChanged()
    }

    /// Stops arranging `view`; it stays a subview (and keeps its last frame). Does nothing for a
    /// view that is not arranged.
    public func removeArrangedSubview(_ view: View) {
        guard isArranged(view) else { return }
        forgetArrangedSubview(view)
        markChanged()
    }


    /// Drops `view` from the arrangement with its custom spacing (also when it leaves the stack's
    /// subviews).
    func forgetArrangedSubview(_ view: View) {
        guard arrangedSet.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
    }

    /// Drops every arranged view (the stack is freed with its subtree).
    func forgetArrangement() {
        arrangedSubviews = []
        arrangedSet = []
        customSpacings = [:]
    }

    // MARK: Inspection

    /// The constraints the stack generates for its arrangement (UIKit puts them in the stack's
    /// `constraints`), after bringing its root's layout up to date: read-only, identified
    /// `UISV-…`, valid until the next layout pass. Empty when nothing is arranged.
    public func arrangementConstraints() throws(LayoutError) -> [LayoutConstraint] {
        guard let engine else { throw .freed("the stack view was freed") }
        let root = rootView!
        try engine.layoutIfNeeded(root)
        return engine.rootLayout(root).stackConstraints[ObjectIdentifier(self)] ?? []
    }

    // MARK: Arrangement helpers

    /// The gap after the visible view `view`: its custom spacing, else `spacing`; and whether it
    /// is the system spacing.
    func gap(after view: View) -> (value: Double, isSystem: Bool) {
        var value = customSpacing(after: view)
        if value == StackView.spacingUseDefault { value = storedSpacing }
        if value == StackView.spacingUseDefault { return (0, false) }
        if value == StackView.spacingUseSystem { return (StackView.systemSpacing, true) }
        return (value, false)
    }

    /// `spacing` as a length (`spacingUseDefault` is 0, `spacingUseSystem` the standard 8).
    var resolvedSpacing: Double {
        if storedSpacing == StackView.spacingUseDefault { return 0 }
        if storedSpacing == StackView.spacingUseSystem { return StackView.systemSpacing }
        return storedSpacing
    }

    /// The alignment in effect: the baseline alignments are for horizontal stacks only, and a
    /// vertical stack fills instead (docs/stack-views.md).
    var effectiveAlignment: Alignment {
        if axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) { return .fill }
        return alignment
    }

    /// §9.2: a single arranged view centered needs no spanner.
    var usesAlignmentSpacer: Bool {
        effectiveAlignment != .fill && !(arrangedSubviews.count == 1 && effectiveAlignment == .center)
    }

    var usesGapGuides: Bool { distribution == .equalSpacing || distribution == .equalCentering }

    /// Makes or frees arrangement guides so that exactly the ones the arrangement needs exist.
    func prepareGuides() {
        guard let engine else { return }
        if usesAlignmentSpacer {
            if alignmentSpacer == nil { alignmentSpacer = LayoutGuide(systemGuideOf: self, kind: .stackSpacer) }
        } else if let spacer = alignmentSpacer {
            alignmentSpacer = nil
            engine.freeItem(spacer)
        }
        let visible = arrangedSubviews.filter { !$0.isHidden }.count
        let gaps = usesGapGuides ? Swift.max(visible - 1, 0) : 0
        while gapGuides.count < gaps { gapGuides.append(LayoutGuide(systemGuideOf: self, kind: .stackGap)) }
        while gapGuides.count > gaps { engine.freeItem(gapGuides.removeLast()) }
    }
}

extension LayoutEngine {
    /// Makes a root stack view with `frame` (horizontal, fill, fill, spacing 0, as UIKit's).
    public func makeStackView(frame: Rect = .zero) throws(LayoutError) -> StackView {
        guard frame.isFinite else { throw .nonFinite("frame \(frame) is not finite") }
        let stack = StackView(engine: self, frame: frame)
        register(stack)
        dirtyRoots[ObjectIdentifier(stack)] = stack
        return stack
    }
}

// MARK: - The generated constraints

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
            let total = lengths.reduce(0, +) + gaps
            if lengths.reduce(0, +) > 0 && total > 0 {
                for (k, v) in visible.enumerated() {
                    // 999, 998, …: the first views keep their share when not all of them can.
                    let priority = LayoutPriority(Float(Swift.max(999 - k, 251)))
                    if lengths[k] > 0 {
                        add("UISV-fill-proportionally", v, length, .equal, canvas, length,
                            multiplier: lengths[k] / total, priority: priority)
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
