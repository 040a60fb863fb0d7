import Tether

/// The devices Interface Builder documents name in `<device id="…" orientation="…"/>`, with what
/// UIKit computes at run time for them and the XML leaves out: the screen's size in points, the
/// safe-area insets of a full-screen view controller's root view (status bar, sensor housing,
/// home indicator), and the horizontal system minimum margins of a root view.
///
/// Values are portrait; `orientation="landscape"` swaps the size and uses `landscapeInsets`.
/// Sources: Apple's Human Interface Guidelines "Layout" device table (sizes), the safe-area
/// values UIKit reports on each simulator, and the corpus itself: every id below occurs in
/// `../shared/data/interface-builder` (`grep -ho '<device id="[^"]*"'`), and the frames saved
/// there agree (retina6_1 documents place views pinned to the safe area at y = 48 on a
/// 414 × 896 screen, retina6_12 at y = 59 on 393 × 852).
public struct Device: Equatable, Sendable {
    /// Interface Builder's id (`retina4_7`).
    public let id: String
    /// The device, in words (`iPhone 8`).
    public let name: String
    /// The portrait screen size in points.
    public let portraitSize: Size
    /// The root view's safe-area insets in portrait and in landscape.
    public let portraitInsets: EdgeInsets
    public let landscapeInsets: EdgeInsets

    public init(id: String, name: String, portraitSize: Size, portraitInsets: EdgeInsets, landscapeInsets: EdgeInsets) {
        self.id = id
        self.name = name
        self.portraitSize = portraitSize
        self.portraitInsets = portraitInsets
        self.landscapeInsets = landscapeInsets
    }

    public func screenSize(landscape: Bool) -> Size {
        landscape ? Size(width: portraitSize.height, height: portraitSize.width) : portraitSize
    }

    public func safeAreaInsets(landscape: Bool) -> EdgeInsets { landscape ? landscapeInsets : portraitInsets }

    /// UIKit's system minimum layout margins on the sides of a view controller's root view:
    /// 20 points on screens at least 414 points wide (the Plus and Max phones, iPads), 16 below.
    public func rootHorizontalMargin(landscape: Bool) -> Double {
        Device.horizontalMargin(forWidth: screenSize(landscape: landscape).width)
    }

    /// Screen pixels per point (UIKit's `UIScreen.scale`): 3 on the Plus, X-class and Max phones,
    /// 2 on the others and on iPads, 1 on a TV and on a freeform screen of the import options.
    public var scale: Double {
        switch id {
        case "retina5_5", "retina5_9", "retina6_5", "retina6_7", "retina6_12": return 3
        case "appleTV", "freeform": return 1
        default: return 2
        }
    }

    /// Whether it is an iPad (Interface Builder's ids `ipad…`).
    public var isPad: Bool { id.hasPrefix("ipad") }

    /// The system minimum side margin in a window this wide.
    public static func horizontalMargin(forWidth width: Double) -> Double { width >= 414 ? 20 : 16 }

    /// The device as the Xcode that saved a document simulates it. UIKit has changed the status
    /// bar of some phones with a sensor housing, and Xcode lays documents out with the values of
    /// the iOS it ships with (`toolsVersion` names the Xcode; nil: today's values). The corpus
    /// shows both sides of each change: views pinned to the safe area are saved
    /// - on `retina6_1` (iPhone XR, 11) at y = 44 by Xcode 11 (toolsVersion 17156, 17506) and at
    ///   y = 48 from Xcode 12 (iOS 14) on (22154, 23504);
    /// - on `retina5_9` (iPhone X, XS, 11 Pro) at y = 44 until Xcode 13 (15505, 19455) and at
    ///   y = 50 from Xcode 14 (iOS 16) on (22505);
    /// - on phones without a sensor housing at y = 0 by Xcode 11 (15702, 17156) and at y = 20
    ///   by every other Xcode.
    /// The landscape insets keep today's values: the corpus has no landscape document to tell.
    public static func simulated(id: String, toolsVersion: Int?) -> Device? {
        guard let device = all[id], let toolsVersion else { return all[id] }
        for era in statusBarEras where era.id == id && (era.from...(era.before - 1)).contains(toolsVersion) {
            var insets = device.portraitInsets
            insets.top = era.top
            return Device(id: device.id, name: device.name, portraitSize: device.portraitSize,
                          portraitInsets: insets, landscapeInsets: device.landscapeInsets)
        }
        return device
    }

