import Tether

/// What the importer asks a measure hook about one view: its class (the element's name, as
/// `label`), its IB id, its element (for its text, font, image) and its saved frame's size.
public struct IntrinsicSizeRequest: Sendable {
    public let className: String
    public let id: String?
    public let element: XMLElement
    public let savedSize: Size?
}

/// Gives a view's intrinsic content size (`View.noIntrinsicMetric` on an axis without one), or
/// nil for none at all.
public typealias IntrinsicSizeProvider = (IntrinsicSizeRequest) -> Size?

/// The default provider. Documents save no measurement, only the frame Xcode laid out, which
/// for a view placed by its content is its intrinsic size: the classes that have an intrinsic
/// size in UIKit report their saved frame's size (less the alignment insets of a control that
/// has them). Sliders, progress views and bars (navigation bars, toolbars, tab bars, search
/// bars) have an intrinsic height only (UIKit's `intrinsicContentSize` width is
/// `UIViewNoIntrinsicMetric`); image views only when they show an image; text views only when
/// they do not scroll (ScrollViews.swift); every other class none.
public enum SavedFrameIntrinsicSize {
    public static let classes: Set<String> = [
        "label", "button", "imageView", "switch", "textField", "segmentedControl", "slider", "stepper",
        "activityIndicatorView", "pageControl", "progressView",
        "navigationBar", "toolbar", "tabBar", "searchBar",
    ]

    public static func size(for request: IntrinsicSizeRequest) -> Size? {
        if request.className == "textView" { return ScrollViews.textViewIntrinsicSize(request) }
        guard let frameSize = request.savedSize, classes.contains(request.className) else { return nil }
        // Intrinsic sizes are of the alignment rectangle, which for some controls is smaller
        // than the frame Xcode saves (ControlGeometry.swift).
        let saved = ControlGeometry.alignmentSize(of: request.className, frameSize: frameSize)
        switch request.className {
        case "imageView":
            return request.element["image"] == nil ? nil : saved
        case "slider", "progressView", "navigationBar", "toolbar", "tabBar", "searchBar":
            return Size(width: View.noIntrinsicMetric, height: saved.height)
        default:
            return saved
        }
    }
}
