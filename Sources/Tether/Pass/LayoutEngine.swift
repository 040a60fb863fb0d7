/// Owns every view, guide and constraint made in it, and runs layout passes.
///
/// Each root (a view without a superview) is laid out independently with its own solver state
/// (`RootLayout`). Any change marks the root dirty; nothing is solved until the next pass
/// (`layoutIfNeeded`). An engine is used from one thread at a time.
public final class LayoutEngine {
    /// The direction of views whose semantic attribute does not force one (default LTR).
    public var defaultDirection: LayoutDirection = .leftToRight {
        didSet {
            // Leading/trailing resolve with it: every root is rebuilt at its next pass.
            guard defaultDirection != oldValue else { return }
            for layout in rootLayouts.values where layout.root.superview == nil {
                layout.needsRebuild = true
                markNeedsLayout(layout.root)
            }
        }
    }

    /// How Visual Format's standard spacing to the superview (`|-[v]`, `[v]-|`) is made when a
    /// format is parsed. `false` (the default): AppKit's, 20 points from the superview's edge
    /// (`v.leading == superview.leading + 20`). `true`: UIKit's since iOS 8, the superview's
    /// layout margins (`v.leading == superview.leadingMargin`), so the gap follows the margins
    /// (8 by default, plus the safe area while `insetsLayoutMarginsFromSafeArea`). Constraints
    /// already made keep the form they were made with.
    public var superviewSpacingUsesLayoutMargins = false

    /// The display's scale (pixels per point) that layout passes round frames to, as UIKit does
    /// with its screen's scale: 0 (the default) leaves frames exact; 1, 2, 3 (or any positive
    /// scale) snap every subview's edges to multiples of `1 / displayScale` in its root's
    /// coordinates, so that views sharing an edge stay flush, and grow a view whose rounding
    /// took it below its intrinsic size by one pixel (Pass/PixelGrid.swift). `View.frame` is
    /// the rounded frame, `View.unroundedFrame` the exact one; roots keep the frames their users
    /// set. A change takes effect at each root's next pass. Setting a negative or non-finite
    /// value is ignored (use `setDisplayScale(_:)` to get the error).
    public var displayScale: Double {
        get { storedDisplayScale }
        set { try? setDisplayScale(newValue) }
    }
    private var storedDisplayScale: Double = 0

    /// Sets `displayScale`: `.nonFinite` for NaN or an infinity, `.invalidArgument` for a
    /// negative scale. Every root is laid out again at its next pass.
    public func setDisplayScale(_ scale: Double) throws(LayoutError) {
        guard scale.isFinite else { throw .nonFinite("display scale \(formatNumber(scale)) is not finite") }
        guard scale >= 0 else {
            throw .invalidArgument("display scale \(formatNumber(scale)) is negative (0 turns rounding off)")
        }
        let scale = scale + 0  // -0.0 is 0
        guard scale != storedDisplayScale else { return }
        storedDisplayScale = scale
        for layout in rootLayouts.values where layout.root.superview == nil { markNeedsLayout(layout.root) }
    }

    /// Receives diagnostics (broken constraints). Default: written to standard error.
    public var diagnosticHandler: ((String) -> Void)?

    // The ids handed out (index + generation, IDTable.swift), for the C ABI and the bindings.
    var itemTable: IDTable<LayoutItem>
    var constraintTable: IDTable<LayoutConstraint>
    /// The tag in this engine's ids (`EngineTags`), given back when the engine is freed.
    public let idTag: UInt64
    /// Every item slot, nil where freed.
    var items: [LayoutItem?] { itemTable.slots }
    /// Every constraint slot, nil where freed.
    package var constraints: [LayoutConstraint?] { constraintTable.slots }
    var freeItemSlots: [Int] { itemTable.freeSlots }
    var freeConstraintSlots: [Int] { constraintTable.freeSlots }

