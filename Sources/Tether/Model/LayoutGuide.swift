/// A rectangle that takes part in layout without being a view (UIKit's `UILayoutGuide`):
/// spacers, the layout-margins guide and the safe-area guide. Its `layoutFrame` is in its owning
/// view's coordinates. Guides have edge, center and size attributes (no margins, no baselines).
public final class LayoutGuide: LayoutItem {
    /// Guides the engine owns: a view's margins and safe-area guides, and the guides a stack view
    /// makes for its arrangement (its alignment spanner and the gaps between arranged views).
    package enum SystemKind { case layoutMargins, safeArea, stackSpacer, stackGap }

    public internal(set) weak var owningView: View?
    package let systemKind: SystemKind?
    /// The frame the last layout pass gave the guide, in the owner's coordinates.
    public internal(set) var layoutFrame = Rect.zero

    override init(engine: LayoutEngine) {
        systemKind = nil
        super.init(engine: engine)
    }

    init(systemGuideOf owner: View, kind: SystemKind) {
        systemKind = kind
        super.init(engine: owner.engine!)
        // Named before it has an owner, so that naming it marks no layout dirty.
        switch kind {
        case .layoutMargins: identifier = "UIViewLayoutMarginsGuide"
        case .safeArea: identifier = "UIViewSafeAreaLayoutGuide"
        case .stackSpacer: identifier = "UISV-alignment-spanner"
        case .stackGap: identifier = "UISV-distributing"
        }
        owningView = owner
        owner.engine?.register(self)
        // A view's margins and safe-area guides are made on first use: the next pass gives them
        // their frames. Stack views make theirs during a pass, which must not ask for another.
        if kind == .layoutMargins || kind == .safeArea { markChanged() }
    }

    /// Whether the engine owns the guide: a view's layout-margins or safe-area guide (owned by
    /// its view for life) or a stack view's arrangement guide (for as long as the arrangement
    /// needs it). Such guides cannot be freed, removed or added to another view.
    public var isSystemGuide: Bool { systemKind != nil }

    /// Stack views' guides print under UIKit's private class names, as in Apple's logs.
    override var kindName: String {
        switch systemKind {
        case .stackSpacer: return "_UILayoutSpacer"
        case .stackGap: return "_UIOLAGapGuide"
        default: return "LayoutGuide"
        }
    }
    override var parentView: View? { owningView }
    override package var rootView: View? { owningView?.rootView }
    override package var effectiveDirection: LayoutDirection {
        owningView?.effectiveDirection ?? engine?.defaultDirection ?? .leftToRight
    }
}
