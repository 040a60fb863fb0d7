/// Springs and struts: how an autoresizing mask moves and stretches a view when its superview's
/// bounds size changes, in two equivalent forms.
///
/// **Frame mode** (`resizedFrame`), per axis. A view's extent in its superview of length `W`
/// (width or height of the superview's bounds) has three parts: the min margin `frame.min`, the
/// size, and the max margin `W − frame.max`. When the superview's length becomes `W′`:
/// - fixed parts keep their length;
/// - with `F` the sum of the current lengths of the flexible parts and `F ≠ 0`, each flexible
///   part `q` becomes `q + q·(W′−W)/F` (the change is shared in proportion to current lengths);
/// - when `F == 0` but at least one part is flexible, the change is split equally among the
///   flexible parts (`q + (W′−W)/k` for `k` flexible parts);
/// - with no flexible part nothing changes.
/// The max margin is never stored: it is whatever remains, `W′ − frame.max`.
///
/// **Translation** (`translationRules`): for a view with frame `f` in a superview of size `S`,
/// per axis the affine rules `position = a·S′ + b`, `length = c·S′ + d` that give frame mode's
/// result for every later superview length `S′` (up to floating-point rounding). They become
/// the generated constraints `minX == a·superview.width + b` and `width == c·superview.width + d`
/// (and the vertical analogues). Derivation from frame mode, with `p` the position (= min
/// margin), `w` the length and `k` the number of flexible parts:
/// - `F ≠ 0`: `q + q·(S′−S)/F = (q/F)·S′ + q − (q/F)·S`. So a flexible min margin gives
///   `a = p/F, b = p − a·S`, a flexible size `c = w/F, d = w − c·S`; a fixed part gives factor
///   0 and constant `p` (or `w`). (Equivalently `q′ = (q/F)·(S′ − X)` with `X = S − F` the
///   fixed total.)
/// - `F == 0`, `k > 0`: `q + (S′−S)/k`, so a flexible part has factor `1/k` and constant
///   `q − S/k`.
/// - `k == 0`: `a = c = 0`, `b = p`, `d = w`.
///
/// Because the rules depend only on the frame and superview size they were built from, they are
/// *one-step* frame mode from that state. Repeated frame-mode resizes compose to the same result
/// as one direct resize as long as `F` never becomes 0 along the way (proportional scaling by
/// `(F+Δ₁)/F` then `(F+Δ₁+Δ₂)/(F+Δ₁)` is scaling by `(F+Δ₁+Δ₂)/F`); once `F` reaches 0 every
/// flexible part is 0 and later changes are split equally, so history matters from then on.
///
/// All arithmetic is on exact doubles: no pixel rounding and no carried rounding error. Inputs
/// are expected to be finite (callers validate); a flexible total that is tiny but not zero is
/// used as is.
public struct AutoresizingRule: Sendable, Hashable {
    /// `a` in `position = a·superviewLength + b`.
    public var positionFactor: Double
    /// `b` in `position = a·superviewLength + b`.
    public var positionConstant: Double
    /// `c` in `length = c·superviewLength + d`.
    public var lengthFactor: Double
    /// `d` in `length = c·superviewLength + d`.
    public var lengthConstant: Double

    public init(positionFactor: Double, positionConstant: Double, lengthFactor: Double, lengthConstant: Double) {
        self.positionFactor = positionFactor
        self.positionConstant = positionConstant
        self.lengthFactor = lengthFactor
        self.lengthConstant = lengthConstant
    }

    /// The rule for one axis: a view at `position` with `length` in a superview of
    /// `superviewLength`, with the given flexibility (see the type's documentation).
    public init(position: Double, length: Double, superviewLength: Double,
                flexibility: AutoresizingMask.AxisFlexibility) {
        let parts = AxisParts(position: position, length: length, superviewLength: superviewLength,
                              flexibility: flexibility)
        self.init(positionFactor: 0, positionConstant: position, lengthFactor: 0, lengthConstant: length)
        guard parts.flexibleCount > 0 else { return }
        if parts.flexibleTotal != 0 {
            if flexibility.minMargin {
                positionFactor = position / parts.flexibleTotal
                positionConstant = position - positionFactor * superviewLength
            }
            if flexibility.size {
                lengthFactor = length / parts.flexibleTotal
                lengthConstant = length - lengthFactor * superviewLength
            }
        } else {
            let share = 1 / Double(parts.flexibleCount)
            if flexibility.minMargin {
                positionFactor = share
                positionConstant = position - superviewLength * share
            }
            if flexibility.size {
                lengthFactor = share
                lengthConstant = length - superviewLength * share
            }
        }
    }

    /// `a·superviewLength + b`: the view's min edge in superview coordinates.
    public func position(superviewLength: Double) -> Double {
        positionFactor * superviewLength + positionConstant
    }

    /// `c·superviewLength + d`: the view's width or height.
    public func length(superviewLength: Double) -> Double {
        lengthFactor * superviewLength + lengthConstant
    }

