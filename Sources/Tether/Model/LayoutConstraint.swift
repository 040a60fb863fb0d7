import TetherSolver

/// `item1.attribute1 RELATION multiplier × item2.attribute2 + constant` at a priority
/// (UIKit's `NSLayoutConstraint`). Made inactive; `isActive = true` installs it in the engine.
/// Only `constant`, `priority`, `identifier`, `shouldBeArchived` and `isActive` change after
/// creation.
public final class LayoutConstraint: CustomStringConvertible {
    public let firstItem: LayoutItem
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public let secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute
    /// The factor of the second attribute; 1 for a constraint without a second item, as UIKit
    /// and AppKit report it (the equation `first REL constant` has no term for it to scale).
    public let multiplier: Double

    /// The engine-owned id (index + generation) used across the C ABI.
    public internal(set) var id: UInt64 = 0
    public var identifier: String = ""
    /// Apple's `shouldBeArchived` (default false): whether an archiver should keep the
    /// constraint. Tether stores it for programs and ported tests that set and read it, but does
    /// not act on it: no Tether document or layout pass reads it.
    public var shouldBeArchived = false

    /// Changing the constant of an active constraint updates the solver in place (no rebuild).
    public var constant: Double {
        get { storedConstant }
        set { try? setConstant(newValue) }
    }
    package var storedConstant: Double

    public var priority: LayoutPriority { storedPriority }
    package var storedPriority: LayoutPriority = .required

    /// A user constraint is active between activation and deactivation; a generated one while
    /// it takes part in a solve.
    public var isActive: Bool {
        get { activationOrder > 0 || generatedInSolve }
        set { try? setActive(newValue) }
    }
    /// 0 while inactive; otherwise increasing with each activation (newest = largest).
    var activationOrder = 0
    /// Set while the engine does not enforce it because it conflicted (it stays active).
    public internal(set) var isBroken = false {
        didSet {
            guard isBroken != oldValue, let engine = firstItem.engine else { return }
            engine.brokenStateChanged(isBroken: isBroken)
        }
    }
    /// Generated constraints (autoresizing, content size, margins, root pinning) are made by the
    /// engine and may take forms the public initializer rejects.
    public let isGenerated: Bool
    /// For constraints equivalent to an autoresizing mask: Apple's `h=… v=…` prefix.
    public var autoresizingNotation: String? {
        if case .autoresizing(let notation) = generatedKind { return notation }
        return nil
    }

    /// What made a generated constraint (it decides the class name and form of its description).
    enum GeneratedKind {
        /// Translation of an autoresizing mask (`NSAutoresizingMaskLayoutConstraint`).
        case autoresizing(notation: String)
        /// Hugging and compression resistance of one axis (`NSContentSizeLayoutConstraint`).
        case contentSize(hug: LayoutPriority, compressionResistance: LayoutPriority)
        /// Root pinning, fitting, layout-margins and safe-area guides.
        case system
    }
    var generatedKind: GeneratedKind?
    /// Set on generated constraints while they belong to a root's solver.
    var generatedInSolve = false
    /// Made by VFL's standard spacing (`-`) and not changed since: described as `NSSpace(c)`.
    var isStandardSpacing = false
    /// Where the constraint is in its first and second item's lists of `LayoutEngine.constraintsByItem`
    /// (ConstraintIndex.swift; -1 while not registered).
    var firstItemPosition = -1
    var secondItemPosition = -1

