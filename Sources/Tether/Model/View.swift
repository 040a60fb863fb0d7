/// A rectangle in a hierarchy, laid out by constraints or by autoresizing (UIKit's `UIView`
/// without drawing or events). Frames are in the superview's coordinates (y grows downward);
/// `bounds.origin` is (0, 0). Not final: `StackView` is a view that arranges its subviews.
public class View: LayoutItem {
    /// `UIViewNoIntrinsicMetric`.
    public static let noIntrinsicMetric: Double = -1
    /// `UILayoutFittingCompressedSize`: the smallest size the constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// `UILayoutFittingExpandedSize`: the largest size the constraints allow.
    public static let layoutFittingExpandedSize = Size(width: 10000, height: 10000)

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    public private(set) var layoutGuides: [LayoutGuide] = []
    /// The root and depth cache (HierarchyCache.swift): valid while `cacheEpoch` is the engine's
    /// `hierarchyEpoch`.
    weak var cachedRoot: View?
    var cachedDepth = 0
    var cacheEpoch: UInt64 = 0

    /// The frame in the superview's coordinates. Setting it resizes translating subviews by
    /// their autoresizing masks (when `autoresizesSubviews`), and marks the layout dirty.
    ///
    /// With the engine's `displayScale` above 0, the frame the last layout pass rounded to the
    /// pixel grid (`unroundedFrame` is the exact one); a frame just set reads back as set until
    /// the next pass rounds it. A root's frame is never rounded.
    public var frame: Rect {
        get { roundedFrame ?? storedFrame }
        set { setFrame(newValue, fromLayout: false) }
    }

    /// The frame before pixel-grid rounding: the solver's exact values for a view laid out by
    /// constraints, the frame set or autoresized otherwise. Equal to `frame` while the engine's
    /// `displayScale` is 0. Layout reads this one (autoresizing, the solve, layout guides, safe
    /// areas), so rounding never feeds back into the layout.
    public var unroundedFrame: Rect { storedFrame }

    /// `(0, 0, frame.width, frame.height)`: the rounded size when the engine rounds frames.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The exact frame (`unroundedFrame`).
    package var storedFrame: Rect {
        get { frames.exact }
        set { frames.exact = newValue }
    }
    /// The frame rounded to the pixel grid by the last pass (RootLayout+PixelGrid.swift); nil
    /// when the frame is shown exact (no rounding, a root, or a frame set since that pass).
    package var roundedFrame: Rect? {
        get { frames.rounded }
        set { frames.rounded = newValue }
    }
    /// Both frames in one stored property, so that a layout pass sets a frame (and clears its
    /// rounding) in one access: each access to a class's stored property is checked for
    /// exclusivity, and the layout pass writes every view's frame. `given`: whether the view has
    /// had a frame (a non-zero one at creation, or any set or laid out since), which decides
    /// whether its first frame inside an animation block animates (Animation/).
    private var frames = (exact: Rect.zero, rounded: Rect?.none, given: false)
    /// Whether the view has had a frame: one to animate from.
    var hasGivenFrame: Bool { frames.given }
    /// The view's running frame animations (Animation/FrameAnimation.swift), usually none.
    var frameAnimations: [FrameAnimation] = []
    /// Its engine's animation store while `frameAnimations` is not empty: not retained, and read
    /// only then (the store outlives every animation it holds: stopping and ending animations,
    /// engine teardown included, empties `frameAnimations`), so sampling a display frame pays no
    /// weak load of the engine per view.
    unowned(unsafe) var animationStore: AnimationStore?
    /// The capture of the animating pass that last noted this view's frame (FrameCapture).
    var captureStamp: UInt64 = 0
    /// The bounds of the exact frame, what the layout's own guides are made from.
    var unroundedBounds: Rect { Rect(origin: .zero, size: storedFrame.size) }

    public var translatesAutoresizingMaskIntoConstraints = true { didSet { markChanged() } }

