import Tether

/// Reads an Interface Builder document's XML into a `DocumentModel`: which views there are, how
/// they nest, their properties and constraints, which ones root a hierarchy, and the device.
/// It resolves every constraint's items at the end, once all ids are known, and throws for an id
/// that no element of the document has; a constraint whose item is an element the importer does
/// not lay out (a navigation bar, a guide of a view that is not a scroll view) is reported and left out.
struct DocumentReader {
    /// Deeper nesting of views than this is an error rather than a stack overflow (UIKit
    /// screens nest a few dozen levels at most).
    static let maximumViewDepth = 512

    private var model = DocumentModel()
    /// Every element with an `id`, for telling a missing id from one the importer skips.
    private var elementsByID: [String: XMLElement] = [:]
    private var items: [String: ItemReference] = [:]
    /// Constraints as read: the element and the view whose `constraints` element holds it.
    private var pendingConstraints: [(element: XMLElement, owner: Int)] = []
    /// Constraint and view ids a `<variation key="default">` excludes from the layout.
    private var excludedIDs: Set<String> = []
    /// The import's options: their device's size classes decide which variations apply.
    private var options = ImportOptions()
    /// Which size-class variations apply (SizeClasses.swift), known once the device is.
    private var variations = SizeClassVariations(traits: nil)
    /// The masks of the variations that apply: (how many traits the key names, ids excluded,
    /// ids included), applied after the default class's in that order.
    private var classMasks: [(specificity: Int, excludes: [String], includes: [String])] = []
    private var inferredBars = InferredBars()
    /// Roots whose view controller's simulated metrics name a top or bottom bar explicitly.
    private var explicitTopBar: Set<Int> = []
    /// `useSafeAreas="YES"` on the document: it lays out with safe-area layout guides.
    private var usesSafeAreas = false
    private var explicitBottomBar: Set<Int> = []

    /// `options` decide the device whose size classes pick the variations that apply (the
    /// caller applies the rest of them to the model read).
    static func read(_ document: XMLElement, options: ImportOptions = ImportOptions()) throws(ImportError) -> DocumentModel {
        var reader = DocumentReader()
        reader.options = options
        try reader.readDocument(document)
        return reader.model
    }

    private mutating func report(_ element: XMLElement, _ message: String) {
        model.reports.append(ImportReport(element, message))
    }

    // MARK: Document, scenes, objects

    private mutating func readDocument(_ document: XMLElement) throws(ImportError) {
        guard document.name == "document" else {
            throw ImportError("the root element is <\(document.name)>, not an Interface Builder <document>", at: document)
        }
        try indexIDs(document)
        // "7528.3" in documents of Xcode 6: the build's major number is what tells Xcodes apart.
        model.toolsVersion = document["toolsVersion"].flatMap { Int($0.prefix { $0.isNumber }) }
        usesSafeAreas = document["useSafeAreas"] == "YES"
        if document["targetRuntime"] == "MacOSX.Cocoa" {
            report(document, "an AppKit (macOS) document: only UIKit documents (iOS, tvOS) are imported")
            return
        }
        // The device first (documents before Xcode 9 name it after their scenes): it decides
        // which size-class variations apply while the rest is read.
        for child in document.children {
            switch child.name {
            case "device":
                model.deviceID = child["id"]
                model.isLandscape = child["orientation"] == "landscape"
                if let id = child["id"], Device.all[id] == nil {
                    report(child, "device '\(id)' is not in the device table: roots get no safe-area insets")
                }
            case "simulatedMetricsContainer" where child["key"] == "defaultSimulatedMetrics":
                readDefaultSimulatedMetrics(child)
            default: continue
            }
        }
        var laidOutFor = model
        laidOutFor.apply(options)
        variations = SizeClassVariations(traits: laidOutFor.device.map { SizeClassTraits.of($0, landscape: laidOutFor.isLandscape) })
        for child in document.children {
            switch child.name {
            // Read above, before the objects: every device element, and the document's
            // default simulated metrics.
            case "device":
                continue
            case "simulatedMetricsContainer" where child["key"] == "defaultSimulatedMetrics":
                continue
            case "objects": try readObjects(child, sceneID: nil)
            case "scenes":
                for scene in child.children {
                    guard scene.name == "scene" else {
                        report(scene, "not a scene")
                        continue
                    }
                    for part in scene.children {
                        if part.name == "objects" {
                            try readObjects(part, sceneID: scene["sceneID"])
                        } else if part.name != "point" {
                            report(part, "not understood in a scene")
                        }
                    }
                }
            default:
                if !NonLayoutElements.documentParts.contains(child.name) { report(child, "not understood in a document") }
            }
        }
        applyInferredBars()
        for mask in classMasks.sorted(by: { $0.specificity < $1.specificity }) {
            excludedIDs.formUnion(mask.excludes)
            excludedIDs.subtract(mask.includes)
        }
        markExcludedViews()
        try resolveConstraints()
    }

