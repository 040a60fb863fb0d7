/// Which registered constraints name each item (as first or second item), kept as the engine
/// registers and frees constraints. With it, freeing an item, gathering a root's constraints for
/// a rebuild and finding the constraints a removal may orphan cost what the items concerned
/// have, not a scan of every constraint of the engine: each of those scans made freeing a root
/// with n constrained subviews, and laying out n roots, quadratic (issue 18).
///
/// The engine lists each item's constraints in `constraintsByItem` (an item without any has no
/// entry); a constraint remembers its place in its first and second item's lists, so that it
/// leaves them in O(1) (the last one takes its place). A constraint whose two items are the same
/// item is listed once.
extension LayoutEngine {
    func index(_ c: LayoutConstraint) {
        c.firstItemPosition = append(c, to: c.firstItem)
        if let second = c.secondItem, second !== c.firstItem {
            c.secondItemPosition = append(c, to: second)
        }
    }

    private func append(_ c: LayoutConstraint, to item: LayoutItem) -> Int {
        let key = ObjectIdentifier(item)
        let position = constraintsByItem[key]?.count ?? 0
        constraintsByItem[key, default: []].append(c)
        return position
    }

    /// The registered constraints that name `item`, in no particular order.
    func referringConstraints(_ item: LayoutItem) -> [LayoutConstraint] {
        constraintsByItem[ObjectIdentifier(item)] ?? []
    }

    func unindex(_ c: LayoutConstraint) {
        remove(c, from: c.firstItem, at: c.firstItemPosition)
        if let second = c.secondItem, second !== c.firstItem {
            remove(c, from: second, at: c.secondItemPosition)
        }
        c.firstItemPosition = -1
        c.secondItemPosition = -1
    }

    private func remove(_ c: LayoutConstraint, from item: LayoutItem, at position: Int) {
        let key = ObjectIdentifier(item)
        let last = constraintsByItem[key, default: []].removeLast()
        if last !== c {
            constraintsByItem[key, default: []][position] = last
            if last.firstItem === item { last.firstItemPosition = position } else { last.secondItemPosition = position }
        } else if position == 0 {
            constraintsByItem[key] = nil  // the list is empty: no entry outlives the item
        }
    }

    /// The registered constraints that name `item`, in the order of their id slots: the order a
    /// scan of the engine's table found them in, so that freeing them recycles the slots (and so
    /// the ids later constraints get) exactly as that scan did.
    func constraintsNaming(_ item: LayoutItem) -> [LayoutConstraint] {
        referringConstraints(item).sorted { ($0.id & IDTable<LayoutConstraint>.slotMask) < ($1.id & IDTable<LayoutConstraint>.slotMask) }
    }

    /// Calls `body` with every item of `top`'s subtree: each view, then its layout guides, its
    /// margins and safe-area guides (when made) and a stack view's arrangement guides.
    func forEachItem(inSubtreeOf top: View, _ body: (LayoutItem) -> Void) {
        var pending = [top]
        while let v = pending.popLast() {
            body(v)
            for guide in v.layoutGuides { body(guide) }
            if v.hasMarginsGuide { body(v.marginsGuideStorage) }
            if v.hasSafeAreaGuide { body(v.safeAreaGuideStorage) }
            if let stack = v as? StackView { for guide in stack.arrangementGuides { body(guide) } }
            pending.append(contentsOf: v.subviews)
        }
    }

    /// The active constraints whose items all lie in `top`'s subtree, oldest first (what
    /// filtering `activeConstraints` by the subtree gave).
    /// - Complexity: the subtree's items and the constraints that name them, plus a sort of the
    ///   ones found.
    func activeConstraints(inSubtreeOf top: View) -> [LayoutConstraint] {
        var inTree = Set<ObjectIdentifier>()
        forEachItem(inSubtreeOf: top) { inTree.insert(ObjectIdentifier($0)) }
        var found: [LayoutConstraint] = []
        forEachItem(inSubtreeOf: top) { item in
            // Listed from its first item only, so each constraint is found once.
            for c in referringConstraints(item) where c.activationOrder > 0 && c.firstItem === item {
                if let second = c.secondItem, !inTree.contains(ObjectIdentifier(second)) { continue }
                found.append(c)
            }
        }
        found.sort { $0.activationOrder < $1.activationOrder }
        return found
    }

    /// After `top` left its superview: UIKit deactivates the constraints left without a common
    /// ancestor. Only constraints that name an item of the subtree can be such.
    func deactivateConstraintsWithoutCommonAncestor(namingItemsOf top: View) {
        var candidates: [LayoutConstraint] = []
        forEachItem(inSubtreeOf: top) { item in
            candidates.append(contentsOf: referringConstraints(item).lazy.filter { $0.activationOrder > 0 })
        }
        deactivateOrphans(candidates)
    }

    /// After the items left their owner (a guide removed from its view): as above.
    func deactivateConstraintsWithoutCommonAncestor(naming items: [LayoutItem]) {
        deactivateOrphans(items.flatMap { referringConstraints($0).filter { $0.activationOrder > 0 } })
    }

    /// Deactivates, oldest first, the candidates that have no common ancestor. Their solver
    /// constraints are in the layout of the root they had, which the change that orphaned them
    /// (a removal from a superview, a guide leaving its view) marked for a rebuild; no other
    /// root's layout has them, so none other is touched.
    private func deactivateOrphans(_ candidates: [LayoutConstraint]) {
        var seen = Set<ObjectIdentifier>()
        let orphans = candidates.filter { seen.insert(ObjectIdentifier($0)).inserted && $0.commonAncestor == nil }
        for c in orphans.sorted(by: { $0.activationOrder < $1.activationOrder }) {
            c.activationOrder = 0
            c.isBroken = false
            active[ObjectIdentifier(c)] = nil
        }
    }
}
