import TetherSolver

/// One way an item's layout is ambiguous: a quantity of its alignment rect (x as `.left`, y as
/// `.top`, `.width`, `.height`) that takes values more than 1e-6 apart among the optimal
/// solutions of the active constraints — the engine model's definition.
public struct Ambiguity: Equatable, Sendable, CustomStringConvertible {
    public let attribute: LayoutAttribute
    public var axis: Axis { attribute == .left || attribute == .width ? .horizontal : .vertical }
    /// The range of values (root coordinates for positions); bounds may be infinite.
    public let lower: Double
    public let upper: Double

    public var description: String {
        let name = attribute == .left ? "minX" : attribute == .top ? "minY" : "\(attribute)"
        return "\(name) can be anywhere in [\(formatNumber(lower)), \(formatNumber(upper))]"
    }
}

/// Ranges narrower than this are rounding, not ambiguity.
let ambiguityTolerance = 1e-6

extension RootLayout {
    /// The item's ambiguous quantities (empty when its layout is unique or it takes no part in
    /// the solve: frame mode, or a view no constraint names keeps its frame).
    ///
    /// Kept until the next pass (`ambiguityCache`): a trace, an SVG and `hasAmbiguousLayout` of
    /// every view ask about the same items, and each range query is two simplex runs (after
    /// `findAmbiguities` has written the definitions behind the items out once). Callers bring the
    /// root's layout up to date first, and every change of the solver marks the root for a pass,
    /// so the cache never outlives the solution it describes.
    package func ambiguities(of item: LayoutItem) throws(LayoutError) -> [Ambiguity] {
        guard isConstraintBased, variables[ObjectIdentifier(item)] != nil else { return [] }
        if let known = ambiguityCache[ObjectIdentifier(item)] { return known }
        // With its siblings: `hasAmbiguousLayout` asked of each view of a row in turn then costs
        // one query for the row, not a chain of definitions walked again per view.
        var items: [LayoutItem] = [item]
        if let view = item as? View, let superview = view.superview {
            items += superview.subviews
        } else if let guide = item as? LayoutGuide, let owner = guide.owningView {
            items += owner.layoutGuides
        }
        try findAmbiguities(of: items)
        return ambiguityCache[ObjectIdentifier(item)] ?? []
    }

    /// Finds (and caches) the ambiguities of every item of `items` not yet known, with one
    /// range query of the solver for all of them (`Solver.valueRanges(of:)`), which writes each
    /// definition behind them over the tableau once: asked item by item, a row of n siblings
    /// pinned to their neighbours walked chains of 1, 2, … n definitions (issue 18). Whole-tree
    /// queries (the trace, the SVG) call this first with every item they will ask about.
    package func findAmbiguities(of items: [LayoutItem]) throws(LayoutError) {
        guard isConstraintBased else { return }
        var pending: [LayoutItem] = []
        var asked: [Variable] = []
        for item in items where ambiguityCache[ObjectIdentifier(item)] == nil {
            guard let vars = variables[ObjectIdentifier(item)] else { continue }
            pending.append(item)
            asked += [vars.left, vars.top, vars.width, vars.height]
        }
        guard !pending.isEmpty else { return }
        let ranges: [(lower: Double, upper: Double)]
        do { ranges = try solver.valueRanges(of: asked) } catch {
            throw .invalidArgument("ambiguity check failed: \(error)")
        }
        let attributes: [LayoutAttribute] = [.left, .top, .width, .height]
        for (k, item) in pending.enumerated() {
            var out: [Ambiguity] = []
            for (j, attribute) in attributes.enumerated() {
                let range = ranges[4 * k + j]
                if !(range.upper - range.lower <= ambiguityTolerance) {
                    out.append(Ambiguity(attribute: attribute, lower: range.lower, upper: range.upper))
                }
            }
            ambiguityCache[ObjectIdentifier(item)] = out
        }
    }

    /// Moves the item's first ambiguous quantity to the far end of its range (or 100 points
    /// along it when unbounded) and applies the frames of that other optimal solution, until the
    /// next layout pass.
    func exerciseAmbiguity(of item: LayoutItem) throws(LayoutError) -> Bool {
        guard let first = try ambiguities(of: item).first, let vars = variables[ObjectIdentifier(item)] else {
            return false
        }
        let variable: Variable
        switch first.attribute {
        case .left: variable = vars.left
        case .top: variable = vars.top
        case .width: variable = vars.width
        default: variable = vars.height
        }
        let current = (try? solver.value(of: variable)) ?? 0
        let towardUpper = Swift.abs(current - first.lower) <= Swift.abs(first.upper - current)
        do {
            valueOverride = try solver.extremeSolution(of: variable, maximizing: towardUpper)
        } catch {
            throw .invalidArgument("ambiguity exercise failed: \(error)")
        }
        defer { valueOverride = nil }
        applyFrames()
        return true
    }
}

extension LayoutItem {
    /// The item's ambiguous quantities after bringing its root's layout up to date.
    public func ambiguities() throws(LayoutError) -> [Ambiguity] {
        guard let engine, let root = rootView else { return [] }
        try engine.layoutIfNeeded(root)
        return try engine.rootLayout(root).ambiguities(of: self)
    }

    /// Whether some optimal solution gives the item another x, y, width or height (UIKit's
    /// `hasAmbiguousLayout`; a debugging aid).
    public var hasAmbiguousLayout: Bool { !((try? ambiguities()) ?? []).isEmpty }
}

extension View {
    /// Moves an ambiguous view to another optimal solution (UIKit's
    /// `exerciseAmbiguityInLayout`): frames change until the next layout pass. Does nothing when
    /// the layout is unambiguous. Returns whether it moved anything.
    @discardableResult
    public func exerciseAmbiguityInLayout() throws(LayoutError) -> Bool {
        guard let engine, let root = rootView else { return false }
        try engine.layoutIfNeeded(root)
        return try engine.rootLayout(root).exerciseAmbiguity(of: self)
    }
}
