#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether
import TetherSolver

/// The kinds of object a C handle can point at.
enum HandleKind: UInt8 {
    case solver
    case engine
}

/// Every live C handle (an `Unmanaged` object's address) with its kind, behind a mutex.
/// Each entry point looks its handle up here first, so freed, garbage and wrong-kind handles are
/// rejected with `TETHER_E_INVALID_HANDLE` (and NULL with `TETHER_E_NULL_ARGUMENT`) instead of
/// crashing. The table and the
/// lock live behind pointers, so lookups pay no Swift exclusivity checks.
final class HandleRegistry: @unchecked Sendable {
    static let shared = HandleRegistry()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let table: UnsafeMutablePointer<[UInt: HandleKind]>

    private init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        table = .allocate(capacity: 1)
        table.initialize(to: [:])
    }

    func insert(_ address: UnsafeMutableRawPointer, kind: HandleKind) {
        pthread_mutex_lock(lock)
        table.pointee[UInt(bitPattern: address)] = kind
        pthread_mutex_unlock(lock)
    }

    /// Removes the handle; false if it was not registered with that kind.
    func remove(_ address: UnsafeMutableRawPointer, kind: HandleKind) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let key = UInt(bitPattern: address)
        guard table.pointee[key] == kind else { return false }
        table.pointee[key] = nil
        return true
    }

    func contains(_ address: UnsafeMutableRawPointer, kind: HandleKind) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return table.pointee[UInt(bitPattern: address)] == kind
    }
}

/// Resolves a `tether_solver *` or `tether_engine *` (`name`: "solver", "engine") registered
/// with `kind`, or returns the failing status and its message.
@inline(__always)
func resolveHandle<T: AnyObject>(_ handle: OpaquePointer?, as _: T.Type, kind: HandleKind,
                                 name: String) -> Result<T, StatusFailure> {
    guard let handle else {
        return .failure(StatusFailure(status: TETHER_E_NULL_ARGUMENT, message: "\(name) handle is NULL"))
    }
    let raw = UnsafeMutableRawPointer(handle)
    guard HandleRegistry.shared.contains(raw, kind: kind) else {
        return .failure(StatusFailure(status: TETHER_E_INVALID_HANDLE,
                                      message: "\(name) handle \(raw) is not a live tether_\(name)"))
    }
    return .success(Unmanaged<T>.fromOpaque(raw).takeUnretainedValue())
}

/// A status with its message, as an `Error` so shims can use typed throws.
struct StatusFailure: StatusError {
    var status: tether_status
    var message: String
    var description: String { message }
}

/// Makes a C handle for `object` (retained, registered with `kind`) into `*out`.
func makeHandle<T: AnyObject>(_ object: T, kind: HandleKind, out: UnsafeMutablePointer<OpaquePointer?>?) -> tether_status {
    guard let out else { return failure(TETHER_E_NULL_ARGUMENT, "out is NULL") }
    let raw = Unmanaged.passRetained(object).toOpaque()
    HandleRegistry.shared.insert(raw, kind: kind)
    out.pointee = OpaquePointer(raw)
    return TETHER_OK
}

/// Unregisters and releases a handle made by `makeHandle` (NULL, freed, foreign or wrong-kind
/// handles are errors). If a callback of the object is still running, the shim that made the
/// callback holds the object: it is deallocated when that call returns.
func freeHandle<T: AnyObject>(_ handle: OpaquePointer?, as _: T.Type, kind: HandleKind, name: String) -> tether_status {
    guard let handle else { return failure(TETHER_E_NULL_ARGUMENT, "\(name) handle is NULL") }
    let raw = UnsafeMutableRawPointer(handle)
    guard HandleRegistry.shared.remove(raw, kind: kind) else {
        return failure(TETHER_E_INVALID_HANDLE, "\(name) handle \(raw) is not a live tether_\(name)")
    }
    Unmanaged<T>.fromOpaque(raw).release()
    return TETHER_OK
}
