/// The engine's side of animation: its clock, which the host advances (once a frame with a
/// display link, or by any step), and the frame animations of its views.
extension LayoutEngine {
    /// Seconds on this engine's animation clock (0 when made). Presentation frames are computed
    /// at this time; animations start at the time their frames change.
    public var animationClock: Double { animationStore?.clock ?? 0 }

    /// Whether any frame animation of this engine is still running (or stopped but not yet
    /// completed: its completion runs at the next advance).
    public var hasRunningAnimations: Bool { animationStore?.hasRunningTracks ?? false }

    /// Moves the clock forward by `seconds` (≥ 0; 0 runs the completions already due) and runs
    /// the completions of the blocks whose last animations ended by then, in the order their
    /// animations ended.
    public func advance(by seconds: Double) throws(LayoutError) {
        guard seconds.isFinite else { throw .nonFinite("advance of \(formatNumber(seconds)) seconds is not finite") }
        guard seconds >= 0 else {
            throw .invalidArgument("advance of \(formatNumber(seconds)) seconds is negative: the clock only moves forward")
        }
        try setAnimationClock(animationClock + seconds)
    }

    /// Sets the clock to `time` seconds, which must not be before the current time; as `advance`.
    public func setAnimationClock(_ time: Double) throws(LayoutError) {
        guard time.isFinite else { throw .nonFinite("clock time \(formatNumber(time)) is not finite") }
        guard time >= animationClock else {
            throw .invalidArgument("clock time \(formatNumber(time)) is before the current time \(formatNumber(animationClock)): the clock only moves forward")
        }
        let store = animationStoreMade()
        let ended = store.advance(to: time)
        runCompletions(of: ended)
    }

    /// Stops every frame animation of the engine: views show their model frames; the blocks'
    /// completions run at the next advance with `finished` false.
    public func removeAllAnimations() {
        guard let store = animationStore, store.liveAnimations > 0 else { return }
        for case let view as View in items where !view.frameAnimations.isEmpty {
            stopAnimations(of: view, in: store)
        }
    }

    /// At teardown: every track ends now, its views' animations dropped, and the completions
    /// run at once (`finished` false where stopped early), since no advance will come. For owners
    /// that free the engine (the C ABI's `tether_engine_free`) and want the completions to run
    /// while the engine still exists; the engine's deinit calls it too.
    package func stopAllAnimations() {
        guard let store = animationStore, store.hasRunningTracks else { return }
        var completions: [() -> Void] = []
        for (_, track) in store.takeAll() {
            for id in track.views { (item(withID: id) as? View)?.frameAnimations = [] }
            if let run = track.group.trackEnded(stopped: true) { completions.append(run) }
        }
        for run in completions { run() }
    }

    // MARK: Recording and stopping

    func animationStoreMade() -> AnimationStore {
        if let store = animationStore { return store }
        let store = AnimationStore()
        animationStore = store
        return store
    }

    /// Turns the frames a capture saw change into animations from their old shown frames.
    func recordAnimations(_ capture: FrameCapture) {
        guard !capture.views.isEmpty else { return }
        let store = animationStoreMade()
        var slot: Int32?
        // An animation that would end past the largest double (a clock near 1.8e308 plus a long
        // duration) never ends: it is motion doubles cannot hold, as below.
        let endsInDoubles = (store.clock + capture.timing.totalTime).isFinite
        for (view, old) in zip(capture.views, capture.oldFrames) where view.engine === self {
            let new = view.frame
            let dx = old.minX - new.minX, dy = old.minY - new.minY
            let dw = old.width - new.width, dh = old.height - new.height
            guard dx != 0 || dy != 0 || dw != 0 || dh != 0 else { continue }
            let change = Rect(x: dx, y: dy, width: dw, height: dh)
            guard endsInDoubles, motionStaysFinite(of: view, in: store, adding: (change, capture.timing)) else {
                // Too far to animate in doubles: the view jumps, as keepMotionFinite says.
                if !view.frameAnimations.isEmpty { stopAnimations(of: view, in: store) }
                continue
            }
            let track = slot ?? store.track(for: capture.group, timing: capture.timing)
            slot = track
            store.addAnimation(on: track, viewID: view.id)
            view.frameAnimations.append(FrameAnimation(track: track, dx: dx, dy: dy, dw: dw, dh: dh))
            view.animationStore = store
        }
    }

