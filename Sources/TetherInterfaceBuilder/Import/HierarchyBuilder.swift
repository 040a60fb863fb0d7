import Tether

/// Builds Tether views, guides and constraints from a `DocumentModel`. The model is complete
/// and checked, so building cannot meet a missing id; what the engine refuses (a constraint
/// pairing Auto Layout rejects, two items without a common ancestor) is reported and left out.
/// An engine error while making views undoes everything built so far before it is thrown.
struct HierarchyBuilder {
    let model: DocumentModel
    let engine: LayoutEngine
    let intrinsicSize: IntrinsicSizeProvider

    private var views: [View?]
    private var reports: [ImportReport]
    private var items: [String: LayoutItem] = [:]
    /// Per root: its view controller's top and bottom layout guides, made when first named.
    private var topGuides: [Int: LayoutGuide] = [:]
    private var bottomGuides: [Int: LayoutGuide] = [:]
    /// Views that some constraint names: those without an explicit
    /// `translatesAutoresizingMaskIntoConstraints` are placed by constraints.
    private var constrainedViews: Set<Int> = []
    /// Scroll views' content and frame guides (ScrollViews.swift).
    private var scrollGuides = ScrollViewGuides()

    init(model: DocumentModel, engine: LayoutEngine, intrinsicSize: @escaping IntrinsicSizeProvider) {
        self.model = model
        self.engine = engine
        self.intrinsicSize = intrinsicSize
        views = Array(repeating: nil, count: model.views.count)
        reports = model.reports
        for constraint in model.constraints {
            for item in [constraint.firstItem, constraint.secondItem] {
                if case .view(let index)? = item { constrainedViews.insert(index) }
            }
        }
    }

    mutating func build() throws(ImportError) -> ImportedDocument {
        let device = model.device
        var roots: [ImportedRoot] = []
        do {
            for root in model.roots {
                let view = try makeTree(root.view)
                roots.append(ImportedRoot(view: view, id: model.views[root.view].id, kind: root.kind,
                                          sceneID: root.sceneID, controllerID: root.controllerID))
                let spec = model.views[root.view]
                if let change = model.screenChange { view.frame = change.rootFrame(root, saved: view.frame) }
                view.frame = Environment.rootFrame(root, saved: view.frame, misplaced: spec.isMisplaced, device: device,
                                                   landscape: model.isLandscape)
                if let environment = Environment.of(root, frame: view.frame, explicitMargins: spec.layoutMargins,
                                                    device: device, landscape: model.isLandscape) {
                    view.safeAreaInsets = environment.safeAreaInsets
                    if let margins = environment.layoutMargins { view.layoutMargins = margins }
                }
            }
        } catch {
            for root in roots { engine.free(root.view) }
            for view in views.compactMap({ $0 }) where view.superview == nil { engine.free(view) }
            throw ImportError("the engine refused a view: \(error)", at: model.views[0].element)
        }
        for (number, root) in model.roots.enumerated() {
            if let id = root.topLayoutGuideID, items[id] == nil { items[id] = layoutGuide(top: true, root: number) }
            if let id = root.bottomLayoutGuideID, items[id] == nil { items[id] = layoutGuide(top: false, root: number) }
        }
        for (index, spec) in model.views.enumerated() {
            if let id = spec.contentGuideID { items[id] = item(.contentGuide(index)) }
            if let id = spec.frameGuideID { items[id] = item(.frameGuide(index)) }
        }
        for constraint in model.constraints { addConstraint(constraint) }
        // Xcode saves frames on the device's pixel grid: an engine without a scale of its own
        // rounds to the device's pixels from now on (view-model.md, "Pixel-grid rounding").
        if engine.displayScale == 0, let device { engine.displayScale = device.scale }
        return ImportedDocument(engine: engine, roots: roots, views: importedViews(),
                                items: items, deviceID: model.deviceID, device: model.device, isLandscape: model.isLandscape,
                                reports: reports)
    }

    // MARK: Views

    /// Makes the view at `index` and its subtree (without recursion: documents may nest deeply).
    private mutating func makeTree(_ rootIndex: Int) throws(LayoutError) -> View {
        let root = try makeView(rootIndex, superview: nil)
        var pending: [(index: Int, view: View)] = [(rootIndex, root)]
        while let (index, view) = pending.popLast() {
            for subviewIndex in model.views[index].subviews where !model.views[subviewIndex].isExcluded {
                let subview = try makeView(subviewIndex, superview: view)
                pending.append((subviewIndex, subview))
            }
        }
        return root
    }

