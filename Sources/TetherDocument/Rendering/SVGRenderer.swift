import Tether
import TetherSolver

/// Drawing a laid-out hierarchy as a standalone SVG document (docs/rendering.md describes the
/// document: its elements, classes, data attributes and coordinates).
///
/// Views are drawn as rects in the rendered view's own coordinates (for a root, the root
/// coordinates the solver works in), labelled with their identifier (else their debug name);
/// labels are placed so that none overlaps another or leaves its view (`SVGLabelPlacement`).
/// On request: the active constraints between items of the subtree, each view's layout margins
/// and the layout guides. Ambiguous items and broken constraints are marked by default. The
/// document is a function of the hierarchy alone (stable order, fixed number formatting), so
/// golden tests can compare it.

/// What `SVGRenderer` draws and at which size.
public struct SVGOptions: Equatable, Sendable {
    /// Draw the active constraints between items of the subtree (class `spacing`, `size` or
    /// `equation`).
    public var showsConstraints: Bool
    /// Mark views and guides whose layout is ambiguous (class `ambiguous`).
    public var highlightsAmbiguity: Bool
    /// Draw broken constraints red and dashed (class `broken`), even when `showsConstraints` is
    /// off.
    public var marksBrokenConstraints: Bool
    /// Draw each view's layout margins, dashed (class `margins`).
    public var showsLayoutMargins: Bool
    /// Draw the layout guides (and the safe area of views that made their safe-area guide),
    /// dashed (class `guide`).
    public var showsLayoutGuides: Bool
    /// Pixels per point: the document's `width`/`height`; coordinates inside stay in points.
    /// Finite and greater than 0.
    public var scale: Double
    /// Points of room around the view for labels and lines at its edges. Finite, at least 0.
    public var padding: Double
    /// nil draws the model frames (`frame`); a clock time draws every view at its presentation
    /// frame at that time (`presentationFrame(at:)`), as Core Animation's presentation layer
    /// shows it: a still of a running animation. Finite.
    public var presentationTime: Double?

    public init(showsConstraints: Bool = false, highlightsAmbiguity: Bool = true,
                marksBrokenConstraints: Bool = true, showsLayoutMargins: Bool = false,
                showsLayoutGuides: Bool = false, scale: Double = 1, padding: Double = 8,
                presentationTime: Double? = nil) {
        self.presentationTime = presentationTime
        self.showsConstraints = showsConstraints
        self.highlightsAmbiguity = highlightsAmbiguity
        self.marksBrokenConstraints = marksBrokenConstraints
        self.showsLayoutMargins = showsLayoutMargins
        self.showsLayoutGuides = showsLayoutGuides
        self.scale = scale
        self.padding = padding
    }

    /// Throws unless `scale` is finite and > 0 and `padding` finite and >= 0.
    public func validate() throws(LayoutError) {
        guard scale.isFinite, scale > 0 else {
            throw .invalidArgument("SVG scale must be finite and greater than 0, got \(formatNumber(scale))")
        }
        guard padding.isFinite, padding >= 0 else {
            throw .invalidArgument("SVG padding must be finite and at least 0, got \(formatNumber(padding))")
        }
        if let time = presentationTime, !time.isFinite {
            throw .nonFinite("SVG presentation time \(formatNumber(time)) is not finite")
        }
    }
}

/// Draws a view's subtree as SVG (`SVGRenderer(options).render(view)`, or `view.svg(options)`).
public struct SVGRenderer {
    public var options: SVGOptions

    public init(_ options: SVGOptions = SVGOptions()) {
        self.options = options
    }

    /// The view's subtree as an SVG document, after bringing its root's layout up to date (as
    /// `autolayoutTrace()` does).
    /// - Complexity: O(n + k·d) for n views and guides and k active constraints (d: the depth
    ///   of the hierarchy, for the common-ancestor walk), plus one range query of the solver for
    ///   every item's ambiguity marks (`Solver.valueRanges(of:)`: each definition behind them
    ///   expanded once). Each label is placed with a bounded number of grid queries.
    public func render(_ view: View) throws(LayoutError) -> String {
        try options.validate()
        guard let engine = view.engine else { throw .freed("the view was freed") }
        guard let root = view.rootView else { throw .freed("the view was freed") }
        try engine.layoutIfNeeded(root)
        var drawing = SVGDrawing(options: options, top: view, layout: engine.rootLayout(root))
        return try drawing.document(constraints: engine.activeConstraints)
    }

