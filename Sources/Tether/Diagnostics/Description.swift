/// Apple's description forms for items and constraints (autolayout-semantics.md §7.2); the
/// decisions are in docs/descriptions-and-inspection.md.
///
/// - An item prints in constraint bodies and messages as `View:0x…` / `LayoutGuide:0x…` (its
///   engine id in hex, the id C callers hold) followed by `'identifier'` when one is set.
/// - A constraint prints as `<Class:0x… ['identifier' ]BODY[ priority:P]   (active|inactive[,
///   names: '|':View:0x… ])>`; BODY is VFL-like for sizes and spacings, the equation otherwise.

extension LayoutItem {
    /// The item as constraint bodies and messages name it: `View:0x100000003'header'`.
    public var debugName: String {
        let base = "\(kindName):\(displayID(id))"
        return identifier.isEmpty ? base : base + "'\(identifier)'"
    }

    /// UIKit's description of the view or guide (see `View.viewDescription` and
    /// `LayoutGuide.guideDescription`).
    public var description: String {
        if let v = self as? View { return v.viewDescription }
        if let g = self as? LayoutGuide { return g.guideDescription }
        return debugName
    }
}

extension View {
    /// UIKit's `UIView` description: `<View: 0x…; frame = (x y; w h); autoresize = W+H;
    /// identifier = 'header'>` (the mask part only when a flexible bit is set). The frame shown,
    /// rounded when the engine rounds frames, as UIKit prints its views' frames.
    package var viewDescription: String {
        let f = frame
        var text = "<\(kindName): \(displayID(id)); frame = (\(formatNumber(f.minX)) \(formatNumber(f.minY)); "
            + "\(formatNumber(f.width)) \(formatNumber(f.height)))"
        if !autoresizingMask.isEmpty { text += "; autoresize = \(autoresizingMask.uikitNotation)" }
        if !identifier.isEmpty { text += "; identifier = '\(identifier)'" }
        return text + ">"
    }
}

extension LayoutGuide {
    /// UIKit's `UILayoutGuide` description: `<LayoutGuide: 0x… - "identifier", layoutFrame =
    /// {{x, y}, {w, h}}, owningView = <View: …>>`.
    package var guideDescription: String {
        let f = layoutFrame
        return "<LayoutGuide: \(displayID(id)) - \"\(identifier)\", layoutFrame = "
            + "{{\(formatNumber(f.minX)), \(formatNumber(f.minY))}, {\(formatNumber(f.width)), \(formatNumber(f.height))}}, "
            + "owningView = \(owningView?.viewDescription ?? "(null)")>"
    }
}

