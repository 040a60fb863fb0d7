import Tether

/// What the document says, read and checked before anything is built (DocumentReader.swift):
/// views, constraints and roots as plain values, with every reference resolved. Building the
/// Tether hierarchy from it (HierarchyBuilder.swift) cannot meet a missing id or a malformed
/// value, so an import either fails before touching the engine or builds everything it read.

/// A view: one element of a `subviews` list, a scene's root view, a xib's top-level view or
/// cell, or a cell's content view.
struct ViewSpec {
    let element: XMLElement
    let id: String?
    let parent: Int?
    var subviews: [Int] = []
    /// `<rect key="frame">`, in the superview's coordinates (nil when the document saves none).
    var frame: Rect?
    /// `<autoresizingMask key="autoresizingMask">` (none when absent).
    var autoresizingMask: AutoresizingMask = []
    /// `translatesAutoresizingMaskIntoConstraints` as written (nil when absent).
    var translatesAttribute: Bool?
    var horizontalHugging: LayoutPriority?
    var verticalHugging: LayoutPriority?
    var horizontalCompression: LayoutPriority?
    var verticalCompression: LayoutPriority?
    /// `layoutMargins` or `directionalLayoutMargins` (leading and trailing read as left and
    /// right: documents are laid out left to right unless a view says otherwise).
    var layoutMargins: EdgeInsets?
    var preservesSuperviewLayoutMargins = false
    var insetsLayoutMarginsFromSafeArea = true
    var semanticContentAttribute: SemanticContentAttribute = .unspecified
    /// The id of `<viewLayoutGuide key="safeArea">`, when the document declares one.
    var safeAreaGuideID: String?
    /// The ids of a scroll view's `contentLayoutGuide` and `frameLayoutGuide` (ScrollViews.swift).
    var contentGuideID: String?
    var frameGuideID: String?
    var stack: StackSpec?
    var isHidden = false
    /// `misplaced="YES"`: Xcode says the saved frame is not where the constraints put the view.
    var isMisplaced = false
    /// The designer's name for it in Xcode's outline (`userLabel`), if any.
    var userLabel: String?
    /// `ambiguous="YES"`: Xcode says the constraints do not fix the view's frame.
    var isAmbiguous = false
    /// A cell's content view: UIKit keeps it the size of the cell's bounds.
    var isContentView = false
    /// A table's `tableHeaderView`, `tableFooterView` or `backgroundView`: the table sets its frame.
    var tablePart: String?
    /// Left out by `<variation key="default">` (or inside a view that is): not built.
    var isExcluded = false

    /// The element's name: `view`, `label`, `stackView`, … (UIKit's class without its prefix).
    var className: String { element.name }
}

/// `<stackView axis=… distribution=… alignment=… spacing=… …>`.
struct StackSpec {
    var axis: Axis = .horizontal
    var distribution: StackView.Distribution = .fill
    var alignment: StackView.Alignment = .fill
    var spacing: Double = 0
    var isBaselineRelativeArrangement = false
    var isLayoutMarginsRelativeArrangement = false
}

/// What a constraint's item id names.
enum ItemReference: Equatable {
    case view(Int)
    /// A view's `safeArea` guide.
    case safeArea(Int)
    /// A view controller's top or bottom layout guide (the root at this index of `roots`).
    case topLayoutGuide(Int)
    case bottomLayoutGuide(Int)
    /// A scroll view's `contentLayoutGuide` and `frameLayoutGuide` (ScrollViews.swift).
    case contentGuide(Int)
    case frameGuide(Int)
}

/// One `<constraint>`, its items resolved.
struct ConstraintSpec {
    let element: XMLElement
    let id: String?
    let firstItem: ItemReference
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let secondItem: ItemReference?
    let secondAttribute: LayoutAttribute
    let multiplier: Double
    let constant: Double
    let priority: LayoutPriority
}

/// Where a root comes from, which decides its run-time environment (Environment.swift).
public enum RootKind: Equatable, Sendable {
    /// A view controller's view (`<view key="view">` in a scene, or in a xib).
    case controllerView
    /// A top-level view of a xib.
    case topLevelView
    /// A table or collection view cell: a xib's top-level cell or a storyboard's prototype.
    case cell
}

/// A view that roots a hierarchy.
struct RootSpec {
    let view: Int
    let kind: RootKind
    /// The scene and view controller it belongs to, for storyboards.
    var sceneID: String?
    var controllerID: String?
    var topLayoutGuideID: String?
    var bottomLayoutGuideID: String?
    /// The simulated bars of its view controller (`simulatedTopBarMetrics`, …), in points.
    var simulatedTopBarHeight: Double = 0
    var simulatedBottomBarHeight: Double = 0
    /// The top (bottom) bar is opaque (`translucent="NO"`): UIKit places the view below (above) it.
    var topBarIsOpaque = false
    var bottomBarIsOpaque = false
    var statusBarHidden = false
    /// Its view controller is embedded in a container view: its view is not on the screen's edges.
    var isEmbedded = false
    /// Simulated at a freeform size (`<freeformSimulatedSizeMetrics key="simulatedDestinationMetrics">`
    /// on the view or its controller): Xcode lays the root out as if it were the whole screen.
    var isFreeform = false
}

/// The whole document, read.
struct DocumentModel {
    var views: [ViewSpec] = []
    var constraints: [ConstraintSpec] = []
    var roots: [RootSpec] = []
    var deviceID: String?
    /// The Xcode that saved the document (`toolsVersion`), which decides some devices' insets.
    var toolsVersion: Int?
    var isLandscape = false
    var reports: [ImportReport] = []
    /// The screen import options lay the roots out for instead (ImportOptions.swift).
    var screenChange: ScreenChange?
}
