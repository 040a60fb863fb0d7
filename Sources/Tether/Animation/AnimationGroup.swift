#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One animation block's completion: how many of its tracks (its animations in one engine,
/// started at one clock time) are still running, and whether any was stopped early.
///
/// A block may animate views of several engines, and engines may be used from different threads
/// (each from one at a time), so the counts are kept under a mutex: two engines ending their
/// tracks of one block on two threads must not both miss, or both run, the completion. The
/// completion itself runs outside the lock.
final class AnimationGroup {
    private var completion: ((Bool) -> Void)?
    private var liveTracks = 0
    private var isCommitted = false
    private var anyStopped = false
    /// The track this block fills in each engine's store while it is open (checked against the
    /// store's slot, so a stale entry is harmless). Used only by the thread that opened the block.
    private var openTracks: [(store: ObjectIdentifier, slot: Int32)] = []
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    func trackStarted() { locked { liveTracks += 1 } }

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
        locked {
            liveTracks -= 1
            if stopped { anyStopped = true }
            return takeCompletionIfDone()
        }
    }

    /// Closes the block; a block with no running track completes at once.
    func commit() {
        openTracks = []
        let run = locked { () -> (() -> Void)? in
            isCommitted = true
            return takeCompletionIfDone()
        }
        run?()
    }

    /// Under the lock: the completion, taken, when the block is committed and nothing runs.
    private func takeCompletionIfDone() -> (() -> Void)? {
        guard isCommitted, liveTracks == 0, let completion else { return nil }
        self.completion = nil
        let finished = !anyStopped
        return { completion(finished) }
    }
}