    /// Active constraints by identity; the activation order lives on each constraint.
    var active: [ObjectIdentifier: LayoutConstraint] = [:]
    var activationCounter = 0
    /// At least the number of constraints with `isBroken` set: 0 means none is broken.
    var brokenConstraintCount = 0
    package var rootLayouts: [ObjectIdentifier: RootLayout] = [:]
    /// Generated constraints handed out for inspection, per view; freed at the next pass.
    var inspectionConstraints: [ObjectIdentifier: [LayoutConstraint]] = [:]
    var dirtyRoots: [ObjectIdentifier: View] = [:]
    /// Views that had a root layout and became subviews since the last pass: their layouts are
    /// dropped by the next pass (without looking through every root's layout for them).
    var formerRoots: [ObjectIdentifier: View] = [:]
    /// Bumped by every change of the hierarchy that can change the root or the depth of views
    /// other than the one moved (HierarchyCache.swift).
    var hierarchyEpoch: UInt64 = 1
    /// The registered constraints that name each item (ConstraintIndex.swift). Kept here, not on
    /// the items: an item holding its constraints would make a reference cycle with them.
    var constraintsByItem: [ObjectIdentifier: [LayoutConstraint]] = [:]

    public init(defaultDirection: LayoutDirection = .leftToRight) {
        self.defaultDirection = defaultDirection
        idTag = EngineTags.shared.take()
        itemTable = IDTable(tag: idTag, kind: .item)
        constraintTable = IDTable(tag: idTag, kind: .layoutConstraint)
    }

    /// The animation clock and the running frame animations (Animation/); nil until the first.
    var animationStore: AnimationStore?
    /// Numbers the frame captures of animating passes (FrameCapture).
    var captureCounter: UInt64 = 0

    deinit {
        stopAllAnimations()
        EngineTags.shared.release(idTag)
    }

    /// Whether `id` was made by another engine (its tag is not this engine's): for messages
    /// that say so rather than "not live".
    public func isForeign(_ id: UInt64) -> Bool { id != 0 && id >> 52 != idTag }

    // MARK: Making things

    public func makeView(frame: Rect = .zero) throws(LayoutError) -> View {
        try makeRoot(frame: frame) { View(engine: $0, frame: $1) }
    }

    /// Makes a subview of `parent` laid out by constraints, in one step where UIKit code takes
    /// three (make a view, set `translatesAutoresizingMaskIntoConstraints = false`, add it):
    /// frame zero, the last subview, `identifier` as its identifier when given. Nothing is made
    /// when `parent` is freed or of another engine.
    public func makeSubview(of parent: View, identifier: String? = nil) throws(LayoutError) -> View {
        guard let owner = parent.engine else { throw .freed("\(parent) is freed") }
        guard owner === self else { throw .wrongEngine("\(parent) belongs to another engine") }
        let view = try makeView()
        view.translatesAutoresizingMaskIntoConstraints = false
        if let identifier { view.identifier = identifier }
        try parent.addSubview(view)  // cannot fail: a new leaf of a live view of this engine
        return view
    }

    /// Makes a root stack view with `frame` (horizontal, fill, fill, spacing 0, as UIKit's).
    public func makeStackView(frame: Rect = .zero) throws(LayoutError) -> StackView {
        try makeRoot(frame: frame) { StackView(engine: $0, frame: $1) }
    }

    public func makeLayoutGuide() -> LayoutGuide {
        let guide = LayoutGuide(engine: self)
        register(guide)
        return guide
    }

    func register(_ item: LayoutItem) {
        item.id = itemTable.insert(item)
    }

    func register(_ constraint: LayoutConstraint) {
        constraint.id = constraintTable.insert(constraint)
        index(constraint)
    }

    /// The live item with this id, or nil (stale, freed, or never made).
    public func item(withID id: UInt64) -> LayoutItem? {
        itemTable.element(withID: id)
    }

    /// The live constraint with this id, or nil.
    public func constraint(withID id: UInt64) -> LayoutConstraint? {
        constraintTable.element(withID: id)
    }

    /// Frees a constraint: deactivates it and invalidates its id.
    public func free(_ constraint: LayoutConstraint) {
        guard self.constraint(withID: constraint.id) === constraint else { return }
        deactivate([constraint])
        releaseSlot(of: constraint)
    }

    /// Invalidates a constraint's id and takes it out of its items' lists.
    private func releaseSlot(of constraint: LayoutConstraint) {
        unindex(constraint)
        constraintTable.remove(constraint, id: constraint.id)
    }

