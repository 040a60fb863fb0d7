import Tether
/// Reading a layout document: JSON → a checked plan (no engine involved), which
/// `DocumentPlan.build(in:)` then makes. Every rule of docs/layout-documents.md that can be
/// checked without making views is checked here, so that errors name the exact JSON path and
/// read in the document's terms (`a.leading`) rather than in ids. What the plan holds is in
/// DocumentSpecs.swift, the names it reads in DocumentNames.swift.

/// An object's members with its path, checked against the keys its place allows.
private struct ObjectReader {
    let path: JSONPath
    private let members: [JSONMember]

    /// `what` names the object in messages (`a view`); `known` are the keys it may have
    /// (`comment`, a string, is allowed everywhere and ignored).
    init(_ value: JSONValue, _ path: JSONPath, _ what: String, known: [String]) throws(LayoutDocumentError) {
        guard case .object(let members) = value else {
            throw LayoutDocumentError(path, "expected an object (\(what)), found \(value.kindName)")
        }
        self.path = path
        self.members = members
        for member in members where !known.contains(member.key) {
            if member.key == "comment" {
                guard case .string = member.value else {
                    throw LayoutDocumentError(path.appending("comment"), "expected a string, found \(member.value.kindName)")
                }
                continue
            }
            throw LayoutDocumentError(path.appending(member.key),
                                      "unknown key \(JSONWriter.quoted(member.key)) in \(what)"
                                        + DocumentNames.didYouMean(member.key, known))
        }
    }

    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    func path(_ key: String) -> JSONPath { path.appending(key) }

    func string(_ key: String) throws(LayoutDocumentError) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let s) = value else {
            throw LayoutDocumentError(path(key), "expected a string, found \(value.kindName)")
        }
        return s
    }

    func bool(_ key: String) throws(LayoutDocumentError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let b) = value else {
            throw LayoutDocumentError(path(key), "expected true or false, found \(value.kindName)")
        }
        return b
    }

    func number(_ key: String) throws(LayoutDocumentError) -> Double? {
        guard let value = self[key] else { return nil }
        return try DocumentPlan.number(value, path(key))
    }

    func array(_ key: String) throws(LayoutDocumentError) -> [JSONValue]? {
        guard let value = self[key] else { return nil }
        guard case .array(let elements) = value else {
            throw LayoutDocumentError(path(key), "expected an array, found \(value.kindName)")
        }
        return elements
    }

    /// A fixed number of numbers (`[x, y, width, height]`), described by `shape` in messages.
    func numbers(_ key: String, count: Int, shape: String) throws(LayoutDocumentError) -> [Double]? {
        guard let elements = try array(key) else { return nil }
        guard elements.count == count else {
            throw LayoutDocumentError(path(key), "expected \(count) numbers \(shape), found \(elements.count) element\(elements.count == 1 ? "" : "s")")
        }
        var out: [Double] = []
        for (i, element) in elements.enumerated() { out.append(try DocumentPlan.number(element, path(key).appending(i))) }
        return out
    }

    func insets(_ key: String) throws(LayoutDocumentError) -> EdgeInsets? {
        guard let n = try numbers(key, count: 4, shape: "[top, left, bottom, right]") else { return nil }
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// A pair of priorities `[horizontal, vertical]`, each in (0, 1000].
    func priorities(_ key: String) throws(LayoutDocumentError) -> (horizontal: Float, vertical: Float)? {
        guard let elements = try array(key) else { return nil }
        guard elements.count == 2 else {
            throw LayoutDocumentError(path(key), "expected 2 priorities [horizontal, vertical], found \(elements.count) element\(elements.count == 1 ? "" : "s")")
        }
        return (try DocumentPlan.priority(elements[0], path(key).appending(0)),
                try DocumentPlan.priority(elements[1], path(key).appending(1)))
    }

    /// One of `names` (a string), with a hint when it is close to one.
    func choice<T>(_ key: String, _ names: [(String, T)], what: String) throws(LayoutDocumentError) -> T? {
        guard let text = try string(key) else { return nil }
        return try DocumentPlan.choice(text, names, what: what, path(key))
    }
}

