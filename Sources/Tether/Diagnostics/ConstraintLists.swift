/// Lists of a program's own constraints, for checking what a layout pass did with them: the ones
/// it broke, and the ones that name an item. Neither runs a pass.

extension View {
    /// The active constraints of this view's hierarchy (all of its root's) that the last layout
    /// pass broke, in activation order: each conflicted with required constraints activated
    /// before it and is not enforced (`isBroken`). UIKit reports these only in the console (as
    /// the diagnostic handler here); this is the list a program checks after laying out. Does
    /// not lay out: empty before the first pass, and as of the last one after changes.
    public func brokenConstraints() throws(LayoutError) -> [LayoutConstraint] {
        guard let engine else { throw .freed("the view was freed") }
        guard engine.brokenConstraintCount > 0, let root = rootView else { return [] }
        return engine.activeConstraints(inSubtreeOf: root).filter(\.isBroken)
    }
}

extension LayoutItem {
    /// The program's layout constraints that name this item as their first or second item,
    /// active or not, in the order their ids were handed out (slot order): what a program made
    /// for it. Generated constraints (autoresizing, content size, stack views' arrangements) are
    /// not listed; `constraintsAffectingLayout(for:)` lists what decides the item's frame.
    public func referringConstraints() throws(LayoutError) -> [LayoutConstraint] {
        guard let engine else { throw .freed("the item was freed") }
        return engine.constraintsNaming(self).filter { !$0.isGenerated }
    }
}