    /// The most a presentation frame's coordinate, or its speed, may reach: far from the largest
    /// double, so that adding it up in any order (and converting it to an ancestor's
    /// coordinates through a few superviews) stays finite.
    static let largestPresentedMagnitude = Double.greatestFiniteMagnitude / 16

    /// Whether `view`'s presentation frame and velocity stay finite at every time with its
    /// running animations (and `adding`, one to be made): for each of x, y, width and height,
    /// the model value plus each animation's change times the most its remaining progress
    /// reaches, and the changes times the most their progress rates reach, must stay within
    /// `largestPresentedMagnitude`.
    func motionStaysFinite(of view: View, in store: AnimationStore,
                           adding: (change: Rect, timing: AnimationTiming)? = nil) -> Bool {
        let model = view.frame
        var reach = [Swift.abs(model.minX), Swift.abs(model.minY), Swift.abs(model.width), Swift.abs(model.height)]
        var rate = [0.0, 0.0, 0.0, 0.0]
        func add(_ d: [Double], _ timing: AnimationTiming) {
            let remaining = timing.remainingBound, speed = timing.rateBound
            for i in 0..<4 where d[i] != 0 {
                reach[i] += Swift.abs(d[i]) * remaining
                rate[i] += Swift.abs(d[i]) * speed
            }
        }
        for a in view.frameAnimations {
            add([a.dx, a.dy, a.dw, a.dh], store.tracks[Int(a.track)]!.timing)
        }
        if let (change, timing) = adding {
            add([change.minX, change.minY, change.width, change.height], timing)
        }
        let limit = Self.largestPresentedMagnitude
        return (reach + rate).allSatisfy { $0 <= limit }  // false for NaN and infinity too
    }

    /// After a layout pass outside an animating block, which may have moved animating views'
    /// model frames: keepMotionFinite for each view with a running animation. Checked here once
    /// per pass, only while animations run, instead of at each of the pass's frame writes.
    func keepMotionFiniteAfterPass() {
        guard let store = animationStore, store.liveAnimations > 0 else { return }
        for id in store.viewsOfLiveTracks() {
            if let view = item(withID: id) as? View, !view.frameAnimations.isEmpty { keepMotionFinite(of: view) }
        }
    }

    /// After a frame write to an animating view (not animated, or by a layout pass): if its
    /// running animations, added to its new model frame, could take its presentation frame or
    /// velocity beyond `largestPresentedMagnitude` (frames near ±1.8e308, springs thrown at
    /// 1e300 distances a second, durations of 1e-320 s), they stop and it shows its model frame
    /// (their blocks complete with `finished` false, as for a removed view). Doubles cannot
    /// show that motion; a presentation frame of infinity would be worse than a jump.
    func keepMotionFinite(of view: View) {
        guard let store = animationStore, !motionStaysFinite(of: view, in: store) else { return }
        stopAnimations(of: view, in: store)
    }

    /// Stops the animations of `view` and its subtree (it left its superview or is freed).
    func stopAnimations(ofSubtree view: View) {
        guard let store = animationStore, store.liveAnimations > 0 else { return }
        var pending = [view]
        while let v = pending.popLast() {
            if !v.frameAnimations.isEmpty { stopAnimations(of: v, in: store) }
            pending.append(contentsOf: v.subviews)
        }
    }

    func stopAnimations(of view: View, in store: AnimationStore) {
        for animation in view.frameAnimations { store.stopAnimation(on: animation.track) }
        view.frameAnimations = []
    }

    private func runCompletions(of ended: [(slot: Int32, track: AnimationStore.Track)]) {
        guard !ended.isEmpty else { return }
        var completions: [() -> Void] = []
        for (slot, track) in ended {
            for id in track.views {
                guard let view = item(withID: id) as? View, !view.frameAnimations.isEmpty else { continue }
                view.frameAnimations.removeAll { $0.track == slot }
            }
            if let run = track.group.trackEnded(stopped: track.stopped) { completions.append(run) }
        }
        for run in completions { run() }
    }
}