/// The checked content of a document: views depth-first (a view before its subtree), guides,
/// and constraints view by view in the same order (a view's list before its subviews' lists).
struct DocumentPlan {
    var viewSpecs: [ViewSpec] = []
    var guideSpecs: [GuideSpec] = []
    var constraintSpecs: [ConstraintSpec] = []
    /// name → item and where the name was given (for duplicate messages).
    private var names: [String: (ItemReference, JSONPath)] = [:]
    /// Raw constraint lists with their owning view, read once every name is known.
    private var pendingConstraints: [(owner: Int, list: [JSONValue], path: JSONPath)] = []

    static let viewKeys = [
        "identifier", "frame", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask",
        "autoresizesSubviews", "intrinsicContentSize", "contentHuggingPriority",
        "compressionResistancePriority", "layoutMargins", "safeAreaInsets", "insetsLayoutMarginsFromSafeArea",
        "preservesSuperviewLayoutMargins", "alignmentRectInsets",
        "semanticContentAttribute", "firstBaselineOffsetFromTop", "lastBaselineOffsetFromBottom",
        "hidden", "stack", "layoutGuides", "subviews", "constraints",
    ]
    static let stackKeys = [
        "axis", "distribution", "alignment", "spacing", "baselineRelativeArrangement",
        "layoutMarginsRelativeArrangement", "arrangedSubviews", "customSpacing",
    ]
    static let equationKeys = ["first", "relation", "second", "multiplier", "constant", "priority", "identifier", "active"]
    static let visualFormatKeys = ["visualFormat", "options", "metrics", "identifier", "active"]

    init(_ json: JSONValue) throws(LayoutDocumentError) {
        let top = try ObjectReader(json, .root, "a layout document", known: ["tether", "views"])
        guard let version = top["tether"] else {
            throw LayoutDocumentError(.root, "not a layout document: the key \"tether\" (the format version, 1) is missing")
        }
        guard case .number(let v) = version, v == Double(LayoutDocument.formatVersion) else {
            let found = { () -> String in
                if case .number(let n) = version { return JSONWriter.number(n) }
                return version.kindName
            }()
            throw LayoutDocumentError(top.path("tether"), "unsupported format version \(found): this library reads version \(LayoutDocument.formatVersion)")
        }
        guard let roots = try top.array("views") else {
            throw LayoutDocumentError(.root, "the key \"views\" (the list of root views) is missing")
        }
        for (i, root) in roots.enumerated() {
            try readView(root, top.path("views").appending(i), parent: nil)
        }
        for pending in pendingConstraints {
            for (i, value) in pending.list.enumerated() {
                constraintSpecs.append(try readConstraint(value, pending.path.appending(i), owner: pending.owner))
            }
        }
    }

    // MARK: Values

    static func number(_ value: JSONValue, _ path: JSONPath) throws(LayoutDocumentError) -> Double {
        guard case .number(let x) = value else {
            throw LayoutDocumentError(path, "expected a number, found \(value.kindName)")
        }
        return x
    }

    static func priority(_ value: JSONValue, _ path: JSONPath) throws(LayoutDocumentError) -> Float {
        let x = try number(value, path)
        guard x > 0 && x <= 1000 else {
            throw LayoutDocumentError(path, "priority \(JSONWriter.number(x)) is outside (0, 1000] (1000 is required)")
        }
        return Float(x)
    }

    static func choice<T>(_ text: String, _ names: [(String, T)], what: String,
                          _ path: JSONPath) throws(LayoutDocumentError) -> T {
        if let hit = names.first(where: { $0.0 == text }) { return hit.1 }
        let list = names.map(\.0)
        throw LayoutDocumentError(path, "unknown \(what) \(JSONWriter.quoted(text))" + DocumentNames.didYouMean(text, list)
                                    + "; expected one of \(list.joined(separator: ", "))")
    }

    // MARK: Views and guides

    private mutating func declare(_ name: String, _ ref: ItemReference, _ path: JSONPath) throws(LayoutDocumentError) {
        guard DocumentNames.isValidName(name) else {
            throw LayoutDocumentError(path, "\(JSONWriter.quoted(name)) cannot be a name: names start with a letter or '_' and contain only ASCII letters, digits and '_'")
        }
        if let earlier = names[name] {
            throw LayoutDocumentError(path, "the name \(JSONWriter.quoted(name)) is already used at \(earlier.1); names must be unique within a document")
        }
        names[name] = (ref, path)
    }

