/// Where a view is shown while it animates (Core Animation's presentation layer): its model
/// `frame` plus what is left of each running animation's change.
extension View {
    /// The frame shown now, in the superview's coordinates, at the engine's clock. Equal to
    /// `frame` when the view does not animate. A subview's presentation frame is relative to its
    /// superview's presentation frame (use `presentationFrame(in:)` for drawing), so a view
    /// pinned inside a moving superview moves with it.
    public var presentationFrame: Rect {
        let model = frame
        guard !frameAnimations.isEmpty, let store = animationStore else { return model }
        var x = model.minX, y = model.minY, w = model.width, h = model.height
        for a in frameAnimations {
            let r = store.remaining(a.track)
            x += a.dx * r; y += a.dy * r; w += a.dw * r; h += a.dh * r
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The frame this view will show at clock time `time` if nothing changes meanwhile: what
    /// renderers sample to draw an animation ahead of the clock (a time before the clock gives
    /// where the running animations were then, not frames they had replaced).
    public func presentationFrame(at time: Double) -> Rect {
        let model = frame
        guard !frameAnimations.isEmpty, let store = animationStore else { return model }
        var x = model.minX, y = model.minY, w = model.width, h = model.height
        for a in frameAnimations {
            let r = store.remaining(a.track, at: time)
            x += a.dx * r; y += a.dy * r; w += a.dw * r; h += a.dh * r
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The time at which every running animation of this view has ended (the clock if none).
    public var animationEndTime: Double {
        guard let store = engine?.animationStore else { return 0 }
        var end = store.clock
        for a in frameAnimations { end = Swift.max(end, store.tracks[Int(a.track)]!.end) }
        return end
    }

    /// The rate of change of `presentationFrame` (points per second for each of x, y, width and
    /// height) at the engine's clock.
    public var presentationVelocity: Rect {
        guard !frameAnimations.isEmpty, let store = animationStore else { return .zero }
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        for a in frameAnimations {
            let v = store.remainingVelocity(a.track)
            x += a.dx * v; y += a.dy * v; w += a.dw * v; h += a.dh * v
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The presentation frame in the coordinates of `ancestor`'s bounds (this view or one of its
    /// superviews): the presentation origins of the views between added up. Throws
    /// `.invalidHierarchy` when `ancestor` is not this view or one of its superviews, and
    /// `.invalidState` when the sum leaves the doubles (frames near ±1.8e308).
    /// `at`: a clock time to sample (default: the engine's clock).
    public func presentationFrame(in ancestor: View, at time: Double? = nil) throws(LayoutError) -> Rect {
        guard let engine else { throw .freed("\(self) was freed") }
        guard ancestor.engine === engine else { throw .wrongEngine("\(ancestor) belongs to another engine or was freed") }
        let time = time ?? engine.animationClock
        if ancestor === self { return Rect(origin: .zero, size: presentationFrame(at: time).size) }
        var rect = presentationFrame(at: time)
        var v = superview
        while let current = v, current !== ancestor {
            let origin = current.presentationFrame(at: time).origin
            rect = rect.offsetBy(dx: origin.x, dy: origin.y)
            v = current.superview
        }
        guard v != nil else { throw .invalidHierarchy("\(ancestor) is not \(self) or one of its superviews") }
        // Frames near ±1.8e308 nested in each other add up beyond the doubles.
        guard rect.minX.isFinite, rect.minY.isFinite else {
            throw .invalidState("the presentation frame of \(self) in \(ancestor) is beyond the range of doubles "
                + "(its superviews' origins add up past ±1.8e308)")
        }
        return rect
    }

    /// Whether a frame animation of this view is running.
    public var isAnimating: Bool { !frameAnimations.isEmpty }

    /// Stops this view's frame animations (not its subviews'): it shows its model frame; the
    /// completions of blocks left without animations run at the next advance (`false`).
    public func removeAllAnimations() {
        guard let engine, let store = engine.animationStore, !frameAnimations.isEmpty else { return }
        engine.stopAnimations(of: self, in: store)
    }
}