    /// The portrait top inset a device had in documents saved by the Xcodes from `from` up to
    /// (not including) `before`.
    private static let statusBarEras: [(id: String, from: Int, before: Int, top: Double)] = [
        ("retina6_1", 0, 17701, 44),   // Xcode 12.0 is toolsVersion 17701
        ("retina5_9", 0, 21000, 44),   // Xcode 14.0 is toolsVersion 21xxx; Xcode 13 ends below 21000
        // Xcode 11 (toolsVersion 15xxx to 17xxx) drew no status bar over phones without a sensor
        // housing: SkeletonView's retina4_7 storyboard (15702) and DuckDuckGo's retina4_0 one
        // (17156) center and pin views to a safe area that starts at the screen's top.
        ("retina3_5", 15000, 17701, 0), ("retina4_0", 15000, 17701, 0),
        ("retina4_7", 15000, 17701, 0), ("retina5_5", 15000, 17701, 0),
    ]

    /// The table, by id.
    public static let all: [String: Device] = {
        func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
            EdgeInsets(top: top, left: left, bottom: bottom, right: right)
        }
        // Phones with a status bar only: 20 points on top in portrait; the status bar is hidden
        // in landscape. Phones with a sensor housing: the housing's side in landscape, and the
        // home indicator's 34 points (21 in landscape) at the bottom.
        let list = [
            Device(id: "retina3_5", name: "iPhone 4s", portraitSize: Size(width: 320, height: 480),
                   portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
            Device(id: "retina4_0", name: "iPhone SE (1st generation)", portraitSize: Size(width: 320, height: 568),
                   portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
            Device(id: "retina4_7", name: "iPhone 8", portraitSize: Size(width: 375, height: 667),
                   portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
            Device(id: "retina5_5", name: "iPhone 8 Plus", portraitSize: Size(width: 414, height: 736),
                   portraitInsets: insets(20, 0, 0, 0), landscapeInsets: .zero),
            Device(id: "retina5_9", name: "iPhone 11 Pro", portraitSize: Size(width: 375, height: 812),
                   portraitInsets: insets(50, 0, 34, 0), landscapeInsets: insets(0, 44, 21, 44)),
            Device(id: "retina6_1", name: "iPhone 11", portraitSize: Size(width: 414, height: 896),
                   portraitInsets: insets(48, 0, 34, 0), landscapeInsets: insets(0, 48, 21, 48)),
            Device(id: "retina6_5", name: "iPhone 11 Pro Max", portraitSize: Size(width: 414, height: 896),
                   portraitInsets: insets(44, 0, 34, 0), landscapeInsets: insets(0, 44, 21, 44)),
            Device(id: "retina6_7", name: "iPhone 12 Pro Max", portraitSize: Size(width: 428, height: 926),
                   portraitInsets: insets(47, 0, 34, 0), landscapeInsets: insets(0, 47, 21, 47)),
            Device(id: "retina6_12", name: "iPhone 14 Pro", portraitSize: Size(width: 393, height: 852),
                   portraitInsets: insets(59, 0, 34, 0), landscapeInsets: insets(0, 59, 21, 59)),
            // iPads keep a 20-point status bar in both orientations; the ones with rounded
            // corners have a 24-point one and a 20-point home indicator.
            Device(id: "ipad9_7", name: "iPad (9.7-inch)", portraitSize: Size(width: 768, height: 1024),
                   portraitInsets: insets(20, 0, 0, 0), landscapeInsets: insets(20, 0, 0, 0)),
            Device(id: "ipad12_9rounded", name: "iPad Pro (12.9-inch, 3rd generation)",
                   portraitSize: Size(width: 1024, height: 1366),
                   portraitInsets: insets(24, 0, 20, 0), landscapeInsets: insets(24, 0, 20, 0)),
            // tvOS: the television's overscan-safe area, 60 points top and bottom, 80 on the sides.
            Device(id: "appleTV", name: "Apple TV", portraitSize: Size(width: 1080, height: 1920),
                   portraitInsets: insets(80, 60, 80, 60), landscapeInsets: insets(60, 80, 60, 80)),
        ]
        var table: [String: Device] = [:]
        for device in list { table[device.id] = device }
        return table
    }()
}
