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
        case fill = 0, fillEqually = 1, fillProportionally = 2, equalSpacing = 3, equalCentering = 4
    }

    /// `UIStackView.Alignment`, with Apple's raw values (`top` = `leading`, `bottom` = `trailing`).
    public enum Alignment: Int32, Sendable, CaseIterable {
        case fill = 0, leading = 1, firstBaseline = 2, center = 3, trailing = 4, lastBaseline = 5

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
        return engine.arrangementConstraints(of: self, root: root)
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

