import TetherSolver

/// Changes applied in place, without a rebuild (constants, priorities, root size, intrinsic sizes).
extension RootLayout {
    // MARK: Incremental changes

    /// Whether an active constraint of this root is broken: any change of constants or
    /// priorities may let it hold again, so the root is rebuilt to try it.
    var hasBrokenConstraints: Bool {
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

}
