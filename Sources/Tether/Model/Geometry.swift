/// A point in UIKit coordinates (y grows downward).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A size; components may be `LayoutView.noIntrinsicMetric` (-1) where a size means "intrinsic".
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "(\(width), \(height))" }
}

/// A rectangle: origin (top-left, y down) and size. Frames are exact doubles (no pixel rounding).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// Inset by `insets` (positive insets shrink the rectangle).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// Outset by `insets` (the inverse of `inset(by:)`).
    public func outset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX - insets.left, y: minY - insets.top,
             width: width + insets.left + insets.right, height: height + insets.top + insets.bottom)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    var isFinite: Bool { minX.isFinite && minY.isFinite && width.isFinite && height.isFinite }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// Insets from each edge, in UIKit's order (top, left, bottom, right).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
    public var description: String { "(\(top), \(left), \(bottom), \(right))" }
}

/// `UILayoutConstraintAxis`: horizontal 0, vertical 1.
public enum Axis: Int32, Sendable, CaseIterable {
    case horizontal = 0
    case vertical = 1
}
