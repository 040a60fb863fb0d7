/// An engine's animation clock and its running tracks: a track is the animations one block made
/// in this engine at one clock time, sharing a timing and an end. Tracks live in slots (ids are
/// slot numbers kept in views' `FrameAnimation`s); their ends wait in a binary heap, so
/// advancing the clock costs the tracks that end, not the ones still running.
final class AnimationStore {
    struct Track {
        let group: AnimationGroup
        let timing: AnimationTiming
        let start: Double
        var end: Double
        /// Ids of the views with an animation on this track (a view may appear twice).
        var views: [UInt64] = []
        /// Animations not stopped.
        var live = 0
        var stopped = false
        /// The heap entry that ends this track (others for its slot are stale).
        var endSequence: UInt64 = 0
    }

    private(set) var clock = 0.0
    private(set) var tracks: [Track?] = []
    /// Per slot: 1 − progress at `sampledAt[slot]`, so that the views of one track share one
    /// evaluation per clock time (plain arrays: sampling a display frame reads two doubles a view).
    private var sampledAt: [Double] = []
    private var sampledRemaining: [Double] = []
    private var freeSlots: [Int32] = []
    private var ends: [(end: Double, sequence: UInt64, slot: Int32)] = []
    private var sequence: UInt64 = 0
    /// Animations that have not ended or been stopped.
    private(set) var liveAnimations = 0

    var hasRunningTracks: Bool { tracks.count > freeSlots.count }

    /// The track of `group` starting now, made on first use.
    func track(for group: AnimationGroup, timing: AnimationTiming) -> Int32 {
        if let slot = group.openTrack(in: self), let t = tracks[Int(slot)], t.group === group,
           t.start == clock, !t.stopped {
            return slot
        }
        let track = Track(group: group, timing: timing, start: clock, end: clock + timing.totalTime)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            tracks[Int(slot)] = track
            sampledAt[Int(slot)] = .nan
        } else {
            slot = Int32(tracks.count)
            tracks.append(track)
            sampledAt.append(.nan)
            sampledRemaining.append(1)
        }
        group.trackStarted()
        group.setOpenTrack(slot, in: self)
        scheduleEnd(of: slot, at: track.end)
        return slot
    }

    func addAnimation(on slot: Int32, viewID: UInt64) {
        tracks[Int(slot)]!.views.append(viewID)
        tracks[Int(slot)]!.live += 1
        liveAnimations += 1
    }

    /// 1 − progress of track `slot` at the clock.
    @inline(__always)
    func remaining(_ slot: Int32) -> Double {
        let i = Int(slot)
        if sampledAt[i] == clock { return sampledRemaining[i] }
        let r = remaining(slot, at: clock)
        sampledAt[i] = clock
        sampledRemaining[i] = r
        return r
    }

    /// 1 − progress of track `slot` at clock time `time` (not cached).
    func remaining(_ slot: Int32, at time: Double) -> Double {
        guard let t = tracks[Int(slot)] else { return 0 }
        return 1 - t.timing.progress(elapsed: time - t.start)
    }

    /// d(1 − progress)/dt of track `slot` at the clock.
    func remainingVelocity(_ slot: Int32) -> Double {
        let t = tracks[Int(slot)]!
        return -t.timing.velocity(elapsed: clock - t.start)
    }

    /// One animation on `slot` was stopped; an emptied track ends at the clock (its completion
    /// runs at the next advance).
    func stopAnimation(on slot: Int32) {
        let i = Int(slot)
        tracks[i]!.live -= 1
        tracks[i]!.stopped = true
        liveAnimations -= 1
        if tracks[i]!.live == 0 {
            tracks[i]!.end = clock
            scheduleEnd(of: slot, at: clock)
        }
    }

    /// Moves the clock to `time` (not before the current one) and takes out the tracks that end
    /// by then, in order of their ends (then of scheduling), each with its views' ids.
    func advance(to time: Double) -> [(slot: Int32, track: Track)] {
        clock = time
        var ended: [(slot: Int32, track: Track)] = []
        while let first = ends.first, first.end <= time {
            popEnd()
            guard let track = tracks[Int(first.slot)], track.endSequence == first.sequence else { continue }
            ended.append((first.slot, track))
            release(first.slot, track)
        }
        return ended
    }

    /// The ids of the views with an animation on a track that still runs (a view may appear
    /// more than once, and may since have lost that animation).
    func viewsOfLiveTracks() -> [UInt64] {
        var ids: [UInt64] = []
        for case let track? in tracks where track.live > 0 { ids += track.views }
        return ids
    }

    /// Every track, taken out (for stopping all animations).
    func takeAll() -> [(slot: Int32, track: Track)] {
        var all: [(slot: Int32, track: Track)] = []
        for (i, track) in tracks.enumerated() {
            guard let track else { continue }
            all.append((Int32(i), track))
        }
        all.sort { ($0.track.end, $0.track.endSequence) < ($1.track.end, $1.track.endSequence) }
        for (slot, track) in all { release(slot, track) }
        ends.removeAll()
        return all
    }

    private func release(_ slot: Int32, _ track: Track) {
        liveAnimations -= track.live
        tracks[Int(slot)] = nil
        freeSlots.append(slot)
    }

    // MARK: The heap of ends

    private func scheduleEnd(of slot: Int32, at end: Double) {
        sequence += 1
        tracks[Int(slot)]!.endSequence = sequence
        ends.append((end, sequence, slot))
        var i = ends.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard before(ends[i], ends[parent]) else { break }
            ends.swapAt(i, parent)
            i = parent
        }
    }

    private func popEnd() {
        ends.swapAt(0, ends.count - 1)
        ends.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var smallest = i
            if l < ends.count && before(ends[l], ends[smallest]) { smallest = l }
            if r < ends.count && before(ends[r], ends[smallest]) { smallest = r }
            guard smallest != i else { return }
            ends.swapAt(i, smallest)
            i = smallest
        }
    }

    private func before(_ a: (end: Double, sequence: UInt64, slot: Int32),
                        _ b: (end: Double, sequence: UInt64, slot: Int32)) -> Bool {
        a.end < b.end || (a.end == b.end && a.sequence < b.sequence)
    }
}
