import TetherSolver

/// The four solver variables of an item's alignment rectangle, in root coordinates.
struct ItemVariables {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable
}

/// The solver state and the layout pass of one root's hierarchy.
///
/// A pass: `updateConstraints` hooks bottom-up; (re)build or refresh the solver; solve; measure
/// height-for-width views with their resolved widths and solve again; apply frames top-down,
/// calling `layoutSubviews` hooks. A root without active constraints is in frame mode: nothing is
/// solved and frames stay as set (autoresizing happens when frames are set).
final class RootLayout {
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
    /// The generated constraints of each stack view's arrangement (StackView.swift), and what
    /// they were built from that can change without a rebuild (intrinsic lengths).
    var stackConstraints: [ObjectIdentifier: [LayoutConstraint]] = [:]
    var stackInputs: [ObjectIdentifier: [Double]] = [:]
    var fitting: (target: Size, horizontal: LayoutPriority, vertical: LayoutPriority)?
    /// Values to show instead of the solver's (an exercised ambiguity), while applying frames.
    var valueOverride: [Variable: Double]?
    /// Conflicts already reported: each is reported once, until a rebuild finds the root free of
    /// broken constraints (a later recurrence is then reported again).
    var reportedConflicts = Set<String>()

    init(engine: LayoutEngine, root: View) {
        self.engine = engine
        self.root = root
    }

    // MARK: The pass

