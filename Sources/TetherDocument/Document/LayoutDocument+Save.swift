import Tether
/// Saving a live hierarchy as a layout document (docs/layout-documents.md, "Saving").
///
/// - Every view of the saved subtrees is written with its current frame and the properties that
///   differ from a new view's defaults; layout guides with their identifiers.
/// - Constraints: the user's **active** constraints (generated ones are the engine's business and
///   come back by themselves), as equation objects, listed in their items' nearest common
///   ancestor, oldest activation first. Inactive constraints are not saved.
/// - Names: an item keeps its identifier as its name when that is a valid, unused name (the
///   first in document order wins); an identifier that is not a valid name is made into one
///   (`"Header View"` → `Header_View`); items without an identifier get `view1`, `guide1`, …
///   Saving changes nothing in the hierarchy, but an item whose identifier had to change is
///   reported through the engine's diagnostic handler: loaded back, it has the new name as its
///   identifier, and a program looking it up by the old one would not find it.
/// - Measure callbacks and layout hooks are behaviour, not data: they are not saved. A view with
///   a measure callback is saved with what the callback measured in the last pass (or, never
///   laid out, measures now with no width proposed) as its intrinsic size and baselines, so that
///   the loaded document lays out as the live hierarchy did at its size.
extension LayoutDocument {
    /// How deeply views may be nested in a document (a root is at depth 0): the deepest
    /// subview's constraints must stay within `JSONParser.defaultMaximumDepth` levels of JSON
    /// (each view adds an object and a `subviews` array), so that every saved document loads.
    public static let maximumViewDepth = (JSONParser.defaultMaximumDepth - 5) / 2

    /// The document text (pretty JSON, ending with a newline) of `root`'s subtree. A view that
    /// is not a root is saved as a root of the document with its current frame; constraints
    /// reaching outside its subtree are left out. Throws `LayoutError.invalidHierarchy` when
    /// views are nested deeper than `maximumViewDepth`.
    public static func save(_ root: View) throws(LayoutError) -> String {
        try save([root])
    }

    /// The document text of several roots (a root listed twice, or inside another listed root's
    /// subtree, is written once).
    public static func save(_ roots: [View]) throws(LayoutError) -> String {
        let (document, report) = try saved(roots)
        report()
        return JSONWriter.string(document, style: .pretty)
    }

    /// The document of `roots` as a JSON value (what `save` writes), reporting renamed items.
    public static func json(_ roots: [View]) throws(LayoutError) -> JSONValue {
        let (document, report) = try saved(roots)
        report()
        return document
    }

    /// The document of `roots` and the report of its renamed items, to give the diagnostic
    /// handler once the document is handed over (the C API's two-call pattern saves twice and
    /// reports once, when the text is copied).
    package static func saved(_ roots: [View]) throws(LayoutError) -> (document: JSONValue, reportRenames: () -> Void) {
        // Depth first, without recursion: writing recurses once per level.
        for root in roots {
            var stack: [(View, Int)] = [(root, 0)]
            while let (view, depth) = stack.popLast() {
                guard depth <= maximumViewDepth else {
                    throw .invalidHierarchy("\(view) is nested \(depth) levels below \(root): a layout document holds at most \(maximumViewDepth) levels")
                }
                stack.append(contentsOf: view.subviews.map { ($0, depth + 1) })
            }
        }
        var saver = DocumentSaver()
        var kept: [View] = []
        for root in roots where !kept.contains(where: { root.isDescendant(of: $0) }) {
            kept.removeAll { $0.isDescendant(of: root) }
            kept.append(root)
        }
        saver.assignNames(kept)
        saver.collectConstraints(kept)
        try saver.measure(kept)
        let document = JSONValue.object([
            JSONMember("tether", .number(Double(formatVersion))),
            JSONMember("views", .array(kept.map { saver.view($0) })),
        ])
        // Never a document that cannot be loaded back: JSON has no infinity or NaN.
        if let (path, value) = document.firstNonFiniteNumber {
            throw .nonFinite("the document cannot be saved: \(path) would be \(value), which JSON cannot hold")
        }
        return (document, { [saver] in saver.reportRenames(kept) })
    }
}

private struct DocumentSaver {
    var names: [ObjectIdentifier: String] = [:]
    var constraintsByView: [ObjectIdentifier: [LayoutConstraint]] = [:]
    /// Items whose identifier is not their name in the document, in document order.
    var renamed: [LayoutItem] = []
    /// The measurement a measured view is saved with.
    var measurements: [ObjectIdentifier: Measurement] = [:]

    // MARK: Measured views

