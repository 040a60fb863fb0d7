import Tether

// What a checked layout document holds before anything is made: its views, stack views, guides
// and constraints, each with the JSON path to blame. DocumentPlan (LayoutDocument+Decoding.swift)
// reads them from JSON; DocumentPlan.build (LayoutDocument.swift) makes them.

/// A view, guide or system guide a constraint refers to (indices into the plan's lists).
enum ItemReference: Equatable {
    case view(Int)
    case guide(Int)
    case layoutMarginsGuide(Int)
    case safeAreaLayoutGuide(Int)
}

struct ViewSpec {
    var path: JSONPath
    var parent: Int?
    var name: String?
    var frame = Rect.zero
    var translatesAutoresizingMaskIntoConstraints = true
    var autoresizingMask: AutoresizingMask = []
    var autoresizesSubviews = true
    var intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    var hugging: (horizontal: Float, vertical: Float) = (250, 250)
    var compression: (horizontal: Float, vertical: Float) = (750, 750)
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// Set by the document (nil: derived from the ancestors, as UIKit derives them).
    var safeAreaInsets: EdgeInsets?
    var insetsLayoutMarginsFromSafeArea = true
    var preservesSuperviewLayoutMargins = false
    var alignmentRectInsets = EdgeInsets.zero
    var semanticContentAttribute = SemanticContentAttribute.unspecified
    var firstBaselineOffsetFromTop: Double?
    var lastBaselineOffsetFromBottom: Double?
    var isHidden = false
    /// Set when the view is a stack view.
    var stack: StackSpec?
    /// One past the last view of this view's subtree (views are listed depth-first).
    var subtreeEnd = 0
}

/// A stack view's properties; arranged views and custom spacings by view index (direct
/// subviews of the stack).
struct StackSpec {
    var axis = Axis.horizontal
    var distribution = StackView.Distribution.fill
    var alignment = StackView.Alignment.fill
    var spacing = 0.0
    var isBaselineRelativeArrangement = false
    var isLayoutMarginsRelativeArrangement = false
    var arranged: [Int] = []
    var customSpacing: [(view: Int, spacing: Double)] = []
}

struct GuideSpec {
    var path: JSONPath
    var owner: Int
    var name: String?
}

struct VisualFormatSpecification {
    var format: String
    var options: FormatOptions
    var metrics: [String: Double]
    /// The names the format may use: every named item of the owning view's subtree.
    var views: [String: ItemReference]
}

struct ConstraintSpec {
    enum Kind {
        case equation(ConstraintEquation<ItemReference>)
        case visualFormat(VisualFormatSpecification)
    }
    var path: JSONPath
    /// The view whose list holds the constraint (its items must be in that view's subtree).
    var owner: Int
    var kind: Kind
    var identifier: String?
    var active: Bool
}