    /// Frees a view and its subtree (with their guides and the constraints that refer to them).
    ///
    /// The subtree leaves its superview once; its views are then freed after their subviews,
    /// each after its guides, in the order (and so with the id slots recycled in the order)
    /// freeing them one by one, each detached from its superview first, used to give, and they end
    /// detached as they did then. Detaching each one first made every view pay for its siblings
    /// (removing it from its superview's list, deactivating the constraints it left without a
    /// common ancestor among all active ones): freeing a root with 4,000 constrained subviews
    /// took 3.4 s (issue 18).
    /// - Complexity: the subtree's items and the constraints that name them.
    public func free(_ view: View) {
        guard item(withID: view.id) === view else { return }
        view.removeFromSuperview()
        stopAnimations(ofSubtree: view)
        var postOrder: [View] = []
        var pending: [(view: View, expanded: Bool)] = [(view, false)]
        while let (v, expanded) = pending.popLast() {
            if expanded {
                postOrder.append(v)
                continue
            }
            pending.append((v, true))
            for subview in v.subviews.reversed() { pending.append((subview, false)) }
        }
        for v in postOrder {
            for guide in v.layoutGuides { freeItemInFreedSubtree(guide) }
            if v.hasMarginsGuide { freeItemInFreedSubtree(v.marginsGuideStorage) }
            if v.hasSafeAreaGuide { freeItemInFreedSubtree(v.safeAreaGuideStorage) }
            if let stack = v as? StackView { for guide in stack.arrangementGuides { freeItemInFreedSubtree(guide) } }
            freeItemInFreedSubtree(v)
        }
        for v in postOrder {
            v.forgetHierarchyOfFreedSubtree()
            let key = ObjectIdentifier(v)
            dirtyRoots[key] = nil
            formerRoots[key] = nil
            rootLayouts.removeValue(forKey: key)?.discard()
        }
    }

    /// `freeItem` for an item of a subtree being freed whole (`free(_ view:)`): every active
    /// constraint naming it lies in that subtree (the ones to the outside were deactivated when
    /// it left its superview), whose layout is dropped, so they are deactivated without updating
    /// any root's layout.
    private func freeItemInFreedSubtree(_ item: LayoutItem) {
        for c in constraintsNaming(item) {
            if c.isActive {
                c.activationOrder = 0
                c.isBroken = false
                active[ObjectIdentifier(c)] = nil
            }
            releaseSlot(of: c)
        }
        releaseItemSlot(item)
    }

    /// Frees a layout guide (removing it from its owner).
    public func free(_ guide: LayoutGuide) {
        guard item(withID: guide.id) === guide, guide.systemKind == nil else { return }
        guide.owningView?.removeLayoutGuide(guide)
        freeItem(guide)
    }

    /// Frees an item and the constraints that refer to it (stack views free the arrangement
    /// guides they no longer need with it).
    func freeItem(_ item: LayoutItem) {
        for c in constraintsNaming(item) { free(c) }
        releaseItemSlot(item)
    }

    /// Invalidates the item's id and detaches it from the engine.
    private func releaseItemSlot(_ item: LayoutItem) {
        itemTable.remove(item, id: item.id)
        item.detachFromEngine()
    }

    /// Empties every view's subviews while the engine still holds every view, so that releasing
    /// the engine then releases its views one after another instead of each inside its
    /// superview's deinit (a recursion as deep as the hierarchy). For owners that free the engine
    /// with all its views (the C ABI's `tether_engine_free`); the views are unusable after.
    package func dismantleHierarchies() {
        for case let view as View in items { view.dropSubviewsForTeardown() }
    }

    // MARK: Activation

    /// Activates constraints as one batch. Every constraint is checked first (items in one
    /// hierarchy, engine); on an error none is activated.
    package func activate(_ batch: [LayoutConstraint]) throws(LayoutError) {
        // Each constraint's common ancestor is found once, by the check, and a root already
        // marked by the previous constraint is not looked up again (both were a fifth of
        // activating 40,000 constraints).
        var ancestors: [View] = []
        ancestors.reserveCapacity(batch.count)
        for c in batch { ancestors.append(try validatedAncestor(c)) }
        var markedRoot: View?
        for (c, ancestor) in zip(batch, ancestors) where !c.isActive {
            activationCounter += 1
            c.activationOrder = activationCounter
            c.isBroken = false
            active[ObjectIdentifier(c)] = c
            guard let root = ancestor.rootView, root !== markedRoot else { continue }
            rootLayout(root).needsRebuild = true
            markNeedsLayout(root)
            markedRoot = root
        }
    }

    /// Throws the error that activating `c` would throw (an item of another engine or freed, or
    /// no common ancestor), without activating it: batch activation checks every constraint first.
    public func validateActivation(_ c: LayoutConstraint) throws(LayoutError) {
        _ = try validatedAncestor(c)
    }