    private mutating func readView(_ value: JSONValue, _ path: JSONPath, parent: Int?) throws(LayoutDocumentError) {
        let o = try ObjectReader(value, path, "a view", known: DocumentPlan.viewKeys)
        let index = viewSpecs.count
        var spec = ViewSpec(path: path, parent: parent)
        if let name = try o.string("identifier") {
            try declare(name, .view(index), o.path("identifier"))
            spec.name = name
        }
        if let f = try o.numbers("frame", count: 4, shape: "[x, y, width, height]") {
            spec.frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
        }
        if let t = try o.bool("translatesAutoresizingMaskIntoConstraints") { spec.translatesAutoresizingMaskIntoConstraints = t }
        if let list = try o.array("autoresizingMask") {
            var mask: AutoresizingMask = []
            for (i, element) in list.enumerated() {
                let p = o.path("autoresizingMask").appending(i)
                guard case .string(let text) = element else {
                    throw LayoutDocumentError(p, "expected the name of an autoresizing flag, found \(element.kindName)")
                }
                let flag = try DocumentPlan.choice(text, DocumentNames.autoresizing, what: "autoresizing flag", p)
                guard !mask.contains(flag) else { throw LayoutDocumentError(p, "\(JSONWriter.quoted(text)) is listed twice") }
                mask.insert(flag)
            }
            spec.autoresizingMask = mask
        }
        if let a = try o.bool("autoresizesSubviews") { spec.autoresizesSubviews = a }
        if let s = try o.numbers("intrinsicContentSize", count: 2, shape: "[width, height]") {
            for (i, x) in s.enumerated() where x < 0 && x != View.noIntrinsicMetric {
                throw LayoutDocumentError(o.path("intrinsicContentSize").appending(i),
                                          "an intrinsic size is at least 0, or -1 for none; found \(JSONWriter.number(x))")
            }
            spec.intrinsicContentSize = Size(width: s[0], height: s[1])
        }
        if let h = try o.priorities("contentHuggingPriority") { spec.hugging = h }
        if let c = try o.priorities("compressionResistancePriority") { spec.compression = c }
        if let m = try o.insets("layoutMargins") { spec.layoutMargins = m }
        if let s = try o.insets("safeAreaInsets") { spec.safeAreaInsets = s }
        if let i = try o.bool("insetsLayoutMarginsFromSafeArea") { spec.insetsLayoutMarginsFromSafeArea = i }
        if let p = try o.bool("preservesSuperviewLayoutMargins") { spec.preservesSuperviewLayoutMargins = p }
        if let a = try o.insets("alignmentRectInsets") { spec.alignmentRectInsets = a }
        if let s = try o.choice("semanticContentAttribute", DocumentNames.semanticContent,
                                what: "semantic content attribute") {
            spec.semanticContentAttribute = s
        }
        spec.firstBaselineOffsetFromTop = try o.number("firstBaselineOffsetFromTop")
        spec.lastBaselineOffsetFromBottom = try o.number("lastBaselineOffsetFromBottom")
        spec.isHidden = try o.bool("hidden") ?? false
        viewSpecs.append(spec)

        if let guides = try o.array("layoutGuides") {
            for (i, g) in guides.enumerated() {
                let p = o.path("layoutGuides").appending(i)
                let go = try ObjectReader(g, p, "a layout guide", known: ["identifier"])
                var guide = GuideSpec(path: p, owner: index)
                if let name = try go.string("identifier") {
                    try declare(name, .guide(guideSpecs.count), go.path("identifier"))
                    guide.name = name
                }
                guideSpecs.append(guide)
            }
        }
        if let list = try o.array("constraints") {
            pendingConstraints.append((owner: index, list: list, path: o.path("constraints")))
        }
        if let subviews = try o.array("subviews") {
            for (i, s) in subviews.enumerated() {
                try readView(s, o.path("subviews").appending(i), parent: index)
            }
        }
        viewSpecs[index].subtreeEnd = viewSpecs.count
        if let stack = o["stack"] {
            // Read after the subviews: the arrangement names them.
            viewSpecs[index].stack = try readStack(stack, o.path("stack"), view: index)
        }
    }

    // MARK: Stack views

