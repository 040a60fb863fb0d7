import TetherSolver

/// The user's constraints: gathering, adding as one planned batch, falling back one by one on a rejection.
extension RootLayout {
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
        var relation = c.relation
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

    func addUser(_ c: LayoutConstraint) {
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
    func addMadeUser(_ sc: TetherSolver.Constraint, _ c: LayoutConstraint) {
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
    func addMadeGenerated(_ sc: TetherSolver.Constraint, _ owner: LayoutConstraint) -> Bool {
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
    func forgetGenerated(_ sc: TetherSolver.Constraint) {
        rootPins.removeAll { $0 == sc }
        for (key, list) in contentSize where list.contains(where: { $0 == sc }) {
            contentSize[key] = list.map { $0 == sc ? nil : $0 }
        }
    }

    func setGeneratedConstant(_ c: TetherSolver.Constraint, _ constant: Double) {
        if (try? solver.constant(of: c)) == constant { return }
        do throws(SolverError) {
            try solver.setConstant(constant, of: c)
        } catch {
            needsRebuild = true
        }
    }

    func owner(_ c: TetherSolver.Constraint) -> LayoutConstraint? {
        solverOwner[c] ?? generatedOwner[c]
    }

    /// Reports a broken required constraint in Apple's shape: the minimal conflicting set (the
    /// broken one included) and the one broken.
    func report(conflicts: [TetherSolver.Constraint], extra: LayoutConstraint? = nil, broken: LayoutConstraint) {
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

}
