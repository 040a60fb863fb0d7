import TetherSolver

/// An item's attribute in the solver's terms: at most two of its variables with coefficients,
/// plus a constant (root coordinates). `RootLayout.linear` writes a user constraint from two of
/// these into one term array; building it from `LinearExpression` arithmetic made about ten
/// short-lived arrays per constraint, which was a third of a 10,000-view build
/// (docs/benchmarks.md, the view model's profile).
struct AttributeForm {
    var first: Term
    var second: Term?
    var constant: Double

    init(_ first: Term, _ second: Term? = nil, constant: Double = 0) {
        self.first = first
        self.second = second
        self.constant = constant
    }

    /// Appends `scale ·` the terms (not the constant) to `terms`.
    func append(to terms: inout [Term], scale: Double) {
        terms.append(Term(first.variable, first.coefficient * scale))
        if let second { terms.append(Term(second.variable, second.coefficient * scale)) }
    }

    var expression: LinearExpression {
        var terms: [Term] = []
        append(to: &terms, scale: 1)
        return LinearExpression(terms, constant: constant)
    }
}

extension RootLayout {
    /// `attribute` of `item` as an `AttributeForm`, or nil when the item does not participate
    /// (or the attribute is never in a user constraint). `direction` decides leading/trailing.
    func attributeForm(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection) -> AttributeForm? {
        guard var v = variables[ObjectIdentifier(item)] else { return nil }
        var view = item as? View
        // A stack view's baseline is its baseline view's (when that takes part in the solve),
        // which may be a stack view in turn: followed in a loop, not by recursion, which
        // overflowed the thread's stack for deeply nested stack views (2,000 deep on 256 KB).
        if attribute == .firstBaseline || attribute == .lastBaseline {
            while let stack = view as? StackView, let forwarded = baselineView(of: stack, attribute),
                  let forwardedVariables = variables[ObjectIdentifier(forwarded)] {
                (v, view) = (forwardedVariables, forwarded)
            }
        }
        let rtl = direction == .rightToLeft
        let L = Term(v.left), T = Term(v.top), W = Term(v.width), H = Term(v.height)
        switch attribute {
        case .notAnAttribute, .minX, .minY: return nil  // never in a user constraint
        case .left: return AttributeForm(L)
        case .right: return AttributeForm(L, W)
        case .leading: return rtl ? AttributeForm(L, W) : AttributeForm(L)
        case .trailing: return rtl ? AttributeForm(L) : AttributeForm(L, W)
        case .width: return AttributeForm(W)
        case .height: return AttributeForm(H)
        case .centerX: return AttributeForm(L, Term(v.width, 0.5))
        case .centerY: return AttributeForm(T, Term(v.height, 0.5))
        case .top: return AttributeForm(T)
        case .bottom: return AttributeForm(T, H)
        case .firstBaseline, .lastBaseline:
            let measuredBaselines = view.flatMap { measured[ObjectIdentifier($0)] }
            let first = measuredBaselines.flatMap { $0.firstBaseline.isNaN ? nil : $0.firstBaseline } ?? view?.firstBaselineOffsetFromTop
            let last = measuredBaselines.flatMap { $0.lastBaseline.isNaN ? nil : $0.lastBaseline } ?? view?.lastBaselineOffsetFromBottom
            if attribute == .firstBaseline {
                if let first { return AttributeForm(T, constant: first) }
                return AttributeForm(T, H, constant: -(last ?? 0))
            }
            if let last { return AttributeForm(T, H, constant: -last) }
            if let first { return AttributeForm(T, constant: first) }
            return AttributeForm(T, H)
        default:
            break
        }
        // The margin attributes: alignment-rect edges moved in by the layout margins.
        let ai = view?.alignmentRectInsets ?? .zero
        let m = view?.effectiveLayoutMargins ?? .zero
        let leftMargin = m.left - ai.left, rightMargin = ai.right - m.right
        switch attribute {
        case .leftMargin: return AttributeForm(L, constant: leftMargin)
        case .rightMargin: return AttributeForm(L, W, constant: rightMargin)
        case .leadingMargin: return rtl ? AttributeForm(L, W, constant: rightMargin) : AttributeForm(L, constant: leftMargin)
        case .trailingMargin: return rtl ? AttributeForm(L, constant: leftMargin) : AttributeForm(L, W, constant: rightMargin)
        case .topMargin: return AttributeForm(T, constant: m.top - ai.top)
        case .bottomMargin: return AttributeForm(T, H, constant: ai.bottom - m.bottom)
        case .centerXWithinMargins: return AttributeForm(L, Term(v.width, 0.5), constant: (leftMargin + rightMargin) * 0.5)
        case .centerYWithinMargins:
            return AttributeForm(T, Term(v.height, 0.5), constant: ((m.top - ai.top) + (ai.bottom - m.bottom)) * 0.5)
        default: return nil
        }
    }
}