    /// A spacing: a number, or `"system"` for the standard spacing.
    private static func spacing(_ value: JSONValue, _ path: JSONPath) throws(LayoutDocumentError) -> Double {
        if case .string(let text) = value {
            guard text == DocumentNames.systemSpacing else {
                throw LayoutDocumentError(path, "expected a number or \"system\", found \(JSONWriter.quoted(text))")
            }
            return StackView.spacingUseSystem
        }
        return try number(value, path)
    }

    /// The index of the direct subview of `view` named by `value`.
    private func arrangedView(_ value: JSONValue, _ path: JSONPath, of view: Int) throws(LayoutDocumentError) -> Int {
        guard case .string(let name) = value else {
            throw LayoutDocumentError(path, "expected the name of a subview, found \(value.kindName)")
        }
        guard case .view(let v)? = names[name]?.0, viewSpecs[v].parent == view else {
            throw LayoutDocumentError(path, "\(JSONWriter.quoted(name)) is not a subview of \(ownerName(view)): a stack view arranges its own subviews")
        }
        return v
    }

    private func readStack(_ value: JSONValue, _ path: JSONPath, view: Int) throws(LayoutDocumentError) -> StackSpec {
        let o = try ObjectReader(value, path, "a stack view's properties", known: DocumentPlan.stackKeys)
        var spec = StackSpec()
        if let axis = try o.choice("axis", DocumentNames.axes, what: "axis") { spec.axis = axis }
        if let d = try o.choice("distribution", DocumentNames.distributions, what: "distribution") { spec.distribution = d }
        if let a = try o.choice("alignment", DocumentNames.alignments, what: "alignment") { spec.alignment = a }
        if let s = o["spacing"] { spec.spacing = try DocumentPlan.spacing(s, o.path("spacing")) }
        spec.isBaselineRelativeArrangement = try o.bool("baselineRelativeArrangement") ?? false
        spec.isLayoutMarginsRelativeArrangement = try o.bool("layoutMarginsRelativeArrangement") ?? false
        for (i, element) in (try o.array("arrangedSubviews") ?? []).enumerated() {
            let p = o.path("arrangedSubviews").appending(i)
            let v = try arrangedView(element, p, of: view)
            guard !spec.arranged.contains(v) else { throw LayoutDocumentError(p, "\(JSONWriter.quoted(viewSpecs[v].name ?? "")) is arranged twice") }
            spec.arranged.append(v)
        }
        if let custom = o["customSpacing"] {
            guard case .object(let members) = custom else {
                throw LayoutDocumentError(o.path("customSpacing"), "expected an object of arranged views' names and spacings, found \(custom.kindName)")
            }
            for member in members {
                let p = o.path("customSpacing").appending(member.key)
                let v = try arrangedView(.string(member.key), p, of: view)
                guard spec.arranged.contains(v) else {
                    throw LayoutDocumentError(p, "\(JSONWriter.quoted(member.key)) is not in \"arrangedSubviews\": a custom spacing follows an arranged view")
                }
                spec.customSpacing.append((v, try DocumentPlan.spacing(member.value, p)))
            }
        }
        return spec
    }

    // MARK: Constraints

    /// Whether `ref` lies in the subtree of view `owner` (a guide with its owning view).
    private func isInSubtree(_ ref: ItemReference, of owner: Int) -> Bool {
        let view: Int
        switch ref {
        case .view(let v), .layoutMarginsGuide(let v), .safeAreaLayoutGuide(let v): view = v
        case .guide(let g): view = guideSpecs[g].owner
        }
        return view >= owner && view < viewSpecs[owner].subtreeEnd
    }

    private func ownerName(_ owner: Int) -> String {
        viewSpecs[owner].name.map { JSONWriter.quoted($0) } ?? "the view at \(viewSpecs[owner].path)"
    }

