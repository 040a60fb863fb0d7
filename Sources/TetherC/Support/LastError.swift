#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether

/// The per-thread last-error message behind `tether_last_error()`: a `strdup`ed C string held in
/// a pthread key, freed by the key's destructor when the thread ends and replaced (freed) by the
/// next failing call on the same thread.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in free(pointer) }
        return key
    }()

    /// Always-valid empty string returned before any failure.
    nonisolated(unsafe) static let empty: UnsafeMutablePointer<CChar> = strdup("")!

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        let copy = strdup(message)
        pthread_setspecific(key, copy)
        if let old { free(old) }
    }

    static var current: UnsafePointer<CChar> {
        if let p = pthread_getspecific(key) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(empty)
    }
}

/// Records `message` as the thread's last error and returns `status`.
@inline(never)
func failure(_ status: tether_status, _ message: String) -> tether_status {
    LastError.set(message)
    return status
}
