/// Definitions whose subject older definitions already mention: how a required equality
/// becomes a definition whatever the order it arrives in.
///
/// Why: a definition's subject used to need to be fresh, mentioned by no definition yet, so that
/// ids in increasing order stayed a topological order of the definitions (every definition
/// mentions only older ones). Whether a variable is fresh depends on the order of the adds: in a
/// feed added in a shuffled order, the link `top[i] == top[i-1] + height[i-1] + 4` often arrives
/// after the link below it made `top[i+1] := top[i] + …` (so `top[i]` is mentioned), with
/// `top[i-1]` defined and `height[i-1]` in the tableau through its content-size rows. Such a link
/// went to the tableau with a dummy, the links in the tableau wrote each top over the dummies of
/// every link above it, and the feed at 1,000 views held 1.08 M cells and took 50–65 s one add at a
/// time, against 13 k cells and 20 ms in its natural order.
///
/// Now such a variable can still be the subject, if the definitions that mention it (and those
/// that mention theirs, and so on: its *users*) can move: each is live, no tableau constraint
/// reached it (no reach entries or rows refer to its id) and none of them defines a variable the
/// new definition mentions (that would be a cycle). The new definition takes the next id and the
/// users are made again after it, with new ids in their old relative order (a move renames a
/// definition: its records and index entries take the new id), so ids in increasing
/// order stay a topological order and nothing that reads them (evaluation, expansion, the
/// publication's worklist, `checkInvariants`) changes. The subject is the first term, in term
/// order, that is fresh or has movable users: a link is written `top[i] == top[i-1] + …`, so it
/// defines the lower view from the upper one, as the natural order does. (Preferring a later
/// fresh term, `top[i-1] := top[i] − …`, made runs defined upward and downward meet at links
/// with no term left: 1,504 of the feed's 3,000 links stayed definitions that way, 1,970–1,987
/// in term order.) Moves are bounded by a budget (`moveBudgetPerDefinition`); a move leaves the
/// old id dead, as a removal does, and the store is renumbered when most ids are dead
/// (`Solver+DefinitionCompaction.swift`).
extension Solver {
    /// A definition subject for required equality `slot`: the offset of a term and the ids of
    /// the definitions that must move after the new definition (empty for a fresh subject), or
    /// nil when the constraint must go to the tableau.
    func definitionSubject(_ slot: Int32) -> (term: Int, users: [Int32])? {
        guard canHoldDefinition(slot) else { return nil }
        let range = termRange(Int(slot))
        let largest = largestMagnitude(slot)
        guard largest.isFinite else { return nil }
        // Moves need the users index: without it, only with budget enough to pay for building it.
        let canMove = definitions.moveBudget > 0
            && (definitions.users.isBuilt || definitions.budgetBuildsUsersIndex)
        // The first term, in term order, that is fresh or whose users can move.
        for k in range {
            let eligibility = subjectEligibility(term: k, of: range, largest: largest)
            if eligibility == .fresh { return (k - range.lowerBound, []) }
            if canMove && eligibility == .mentioned,
               let users = movableUsers(of: termVariables[k], constraint: range,
                                        limit: Swift.min(definitions.moveBudget, Solver.movableUsersLimit)) {
                return (k - range.lowerBound, users)
            }
        }
        return nil
    }

    /// The most definitions one add moves, whatever the budget.
    static let movableUsersLimit = 1 << 16

    /// What each definition made adds to the budget of moves (`DefinitionStore.moveBudget`). A
    /// subject whose users would overdraw the budget is not taken; a fresh term is, if there is
    /// one, or the constraint goes to the tableau. In a shuffled chain a link moves the run of
    /// links below it, O(log n) of them on average, so the budget does not run out there; added
    /// bottom-up, each link would move every link below it (Θ(n²) moves in all), and the budget
    /// bounds the total to O(n) moves: most links then define the term above them instead.
    /// 16 rather than 32: a stack of 10,000 added bottom-up moved 8,001 definitions with 32 and
    /// lost nothing without them (the same 12 cells), 97.5 M instructions against 82.2 M before
    /// moves existed; 16 keeps the shuffled chain's and stack's cells (1,387 → 1,701 at 100,000,
    /// 2,026 at 10,000), 8 does not (87,026 cells at 10,000; 5.4 M at 100,000).
    static let moveBudgetPerDefinition = 16