    /// `name.attribute` or `name.layoutMarginsGuide.attribute` / `name.safeAreaLayoutGuide.attribute`.
    private func anchor(_ text: String, _ path: JSONPath, owner: Int) throws(LayoutDocumentError) -> (ItemReference, LayoutAttribute) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else {
            throw LayoutDocumentError(path, "expected \"item.attribute\" (e.g. \"header.bottom\" or \"root.safeAreaLayoutGuide.top\"), found \(JSONWriter.quoted(text))")
        }
        var guide: AnchorName.SystemGuide?
        if parts.count == 3 {
            guard let g = AnchorName.SystemGuide(rawValue: parts[1]) else {
                try checkName(parts[0], path)
                throw LayoutDocumentError(path, "unknown system guide \(JSONWriter.quoted(parts[1]))"
                    + DocumentNames.didYouMean(parts[1], [DocumentNames.layoutMarginsGuide, DocumentNames.safeAreaLayoutGuide])
                    + "; expected layoutMarginsGuide or safeAreaLayoutGuide")
            }
            guide = g
        }
        try checkName(parts[0], path)
        let attribute = try DocumentPlan.choice(parts[parts.count - 1], DocumentNames.attributes, what: "attribute", path)
        return try reference(parts[0], guide, attribute, path, owner: owner)
    }

    private func checkName(_ name: String, _ path: JSONPath) throws(LayoutDocumentError) {
        guard names[name] == nil else { return }
        throw LayoutDocumentError(path, "unknown item \(JSONWriter.quoted(name))" + DocumentNames.didYouMean(name, Array(names.keys).sorted()))
    }

    /// The item an anchor names, checked: a guide of a view only, margins and baselines on views
    /// only, and within the subtree of the view that lists the constraint.
    private func reference(_ name: String, _ guide: AnchorName.SystemGuide?, _ attribute: LayoutAttribute,
                           _ path: JSONPath, owner: Int) throws(LayoutDocumentError) -> (ItemReference, LayoutAttribute) {
        try checkName(name, path)
        var ref = names[name]!.0
        if let guide {
            guard case .view(let v) = ref else {
                throw LayoutDocumentError(path, "\(JSONWriter.quoted(name)) is a layout guide: only views have \(guide.rawValue)")
            }
            ref = guide == .layoutMarginsGuide ? .layoutMarginsGuide(v) : .safeAreaLayoutGuide(v)
        }
        if case .view = ref {} else if attribute.isMarginRelative || attribute == .firstBaseline || attribute == .lastBaseline {
            throw LayoutDocumentError(path, "a layout guide has no \(attribute) attribute (only views have margins and baselines)")
        }
        guard isInSubtree(ref, of: owner) else {
            throw LayoutDocumentError(path, "\(JSONWriter.quoted(name)) is not in the subtree of \(ownerName(owner)): a constraint listed in a view may refer only to that view, its descendants and their guides")
        }
        return (ref, attribute)
    }

    private func readConstraint(_ value: JSONValue, _ path: JSONPath, owner: Int) throws(LayoutDocumentError) -> ConstraintSpec {
        if case .string(let text) = value {
            return try readEquationText(text, path, owner: owner)
        }
        if case .object = value, value["visualFormat"] != nil {
            return try readVisualFormat(value, path, owner: owner)
        }
        let o = try ObjectReader(value, path, "a constraint (an equation with \"first\", equation text or a \"visualFormat\")",
                                 known: DocumentPlan.equationKeys)
        guard let firstText = try o.string("first") else {
            throw LayoutDocumentError(path, "a constraint needs \"first\" (\"item.attribute\") or \"visualFormat\"")
        }
        let (first, firstAttribute) = try anchor(firstText, o.path("first"), owner: owner)
        let relation = try o.choice("relation", DocumentNames.relations, what: "relation") ?? .equal
        var second: ItemReference?
        var secondAttribute = LayoutAttribute.notAnAttribute
        if let text = try o.string("second") {
            (second, secondAttribute) = try anchor(text, o.path("second"), owner: owner)
        }
        var multiplier = 1.0
        if let m = try o.number("multiplier") {
            guard second != nil else {
                throw LayoutDocumentError(o.path("multiplier"), "a multiplier needs a \"second\" item (a constant-only constraint is \"first\" REL \"constant\")")
            }
            multiplier = m
        }
        let constant = try o.number("constant") ?? 0
        let priority = try o["priority"].map { (v) throws(LayoutDocumentError) in try DocumentPlan.priority(v, o.path("priority")) } ?? 1000
        let equation = ConstraintEquation(first, firstAttribute, relation, second, secondAttribute,
                                          multiplier: multiplier, constant: constant, priority: LayoutPriority(priority))
        try Self.check(equation, named: JSONWriter.quoted(firstText), path)
        return ConstraintSpec(path: path, owner: owner, kind: .equation(equation),
                              identifier: try o.string("identifier"), active: try o.bool("active") ?? true)
    }

    /// A constraint written as equation text (`"email.top == title.bottom + 8 @ 750"`): one
    /// equation, its names the document's.
    private func readEquationText(_ text: String, _ path: JSONPath, owner: Int) throws(LayoutDocumentError) -> ConstraintSpec {
        if text.hasPrefix("H:") || text.hasPrefix("V:") || text.hasPrefix("|") || text.hasPrefix("[") {
            throw LayoutDocumentError(path, "\(JSONWriter.quoted(text)) looks like a visual format: write it as {\"visualFormat\": \(JSONWriter.quoted(text))} (a string constraint is an equation, e.g. \"header.top == root.top + 8\")")
        }
        var parser = EquationTextParser(text: text, metrics: [:])
        let parsed: [ParsedEquation]
        do throws(EquationTextError) {
            parsed = try parser.parseAll()
        } catch {
            throw LayoutDocumentError(path, error.message)
        }
        guard parsed.count == 1 else {
            throw LayoutDocumentError(path, "a constraint written as text holds one equation, found \(parsed.count) (list each as its own constraint)")
        }
        let equation = try parsed[0].equation.map { (name) throws(LayoutDocumentError) in
            try reference(name.item, name.guide, name.attribute, path, owner: owner).0
        }
        try Self.check(equation, named: JSONWriter.quoted(text), path)
        return ConstraintSpec(path: path, owner: owner, kind: .equation(equation), identifier: nil, active: true)
    }

    /// Apple's validation rules, checked here to report them in the document's terms.
    private static func check(_ e: ConstraintEquation<ItemReference>, named name: String, _ path: JSONPath) throws(LayoutDocumentError) {
        let kind = e.firstAttribute.kind
        if kind != .size && (e.second == nil || e.multiplier == 0) {
            throw LayoutDocumentError(path, "\(name) is a location: it must be related to another item's location with a non-zero multiplier, not to a constant")
        }
        if e.second != nil {
            let secondKind = e.secondAttribute.kind
            if (kind == .size) != (secondKind == .size) || (kind != .size && kind != secondKind) {
                throw LayoutDocumentError(path, "cannot relate \(e.firstAttribute) (\(kindName(kind))) to \(e.secondAttribute) (\(kindName(secondKind)))")
            }
            if (e.firstAttribute.isDirectional && e.secondAttribute.isAbsoluteHorizontalEdge)
                || (e.firstAttribute.isAbsoluteHorizontalEdge && e.secondAttribute.isDirectional) {
                throw LayoutDocumentError(path, "cannot relate \(e.firstAttribute) to \(e.secondAttribute): use leading/trailing for both or neither")
            }
        }
    }

    private static func kindName(_ kind: LayoutAttribute.Kind) -> String {
        switch kind {
        case .size: return "a size"
        case .xLocation: return "an x-axis location"
        case .yLocation: return "a y-axis location"
        case .none: return "no attribute"
        }
    }

    private func readVisualFormat(_ value: JSONValue, _ path: JSONPath, owner: Int) throws(LayoutDocumentError) -> ConstraintSpec {
        let o = try ObjectReader(value, path, "a visual-format constraint", known: DocumentPlan.visualFormatKeys)
        let format = try o.string("visualFormat") ?? ""
        var options: FormatOptions = []
        if let list = try o.array("options") {
            for (i, element) in list.enumerated() {
                let p = o.path("options").appending(i)
                guard case .string(let text) = element else {
                    throw LayoutDocumentError(p, "expected the name of a format option, found \(element.kindName)")
                }
                options.formUnion(try DocumentPlan.choice(text, DocumentNames.formatOptions, what: "format option", p))
            }
        }
        var metrics: [String: Double] = [:]
        if let m = o["metrics"] {
            guard case .object(let members) = m else {
                throw LayoutDocumentError(o.path("metrics"), "expected an object of names and numbers, found \(m.kindName)")
            }
            for member in members {
                metrics[member.key] = try DocumentPlan.number(member.value, o.path("metrics").appending(member.key))
            }
        }
        var views: [String: ItemReference] = [:]
        for (name, entry) in names where isInSubtree(entry.0, of: owner) { views[name] = entry.0 }
        return ConstraintSpec(path: path, owner: owner,
                              kind: .visualFormat(VisualFormatSpecification(format: format, options: options,
                                                                            metrics: metrics, views: views)),
                              identifier: try o.string("identifier"), active: try o.bool("active") ?? true)
    }
}
