import Tether

/// Animations drawn as SVG (docs/animation.md): one document in which every moving view's rect
/// and label move with SMIL `<animate>` elements (it plays in any browser), or a sequence of
/// stills, one per frame at a frame rate. Both sample `presentationFrame(in:at:)` from the
/// engine's clock to the time the subtree's last running animation ends; nothing advances the
/// clock, so the host's animations are left as they were.

/// How an animated SVG is sampled and played.
public struct SVGAnimationOptions: Equatable, Sendable {
    /// How the views are drawn (their `presentationTime` is ignored: the document starts at the
    /// engine's clock).
    public var svg: SVGOptions
    /// Samples per second of clock time. Finite and greater than 0.
    public var framesPerSecond: Double
    /// nil plays the animation once and keeps its last frame (SMIL's `fill="freeze"`); a count
    /// (finite and > 0, or `.infinity` for `indefinite`) repeats it.
    public var repeatCount: Double?

    /// The most samples one animation may take (a limit against a typo'd frame rate or an
    /// hour-long animation filling memory): 100,000, 27 minutes at 60 frames per second.
    public static let maximumSamples = 100_000
    /// The most view frames an animated document may sample (samples × views of the subtree):
    /// 5,000,000, e.g. 1,000 views for 83 seconds at 60 frames per second.
    public static let maximumSampledFrames = 5_000_000

    public init(svg: SVGOptions = SVGOptions(), framesPerSecond: Double = 60, repeatCount: Double? = nil) {
        self.svg = svg
        self.framesPerSecond = framesPerSecond
        self.repeatCount = repeatCount
    }

    /// Throws for a frame rate that is not finite and > 0, a repeat count that is not > 0 (or is
    /// NaN), or bad drawing options.
    public func validate() throws(LayoutError) {
        var still = svg
        still.presentationTime = nil
        try still.validate()
        guard framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw .invalidArgument("frames per second must be finite and greater than 0, got \(formatNumber(framesPerSecond))")
        }
        if let count = repeatCount, !(count > 0) {
            throw .invalidArgument("repeat count must be greater than 0 (infinity: indefinitely), got \(formatNumber(count))")
        }
    }
}