    /// The definitions that mention `x`, directly or through one another, sorted by id, if all
    /// of them can move (live, not reached, not released) and none defines a variable of the
    /// constraint with terms `terms` (whose definition of `x` would then close a cycle); nil if
    /// not, or if there are more than `limit`.
    private func movableUsers(of x: Int32, constraint terms: Range<Int>, limit: Int) -> [Int32]? {
        if !definitions.users.isBuilt || definitions.users.needsRebuild {
            buildDefinitionUsers()
            definitions.users.builtForMoves = true
        }
        definitions.beginVisit()
        var found: [Int32] = []
        // A shuffled chain finds about ln n users per add: one allocation instead of growing
        // through 1, 2, 4, 8 and 16 (a tenth of the walk's cost there).
        found.reserveCapacity(16)
        var next = 0
        var variable = x
        while true {
            // The variable's list of uses, walked through the index's arrays in place: a method
            // taking a closure made Swift copy the whole index for each call (six retains and
            // releases), a third of the cost of a move in a shuffled chain.
            let h = Int(variable) < definitions.users.head.count ? definitions.users.head[Int(variable)] : -1
            var e = h
            while e >= 0 {
                let id = definitions.users.definition[Int(e)]
                e = definitions.users.next[Int(e)]
                if e == h { e = -1 }
                guard definitions.visit(id) else { continue }
                if definitions.isReleased[Int(id)] || reach.isReached(id) { return nil }
                if found.count >= limit {
                    // The budget ran out (a chain added bottom-up): drop an index that only the
                    // moves use, or every definition made from now on would keep it up to date
                    // (4,300 instructions each: the stack at 10,000 added bottom-up, 189 M → 232 M).
                    if limit >= definitions.moveBudget && definitions.users.builtForMoves {
                        definitions.users = DefinitionUsers()
                    }
                    return nil
                }
                found.append(id)
            }
            guard next < found.count else { break }
            variable = definitions.subject[Int(found[next])]
            next += 1
            for k in terms where termVariables[k] == variable { return nil }
        }
        found.sort()
        return found
    }

    /// Makes each definition of `users` again with a new id, after everything so far (logged
    /// inside a transaction). `users` must be in increasing id order, so that they keep their
    /// order.
    func moveAfterNewest(_ users: [Int32]) {
        definitions.moveBudget -= users.count
        definitions.moves += users.count
        let first = definitions.appendCopies(of: users)
        retag(users, to: first)
        if tableau.journal.isActive {
            for (k, old) in users.enumerated() { definitions.log.append(.moved(from: old, to: first + Int32(k))) }
        }
        if !tableau.journal.isActive && definitionsAreSparse { compactDefinitions() }
    }

    /// Undoes `moveAfterNewest` for one definition: `to` must be the newest.
    func undoMove(from old: Int32, to id: Int32) {
        precondition(Int(id) == definitions.count - 1, "definitions roll back newest first")
        retag([id], to: old)
        definitions.removeLast()
    }

    /// Puts each definition `olds[k]` in force under id `first + k` instead, the same definition
    /// under another id: the records and the index entries that name the old id name the new one.
    /// Terms, their references and values do not change, so nothing is unlinked or marked
    /// changed. A run of moves goes through at once, each array of the store and of the users
    /// index taken once (one retag at a time cost about 350 instructions, most of them checks of
    /// an array's uniqueness, one per element written); a rollback retags one at a time.
    private func retag(_ olds: [Int32], to first: Int32) {
        definitions.moveLiveness(from: olds, toFirst: first)
        let indexed = definitions.users.isBuilt
        var counts: [Int] = []
        if indexed { counts.reserveCapacity(olds.count) }
        for k in olds.indices {
            let id = first + Int32(k)
            variableRecords[Int(definitions.subject[Int(id)])].definition = id
            let owner = Int(definitions.owner[Int(id)])
            constraintRecords[owner].definition = id
            if indexed { counts.append(Int(constraintRecords[owner].termCount) - 1) }
        }
        if indexed { definitions.users.transfer(from: olds, toFirst: first, counts: counts) }
    }
}
