/// `UIViewAutoresizing`: which parts of a view's frame stretch when its superview's bounds change.
///
/// Bits and names are UIKit's, and so is their meaning: y grows downward, so the *top* margin is
/// the minimum-y margin (`flexibleTopMargin` = 8) and the bottom margin the maximum-y one
/// (`flexibleBottomMargin` = 32). AppKit uses the same numbers with y up (its `MinYMargin`, 8, is
/// the bottom margin); a port from AppKit must translate by flippedness, not by number.
///
/// Per axis a view's extent in its superview is split into three parts, in this order:
/// the min margin (left / top), the size (width / height) and the max margin (right / bottom).
/// Each bit makes one part flexible; the others stay fixed. How a change is distributed is in
/// `AutoresizingRule`.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    /// Accepts any bits (as `OptionSet` requires). Use `init?(validating:)` for untrusted input.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Rejects (returns nil for) any bit above the six defined ones, i.e. values above 63.
    public init?(validating rawValue: UInt32) {
        guard rawValue & ~AutoresizingMask.definedBits == 0 else { return nil }
        self.rawValue = rawValue
    }

    /// The union of the six defined bits (63).
    public static let definedBits: UInt32 = 0x3F

    /// No flexibility: the frame keeps its position relative to the top-left corner and its size.
    public static let none: AutoresizingMask = []
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    /// The top margin (UIKit: y grows downward, so this is the min-y margin).
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    /// The bottom margin (the max-y margin).
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// All six parts flexible (63).
    public static let all = AutoresizingMask(rawValue: definedBits)

    /// Which of an axis' three parts are flexible.
    public struct AxisFlexibility: Sendable, Hashable {
        /// Left margin (horizontal) or top margin (vertical).
        public var minMargin: Bool
        /// Width or height.
        public var size: Bool
        /// Right margin (horizontal) or bottom margin (vertical).
        public var maxMargin: Bool

        public init(minMargin: Bool, size: Bool, maxMargin: Bool) {
            self.minMargin = minMargin
            self.size = size
            self.maxMargin = maxMargin
        }

        /// How many of the three parts are flexible (0...3).
        public var flexibleCount: Int { (minMargin ? 1 : 0) + (size ? 1 : 0) + (maxMargin ? 1 : 0) }

        /// Three characters in the order min margin, size, max margin: `-` fixed, `&` flexible;
        /// an axis with no flexible part prints `--&` (see `AutoresizingMask.notation`).
        public var notation: String {
            if flexibleCount == 0 { return "--&" }
            return (minMargin ? "&" : "-") + (size ? "&" : "-") + (maxMargin ? "&" : "-")
        }
    }

    /// The flexibility of the three parts along `axis`.
    public func flexibility(along axis: Axis) -> AxisFlexibility {
        switch axis {
        case .horizontal:
            return AxisFlexibility(minMargin: contains(.flexibleLeftMargin),
                                   size: contains(.flexibleWidth),
                                   maxMargin: contains(.flexibleRightMargin))
        case .vertical:
            return AxisFlexibility(minMargin: contains(.flexibleTopMargin),
                                   size: contains(.flexibleHeight),
                                   maxMargin: contains(.flexibleBottomMargin))
        }
    }

    /// Apple's `h=XYZ v=XYZ` prefix of `NSAutoresizingMaskLayoutConstraint` descriptions.
    ///
    /// Interpretation (from the Auto Layout Guide's "Understanding the Logs" as summarised in
    /// autolayout-semantics.md §4.3): per axis three characters, in the order min margin, size,
    /// max margin (h: left, width, right; v: top, height, bottom), `-` for a fixed part and `&` for
    /// a flexible one. The rule is applied **per axis**: an axis with no flexible bit at all prints
    /// `--&`, because the guide documents the no-flexibility ("default") mask as `--&`: the
    /// top-left corner and the size stay constant, so the far margin is the part that absorbs the
    /// superview's change. An axis with at least one flexible bit prints its bits literally.
    ///
    /// Consequences: `none` → `h=--& v=--&`; `all` → `h=&&& v=&&&`;
    /// `[.flexibleWidth, .flexibleBottomMargin]` → `h=-&- v=--&`; `.flexibleWidth` alone →
    /// `h=-&- v=--&` (its vertical axis has no bit). An axis with no bit and an axis with only the
    /// max margin flexible print the same `--&`, and indeed they resize identically (a lone
    /// flexible part absorbs the whole change, which leaves position and size unchanged).
    /// `---` (seen on UIKit's private encapsulated-layout constraints) is never produced from a
    /// mask. Bits above 63 are ignored here.
    public var notation: String {
        "h=" + flexibility(along: .horizontal).notation + " v=" + flexibility(along: .vertical).notation
    }
}
