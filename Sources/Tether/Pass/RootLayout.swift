import TetherSolver

/// The four solver variables of an item's alignment rectangle, in root coordinates, and the
/// item's index in its layout's participant tables (`RootLayout.items`).
struct ItemVariables {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable
    let index: Int
}

/// The solver state and the layout pass of one root's hierarchy.
///
/// A pass: `updateConstraints` hooks bottom-up; (re)build or refresh the solver; solve; measure
/// height-for-width views with their resolved widths and solve again; apply frames top-down,
/// calling `layoutSubviews` hooks. A root without active constraints is in frame mode: nothing is
/// solved and frames stay as set (autoresizing happens when frames are set).
///
/// A pass without a rebuild costs what changed, not the size of the tree: it reads the content
/// sizes of the views invalidated since the last pass (and of those with a measure callback),
/// and writes the frames of the items whose solved variables changed (the solver lists them) and
/// of the subviews of views that moved, visiting the views that have a `layoutSubviews` hook.
/// The tables below, made by each rebuild, index the tree and the participants for that.
package final class RootLayout {
    unowned let engine: LayoutEngine
    let root: View
    var solver = Solver()
    /// While a pass runs inside an animation block: the frames it changes (Animation/).
    var frameCapture: FrameCapture?
    var needsRebuild = true
    var isConstraintBased = false
    var variables: [ObjectIdentifier: ItemVariables] = [:]
    var userSolverConstraint: [ObjectIdentifier: TetherSolver.Constraint] = [:]
    var solverOwner = SolverConstraintTable<LayoutConstraint>()
    /// The generated constraint (read-only, engine-registered) behind each generated solver
    /// constraint; a content-size constraint stands for two solver constraints.
    var generatedOwner = SolverConstraintTable<LayoutConstraint>()
    var generatedConstraints: [LayoutConstraint] = []
    var rootPins: [TetherSolver.Constraint] = []
    /// Content-size constraints per view: (width >=, width <=, height >=, height <=), or nil.
    var contentSize: [ObjectIdentifier: [TetherSolver.Constraint?]] = [:]
    var measured: [ObjectIdentifier: Measurement] = [:]
    /// The generated constraints of each stack view's arrangement (StackArrangement.swift), and what
    /// they were built from that can change without a rebuild (intrinsic lengths).
    var stackConstraints: [ObjectIdentifier: [LayoutConstraint]] = [:]
    var stackInputs: [ObjectIdentifier: [Double]] = [:]
    var fitting: (target: Size, horizontal: LayoutPriority, vertical: LayoutPriority)?
    /// Whether a view of the tree has safe-area insets, set by the host or derived, or preserves
    /// its superview's margins (then each pass derives them again: RootLayout+SafeArea.swift).
    var insetsWalkNeeded = false
    /// Values to show instead of the solver's (an exercised ambiguity), while applying frames.
    var valueOverride: [Variable: Double]?
    /// Each item's ambiguities as found since the last pass (Ambiguity.swift): a pass starts it
    /// afresh, and every change of the solver marks the root for a pass first.
    var ambiguityCache: [ObjectIdentifier: [Ambiguity]] = [:]
    /// Conflicts already reported: each is reported once, until a rebuild finds the root free of
    /// broken constraints (a later recurrence is then reported again).
    var reportedConflicts = Set<String>()
    /// While a rebuild makes constraints, they are collected here (with their owners, and
    /// whether they are generated) and added by `addBatch` as one batch.
    var batching = false
    var pendingBatch: [(constraint: TetherSolver.Constraint, owner: LayoutConstraint, isGenerated: Bool)] = []

    // Tables of the last rebuild (constraint-based roots only).
    /// Every view of the tree in pre-order (the order of a full pass), with its parent's index (-1
    /// for the root), the size of its subtree (its descendants follow it) and its participant
    /// index (-1 for a view that keeps its frame).
    var treeViews: [View] = []
    var treeParent: [Int32] = []
    var treeSubtreeSize: [Int32] = []
    var treeItem: [Int32] = []
    /// Bumped whenever the tables are emptied: a `layoutSubviews` hook may change the hierarchy
    /// and lay it out again from inside a pass (found by fuzz-capi), after which the pass that
    /// called the hook must stop walking the old tables (the inner pass applied the new ones).
    var tablesGeneration = 0
    /// Per tree index: the view's alignment-rect insets (a change rebuilds), and whether it has
    /// guides whose frames follow it (its own, a stack view's, margins or safe area).
    var treeInsets: [EdgeInsets] = []
    var treeHasGuides: [Bool] = []
    /// Participants (views and guides that have variables), in the order their variables were
    /// made: the item, its variables, its view's tree index (a guide's: its owner's), whether it
    /// is a view, and the solved alignment rect its frame was last given (root coordinates).
    var items: [LayoutItem] = []
    var itemVariables: [ItemVariables] = []
    var itemTree: [Int32] = []
    var itemIsView: [Bool] = []
    var itemRects: [Rect] = []
    /// Each participant's intrinsic content size as its content-size constraints last read it
    /// (negative: none on that axis; always for guides), for pixel-grid rounding.
    var itemContent: [Size] = []
    /// The `Variable.denseIndex` of each participant's left, top, width and height (4 per item).
    var itemDense: [Int] = []
    /// The participant of each solver variable, by `Variable.denseIndex` (-1: none).
    var itemOfVariable: [Int32] = []
    /// Participating views with a measure callback (measured in every pass), in pre-order.
    var measuringViews: [View] = []
    /// The stack views whose arrangement is in the solver (their inputs are checked each pass).
    var arrangingStacks: [StackView] = []
    /// Tree indices of the views with a `layoutSubviews` hook, in pre-order; remade when a hook
    /// is set or removed (`hooksStale`).
    var hookedViews: [Int32] = []
    var hooksStale = true
    /// Views whose intrinsic size was set or invalidated since the last pass (View.contentSizeChanged).
    var pendingContentSizes: [View] = []
    /// Set by `setNeedsUpdateConstraints`: the next pass walks the tree for the hooks even when it
    /// does not rebuild.
    var updateConstraintsPending = false
    /// Whether the next frame application must write every frame: after a rebuild, and after
    /// frames of another solution were shown (an exercised ambiguity).
    var framesNeedFullPass = true
    /// Per pass: the participants whose variables the solver changed (deduplicated by stamps).
    var changedItems: [Int32] = []
    var changedVariablesIncomplete = false
    var changedScratch: [Int32] = []
    var movedScratch: [Int32] = []
    var stamp: UInt32 = 1
    var itemStamp: [UInt32] = []
    var frameStamp: [UInt32] = []
    var finishStamp: [UInt32] = []
    /// The frame work of an incremental pass, as sortable keys: `parent << 32 | child` (write the
    /// child's frame) and `view << 32 | finishKey` (its guides, then its hook).
    var events: [UInt64] = []
    static let finishKey: UInt64 = 0xFFFF_FFFF

    // Pixel-grid rounding (PixelGrid.swift, RootLayout+PixelGrid.swift).
    /// The engine's display scale the frames were last applied with.
    var appliedScale: Double = 0
    /// The grid of the frames being applied (nil: exact frames).
    var pixelGrid: PixelGrid?
    /// Set by a pass whose scale differs from the last one: every frame is written, and rounded
    /// frames of views that keep theirs are dropped when the scale became 0.
    var roundingChanged = false
    /// Participants whose intrinsic size changed while rounding: their rounded frames may
    /// change (an intrinsic size protects from rounding) while their solved rects do not.
    var roundingRecheck: [Int32] = []

    /// What a pass did, for tests and diagnostics: frames written, content sizes read (intrinsic
    /// sizes and measure callbacks), and whether it wrote every frame.
    struct PassCounts: Equatable {
        var framesWritten = 0
        var contentSizesRead = 0
        var wroteEveryFrame = false
    }
    /// The counts of the last pass (`run`).
    var lastPass = PassCounts()

    init(engine: LayoutEngine, root: View) {
        self.engine = engine
        self.root = root
    }

    // MARK: The pass

    func run() throws(LayoutError) {
        ambiguityCache = [:]
        let changedSinceLastPass = needsRebuild
        // Only a rebuild or setNeedsUpdateConstraints can leave a view needing the hook (views
        // join a tree through a hierarchy change, which rebuilds).
        if needsRebuild || updateConstraintsPending {
            updateConstraintsPending = false
            runUpdateConstraints()
        }
        // Changes made by updateConstraints hooks belong to this pass.
        engine.dirtyRoots[ObjectIdentifier(root)] = nil
        nextStamp()
        lastPass = PassCounts()
        changedItems.removeAll(keepingCapacity: true)
        changedVariablesIncomplete = false
        noteDisplayScale()
        if needsRebuild {
            try rebuild()
        } else if isConstraintBased {
            try refresh()
        }
        if isConstraintBased {
            try solveWithMeasuring()
        }
        applyFrames()
        try settleDerivedInsets(scan: changedSinceLastPass)
    }

    /// Whether `item` lies in this layout's tree (for a probe rooted below the real root, only
    /// that subtree counts).
    func contains(_ item: LayoutItem) -> Bool {
        if let v = item as? View { return v.isDescendant(of: root) }
        if let owner = (item as? LayoutGuide)?.owningView { return owner.isDescendant(of: root) }
        return false
    }

    /// The active constraints whose items lie in this layout's tree (for a probe rooted below the
    /// real root, only that subtree counts), oldest first: found from the tree's items, so that
    /// a rebuild costs its own tree, not every root's constraints (issue 18).
    func constraintsInTree() -> [LayoutConstraint] {
        engine.activeConstraints(inSubtreeOf: root)
    }

    /// Makes the solver from scratch: variables for participating items, generated constraints
    /// (root, autoresizing translation, content size, system guides), then the user's
    /// constraints in activation order.
    func rebuild() throws(LayoutError) {
        solver = Solver()
        solver.recordsChangedVariables = true
        batching = false  // a rebuild that threw may have left a batch behind
        pendingBatch = []
        resetTables()
        variables = [:]
        userSolverConstraint = [:]
        solverOwner.removeAll()
        releaseGenerated()
        rootPins = []
        contentSize = [:]
        // Stack views make or free the guides they need first: freeing one frees constraints on
        // it, which must neither be listed below nor leave this rebuild asking for another.
        let stacks = arrangingStackViews()
        let arrangementItems = stacks.flatMap { prepareArrangement(of: $0) }
        stackConstraints = [:]
        stackInputs = [:]
        needsRebuild = false
        let userConstraints = constraintsInTree()
        isConstraintBased = !userConstraints.isEmpty || !stacks.isEmpty || fitting != nil
        guard isConstraintBased else { return }

        // Participation: the root, every constrained item, translating views hanging from
        // participating views, and the superviews that translating participants are relative to.
        var referenced = Set<ObjectIdentifier>()
        for c in userConstraints {
            for item in [c.firstItem, c.secondItem].compactMap({ $0 }) {
                referenced.insert(ObjectIdentifier(item))
                if let guide = item as? LayoutGuide, guide.systemKind != nil, let owner = guide.owningView {
                    referenced.insert(ObjectIdentifier(owner))
                }
            }
        }
        for item in arrangementItems { referenced.insert(ObjectIdentifier(item)) }
        var order: [View] = []
        var participating = Set<ObjectIdentifier>()
        // Pre-order with an explicit stack (a recursion as deep as the tree overflowed the stack
        // for chains 100,000 deep, which issue 18 made cheap to build); subtree sizes after.
        var pending: [(view: View, parent: Int32)] = [(root, -1)]
        while let (v, parent) = pending.popLast() {
            let index = Int32(order.count)
            order.append(v)
            treeParent.append(parent)
            treeSubtreeSize.append(1)
            let id = ObjectIdentifier(v)
            let parentParticipates = parent >= 0 && participating.contains(ObjectIdentifier(order[Int(parent)]))
            if v === root || referenced.contains(id) || (parentParticipates && v.translatesAutoresizingMaskIntoConstraints) {
                participating.insert(id)
            }
            for s in v.subviews.reversed() { pending.append((s, index)) }
        }
        for t in stride(from: order.count - 1, to: 0, by: -1) { treeSubtreeSize[Int(treeParent[t])] += treeSubtreeSize[t] }
        treeViews = order
        treeItem = [Int32](repeating: -1, count: order.count)
        for v in order.reversed() where v !== root && participating.contains(ObjectIdentifier(v))
            && v.translatesAutoresizingMaskIntoConstraints {
            if let s = v.superview { participating.insert(ObjectIdentifier(s)) }
        }

        for t in variableOrder(order) where participating.contains(ObjectIdentifier(order[t])) {
            let v = order[t]
            treeItem[t] = Int32(items.count)
            makeVariables(for: v, tree: t)
            for guide in v.layoutGuides where referenced.contains(ObjectIdentifier(guide)) { makeVariables(for: guide, tree: t) }
            for guide in (v as? StackView)?.arrangementGuides ?? [] where referenced.contains(ObjectIdentifier(guide)) {
                makeVariables(for: guide, tree: t)
            }
            if v.hasMarginsGuide && referenced.contains(ObjectIdentifier(v.marginsGuideStorage)) {
                makeVariables(for: v.marginsGuideStorage, tree: t)
            }
            if v.hasSafeAreaGuide && referenced.contains(ObjectIdentifier(v.safeAreaGuideStorage)) {
                makeVariables(for: v.safeAreaGuideStorage, tree: t)
            }
            if v.measure != nil { measuringViews.append(v) }
        }
        treeInsets = order.map(\.alignmentRectInsets)
        treeHasGuides = order.map { v in
            !v.layoutGuides.isEmpty || v.hasMarginsGuide || v.hasSafeAreaGuide
                || !((v as? StackView)?.arrangementGuides.isEmpty ?? true)
        }
        itemStamp = [UInt32](repeating: 0, count: items.count)
        frameStamp = [UInt32](repeating: 0, count: order.count)
        finishStamp = [UInt32](repeating: 0, count: order.count)
        arrangingStacks = stacks

        batching = true
        try addRootConstraints()
        for v in order where v !== root && participating.contains(ObjectIdentifier(v))
            && v.translatesAutoresizingMaskIntoConstraints {
            addTranslation(v)
        }
        for v in order where participating.contains(ObjectIdentifier(v)) {
            try updateContentSize(v, measuringWith: .nan)
            if v.hasMarginsGuide, variables[ObjectIdentifier(v.marginsGuideStorage)] != nil {
                addSystemGuide(v.marginsGuideStorage, of: v, insets: v.effectiveLayoutMargins)
            }
            if v.hasSafeAreaGuide, variables[ObjectIdentifier(v.safeAreaGuideStorage)] != nil {
                addSystemGuide(v.safeAreaGuideStorage, of: v, insets: v.safeAreaInsets)
            }
        }
        // After the content sizes (proportional stacks read the measured lengths), before the
        // user's constraints (a conflict breaks the newest user constraint, never these).
        for stack in stacks { try addArrangement(of: stack) }
        for c in userConstraints {
            c.isBroken = false
            addUser(c)
        }
        addBatch()
        if !userConstraints.contains(where: { $0.isBroken }) { reportedConflicts = [] }
    }

    /// Applies changes that need no rebuild: the root's size and content sizes.
    func refresh() throws(LayoutError) {
        if fitting == nil && rootPins.count == 4 {
            let ai = root.alignmentRectInsets
            let f = root.storedFrame
            for (pin, size) in [(rootPins[2], f.width - ai.left - ai.right), (rootPins[3], f.height - ai.top - ai.bottom)] {
                setGeneratedConstant(pin, -size)
                generatedOwner[pin]?.storedConstant = size
            }
        }
        // The views whose content size was invalidated since the last pass, then every view with
        // a measure callback (measured in every pass). A view invalidated by a measure callback
        // during this loop waits for the next pass.
        let pending = pendingContentSizes
        pendingContentSizes = []
        for v in pending where v.contentSizePendingIn === self { v.contentSizePendingIn = nil }
        for v in pending where v.measure == nil && variables[ObjectIdentifier(v)] != nil {
            try updateContentSize(v, measuringWith: .nan)
            if needsRebuild { break }
        }
        if !needsRebuild {
            for v in measuringViews {
                try updateContentSize(v, measuringWith: .nan)
                if needsRebuild { break }
            }
        }
        if !needsRebuild, try arrangementInputsChanged() { needsRebuild = true }
        if needsRebuild { try rebuild() }
    }

    /// Empties the tables of the last rebuild (and the queue of content sizes to read: a rebuild
    /// reads them all).
    func resetTables() {
        tablesGeneration &+= 1
        treeViews = []
        treeParent = []
        treeSubtreeSize = []
        treeItem = []
        treeInsets = []
        treeHasGuides = []
        items = []
        itemVariables = []
        itemTree = []
        itemIsView = []
        itemRects = []
        itemContent = []
        roundingRecheck = []
        itemDense = []
        itemOfVariable = []
        measuringViews = []
        arrangingStacks = []
        hookedViews = []
        hooksStale = true
        for v in pendingContentSizes where v.contentSizePendingIn === self { v.contentSizePendingIn = nil }
        pendingContentSizes = []
        framesNeedFullPass = true
        changedItems = []
        itemStamp = []
        frameStamp = []
        finishStamp = []
    }

    func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            stamp = 1
            for i in itemStamp.indices { itemStamp[i] = 0 }
            for i in frameStamp.indices { frameStamp[i] = 0 }
            for i in finishStamp.indices { finishStamp[i] = 0 }
        }
    }

    func releaseGenerated() {
        for c in generatedConstraints {
            c.generatedInSolve = false
            engine.free(c)
        }
        generatedConstraints = []
        generatedOwner.removeAll()
    }

    /// Frees the generated constraints (their ids become stale) when the layout is dropped.
    func discard() {
        releaseGenerated()
        resetTables()
    }

    /// A read-only constraint describing generated solver constraints, registered in the engine
    /// (ids valid until the next rebuild).
    func makeGenerated(_ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
                       _ toItem: LayoutItem? = nil, _ toAttribute: LayoutAttribute = .notAnAttribute,
                       multiplier: Double = 1, constant: Double, priority: LayoutPriority = .required,
                       identifier: String = "", kind: LayoutConstraint.GeneratedKind) -> LayoutConstraint {
        let c = LayoutConstraint(unchecked: item, attribute, relation, toItem, toAttribute, multiplier, constant,
                                 generated: true)
        c.storedPriority = priority
        c.identifier = identifier
        c.generatedKind = kind
        c.generatedInSolve = true
        engine.register(c)
        generatedConstraints.append(c)
        return c
    }

    /// Makes the variables of a participant; `tree` is the tree index of its view (a guide's:
    /// its owner's).
    func makeVariables(for item: LayoutItem, tree: Int) {
        let index = items.count
        // Unnamed: nothing reads this solver's variable names (descriptions and reports name
        // items, not variables), and building four strings per item was a twentieth of a
        // 10,000-view build.
        let vars = ItemVariables(
            left: solver.makeVariable(), top: solver.makeVariable(),
            width: solver.makeVariable(), height: solver.makeVariable(),
            index: index)
        variables[ObjectIdentifier(item)] = vars
        items.append(item)
        itemVariables.append(vars)
        itemTree.append(Int32(tree))
        itemIsView.append(item is View)
        itemRects.append(.zero)
        itemContent.append(Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        func register(_ v: Variable) {
            while itemOfVariable.count <= v.denseIndex { itemOfVariable.append(-1) }
            itemOfVariable[v.denseIndex] = Int32(index)
            itemDense.append(v.denseIndex)
        }
        register(vars.left)
        register(vars.top)
        register(vars.width)
        register(vars.height)
    }

}
