import Tether

/// One view the importer built, with what the document says about it.
public struct ImportedView {
    public let view: View
    /// The IB id (also the view's `identifier`), nil for the few views IB saves without one (a
    /// prototype cell's content view in older documents).
    public let id: String?
    /// The name the designer gave it in Xcode's outline (`userLabel="Background view"`), if any:
    /// readable where the id is not. It names nothing in layout (constraints name views by id).
    public let userLabel: String?
    /// The element's name: `view`, `label`, `stackView`, …
    public let className: String
    public let line: Int
    /// The frame Xcode saved, in the superview's coordinates (nil when none is saved).
    public let savedFrame: Rect?
    public let isMisplaced: Bool
    public let isAmbiguous: Bool
    /// Whether constraints place it (it does not translate its autoresizing mask and is not a root).
    public let isPlacedByConstraints: Bool
    public let isRoot: Bool
}

/// A root of the imported document.
public struct ImportedRoot {
    public let view: View
    public let id: String?
    public let kind: RootKind
    /// The storyboard scene and view controller it belongs to (nil in xibs).
    public let sceneID: String?
    public let controllerID: String?
}

/// What an import built: the roots, every view and guide by IB id, the device the document
/// names, and reports of what was left out.
public final class ImportedDocument {
    public let engine: LayoutEngine
    public let roots: [ImportedRoot]
    /// Every view, in document order (a view before its subviews).
    public let views: [ImportedView]
    /// IB id → the view, safe-area guide, view controller layout guide or scroll view content or
    /// frame guide (ScrollViews.swift) it names.
    public let items: [String: LayoutItem]
    /// `<device id=…>` and whether `orientation="landscape"`, or what `ImportOptions` gave
    /// instead: the device and orientation the roots are laid out for. `device` is its entry in
    /// the device table (nil when the document names none or one the table lacks), with a
    /// freeform screen size of the options as its screen (id `freeform` without a device).
    public let deviceID: String?
    public let isLandscape: Bool
    /// The device as the Xcode that saved the document simulates it (`Device.simulated`), or
    /// as `ImportOptions` replace it.
    public let device: Device?
    /// The screen the roots are laid out for (nil without a device).
    public var screenSize: Size? { device?.screenSize(landscape: isLandscape) }
    public let reports: [ImportReport]

    init(engine: LayoutEngine, roots: [ImportedRoot], views: [ImportedView], items: [String: LayoutItem],
         deviceID: String?, device: Device?, isLandscape: Bool, reports: [ImportReport]) {
        self.engine = engine
        self.roots = roots
        self.views = views
        self.items = items
        self.deviceID = deviceID
        self.device = device
        self.isLandscape = isLandscape
        self.reports = reports
    }

    /// The view with this IB id.
    public func view(withID id: String) -> View? { items[id] as? View }

    /// Lays out every root (the pass applies `preservesSuperviewLayoutMargins` itself).
    public func layout() throws(LayoutError) {
        for root in roots { try root.view.layoutIfNeeded() }
    }
}
