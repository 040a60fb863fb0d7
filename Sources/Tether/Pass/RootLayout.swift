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
    var needsRebuild = true
    var isConstraintBased = false
    var variables: [ObjectIdentifier: ItemVariables] = [:]
    var userSolverConstraint: [ObjectIdentifier: TetherSolver.Constraint] = [:]
    var solverOwner: [TetherSolver.Constraint: LayoutConstraint] = [:]
    /// The generated constraint (read-only, engine-registered) behind each generated solver
    /// constraint; a content-size constraint stands for two solver constraints.
    var generatedOwner: [TetherSolver.Constraint: LayoutConstraint] = [:]
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
    private var batching = false
    private var pendingBatch: [(constraint: TetherSolver.Constraint, owner: LayoutConstraint, isGenerated: Bool)] = []

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
    private var changedScratch: [Int32] = []
    private var movedScratch: [Int32] = []
    private var stamp: UInt32 = 1
    private var itemStamp: [UInt32] = []
    private var frameStamp: [UInt32] = []
    private var finishStamp: [UInt32] = []
    /// The frame work of an incremental pass, as sortable keys: `parent << 32 | child` (write the
    /// child's frame) and `view << 32 | finishKey` (its guides, then its hook).
    private var events: [UInt64] = []
    private static let finishKey: UInt64 = 0xFFFF_FFFF

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
        if needsRebuild {
            try rebuild()
        } else if isConstraintBased {
            try refresh()
        }
        if isConstraintBased {
            try solveWithMeasuring()
        }
        applyFrames()
    }

    /// Whether `item` lies in this layout's tree (for a probe rooted below the real root, only
    /// that subtree counts).
    private func contains(_ item: LayoutItem) -> Bool {
        if let v = item as? View { return v.isDescendant(of: root) }
        if let owner = (item as? LayoutGuide)?.owningView { return owner.isDescendant(of: root) }
        return false
    }

    /// The active constraints whose items lie in this layout's tree (for a probe rooted below the
    /// real root, only that subtree counts), oldest first: found from the tree's items, so that
    /// a rebuild costs its own tree, not every root's constraints (issue 18).
    private func constraintsInTree() -> [LayoutConstraint] {
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
        solverOwner = [:]
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

        for (t, v) in order.enumerated() where participating.contains(ObjectIdentifier(v)) {
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
                addSystemGuide(v.marginsGuideStorage, of: v, insets: v.layoutMargins)
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
    private func refresh() throws(LayoutError) {
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
    private func resetTables() {
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

    private func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            stamp = 1
            for i in itemStamp.indices { itemStamp[i] = 0 }
            for i in frameStamp.indices { frameStamp[i] = 0 }
            for i in finishStamp.indices { finishStamp[i] = 0 }
        }
    }

    private func releaseGenerated() {
        for c in generatedConstraints {
            c.generatedInSolve = false
            engine.free(c)
        }
        generatedConstraints = []
        generatedOwner = [:]
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
    private func makeVariables(for item: LayoutItem, tree: Int) {
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

    // MARK: Generated constraints

    private func addRootConstraints() throws(LayoutError) {
        guard let vars = variables[ObjectIdentifier(root)] else { return }
        let ai = root.alignmentRectInsets
        let f = root.storedFrame
        let x = makeGenerated(root, .minX, constant: ai.left, identifier: "Tether-Root-MinX", kind: .system)
        let y = makeGenerated(root, .minY, constant: ai.top, identifier: "Tether-Root-MinY", kind: .system)
        for (lc, owner) in [(vars.left == ai.left, x), (vars.top == ai.top, y)] {
            if let c = addGenerated(lc, .required, owner) { rootPins.append(c) }
        }
        if let fitting {
            let w = fitting.target.width - ai.left - ai.right
            let h = fitting.target.height - ai.top - ai.bottom
            let wc = makeGenerated(root, .width, constant: w, priority: fitting.horizontal,
                                   identifier: "Tether-Fitting-Width", kind: .system)
            let hc = makeGenerated(root, .height, constant: h, priority: fitting.vertical,
                                   identifier: "Tether-Fitting-Height", kind: .system)
            _ = addGenerated(vars.width == w, try! Priority(Double(fitting.horizontal.rawValue)), wc)
            _ = addGenerated(vars.height == h, try! Priority(Double(fitting.vertical.rawValue)), hc)
        } else {
            let w = f.width - ai.left - ai.right
            let h = f.height - ai.top - ai.bottom
            let wc = makeGenerated(root, .width, constant: w, identifier: "Tether-Root-Width", kind: .system)
            let hc = makeGenerated(root, .height, constant: h, identifier: "Tether-Root-Height", kind: .system)
            if let c = addGenerated(vars.width == w, .required, wc) { rootPins.append(c) }
            if let c = addGenerated(vars.height == h, .required, hc) { rootPins.append(c) }
        }
    }

    /// Two constraints per axis that reproduce frame-mode autoresizing for any superview size.
    private func addTranslation(_ v: View) {
        guard let s = v.superview, let vv = variables[ObjectIdentifier(v)], let sv = variables[ObjectIdentifier(s)] else { return }
        // A superview that does not autoresize its subviews leaves their frames alone in frame
        // mode, so the translated rule is the fixed one.
        let mask: AutoresizingMask = s.autoresizesSubviews ? v.autoresizingMask : []
        let rules = AutoresizingMask.translationRules(frame: v.storedFrame, mask: mask,
                                                      superviewSize: s.storedFrame.size)
        let a = v.alignmentRectInsets, b = s.alignmentRectInsets
        let notation = v.autoresizingMask.notation
        let h = rules.horizontal, y = rules.vertical
        // frame.minX (superview coords) = pf·superBoundsWidth + pc, with frames = alignment rects
        // outset by their insets.
        let x = LinearExpression([Term(vv.left, 1), Term(sv.left, -1), Term(sv.width, -h.positionFactor)],
                                 constant: -(h.positionConstant + a.left - b.left + h.positionFactor * (b.left + b.right)))
        let w = LinearExpression([Term(vv.width, 1), Term(sv.width, -h.lengthFactor)],
                                 constant: -(h.lengthConstant - a.left - a.right + h.lengthFactor * (b.left + b.right)))
        let top = LinearExpression([Term(vv.top, 1), Term(sv.top, -1), Term(sv.height, -y.positionFactor)],
                                   constant: -(y.positionConstant + a.top - b.top + y.positionFactor * (b.top + b.bottom)))
        let ht = LinearExpression([Term(vv.height, 1), Term(sv.height, -y.lengthFactor)],
                                  constant: -(y.lengthConstant - a.top - a.bottom + y.lengthFactor * (b.top + b.bottom)))
        let kind = LayoutConstraint.GeneratedKind.autoresizing(notation: notation)
        func rule(_ attribute: LayoutAttribute, _ factor: Double, _ superAttribute: LayoutAttribute,
                  _ constant: Double) -> LayoutConstraint {
            makeGenerated(v, attribute, .equal, factor == 0 ? nil : s, factor == 0 ? .notAnAttribute : superAttribute,
                          multiplier: factor, constant: constant, kind: kind)
        }
        _ = addGenerated(LinearConstraint(x, .equal), .required, rule(.minX, h.positionFactor, .width, h.positionConstant))
        _ = addGenerated(LinearConstraint(w, .equal), .required, rule(.width, h.lengthFactor, .width, h.lengthConstant))
        _ = addGenerated(LinearConstraint(top, .equal), .required, rule(.minY, y.positionFactor, .height, y.positionConstant))
        _ = addGenerated(LinearConstraint(ht, .equal), .required, rule(.height, y.lengthFactor, .height, y.lengthConstant))
    }

    /// The content-size constraints of `v` (hugging and compression resistance per axis), from
    /// its measure callback (with `proposedWidth`) or its intrinsic size. Updates constants in
    /// place; asks for a rebuild when an axis gains or loses its metric.
    private func updateContentSize(_ v: View, measuringWith proposedWidth: Double) throws(LayoutError) {
        guard let vars = variables[ObjectIdentifier(v)] else { return }
        lastPass.contentSizesRead += 1
        var size = v.storedIntrinsicSize
        if let measure = v.measure {
            let m: Measurement
            do { m = try measure(proposedWidth) } catch {
                throw .callbackFailed("the measure callback of \(v) failed: \(error)")
            }
            guard m.width.isFinite, m.height.isFinite else {
                throw .callbackFailed("the measure callback of \(v) returned a non-finite size (\(m.width), \(m.height))")
            }
            let previous = measured[ObjectIdentifier(v)]
            measured[ObjectIdentifier(v)] = m
            size = Size(width: m.width, height: m.height)
            if let previous, !sameBaselines(previous, m) { refreshBaselineConstraints(of: v) }
        }
        let metrics = [size.width, size.height]
        let key = ObjectIdentifier(v)
        if let existing = contentSize[key] {
            for axis in 0..<2 {
                let has = metrics[axis] >= 0
                if has != (existing[axis * 2] != nil || existing[axis * 2 + 1] != nil) && (existing[axis * 2] != nil || has) {
                    needsRebuild = true
                    return
                }
                if has {
                    for c in [existing[axis * 2], existing[axis * 2 + 1]].compactMap({ $0 }) {
                        setGeneratedConstant(c, -metrics[axis])
                        generatedOwner[c]?.storedConstant = metrics[axis]
                    }
                }
            }
            return
        }
        var made: [TetherSolver.Constraint?] = [nil, nil, nil, nil]
        for (axis, dimension) in [(Axis.horizontal, vars.width), (Axis.vertical, vars.height)] {
            let metric = metrics[Int(axis.rawValue)]
            guard metric >= 0 else { continue }
            let bump = arrangementOrderBump(of: v, axis: axis)
            let hug = v.contentHuggingPriority(for: axis), cr = v.contentCompressionResistancePriority(for: axis)
            let (hugBumped, crBumped) = (bumped(hug, by: bump), bumped(cr, by: bump))
            // One described constraint stands for both sides; its priority is the stronger one.
            let owner = makeGenerated(v, axis == .horizontal ? .width : .height, constant: metric,
                                      priority: Swift.max(hugBumped, crBumped),
                                      kind: .contentSize(hug: hugBumped, compressionResistance: crBumped))
            made[Int(axis.rawValue) * 2] = addGenerated(dimension >= metric, try! Priority(Double(crBumped.rawValue)), owner)
            made[Int(axis.rawValue) * 2 + 1] = addGenerated(dimension <= metric, try! Priority(Double(hugBumped.rawValue)), owner)
        }
        contentSize[key] = made
    }

    private func sameBaselines(_ a: Measurement, _ b: Measurement) -> Bool {
        (a.firstBaseline == b.firstBaseline || (a.firstBaseline.isNaN && b.firstBaseline.isNaN))
            && (a.lastBaseline == b.lastBaseline || (a.lastBaseline.isNaN && b.lastBaseline.isNaN))
    }

    /// User constraints on `v`'s baselines carry the baseline offsets in their constants.
    private func refreshBaselineConstraints(of v: View) {
        for (key, sc) in userSolverConstraint {
            guard let c = solverOwner[sc], ObjectIdentifier(c) == key else { continue }
            let usesBaseline = (c.firstItem === v && (c.firstAttribute == .firstBaseline || c.firstAttribute == .lastBaseline))
                || (c.secondItem === v && (c.secondAttribute == .firstBaseline || c.secondAttribute == .lastBaseline))
            if usesBaseline, let lc = linear(c) { try? solver.setConstant(lc.expression.constant, of: sc) }
        }
    }

    /// A system guide is its owner's bounds inset by `insets`.
    private func addSystemGuide(_ guide: LayoutGuide, of v: View, insets: EdgeInsets) {
        guard let g = variables[ObjectIdentifier(guide)], let o = variables[ObjectIdentifier(v)] else { return }
        let ai = v.alignmentRectInsets
        let margins = guide.systemKind == .layoutMargins
        func name(_ edge: String) -> String {
            margins ? "UIView-\(edge)Margin-guide-constraint" : "UIViewSafeAreaLayoutGuide-\(edge)"
        }
        func edge(_ attribute: LayoutAttribute, _ constant: Double, _ edgeName: String) -> LayoutConstraint {
            makeGenerated(guide, attribute, .equal, v, attribute, constant: constant, identifier: name(edgeName),
                          kind: .system)
        }
        _ = addGenerated(g.left - o.left == insets.left - ai.left, .required, edge(.left, insets.left, "left"))
        _ = addGenerated(g.top - o.top == insets.top - ai.top, .required, edge(.top, insets.top, "top"))
        _ = addGenerated(g.width - o.width == ai.left + ai.right - insets.left - insets.right, .required,
                         edge(.right, -insets.right, "right"))
        _ = addGenerated(g.height - o.height == ai.top + ai.bottom - insets.top - insets.bottom, .required,
                         edge(.bottom, -insets.bottom, "bottom"))
    }

    // MARK: User constraints

    /// The solver form of a user constraint, or nil when an item does not participate.
    func linear(_ c: LayoutConstraint) -> LinearConstraint? {
        // Only leading/trailing attributes read the direction (finding the common ancestor and
        // walking to the root for it was a tenth of a large build).
        let directional = c.firstAttribute.isDirectional || c.secondAttribute.isDirectional
        let direction = directional ? (c.commonAncestor?.effectiveDirection ?? engine.defaultDirection) : .leftToRight
        guard let f1 = attributeForm(c.firstItem, c.firstAttribute, direction) else { return nil }
        var terms: [Term] = []
        terms.reserveCapacity(4)
        f1.append(to: &terms, scale: 1)
        var constant = f1.constant
        if let second = c.secondItem {
            guard let f2 = attributeForm(second, c.secondAttribute, direction) else { return nil }
            f2.append(to: &terms, scale: -c.multiplier)
            constant -= c.multiplier * f2.constant
        }
        var relation: Relation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        if direction == .rightToLeft && directional {
            // In right-to-left, x-locations of a leading/trailing constraint are measured toward
            // the trailing (left) side: -x1 REL m·(-x2) + c  ⇔  x1 REL' m·x2 − c.
            constant += c.storedConstant
            if relation == .lessThanOrEqual { relation = .greaterThanOrEqual } else if relation == .greaterThanOrEqual { relation = .lessThanOrEqual }
        } else {
            constant -= c.storedConstant
        }
        return LinearConstraint(LinearExpression(terms, constant: constant), relation)
    }

    /// An attribute of an item as an expression over its variables (root coordinates).
    /// The value the pass's own definition of `attribute` (margins, baselines, leading and
    /// trailing in `direction`) gives on an item whose alignment rect is `rect`: what a drawing
    /// places an attribute's line at. Nil for an item outside the solve, or an attribute that
    /// reads another item's variables.
    package func attributeValue(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection,
                                alignmentRect rect: Rect) -> Double? {
        guard let vars = variables[ObjectIdentifier(item)],
              let expression = expression(item, attribute, direction) else { return nil }
        var total = expression.constant
        for term in expression.terms {
            switch term.variable {
            case vars.left: total += term.coefficient * rect.minX
            case vars.top: total += term.coefficient * rect.minY
            case vars.width: total += term.coefficient * rect.width
            case vars.height: total += term.coefficient * rect.height
            default: return nil
            }
        }
        return total
    }

    func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection) -> LinearExpression? {
        attributeForm(item, attribute, direction)?.expression
    }

    private func addUser(_ c: LayoutConstraint) {
        guard let lc = linear(c) else { return }
        let priority = try! Priority(Double(c.storedPriority.rawValue))
        switch Result(catching: { () throws(SolverError) in try solver.makeConstraint(lc, priority: priority) }) {
        case .success(let sc):
            userSolverConstraint[ObjectIdentifier(c)] = sc
            solverOwner[sc] = c
            if batching {
                pendingBatch.append((sc, c, false))
            } else {
                addMadeUser(sc, c)
            }
        case .failure(let error):
            engine.report("Tether: could not add \(c): \(error)")
            c.isBroken = true
        }
    }

    /// Adds user constraint `c`'s solver constraint `sc` (made, with its owner recorded); a
    /// conflict breaks it.
    private func addMadeUser(_ sc: TetherSolver.Constraint, _ c: LayoutConstraint) {
        do throws(SolverError) {
            try solver.add(sc)
        } catch {
            userSolverConstraint[ObjectIdentifier(c)] = nil
            solverOwner[sc] = nil
            try? solver.freeConstraint(sc)
            c.isBroken = true
            if case .unsatisfiable(_, let conflicts) = error {
                report(conflicts: conflicts, broken: c)
            } else {
                engine.report("Tether: could not add \(c): \(error)")
            }
        }
    }

    /// Adds a generated constraint (during a rebuild: makes it, and `addBatch` adds it with the
    /// others). Returns its solver constraint, or nil when it could not be made or added.
    @discardableResult
    func addGenerated(_ lc: LinearConstraint, _ priority: Priority, _ owner: LayoutConstraint) -> TetherSolver.Constraint? {
        switch Result(catching: { () throws(SolverError) in try solver.makeConstraint(lc, priority: priority) }) {
        case .success(let sc):
            generatedOwner[sc] = owner
            if batching {
                pendingBatch.append((sc, owner, true))
                return sc
            }
            return addMadeGenerated(sc, owner) ? sc : nil
        case .failure(let error):
            owner.generatedInSolve = false
            engine.report("Tether: could not add \(owner): \(error)")
            return nil
        }
    }

    /// Adds generated constraint `sc` (made, with its owner recorded). If it conflicts with user
    /// constraints, the newest of those is broken instead (a generated constraint is never broken
    /// while a user one is in the set). Returns whether it was added; if not, it is freed.
    private func addMadeGenerated(_ sc: TetherSolver.Constraint, _ owner: LayoutConstraint) -> Bool {
        while true {
            switch Result(catching: { () throws(SolverError) in try solver.add(sc) }) {
            case .success:
                return true
            case .failure(.unsatisfiable(_, let conflicts)):
                let users = conflicts.compactMap { solverOwner[$0] }
                if let victim = users.max(by: { $0.activationOrder < $1.activationOrder }),
                   let vc = userSolverConstraint[ObjectIdentifier(victim)] {
                    try? solver.remove(vc)
                    userSolverConstraint[ObjectIdentifier(victim)] = nil
                    solverOwner[vc] = nil
                    victim.isBroken = true
                    report(conflicts: conflicts.filter { $0 != vc }, extra: owner, broken: victim)
                    continue
                }
                owner.generatedInSolve = false
                generatedOwner[sc] = nil
                try? solver.freeConstraint(sc)
                report(conflicts: conflicts, broken: owner)
                return false
            case .failure(let error):
                owner.generatedInSolve = false
                generatedOwner[sc] = nil
                try? solver.freeConstraint(sc)
                engine.report("Tether: could not add \(owner): \(error)")
                return false
            }
        }
    }

    /// Adds the constraints a rebuild made (`pendingBatch`) as one batch, so that the solver
    /// plans their order from the layout's structure, whatever the order of activation
    /// (TetherSolver's BatchPlan.swift: a form activated in a shuffled order built 5–40× slower).
    /// If the batch is rejected, they are added one by one in the rebuild's order, as before:
    /// generated ones first, then user constraints oldest first, and a conflict breaks the newest
    /// user constraint in it.
    func addBatch() {
        let pending = pendingBatch
        pendingBatch = []
        batching = false
        guard !pending.isEmpty else { return }
        if (try? solver.add(batch: pending.map(\.constraint), explaining: false)) != nil { return }
        for (sc, owner, isGenerated) in pending {
            if isGenerated {
                // A user constraint broken for an earlier generated one is gone already.
                if !addMadeGenerated(sc, owner) { forgetGenerated(sc) }
            } else if userSolverConstraint[ObjectIdentifier(owner)] == sc {
                addMadeUser(sc, owner)
            }
        }
    }

    /// Drops a generated solver constraint that could not be added from the tables that keep it.
    private func forgetGenerated(_ sc: TetherSolver.Constraint) {
        rootPins.removeAll { $0 == sc }
        for (key, list) in contentSize where list.contains(where: { $0 == sc }) {
            contentSize[key] = list.map { $0 == sc ? nil : $0 }
        }
    }

    private func setGeneratedConstant(_ c: TetherSolver.Constraint, _ constant: Double) {
        if (try? solver.constant(of: c)) == constant { return }
        do throws(SolverError) {
            try solver.setConstant(constant, of: c)
        } catch {
            needsRebuild = true
        }
    }

    private func owner(_ c: TetherSolver.Constraint) -> LayoutConstraint? {
        solverOwner[c] ?? generatedOwner[c]
    }

    /// Reports a broken required constraint in Apple's shape: the minimal conflicting set (the
    /// broken one included) and the one broken.
    private func report(conflicts: [TetherSolver.Constraint], extra: LayoutConstraint? = nil, broken: LayoutConstraint) {
        var list: [LayoutConstraint] = []
        for c in conflicts.compactMap(owner(_:)) + [extra, broken].compactMap({ $0 })
        where !list.contains(where: { $0 === c }) {
            list.append(c)
        }
        // Reported once: the same conflict found again by a later rebuild stays quiet. Generated
        // constraints are made anew by each rebuild, so they are keyed by their bodies.
        func key(_ c: LayoutConstraint) -> String { c.isGenerated ? c.bodyDescription : "#\(c.id)" }
        let reportKey = list.map(key).sorted().joined(separator: "\n") + "\n>" + key(broken)
        guard reportedConflicts.insert(reportKey).inserted else { return }
        let body = list.map { "    \"\($0)\"" }.joined(separator: ",\n")
        engine.report("""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. Try this: (1) look at each constraint and try to figure out which you don't expect; (2) find the code that added the unwanted constraint or constraints and fix it. (Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) 
            (
            \(body)
            )

            Will attempt to recover by breaking constraint 
            \(broken)
            """)
    }

    // MARK: Incremental changes

    /// Whether an active constraint of this root is broken: any change of constants or
    /// priorities may let it hold again, so the root is rebuilt to try it.
    private var hasBrokenConstraints: Bool {
        engine.brokenConstraintCount > 0 && engine.active.values.contains { $0.isBroken && contains($0.firstItem) }
    }

    func constantChanged(_ c: LayoutConstraint) {
        guard !needsRebuild else { return }
        if hasBrokenConstraints {
            needsRebuild = true
            return
        }
        guard let sc = userSolverConstraint[ObjectIdentifier(c)], let lc = linear(c) else {
            needsRebuild = true
            return
        }
        switch Result(catching: { () throws(SolverError) in try solver.setConstant(lc.expression.constant, of: sc) }) {
        case .success:
            return
        case .failure(.unsatisfiable(_, let conflicts)):
            try? solver.remove(sc)
            userSolverConstraint[ObjectIdentifier(c)] = nil
            solverOwner[sc] = nil
            c.isBroken = true
            report(conflicts: conflicts.filter { $0 != sc }, broken: c)
        case .failure:
            needsRebuild = true
        }
    }

    func priorityChanged(_ c: LayoutConstraint) {
        guard !needsRebuild, !hasBrokenConstraints, let sc = userSolverConstraint[ObjectIdentifier(c)] else {
            needsRebuild = true
            return
        }
        do throws(SolverError) {
            try solver.setPriority(try Priority(Double(c.storedPriority.rawValue)), of: sc)
        } catch {
            needsRebuild = true
        }
    }

    func removeUserConstraint(_ c: LayoutConstraint) {
        if let sc = userSolverConstraint.removeValue(forKey: ObjectIdentifier(c)) {
            solverOwner[sc] = nil
            try? solver.remove(sc)
        }
        // A removal may let a broken constraint hold again, or end constraint-based layout.
        if userSolverConstraint.isEmpty
            || (engine.brokenConstraintCount > 0 && engine.active.values.contains(where: { $0.isBroken })) {
            needsRebuild = true
        }
    }

    // MARK: Solving and frames

    private func solveWithMeasuring() throws(LayoutError) {
        publish()
        // Height-for-width: measure again with the resolved widths, then solve the heights.
        var remeasured = false
        for v in measuringViews {
            guard let vars = variables[ObjectIdentifier(v)] else { continue }
            let width = (try? solver.value(of: vars.width)) ?? .nan
            try updateContentSize(v, measuringWith: width)
            remeasured = true
        }
        if needsRebuild {
            try rebuild()
            for v in measuringViews {
                guard let vars = variables[ObjectIdentifier(v)] else { continue }
                publish()
                let width = (try? solver.value(of: vars.width)) ?? .nan
                try updateContentSize(v, measuringWith: width)
            }
        }
        if remeasured { publish() }
    }

    /// Publishes the solution and notes the participants whose variables it changed.
    private func publish() {
        solver.updateVariables()
        guard solver.takeChangedDenseIndices(into: &changedScratch) else {
            changedVariablesIncomplete = true
            return
        }
        // Moved out of `self` for the loop, so that it runs over plain arrays.
        var marks: [UInt32] = [], changed: [Int32] = []
        swap(&marks, &itemStamp)
        swap(&changed, &changedItems)
        let stamp = self.stamp
        itemOfVariable.withUnsafeBufferPointer { owner in
            for d in changedScratch {
                let index = Int(d)
                guard index < owner.count else { continue }
                let item = Int(owner[index])
                guard item >= 0, marks[item] != stamp else { continue }
                marks[item] = stamp
                changed.append(Int32(item))
            }
        }
        swap(&marks, &itemStamp)
        swap(&changed, &changedItems)
    }

    /// The solved alignment rect of an item, in root coordinates.
    func solvedRect(_ item: LayoutItem) -> Rect? {
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        return solvedRect(v)
    }

    private func solvedRect(_ v: ItemVariables) -> Rect {
        func value(_ x: Variable) -> Double { valueOverride?[x] ?? (try? solver.value(of: x)) ?? 0 }
        return Rect(x: value(v.left), y: value(v.top), width: value(v.width), height: value(v.height))
    }

    /// Sets frames from the solution, top-down: at each view, its subviews' frames, then its
    /// guides' frames, then its `layoutSubviews` hook. Writes every frame after a rebuild (or in
    /// frame mode, or to show an exercised ambiguity); otherwise only what the solve changed.
    func applyFrames() {
        guard isConstraintBased else {
            visitWithoutSolving()
            return
        }
        if framesNeedFullPass || valueOverride != nil || changedVariablesIncomplete {
            applyAllFrames()
        } else {
            applyChangedFrames()
        }
        // Frames of another solution stay until a pass writes every frame again.
        framesNeedFullPass = valueOverride != nil
    }

    /// Every frame, in pre-order: at each view its participating subviews' frames, then `finish`.
    private func applyAllFrames() {
        lastPass.wroteEveryFrame = true
        for i in items.indices { itemRects[i] = solvedRect(itemVariables[i]) }
        hookedViews.removeAll(keepingCapacity: true)
        let generation = tablesGeneration
        for p in treeViews.indices {
            let end = p + Int(treeSubtreeSize[p])
            var c = p + 1
            var origin: Point?
            while c < end {
                if treeItem[c] >= 0 {
                    if origin == nil { origin = originInRoot(p) }
                    writeFrame(of: c, origin: origin!)
                }
                c += Int(treeSubtreeSize[c])
            }
            if treeViews[p].layoutSubviewsHook != nil { hookedViews.append(Int32(p)) }
            finish(p)
            if tablesGeneration != generation { return }
        }
        hooksStale = false
    }

    /// Only what changed: the participants whose solved rect differs from the one last applied
    /// (among those the solver listed) get their frames, and so do the subviews of the views that
    /// moved (frames are relative to the superview; a view that keeps its frame passes the move
    /// on to its subviews); guides follow their owners. Views with a hook are finished too. The
    /// work runs in the order of a full pass (sorted by parent in pre-order), with equal results.
    private func applyChangedFrames() {
        if hooksStale {
            hookedViews = treeViews.indices.filter { treeViews[$0].layoutSubviewsHook != nil }.map { Int32($0) }
            hooksStale = false
        }
        // Moved out of `self` while marking, so that the loops run over plain arrays.
        var events: [UInt64] = [], frameMarks: [UInt32] = [], finishMarks: [UInt32] = []
        var rects: [Rect] = [], moved: [Int32] = []
        swap(&events, &self.events)
        swap(&frameMarks, &frameStamp)
        swap(&finishMarks, &finishStamp)
        swap(&rects, &itemRects)
        swap(&moved, &movedScratch)
        events.removeAll(keepingCapacity: true)
        let stamp = self.stamp
        let finishKey = RootLayout.finishKey
        @inline(__always) func markFrame(_ t: Int) {
            guard frameMarks[t] != stamp else { return }
            frameMarks[t] = stamp
            events.append(UInt64(UInt32(treeParent[t])) << 32 | UInt64(t))
        }
        @inline(__always) func markFinish(_ t: Int) {
            guard finishMarks[t] != stamp else { return }
            finishMarks[t] = stamp
            events.append(UInt64(t) << 32 | finishKey)
        }
        solver.withPublishedValues { values in
            for item in changedItems {
                let i = Int(item), d = 4 * i
                let new = Rect(x: values[itemDense[d]], y: values[itemDense[d + 1]],
                               width: values[itemDense[d + 2]], height: values[itemDense[d + 3]])
                let old = rects[i]
                if sameBits(new, old) { continue }
                rects[i] = new
                let t = Int(itemTree[i])
                guard itemIsView[i] else {
                    markFinish(t)  // a guide: its owner sets its frame
                    continue
                }
                if treeHasGuides[t] && (new.width != old.width || new.height != old.height) { markFinish(t) }
                guard t != 0 else { continue }  // the root's frame is its user's; its origin is (0, 0)
                markFrame(t)
                if new.minX != old.minX || new.minY != old.minY { moved.append(Int32(t)) }
            }
        }
        // A view that moved: its guides and its subviews' frames follow; a subview that keeps its
        // frame moves with it, and passes the move on.
        while let m = moved.popLast() {
            let t = Int(m)
            if treeHasGuides[t] { markFinish(t) }
            let end = t + Int(treeSubtreeSize[t])
            var c = t + 1
            while c < end {
                if treeItem[c] >= 0 { markFrame(c) } else { moved.append(Int32(c)) }
                c += Int(treeSubtreeSize[c])
            }
        }
        for t in hookedViews { markFinish(Int(t)) }
        let few = events.count * 8 < treeViews.count
        let generation = tablesGeneration
        if few { events.sort() }
        swap(&events, &self.events)
        swap(&frameMarks, &frameStamp)
        swap(&finishMarks, &finishStamp)
        swap(&rects, &itemRects)
        swap(&moved, &movedScratch)

        if few {
            // Few: in the order of a full pass by sorting them.
            var parent = -1, origin = Point.zero
            for e in self.events {
                let p = Int(e >> 32), child = e & finishKey
                if child == finishKey {
                    finish(p)
                    if tablesGeneration != generation { return }
                } else {
                    if p != parent { (parent, origin) = (p, originInRoot(p)) }
                    writeFrame(of: Int(child), origin: origin)
                }
            }
        } else {
            // Many: one walk of the tree in pre-order finds them in that order.
            for p in treeViews.indices {
                let end = p + Int(treeSubtreeSize[p])
                var c = p + 1
                var origin: Point?
                while c < end {
                    if frameStamp[c] == stamp {
                        if origin == nil { origin = originInRoot(p) }
                        writeFrame(of: c, origin: origin!)
                    }
                    c += Int(treeSubtreeSize[c])
                }
                if finishStamp[p] == stamp {
                    finish(p)
                    if tablesGeneration != generation { return }
                }
            }
        }
    }

    /// Equal to the last bit (so that skipping the write gives exactly what writing would).
    private func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        a.minX.bitPattern == b.minX.bitPattern && a.minY.bitPattern == b.minY.bitPattern
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// The origin of view `t`'s frame in root coordinates (the root's is (0, 0)): a participant's
    /// from its solved rect, any other view's its superview's plus its frame's origin. A loop up
    /// to the nearest participant, then the frames added top-down (the sums a recursion gave, bit
    /// for bit): recursing once per level overflowed the stack below views that keep their frames
    /// 100,000 deep.
    private func originInRoot(_ t: Int) -> Point {
        var keepers: [Int] = []
        var a = t
        while a != 0 && treeItem[a] < 0 {
            keepers.append(a)
            a = Int(treeParent[a])
        }
        var o = a == 0 ? Point.zero : itemRects[Int(treeItem[a])].outset(by: treeInsets[a]).origin
        for k in keepers.reversed() {
            let frame = treeViews[k].storedFrame
            o = Point(x: o.x + frame.minX, y: o.y + frame.minY)
        }
        return o
    }

    /// Sets participating view `t`'s frame from its solved rect, relative to its superview whose
    /// origin in root coordinates is `origin`.
    private func writeFrame(of t: Int, origin: Point) {
        lastPass.framesWritten += 1
        let view = treeViews[t]
        let frameInRoot = itemRects[Int(treeItem[t])].outset(by: treeInsets[t])
        let f = frameInRoot.offsetBy(dx: -origin.x, dy: -origin.y)
        // `+ 0` turns a solved -0.0 into 0.0, so frames print as users expect.
        view.setFrame(Rect(x: f.minX + 0, y: f.minY + 0, width: f.width + 0, height: f.height + 0), fromLayout: true)
    }

    /// After view `p`'s subviews got their frames: its guides' frames, then its hook.
    private func finish(_ p: Int) {
        let view = treeViews[p]
        if !view.layoutGuides.isEmpty || view is StackView {
            let origin = originInRoot(p)
            for guide in view.layoutGuides + ((view as? StackView)?.arrangementGuides ?? []) {
                if let vars = variables[ObjectIdentifier(guide)] {
                    guide.layoutFrame = itemRects[vars.index].offsetBy(dx: -origin.x, dy: -origin.y)
                }
            }
        }
        let bounds = view.bounds
        if view.hasMarginsGuide { view.marginsGuideStorage.layoutFrame = bounds.inset(by: view.layoutMargins) }
        if view.hasSafeAreaGuide { view.safeAreaGuideStorage.layoutFrame = bounds.inset(by: view.safeAreaInsets) }
        view.layoutSubviewsHook?(view)
    }

    // MARK: Fitting

    func fittingSize(target: Size, horizontalPriority: LayoutPriority,
                     verticalPriority: LayoutPriority) throws(LayoutError) -> Size {
        fitting = (target, horizontalPriority, verticalPriority)
        try rebuild()
        try solveWithMeasuring()
        guard let r = solvedRect(root) else { return root.storedFrame.size }
        let ai = root.alignmentRectInsets
        return Size(width: r.width + ai.left + ai.right, height: r.height + ai.top + ai.bottom)
    }
}