    /// UIKit's `isHidden`. For layout it matters only to an arranged subview, which its stack view
    /// collapses (`StackView`); any other hidden view is laid out as if it were visible.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue, let stack = superview as? StackView, stack.isArranged(self) else { return }
            stack.arrangedVisibilityChanged()
        }
    }
    public var autoresizingMask: AutoresizingMask = [] { didSet { markChanged() } }
    public var autoresizesSubviews = true { didSet { markChanged() } }

    /// Natural content size per axis (`noIntrinsicMetric` = none).
    public var intrinsicContentSize: Size {
        get { storedIntrinsicSize }
        set { storedIntrinsicSize = newValue; contentSizeChanged() }
    }
    var storedIntrinsicSize = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    /// The root layout whose next pass reads this view's content size again (set while the view
    /// waits in its `pendingContentSizes`).
    weak var contentSizePendingIn: RootLayout?

    /// Optional measuring: given a proposed width (NaN when unknown), the content's size and
    /// baselines. Used instead of `intrinsicContentSize` when set; the pass measures again with
    /// the resolved width (height-for-width). A width or height of `noIntrinsicMetric` means no
    /// content size on that axis, as for `intrinsicContentSize`; a non-finite one or another
    /// negative one fails the pass (`LayoutError.callbackFailed`), as the setter refuses it.
    public var measure: ((Double) throws -> Measurement)? { didSet { markChanged() } }
    /// An opaque pointer a host keeps with the view (the C API's user data: a C program's or a
    /// language binding's own object for it, as Yoga's node context). The engine never reads
    /// or frees it; it goes with the view.
    public var hostData: UnsafeMutableRawPointer?

    var huggingPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    /// Insets from the frame to the alignment rectangle (what constraints position).
    public var alignmentRectInsets: EdgeInsets = .zero { didSet { markChanged() } }
    /// Layout margins (default 8 on every side), as set: the margins guide and the margin
    /// attributes use `effectiveLayoutMargins`, which adds the safe area (UIKit's
    /// `insetsLayoutMarginsFromSafeArea`).
    public var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) { didSet { markChanged() } }
    /// Whether the margins are measured from the safe area's edges rather than the bounds'
    /// (UIKit's default, true): content placed at the margins never lies under the unsafe area.
    public var insetsLayoutMarginsFromSafeArea = true { didSet { markChanged() } }
    /// UIKit's `preservesSuperviewLayoutMargins` (default false): whether, on each edge, the
    /// margins the layout uses are at least how far the superview's margin area reaches into the
    /// view, so that content at this view's margins lines up with content at the superview's.
    /// `layoutMargins` keeps the view's own margins; `effectiveLayoutMargins` has the larger of
    /// the two. The reach follows the frames the pass solves: each pass derives it again, as it
    /// derives the safe-area insets (RootLayout+SafeArea.swift).
    public var preservesSuperviewLayoutMargins = false {
        didSet {
            guard preservesSuperviewLayoutMargins != oldValue else { return }
            if !preservesSuperviewLayoutMargins { superviewMarginReach = .zero }
            markChanged()
        }
    }
    /// The margins the layout uses: `layoutMargins`, plus `safeAreaInsets` on every edge when
    /// `insetsLayoutMarginsFromSafeArea`; with `preservesSuperviewLayoutMargins`, each edge at
    /// least as far as the superview's margin area reached into the view at the last pass.
    public var effectiveLayoutMargins: EdgeInsets {
        var m = layoutMargins
        if insetsLayoutMarginsFromSafeArea {
            let s = safeAreaInsets
            m = EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        guard preservesSuperviewLayoutMargins else { return m }
        let r = superviewMarginReach
        return EdgeInsets(top: Swift.max(m.top, r.top), left: Swift.max(m.left, r.left),
                          bottom: Swift.max(m.bottom, r.bottom), right: Swift.max(m.right, r.right))
    }
    /// How far the superview's effective margin area reached into the view on each edge at the
    /// last pass (RootLayout+SafeArea.swift), for a view that preserves its superview's margins;
    /// zero otherwise.
    package var superviewMarginReach: EdgeInsets = .zero
    /// The safe area's insets from the bounds; the safe-area guide is the bounds inset by them.
    /// Set by the host (for a root: the screen's status bar, notch and home indicator), or, for a
    /// view whose host never set them, derived by each layout pass as UIKit derives them: the
    /// part of the view that its ancestors' unsafe areas cover (zero for a root, and for a view
    /// no pass has placed yet). Setting them makes the view's own (and its descendants' start
    /// from them); `resetSafeAreaInsets()` makes them derived again.
    public var safeAreaInsets: EdgeInsets {
        get { hostSafeAreaInsets ?? derivedSafeAreaInsets }
        set {
            hostSafeAreaInsets = newValue
            markChanged()
        }
    }
    /// Whether the safe-area insets are derived from the ancestors (true until the host sets them).
    public var safeAreaInsetsAreDerived: Bool { hostSafeAreaInsets == nil }
    /// Makes the safe-area insets derived from the ancestors again, from the next pass.
    public func resetSafeAreaInsets() {
        guard hostSafeAreaInsets != nil else { return }
        hostSafeAreaInsets = nil
        markChanged()
    }
    /// Insets the host set (nil: derived).
    package var hostSafeAreaInsets: EdgeInsets?
    /// Insets the last pass derived from the ancestors (RootLayout+SafeArea.swift).
    package var derivedSafeAreaInsets: EdgeInsets = .zero
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified { didSet { markChanged() } }

    /// Offsets of the baselines: first from the alignment rect's top, last from its bottom.
    /// Without them both baselines are the bottom edge.
    public var firstBaselineOffsetFromTop: Double? { didSet { markChanged() } }
    public var lastBaselineOffsetFromBottom: Double? { didSet { markChanged() } }

    /// Host hooks of the layout pass (UIKit's `updateConstraints` and `layoutSubviews`).
    public var updateConstraintsHook: ((View) -> Void)?
    public var layoutSubviewsHook: ((View) -> Void)? {
        didSet {
            guard let engine, let root = rootView else { return }
            engine.layoutHooksChanged(root: root)
        }
    }

    /// Whether the view's `updateConstraints` hook runs at the next pass (new views need it).
    var updateConstraintsNeeded = true
    lazy var marginsGuideStorage = LayoutGuide(systemGuideOf: self, kind: .layoutMargins)
    package lazy var safeAreaGuideStorage = LayoutGuide(systemGuideOf: self, kind: .safeArea)
    var hasMarginsGuide = false
    package var hasSafeAreaGuide = false

    init(engine: LayoutEngine, frame: Rect) {
        frames = (frame, nil, frame != .zero)
        super.init(engine: engine)
    }

    deinit { releaseSubtreeOneViewAtATime() }

    override var kindName: String { "View" }
    override var parentView: View? { superview }
    override package var rootView: View? { rootAndDepth().root }

    /// The guide for the layout margins (created on first use, as in UIKit).
    public var layoutMarginsGuide: LayoutGuide {
        hasMarginsGuide = true
        return marginsGuideStorage
    }

    /// The guide for the safe area (created on first use).
    public var safeAreaLayoutGuide: LayoutGuide {
        hasSafeAreaGuide = true
        return safeAreaGuideStorage
    }

    // MARK: Direction

    /// The view's effective direction: forced by its semantic attribute, else inherited from the
    /// nearest ancestor whose attribute forces one, else the engine's default. A loop up the
    /// superviews: asking each superview in turn (a recursion) overflowed the stack for views
    /// 50,000–75,000 levels deep.
    override package var effectiveDirection: LayoutDirection {
        var view = self
        while true {
            switch view.semanticContentAttribute {
            case .forceLeftToRight, .playback, .spatial: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified:
                guard let superview = view.superview else { return view.engine?.defaultDirection ?? .leftToRight }
                view = superview
            }
        }
    }

    public var effectiveUserInterfaceLayoutDirection: LayoutDirection { effectiveDirection }

    // MARK: Anchors that only views have

    public var firstBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }

    // MARK: Priorities

    public func contentHuggingPriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? huggingPriority.horizontal : huggingPriority.vertical
    }

    public func setContentHuggingPriority(_ p: LayoutPriority, for axis: Axis) throws(LayoutError) {
        guard p.isValid else { throw .invalidPriority(p.rawValue) }
        if axis == .horizontal { huggingPriority.horizontal = p } else { huggingPriority.vertical = p }
        markChanged()
    }

    public func contentCompressionResistancePriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? compressionPriority.horizontal : compressionPriority.vertical
    }

    public func setContentCompressionResistancePriority(_ p: LayoutPriority, for axis: Axis) throws(LayoutError) {
        guard p.isValid else { throw .invalidPriority(p.rawValue) }
        if axis == .horizontal { compressionPriority.horizontal = p } else { compressionPriority.vertical = p }
        markChanged()
    }

    /// Tells the engine the content changed: it is measured again in the next pass.
    public func invalidateIntrinsicContentSize() { contentSizeChanged() }

    /// Marks the root dirty and queues the view for its root's next pass, which reads its content
    /// size again (only queued views are read, besides those with a measure callback).
    func contentSizeChanged() {
        guard let root = rootView, let engine else { return }
        engine.contentSizeChanged(of: self, root: root)
    }

    // MARK: Hierarchy

    public func addSubview(_ view: View) throws(LayoutError) {
        try insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) throws(LayoutError) {
        guard let engine, view.engine === engine else {
            throw .wrongEngine("\(view) and \(self) belong to different engines")
        }
        // A cycle: `view` is this view or one of its ancestors. Only a view with subviews can be
        // an ancestor, so adding a leaf (how deep chains and long lists are built) asks nothing
        // more; otherwise the cached roots and depths answer in O(1) amortised, walking up only
        // the difference of the depths when both views are in one tree (HierarchyCache.swift).
        if view === self || (!view.subviews.isEmpty && isDescendant(of: view)) {
            throw .invalidHierarchy("adding \(view) to \(self) would make a cycle")
        }
        var position = index
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            if current < position { position -= 1 }
        } else {
            view.removeFromSuperview()
        }
        guard position >= 0 && position <= subviews.count else {
            throw .invalidArgument("index \(index) is outside 0...\(subviews.count)")
        }
        engine.viewWillBecomeSubview(view)
        subviews.insert(view, at: position)
        view.superview = self
        view.cacheAfterAttaching()
        engine.hierarchyChanged(root: rootView!)
    }

    public func removeFromSuperview() {
        guard let parent = superview, let engine else { return }
        // UIKit: leaving a stack view's subviews also leaves its arranged subviews.
        (parent as? StackView)?.forgetArrangedSubview(self)
        let oldRoot = parent.rootView!
        parent.subviews.removeAll { $0 === self }
        superview = nil
        roundedFrame = nil  // a root's frame is its user's, never rounded
        engine.stopAnimations(ofSubtree: self)  // removed views stop animating, as in UIKit
        cacheAfterDetaching()
        engine.hierarchyChanged(root: oldRoot)
        engine.hierarchyChanged(root: self)
        // Only constraints naming an item of this subtree can have lost their common ancestor.
        engine.deactivateConstraintsWithoutCommonAncestor(namingItemsOf: self)
    }

    /// Whether this view is `view` or lies in its subtree.
    /// - Complexity: O(1) amortised when `view` is a root or in another tree; otherwise the
    ///   difference of the two depths (HierarchyCache.swift).
    public func isDescendant(of view: View) -> Bool {
        if self === view { return true }
        let (root, depth) = rootAndDepth()
        if view.superview == nil { return root === view }
        let (otherRoot, otherDepth) = view.rootAndDepth()
        guard root === otherRoot, depth > otherDepth else { return false }
        return ancestor(levelsUp: depth - otherDepth) === view
    }

    /// Leaves the view as freeing its subtree one view at a time left it (`LayoutEngine.free`):
    /// without subviews, superview or layout guides, and a stack view without arranged views.
    func forgetHierarchyOfFreedSubtree() {
        subviews = []
        superview = nil
        for guide in layoutGuides { guide.owningView = nil }
        layoutGuides = []
        (self as? StackView)?.forgetArrangement()
    }

    /// Drops the subviews (the engine is going away: `LayoutEngine.dismantleHierarchies`).
    func dropSubviewsForTeardown() {
        subviews = []
    }

    /// From `deinit`: the subviews that die with this view are emptied of their own subviews
    /// before they are released, and so on down, so that a subtree is released one view after
    /// another. Released as stored properties are, each view died inside its superview's deinit:
    /// a recursion as deep as the subtree, which overflowed the stack when the last reference to
    /// a chain 50,000 deep went away (the engine, or the host's array of views). A subview held
    /// elsewhere too (by the host, the engine's tables) does not die here and keeps its subviews.
    /// A stack view's arranged views die once the stack is gone (it holds them too), which is
    /// before they are taken from the list.
    private func releaseSubtreeOneViewAtATime() {
        guard !subviews.isEmpty else { return }
        var dying = subviews
        subviews = []
        while var view = dying.popLast() {
            guard isKnownUniquelyReferenced(&view) else { continue }
            dying.append(contentsOf: view.subviews)
            view.subviews = []
        }
    }

    public func addLayoutGuide(_ guide: LayoutGuide) throws(LayoutError) {
        guard let engine, guide.engine === engine else {
            throw .wrongEngine("\(guide) and \(self) belong to different engines")
        }
        guard guide.systemKind == nil else { throw .invalidHierarchy("\(guide) is a system guide") }
        if let owner = guide.owningView { owner.removeLayoutGuide(guide) }
        layoutGuides.append(guide)
        guide.owningView = self
        markChanged()
    }

    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        markChanged()
        engine?.deactivateConstraintsWithoutCommonAncestor(naming: [guide])
    }

    // MARK: Autoresizing inspection

    /// The constraints equivalent to the view's autoresizing mask in its superview (two per
    /// axis: `minX == a·superview.width + b`, `width == c·superview.width + d`, and the same
    /// vertically), described with Apple's `h=… v=…` prefix. They are read-only, generated by the
    /// engine, and valid (the same objects and ids) until the next layout pass. A root has none.
    public func constraintsEquivalentToAutoresizingMask() -> [LayoutConstraint] {
        guard let engine, let s = superview else { return [] }
        return engine.inspectionConstraints(of: self) { makeAutoresizingConstraints(engine, in: s) }
    }

    private func makeAutoresizingConstraints(_ engine: LayoutEngine, in s: View) -> [LayoutConstraint] {
        let mask: AutoresizingMask = s.autoresizesSubviews ? autoresizingMask : []
        let rules = AutoresizingMask.translationRules(frame: storedFrame, mask: mask,
                                                      superviewSize: s.storedFrame.size)
        let notation = mask.notation
        let participates = engine.takesPartInSolve(self, root: rootView!)
        func make(_ attribute: LayoutAttribute, _ factor: Double, _ superAttribute: LayoutAttribute,
                  _ constant: Double) -> LayoutConstraint {
            let c = LayoutConstraint(unchecked: self, attribute, .equal, factor == 0 ? nil : s,
                                     factor == 0 ? .notAnAttribute : superAttribute, factor, constant,
                                     generated: true)
            c.generatedKind = .autoresizing(notation: notation)
            c.generatedInSolve = participates
            engine.register(c)
            return c
        }
        let h = rules.horizontal, v = rules.vertical
        return [make(.minX, h.positionFactor, .width, h.positionConstant),
                make(.width, h.lengthFactor, .width, h.lengthConstant),
                make(.minY, v.positionFactor, .height, v.positionConstant),
                make(.height, v.lengthFactor, .height, v.lengthConstant)]
    }

    // MARK: Layout

    /// Marks the view's hierarchy as needing a layout pass.
    public func setNeedsLayout() { markChanged(rebuild: false) }

    /// Whether the view's `updateConstraints` hook is due (UIKit's `needsUpdateConstraints()`):
    /// true for a new view and after `setNeedsUpdateConstraints`, false once the hook ran in a
    /// layout pass or `updateConstraintsIfNeeded`.
    public func needsUpdateConstraints() -> Bool { updateConstraintsNeeded }

    public func setNeedsUpdateConstraints() {
        updateConstraintsNeeded = true
        markChanged()
        // The pass walks the hierarchy for updateConstraints hooks when a rebuild or this asks.
        if let engine, let root = rootView { engine.updateConstraintsRequested(root: root) }
    }

    /// Runs the `updateConstraints` hooks of this view's subtree that are due, bottom-up as a
    /// layout pass does, without laying out (UIKit's `updateConstraintsIfNeeded()`). Constraints
    /// the hooks change take effect at the next pass.
    public func updateConstraintsIfNeeded() { runUpdateConstraintsHooks() }

    /// Runs the layout pass of this view's root now if anything changed.
    public func layoutIfNeeded() throws(LayoutError) {
        try engine?.layoutIfNeeded(rootView!)
    }

    /// The size closest to `target` that the view's subtree constraints allow, with the target
    /// pulling at the given priorities (default: fitting level 50). Does not change any frame.
    public func systemLayoutSizeFitting(_ target: Size,
                                        horizontalPriority: LayoutPriority = .fittingSizeLevel,
                                        verticalPriority: LayoutPriority = .fittingSizeLevel) throws(LayoutError) -> Size {
        guard let engine else { throw .freed("\(self) was freed") }
        return try engine.fittingSize(of: self, target: target, horizontalPriority: horizontalPriority,
                                      verticalPriority: verticalPriority)
    }

    /// Applies a frame; `fromLayout` frames (set by a pass) do not autoresize subviews again.
    ///
    /// A frame set by the host resizes the translating subviews by their masks, whose new frames
    /// resize theirs in turn, depth-first in subview order; each view is marked changed after its
    /// subtree. An explicit stack of the views being resized: setting each subview's frame by
    /// recursion overflowed the stack for chains of autoresizing views 25,000 deep.
    func setFrame(_ newFrame: Rect, fromLayout: Bool) {
        let oldSize = storedFrame.size
        guard !fromLayout else {
            // (A pass outside an animating block checks its animating views once it has written
            // every frame: LayoutEngine.keepMotionFiniteAfterPass.)
            frames = (newFrame, nil, true)
            return
        }
        // Inside an animation block the frames set here (this one and the autoresized ones)
        // animate from where they were shown.
        let capture = engine.flatMap { FrameCapture.forCurrentBlock(in: $0) }
        capture?.note(self)
        defer { if let capture { engine?.recordAnimations(capture) } }
        frames = (newFrame, nil, true)
        if !frameAnimations.isEmpty { engine?.keepMotionFinite(of: self) }
        // A view whose subviews are being resized: its sizes before and after, its subviews as
        // they were when its frame changed, and the next one to look at.
        struct Resizing {
            let view: View
            let oldSize: Size
            let newSize: Size
            let subviews: [View]
            var next = 0
        }
        var pending: [Resizing] = []
        if autoresizesSubviews && oldSize != newFrame.size {
            pending.append(Resizing(view: self, oldSize: oldSize, newSize: newFrame.size, subviews: subviews))
        } else {
            markChanged(rebuild: superview != nil)
        }
        while let top = pending.indices.last {
            let next = pending[top].next
            guard next < pending[top].subviews.count else {
                let view = pending.removeLast().view
                view.markChanged(rebuild: view.superview != nil)
                continue
            }
            pending[top].next = next + 1
            let subview = pending[top].subviews[next]
            guard subview.translatesAutoresizingMaskIntoConstraints else { continue }
            let resized = AutoresizingMask.resizedFrame(subview.storedFrame, mask: subview.autoresizingMask,
                                                       oldSuperviewSize: pending[top].oldSize,
                                                       newSuperviewSize: pending[top].newSize)
            // What `subview.setFrame(resized, fromLayout: false)` did, its own subviews pushed.
            let subviewOldSize = subview.storedFrame.size
            capture?.note(subview)
            subview.frames = (resized, nil, true)
            if !subview.frameAnimations.isEmpty { engine?.keepMotionFinite(of: subview) }
            if subview.autoresizesSubviews && subviewOldSize != resized.size {
                pending.append(Resizing(view: subview, oldSize: subviewOldSize, newSize: resized.size,
                                        subviews: subview.subviews))
            } else {
                subview.markChanged(rebuild: subview.superview != nil)
            }
        }
    }
}

/// What a measure callback returns: the content size and optional baselines (first from the top,
/// last from the bottom; NaN = none).
public struct Measurement: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var firstBaseline: Double
    public var lastBaseline: Double

    public init(width: Double, height: Double, firstBaseline: Double = .nan, lastBaseline: Double = .nan) {
        self.width = width
        self.height = height
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }

    /// Why a pass cannot use this as a content size, or nil when it can: each of width and
    /// height is finite and at least 0, or `View.noIntrinsicMetric` (none on that axis), the
    /// same rule `intrinsicContentSize` is held to. A measurement is never clamped: -50 is not
    /// taken for 0, nor for "none".
    package var sizeProblem: String? {
        guard width.isFinite, height.isFinite else {
            return "a non-finite size (\(formatNumber(width)), \(formatNumber(height)))"
        }
        for (name, value) in [("width", width), ("height", height)] where value < 0 && value != View.noIntrinsicMetric {
            return "a negative \(name) (\(formatNumber(value))): a size is at least 0, or \(formatNumber(View.noIntrinsicMetric)) for none"
        }
        return nil
    }
}
