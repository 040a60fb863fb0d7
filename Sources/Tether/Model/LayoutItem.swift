/// What views and layout guides have in common: an engine, an id, an identifier, anchors.
/// Every layout attribute of an item refers to its alignment rectangle.
public class LayoutItem: CustomStringConvertible {
    /// The engine that owns the item (nil once freed).
    public private(set) weak var engine: LayoutEngine?
    /// The engine-owned id (index + generation) used across the C ABI.
    public internal(set) var id: UInt64 = 0
    /// A name for descriptions and messages (Apple's `identifier`).
    public var identifier: String = "" { didSet { markChanged() } }

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// Forgets the engine; the item can no longer be used.
    func detachFromEngine() { engine = nil }

    /// Whether the item still belongs to an engine.
    public var isLive: Bool { engine != nil }

    /// The view whose coordinate space the item's frame is expressed in (a view's superview, a
    /// guide's owning view).
    var parentView: View? { nil }

    /// The view that roots this item's hierarchy (for a view: itself when it has no superview).
    package var rootView: View? { nil }

    /// Effective layout direction (views: their own resolution; guides: their owner's).
    package var effectiveDirection: LayoutDirection { engine?.defaultDirection ?? .leftToRight }

    /// Marks the item's root as needing a layout pass; `rebuild` when the change affects the
    /// shape of the solver's constraints (not just a root size or a content size).
    func markChanged(rebuild: Bool = true) {
        guard let root = rootView, let engine else { return }
        engine.itemChanged(root: root, rebuild: rebuild)
    }

    var kindName: String { "LayoutItem" }

    // MARK: Anchors (typed: illegal pairings cannot be written)

    public var leftAnchor: XAxisAnchor { XAxisAnchor(self, .left) }
    public var rightAnchor: XAxisAnchor { XAxisAnchor(self, .right) }
    public var leadingAnchor: XAxisAnchor { XAxisAnchor(self, .leading) }
    public var trailingAnchor: XAxisAnchor { XAxisAnchor(self, .trailing) }
    public var centerXAnchor: XAxisAnchor { XAxisAnchor(self, .centerX) }
    public var topAnchor: YAxisAnchor { YAxisAnchor(self, .top) }
    public var bottomAnchor: YAxisAnchor { YAxisAnchor(self, .bottom) }
    public var centerYAnchor: YAxisAnchor { YAxisAnchor(self, .centerY) }
    public var widthAnchor: DimensionAnchor { DimensionAnchor(self, .width) }
    public var heightAnchor: DimensionAnchor { DimensionAnchor(self, .height) }
}
