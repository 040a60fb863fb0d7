/// UIKit's owner-based constraint API from before iOS 8 (`constraints`, `addConstraint`,
/// `removeConstraint`), which UIKit still supports and peers' test suites use. UIKit holds an
/// active constraint on the nearest common ancestor of its items; Tether keeps no owner and
/// derives it the same way, so these are views of activation and deactivation.
extension View {
    /// The active constraints this view holds: the program's (not generated) active constraints
    /// whose items' nearest common ancestor is this view, oldest activation first. Empty for a
    /// freed view.
    public var constraints: [LayoutConstraint] {
        guard let engine else { return [] }
        return engine.activeConstraints(inSubtreeOf: self).filter { !$0.isGenerated && $0.commonAncestor === self }
    }

    /// Activates `constraint` (UIKit's `addConstraint(_:)`); see `addConstraints(_:)`.
    public func addConstraint(_ constraint: LayoutConstraint) throws(LayoutError) {
        try addConstraints([constraint])
    }

    /// Activates `constraints` as one batch (UIKit's `addConstraints(_:)`). As in UIKit, this
    /// view must be the items' nearest common ancestor or one of its ancestors; every constraint
    /// is checked before any is activated, so on an error none is.
    /// - Throws: what activation throws (`noCommonAncestor`, `wrongEngine`, `readOnly`), `freed`
    ///   for a freed view, and `invalidHierarchy`, naming the constraint and this view, when the
    ///   items' common ancestor is not in this view's subtree.
    public func addConstraints(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        // Checked here too so that a freed view refuses an empty batch as well.
        guard engine != nil else { throw .freed("\(self) was freed") }
        for c in constraints { try validateAddConstraint(c) }
        try activate(constraints)
    }

    /// Throws the error `addConstraint(c)` would throw, without activating it: a batch checks
    /// every constraint first (the C ABI reports which one failed).
    public func validateAddConstraint(_ c: LayoutConstraint) throws(LayoutError) {
        guard let engine else { throw .freed("\(self) was freed") }
        try engine.validateActivation(c)
        // validateActivation found the common ancestor, so it is not nil here.
        if let ancestor = c.commonAncestor, !ancestor.isDescendant(of: self) {
            throw .invalidHierarchy("Cannot add \(c) to \(self): the view is not the constraint's items' common ancestor (\(ancestor)) or one of its ancestors")
        }
    }

    /// Deactivates `constraint` if this view holds it (UIKit's `removeConstraint(_:)`); see
    /// `removeConstraints(_:)`.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        removeConstraints([constraint])
    }

    /// Deactivates those of `constraints` that this view holds (active, made by the program, with
    /// this view as their items' nearest common ancestor). As in UIKit, a constraint held by
    /// another view, inactive or generated is left alone.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        guard engine != nil else { return }
        deactivate(constraints.filter { $0.isActive && !$0.isGenerated && $0.commonAncestor === self })
    }
}
