/// A rectangle that takes part in layout without being a view (UIKit's `UILayoutGuide`):
/// spacers, the layout-margins guide and the safe-area guide. Its `layoutFrame` is in its owning
/// view's coordinates. Guides have edge, center and size attributes (no margins, no baselines).
public final class LayoutGuide: LayoutItem {
    enum SystemKind { case layoutMargins, safeArea }

    public internal(set) weak var owningView: View?
    let systemKind: SystemKind?
    /// The frame the last layout pass gave the guide, in the owner's coordinates.
    public internal(set) var layoutFrame = Rect.zero

    override init(engine: LayoutEngine) {
        systemKind = nil
        super.init(engine: engine)
    }

    init(systemGuideOf owner: View, kind: SystemKind) {
        systemKind = kind
        super.init(engine: owner.engine!)
        owningView = owner
        identifier = kind == .layoutMargins ? "UIViewLayoutMarginsGuide" : "UIViewSafeAreaLayoutGuide"
        owner.engine?.register(self)
    }

    /// Whether this is a view's layout-margins or safe-area guide (owned by its view for life).
    public var isSystemGuide: Bool { systemKind != nil }

    override var kindName: String { "LayoutGuide" }
    override var parentView: View? { owningView }
    override var rootView: View? { owningView?.rootView }
    override var effectiveDirection: LayoutDirection {
        owningView?.effectiveDirection ?? engine?.defaultDirection ?? .leftToRight
    }
}