    /// Makes an inactive constraint, validating it as Apple's Auto Layout does.
    public convenience init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                            toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
                            multiplier: Double = 1, constant: Double = 0,
                            priority: LayoutPriority = .required) throws(LayoutError) {
        try LayoutConstraint.validate(item, attribute, toItem, secondAttribute, multiplier, constant)
        guard priority.isValid else { throw .invalidPriority(priority.rawValue) }
        self.init(unchecked: item, attribute, relation, toItem, secondAttribute, multiplier, constant,
                  generated: false)
        storedPriority = priority
        item.engine?.register(self)
    }

    init(unchecked item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
         _ toItem: LayoutItem?, _ secondAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double,
         generated: Bool) {
        firstItem = item
        firstAttribute = attribute
        self.relation = relation
        secondItem = toItem
        self.secondAttribute = secondAttribute
        // Without a second item the multiplier scales nothing: report 1, as NSLayoutConstraint
        // does for `widthAnchor.constraint(equalToConstant:)` and for a nil `toItem`.
        self.multiplier = toItem == nil ? 1 : multiplier
        storedConstant = constant
        isGenerated = generated
    }

    static func make(_ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
                     _ toItem: LayoutItem?, _ secondAttribute: LayoutAttribute, _ multiplier: Double,
                     _ constant: Double) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: toItem,
                             attribute: secondAttribute, multiplier: multiplier, constant: constant)
    }

    // MARK: Validation (the engine model's list, Apple's messages)

    static func validate(_ item: LayoutItem, _ attribute: LayoutAttribute, _ toItem: LayoutItem?,
                         _ secondAttribute: LayoutAttribute, _ multiplier: Double,
                         _ constant: Double) throws(LayoutError) {
        guard let engine = item.engine else { throw .freed("the first item was freed") }
        if let toItem {
            guard toItem.engine === engine else {
                throw .wrongEngine("NSLayoutConstraint for \(item): the items belong to different engines (or the second was freed)")
            }
        }
        guard multiplier.isFinite, constant.isFinite else {
            throw .nonFinite("NSLayoutConstraint constant is not finite!  That's illegal.  constant:\(formatNumber(constant)) multiplier:\(formatNumber(multiplier)) firstItem:\(item) secondItem:\(toItem.map { "\($0)" } ?? "nil")")
        }
        // The solver takes coefficients between 1e-100 and 1e100 (Solver.coefficientMagnitudes);
        // a multiplier reaches it halved or negated (centres, leading edges), so the view model
        // keeps a margin.
        guard multiplier == 0 || (1e-90...1e90).contains(Swift.abs(multiplier)) else {
            throw .invalidArgument("NSLayoutConstraint for \(item): a multiplier must be 0 or between 1e-90 and 1e90 in magnitude, got \(formatNumber(multiplier))")
        }
        guard attribute.isPublic, secondAttribute.isPublic else {
            throw .invalidAttribute("NSLayoutConstraint for \(item): minX and minY are private attributes of autoresizing constraints")
        }
        guard attribute != .notAnAttribute else {
            throw .invalidAttribute("NSLayoutConstraint for \(item): the first attribute cannot be notAnAttribute")
        }
        for (i, a) in [(item, attribute), (toItem, secondAttribute)] {
            guard let i, i is LayoutGuide else { continue }
            if a.isMarginRelative || a == .firstBaseline || a == .lastBaseline {
                throw .invalidAttribute("NSLayoutConstraint for \(item): a layout guide has no \(a) attribute")
            }
        }
        if toItem == nil && secondAttribute != .notAnAttribute {
            throw .invalidAttribute("NSLayoutConstraint for \(item): a second attribute (\(secondAttribute)) needs a second item")
        }
        if toItem != nil && secondAttribute == .notAnAttribute {
            throw .invalidAttribute("NSLayoutConstraint for \(item): a second item needs a second attribute")
        }
        let first = attribute.kind
        if first != .size && (toItem == nil || multiplier == 0) {
            throw .locationEqualToConstant("NSLayoutConstraint for \(item): A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs.")
        }
        if toItem != nil {
            let second = secondAttribute.kind
            if (first == .size) != (second == .size) || (first != .size && first != second) {
                throw .invalidPairing("NSLayoutConstraint for \(item): Invalid pairing of layout attributes.")
            }
            if (attribute.isDirectional && secondAttribute.isAbsoluteHorizontalEdge)
                || (attribute.isAbsoluteHorizontalEdge && secondAttribute.isDirectional) {
                throw .mixedDirectionality("A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither.")
            }
        }
    }

    // MARK: Mutation

    public func setConstant(_ c: Double) throws(LayoutError) {
        guard !isGenerated else { throw .readOnly("\(self) is generated by the engine and cannot be changed") }
        guard c.isFinite else {
            throw .nonFinite("NSLayoutConstraint constant is not finite!  That's illegal.  constant:\(formatNumber(c)) firstItem:\(firstItem) secondItem:\(secondItem.map { "\($0)" } ?? "nil")")
        }
        guard c != storedConstant else { return }
        storedConstant = c
        isStandardSpacing = false
        if isActive { firstItem.engine?.constantChanged(self) }
    }

    public func setPriority(_ p: LayoutPriority) throws(LayoutError) {
        guard !isGenerated else { throw .readOnly("\(self) is generated by the engine and cannot be changed") }
        guard p.isValid else { throw .invalidPriority(p.rawValue) }
        if isActive && (p == .required) != (storedPriority == .required) {
            throw .priorityMutation(from: storedPriority.rawValue, to: p.rawValue)
        }
        guard p != storedPriority else { return }
        storedPriority = p
        if isActive { firstItem.engine?.priorityChanged(self) }
    }

    public func setActive(_ active: Bool) throws(LayoutError) {
        guard !isGenerated else { throw .readOnly("\(self) is generated by the engine and cannot be activated") }
        guard let engine = firstItem.engine else { throw .freed("\(self) belongs to no engine") }
        if active { try engine.activate([self]) } else { engine.deactivate([self]) }
    }

    /// The items' nearest common ancestor (a guide counts as its owning view), or nil.
    package var commonAncestor: View? {
        func anchorView(_ item: LayoutItem) -> View? {
            if let v = item as? View { return v }
            return (item as? LayoutGuide)?.owningView
        }
        guard let a = anchorView(firstItem) else { return nil }
        guard let second = secondItem else { return a }
        guard let b = anchorView(second) else { return nil }
        return a.nearestCommonAncestor(with: b)
    }
}

/// Activates constraints as one batch (UIKit's `NSLayoutConstraint.activate`).
public func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
    guard let engine = constraints.first?.firstItem.engine else { return }
    try engine.activate(constraints)
}

/// Deactivates constraints as one batch.
public func deactivate(_ constraints: [LayoutConstraint]) {
    for c in constraints { c.firstItem.engine?.deactivate([c]) }
}
