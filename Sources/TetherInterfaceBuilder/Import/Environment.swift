import Tether

/// What UIKit gives a root at run time that the document does not save: its safe-area insets
/// and, for a view controller's view, its system minimum margins. Computed from the device
/// table and the scene's simulated bars, never from the saved frames of the root's subviews
/// (those are what a layout is checked against).
///
/// The rule, for a view controller's view and a xib's top-level view (Xcode lays a xib's
/// top-level view out as a view controller's view on the document's device, whatever its size:
/// the corpus's SwiftMessages and DuckDuckGo xibs save their subviews 44 and 20 points inside
/// it, the device's safe area and system margins):
/// - the unsafe band at the top is the device's top inset (0 on a phone without a sensor
///   housing whose simulated status bar is hidden) plus the simulated top bar (explicit, or
///   inferred from segues: InferredBars.swift); at the bottom,
///   the device's bottom inset plus the simulated bottom bar; on the sides, the device's;
/// - the root's insets are how far each band reaches into the root's saved frame (an opaque
///   bar's view starts below the bar and gets no top inset from it). A root taller or wider
///   than the screen (a freeform size) has the screen's bottom and right edges at its own;
/// - its layout margins are UIKit's system minimum: 0 on top and bottom (the safe area adds to
///   them), 16 points on the sides, 20 on screens at least 414 points wide; margins the
///   document sets explicitly are raised to that minimum on the sides, as UIKit's
///   `viewRespectsSystemMinimumLayoutMargins` does.
/// A view controller embedded in a container view gets zero insets and the same margins.
/// Cells get zero insets and keep their margins.
struct Environment {
    var safeAreaInsets: EdgeInsets
    var layoutMargins: EdgeInsets?

    static func of(_ root: RootSpec, frame savedFrame: Rect, explicitMargins: EdgeInsets?,
                   device: Device?, landscape: Bool) -> Environment? {
        guard let device else { return nil }
        guard root.kind == .controllerView || root.kind == .topLevelView else { return nil }
        let screen = device.screenSize(landscape: landscape)
        let frame = savedFrame
        // UIKit picks the side margins by the width of the window; a freeform root is its own
        // window (the SwiftMessages dialog, 600 points wide on retina4_7, has margins of 20).
        let side = root.isFreeform ? Device.horizontalMargin(forWidth: frame.width)
                                   : device.rootHorizontalMargin(landscape: landscape)
        if root.isEmbedded {
            return Environment(safeAreaInsets: .zero, layoutMargins: systemMinimum(side, explicitMargins))
        }
        var deviceInsets = device.safeAreaInsets(landscape: landscape)
        // A hidden status bar frees its band on a phone without a sensor housing; an iPad keeps
        // it (the corpus's one iPad scene that hides it, DuckDuckGo's Tab.storyboard, saves its
        // content 20 points down, as every iPad scene that shows it).
        if root.statusBarHidden && deviceInsets.top <= 24 && !device.isPad { deviceInsets.top = 0 }
        // A view below an opaque bar starts at the bar's edge, wherever the document saved it:
        // the bar and the status bar above it inset none of it (DuckDuckGo's Bookmarks pins its
        // content 0 points below the top of a root saved under an opaque bar, RxSwift's
        // APIWrappers its scroll view to a top layout guide of length 0).
        let top = root.topBarIsOpaque ? frame.minY : deviceInsets.top + root.simulatedTopBarHeight
        let bottom = root.bottomBarIsOpaque ? 0 : deviceInsets.bottom + root.simulatedBottomBarHeight
        // A freeform root is simulated as the whole screen, whatever its size (the corpus's
        // SwiftMessages xibs, 96 to 250 points tall on retina6_1, save their content 44 points
        // from the top and 34 from the bottom); any other root taller or wider than the screen
        // has the screen's bottom and right edges at its own.
        let screenBottom = root.isFreeform ? frame.maxY : Swift.max(screen.height, frame.maxY)
        let screenRight = root.isFreeform ? frame.maxX : Swift.max(screen.width, frame.maxX)
        func clamp(_ value: Double, _ limit: Double) -> Double { Swift.min(Swift.max(0, value), limit) }
        let insets = EdgeInsets(top: clamp(top - frame.minY, frame.height),
                                left: clamp(deviceInsets.left - frame.minX, frame.width),
                                bottom: clamp(frame.maxY - (screenBottom - bottom), frame.height),
                                right: clamp(frame.maxX - (screenRight - deviceInsets.right), frame.width))
        return Environment(safeAreaInsets: insets, layoutMargins: systemMinimum(side, explicitMargins))
    }