/// Sampling and drawing of a subtree's running animations.
public enum SVGAnimation {
    /// The clock times a subtree's animation is sampled at, at `framesPerSecond`: the engine's
    /// clock, then every 1/fps seconds after it, and the time the last animation of the subtree
    /// ends (`animationEndTime`), so that the last sample shows the model frames. Only the clock
    /// when nothing in the subtree animates. Brings the root's layout up to date first.
    /// Throws `.invalidArgument` past `SVGAnimationOptions.maximumSamples`.
    public static func sampleTimes(of view: View, framesPerSecond: Double) throws(LayoutError) -> [Double] {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw .invalidArgument("frames per second must be finite and greater than 0, got \(formatNumber(framesPerSecond))")
        }
        guard let engine = view.engine, let root = view.rootView else { throw .freed("the view was freed") }
        try engine.layoutIfNeeded(root)
        let start = engine.animationClock
        var end = start
        for v in subtree(of: view) { end = Swift.max(end, v.animationEndTime) }
        return try times(from: start, to: end, framesPerSecond: framesPerSecond)
    }

    /// `start`, `start + k / fps` for every k with that time before `end`, and `end`.
    static func times(from start: Double, to end: Double, framesPerSecond fps: Double) throws(LayoutError) -> [Double] {
        guard end > start else { return [start] }
        let span = (end - start) * fps
        // Samples closer than a millionth of a frame to the end are the end itself.
        let steps = (span - 1e-6).rounded(.up)
        guard steps < Double(SVGAnimationOptions.maximumSamples) else {
            throw .invalidArgument("\(formatNumber(end - start)) seconds at \(formatNumber(fps)) frames per second "
                + "is more than \(SVGAnimationOptions.maximumSamples) samples")
        }
        var result = (0..<Swift.max(1, Int(steps))).map { start + Double($0) / fps }
        result.append(end)
        return result
    }

    /// The subtree of `view`, depth-first in subview order (the order the renderer draws).
    static func subtree(of view: View) -> [View] {
        var result: [View] = []
        var pending = [view]
        while let v = pending.popLast() {
            result.append(v)
            pending.append(contentsOf: v.subviews.reversed())
        }
        return result
    }

    /// Each view's presentation frame at `time` in the coordinates of `top`'s bounds.
    static func frames(of top: View, at time: Double) -> [ObjectIdentifier: Rect] {
        var frames: [ObjectIdentifier: Rect] = [:]
        var pending: [(View, Point)] = [(top, .zero)]
        while let (view, origin) = pending.popLast() {
            let size = view.presentationFrame(at: time).size
            frames[ObjectIdentifier(view)] = Rect(origin: origin, size: size)
            for subview in view.subviews {
                let f = subview.presentationFrame(at: time)
                pending.append((subview, Point(x: origin.x + f.minX, y: origin.y + f.minY)))
            }
        }
        return frames
    }

    /// The largest size `top` is drawn at over `times` (the canvas every frame shares).
    static func canvas(of top: View, at times: [Double]) -> Size {
        var width = 0.0, height = 0.0
        for t in times {
            let size = top.presentationFrame(at: t).size
            width = Swift.max(width, Swift.abs(size.width))
            height = Swift.max(height, Swift.abs(size.height))
        }
        return Size(width: width, height: height)
    }

    /// The subtree's animation as one SVG document: the drawing at the engine's clock, with an
    /// `<animate>` for each of x, y, width and height of every view rect (and x, y of its label)
    /// whose value changes, sampled at `sampleTimes(of:framesPerSecond:)`, played linearly between
    /// samples over the animation's duration and frozen at its end. The canvas spans the largest
    /// size the view takes. Constraint lines, margins and guides (when asked for) are drawn at the
    /// start. The same hierarchy and clock always give the same bytes. Throws `.invalidArgument`
    /// past `SVGAnimationOptions.maximumSampledFrames`.
    public static func animatedDocument(of view: View, _ options: SVGAnimationOptions = SVGAnimationOptions())
        throws(LayoutError) -> String {
        try options.validate()
        let times = try sampleTimes(of: view, framesPerSecond: options.framesPerSecond)
        let start = times[0], duration = times[times.count - 1] - start
        let views = subtree(of: view).count
        guard times.count == 1 || times.count * views <= SVGAnimationOptions.maximumSampledFrames else {
            throw .invalidArgument("\(times.count) samples of \(views) views is more than "
                + "\(SVGAnimationOptions.maximumSampledFrames) frames: lower the frame rate or draw a smaller subtree")
        }
        var still = options.svg
        still.presentationTime = start
        let drawn = try SVGRenderer(still).drawing(of: view, canvas: canvas(of: view, at: times))
        var lines = drawn.lines
        guard duration > 0 else { return lines.joined(separator: "\n") + "\n" }

        let samples = times.map { frames(of: view, at: $0) }
        let keyTimes = times.map { fixedNumber(($0 - start) / duration, decimals: 6) }.joined(separator: ";")
        var timing = "dur=\"\(fixedNumber(duration, decimals: 6))s\" calcMode=\"linear\" fill=\"freeze\""
        if let count = options.repeatCount {
            timing += " repeatCount=\"\(count.isInfinite ? "indefinite" : formatNumber(count))\""
        }
        func animate(_ attribute: String, _ values: [Double]) -> String? {
            guard values.contains(where: { $0 != values[0] }) else { return nil }
            let list = values.map(svgNumber).joined(separator: ";")
            return "<animate attributeName=\"\(attribute)\" keyTimes=\"\(keyTimes)\" values=\"\(list)\" \(timing)/>"
        }
        var moving = 0
        for v in drawn.views {
            let key = ObjectIdentifier(v)
            // As drawn: a negative width or height from the other corner.
            let rects = samples.map { s -> Rect in
                let r = s[key]!
                return Rect(x: Swift.min(r.minX, r.maxX), y: Swift.min(r.minY, r.maxY),
                            width: Swift.abs(r.width), height: Swift.abs(r.height))
            }
            let rectAnimations = [animate("x", rects.map(\.minX)), animate("y", rects.map(\.minY)),
                                  animate("width", rects.map(\.width)), animate("height", rects.map(\.height))]
                .compactMap { $0 }
            guard !rectAnimations.isEmpty else { continue }
            moving += 1
            if let index = drawn.rectLines[key] {
                lines[index] = inserting(rectAnimations.joined(), before: "</rect>", in: lines[index])
            }
            if let (index, baseline) = drawn.labels[key] {
                // The label keeps its place in its view: it moves with the view's corner.
                let x0 = rects[0].minX, y0 = rects[0].minY
                let labelAnimations = [animate("x", rects.map { baseline.x + $0.minX - x0 }),
                                       animate("y", rects.map { baseline.y + $0.minY - y0 })].compactMap { $0 }
                lines[index] = inserting(labelAnimations.joined(), before: "</text>", in: lines[index])
            }
        }
        // What the document covers, for readers and tools: the clock span and the moving views.
        lines[1] = String(lines[1].dropLast()) + (""
            + " data-animation-start=\"\(fixedNumber(start, decimals: 6))\""
            + " data-animation-duration=\"\(fixedNumber(duration, decimals: 6))\""
            + " data-animation-samples=\"\(times.count)\" data-animated-views=\"\(moving)\">")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The subtree drawn at each of `sampleTimes(of:framesPerSecond:)`: one still document per
    /// frame (`SVGOptions.presentationTime`), with the time each shows. Each is drawn at the size
    /// the view has then, as a still from the C API or Python is (all the same size unless the
    /// drawn view itself changes size).
    public static func frameDocuments(of view: View, _ options: SVGAnimationOptions = SVGAnimationOptions())
        throws(LayoutError) -> [(time: Double, svg: String)] {
        try options.validate()
        let times = try sampleTimes(of: view, framesPerSecond: options.framesPerSecond)
        var result: [(time: Double, svg: String)] = []
        for t in times {
            var still = options.svg
            still.presentationTime = t
            result.append((t, try SVGRenderer(still).render(view)))
        }
        return result
    }

    /// `text` with `insertion` placed before `marker`, the element's end tag it ends with.
    private static func inserting(_ insertion: String, before marker: String, in text: String) -> String {
        guard !insertion.isEmpty, text.hasSuffix(marker) else { return text }
        return String(text.dropLast(marker.count)) + insertion + marker
    }
}