    private mutating func applyInferredBars() {
        let (top, bottom, embedded, opaqueTop, opaqueBottom) = inferredBars.bars()
        for index in model.roots.indices {
            guard let id = model.roots[index].controllerID else { continue }
            if !explicitTopBar.contains(index), let height = top[id] {
                model.roots[index].simulatedTopBarHeight = height
                model.roots[index].topBarIsOpaque = opaqueTop.contains(id)
            }
            if !explicitBottomBar.contains(index), let height = bottom[id] {
                model.roots[index].simulatedBottomBarHeight = height
                model.roots[index].bottomBarIsOpaque = opaqueBottom.contains(id)
            }
            model.roots[index].isEmbedded = embedded.contains(id)
        }
    }

    /// Documents saved before Xcode 9 name their device here instead of in `<device>`:
    /// `<simulatedScreenMetrics key="destination" type="retina4_7.fullscreen"/>` and
    /// `<simulatedOrientationMetrics key="orientation" orientation="landscapeRight"/>`.
    private mutating func readDefaultSimulatedMetrics(_ container: XMLElement) {
        for metrics in container.children {
            switch (metrics.name, metrics["key"]) {
            case ("simulatedScreenMetrics", "destination"):
                guard model.deviceID == nil, let type = metrics["type"] else { continue }
                let id = String(type.split(separator: ".").first ?? "")
                model.deviceID = id
                if Device.all[id] == nil {
                    report(metrics, "device '\(id)' is not in the device table: roots get no safe-area insets")
                }
            case ("simulatedOrientationMetrics", "orientation"):
                model.isLandscape = metrics["orientation"]?.hasPrefix("landscape") ?? false
            case ("simulatedStatusBarMetrics", _):
                continue
            default:
                report(metrics, "simulated metrics not understood: the roots' environment ignores them")
            }
        }
    }

    /// Every element with an id, depth first without recursion (the XML may nest deeply).
    private mutating func indexIDs(_ document: XMLElement) throws(ImportError) {
        var pending = [document]
        while let element = pending.popLast() {
            if let id = element["id"], element.name != "constraint" || elementsByID[id] == nil {
                if let other = elementsByID[id], other.name != "constraint" {
                    throw ImportError("id '\(id)' is used twice (first by <\(other.name)> at line \(other.line))",
                                      at: element)
                }
                elementsByID[id] = element
            }
            pending.append(contentsOf: element.children)
        }
    }

    /// A xib's top-level objects or a scene's objects: view controllers, views, cells.
    private mutating func readObjects(_ objects: XMLElement, sceneID: String?) throws(ImportError) {
        for object in objects.children {
            if NonLayoutElements.objects.contains(object.name) { continue }
            inferredBars.read(controller: object)
            if let view = object.children.first(where: { $0["key"] == "view" }) {
                try readController(object, view: view, sceneID: sceneID)
            } else if object.child(named: "rect", key: "frame") != nil || object.name == "view" {
                let isCell = object.name.hasSuffix("Cell") || object.name == "collectionReusableView"
                let index = try readView(object, parent: nil, depth: 0)
                var root = RootSpec(view: index, kind: isCell ? .cell : .topLevelView, sceneID: sceneID)
                root.isFreeform = Self.isFreeform(object)
                // In a document without safe-area layout guides (no `useSafeAreas="YES"`), Xcode
                // simulates no status bar over a xib's top-level view: the SwiftMessages dialog on
                // retina4_7 saves its content at the top margin 0 points down, where a sensor
                // housing still insets it (44 on retina6_1); DuckDuckGo's notification view, with
                // safe areas, sits 20 points down on retina4_7.
                root.statusBarHidden = !isCell && !usesSafeAreas
                model.roots.append(root)
            } else {
                report(object, "not laid out: a \(object.name) saves no view of its own (UIKit makes its views at run time)")
            }
        }
    }

