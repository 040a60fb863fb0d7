/// Rounding frames to a display's pixel grid (`LayoutEngine.displayScale`), as UIKit rounds the
/// frames its layout engine computes to its screen's scale.
///
/// Each edge of a view's frame is rounded on its own, in its root's coordinates, to the nearest
/// multiple of `1 / scale` (halves away from zero, as C's `round`): an edge that two views
/// share (one's maxX is the other's minX, exactly or within the solver's last bits) lands on one
/// pixel for both, so neighbours stay flush and nothing overlaps or leaves a gap. The frame
/// relative to the superview is the rounded edges minus the superview's rounded origin, so a
/// rounded frame's origin and size are whole pixels too.
///
/// Rounding moves an edge by at most half a pixel, so a length shrinks by at most one pixel.
/// When that takes a view's alignment rect below its intrinsic content size on an axis (and
/// the exact layout was not below it already), the max edge moves out by one pixel (never the
/// min edge: the neighbour before it stays flush). Only the frames shown are rounded: the
/// solver, autoresizing, guides and safe areas keep working with the exact values.
struct PixelGrid {
    let scale: Double

    /// nil for a scale of 0 (no rounding).
    init?(scale: Double) {
        guard scale > 0 else { return nil }
        self.scale = scale
    }

    /// `value` in pixels, rounded to a whole number of them.
    @inline(__always)
    func pixels(_ value: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero)
    }

    /// The rounded frame, in its superview's coordinates, of the view whose exact frame in root
    /// coordinates is `frame`, whose superview's exact origin in root coordinates is `origin`,
    /// with alignment-rect `insets` and intrinsic content size `content` (negative: none on that
    /// axis). The exact frame (relative to the superview) when a rounded value is not finite.
    func rounded(_ frame: Rect, superviewOrigin origin: Point, insets: EdgeInsets, content: Size) -> Rect {
        let ox = pixels(origin.x), oy = pixels(origin.y)
        let x0 = pixels(frame.minX), y0 = pixels(frame.minY)
        let x1 = grown(x0, pixels(frame.maxX), exact: frame.width, needed: content.width, inset: insets.left + insets.right)
        let y1 = grown(y0, pixels(frame.maxY), exact: frame.height, needed: content.height, inset: insets.top + insets.bottom)
        // `+ 0` turns -0.0 into 0.0, as for exact frames.
        let r = Rect(x: (x0 - ox) / scale + 0, y: (y0 - oy) / scale + 0,
                     width: (x1 - x0) / scale + 0, height: (y1 - y0) / scale + 0)
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
            return frame.offsetBy(dx: -origin.x, dy: -origin.y)
        }
        return r
    }

    /// The max edge `max` (in pixels) of a length from `min`: one pixel further when rounding
    /// took the alignment length (the frame's length less `inset`) below the intrinsic `needed`
    /// that the exact length `exact` met.
    @inline(__always)
    private func grown(_ min: Double, _ max: Double, exact: Double, needed: Double, inset: Double) -> Double {
        guard needed >= 0 else { return max }
        let length = needed + inset
        // The solver's last bits do not count as "already below" or "below by rounding".
        let slack = 1e-9 * Swift.max(1, Swift.abs(length))
        guard exact >= length - slack, (max - min) / scale < length - slack else { return max }
        return max + 1
    }
}