    private mutating func makeView(_ index: Int, superview: View?) throws(LayoutError) -> View {
        let spec = model.views[index]
        var frame = spec.frame ?? .zero
        if spec.frame == nil, spec.isContentView, let parent = spec.parent, let cell = model.views[parent].frame {
            // Xcode 6 saved no frame for a cell's content view: UIKit sizes it to the cell, less
            // the 1-point separator below it (the content views Xcode 7 saves are 1 point
            // shorter than their cells, as Eureka's WeekDaysCell: 61 and 60).
            frame = Rect(x: 0, y: 0, width: cell.width, height: Swift.max(0, cell.height - 1))
        }
        if let part = spec.tablePart, let parent = spec.parent, let table = model.views[parent].frame {
            // A table lays its header and footer out as wide as itself, its background view over
            // its bounds.
            frame = part == "backgroundView" ? Rect(x: 0, y: 0, width: table.width, height: table.height)
                                             : Rect(x: 0, y: frame.minY, width: table.width, height: frame.height)
        }
        let view: View
        if let stack = spec.stack {
            let stackView = try engine.makeStackView(frame: frame)
            stackView.axis = stack.axis
            stackView.distribution = stack.distribution
            stackView.alignment = stack.alignment
            try stackView.setSpacing(stack.spacing)
            stackView.isBaselineRelativeArrangement = stack.isBaselineRelativeArrangement
            stackView.isLayoutMarginsRelativeArrangement = stack.isLayoutMarginsRelativeArrangement
            view = stackView
        } else {
            view = try engine.makeView(frame: frame)
        }
        views[index] = view
        if let id = spec.id {
            view.identifier = id
            items[id] = view
        }
        if let safeID = spec.safeAreaGuideID { items[safeID] = view.safeAreaLayoutGuide }
        view.autoresizingMask = spec.autoresizingMask
        view.isHidden = spec.isHidden
        view.semanticContentAttribute = spec.semanticContentAttribute
        view.insetsLayoutMarginsFromSafeArea = spec.insetsLayoutMarginsFromSafeArea
        view.preservesSuperviewLayoutMargins = spec.preservesSuperviewLayoutMargins
        if let insets = ControlGeometry.alignmentRectInsets(of: spec.className) { view.alignmentRectInsets = insets }
        if let margins = spec.layoutMargins {
            view.layoutMargins = margins
        } else if spec.isContentView, let parent = spec.parent, model.views[parent].className == "tableViewCell" {
            let cellWidth = model.views[parent].frame?.width ?? frame.width
            view.layoutMargins = Environment.tableCellContentMargins(device: model.device,
                                                                     landscape: model.isLandscape,
                                                                     toolsVersion: model.toolsVersion,
                                                                     cellWidth: cellWidth, contentFrame: frame)
        }
        // UIKit's defaults (250 hugging, 750 compression) when the document writes none: IB
        // writes every other value, including the 251 it gives labels from its library.
        if let p = spec.horizontalHugging { try view.setContentHuggingPriority(p, for: .horizontal) }
        if let p = spec.verticalHugging { try view.setContentHuggingPriority(p, for: .vertical) }
        if let p = spec.horizontalCompression { try view.setContentCompressionResistancePriority(p, for: .horizontal) }
        if let p = spec.verticalCompression { try view.setContentCompressionResistancePriority(p, for: .vertical) }
        let request = IntrinsicSizeRequest(className: spec.className, id: spec.id, element: spec.element,
                                           savedSize: spec.frame?.size)
        if let size = intrinsicSize(request) { view.intrinsicContentSize = size }
        if spec.isContentView || spec.tablePart == "backgroundView" {
            // UIKit's cells keep their content view filling their bounds, tables their background view.
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        } else if spec.tablePart != nil {
            // A table sets its header's and footer's frames itself: as wide as the table, as tall as saved.
            view.autoresizingMask = [.flexibleWidth]
            view.translatesAutoresizingMaskIntoConstraints = true
        } else if superview != nil {
            view.translatesAutoresizingMaskIntoConstraints = spec.translatesAttribute ?? !constrainedViews.contains(index)
        }
        if let stack = superview as? StackView {
            // A stack view's subviews in IB are all arranged, in order.
            try stack.addArrangedSubview(view)
        } else if let superview {
            try superview.addSubview(view)
        }
        return view
    }