    /// A view controller's view's margins: 0 on top and bottom, `side` on the sides, or the
    /// document's own raised to `side` on the sides.
    private static func systemMinimum(_ side: Double, _ explicitMargins: EdgeInsets?) -> EdgeInsets {
        guard let explicitMargins else { return EdgeInsets(top: 0, left: side, bottom: 0, right: side) }
        return EdgeInsets(top: explicitMargins.top, left: Swift.max(side, explicitMargins.left),
                          bottom: explicitMargins.bottom, right: Swift.max(side, explicitMargins.right))
    }

    /// A table view cell's content view's margins in UIKit: 11 points on top and bottom; on a
    /// side, the table's system margin (16 points, 20 on screens at least 414 wide, 16 without
    /// a device) where the content view reaches the cell's edge, which the cell passes on to it;
    /// where the content view stops short of the edge (an accessory on the trailing side), the
    /// part of that margin still inside it, and never less than UIKit's default 8.
    /// Before iOS 11 (documents saved by Xcode 8 and earlier, toolsVersion below 13000) a content
    /// view had UIKit's default margins, 8 on every side: the corpus's Eureka cells of Xcode 7
    /// and 8 save their content 8 points from the cell's edges, where later ones use 16 and 11.
    static func tableCellContentMargins(device: Device?, landscape: Bool, toolsVersion: Int?, cellWidth: Double,
                                        contentFrame: Rect) -> EdgeInsets {
        if let toolsVersion, toolsVersion < 13000 { return EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        let side = device?.rootHorizontalMargin(landscape: landscape) ?? 16
        return EdgeInsets(top: 11, left: Swift.max(8, side - contentFrame.minX), bottom: 11,
                          right: Swift.max(8, side - (cellWidth - contentFrame.maxX)))
    }

    /// Documents saved by Xcode 8 and earlier give a view controller's view under an opaque top
    /// bar the screen's full height below the bar (`y = 64`, `height = 667` on a 667-point
    /// screen), a frame that reaches past the screen; UIKit and Xcode lay it out ending at the
    /// screen's bottom. Every other root keeps its saved frame.
    ///
    /// Below an opaque navigation bar (`translucent="NO"`), UIKit places a view controller's view
    /// from the bar's bottom edge to the screen's bottom (`extendedLayoutIncludesOpaqueBars` is
    /// off by default). A root saved with a frame Xcode itself marks misplaced is laid out there
    /// (DuckDuckGo's Feedback storyboard marks its roots misplaced at 666 points and saves their
    /// scroll views 672 tall: 736 - 64); a root saved in place keeps the frame Xcode gave it
    /// (its Bookmarks storyboard saves roots under an opaque bar at the screen's full height).
    static func rootFrame(_ root: RootSpec, saved: Rect, misplaced: Bool, device: Device?, landscape: Bool) -> Rect {
        guard root.kind == .controllerView, let device else { return saved }
        let screen = device.screenSize(landscape: landscape)
        if root.topBarIsOpaque, misplaced, !root.isEmbedded, !root.isFreeform, saved.width == screen.width {
            var insets = device.safeAreaInsets(landscape: landscape)
            if root.statusBarHidden && insets.top <= 24 && !device.isPad { insets.top = 0 }
            let top = insets.top + root.simulatedTopBarHeight
            return Rect(x: saved.minX, y: top, width: saved.width, height: screen.height - top)
        }
        guard saved.minY > 0 else { return saved }
        guard saved.height == screen.height else { return saved }
        return Rect(x: saved.minX, y: saved.minY, width: saved.width, height: screen.height - saved.minY)
    }
}
