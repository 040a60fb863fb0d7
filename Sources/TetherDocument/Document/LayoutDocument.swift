import Tether
/// Layout documents: a hierarchy of views, layout guides and constraints as JSON
/// (`{"tether": 1, "views": [...]}`), loaded into an engine and saved from a live hierarchy.
/// The format is described with an example in docs/layout-documents.md; the reading rules are in
/// `LayoutDocument+Decoding.swift`, the writing rules in `LayoutDocument+Save.swift`.
///
/// A load is all or nothing: the text is parsed and checked completely, then every view, guide
/// and constraint is made, and only then are the active constraints activated in one batch. Any
/// error frees what was made, so the engine is left as it was (apart from spent id slots).

/// A document that could not be loaded: where (a JSON path, `$.views[2].constraints[0].first`)
/// and what (`unknown item "hedaer" (did you mean "header"?)`). For text that is not JSON at all
/// the line and column are known too, and the message starts with them.
public struct LayoutDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (`$` for the document itself).
    public let path: String
    /// What is wrong (for syntax errors prefixed by `line L, column C: `).
    public let message: String
    /// 1-based line of a syntax error (nil for errors found after parsing).
    public let line: Int?
    /// 1-based column (in Unicode scalars) of a syntax error.
    public let column: Int?

    public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    init(_ path: JSONPath, _ message: String) {
        self.init(path: path.description, message: message)
    }

    init(_ error: JSONError) {
        self.init(path: error.path.description,
                  message: "line \(error.line), column \(error.column): \(error.message)",
                  line: error.line, column: error.column)
    }

    /// `<path>: <message>`, e.g. `$.views[0].frame: expected 4 numbers [x, y, width, height], found 3`.
    public var description: String { "\(path): \(message)" }
}

/// What a load made: the roots (in document order), every named view and guide by name, and
/// every constraint (active or not, in document order; a visual format contributes its
/// constraints in Apple's order).
public struct LayoutDocument {
    /// The format version this library reads and writes (`"tether": 1`).
    public static let formatVersion = 1

    /// The engine the document was loaded into (held, so that a document keeps its items usable).
    public let engine: LayoutEngine
    public let roots: [View]
    /// Named views and layout guides (a document's names are its items' identifiers).
    public let items: [String: LayoutItem]
    public let constraints: [LayoutConstraint]

    /// The view or guide named `name`, or nil.
    public subscript(name: String) -> LayoutItem? { items[name] }

    /// Loads a document into `engine`: makes its views (roots and subtrees, with their
    /// properties), guides and constraints, and activates the active constraints in one batch.
    /// Nothing is laid out yet (call `layoutIfNeeded` on a root). On any error nothing is left in
    /// the engine and the error names the JSON path of the culprit.
    public static func load(_ text: String, into engine: LayoutEngine) throws(LayoutDocumentError) -> LayoutDocument {
        try load(bytes: Array(text.utf8), into: engine)
    }