    /// What each measured view's callback gave in the last pass, or gives now when no pass
    /// measured it (a failing callback fails the save, as it fails a pass).
    mutating func measure(_ roots: [View]) throws(LayoutError) {
        for case let view as View in items(roots) {
            guard let callback = view.measure else { continue }
            if let last = view.engine?.lastMeasurement(of: view) {
                measurements[ObjectIdentifier(view)] = last
                continue
            }
            let m: Measurement
            do { m = try callback(.nan) } catch {
                throw .callbackFailed("the measure callback of \(view) failed while saving its document: \(error)")
            }
            if let problem = m.sizeProblem {
                throw .callbackFailed("the measure callback of \(view) returned \(problem) while saving its document")
            }
            measurements[ObjectIdentifier(view)] = m
        }
    }

    // MARK: Renames

    /// Tells the engine's diagnostic handler which identifiers the document could not keep.
    func reportRenames(_ roots: [View]) {
        guard !renamed.isEmpty, let engine = roots.first?.engine else { return }
        var lines = ["Saving a layout document renamed \(renamed.count == 1 ? "an item" : "\(renamed.count) items") whose identifier cannot be a document name (names match [A-Za-z_][A-Za-z0-9_]* and are unique); loaded back, \(renamed.count == 1 ? "it has" : "they have") these identifiers:"]
        for item in renamed {
            lines.append("    \(JSONWriter.quoted(item.identifier)) -> \(JSONWriter.quoted(names[ObjectIdentifier(item)]!)) (\(item))")
        }
        engine.reportDiagnostic(lines.joined(separator: "\n"))
    }

    // MARK: Names

    /// Items in document order: a view, its guides, then its subviews' items.
    private func items(_ roots: [View]) -> [LayoutItem] {
        var out: [LayoutItem] = []
        var stack = Array(roots.reversed())
        while let view = stack.popLast() {
            out.append(view)
            out.append(contentsOf: view.layoutGuides as [LayoutItem])
            stack.append(contentsOf: view.subviews.reversed())
        }
        return out
    }

