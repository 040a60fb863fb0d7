#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether

/// The two-call buffer pattern for strings: writes `text` (UTF-8, NUL-terminated) into
/// `buffer` when it fits; `needed` always receives the size including the NUL.
func copyString(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int,
                needed: UnsafeMutablePointer<Int>?) throws(StatusFailure) {
    var utf8 = Array(text.utf8)
    utf8.append(0)
    let buffer = try checkCapacity(utf8.count, capacity: capacity, buffer: buffer, needed: needed, unit: "bytes")
    utf8.withUnsafeBufferPointer { source in
        UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: source.count)
    }
}

/// The two-call pattern's checks, in the header's order: too small → `needed` and
/// BUFFER_TOO_SMALL; fits but NULL → NULL_ARGUMENT (nothing written); else `needed` and the
/// buffer to fill.
func checkCapacity<T>(_ count: Int, capacity: Int, buffer: UnsafeMutablePointer<T>?,
                      needed: UnsafeMutablePointer<Int>?, unit: String) throws(StatusFailure) -> UnsafeMutablePointer<T> {
    guard checkedCapacity(capacity) >= count else {
        needed?.pointee = count
        throw StatusFailure(status: TETHER_E_BUFFER_TOO_SMALL,
                            message: "capacity \(capacity) is too small: \(count) \(unit) needed")
    }
    guard let buffer else {
        throw StatusFailure(status: TETHER_E_NULL_ARGUMENT, message: "buffer is NULL")
    }
    needed?.pointee = count
    return buffer
}

/// Decodes an optional UTF-8 C string (NULL is "").
func decodeString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(StatusFailure) -> String {
    guard let pointer else { return "" }
    guard let text = String(validatingCString: pointer) else {
        throw StatusFailure(status: TETHER_E_INVALID_UTF8, message: "\(name) is not valid UTF-8")
    }
    return text
}

/// Static C strings handed out by the library (never freed).
enum StaticStrings {
    nonisolated(unsafe) static let version: UnsafeMutablePointer<CChar> = strdup(
        "\(TETHER_VERSION_MAJOR).\(TETHER_VERSION_MINOR).\(TETHER_VERSION_PATCH)")!
    nonisolated(unsafe) static let unknownStatus: UnsafeMutablePointer<CChar> = strdup("unknown status")!
    nonisolated(unsafe) static let statusNames: [tether_status: UnsafeMutablePointer<CChar>] = {
        var names: [tether_status: UnsafeMutablePointer<CChar>] = [:]
        for status in tether_status(0)...tether_status(64) {
            if let name = statusName(status) { names[status] = strdup(name)! }
        }
        return names
    }()
}