    /// A view controller: its view is a root; its layout guides and simulated bars set the
    /// root's environment.
    private mutating func readController(_ controller: XMLElement, view: XMLElement,
                                         sceneID: String?) throws(ImportError) {
        let index = try readView(view, parent: nil, depth: 0)
        var root = RootSpec(view: index, kind: .controllerView, sceneID: sceneID, controllerID: controller["id"])
        root.isFreeform = Self.isFreeform(controller) || Self.isFreeform(view)
        let rootNumber = model.roots.count
        for child in controller.children where child["key"] != "view" {
            switch child.name {
            case "layoutGuides":
                for guide in child.children {
                    guard guide.name == "viewControllerLayoutGuide", let id = guide["id"],
                          guide["type"] == "top" || guide["type"] == "bottom" else {
                        report(guide, "not understood among a view controller's layout guides")
                        continue
                    }
                    if guide["type"] == "top" {
                        root.topLayoutGuideID = id
                        items[id] = .topLayoutGuide(rootNumber)
                    } else {
                        root.bottomLayoutGuideID = id
                        items[id] = .bottomLayoutGuide(rootNumber)
                    }
                }
            case "simulatedStatusBarMetrics":
                // A status bar of some style: shown, as it is by default.
                root.statusBarHidden = false
            case "simulatedNavigationBarMetrics", "simulatedToolbarMetrics", "simulatedTabBarMetrics":
                if let height = SimulatedBars.height(of: child) {
                    if child["key"] == "simulatedBottomBarMetrics" {
                        root.simulatedBottomBarHeight = height
                        root.bottomBarIsOpaque = child["translucent"] == "NO"
                        explicitBottomBar.insert(rootNumber)
                    } else {
                        root.simulatedTopBarHeight = height
                        root.topBarIsOpaque = child.name == "simulatedNavigationBarMetrics" && child["translucent"] == "NO"
                        explicitTopBar.insert(rootNumber)
                    }
                }
            case "nil" where child["key"] == "simulatedStatusBarMetrics":
                root.statusBarHidden = true
            default:
                if child.name.hasPrefix("simulated") {
                    report(child, "simulated metrics not understood: the root's safe area ignores them")
                } else if child.name == "navigationBar" || child.name == "tabBar" || child.name == "toolbar" {
                    report(child, "not laid out: a container controller's bar is placed by UIKit at run time")
                } else if !NonLayoutElements.names.contains(child.name) {
                    report(child, "not understood in a view controller")
                }
            }
        }
        model.roots.append(root)
    }

    /// Whether a view or controller is simulated at a freeform size rather than the device's.
    private static func isFreeform(_ element: XMLElement) -> Bool {
        element.children.contains { $0.name == "freeformSimulatedSizeMetrics" && $0["key"] == "simulatedDestinationMetrics" }
    }

    // MARK: Views

    /// Reads a view and everything under it; returns its index in `model.views`.
    private mutating func readView(_ element: XMLElement, parent: Int?, depth: Int) throws(ImportError) -> Int {
        guard depth < DocumentReader.maximumViewDepth else {
            throw ImportError("views nest more than \(DocumentReader.maximumViewDepth) levels deep", at: element)
        }
        var spec = ViewSpec(element: element, id: element["id"], parent: parent)
        try readAttributes(of: variations.merged(element), into: &spec)
        let index = model.views.count
        model.views.append(spec)
        if let id = spec.id { items[id] = .view(index) }
        for child in element.children {
            try readChild(child, ofView: index, depth: depth)
        }
        return index
    }

    private func readAttributes(of element: XMLElement, into spec: inout ViewSpec) throws(ImportError) {
        spec.translatesAttribute = try element.bool("translatesAutoresizingMaskIntoConstraints")
        spec.horizontalHugging = try element.priority("horizontalHuggingPriority")
        spec.verticalHugging = try element.priority("verticalHuggingPriority")
        spec.horizontalCompression = try element.priority("horizontalCompressionResistancePriority")
        spec.verticalCompression = try element.priority("verticalCompressionResistancePriority")
        spec.preservesSuperviewLayoutMargins = try element.bool("preservesSuperviewLayoutMargins") ?? false
        spec.insetsLayoutMarginsFromSafeArea = try element.bool("insetsLayoutMarginsFromSafeArea") ?? true
        spec.isHidden = try element.bool("hidden") ?? false
        spec.isMisplaced = try element.bool("misplaced") ?? false
        spec.userLabel = element["userLabel"]
        spec.isAmbiguous = try element.bool("ambiguous") ?? false
        if let attribute = element["semanticContentAttribute"] {
            guard let value = ViewPropertyNames.semanticContentAttribute(attribute) else {
                throw ImportError("semanticContentAttribute=\"\(attribute)\" is not one of UIKit's", at: element)
            }
            spec.semanticContentAttribute = value
        }
        if element.name == "stackView" { spec.stack = try ViewPropertyNames.stack(element) }
    }

