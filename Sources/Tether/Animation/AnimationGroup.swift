/// One animation block's completion: how many of its tracks (its animations in one engine,
/// started at one clock time) are still running, and whether any was stopped early.
final class AnimationGroup {
    private var completion: ((Bool) -> Void)?
    private(set) var liveTracks = 0
    private(set) var isCommitted = false
    private var anyStopped = false
    /// The track this block fills in each engine's store while it is open (checked against the
    /// store's slot, so a stale entry is harmless).
    private var openTracks: [(store: ObjectIdentifier, slot: Int32)] = []

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func trackStarted() { liveTracks += 1 }

    func openTrack(in store: AnimationStore) -> Int32? {
        let key = ObjectIdentifier(store)
        return openTracks.last { $0.store == key }?.slot
    }

    func setOpenTrack(_ slot: Int32, in store: AnimationStore) {
        let key = ObjectIdentifier(store)
        openTracks.removeAll { $0.store == key }
        openTracks.append((key, slot))
    }

    /// Marks one track ended; returns the completion to run now (once, after commit, when none
    /// is left), with its `finished` flag.
    func trackEnded(stopped: Bool) -> (() -> Void)? {
        liveTracks -= 1
        if stopped { anyStopped = true }
        return takeCompletionIfDone()
    }

    /// Closes the block; a block with no running track completes at once.
    func commit() {
        isCommitted = true
        openTracks = []
        takeCompletionIfDone()?()
    }

    private func takeCompletionIfDone() -> (() -> Void)? {
        guard isCommitted, liveTracks == 0, let completion else { return nil }
        self.completion = nil
        let finished = !anyStopped
        return { completion(finished) }
    }
}