    /// Whether the rule ignores the superview's length (both factors zero).
    public var isConstant: Bool { positionFactor == 0 && lengthFactor == 0 }

    // MARK: Translation

    /// The per-axis rules for a view with `frame` (in superview coordinates) and `mask` in a
    /// superview whose bounds have size `superviewSize`.
    public static func translationRules(frame: Rect, mask: AutoresizingMask, superviewSize: Size)
        -> (horizontal: AutoresizingRule, vertical: AutoresizingRule)
    {
        (AutoresizingRule(position: frame.minX, length: frame.width, superviewLength: superviewSize.width,
                          flexibility: mask.flexibility(along: .horizontal)),
         AutoresizingRule(position: frame.minY, length: frame.height, superviewLength: superviewSize.height,
                          flexibility: mask.flexibility(along: .vertical)))
    }

    /// The frame two rules give in a superview of `superviewSize`.
    public static func frame(horizontal: AutoresizingRule, vertical: AutoresizingRule, superviewSize: Size) -> Rect {
        Rect(x: horizontal.position(superviewLength: superviewSize.width),
             y: vertical.position(superviewLength: superviewSize.height),
             width: horizontal.length(superviewLength: superviewSize.width),
             height: vertical.length(superviewLength: superviewSize.height))
    }

    // MARK: Frame mode

    /// One axis of frame mode: the new position and length of a view at `position` with `length`
    /// when its superview's length goes from `oldSuperviewLength` to `newSuperviewLength`.
    public static func resizedSpan(position: Double, length: Double,
                                   flexibility: AutoresizingMask.AxisFlexibility,
                                   oldSuperviewLength: Double, newSuperviewLength: Double)
        -> (position: Double, length: Double)
    {
        let parts = AxisParts(position: position, length: length, superviewLength: oldSuperviewLength,
                              flexibility: flexibility)
        guard parts.flexibleCount > 0 else { return (position, length) }
        let change = newSuperviewLength - oldSuperviewLength
        var newPosition = position
        var newLength = length
        if parts.flexibleTotal != 0 {
            let total = parts.flexibleTotal
            if flexibility.minMargin { newPosition = position + position * change / total }
            if flexibility.size { newLength = length + length * change / total }
        } else {
            let share = change / Double(parts.flexibleCount)
            if flexibility.minMargin { newPosition = position + share }
            if flexibility.size { newLength = length + share }
        }
        return (newPosition, newLength)
    }

    /// Frame mode: `frame` (in superview coordinates) after the superview's bounds size changes
    /// from `oldSuperviewSize` to `newSuperviewSize`, per `mask`.
    public static func resizedFrame(_ frame: Rect, mask: AutoresizingMask,
                                    oldSuperviewSize: Size, newSuperviewSize: Size) -> Rect
    {
        let h = resizedSpan(position: frame.minX, length: frame.width,
                            flexibility: mask.flexibility(along: .horizontal),
                            oldSuperviewLength: oldSuperviewSize.width, newSuperviewLength: newSuperviewSize.width)
        let v = resizedSpan(position: frame.minY, length: frame.height,
                            flexibility: mask.flexibility(along: .vertical),
                            oldSuperviewLength: oldSuperviewSize.height, newSuperviewLength: newSuperviewSize.height)
        return Rect(x: h.position, y: v.position, width: h.length, height: v.length)
    }
}

/// The three parts of one axis and the flexible total, shared by both forms so they agree on `F`.
private struct AxisParts {
    var flexibleTotal: Double
    var flexibleCount: Int

    init(position: Double, length: Double, superviewLength: Double,
         flexibility: AutoresizingMask.AxisFlexibility) {
        let maxMargin = superviewLength - (position + length)
        var total = 0.0
        if flexibility.minMargin { total += position }
        if flexibility.size { total += length }
        if flexibility.maxMargin { total += maxMargin }
        flexibleTotal = total
        flexibleCount = flexibility.flexibleCount
    }
}

extension AutoresizingMask {
    /// Frame mode; the same as `AutoresizingRule.resizedFrame(_:mask:oldSuperviewSize:newSuperviewSize:)`.
    public static func resizedFrame(_ frame: Rect, mask: AutoresizingMask,
                                    oldSuperviewSize: Size, newSuperviewSize: Size) -> Rect
    {
        AutoresizingRule.resizedFrame(frame, mask: mask, oldSuperviewSize: oldSuperviewSize,
                                      newSuperviewSize: newSuperviewSize)
    }

    /// The translation rules; the same as `AutoresizingRule.translationRules(frame:mask:superviewSize:)`.
    public static func translationRules(frame: Rect, mask: AutoresizingMask, superviewSize: Size)
        -> (horizontal: AutoresizingRule, vertical: AutoresizingRule)
    {
        AutoresizingRule.translationRules(frame: frame, mask: mask, superviewSize: superviewSize)
    }
}