/// A drawing kept as lines, with where each view's rect and label are (for `SVGAnimation`).
struct SVGDrawnDocument {
    var lines: [String]
    /// The subtree in drawing order.
    var views: [View]
    var rectLines: [ObjectIdentifier: Int]
    var labels: [ObjectIdentifier: (line: Int, baseline: Point)]

    var text: String { lines.joined(separator: "\n") + "\n" }
}

extension View {
    /// The subtree's running animations as one animated SVG document
    /// (`SVGAnimation.animatedDocument(of:_:)`).
    public func animatedSVG(_ options: SVGAnimationOptions = SVGAnimationOptions()) throws(LayoutError) -> String {
        try SVGAnimation.animatedDocument(of: self, options)
    }
}

/// Fixed-point with at most `decimals` decimals, no exponent, no `-0`: keyTimes and durations
/// need more digits than coordinates (`svgNumber`'s three).
func fixedNumber(_ x: Double, decimals: Int) -> String {
    var unit = 1.0
    for _ in 0..<decimals { unit *= 10 }
    let scaled = (x * unit).rounded()
    guard scaled.isFinite, Swift.abs(scaled) < 1e15 else { return formatNumber(x) }
    let n = Int64(scaled)
    if n == 0 { return "0" }
    let magnitude = n.magnitude, divisor = UInt64(unit)
    var text = String(magnitude / divisor)
    let fraction = magnitude % divisor
    if fraction != 0 {
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
    }
    return n < 0 ? "-" + text : text
}
