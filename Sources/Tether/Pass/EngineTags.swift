import Synchronization

/// The tags that tie ids to the engine that made them (bits 52–63 of every view, guide and
/// constraint id, `IDTable`).
///
/// Tags are handed out in turn, 0 first (so a program's first engine numbers its items
/// 0x100000001, 0x100000002, …), skipping the tags of engines still alive: up to 4,096 engines
/// alive at once have tags of their own, so an id from one is refused by every other, and an
/// engine made after another was freed does not take its tag until 4,095 more were made, so a
/// freed engine's ids are refused too. (Beyond 4,096 engines alive at once tags repeat, as the
/// solver's do.) Engines are made on any thread: the allocator is behind a lock.
final class EngineTags: Sendable {
    static let shared = EngineTags()
    static let count: UInt64 = 1 << 12

    private struct State {
        var next: UInt64 = 0
        var live: Set<UInt64> = []
    }

    private let state = Mutex(State())

    /// A tag for a new engine.
    func take() -> UInt64 {
        state.withLock { s in
            var tag = s.next
            // Past the last live engine's tag, or the first free one after it.
            for _ in 0..<EngineTags.count where s.live.contains(tag) { tag = (tag + 1) % EngineTags.count }
            s.next = (tag + 1) % EngineTags.count
            s.live.insert(tag)
            return tag
        }
    }

    /// Gives `tag` back when its engine is freed.
    func release(_ tag: UInt64) {
        _ = state.withLock { s in s.live.remove(tag) }
    }
}