    /// As `render(_:)`, keeping the drawing so that `SVGAnimator` can add motion to it: the
    /// document's lines, and where each view's rect and label are among them.
    func drawing(of view: View, canvas: Size?) throws(LayoutError) -> SVGDrawnDocument {
        try options.validate()
        guard let engine = view.engine else { throw .freed("the view was freed") }
        guard let root = view.rootView else { throw .freed("the view was freed") }
        try engine.layoutIfNeeded(root)
        var drawing = SVGDrawing(options: options, top: view, layout: engine.rootLayout(root), canvas: canvas)
        _ = try drawing.document(constraints: engine.activeConstraints)
        return SVGDrawnDocument(lines: drawing.lines, views: drawing.views.map(\.view),
                                rectLines: drawing.rectLines, labels: drawing.labelLines)
    }
}

extension View {
    /// The view's subtree drawn as an SVG document (`SVGRenderer(options).render(self)`).
    public func svg(_ options: SVGOptions = SVGOptions()) throws(LayoutError) -> String {
        try SVGRenderer(options).render(self)
    }
}

/// One drawing in progress: the items' rects in the rendered view's coordinates, then the
/// document's lines.
private struct SVGDrawing {
    let options: SVGOptions
    let top: View
    let layout: RootLayout
    /// Views of the subtree, depth-first in subview order, with their depth.
    var views: [(view: View, depth: Int)] = []
    /// Each view's frame in the rendered view's coordinates.
    var frames: [ObjectIdentifier: Rect] = [:]
    var lines: [String] = []
    /// Views marked ambiguous (their labels are marked too: a view of size zero shows no rect).
    var ambiguousViews = Set<ObjectIdentifier>()
    /// The labels placed so far, view and constraint labels alike (none overlaps another).
    var placement: SVGLabelPlacement
    /// The drawn size of the top view (the canvas is this plus the padding).
    let size: Size
    /// For each view, the index in `lines` of its rect and of its label (if it has one).
    var rectLines: [ObjectIdentifier: Int] = [:]
    var labelLines: [ObjectIdentifier: (line: Int, baseline: Point)] = [:]

    /// `canvas`: the size to draw the top view's box at, if not its own drawn size (an animated
    /// document spans the largest size the top view takes).
    init(options: SVGOptions, top: View, layout: RootLayout, canvas: Size? = nil) {
        self.options = options
        self.top = top
        self.layout = layout
        let own = SVGDrawing.drawnFrame(of: top, options).size
        let size = canvas ?? own, p = options.padding
        self.size = size
        placement = SVGLabelPlacement(canvas: Rect(x: -p, y: -p, width: Swift.max(0, size.width) + 2 * p,
                                                   height: Swift.max(0, size.height) + 2 * p))
        collect()
    }

    /// The frame a view is drawn at, in its superview's coordinates: its exact model frame, or
    /// its presentation frame at the options' time.
    static func drawnFrame(of view: View, _ options: SVGOptions) -> Rect {
        guard let time = options.presentationTime else { return view.storedFrame }
        return view.presentationFrame(at: time)
    }

    /// The views in pre-order with their frames in the rendered view's coordinates, on a stack of
    /// its own: a recursion as deep as the tree overflowed the thread's for a chain 100,000 deep.
    private mutating func collect() {
        var pending: [(view: View, origin: Point, depth: Int)] = [(top, .zero, 0)]
        while let (view, origin, depth) = pending.popLast() {
            views.append((view, depth))
            frames[ObjectIdentifier(view)] = Rect(origin: origin, size: SVGDrawing.drawnFrame(of: view, options).size)
            // Reversed: the first subview is popped (and its subtree listed) first.
            for subview in view.subviews.reversed() {
                let f = SVGDrawing.drawnFrame(of: subview, options)
                pending.append((subview, Point(x: origin.x + f.minX, y: origin.y + f.minY), depth + 1))
            }
        }
    }

    // MARK: The document

