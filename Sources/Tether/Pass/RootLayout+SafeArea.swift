/// UIKit's safe-area rule: a view whose host did not set its safe-area insets has those its
/// ancestors' unsafe areas give it, the part of its bounds outside its superview's safe area
/// (a root's: zero). The root's host sets the screen's insets (status bar, notch, home
/// indicator), and a view pinned to the root's edges gets them too, a view in the middle none.
/// Unsafe areas come from insets only: an edge whose inset is zero (set or derived) bounds
/// nothing, so a view that sticks out of its superview past such an edge gets no inset there.
///
/// UIKit's `preservesSuperviewLayoutMargins` follows the frames the same way: a view that
/// preserves its superview's margins has, on each edge, margins at least as large as the reach
/// of the superview's effective margin area into it (`View.superviewMarginReach`). The same
/// walk derives both, superviews before subviews, so a view's reach reads its superview's
/// margins as this walk left them (nested preserving views settle in one walk).
///
/// The insets follow the frames the pass solves, and the frames may follow the insets (a
/// subview pinned to its superview's safe-area guide, margins measured from the safe area): after
/// applying frames the pass derives the insets again, and when a participating view's insets or
/// margins changed it solves again with them, as UIKit lays out again after
/// `safeAreaInsetsDidChange` and `layoutMarginsDidChange`. A layout whose insets or margins keep
/// changing stops after `maximumInsetRounds` rounds with a diagnostic. Layouts without any
/// safe-area inset or margin-preserving view pay one scan per rebuild and nothing per pass.
extension RootLayout {
    /// Solves after the insets or preserved margins changed at most this many times in one pass.
    static let maximumInsetRounds = 4

    /// Derives the insets and preserved margins from the frames just applied, and lays out again
    /// while that changed a participating view's. `scan`: the hierarchy or a view's properties
    /// changed since the last pass, so whether any inset is set or derived, or any view preserves
    /// its superview's margins, must be looked at again.
    func settleDerivedInsets(scan: Bool) throws(LayoutError) {
        if scan { insetsWalkNeeded = subtreeNeedsInsetsWalk() }
        var rounds = 0
        while insetsWalkNeeded {
            let changed = deriveInsets()
            guard changed.safeArea || changed.margins else { return }
            rounds += 1
            guard rounds <= Self.maximumInsetRounds else {
                engine.report(changed.safeArea ? safeAreaDiagnostic : marginsDiagnostic)
                return
            }
            needsRebuild = true
            try rebuild()
            if isConstraintBased { try solveWithMeasuring() }
            applyFrames()
        }
    }

    private var safeAreaDiagnostic: String {
        "The safe-area insets of \(root)'s subtree still changed after \(Self.maximumInsetRounds) layouts: each layout moves a view across its superview's safe area, which moves it again. Constrain such views to their superview's safeAreaLayoutGuide, or set insetsLayoutMarginsFromSafeArea to false on the views whose margins they use."
    }

    private var marginsDiagnostic: String {
        "The preserved layout margins of \(root)'s subtree still changed after \(Self.maximumInsetRounds) layouts: each layout moves a view across its superview's margins, which moves it again. Constrain such views to their superview's layoutMarginsGuide, or set preservesSuperviewLayoutMargins to false on the views whose margins they use."
    }

    /// Whether a view of the subtree has safe-area insets, set or derived, or preserves its
    /// superview's margins.
    private func subtreeNeedsInsetsWalk() -> Bool {
        var stack: [View] = [root]
        while let v = stack.popLast() {
            if !(v.hostSafeAreaInsets ?? .zero).isZero || !v.derivedSafeAreaInsets.isZero || v.preservesSuperviewLayoutMargins {
                return true
            }
            stack.append(contentsOf: v.subviews)
        }
        return false
    }