    /// `text` with every character a name cannot hold replaced by `_` (and `_` in front of a
    /// leading digit); nil when nothing is left.
    private static func sanitized(_ text: String) -> String? {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let ok = (v >= 65 && v <= 90) || (v >= 97 && v <= 122) || (v >= 48 && v <= 57) || v == 95
            out.unicodeScalars.append(ok ? scalar : "_")
        }
        guard let first = out.unicodeScalars.first else { return nil }
        if first.value >= 48 && first.value <= 57 { out = "_" + out }
        return out
    }

    mutating func assignNames(_ roots: [View]) {
        let all = items(roots)
        var taken: Set<String> = []
        // First the identifiers that are names already, so a generated name never takes one.
        for item in all where DocumentNames.isValidName(item.identifier) && !taken.contains(item.identifier) {
            names[ObjectIdentifier(item)] = item.identifier
            taken.insert(item.identifier)
        }
        var counters: [String: Int] = [:]
        for item in all where names[ObjectIdentifier(item)] == nil {
            let name: String
            if let base = DocumentSaver.sanitized(item.identifier) {
                var candidate = base
                var n = counters[base, default: 1]
                while taken.contains(candidate) {
                    n += 1
                    candidate = "\(base)_\(n)"
                }
                counters[base] = n
                name = candidate
            } else {
                let base = item is View ? "view" : "guide"
                var n = counters[base, default: 0]
                var candidate: String
                repeat {
                    n += 1
                    candidate = "\(base)\(n)"
                } while taken.contains(candidate)
                counters[base] = n
                name = candidate
            }
            names[ObjectIdentifier(item)] = name
            taken.insert(name)
            if !item.identifier.isEmpty { renamed.append(item) }
        }
    }

    // MARK: Constraints

    mutating func collectConstraints(_ roots: [View]) {
        var engines: [LayoutEngine] = []
        for root in roots {
            guard let engine = root.engine, !engines.contains(where: { $0 === engine }) else { continue }
            engines.append(engine)
        }
        for engine in engines {
            for c in engine.activeConstraints where !c.isGenerated {
                guard let ancestor = c.commonAncestor, names[ObjectIdentifier(ancestor)] != nil,
                      reference(c.firstItem) != nil, c.secondItem.map({ reference($0) != nil }) ?? true else { continue }
                constraintsByView[ObjectIdentifier(ancestor), default: []].append(c)
            }
        }
    }

    /// How a constraint names an item: its name, or `owner.layoutMarginsGuide` /
    /// `owner.safeAreaLayoutGuide` for a system guide.
    private func reference(_ item: LayoutItem) -> String? {
        if let guide = item as? LayoutGuide, let kind = guide.systemKind {
            guard let owner = guide.owningView, let name = names[ObjectIdentifier(owner)] else { return nil }
            switch kind {
            case .layoutMargins: return name + "." + DocumentNames.layoutMarginsGuide
            case .safeArea: return name + "." + DocumentNames.safeAreaLayoutGuide
            // A stack view's own guides are its arrangement's: no document names them.
            case .stackSpacer, .stackGap: return nil
            }
        }
        return names[ObjectIdentifier(item)]
    }

    private func equation(_ c: LayoutConstraint) -> JSONValue {
        var members = [
            JSONMember("first", .string(reference(c.firstItem)! + "." + c.firstAttribute.description)),
            JSONMember("relation", .string(c.relation.description)),
        ]
        if let second = c.secondItem {
            members.append(JSONMember("second", .string(reference(second)! + "." + c.secondAttribute.description)))
            if c.multiplier != 1 { members.append(JSONMember("multiplier", DocumentSaver.number(c.multiplier))) }
        }
        if !DocumentSaver.isDefault(c.constant, 0) { members.append(JSONMember("constant", DocumentSaver.number(c.constant))) }
        if c.priority != .required { members.append(JSONMember("priority", DocumentSaver.priority(c.priority.rawValue))) }
        if !c.identifier.isEmpty { members.append(JSONMember("identifier", .string(c.identifier))) }
        return .object(members)
    }

    // MARK: Values

    /// A number as it is: negative zero stays `-0`, so that the document loads back to the same
    /// values (the layout pass writes no negative zero into frames, RootLayout+Solving.swift).
    private static func number(_ x: Double) -> JSONValue { .number(x) }

    /// A priority as the shortest decimal that reads back as the same `Float` (`999.9`, not the
    /// `Double` of that `Float`, `999.9000244140625`).
    private static func priority(_ p: Float) -> JSONValue {
        .number(Double(p.description) ?? Double(p))
    }

    private static func numbers(_ xs: [Double]) -> JSONValue { .array(xs.map(number)) }

    /// Whether `x` is the default to the bit: -0 is written (it is not 0 to the bit), so that
    /// the document loads back to the same values.
    static func isDefault(_ x: Double, _ value: Double) -> Bool { x.bitPattern == value.bitPattern }

    static func isDefault(_ i: EdgeInsets, _ value: EdgeInsets) -> Bool {
        isDefault(i.top, value.top) && isDefault(i.left, value.left) && isDefault(i.bottom, value.bottom)
            && isDefault(i.right, value.right)
    }

    private static func insets(_ i: EdgeInsets) -> JSONValue { numbers([i.top, i.left, i.bottom, i.right]) }

    private static func spacing(_ x: Double) -> JSONValue {
        x == StackView.spacingUseSystem ? .string(DocumentNames.systemSpacing) : number(x)
    }

    /// A stack view's `"stack"` object: the properties that differ from a new stack view's, and
    /// the arrangement by name.
    private func stackProperties(_ stack: StackView) -> JSONValue {
        var m: [JSONMember] = []
        if stack.axis != .horizontal { m.append(JSONMember("axis", .string("vertical"))) }
        if stack.distribution != .fill,
           let name = DocumentNames.distributions.first(where: { $0.1 == stack.distribution })?.0 {
            m.append(JSONMember("distribution", .string(name)))
        }
        if stack.alignment != .fill {
            let horizontal = stack.axis == .horizontal
            let name: String
            switch stack.alignment {
            case .leading: name = horizontal ? "top" : "leading"
            case .trailing: name = horizontal ? "bottom" : "trailing"
            default: name = DocumentNames.alignments.first(where: { $0.1 == stack.alignment })!.0
            }
            m.append(JSONMember("alignment", .string(name)))
        }
        if !DocumentSaver.isDefault(stack.spacing, 0) { m.append(JSONMember("spacing", DocumentSaver.spacing(stack.spacing))) }
        if stack.isBaselineRelativeArrangement { m.append(JSONMember("baselineRelativeArrangement", .bool(true))) }
        if stack.isLayoutMarginsRelativeArrangement {
            m.append(JSONMember("layoutMarginsRelativeArrangement", .bool(true)))
        }
        if !stack.arrangedSubviews.isEmpty {
            m.append(JSONMember("arrangedSubviews", .array(stack.arrangedSubviews.map { .string(names[ObjectIdentifier($0)]!) })))
        }
        let custom = stack.arrangedSubviews.compactMap { v -> JSONMember? in
            let spacing = stack.customSpacing(after: v)
            guard spacing != StackView.spacingUseDefault else { return nil }
            return JSONMember(names[ObjectIdentifier(v)]!, DocumentSaver.spacing(spacing))
        }
        if !custom.isEmpty { m.append(JSONMember("customSpacing", .object(custom))) }
        return .object(m)
    }

    func view(_ view: View) -> JSONValue {
        var m: [JSONMember] = [JSONMember("identifier", .string(names[ObjectIdentifier(view)]!))]
        // The exact frame: a document holds the layout's inputs, never pixel-rounded values.
        let f = view.unroundedFrame
        m.append(JSONMember("frame", DocumentSaver.numbers([f.minX, f.minY, f.width, f.height])))
        if !view.translatesAutoresizingMaskIntoConstraints {
            m.append(JSONMember("translatesAutoresizingMaskIntoConstraints", .bool(false)))
        }
        if !view.autoresizingMask.isEmpty {
            let flags = DocumentNames.autoresizing.filter { view.autoresizingMask.contains($0.1) }.map { JSONValue.string($0.0) }
            m.append(JSONMember("autoresizingMask", .array(flags)))
        }
        if !view.autoresizesSubviews { m.append(JSONMember("autoresizesSubviews", .bool(false))) }
        let measured = measurements[ObjectIdentifier(view)]
        let size = measured.map { Size(width: $0.width, height: $0.height) } ?? view.intrinsicContentSize
        if size.width != View.noIntrinsicMetric || size.height != View.noIntrinsicMetric {
            m.append(JSONMember("intrinsicContentSize", DocumentSaver.numbers([size.width, size.height])))
        }
        let hugging = (view.contentHuggingPriority(for: .horizontal), view.contentHuggingPriority(for: .vertical))
        if hugging != (.defaultLow, .defaultLow) {
            m.append(JSONMember("contentHuggingPriority",
                                .array([DocumentSaver.priority(hugging.0.rawValue), DocumentSaver.priority(hugging.1.rawValue)])))
        }
        let compression = (view.contentCompressionResistancePriority(for: .horizontal),
                           view.contentCompressionResistancePriority(for: .vertical))
        if compression != (.defaultHigh, .defaultHigh) {
            m.append(JSONMember("compressionResistancePriority",
                                .array([DocumentSaver.priority(compression.0.rawValue), DocumentSaver.priority(compression.1.rawValue)])))
        }
        if !DocumentSaver.isDefault(view.layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)) {
            m.append(JSONMember("layoutMargins", DocumentSaver.insets(view.layoutMargins)))
        }
        // Only insets the host set: derived ones come back from the layout. A subview's set zero
        // insets (overriding what its ancestors would give it) are written too.
        if let host = view.hostSafeAreaInsets, !(DocumentSaver.isDefault(host, .zero) && view.superview == nil) {
            m.append(JSONMember("safeAreaInsets", DocumentSaver.insets(host)))
        }
        if !view.insetsLayoutMarginsFromSafeArea { m.append(JSONMember("insetsLayoutMarginsFromSafeArea", .bool(false))) }
        if view.preservesSuperviewLayoutMargins { m.append(JSONMember("preservesSuperviewLayoutMargins", .bool(true))) }
        if !DocumentSaver.isDefault(view.alignmentRectInsets, .zero) {
            m.append(JSONMember("alignmentRectInsets", DocumentSaver.insets(view.alignmentRectInsets)))
        }
        if view.semanticContentAttribute != .unspecified,
           let name = DocumentNames.semanticContent.first(where: { $0.1 == view.semanticContentAttribute })?.0 {
            m.append(JSONMember("semanticContentAttribute", .string(name)))
        }
        // A measured baseline wins over the property, as in a pass.
        let first = measured.flatMap { $0.firstBaseline.isNaN ? nil : $0.firstBaseline } ?? view.firstBaselineOffsetFromTop
        if let first, first.isFinite {
            m.append(JSONMember("firstBaselineOffsetFromTop", DocumentSaver.number(first)))
        }
        let last = measured.flatMap { $0.lastBaseline.isNaN ? nil : $0.lastBaseline } ?? view.lastBaselineOffsetFromBottom
        if let last, last.isFinite {
            m.append(JSONMember("lastBaselineOffsetFromBottom", DocumentSaver.number(last)))
        }
        if view.isHidden { m.append(JSONMember("hidden", .bool(true))) }
        if let stack = view as? StackView { m.append(JSONMember("stack", stackProperties(stack))) }
        if !view.layoutGuides.isEmpty {
            m.append(JSONMember("layoutGuides", .array(view.layoutGuides.map {
                .object([JSONMember("identifier", .string(names[ObjectIdentifier($0)]!))])
            })))
        }
        if !view.subviews.isEmpty {
            m.append(JSONMember("subviews", .array(view.subviews.map { self.view($0) })))
        }
        if let list = constraintsByView[ObjectIdentifier(view)], !list.isEmpty {
            m.append(JSONMember("constraints", .array(list.map(equation))))
        }
        return .object(m)
    }
}