    private func importedViews() -> [ImportedView] {
        let rootIndices = Set(model.roots.map(\.view))
        var result: [ImportedView] = []
        for (index, spec) in model.views.enumerated() {
            guard let view = views[index] else { continue }
            let isRoot = rootIndices.contains(index)
            result.append(ImportedView(view: view, id: spec.id, userLabel: spec.userLabel, className: spec.className,
                                       line: spec.element.line,
                                       savedFrame: spec.frame, isMisplaced: spec.isMisplaced,
                                       isAmbiguous: spec.isAmbiguous,
                                       isPlacedByConstraints: !isRoot && !view.translatesAutoresizingMaskIntoConstraints,
                                       isRoot: isRoot))
        }
        return result
    }

    // MARK: Guides and constraints

    /// A view controller's top (or bottom) layout guide: since iOS 11 UIKit makes it span the
    /// root view's unsafe band at the top (bottom), which is what constraints to it mean.
    private mutating func layoutGuide(top: Bool, root number: Int) -> LayoutGuide? {
        guard let rootView = views[model.roots[number].view] else { return nil }
        let guide = engine.makeLayoutGuide()
        guide.identifier = top ? "topLayoutGuide" : "bottomLayoutGuide"
        do {
            try rootView.addLayoutGuide(guide)
            let safe = rootView.safeAreaLayoutGuide
            try activate([
                try guide.leadingAnchor.constraint(equalTo: rootView.leadingAnchor),
                try guide.trailingAnchor.constraint(equalTo: rootView.trailingAnchor),
                try guide.topAnchor.constraint(equalTo: top ? rootView.topAnchor : safe.bottomAnchor),
                try guide.bottomAnchor.constraint(equalTo: top ? safe.topAnchor : rootView.bottomAnchor),
            ])
        } catch {
            reports.append(ImportReport(model.views[model.roots[number].view].element,
                                        "the view controller's \(guide.identifier) could not be made: \(error)"))
            return nil
        }
        return guide
    }

    private mutating func item(_ reference: ItemReference) -> LayoutItem? {
        switch reference {
        case .view(let index): return views[index]
        case .safeArea(let index): return views[index]?.safeAreaLayoutGuide
        case .topLayoutGuide(let root): return model.roots[root].topLayoutGuideID.flatMap { items[$0] }
        case .bottomLayoutGuide(let root): return model.roots[root].bottomLayoutGuideID.flatMap { items[$0] }
        case .contentGuide(let index), .frameGuide(let index):
            guard let scrollView = views[index] else { return nil }
            do {
                if case .contentGuide = reference {
                    return try scrollGuides.contentGuide(of: index, scrollView: scrollView, engine: engine)
                }
                return try scrollGuides.frameGuide(of: index, scrollView: scrollView, engine: engine)
            } catch {
                reports.append(ImportReport(model.views[index].element, "the scroll view's guide could not be made: \(error)"))
                return nil
            }
        }
    }

    /// A constraint side, with UIKit's scroll-view rule applied (ScrollViews.swift): a scroll
    /// view's edge against its content is its content guide's.
    private mutating func item(_ reference: ItemReference, _ attribute: LayoutAttribute, other: ItemReference?,
                               constraint: ConstraintSpec) -> LayoutItem? {
        switch ScrollViews.side(reference, attribute, other: other, in: model) {
        case .unchanged: return item(reference)
        case .content(let index): return item(.contentGuide(index))
        case .unmodelled(let message):
            reports.append(ImportReport(constraint.element, message))
            return item(reference)
        }
    }

    private mutating func addConstraint(_ spec: ConstraintSpec) {
        guard let first = item(spec.firstItem, spec.firstAttribute, other: spec.secondItem, constraint: spec) else {
            reports.append(ImportReport(spec.element, "left out: its first item was not built"))
            return
        }
        var second: LayoutItem?
        if let reference = spec.secondItem {
            guard let item = item(reference, spec.secondAttribute, other: spec.firstItem, constraint: spec) else {
                reports.append(ImportReport(spec.element, "left out: its second item was not built"))
                return
            }
            second = item
        }
        do {
            let constraint = try LayoutConstraint(item: first, attribute: spec.firstAttribute, relatedBy: spec.relation,
                                                  toItem: second, attribute: spec.secondAttribute,
                                                  multiplier: spec.multiplier, constant: spec.constant,
                                                  priority: spec.priority)
            if let id = spec.id { constraint.identifier = id }
            do {
                try constraint.setActive(true)
            } catch {
                engine.free(constraint)
                throw error
            }
        } catch {
            reports.append(ImportReport(spec.element, "left out: \(error)"))
        }
    }
}