    /// One walk down the subtree: each view's derived insets from its frame and its superview's
    /// safe area (in root coordinates), then, for a view that preserves its superview's margins,
    /// the reach of the superview's margin area into its frame. Returns whether a view that
    /// participates in the solver got new insets or new effective margins; the others' system
    /// guides get their frames here.
    private func deriveInsets() -> (safeArea: Bool, margins: Bool) {
        var changed = (safeArea: false, margins: false)
        var anyInsets = false
        var anyPreserving = false
        var stack: [(view: View, origin: Point, parentSafe: SafeBounds?)] = [(root, .zero, nil)]
        while let (v, origin, parentSafe) = stack.popLast() {
            let rect = Rect(origin: origin, size: v.storedFrame.size)
            // Only a preserving view's effective margins can change without its insets changing
            // (new insets already call for a new solve), so only its are compared.
            let oldMargins: EdgeInsets? = v.preservesSuperviewLayoutMargins ? v.effectiveLayoutMargins : nil
            var insetsChanged = false
            let insets: EdgeInsets
            if let host = v.hostSafeAreaInsets {
                insets = host
            } else {
                insets = parentSafe.map { Self.insets(of: rect, outside: $0) } ?? .zero
                if insets != v.derivedSafeAreaInsets {
                    v.derivedSafeAreaInsets = insets
                    insetsChanged = true
                }
            }
            if v.preservesSuperviewLayoutMargins {
                anyPreserving = true
                v.superviewMarginReach = v === root ? .zero : Self.marginReach(into: v)
            }
            let marginsChanged = oldMargins.map { v.effectiveLayoutMargins != $0 } ?? false
            if insetsChanged || marginsChanged {
                if isConstraintBased && variables[ObjectIdentifier(v)] != nil {
                    if insetsChanged { changed.safeArea = true } else { changed.margins = true }
                } else {
                    let bounds = v.unroundedBounds
                    if v.hasSafeAreaGuide { v.safeAreaGuideStorage.layoutFrame = bounds.inset(by: insets) }
                    if v.hasMarginsGuide { v.marginsGuideStorage.layoutFrame = bounds.inset(by: v.effectiveLayoutMargins) }
                }
            }
            if !insets.isZero { anyInsets = true }
            let safe = SafeBounds(rect, insets)
            for s in v.subviews {
                let f = s.storedFrame
                stack.append((s, Point(x: origin.x + f.minX, y: origin.y + f.minY), safe))
            }
        }
        insetsWalkNeeded = anyInsets || anyPreserving
        return changed
    }

    /// How far the effective margin area of `view`'s superview reaches into `view`'s frame on
    /// each edge (negative where the view lies inside the margin area there).
    static func marginReach(into view: View) -> EdgeInsets {
        guard let superview = view.superview else { return .zero }
        let outer = superview.effectiveLayoutMargins
        let size = superview.storedFrame.size
        let frame = view.storedFrame
        return EdgeInsets(top: outer.top - frame.minY, left: outer.left - frame.minX,
                          bottom: frame.maxY - (size.height - outer.bottom),
                          right: frame.maxX - (size.width - outer.right))
    }

    /// A safe area in root coordinates: each edge the view's edge moved in by its inset, or
    /// unbounded where the inset is zero.
    struct SafeBounds {
        var minX, minY, maxX, maxY: Double

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }

        init(_ rect: Rect, _ insets: EdgeInsets) {
            minX = insets.left == 0 ? -.infinity : rect.minX + insets.left
            minY = insets.top == 0 ? -.infinity : rect.minY + insets.top
            maxX = insets.right == 0 ? .infinity : rect.maxX - insets.right
            maxY = insets.bottom == 0 ? .infinity : rect.maxY - insets.bottom
        }
    }

    /// The insets of `rect` that lie outside `safe`, each edge clamped to the rect (a view wholly
    /// under a bar has its whole height as the inset, never more).
    static func insets(of rect: Rect, outside safe: SafeBounds) -> EdgeInsets {
        func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(x, low), high) }
        let top = clamp(safe.minY, rect.minY, rect.maxY) - rect.minY
        let bottom = rect.maxY - clamp(safe.maxY, rect.minY + top, rect.maxY)
        let left = clamp(safe.minX, rect.minX, rect.maxX) - rect.minX
        let right = rect.maxX - clamp(safe.maxX, rect.minX + left, rect.maxX)
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
}

extension EdgeInsets {
    var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
}