    private mutating func readChild(_ child: XMLElement, ofView index: Int, depth: Int) throws(ImportError) {
        switch (child.name, child["key"]) {
        case ("rect", "frame"):
            model.views[index].frame = try child.rect()
        case ("autoresizingMask", "autoresizingMask"):
            model.views[index].autoresizingMask = try AutoresizingNames.mask(of: child)
        case ("subviews", _):
            for subview in child.children {
                let subviewIndex = try readView(subview, parent: index, depth: depth + 1)
                model.views[index].subviews.append(subviewIndex)
            }
        case ("constraints", _):
            for constraint in child.children {
                guard constraint.name == "constraint" else {
                    report(constraint, "not a constraint")
                    continue
                }
                pendingConstraints.append((constraint, index))
            }
        case ("viewLayoutGuide", "safeArea"):
            if let id = child["id"] {
                model.views[index].safeAreaGuideID = id
                items[id] = .safeArea(index)
            }
        case ("edgeInsets", "layoutMargins"), ("directionalEdgeInsets", "directionalLayoutMargins"):
            let leading = child.name == "directionalEdgeInsets"
            model.views[index].layoutMargins = EdgeInsets(
                top: try child.requiredNumber("top"), left: try child.requiredNumber(leading ? "leading" : "left"),
                bottom: try child.requiredNumber("bottom"), right: try child.requiredNumber(leading ? "trailing" : "right"))
        case (_, "contentView"):
            // A cell's content view: the first subview, kept the size of the cell by UIKit.
            let contentIndex = try readView(child, parent: index, depth: depth + 1)
            model.views[contentIndex].isContentView = true
            model.views[index].subviews.insert(contentIndex, at: 0)
        case (_, "tableHeaderView"), (_, "tableFooterView"), (_, "backgroundView"):
            let subviewIndex = try readView(child, parent: index, depth: depth + 1)
            model.views[index].subviews.append(subviewIndex)
            model.views[subviewIndex].tablePart = child["key"]
            if child["key"] == "tableFooterView" {
                report(child, "a table's tableFooterView follows its rows at run time: kept at its saved y")
            }
        case ("cells", _), ("prototypes", _):
            try readCells(child, depth: depth)
        case ("sections", _):
            for section in child.children {
                for part in section.children where part.name == "cells" { try readCells(part, depth: depth) }
            }
        case ("variation", _):
            readVariation(child)
        case ("viewLayoutGuide", "contentLayoutGuide") where ScrollViews.isScrollView(model.views[index]):
            if let id = child["id"] {
                model.views[index].contentGuideID = id
                items[id] = .contentGuide(index)
            }
        case ("viewLayoutGuide", "frameLayoutGuide") where ScrollViews.isScrollView(model.views[index]):
            if let id = child["id"] {
                model.views[index].frameGuideID = id
                items[id] = .frameGuide(index)
            }
        case ("viewLayoutGuide", _):
            report(child, "layout guide \(child["key"] ?? "") of a <\(model.views[index].className)> not understood: "
                   + "constraints to it are left out")
        case ("rect", _), ("edgeInsets", _), ("directionalEdgeInsets", _), ("mask", _):
            report(child, "\(child.name) key=\"\(child["key"] ?? "")\" not understood")
        default:
            if !NonLayoutElements.names.contains(child.name) {
                report(child, "not understood in <\(model.views[index].className)>")
            }
        }
    }

    /// A table's or collection view's prototype or static cells: each one roots a hierarchy,
    /// since the table places cells at run time.
    private mutating func readCells(_ cells: XMLElement, depth: Int) throws(ImportError) {
        for cell in cells.children {
            let cellIndex = try readView(cell, parent: nil, depth: depth + 1)
            model.roots.append(RootSpec(view: cellIndex, kind: .cell))
        }
    }