    /// SVG has no infinity: a drawing whose size or coordinates are not finite, or so large that
    /// a midpoint or a sum of them overflows, is refused rather than written with "inf".
    private func checkDrawable(width: Double, height: Double) throws(LayoutError) {
        guard width.isFinite, height.isFinite else {
            throw .invalidArgument("an SVG of \(top) at scale \(formatNumber(options.scale)) would be \(formatNumber(width)) × \(formatNumber(height)): not finite")
        }
        for (view, _) in views {
            let f = frames[ObjectIdentifier(view)]!
            for x in [f.minX, f.minY, f.width, f.height] where !(Swift.abs(x) <= SVGDrawing.largestCoordinate) {
                throw .nonFinite("\(view) cannot be drawn: its frame \(f) in the drawing reaches beyond ±1e300")
            }
        }
    }

    /// Coordinates up to this can be added and halved without overflow.
    static let largestCoordinate = 1e300

    mutating func document(constraints: [LayoutConstraint]) throws(LayoutError) -> String {
        let p = options.padding
        let boxWidth = Swift.max(0, size.width) + 2 * p, boxHeight = Swift.max(0, size.height) + 2 * p
        try checkDrawable(width: boxWidth * options.scale, height: boxHeight * options.scale)
        let id = hexID(top.id)
        lines.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        lines.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
            + " width=\"\(svgNumber(boxWidth * options.scale))\" height=\"\(svgNumber(boxHeight * options.scale))\""
            + " viewBox=\"\(svgNumber(-p)) \(svgNumber(-p)) \(svgNumber(boxWidth)) \(svgNumber(boxHeight))\""
            + " data-generator=\"Tether\" data-view=\"\(id)\">")
        lines.append("<title>\(xmlEscaped(top.debugName))</title>")
        lines.append(contentsOf: SVGDrawing.styleSheet)
        lines.append("<rect class=\"background\"\(rectAttributes(Rect(x: -p, y: -p, width: boxWidth, height: boxHeight)))/>")

        if options.highlightsAmbiguity {
            // Every view's and guide's ambiguities in one query of the solver.
            var items: [LayoutItem] = views.map(\.view)
            if options.showsLayoutGuides {
                for (view, _) in views {
                    items += view.layoutGuides
                    if view.hasSafeAreaGuide { items.append(view.safeAreaGuideStorage) }
                }
            }
            try layout.findAmbiguities(of: items)
        }
        lines.append("<g class=\"views\">")
        for (view, depth) in views {
            let free = try options.highlightsAmbiguity ? layout.ambiguities(of: view) : []
            if !free.isEmpty { ambiguousViews.insert(ObjectIdentifier(view)) }
            let title = free.isEmpty ? view.viewDescription
                : view.debugName + " - AMBIGUOUS LAYOUT: " + free.map(\.description).joined(separator: "; ")
            rectLines[ObjectIdentifier(view)] = lines.count
            lines.append("<rect class=\"view\(free.isEmpty ? "" : " ambiguous")\" data-id=\"\(hexID(view.id))\""
                + " data-depth=\"\(depth)\"\(ambiguityAttribute(free))\(rectAttributes(frames[ObjectIdentifier(view)]!))>"
                + "<title>\(xmlEscaped(title))</title></rect>")
        }
        lines.append("</g>")

        if options.showsLayoutMargins {
            lines.append("<g class=\"margins\">")
            for (view, _) in views {
                let margins = frames[ObjectIdentifier(view)]!.inset(by: view.effectiveLayoutMargins)
                lines.append("<rect class=\"margins\" data-id=\"\(hexID(view.id))\"\(rectAttributes(margins))/>")
            }
            lines.append("</g>")
        }

        if options.showsLayoutGuides {
            lines.append("<g class=\"guides\">")
            for (view, _) in views {
                var guides = view.layoutGuides
                if view.hasSafeAreaGuide { guides.append(view.safeAreaGuideStorage) }
                for guide in guides { try drawGuide(guide, of: view) }
            }
            lines.append("</g>")
        }

        // View labels first: where a view's name and a constraint's label want one place, the
        // name gets it.
        var viewLabels: [(view: View, label: SVGPlacedLabel)] = []
        for (view, _) in views {
            let name = view.identifier.isEmpty ? view.debugName : view.identifier
            if let label = placement.placeViewLabel(name, in: normalized(frames[ObjectIdentifier(view)]!)) {
                viewLabels.append((view, label))
            }
        }