    /// `load(_:into:)` for UTF-8 bytes (checked: invalid UTF-8 is a syntax error with its position).
    public static func load(bytes: [UInt8], into engine: LayoutEngine) throws(LayoutDocumentError) -> LayoutDocument {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: bytes)
        } catch {
            throw LayoutDocumentError(error)
        }
        let plan = try DocumentPlan(json)
        return try plan.build(in: engine)
    }

    /// Frees what the load made: its roots (with their subtrees, guides and every constraint
    /// that refers to them) and its constraints. Items moved out of the roots' subtrees since
    /// the load are freed with them only if they were roots of the document.
    public func discard() {
        for c in constraints { engine.free(c) }
        for root in roots { engine.free(root) }
    }

    // MARK: Looking things up in a live hierarchy (what a loaded document's names became)

    /// The first view or layout guide in `root`'s subtree whose identifier is `name`, in
    /// document order (a view, then its guides, then its subviews); nil when none.
    public static func item(named name: String, in root: View) -> LayoutItem? {
        var stack: [View] = [root]
        while let view = stack.popLast() {
            if view.identifier == name { return view }
            if let guide = view.layoutGuides.first(where: { $0.identifier == name }) { return guide }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    /// The user constraints (active or not) whose identifier is `identifier` and whose items are
    /// all in `root`'s subtree (a guide counts with its owning view), in the engine's id-slot
    /// order (creation order while nothing of the engine was freed).
    public static func constraints(withIdentifier identifier: String, in root: View) -> [LayoutConstraint] {
        guard let engine = root.engine else { return [] }
        func inSubtree(_ item: LayoutItem?) -> Bool {
            guard let item else { return true }
            let view = (item as? View) ?? (item as? LayoutGuide)?.owningView
            return view?.isDescendant(of: root) ?? false
        }
        return engine.constraints.compactMap { $0 }.filter {
            !$0.isGenerated && $0.identifier == identifier && inSubtree($0.firstItem) && inSubtree($0.secondItem)
        }
    }
}

// MARK: - Building

extension DocumentPlan {
    /// Makes everything in `engine`, then activates; frees what was made on any error.
    func build(in engine: LayoutEngine) throws(LayoutDocumentError) -> LayoutDocument {
        var views: [View] = []
        var guides: [LayoutGuide] = []
        var made: [LayoutConstraint] = []
        func cleanUp() {
            for c in made { engine.free(c) }
            for v in views.reversed() { engine.free(v) }
            for g in guides { engine.free(g) }
        }
        do throws(LayoutDocumentError) {
            for spec in viewSpecs {
                let view = try checked(spec.path) { () throws(LayoutError) -> View in
                    spec.stack == nil ? try engine.makeView(frame: spec.frame) : try engine.makeStackView(frame: spec.frame)
                }
                views.append(view)
                try checked(spec.path) { () throws(LayoutError) in try configure(view, spec) }
                if let parent = spec.parent {
                    try checked(spec.path) { () throws(LayoutError) in try views[parent].addSubview(view) }
                }
            }
            for (spec, view) in zip(viewSpecs, views) {
                guard let stackSpec = spec.stack, let stack = view as? StackView else { continue }
                try checked(spec.path.appending("stack")) { () throws(LayoutError) in try arrange(stack, stackSpec, views) }
            }
            for spec in guideSpecs {
                let guide = engine.makeLayoutGuide()
                guides.append(guide)
                if let name = spec.name { guide.identifier = name }
                try checked(spec.path) { () throws(LayoutError) in try views[spec.owner].addLayoutGuide(guide) }
            }
            func item(_ ref: ItemReference) -> LayoutItem {
                switch ref {
                case .view(let i): return views[i]
                case .guide(let i): return guides[i]
                case .layoutMarginsGuide(let i): return views[i].layoutMarginsGuide
                case .safeAreaLayoutGuide(let i): return views[i].safeAreaLayoutGuide
                }
            }
            var toActivate: [(LayoutConstraint, JSONPath)] = []
            for spec in constraintSpecs {
                var batch: [LayoutConstraint] = []
                switch spec.kind {
                case .equation(let e):
                    let c = try checked(spec.path) { () throws(LayoutError) in
                        try e.map(item).makeConstraint()
                    }
                    batch = [c]
                case .visualFormat(let f):
                    var named: [String: LayoutItem] = [:]
                    for (name, ref) in f.views { named[name] = item(ref) }
                    do throws(VisualFormatError) {
                        batch = try LayoutConstraint.constraints(withVisualFormat: f.format, options: f.options,
                                                                 metrics: f.metrics, views: named)
                    } catch {
                        throw LayoutDocumentError(spec.path.appending("visualFormat"),
                                                  "\(error.description) (at column \(error.position + 1) of \(JSONWriter.quoted(f.format)))")
                    }
                    // A format's `|` is its views' superview, which may lie outside the list's view.
                    let owner = views[spec.owner]
                    func inside(_ item: LayoutItem?) -> Bool {
                        guard let item else { return true }
                        return ((item as? View) ?? (item as? LayoutGuide)?.owningView)?.isDescendant(of: owner) ?? false
                    }
                    if let outside = batch.first(where: { !inside($0.firstItem) || !inside($0.secondItem) }) {
                        let item = inside(outside.firstItem) ? outside.secondItem! : outside.firstItem
                        for c in batch { engine.free(c) }
                        throw LayoutDocumentError(spec.path.appending("visualFormat"),
                                                  "the format relates \(item.identifier.isEmpty ? item.debugName : JSONWriter.quoted(item.identifier)) (its '|'), which is not in the subtree of \(owner.identifier.isEmpty ? "the view at \(viewSpecs[spec.owner].path)" : JSONWriter.quoted(owner.identifier)): list it in an ancestor's constraints")
                    }
                }
                made.append(contentsOf: batch)
                for c in batch {
                    if let identifier = spec.identifier { c.identifier = identifier }
                    if spec.active { toActivate.append((c, spec.path)) }
                }
            }
            for (c, path) in toActivate {
                try checked(path) { () throws(LayoutError) in try engine.validateActivation(c) }
            }
            try checked(JSONPath.root) { () throws(LayoutError) in try engine.activate(toActivate.map(\.0)) }
        } catch {
            cleanUp()
            throw error
        }
        var items: [String: LayoutItem] = [:]
        for (spec, view) in zip(viewSpecs, views) { if let name = spec.name { items[name] = view } }
        for (spec, guide) in zip(guideSpecs, guides) { if let name = spec.name { items[name] = guide } }
        let roots = zip(viewSpecs, views).filter { $0.0.parent == nil }.map(\.1)
        return LayoutDocument(engine: engine, roots: roots, items: items, constraints: made)
    }

    private func configure(_ view: View, _ spec: ViewSpec) throws(LayoutError) {
        if let name = spec.name { view.identifier = name }
        view.translatesAutoresizingMaskIntoConstraints = spec.translatesAutoresizingMaskIntoConstraints
        view.autoresizingMask = spec.autoresizingMask
        view.autoresizesSubviews = spec.autoresizesSubviews
        view.intrinsicContentSize = spec.intrinsicContentSize
        try view.setContentHuggingPriority(LayoutPriority(spec.hugging.horizontal), for: .horizontal)
        try view.setContentHuggingPriority(LayoutPriority(spec.hugging.vertical), for: .vertical)
        try view.setContentCompressionResistancePriority(LayoutPriority(spec.compression.horizontal), for: .horizontal)
        try view.setContentCompressionResistancePriority(LayoutPriority(spec.compression.vertical), for: .vertical)
        view.layoutMargins = spec.layoutMargins
        if let insets = spec.safeAreaInsets { view.safeAreaInsets = insets }
        view.insetsLayoutMarginsFromSafeArea = spec.insetsLayoutMarginsFromSafeArea
        view.preservesSuperviewLayoutMargins = spec.preservesSuperviewLayoutMargins
        view.alignmentRectInsets = spec.alignmentRectInsets
        view.semanticContentAttribute = spec.semanticContentAttribute
        view.firstBaselineOffsetFromTop = spec.firstBaselineOffsetFromTop
        view.lastBaselineOffsetFromBottom = spec.lastBaselineOffsetFromBottom
        view.isHidden = spec.isHidden
    }

    /// A stack view's properties and arrangement (its subviews exist by now).
    private func arrange(_ stack: StackView, _ spec: StackSpec, _ views: [View]) throws(LayoutError) {
        stack.axis = spec.axis
        stack.distribution = spec.distribution
        stack.alignment = spec.alignment
        try stack.setSpacing(spec.spacing)
        stack.isBaselineRelativeArrangement = spec.isBaselineRelativeArrangement
        stack.isLayoutMarginsRelativeArrangement = spec.isLayoutMarginsRelativeArrangement
        for v in spec.arranged { try stack.addArrangedSubview(views[v]) }
        for (v, spacing) in spec.customSpacing { try stack.setCustomSpacing(spacing, after: views[v]) }
    }

    /// Runs a view-model call; its error (which the checks before building should have
    /// prevented) becomes a document error at `path`.
    private func checked<T>(_ path: JSONPath, _ body: () throws(LayoutError) -> T) throws(LayoutDocumentError) -> T {
        do {
            return try body()
        } catch {
            throw LayoutDocumentError(path, error.description)
        }
    }
}
