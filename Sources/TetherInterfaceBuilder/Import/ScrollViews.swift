import Tether

/// UIKit's rules for scroll views (Apple's "Working with Scroll Views"):
/// - constraints between the edges (top, bottom, leading, trailing, left, right) of a scroll view
///   and a view inside it attach to the scroll view's content area: they place the content and
///   size it (`contentSize`), and never move or size the scroll view itself;
/// - constraints between the width, height or center of a scroll view and a view inside it
///   attach to the scroll view's frame;
/// - `contentLayoutGuide` and `frameLayoutGuide` (IB's `<viewLayoutGuide key="contentLayoutGuide">`
///   and `key="frameLayoutGuide"`) name the two areas explicitly.
///
/// Tether has no bounds origin, so the content is laid out at content offset 0, where UIKit shows
/// it first and where Xcode saves it: the content area is a layout guide owned by the scroll view
/// whose top-left corner is the scroll view's own (0, 0) and whose size is free (it is the content
/// size, set by the content's constraints alone); the frame guide spans the scroll view's bounds.
/// Views inside a scroll view placed by their autoresizing masks are already in content
/// coordinates (the scroll view's bounds at offset 0), so nothing changes for them.
enum ScrollViews {
    /// The views UIKit derives from `UIScrollView` whose content may be constrained inside them.
    /// Table and collection views lay out their cells at run time (the importer makes each cell
    /// a root); their header, footer and background views are kept at their saved frames.
    static let classNames: Set<String> = ["scrollView", "textView", "tableView", "collectionView"]

    static func isScrollView(_ spec: ViewSpec) -> Bool { classNames.contains(spec.className) }

    /// A text view is a scroll view: it has no intrinsic size, unless its scrolling is off
    /// (`scrollEnabled="NO"`), when UIKit sizes it by its text, as a label: its saved size.
    static func textViewIntrinsicSize(_ request: IntrinsicSizeRequest) -> Size? {
        guard request.element["scrollEnabled"] == "NO", let size = request.savedSize else { return nil }
        return size
    }

    /// Whether `reference` lies inside the view at `ancestor`: a view under it, such a view's
    /// safe area, a nested scroll view's guides (not the ancestor's own safe area or guides).
    static func isInside(_ reference: ItemReference, _ ancestor: Int, in model: DocumentModel) -> Bool {
        var index: Int?
        switch reference {
        case .view(let view), .safeArea(let view), .contentGuide(let view), .frameGuide(let view):
            index = view == ancestor ? nil : model.views[view].parent
        case .topLayoutGuide, .bottomLayoutGuide: return false
        }
        while let current = index {
            if current == ancestor { return true }
            index = model.views[current].parent
        }
        return false
    }

    /// What one side of a constraint means, for the scroll-view rule.
    enum Side {
        /// As written.
        case unchanged
        /// The scroll view's content area (an edge of the scroll view against its content).
        case content(scrollView: Int)
        /// As written, but UIKit's meaning is not modelled: the caller reports it.
        case unmodelled(String)
    }

    /// How the side (`reference`, `attribute`) of a constraint whose other side is `other` is
    /// read: the scroll view's content area when it is a scroll view's edge against a view inside
    /// the scroll view.
    static func side(_ reference: ItemReference, _ attribute: LayoutAttribute, other: ItemReference?,
                     in model: DocumentModel) -> Side {
        guard case .view(let index) = reference, isScrollView(model.views[index]),
              let other, isInside(other, index, in: model) else { return .unchanged }
        switch attribute {
        case .top, .bottom, .leading, .trailing, .left, .right:
            return .content(scrollView: index)
        case .width, .height, .centerX, .centerY, .notAnAttribute:
            return .unchanged
        default:
            return .unmodelled("the \(attribute) of a scroll view against its content is not modelled: "
                               + "it is applied to the scroll view's frame")
        }
    }
}

/// The content and frame guides of the document's scroll views, made when first needed.
struct ScrollViewGuides {
    private(set) var contentGuides: [Int: LayoutGuide] = [:]
    private(set) var frameGuides: [Int: LayoutGuide] = [:]

    /// The content area of `scrollView` (the view at `index`): its top-left corner at the scroll
    /// view's (0, 0), its size the content size.
    mutating func contentGuide(of index: Int, scrollView: View,
                               engine: LayoutEngine) throws(LayoutError) -> LayoutGuide {
        if let guide = contentGuides[index] { return guide }
        let guide = try makeGuide(in: scrollView, engine: engine, name: "contentLayoutGuide", pinned: [.left, .top])
        contentGuides[index] = guide
        return guide
    }

    /// The scroll view's frame, as a guide spanning its bounds.
    mutating func frameGuide(of index: Int, scrollView: View,
                             engine: LayoutEngine) throws(LayoutError) -> LayoutGuide {
        if let guide = frameGuides[index] { return guide }
        let guide = try makeGuide(in: scrollView, engine: engine, name: "frameLayoutGuide", pinned: [.left, .top, .width, .height])
        frameGuides[index] = guide
        return guide
    }

    private func makeGuide(in scrollView: View, engine: LayoutEngine, name: String,
                           pinned: [LayoutAttribute]) throws(LayoutError) -> LayoutGuide {
        let guide = engine.makeLayoutGuide()
        guide.identifier = name
        do {
            try scrollView.addLayoutGuide(guide)
            var constraints: [LayoutConstraint] = []
            for attribute in pinned {
                constraints.append(try LayoutConstraint(item: guide, attribute: attribute, relatedBy: .equal,
                                                        toItem: scrollView, attribute: attribute))
            }
            if pinned.count == 2 {
                // A content size is never negative.
                for attribute in [LayoutAttribute.width, .height] {
                    constraints.append(try LayoutConstraint(item: guide, attribute: attribute,
                                                            relatedBy: .greaterThanOrEqual, toItem: nil,
                                                            attribute: .notAnAttribute, constant: 0))
                }
            }
            try activate(constraints)
        } catch {
            engine.free(guide)
            throw error
        }
        return guide
    }
}