extension AutoresizingMask {
    /// UIKit's `autoresize = …` notation in view descriptions: the flexible parts joined by `+`
    /// in the order LM, W, RM, TM, H, BM.
    public var uikitNotation: String {
        let parts: [(AutoresizingMask, String)] = [
            (.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
            (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM"),
        ]
        return parts.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

extension LayoutConstraint {
    /// Apple's class name for this kind of constraint.
    var className: String {
        switch generatedKind {
        case .autoresizing: return "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: return "NSContentSizeLayoutConstraint"
        case .system, nil: return "NSLayoutConstraint"
        }
    }

    /// The constraint without class, address and state: `'id' H:[a]-(8)-[b] priority:750`.
    public var bodyDescription: String { body().text }

    /// `<NSLayoutConstraint:0x… BODY   (active)>`, as Apple prints constraints in logs.
    public var description: String {
        let (text, bar) = body()
        var state = isActive ? "active" : "inactive"
        if let bar { state += ", names: '|':\(bar.debugName) " }
        return "<\(className):\(displayID(id)) \(text)   (\(state))>"
    }

    /// The body and the view that a `|` in it stands for.
    private func body() -> (text: String, bar: View?) {
        var text: String
        var bar: View?
        if let form = visualForm() {
            (text, bar) = form
        } else {
            text = equationForm()
        }
        switch generatedKind {
        case .autoresizing(let notation): text = notation + " " + text
        case .contentSize(let hug, let resistance):
            text += " Hug:\(formatNumber(Double(hug.rawValue))) CompressionResistance:\(formatNumber(Double(resistance.rawValue)))"
        case .system, nil: break
        }
        if storedPriority != .required, !isContentSize {
            text += " priority:\(formatNumber(Double(storedPriority.rawValue)))"
        }
        if !identifier.isEmpty { text = "'\(identifier)' " + text }
        return (text, bar)
    }

    private var isContentSize: Bool {
        if case .contentSize = generatedKind { return true }
        return false
    }

    /// `a.attr REL [m*]b.attr [+|- c]`, or `a.attr REL c` without a second item.
    private func equationForm() -> String {
        var text = "\(firstItem.debugName).\(firstAttribute) \(relation)"
        guard let second = secondItem else { return text + " " + formatNumber(storedConstant) }
        text += multiplier == 1 ? " " : " \(formatNumber(multiplier))*"
        text += "\(second.debugName).\(secondAttribute)"
        if storedConstant > 0 { text += " + \(formatNumber(storedConstant))" }
        if storedConstant < 0 { text += " - \(formatNumber(-storedConstant))" }
        return text
    }

    /// The VFL-like body for sizes (`H:[v(>=44)]`, `H:[a(==b)]`) and for spacings between
    /// siblings or to the item's own superview (`H:[a]-(8)-[b]`, `V:|-(NSSpace(20))-[v]`), or nil
    /// when the constraint has another shape. Autoresizing and content-size constraints keep the
    /// equation form, as Apple prints them.
    private func visualForm() -> (String, View?)? {
        switch generatedKind {
        case .autoresizing, .contentSize: return nil
        case .system, nil: break
        }
        let axis: String
        switch firstAttribute {
        case .width: axis = "H"
        case .height: axis = "V"
        case .leading, .trailing, .left, .right: axis = "H"
        case .top, .bottom: axis = "V"
        default: return nil
        }
        let priorityMark = storedPriority == .required ? "" : "@" + formatNumber(Double(storedPriority.rawValue))
        func predicate(_ relation: LayoutRelation, _ object: String) -> String {
            (relation == .equal ? "" : "\(relation)") + object + priorityMark
        }

        // Sizes: `[v(100)]` or `[a(==b)]`.
        if firstAttribute == .width || firstAttribute == .height {
            guard let second = secondItem else {
                return ("\(axis):[\(firstItem.debugName)(\(predicate(relation, formatNumber(storedConstant))))]", nil)
            }
            guard secondAttribute == firstAttribute, multiplier == 1, storedConstant == 0 else { return nil }
            return ("\(axis):[\(firstItem.debugName)(\(relation)\(second.debugName)\(priorityMark))]", nil)
        }

        // Spacings: normalised to `later.start REL earlier.end + gap` with either side possibly
        // the superview (a `|`).
        guard let second = secondItem, multiplier == 1, firstItem !== second else { return nil }
        let absolute = firstAttribute == .left || firstAttribute == .right
        let start: LayoutAttribute, end: LayoutAttribute
        switch (axis, absolute) {
        case ("V", _): (start, end) = (.top, .bottom)
        case (_, true): (start, end) = (.left, .right)
        default: (start, end) = (.leading, .trailing)
        }
        guard [start, end].contains(secondAttribute) else { return nil }
        let a = firstItem, b = second
        let flipped: LayoutRelation = relation == .equal ? .equal
            : relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
        var earlier: LayoutItem?, later: LayoutItem?, rel = relation, gap = storedConstant
        var superview: View?
        let siblings = a.parentView != nil && a.parentView === b.parentView
        switch (firstAttribute == start, secondAttribute == start) {
        case (true, false) where siblings:  // a.start R b.end + k
            (earlier, later) = (b, a)
        case (false, true) where siblings:  // a.end R b.start + k ⇔ b.start R' a.end − k
            (earlier, later, rel, gap) = (a, b, flipped, -gap)
        case (true, true) where b === a.parentView:  // a.start R S.start + k
            (later, superview) = (a, b as? View)
        case (true, true) where a === b.parentView:  // S.start R b.start + k ⇔ b.start R' S.start − k
            (later, superview, rel, gap) = (b, a as? View, flipped, -gap)
        case (false, false) where a === b.parentView:  // S.end R b.end + k
            (earlier, superview) = (b, a as? View)
        case (false, false) where b === a.parentView:  // a.end R S.end + k ⇔ S.end R' a.end − k
            (earlier, superview, rel, gap) = (a, b as? View, flipped, -gap)
        default:
            return nil
        }
        let amount = isStandardSpacing ? "NSSpace(\(formatNumber(storedConstant)))" : formatNumber(gap)
        let left = earlier.map { "[\($0.debugName)]" } ?? "|"
        let right = later.map { "[\($0.debugName)]" } ?? "|"
        let suffix = absolute ? "(LTR)" : ""
        return ("\(axis):\(left)-(\(predicate(rel, amount)))-\(right)\(suffix)", superview)
    }
}