    /// `<variation key="default"><mask key="constraints"><exclude reference="…"/></mask>`: what
    /// the document leaves out of the any-width, any-height size class; another key's masks
    /// include or exclude more in its size class (its attributes are merged where the element
    /// is read: `SizeClassVariations.merged`).
    private mutating func readVariation(_ variation: XMLElement) {
        if let reason = variations.reasonLeftOut(variation) {
            if !reason.isEmpty { report(variation, reason) }
            return
        }
        let isDefault = variation["key"] == "default"
        var excludes: [String] = []
        var includes: [String] = []
        for mask in variation.children {
            guard mask.name == "mask" else {
                report(mask, "not understood in a size-class variation")
                continue
            }
            for entry in mask.children {
                if entry.name == "exclude", let reference = entry["reference"] {
                    excludes.append(reference)
                } else if entry.name == "include", let reference = entry["reference"], !isDefault {
                    includes.append(reference)
                } else {
                    report(entry, "not understood in a size-class mask")
                }
            }
        }
        if isDefault {
            excludedIDs.formUnion(excludes)
        } else {
            let specificity = SizeClassTraits.parts(of: variation["key"] ?? "")?.count ?? 0
            classMasks.append((specificity, excludes, includes))
        }
    }

    // MARK: Constraints

    private mutating func resolveConstraints() throws(ImportError) {
        for (element, owner) in pendingConstraints {
            // IB removes placeholder constraints at build time; variations exclude others.
            if try element.bool("placeholder") == true { continue }
            if let id = element["id"], excludedIDs.contains(id) { continue }
            if let spec = try resolve(element, owner: owner) { model.constraints.append(spec) }
        }
    }

    /// Marks the views a default variation excludes, and their subviews: UIKit does not install
    /// them in the size class laid out.
    private mutating func markExcludedViews() {
        for index in model.views.indices {
            if let id = model.views[index].id, excludedIDs.contains(id) {
                report(model.views[index].element, "left out: the size class laid out (the device's, or any width and height) excludes it")
                model.views[index].isExcluded = true
            } else if let parent = model.views[index].parent, model.views[parent].isExcluded {
                model.views[index].isExcluded = true
            }
        }
    }

    private mutating func resolve(_ element: XMLElement, owner: Int) throws(ImportError) -> ConstraintSpec? {
        let element = variations.merged(element)
        guard let firstName = element["firstAttribute"] else {
            throw ImportError("the constraint has no firstAttribute", at: element)
        }
        guard let firstAttribute = AttributeNames.attribute(firstName) else {
            report(element, "left out: attribute '\(firstName)' is not one of Auto Layout's")
            return nil
        }
        var secondAttribute = LayoutAttribute.notAnAttribute
        if let secondName = element["secondAttribute"] {
            guard let attribute = AttributeNames.attribute(secondName) else {
                report(element, "left out: attribute '\(secondName)' is not one of Auto Layout's")
                return nil
            }
            secondAttribute = attribute
        }
        guard let relation = AttributeNames.relation(element["relation"]) else {
            throw ImportError("relation=\"\(element["relation"]!)\" is not equal, greaterThanOrEqual or lessThanOrEqual",
                              at: element)
        }
        // An absent firstItem is the view whose constraints element holds the constraint.
        var first = ItemReference.view(owner)
        if let firstID = element["firstItem"] {
            guard let item = try reference(firstID, in: element) else { return nil }
            first = item
        }
        var second: ItemReference?
        if let secondID = element["secondItem"] {
            guard let item = try reference(secondID, in: element) else { return nil }
            second = item
        } else if secondAttribute != .notAnAttribute {
            throw ImportError("the constraint has a secondAttribute but no secondItem", at: element)
        }
        return ConstraintSpec(element: element, id: element["id"], firstItem: first, firstAttribute: firstAttribute,
                              relation: relation, secondItem: second, secondAttribute: secondAttribute,
                              multiplier: try element.multiplier(), constant: try element.number("constant") ?? 0,
                              priority: try element.priority("priority") ?? .required)
    }

    /// What `id` names, or nil after reporting that it names an element the importer does not
    /// lay out. Throws for an id that no element has.
    private mutating func reference(_ id: String, in constraint: XMLElement) throws(ImportError) -> ItemReference? {
        if let item = items[id] {
            if case .view(let index) = item, model.views[index].isExcluded {
                report(constraint, "left out: it refers to '\(id)', which the size class laid out excludes")
                return nil
            }
            return item
        }
        guard let target = elementsByID[id] else {
            throw ImportError("the constraint refers to '\(id)', which no element of the document has", at: constraint)
        }
        report(constraint, "left out: it refers to <\(target.name)> '\(id)' (line \(target.line)), which is not laid out")
        return nil
    }
}