    /// `validateActivation`, returning the common ancestor it found.
    private func validatedAncestor(_ c: LayoutConstraint) throws(LayoutError) -> View {
        guard !c.isGenerated else {
            throw .readOnly("\(c) is generated by the engine and cannot be activated")
        }
        guard c.firstItem.engine === self, c.secondItem == nil || c.secondItem?.engine === self else {
            throw .wrongEngine("\(c) refers to an item of another engine or a freed item")
        }
        guard let ancestor = c.commonAncestor else {
            throw .noCommonAncestor("Unable to activate constraint with anchors \(anchorName(c.firstItem, c.firstAttribute)) and \(c.secondItem.map { anchorName($0, c.secondAttribute) } ?? "nil") because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
        }
        return ancestor
    }

    func deactivate(_ batch: [LayoutConstraint]) {
        for c in batch where c.isActive {
            let root = c.commonAncestor?.rootView
            c.activationOrder = 0
            c.isBroken = false
            active[ObjectIdentifier(c)] = nil
            if let root, let layout = rootLayouts[ObjectIdentifier(root)] {
                layout.removeUserConstraint(c)
                markNeedsLayout(root)
            } else {
                for layout in rootLayouts.values { layout.needsRebuild = true }
            }
        }
    }

    private func anchorName(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String {
        "<NSLayoutAnchor \"\(item.debugName).\(attribute)\">"
    }

    /// Active constraints, oldest first.
    public var activeConstraints: [LayoutConstraint] {
        active.values.sorted { $0.activationOrder < $1.activationOrder }
    }

    // MARK: Passes

    /// Lays out `root`'s hierarchy if it changed since its last pass.
    package func layoutIfNeeded(_ root: View) throws(LayoutError) {
        guard dirtyRoots.removeValue(forKey: ObjectIdentifier(root)) != nil else { return }
        releaseInspectionConstraints()
        let layout = rootLayout(root)
        // Roots that are no longer roots (added to another view) drop their state. Only views
        // added since the last pass can be such (View.insertSubview lists them): looking through
        // every root's layout made each pass cost the number of roots (issue 18).
        if !formerRoots.isEmpty {
            let former = formerRoots
            formerRoots = [:]
            for (key, view) in former where view.superview != nil {
                rootLayouts.removeValue(forKey: key)?.discard()
            }
        }
        // Inside an animation block the frames this pass changes animate from where they were shown.
        let capture = FrameCapture.forCurrentBlock(in: self)
        layout.frameCapture = capture
        defer {
            layout.frameCapture = nil
            if let capture { recordAnimations(capture) } else { keepMotionFiniteAfterPass() }
        }
        do {
            try layout.run()
        } catch {
            // A failed pass (a measure callback) may have left the solver half built or half
            // updated: the next pass starts from scratch.
            layout.needsRebuild = true
            markNeedsLayout(root)
            throw error
        }
    }

    /// Lays out every dirty root. Only roots are listed as dirty (a view added to a superview
    /// leaves the list), so this costs the dirty roots, not every view ever made.
    public func layoutAll() throws(LayoutError) {
        for root in Array(dirtyRoots.values) where root.superview == nil {
            try layoutIfNeeded(root)
        }
    }

    func fittingSize(of view: View, target: Size, horizontalPriority: LayoutPriority,
                     verticalPriority: LayoutPriority) throws(LayoutError) -> Size {
        guard target.width.isFinite, target.height.isFinite else { throw .nonFinite("target size \(target) is not finite") }
        guard horizontalPriority.isValid else { throw .invalidPriority(horizontalPriority.rawValue) }
        guard verticalPriority.isValid else { throw .invalidPriority(verticalPriority.rawValue) }
        let probe = RootLayout(engine: self, root: view)
        defer { probe.discard() }
        return try probe.fittingSize(target: target, horizontalPriority: horizontalPriority,
                                     verticalPriority: verticalPriority)
    }

    /// Frees the generated constraints handed out for inspection (their ids become stale).
    func releaseInspectionConstraints() {
        for list in inspectionConstraints.values { for c in list { free(c) } }
        inspectionConstraints = [:]
    }

    func report(_ message: String) {
        if let handler = diagnosticHandler {
            handler(message)
        } else {
            writeToStandardError(message + "\n")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
        _ = write(2, buffer.baseAddress, buffer.count)
    }
}