    func run() throws(LayoutError) {
        runUpdateConstraints(root)
        // Changes made by updateConstraints hooks belong to this pass.
        engine.dirtyRoots[ObjectIdentifier(root)] = nil
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

    private func runUpdateConstraints(_ view: View) {
        for subview in view.subviews { runUpdateConstraints(subview) }
        if view.needsUpdateConstraints {
            view.needsUpdateConstraints = false
            view.updateConstraintsHook?(view)
        }
    }

    /// Whether `item` lies in this layout's tree (for a probe rooted below the real root, only
    /// that subtree counts).
    private func contains(_ item: LayoutItem) -> Bool {
        if let v = item as? View { return v.isDescendant(of: root) }
        if let owner = (item as? LayoutGuide)?.owningView { return owner.isDescendant(of: root) }
        return false
    }

    private func constraintsInTree() -> [LayoutConstraint] {
        engine.activeConstraints.filter { c in
            contains(c.firstItem) && (c.secondItem.map { contains($0) } ?? true)
        }
    }

    /// Makes the solver from scratch: variables for participating items, generated constraints
    /// (root, autoresizing translation, content size, system guides), then the user's
    /// constraints in activation order.
    func rebuild() throws(LayoutError) {
        solver = Solver()
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
        func visit(_ v: View, parentParticipates: Bool) {
            order.append(v)
            let id = ObjectIdentifier(v)
            if v === root || referenced.contains(id) || (parentParticipates && v.translatesAutoresizingMaskIntoConstraints) {
                participating.insert(id)
            }
            for s in v.subviews { visit(s, parentParticipates: participating.contains(id)) }
        }
        visit(root, parentParticipates: false)
        for v in order.reversed() where v !== root && participating.contains(ObjectIdentifier(v))
            && v.translatesAutoresizingMaskIntoConstraints {
            if let s = v.superview { participating.insert(ObjectIdentifier(s)) }
        }

        for v in order where participating.contains(ObjectIdentifier(v)) {
            makeVariables(for: v)
            for guide in v.layoutGuides where referenced.contains(ObjectIdentifier(guide)) { makeVariables(for: guide) }
            for guide in (v as? StackView)?.arrangementGuides ?? [] where referenced.contains(ObjectIdentifier(guide)) {
                makeVariables(for: guide)
            }
            if v.hasMarginsGuide && referenced.contains(ObjectIdentifier(v.marginsGuideStorage)) {
                makeVariables(for: v.marginsGuideStorage)
            }
            if v.hasSafeAreaGuide && referenced.contains(ObjectIdentifier(v.safeAreaGuideStorage)) {
                makeVariables(for: v.safeAreaGuideStorage)
            }
        }

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
        for v in allViews(root) where variables[ObjectIdentifier(v)] != nil {
            try updateContentSize(v, measuringWith: .nan)
            if needsRebuild { break }
        }
        if !needsRebuild, try arrangementInputsChanged() { needsRebuild = true }
        if needsRebuild { try rebuild() }
    }

    private func allViews(_ v: View) -> [View] {
        var out = [v]
        for s in v.subviews { out.append(contentsOf: allViews(s)) }
        return out
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
    func discard() { releaseGenerated() }

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

    private func makeVariables(for item: LayoutItem) {
        let name = item.debugName
        variables[ObjectIdentifier(item)] = ItemVariables(
            left: solver.makeVariable(name: name + ".left"), top: solver.makeVariable(name: name + ".top"),
            width: solver.makeVariable(name: name + ".width"), height: solver.makeVariable(name: name + ".height"))
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
        let direction = c.commonAncestor?.effectiveDirection ?? engine.defaultDirection
        guard let e1 = expression(c.firstItem, c.firstAttribute, direction) else { return nil }
        var e = e1
        if let second = c.secondItem {
            guard let e2 = expression(second, c.secondAttribute, direction) else { return nil }
            e = e - c.multiplier * e2
        }
        var relation: Relation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        let flips = direction == .rightToLeft && (c.firstAttribute.isDirectional || c.secondAttribute.isDirectional)
        if flips {
            // In right-to-left, x-locations of a leading/trailing constraint are measured toward
            // the trailing (left) side: -x1 REL m·(-x2) + c  ⇔  x1 REL' m·x2 − c.
            e = e + c.storedConstant
            if relation == .lessThanOrEqual { relation = .greaterThanOrEqual } else if relation == .greaterThanOrEqual { relation = .lessThanOrEqual }
        } else {
            e = e - c.storedConstant
        }
        return LinearConstraint(e, relation)
    }

    /// An attribute of an item as an expression over its variables (root coordinates).
    func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection) -> LinearExpression? {
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        let view = item as? View
        let ai = view?.alignmentRectInsets ?? .zero
        let m = view?.layoutMargins ?? .zero
        let rtl = direction == .rightToLeft
        let L = LinearExpression(v.left), T = LinearExpression(v.top)
        let W = LinearExpression(v.width), H = LinearExpression(v.height)
        switch attribute {
        case .notAnAttribute, .minX, .minY: return nil  // never in a user constraint
        case .left: return L
        case .right: return L + W
        case .leading: return rtl ? L + W : L
        case .trailing: return rtl ? L : L + W
        case .width: return W
        case .height: return H
        case .centerX: return L + W * 0.5
        case .centerY: return T + H * 0.5
        case .top: return T
        case .bottom: return T + H
        case .firstBaseline, .lastBaseline:
            if let stack = view as? StackView, let forwarded = baselineView(of: stack, attribute),
               variables[ObjectIdentifier(forwarded)] != nil {
                return expression(forwarded, attribute, direction)
            }
            let measuredBaselines = view.flatMap { measured[ObjectIdentifier($0)] }
            let first = measuredBaselines.flatMap { $0.firstBaseline.isNaN ? nil : $0.firstBaseline } ?? view?.firstBaselineOffsetFromTop
            let last = measuredBaselines.flatMap { $0.lastBaseline.isNaN ? nil : $0.lastBaseline } ?? view?.lastBaselineOffsetFromBottom
            if attribute == .firstBaseline {
                if let first { return T + first }
                return T + H - (last ?? 0)
            }
            if let last { return T + H - last }
            if let first { return T + first }
            return T + H
        case .leftMargin: return L + (m.left - ai.left)
        case .rightMargin: return L + W + (ai.right - m.right)
        case .leadingMargin: return rtl ? L + W + (ai.right - m.right) : L + (m.left - ai.left)
        case .trailingMargin: return rtl ? L + (m.left - ai.left) : L + W + (ai.right - m.right)
        case .topMargin: return T + (m.top - ai.top)
        case .bottomMargin: return T + H + (ai.bottom - m.bottom)
        case .centerXWithinMargins: return L + W * 0.5 + ((m.left - ai.left) + (ai.right - m.right)) * 0.5
        case .centerYWithinMargins: return T + H * 0.5 + ((m.top - ai.top) + (ai.bottom - m.bottom)) * 0.5
        }
    }

    private func addUser(_ c: LayoutConstraint) {
        guard let lc = linear(c) else { return }
        let priority = try! Priority(Double(c.storedPriority.rawValue))
        while true {
            switch Result(catching: { () throws(SolverError) in try solver.add(lc, priority: priority) }) {
            case .success(let sc):
                userSolverConstraint[ObjectIdentifier(c)] = sc
                solverOwner[sc] = c
                return
            case .failure(.unsatisfiable(_, let conflicts)):
                c.isBroken = true
                report(conflicts: conflicts, broken: c)
                return
            case .failure(let error):
                engine.report("Tether: could not add \(c): \(error)")
                c.isBroken = true
                return
            }
        }
    }

    /// Adds a generated constraint. If it conflicts with user constraints, the newest of those is
    /// broken instead (a generated constraint is never broken while a user one is in the set).
    @discardableResult
    func addGenerated(_ lc: LinearConstraint, _ priority: Priority, _ owner: LayoutConstraint) -> TetherSolver.Constraint? {
        while true {
            switch Result(catching: { () throws(SolverError) in try solver.add(lc, priority: priority) }) {
            case .success(let sc):
                generatedOwner[sc] = owner
                return sc
            case .failure(.unsatisfiable(_, let conflicts)):
                let users = conflicts.compactMap { solverOwner[$0] }
                if let victim = users.max(by: { $0.activationOrder < $1.activationOrder }),
                   let sc = userSolverConstraint[ObjectIdentifier(victim)] {
                    try? solver.remove(sc)
                    userSolverConstraint[ObjectIdentifier(victim)] = nil
                    solverOwner[sc] = nil
                    victim.isBroken = true
                    report(conflicts: conflicts.filter { $0 != sc }, extra: owner, broken: victim)
                    continue
                }
                owner.generatedInSolve = false
                report(conflicts: conflicts, broken: owner)
                return nil
            case .failure(let error):
                owner.generatedInSolve = false
                engine.report("Tether: could not add \(owner): \(error)")
                return nil
            }
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
        engine.active.values.contains { $0.isBroken && contains($0.firstItem) }
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
        if userSolverConstraint.isEmpty || engine.active.values.contains(where: { $0.isBroken }) {
            needsRebuild = true
        }
    }

    // MARK: Solving and frames

    private func solveWithMeasuring() throws(LayoutError) {
        solver.updateVariables()
        // Height-for-width: measure again with the resolved widths, then solve the heights.
        var remeasured = false
        for v in allViews(root) where v.measure != nil {
            guard let vars = variables[ObjectIdentifier(v)] else { continue }
            let width = (try? solver.value(of: vars.width)) ?? .nan
            try updateContentSize(v, measuringWith: width)
            remeasured = true
        }
        if needsRebuild {
            try rebuild()
            for v in allViews(root) where v.measure != nil && variables[ObjectIdentifier(v)] != nil {
                solver.updateVariables()
                let width = (try? solver.value(of: variables[ObjectIdentifier(v)]!.width)) ?? .nan
                try updateContentSize(v, measuringWith: width)
            }
        }
        if remeasured { solver.updateVariables() }
    }

    /// The solved alignment rect of an item, in root coordinates.
    func solvedRect(_ item: LayoutItem) -> Rect? {
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        func value(_ x: Variable) -> Double { valueOverride?[x] ?? (try? solver.value(of: x)) ?? 0 }
        return Rect(x: value(v.left), y: value(v.top), width: value(v.width), height: value(v.height))
    }

    func applyFrames() {
        visitForFrames(root, originInRoot: .zero)
    }

    private func visitForFrames(_ view: View, originInRoot origin: Point) {
        var origins: [Point] = []
        for subview in view.subviews {
            if isConstraintBased, let aligned = solvedRect(subview) {
                let frameInRoot = aligned.outset(by: subview.alignmentRectInsets)
                let f = frameInRoot.offsetBy(dx: -origin.x, dy: -origin.y)
                // `+ 0` turns a solved -0.0 into 0.0, so frames print as users expect.
                subview.setFrame(Rect(x: f.minX + 0, y: f.minY + 0, width: f.width + 0, height: f.height + 0),
                                 fromLayout: true)
                origins.append(frameInRoot.origin)
            } else {
                origins.append(Point(x: origin.x + subview.storedFrame.minX, y: origin.y + subview.storedFrame.minY))
            }
        }
        let bounds = view.bounds
        for guide in view.layoutGuides + ((view as? StackView)?.arrangementGuides ?? []) {
            if isConstraintBased, let r = solvedRect(guide) { guide.layoutFrame = r.offsetBy(dx: -origin.x, dy: -origin.y) }
        }
        if view.hasMarginsGuide { view.marginsGuideStorage.layoutFrame = bounds.inset(by: view.layoutMargins) }
        if view.hasSafeAreaGuide { view.safeAreaGuideStorage.layoutFrame = bounds.inset(by: view.safeAreaInsets) }
        view.layoutSubviewsHook?(view)
        for (subview, subOrigin) in zip(view.subviews, origins) {
            visitForFrames(subview, originInRoot: subOrigin)
        }
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
