#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tags that tie ids to the engine that made them (bits 52–63 of every view, guide and
/// constraint id, `IDTable`).
///
/// Tags are handed out in turn, 0 first (so a program's first engine numbers its items
/// 0x100000001, 0x100000002, …), skipping the tags of engines still alive: up to 4,096 engines
/// alive at once have tags of their own, so an id from one is refused by every other, and an
/// engine made after another was freed does not take its tag until 4,095 more were made, so a
/// freed engine's ids are refused too. (Beyond 4,096 engines alive at once tags repeat, as the
/// solver's do.) Engines are made on any thread: the state is behind a pthread mutex, which
/// ThreadSanitizer sees (it did not see the Synchronization module's Mutex and reported races).
final class EngineTags: @unchecked Sendable {
    static let shared = EngineTags()
    static let count: UInt64 = 1 << 12

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var next: UInt64 = 0
    /// One bit per tag, set while an engine holds it: allocated once with the allocator (a fixed
    /// 512 bytes that never grow, so nothing is allocated per engine).
    private let live: UnsafeMutablePointer<UInt64>

    private init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        live = .allocate(capacity: Int(EngineTags.count / 64))
        live.initialize(repeating: 0, count: Int(EngineTags.count / 64))
    }

    private func isLive(_ tag: UInt64) -> Bool { live[Int(tag / 64)] & (1 << (tag % 64)) != 0 }

    /// A tag for a new engine.
    func take() -> UInt64 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        var tag = next
        // The first tag from `next` on that no live engine holds.
        for _ in 0..<EngineTags.count where isLive(tag) { tag = (tag + 1) % EngineTags.count }
        next = (tag + 1) % EngineTags.count
        live[Int(tag / 64)] |= 1 << (tag % 64)
        return tag
    }

    /// Gives `tag` back when its engine is freed.
    func release(_ tag: UInt64) {
        pthread_mutex_lock(lock)
        live[Int(tag / 64)] &= ~(1 << (tag % 64))
        pthread_mutex_unlock(lock)
    }
}