        if options.showsConstraints || options.marksBrokenConstraints {
            lines.append("<g class=\"constraints\">")
            for c in constraints where contains(c.firstItem) && (c.secondItem == nil || contains(c.secondItem!)) {
                let broken = c.isBroken && options.marksBrokenConstraints
                guard options.showsConstraints || broken else { continue }
                drawConstraint(c, broken: broken)
            }
            lines.append("</g>")
        }

        lines.append("<g class=\"labels\">")
        for (view, label) in viewLabels {
            let ambiguous = ambiguousViews.contains(ObjectIdentifier(view))
            labelLines[ObjectIdentifier(view)] = (lines.count, label.font.baseline(of: label.box))
            lines.append("<text class=\"label\(ambiguous ? " ambiguous" : "")\" data-id=\"\(hexID(view.id))\""
                + "\(label.positionAttributes)>\(label.content)</text>")
        }
        lines.append("</g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Colours and strokes by class; docs/rendering.md lists the classes.
    static let styleSheet = [
        "<style>",
        ".background { fill: #ffffff; }",
        ".view { fill: #2f6fd0; fill-opacity: 0.06; stroke: #2f6fd0; stroke-width: 1; }",
        ".view.ambiguous { fill: #f59f00; fill-opacity: 0.35; stroke: #e8590c; stroke-width: 2; }",
        ".margins { fill: none; stroke: #2b8a3e; stroke-width: 0.75; stroke-dasharray: 3 2; }",
        ".guide { fill: #9c36b5; fill-opacity: 0.05; stroke: #9c36b5; stroke-width: 1; stroke-dasharray: 6 3; }",
        ".guide.ambiguous { fill: #f59f00; fill-opacity: 0.25; stroke: #e8590c; }",
        ".constraint line, .constraint path { fill: none; stroke-width: 1; }",
        ".spacing line, .spacing path { stroke: #0b7285; }",
        ".size line, .size path { stroke: #6741d9; }",
        ".equation line { stroke: #495057; stroke-dasharray: 2 2; }",
        ".constraint text { font-size: 8px; fill: #343a40; }",
        ".constraint.broken line, .constraint.broken path { stroke: #e03131; stroke-width: 1.5; stroke-dasharray: 5 3; }",
        ".constraint.broken text { fill: #e03131; }",
        // Monospaced, so that label placement knows how wide each label is (SVGLabelFont).
        "text { font-family: \(SVGLabelFont.family); }",
        ".label { font-size: 10px; fill: #212529; }",
        ".label.ambiguous { fill: #e8590c; font-weight: bold; }",
        "</style>",
    ]

    // MARK: Items

    /// Whether the item is a view of the subtree or a guide owned by one.
    private func contains(_ item: LayoutItem) -> Bool {
        if let view = item as? View { return frames[ObjectIdentifier(view)] != nil }
        guard let owner = (item as? LayoutGuide)?.owningView else { return false }
        return frames[ObjectIdentifier(owner)] != nil
    }

    /// The item's alignment rect in the rendered view's coordinates (a guide's layout frame).
    private func alignmentRect(_ item: LayoutItem) -> Rect {
        if let view = item as? View { return frames[ObjectIdentifier(view)]!.inset(by: view.alignmentRectInsets) }
        let guide = item as! LayoutGuide
        let owner = frames[ObjectIdentifier(guide.owningView!)]!
        return guide.layoutFrame.offsetBy(dx: owner.minX, dy: owner.minY)
    }

    private mutating func drawGuide(_ guide: LayoutGuide, of owner: View) throws(LayoutError) {
        let free = try options.highlightsAmbiguity ? layout.ambiguities(of: guide) : []
        var classes = "guide"
        if guide.systemKind == .safeArea { classes += " safe-area" }
        if !free.isEmpty { classes += " ambiguous" }
        let title = free.isEmpty ? guide.guideDescription
            : guide.debugName + " - AMBIGUOUS LAYOUT: " + free.map(\.description).joined(separator: "; ")
        lines.append("<rect class=\"\(classes)\" data-id=\"\(hexID(guide.id))\" data-owner=\"\(hexID(owner.id))\""
            + "\(ambiguityAttribute(free))\(rectAttributes(alignmentRect(guide)))><title>\(xmlEscaped(title))</title></rect>")
    }

    private func ambiguityAttribute(_ free: [Ambiguity]) -> String {
        guard !free.isEmpty else { return "" }
        let names = free.map { a in a.attribute == .left ? "minX" : a.attribute == .top ? "minY" : "\(a.attribute)" }
        return " data-ambiguous=\"\(names.joined(separator: " "))\""
    }

    // MARK: Constraints

    /// How a constraint is drawn: a size as a dimension line across its item, a spacing between
    /// two edges as a line across the gap, anything else as a line between the two anchors.
    private enum Kind: String {
        case size, spacing, equation
    }

    private static func isEdge(_ a: LayoutAttribute) -> Bool {
        switch a {
        case .left, .right, .top, .bottom, .leading, .trailing, .leftMargin, .rightMargin, .topMargin,
             .bottomMargin, .leadingMargin, .trailingMargin, .firstBaseline, .lastBaseline:
            return true
        default:
            return false
        }
    }

    private mutating func drawConstraint(_ c: LayoutConstraint, broken: Bool) {
        let kind: Kind
        if c.secondItem == nil {
            kind = .size
        } else if c.multiplier == 1, SVGDrawing.isEdge(c.firstAttribute), SVGDrawing.isEdge(c.secondAttribute) {
            kind = .spacing
        } else {
            kind = .equation
        }
        let horizontal = c.firstAttribute.axis == .horizontal
        let direction = c.commonAncestor?.effectiveDirection ?? c.firstItem.engine?.defaultDirection ?? .leftToRight
        let r1 = alignmentRect(c.firstItem)
        var body: [String] = []
        let label: String
        /// The line the label is placed beside.
        let labelLine: (Point, Point)
        func line(_ a: Point, _ b: Point) -> String {
            "<line x1=\"\(svgNumber(a.x))\" y1=\"\(svgNumber(a.y))\" x2=\"\(svgNumber(b.x))\" y2=\"\(svgNumber(b.y))\"/>"
        }
        /// Short bars across both ends of a dimension or spacing line.
        func ticks(_ a: Point, _ b: Point) -> String? {
            guard a != b else { return nil }
            let parts = [a, b].map { p in
                horizontal ? "M\(svgNumber(p.x)) \(svgNumber(p.y - 3))V\(svgNumber(p.y + 3))"
                    : "M\(svgNumber(p.x - 3)) \(svgNumber(p.y))H\(svgNumber(p.x + 3))"
            }
            return "<path class=\"ticks\" d=\"\(parts.joined())\"/>"
        }

        switch kind {
        case .size:
            let (a, b) = horizontal ? (Point(x: r1.minX, y: r1.midY), Point(x: r1.maxX, y: r1.midY))
                : (Point(x: r1.midX, y: r1.minY), Point(x: r1.midX, y: r1.maxY))
            body.append(line(a, b))
            if let t = ticks(a, b) { body.append(t) }
            label = predicate(c.relation, c.storedConstant, c)
            labelLine = (a, b)
        case .spacing:
            let second = c.secondItem!
            let r2 = alignmentRect(second)
            let p1 = position(c.firstItem, c.firstAttribute, direction, r1)
            let p2 = position(second, c.secondAttribute, direction, r2)
            // Across the gap at the middle of the items' overlap (else of the first item).
            let cross: Double
            if horizontal {
                let lo = Swift.max(r1.minY, r2.minY), hi = Swift.min(r1.maxY, r2.maxY)
                cross = lo <= hi ? (lo + hi) / 2 : r1.midY
            } else {
                let lo = Swift.max(r1.minX, r2.minX), hi = Swift.min(r1.maxX, r2.maxX)
                cross = lo <= hi ? (lo + hi) / 2 : r1.midX
            }
            let (a, b) = horizontal ? (Point(x: p2, y: cross), Point(x: p1, y: cross))
                : (Point(x: cross, y: p2), Point(x: cross, y: p1))
            body.append(line(a, b))
            if let t = ticks(a, b) { body.append(t) }
            // `p1 REL p2 + c`: the gap from the second edge to the first, shown as VFL shows
            // gaps (a negative constant flips the relation and prints its size).
            let flipped: LayoutRelation = c.relation == .lessThanOrEqual ? .greaterThanOrEqual
                : c.relation == .greaterThanOrEqual ? .lessThanOrEqual : .equal
            let k = c.storedConstant
            label = k == 0 && c.relation == .equal ? "" : predicate(k < 0 ? flipped : c.relation, Swift.abs(k), c)
            labelLine = (a, b)
        case .equation:
            let second = c.secondItem!
            let a = anchorPoint(second, c.secondAttribute, direction)
            let b = anchorPoint(c.firstItem, c.firstAttribute, direction)
            body.append(line(a, b))
            var text = "\(c.firstAttribute) \(c.relation) "
            text += c.multiplier == 1 ? "" : "\(formatNumber(c.multiplier))*"
            text += "\(c.secondAttribute)"
            if c.storedConstant > 0 { text += " + \(formatNumber(c.storedConstant))" }
            if c.storedConstant < 0 { text += " - \(formatNumber(-c.storedConstant))" }
            if c.storedPriority != .required { text += " @\(formatNumber(Double(c.storedPriority.rawValue)))" }
            label = text
            labelLine = (a, b)
        }
        // A label with no free place is left out: the title describes the constraint in full.
        if !label.isEmpty, let placed = placement.placeConstraintLabel(label, from: labelLine.0, to: labelLine.1) {
            body.append("<text\(placed.positionAttributes)>\(placed.content)</text>")
        }
        var attributes = "class=\"constraint \(kind.rawValue)\(broken ? " broken" : "")\" data-id=\"\(hexID(c.id))\""
        attributes += " data-axis=\"\(horizontal ? "horizontal" : "vertical")\" data-first=\"\(hexID(c.firstItem.id))\""
        if let second = c.secondItem { attributes += " data-second=\"\(hexID(second.id))\"" }
        lines.append("<g \(attributes)><title>\(xmlEscaped(c.description))</title>\(body.joined())</g>")
    }

    /// VFL's predicate for a label: `8`, `>=44`, `100@250`.
    private func predicate(_ relation: LayoutRelation, _ value: Double, _ c: LayoutConstraint) -> String {
        (relation == .equal ? "" : "\(relation)") + formatNumber(value)
            + (c.storedPriority == .required ? "" : "@" + formatNumber(Double(c.storedPriority.rawValue)))
    }

    /// Where an attribute of an item lies (x for x-axis attributes, y for y-axis ones), with
    /// the layout pass's own definition of every attribute (margins, baselines, leading and
    /// trailing in the constraint's direction) evaluated on the drawn rect.
    private func position(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection,
                          _ rect: Rect) -> Double {
        if let value = layout.attributeValue(item, attribute, direction, alignmentRect: rect) { return value }
        // An item outside the solve (it cannot be named by an active constraint, but the
        // drawing stays total): the plain edges of its rect.
        switch attribute {
        case .right, .rightMargin: return rect.maxX
        case .leading, .leadingMargin: return direction == .rightToLeft ? rect.maxX : rect.minX
        case .trailing, .trailingMargin: return direction == .rightToLeft ? rect.minX : rect.maxX
        case .centerX, .centerXWithinMargins: return rect.midX
        case .bottom, .bottomMargin, .firstBaseline, .lastBaseline: return rect.maxY
        case .centerY, .centerYWithinMargins: return rect.midY
        case .top, .topMargin, .minY: return rect.minY
        default: return rect.minX
        }
    }

    /// The point a line of the equation form starts or ends at: on the attribute's line at the
    /// middle of the item (its center for sizes).
    private func anchorPoint(_ item: LayoutItem, _ attribute: LayoutAttribute, _ direction: LayoutDirection) -> Point {
        let r = alignmentRect(item)
        switch attribute.kind {
        case .xLocation: return Point(x: position(item, attribute, direction, r), y: r.midY)
        case .yLocation: return Point(x: r.midX, y: position(item, attribute, direction, r))
        case .size, .none: return Point(x: r.midX, y: r.midY)
        }
    }

    // MARK: Attributes

    /// ` x=".." y=".." width=".." height=".."`, a negative width or height drawn from the other
    /// corner (SVG forbids negative sizes).
    private func rectAttributes(_ rect: Rect) -> String {
        let r = normalized(rect)
        return " x=\"\(svgNumber(r.minX))\" y=\"\(svgNumber(r.minY))\" width=\"\(svgNumber(r.width))\" height=\"\(svgNumber(r.height))\""
    }

    private func normalized(_ r: Rect) -> Rect {
        Rect(x: Swift.min(r.minX, r.maxX), y: Swift.min(r.minY, r.maxY), width: Swift.abs(r.width),
             height: Swift.abs(r.height))
    }
}
